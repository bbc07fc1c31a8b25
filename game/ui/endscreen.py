"""The end screen: the outcome and why, its consequences for the refuge (docs/RULES.md
§12), the key numbers (rounds, casualties per side, loot carried off, breaches,
modules lost), and the buttons "play again" and "save replay".

`summary(game)` gathers the numbers from the state alone; `EndScreen` is the panel
(slot "screen", shown once the game is over). A replay is the game record of
game/replay.py, written atomically under the user's data directory
(`$DEADEARTH_REPLAY_DIR` overrides it).
"""

from __future__ import annotations

import datetime as dt
import os
import re
import tomllib
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.engine import Game
from game.events import Event
from game.i18n import tr
from game.naming import piece_name
from game.narration import consequence_sentences, end_reason_text, outcome_text, spoiled_text
from game.play.events import GameOver
from game.play.outcome import Spoilers, last_round, lost_modules, raid_sides, spoilers, verdict
from game.replay import make_record, save_record
from game.sim import casualties
from game.state import Presence
from game.ui import fonts
from game.ui.panels.base import PanelBase
from game.ui.panels.icons import draw_icon
from game.ui.panels.theme import Colour, Theme
from game.ui.panels.widgets import PAD, Button, dialog_box, fit, modal_rest, shade, side_marker

APP_NAME = "deadearth-skirmish"
ENV_REPLAYS = "DEADEARTH_REPLAY_DIR"
SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
BOX_W = 760


@dataclass(frozen=True, slots=True)
class SideLoss:
    side: str
    name: str
    lost: int
    total: int


@dataclass(frozen=True, slots=True)
class Summary:
    """What the end screen tells."""

    outcome: str
    reason: str | None
    rounds: int
    losses: tuple[SideLoss, ...]
    loot: int
    breaches: int
    modules_lost: tuple[str, ...]
    consequences: tuple[str, ...]  # a raid's, from the GameOver event: keys of engine.consequence
    raid: bool
    winners: str = ""  # the winning sides' names ("" for a draw or a Partial)
    losers: str = ""
    defenders: str = ""  # a raid's defending and attacking sides' names
    attackers: str = ""
    you: str | None = None  # "win" | "lose" with exactly one human side, else None
    hurt: bool = False  # half the defenders or more down (spoils a raid's full result)


def headline(info: Summary) -> tuple[str, str | None]:
    """The end screen's title and the line under it that names who won: "You win"
    or "Die Margaretner Bande win" over "… win — … are beaten"; a raid keeps its
    grade (Repelled, Partial, Defeat) over the line naming the defenders."""
    outcome = outcome_text(info.outcome)
    you = tr(f"ui.end.you_{info.you}") if info.you is not None else None
    if info.raid:
        line = tr("ui.end.raid_sides", defenders=info.defenders, attackers=info.attackers)
        return (f"{you} · {outcome}" if you else outcome), line
    if not info.winners:
        return outcome, None
    line = tr("ui.end.beaten", winner=info.winners, loser=info.losers)
    return you or tr("ui.end.side_wins", side=info.winners), line


def reason_lines(info: Summary) -> list[str]:
    """Why the battle ended, and for a raid's Partial what spoiled the full result
    (a module lost, a breach, loot taken, the defenders hurt)."""
    if not info.reason:
        return [tr("ui.end.title")]
    lines = [end_reason_text(info.reason)]
    if info.outcome == "partial":
        spoiled = Spoilers(info.modules_lost, info.breaches, info.loot, info.hurt)
        lines += [text for text in [spoiled_text(spoiled)] if text]
    return lines


def consequence_lines(info: Summary) -> list[str]:
    """The lines under "Consequences": a raid's for the refuge (§12's table, the
    engine's texts), else the one line naming the side that holds the field."""
    if info.raid:
        return consequence_sentences(info.consequences)
    if info.winners:
        return [tr("ui.end.field_held", winner=info.winners)]
    return [tr("ui.end.field_open")]


def perspective(won: tuple[str, ...], lost: tuple[str, ...], humans: Collection[str]) -> str | None:
    """ "win" or "lose" for the one human side (None without exactly one, or when it
    neither won nor lost)."""
    if len(humans) != 1:
        return None
    (human,) = humans
    return "win" if human in won else ("lose" if human in lost else None)


