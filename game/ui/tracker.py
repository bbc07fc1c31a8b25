"""The tracker: round, initiative, whose activation it is, who has yet to act on
each side, and what the acting AI means to do (or the last thing that happened).

Everything is read from the game state; `on_events` only keeps the latest line
worth repeating. The AI's intent comes from `app.intent` ((side, line) while an
AI activation is under way). The panel is rendered once per change of what it
shows (an action applied, a new game, the intent, the size, palette or language)
and blitted from that picture every other frame: with 200 figures its lines of
names are long to wrap.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from game.events import Event
from game.i18n import current_language, tr
from game.naming import local_figure_name, local_name
from game.state import Figure, Presence
from game.ui import fonts
from game.ui.describe import round_limit, shown_round, side_with_player
from game.ui.log import family_of, safe_explain, split_section
from game.ui.panels.base import PanelBase
from game.ui.panels.widgets import PAD, fit, frame, side_marker

MAX_WRAP = 2  # lines a long tracker line may take
QUIET_FAMILIES = frozenset({"flow", "info"})
"""Log families not worth repeating as "the last action"."""


def _word(table: str, key: str | None) -> str:
    """A catalogue word, or the key itself for one the catalogue does not know yet."""
    if not key:
        return ""
    try:
        return tr(f"{table}.{key}")
    except KeyError:
        return key.replace("_", " ")


def units_to_act(figures: list[Figure], packs: bool) -> list[str]:
    """Names of what still activates this round: figures by name and, when `packs`
    activate as one (the knob `horde_pack_activation`), packs by their make-up
    ("Pack of 5 (Shambler ×3, Runner ×2)")."""
    units: dict[str, list[Figure]] = {}
    for fig in figures:
        units.setdefault((fig.pack if packs else None) or fig.id, []).append(fig)
    return [unit_name(members) for members in units.values()]


def unit_name(members: list[Figure]) -> str:
    """One figure by its name; several of a pack by their count and profiles."""
    if len(members) == 1:
        return local_figure_name(members[0].name)
    profiles = Counter(local_name("profile", f.profile, current_language()) for f in members)
    kinds = ", ".join(f"{p} ×{n}" if n > 1 else p for p, n in profiles.items())
    return tr("ui.tracker.pack", n=len(members), members=kinds)


def waiting(figures: list[Figure], side: str) -> list[Figure]:
    """Standing figures of `side` on the table that have not activated this round."""
    return [f for f in figures if f.side == side and f.standing and not f.activated]


class TrackerPanel(PanelBase):
    """Round, initiative, the activation under way and who is still to act."""

    weight = 0.0

    @property
    def min_height(self) -> int:  # type: ignore[override]
        """Room for the head, four lines and three per side."""
        sides = len(self.game.state.sides) if self.game is not None else 2
        return fonts.font(self.text_size).get_linesize() * (5 + 3 * sides) + 12

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.last = ""
        self._picture: pygame.Surface | None = None
        self._key: tuple[object, ...] | None = None
        self.renders = 0  # how often the picture was redrawn (tests, benchmark)

    def on_new_game(self, game: Any) -> None:
        self.last = ""

    def on_events(self, events: list[Event]) -> None:
        for event in events:
            if family_of(event) not in QUIET_FAMILIES:
                self.last = split_section(safe_explain(event), event.section)[0]
                return

    def lines_for(self) -> list[tuple[str, str, str | None]]:
        """What the tracker says: (style, text, side with a marker or None).
        Styles: head, text, dim, accent."""
        game = self.game
        if game is None:
            return []
        st = game.state
        out: list[tuple[str, str, str | None]] = []
        phase = _word("ui.tracker.phase_name", st.phase)
        if game.is_over():
            out.append(("head", tr("ui.tracker.title_over", round=shown_round(game)), None))
        else:
            head = tr("ui.tracker.title", round=st.round, max=round_limit(game))
            out.append(("head", f"{head} · {phase}" if phase else head, None))
        if st.initiative:
            out.append(
                ("text", tr("ui.tracker.initiative", side=self._name(st.initiative)), st.initiative)
            )
        else:
            out.append(("dim", tr("ui.tracker.initiative_none"), None))
        pending = game.pending()
        packs = game.rules.knobs.horde_pack_activation
        if pending is not None:
            side = self._name(pending.side)
            if st.active and pending.kind == "act":
                acting = [st.figures[f] for f in st.active if f in st.figures]
                who = ", ".join(units_to_act(acting, packs))
                out.append(
                    (
                        "accent",
                        f"{tr('ui.tracker.turn', side=side)} — {tr('ui.tracker.acting', who=who)}",
                        pending.side,
                    )
                )
            else:
                what = _word("ui.tracker.pending", pending.kind)
                out.append(("accent", tr("ui.tracker.waiting", side=side, what=what), pending.side))
        figures = list(st.figures.values())
        for sid in st.sides:
            left = units_to_act(waiting(figures, sid), packs)
            count = tr("ui.tracker.to_act", n=len(left)) if left else tr("ui.tracker.all_done")
            reserve = sum(1 for f in figures if f.side == sid and f.presence is Presence.RESERVE)
            if reserve:
                count += f" · {tr('ui.tracker.reserve', n=reserve)}"
            out.append(("text", f"{self._side(sid)}: {count}", sid))
            if left:
                out.append(("dim", "   " + ", ".join(left), None))
        intent = getattr(self.app, "intent", None)
        if intent:
            side, line = intent  # the line names who acts ("Horde: …")
            out.append(("accent", tr("ui.tracker.intent", line=line), side))
        elif self.last:
            out.append(("dim", tr("ui.tracker.last", line=self.last), None))
        return out

    def _name(self, sid: str) -> str:
        game = self.game
        side = game.state.sides.get(sid) if game is not None else None
        return side.name if side is not None and side.name else sid

    def _side(self, sid: str) -> str:
        """The side's name and who plays it (you / AI; in hot-seat: player 1, 2 …)."""
        game = self.game
        humans = getattr(self.app, "human_sides", ()) or ()
        if game is None:
            return sid
        return side_with_player(game, sid, humans)

    def state_key(self) -> tuple[object, ...]:
        """Everything the picture depends on."""
        game = self.game
        history = (len(game.history), game.state.event_count) if game is not None else None
        humans = tuple(sorted(getattr(self.app, "human_sides", ()) or ()))
        return (
            id(game),
            history,
            getattr(self.app, "intent", None),
            self.last,
            humans,
            tuple(self.rect.size),
            self.theme.name,
            self.text_size,
            self.language,
        )

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width < 60 or self.rect.height < 30:
            return
        key = self.state_key()
        if self._picture is None or key != self._key:
            if self._picture is None or self._picture.get_size() != self.rect.size:
                self._picture = pygame.Surface(self.rect.size)
                if pygame.display.get_surface() is not None:
                    self._picture = self._picture.convert()
            self._paint(self._picture, self._picture.get_rect())
            self._key = key
            self.renders += 1
        surface.blit(self._picture, self.rect.topleft)

    def _paint(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the panel into `surface` at `rect`."""
        th = self.theme
        size = self.text_size
        lines = self.lines_for()
        if not lines:
            frame(surface, rect, th)
            return
        head = fit(lines[0][1], size, rect.width - 2 * PAD, True)
        inner = frame(surface, rect, th, head, size)
        line_h = fonts.font(size).get_linesize()
        marker = size
        y = inner.top + 2
        clip = surface.get_clip()
        surface.set_clip(inner)
        for style_name, text, side in lines[1:]:
            if y + line_h > inner.bottom:
                break
            x = inner.left
            if side is not None and self.game is not None:
                side_marker(
                    surface, self.game, side, (x + marker // 2, y + line_h // 2), marker - 2
                )
                x += marker + 6
            colour = {"dim": th.dim, "accent": th.accent}.get(style_name, th.text)
            bold = style_name == "accent"
            parts = fonts.wrap(text.strip(), size, inner.right - x, bold)
            if style_name == "dim" and text.startswith(" "):
                x += marker + 6  # a side's list of names: under its row's text
                parts = fonts.wrap(text.strip(), size, inner.right - x, bold)
            if len(parts) > MAX_WRAP:
                parts = [
                    *parts[: MAX_WRAP - 1],
                    fit(" ".join(parts[MAX_WRAP - 1 :]), size, inner.right - x, bold),
                ]
            for part in parts:
                if y + line_h > inner.bottom:  # only whole lines
                    break
                surface.blit(fonts.render(part, size, colour, bold), (x, y))
                y += line_h
        surface.set_clip(clip)
