"""The odds of an attack before it is made: "hit 55% · wounds 0/1/2+: 40/35/25% ·
takes it down 23%", with bars for the hit and take-down chances and a small chart
of the wound distribution.

Under the other rule systems the chart counts damage (TP/HP lost) in ranges instead
of wounds, and the foot names the system's needed number (`OddsView.unit`, `.system`).

`OddsWidget` draws one attack's odds (`OddsView`) into any rectangle; `OddsPanel` is
the sidebar panel that shows `app.preview` (the enemy the player hovers, or the
AI's next attack) and keeps the last odds on screen for a while after it.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any

import pygame

from game.i18n import tr
from game.naming import say
from game.systems.common import OddsView
from game.ui import describe, fonts
from game.ui.describe import percent, percent_number
from game.ui.panels.base import PanelBase
from game.ui.panels.theme import Colour, Theme
from game.ui.panels.widgets import PAD, frame
from game.ui.preview import TemplatePreview

STICKY = 6.0  # seconds the last odds stay after the preview is gone (autoplay: until the next)
CHART_BUCKETS = 5  # wound bars: 0, 1, 2, 3, 4+


def dimmed(th: Theme) -> Theme:
    """The theme with its text and signal colours greyed (odds no longer current)."""
    return replace(th, text=th.dim, accent=th.dim, success=th.dim, failure=th.dim)


def buckets(wounds: tuple[float, ...], n: int) -> list[tuple[str, float]]:
    """P(k wounds) for k = 0 … n−2 and 'n−1+' for the rest (fewer if the pool is small)."""
    top = len(wounds) - 1
    if top <= n - 1:
        return [(str(k), p) for k, p in enumerate(wounds)]
    out = [(str(k), wounds[k]) for k in range(n - 1)]
    out.append((f"{n - 1}+", sum(wounds[n - 1 :])))
    return out


def harm_buckets(odds: OddsView, n: int) -> list[tuple[str, float]]:
    """Wounds as `buckets`; damage (TP/HP) as 0 and up to n − 1 even ranges ('1–4')."""
    dist = odds.wounds
    top = len(dist) - 1
    if odds.unit == "wounds" or top <= n - 1:
        return buckets(dist, n)
    width = math.ceil(top / (n - 1))
    out = [("0", dist[0])]
    for lo in range(1, top + 1, width):
        hi = min(top, lo + width - 1)
        out.append((str(lo) if lo == hi else f"{lo}–{hi}", sum(dist[lo : hi + 1])))
    return out


def unit_key(odds: OddsView, key: str) -> str:
    """A catalogue key of the odds' unit: `key` for wounds, `key_damage` for damage."""
    return key if odds.unit == "wounds" else f"{key}_damage"


def odds_line(odds: OddsView, language: str | None = None) -> str:
    """The one-line summary: hit, wounds 0/1/2+ (or damage ranges), take-down."""
    parts = harm_buckets(odds, 3)
    line = tr(
        unit_key(odds, "ui.dice.odds.line"),
        language=language,
        hit=percent(odds.p_hit),
        labels="/".join(label for label, _ in parts),
        values="/".join(percent_number(p) for _, p in parts) + "%",
        down=percent(odds.p_takedown or 0.0),
    )
    if odds.p_takedown is None:  # no take-down chance known: drop the last part
        line = line.rsplit(" · ", 1)[0]
    return line