def summary(game: Game, over: GameOver | None = None, humans: Collection[str] = ()) -> Summary:
    """The outcome, who won (from the one human side's view when there is one) and
    the key numbers of a finished game; a raid's consequences are the ones the
    engine's GameOver event `over` carries (none without it)."""
    st = game.state
    outcome = game.outcome() or "draw"
    lost = casualties(game)
    losses = tuple(
        SideLoss(
            sid,
            side.name or sid,
            lost.get(sid, 0),
            sum(
                1
                for f in st.figures.values()
                if f.side == sid and f.presence is not Presence.RESERVE
            ),
        )
        for sid, side in st.sides.items()
    )
    raid = bool(raid_sides(game))
    result = verdict(game)
    rounds = over.round if over is not None else last_round(game)
    return Summary(
        outcome=outcome,
        reason=over.reason if over is not None else None,
        rounds=rounds,
        losses=losses,
        loot=st.loot_taken,
        breaches=st.breaches,
        modules_lost=tuple(module_name(game, m) for m in lost_modules(game)),
        consequences=over.consequences if over is not None else (),
        raid=raid,
        winners=side_names(game, result.winners),
        losers=side_names(game, result.losers),
        defenders=side_names(game, result.defenders),
        attackers=side_names(game, result.attackers),
        you=perspective(result.winners, result.losers, humans),
        hurt=spoilers(game).hurt,
    )


def side_names(game: Game, sides: Collection[str]) -> str:
    """The sides' names, joined ("" for none)."""
    return ", ".join(game.state.sides[s].name or s for s in sides)


def module_name(game: Game, piece_id: str) -> str:
    """A lost module as players read it: 'north barricade [Barrikade]'."""
    return piece_name(game.state.board, piece_id)


def replay_dir() -> Path:
    """Where replays go: $DEADEARTH_REPLAY_DIR, else the user's data directory."""
    folder = os.environ.get(ENV_REPLAYS)
    if folder:
        return Path(folder)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "replays"


def scenario_text(game: Game, path: str | Path | None) -> str | None:
    """The scenario file's text: from `path`, else the shipped scenario of that name."""
    candidates = [Path(path)] if path else []
    candidates += sorted(SCENARIO_DIR.glob("*.toml"))
    name = game.scenario.scenario.name
    for candidate in candidates:
        try:
            text = candidate.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if candidate == Path(path or ""):
            return text
        try:
            if tomllib.loads(text).get("scenario", {}).get("name") == name:
                return text
        except tomllib.TOMLDecodeError:
            continue
    return None


def replay_events(game: Game) -> list[Event]:
    """Every event of the game so far, by playing its actions again from the seed."""
    fresh = Game(
        game.scenario, seed=game.seed, knobs=game.knob_overrides, scenario_name=game.scenario_name
    )
    events = list(fresh.opening_events)
    for action in game.history:
        events += fresh.apply(action)
    return events


def save_replay(
    game: Game,
    folder: str | Path | None = None,
    *,
    scenario_path: str | Path | None = None,
    events: list[Event] | None = None,
) -> Path:
    """Write the game record (game/replay.py) atomically; return the file.
    Raises OSError when it cannot be written, ValueError without the scenario text."""
    text = scenario_text(game, scenario_path)
    if text is None:
        raise ValueError(f"the scenario file of {game.scenario_name!r} was not found")
    if events is None or len(events) != len(game.opening_events) + game.state.event_count:
        events = replay_events(game)
    record = make_record(
        text,
        scenario_name=game.scenario_name,
        seed=game.seed,
        knobs=game.knob_overrides,
        actions=game.history,
        events=events,
        outcome=game.outcome(),
        rounds=summary(game).rounds,
    )
    target = Path(folder) if folder is not None else replay_dir()
    target.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^a-z0-9]+", "-", game.scenario_name.casefold()).strip("-")[:40] or "game"
    path = target / f"{slug}-seed{game.seed}-{stamp}.json"
    save_record(record, path)
    return path


def outcome_colour(info: Summary, th: Theme) -> Colour:
    """Green for a win (the player's, the defenders' or a named winner's), red for a
    loss, amber for a draw or a Partial."""
    if info.you is not None:
        return th.success if info.you == "win" else th.failure
    if info.outcome == "repelled" or (not info.raid and info.winners):
        return th.success
    if info.outcome == "defeat":
        return th.failure
    return th.warning


class EndScreen(PanelBase):
    """Shown over the whole window once the battle is decided."""

    slot = "screen"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.dismissed = False
        self.over: GameOver | None = None
        self.events: list[Event] = []
        self.message = ""
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []

    @property
    def shown(self) -> bool:
        game = self.game
        return game is not None and game.is_over() and not self.dismissed

    def on_new_game(self, game: Any) -> None:
        self.dismissed = False
        self.over = None
        self.events = []
        self.message = ""

    def on_events(self, events: list[Event]) -> None:
        self.events += events
        for event in events:
            if isinstance(event, GameOver):
                self.over = event

    def on_undo(self, game: Any) -> None:
        """An action was taken back at the table: its events are not the battle's."""
        del self.events[len(game.opening_events) + game.state.event_count :]

    # -- actions -----------------------------------------------------------------------
    def play_again(self) -> None:
        game = self.game
        if game is None:
            return
        fresh = Game(
            game.scenario,
            seed=game.seed + 1,
            knobs=game.knob_overrides,
            scenario_name=game.scenario_name,
        )
        starter = getattr(self.app, "new_game", None)
        if starter is not None:
            starter(fresh)
        else:
            self.app.game = fresh
            self.on_new_game(fresh)

    def save(self) -> Path | None:
        game = self.game
        if game is None:
            return None
        path = getattr(self.app, "scenario_path", None) or self.option("scenario", None)
        try:
            saved = save_replay(game, scenario_path=path, events=self.events)
        except (OSError, ValueError) as exc:
            self.message = tr("ui.end.save_failed", reason=str(exc))
            return None
        self.message = tr("ui.end.saved", file=str(saved))
        return saved

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.shown:
            return False
        for button in self.buttons:
            if button.hit(event):
                {
                    "again": self.play_again,
                    "campaign": self._back,
                    "save": self.save,
                    "close": self._close,
                }[button.key]()
                return True
        return modal_rest(self.buttons, event)  # nothing reaches the table meanwhile

    def _close(self) -> None:
        self.dismissed = True

    def _back(self) -> None:
        """A campaign battle: the window closes and the campaign goes on."""
        self.app.quit()

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        game = self.game
        if not self.shown or game is None:
            return
        th = self.theme
        size = self.text_size
        big = int(size * 2.2)
        line_h = fonts.font(size).get_linesize()
        info = summary(game, self.over, getattr(self.app, "human_sides", ()))
        shade(surface, self.rect)
        scale = 1.35 if self.large_text else 1.0
        within = self._within(int(BOX_W * scale))
        w = min(int(BOX_W * scale), within.width - 20)
        h = min(self._height(info, w - 8 * PAD, size), within.height - 20)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = within.center
        dialog_box(surface, self.box, th, outcome_colour(info, th), 3, radius=10)
        inner = self.box.inflate(-4 * PAD, -4 * PAD)
        y = inner.top
        title, line = headline(info)
        img = fonts.text(fit(title, big, inner.width, True), big, outcome_colour(info, th), True)
        surface.blit(img, (inner.centerx - img.get_width() // 2, y))
        y += img.get_height() + 2
        sub = reason_lines(info)
        if line:
            sub.insert(0, line)
        sub.append(f"{game.scenario_name} · {tr('ui.end.rounds', n=info.rounds)}")
        for text in sub:
            img = fonts.text(fit(text, size, inner.width), size, th.dim)
            surface.blit(img, (inner.centerx - img.get_width() // 2, y))
            y += line_h
        y += PAD
        pygame.draw.line(surface, th.border, (inner.left, y), (inner.right, y))
        y += PAD
        y = self._consequences(surface, inner, y, info, th, size)
        y += PAD
        self._numbers(
            surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), info, th, size
        )
        self._buttons(surface, inner, th, size)

    def _within(self, width: int) -> pygame.Rect:
        """Where the box goes: the table area when it is wide enough (the side panels
        stay clear), else the whole window (over the shaded panels)."""
        table = getattr(getattr(self.app, "layout", None), "table", None)
        if isinstance(table, pygame.Rect) and table.width >= min(width, 600) + 20:
            return table.clip(self.rect)
        return self.rect

    def _height(self, info: Summary, width: int, size: int) -> int:
        """The box height the content needs at this width."""
        line_h = fonts.font(size).get_linesize()
        big = fonts.font(int(size * 2.2), True).get_linesize()
        lines = sum(
            len(fonts.wrap(text, size, width - size - 10)[:2]) for text in consequence_lines(info)
        )
        numbers = max(len(info.losses), 3 if info.raid else 0)
        message = line_h + 4 if self.message else 0
        subs = len(reason_lines(info)) + (2 if headline(info)[1] else 1)
        body = big + subs * line_h + 2 * PAD + (1 + lines) * line_h + PAD
        body += (1 + numbers) * line_h + 2 * PAD + line_h + 16 + message
        return body + 4 * PAD + 2 * PAD

    def _consequences(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        y: int,
        info: Summary,
        th: Theme,
        size: int,
    ) -> int:
        line_h = fonts.font(size).get_linesize()
        surface.blit(fonts.text(tr("ui.end.consequences"), size, th.text, True), (inner.left, y))
        y += line_h
        colour = outcome_colour(info, th)
        shape = {th.success: "plus", th.failure: "cross"}.get(colour, "diamond")
        for line in consequence_lines(info):
            draw_icon(
                surface, shape, (inner.left + size // 2 + 2, y + line_h // 2), size - 4, colour
            )
            for text in fonts.wrap(line, size, inner.width - size - 10)[:2]:
                surface.blit(fonts.text(text, size, th.text), (inner.left + size + 10, y))
                y += line_h
        return y

    def _numbers(
        self, surface: pygame.Surface, area: pygame.Rect, info: Summary, th: Theme, size: int
    ) -> None:
        game = self.game
        line_h = fonts.font(size).get_linesize()
        half = area.width // 2
        y = area.top
        surface.blit(fonts.text(tr("ui.end.casualties"), size, th.text, True), (area.left, y))
        y += line_h
        for loss in info.losses:
            if game is not None:
                side_marker(
                    surface, game, loss.side, (area.left + size // 2 + 2, y + line_h // 2), size - 2
                )
            text = tr("ui.end.casualty_line", side=loss.name, n=loss.lost, total=loss.total)
            surface.blit(
                fonts.text(fit(text, size, half - size - 16), size, th.text),
                (area.left + size + 10, y),
            )
            y += line_h
        right: list[str] = []
        if info.raid:
            right.append(tr("ui.end.loot", n=info.loot))
            right.append(tr("ui.end.breaches", n=info.breaches))
            lost = ", ".join(info.modules_lost)
            right.append(
                tr("ui.end.modules_lost", list=lost) if lost else tr("ui.end.modules_none")
            )
        y = area.top + line_h
        for text in right:
            for part in fonts.wrap(text, size, half - 8)[:3]:
                surface.blit(fonts.text(part, size, th.text), (area.left + half + 8, y))
                y += line_h

    def _buttons(self, surface: pygame.Surface, inner: pygame.Rect, th: Theme, size: int) -> None:
        line_h = fonts.font(size).get_linesize()
        first = (
            ("campaign", tr("ui.end.back_to_campaign"), pygame.K_RETURN)
            if self.option("campaign", False)  # a campaign battle is not played again
            else ("again", tr("ui.end.play_again"), pygame.K_RETURN)
        )
        labels = [
            first,
            ("save", tr("ui.end.save_replay"), pygame.K_s),
            ("close", tr("ui.end.close"), pygame.K_ESCAPE),
        ]
        gap = PAD * 2
        bw = (inner.width - gap * (len(labels) - 1)) // len(labels)
        bh = line_h + 16
        top = inner.bottom - bh - (line_h + 4 if self.message else 0)
        hovered = {b.key for b in self.buttons if b.hover}
        self.buttons = [
            Button(
                key,
                label,
                pygame.Rect(inner.left + i * (bw + gap), top, bw, bh),
                hotkey,
                hover=key in hovered,
            )
            for i, (key, label, hotkey) in enumerate(labels)
        ]
        for button in self.buttons:
            button.draw(surface, th, size)
        if self.message:
            msg = fonts.text(fit(self.message, size - 1, inner.width), size - 1, th.dim)
            surface.blit(msg, (inner.left, inner.bottom - line_h))