class OddsWidget:
    """Draws an attack's odds: the summary line, two bars and the wound chart."""

    def __init__(self, theme: Theme, size: int = 14) -> None:
        self.theme = theme
        self.size = size

    def height(self) -> int:
        line_h = fonts.font(self.size).get_linesize()
        return line_h * 6 + self.chart_height() + PAD

    def chart_height(self) -> int:
        return int(self.size * 4.6)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, odds: OddsView) -> int:
        """Draw inside `rect`; return the height used. In a rect too short for all of
        it the wound chart is left out, and the foot keeps only whole lines."""
        th, size = self.theme, self.size
        small = max(10, size - 2)
        line_h = fonts.font(size).get_linesize()
        y = rect.top
        for text in fonts.wrap(odds_line(odds), size, rect.width, True)[:2]:
            surface.blit(fonts.text(text, size, th.text, True), (rect.left, y))
            y += line_h
        y += 2
        label_w = (
            max(
                fonts.font(small).size(tr("ui.dice.odds.hit"))[0],
                fonts.font(small).size(tr("ui.dice.odds.takes_down"))[0],
            )
            + 8
        )
        value_w = fonts.font(small, True).size("100%")[0] + 8
        bar = pygame.Rect(rect.left + label_w, y, rect.width - label_w - value_w, max(8, size - 2))
        self._bar(surface, bar, tr("ui.dice.odds.hit"), odds.p_hit, th.success, small, odds.p_crit)
        y += line_h
        if odds.p_takedown is not None:
            bar = bar.move(0, line_h)
            self._bar(
                surface, bar, tr("ui.dice.odds.takes_down"), odds.p_takedown, th.failure, small
            )
            y += line_h
        y += 4
        small_h = fonts.font(small).get_linesize()
        if y + self.chart_height() + 2 + small_h <= rect.bottom:
            chart = pygame.Rect(rect.left, y, rect.width, self.chart_height())
            self._chart(surface, chart, odds, small)
            y = chart.bottom + 2
        needed = (
            "ui.dice.odds.needed"
            if odds.system == "deadearth"
            else (f"ui.dice.odds.needed_{odds.system}")
        )
        foot = [
            tr(needed, need=odds.needed),
            tr(unit_key(odds, "ui.dice.odds.expected"), n=f"{odds.expected_wounds:.1f}"),
        ]
        whole = " · ".join(foot)
        if fonts.font(small).size(whole)[0] <= rect.width:
            foot = [whole]  # one line when it fits; else each phrase whole, while they fit
        for phrase in foot:
            lines = fonts.wrap(phrase, small, rect.width)
            if y + small_h * len(lines) > rect.bottom:
                break
            for text in lines:
                surface.blit(fonts.text(text, small, th.dim), (rect.left, y))
                y += small_h
        return y - rect.top

    def _bar(
        self,
        surface: pygame.Surface,
        bar: pygame.Rect,
        label: str,
        p: float,
        colour: Colour,
        small: int,
        crit: float = 0.0,
    ) -> None:
        th = self.theme
        text = fonts.text(label, small, th.dim)
        surface.blit(text, (bar.left - text.get_width() - 8, bar.centery - text.get_height() // 2))
        pygame.draw.rect(surface, th.panel_alt, bar, border_radius=3)
        filled = bar.copy()
        filled.width = int(bar.width * max(0.0, min(1.0, p)))
        if filled.width:
            pygame.draw.rect(surface, colour, filled, border_radius=3)
        if crit > 0 and filled.width:  # the natural-20 share, hatched at the end of the fill
            part = pygame.Rect(filled.right - max(2, int(bar.width * crit)), bar.top, 0, bar.height)
            part.width = filled.right - part.left
            pygame.draw.rect(surface, th.warning, part)
            for x in range(part.left, part.right, 4):
                pygame.draw.line(surface, th.on_accent, (x, part.bottom - 1), (x + 3, part.top), 1)
        pygame.draw.rect(surface, th.border, bar, 1, border_radius=3)
        value = fonts.text(percent(p), small, th.text, True)
        surface.blit(value, (bar.right + 6, bar.centery - value.get_height() // 2))

    def _chart(
        self, surface: pygame.Surface, area: pygame.Rect, odds: OddsView, small: int
    ) -> None:
        th = self.theme
        parts = harm_buckets(odds, CHART_BUCKETS)
        line_h = fonts.font(small).get_linesize()
        title = fonts.text(tr(unit_key(odds, "ui.dice.odds.wounds")), small, th.dim)
        surface.blit(title, (area.left, area.bottom - line_h))
        left = area.left + title.get_width() + 10
        slot = max(20, min(64, (area.right - left) // max(1, len(parts))))
        top = area.top + line_h
        base = area.bottom - line_h
        full = max(4, base - top)
        tallest = max((p for _, p in parts), default=0.0) or 1.0
        for i, (label, p) in enumerate(parts):
            x = left + i * slot
            h = int(full * p / tallest)
            colour = th.dim if label == "0" else th.success
            col = pygame.Rect(x + 3, base - h, slot - 6, h)
            if h:
                pygame.draw.rect(surface, colour, col)
            pygame.draw.line(surface, th.border, (x + 1, base), (x + slot - 1, base), 1)
            pct = fonts.text(percent(p), small, th.text)
            surface.blit(pct, (x + (slot - pct.get_width()) // 2, base - h - line_h))
            name = fonts.text(label, small, th.dim, True)
            surface.blit(name, (x + (slot - name.get_width()) // 2, base + 1))


def sentences(text: str) -> list[str]:
    """The text's sentences (split after a full stop before a capital letter)."""
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÄÖÜ])", text.strip()) if s]


Shown = tuple[str, OddsView | None, str | None, tuple[str, ...]]
"""What the panel shows: the title, the odds (None: none to give), why the action
cannot be made (None: it can), and further lines (a throw's other figures)."""


class OddsPanel(PanelBase):
    """The sidebar odds of the attack being considered (`app.preview`)."""

    weight = 0.0

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.last: Shown | None = None
        self.age = 0.0
        self.fresh = False  # the attack shown is the one being considered now
        self.players = False  # the attack shown was the player's (hovered)
        self.text_bottom = 0  # where the hint's text ended, last drawn

    def players_turn(self) -> bool:
        """A human side decides now (its hover is what the odds are about)."""
        game = self.game
        pending = game.pending() if game is not None and not game.is_over() else None
        humans = getattr(self.app, "human_sides", ())
        return pending is not None and pending.side in humans

    def update(self, dt: float) -> None:
        preview = getattr(self.app, "preview", None)
        mine = self.players_turn()
        self.fresh = preview is not None
        if preview is not None:
            self.last = self.shown_of(preview)
            self.age, self.players = 0.0, mine
            return
        self.age += dt
        if self.players and not mine:  # the player's last hover means nothing on the AI's turn
            self.last = None

    def on_new_game(self, game: Any) -> None:
        self.last = None
        self.fresh = self.players = False

    def shown_of(self, preview: Any) -> Shown:
        """What to show of an attack's preview — or of a throw's (TemplatePreview):
        the odds of the figure nearest the template's centre, then the chance to hit
        the point and the other figures it would wound."""
        if isinstance(preview, TemplatePreview):
            odds = preview.odds[0][1] if preview.odds else None
            notes = describe.throw_lines(self.game, preview, skip=1) if self.game else []
            return (self.title_of(preview), odds, preview.problem, tuple(notes))
        game = self.game
        zone = describe.zone_line(game, preview.zone, keys=False) if game is not None else ""
        guard = describe.defence_line(preview.defence)
        said = tuple(line for line in (guard, zone) if line)
        return (self.title_of(preview), preview.odds, preview.problem, said)

    def title_of(self, preview: Any) -> str:
        """'Bruno → Shambler 2 · Assault rifle' in the reader's language ('… → the
        point · …' for a throw that would touch nobody)."""
        game = self.game
        figures = game.state.figures if game is not None else {}
        attacker = (
            figures[preview.attacker].name if preview.attacker in figures else preview.attacker
        )
        target = figures[preview.target].name if preview.target in figures else preview.target
        target = target or tr("ui.dice.odds.the_point")
        return say("ui.dice.odds.what", attacker=attacker, target=target, weapon=preview.weapon)

    @property
    def current(self) -> Shown | None:
        if self.last is None:
            return None
        if self.age > 0 and self.age > STICKY and not self.option("autoplay", False):
            return None
        return self.last

    @property
    def min_height(self) -> int:  # type: ignore[override]
        """Room for the title, the attack's two lines and the widget."""
        line_h = fonts.font(self.text_size).get_linesize()
        return OddsWidget(self.theme, self.text_size).height() + 3 * line_h + PAD

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width < 80 or self.rect.height < 40:
            return
        th, size = self.theme, self.text_size
        shown = self.current
        inner = frame(surface, self.rect, th, tr("ui.dice.odds.title"), size)
        clip = surface.get_clip()
        surface.set_clip(inner)
        try:
            if shown is None:
                self._draw_hint(surface, inner, size)
                return
            self._draw_odds(surface, inner, shown, size)
        finally:
            surface.set_clip(clip)

    def _draw_odds(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        shown: Shown,
        size: int,
    ) -> None:
        """The attack (who → whom · weapon, wrapped), why it cannot be made, its odds;
        an attack no longer being considered is greyed and says so."""
        what, odds, problem, notes = shown
        th = self.theme if self.fresh else dimmed(self.theme)
        line_h = fonts.font(size).get_linesize()
        y = inner.top
        if not self.fresh:
            what = tr("ui.dice.odds.last", what=what)
        for text in fonts.wrap(what, size, inner.width, True)[:2]:
            surface.blit(fonts.text(text, size, th.accent, True), (inner.left, y))
            y += line_h
        if problem:
            for text in fonts.wrap(problem, size, inner.width)[:2]:
                surface.blit(fonts.text(text, size, th.failure, True), (inner.left, y))
                y += line_h
        if odds is not None:
            y += OddsWidget(th, size).draw(
                surface, pygame.Rect(inner.left, y, inner.width, inner.bottom - y), odds
            )
        small = max(10, size - 2)
        small_h = fonts.font(small).get_linesize()
        self.text_bottom = y
        for note in notes:  # whole lines only
            for text in fonts.wrap(note, small, inner.width):
                if y + small_h > inner.bottom:
                    return
                surface.blit(fonts.text(text, small, th.text), (inner.left, y))
                y += small_h
                self.text_bottom = y

    def how_key(self) -> str:
        """How the odds are worked out, for the rule system being played."""
        system = self.game.system.name if self.game is not None else "deadearth"
        return "ui.dice.odds.how" if system == "deadearth" else f"ui.dice.odds.how_{system}"

    def _draw_hint(self, surface: pygame.Surface, inner: pygame.Rect, size: int) -> None:
        """No attack in view: what to do, and how the odds are worked out — as many
        whole sentences of that as fit (none is cut)."""
        th = self.theme
        small = max(10, size - 2)
        hint = tr("ui.dice.odds.none") if self.players_turn() else tr("ui.dice.odds.idle")
        blocks = [(fonts.wrap(hint, size, inner.width), size, th.text)]
        blocks += [
            (fonts.wrap(sentence, small, inner.width), small, th.dim)
            for sentence in sentences(tr(self.how_key()))
        ]
        y = inner.top
        self.text_bottom = y
        for i, (lines, text_size, colour) in enumerate(blocks):
            line_h = fonts.font(text_size).get_linesize()
            gap = 4 if i == 1 else 0
            if y + gap + line_h * len(lines) > inner.bottom:
                break
            y += gap
            for text in lines:
                surface.blit(fonts.text(text, text_size, colour), (inner.left, y))
                y += line_h
            self.text_bottom = y
