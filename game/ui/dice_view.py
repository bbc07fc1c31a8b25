"""Dice as faces when they are rolled: W20s with the kept one highlighted, W6 pools
with every die marked by whether it reached the needed number, the needed number
and the modifiers written beside.

`dice_roll(event, language)` turns any event with dice (attack rolls, tests,
damage pools, injury, initiative, structures, backlash, noise checks, serum) into
a `DiceRoll` — built from the event's own fields, nothing recomputed but the
per-die "does it wound" through the rules' `die_wounds`. `DicePanel` shows the
rolls of the latest action in a card at the top of the event log's column in the
sidebar (so it never hides the table, where the horde comes in): the log moves its
lines below the card while it shows (`card_layout`), keeping at least
`MIN_LOG_LINES` of them; rolls that do not fit drop their modifier line, then the
last rolls are left to the log ("+1 more roll in the log"). Beside a log too
short for even one roll (a small window), or without one, it sits in the table's
bottom-left corner. The dice tumble for ~0.4 s (÷ speed) one after the other — a
click on the card or Space skips that — then stay a few seconds and fade. While
they tumble the panel is `busy`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.events import Event
from game.i18n import count_text, tr
from game.naming import say
from game.play.events import InitiativeRolled
from game.play.noise import NoiseChecked
from game.rules.abilities import BacklashRolled, SerumGiven
from game.rules.attack import DamageRolled, ToHitRolled
from game.rules.checks import ATTRIBUTE_LABELS, CheckEvent
from game.rules.injury import InjuryRolled
from game.rules.structures import StructureDamaged
from game.rules.wounds import die_wounds
from game.ui import fonts
from game.ui.dice_faces import DiceRoll, Die
from game.ui.panels.base import PanelBase
from game.ui.panels.theme import Colour, Theme
from game.ui.panels.widgets import PAD, fit
from game.ui.system_dice import SYSTEM_BUILDERS
from game.words import die_word, edge_text, needed_text, plus, signed, wound_word

TUMBLE = 0.4  # seconds a die tumbles at speed 1
STAGGER = 0.25  # seconds between two rolls of one action at speed 1
HOLD = 6.0  # seconds settled dice stay
FADE = 0.8
MAX_ROWS = 4
TRAY_WIDTH = 580
MARGIN = 12
MIN_LOG_H = 160
"""px: a shorter log cannot take the card at its top."""
MIN_LOG_LINES = 3
"""Log lines kept visible under the card."""
MAX_SHARE = 0.7
"""The most of the log's height the card may take."""
TABLE_SHARE = 0.5
"""The most of the table's height the card may take (in a small window)."""


_KEPT_MARK = {"critical": "crit", "fumble": "fumble", "success": "hit", "failure": "miss"}


def _d20(faces: tuple[int, ...], kept: int, kept_mark: str) -> tuple[Die, ...]:
    """The W20s of a roll: the kept face marked, the other dropped."""
    index = faces.index(kept) if kept in faces else 0
    return tuple(
        Die(20, f, kept_mark if i == index else "dropped") for i, f in enumerate(faces or (kept,))
    )


def _total(kept: int, modifier: int, language: str) -> str:
    if not modifier:
        return f"{die_word(20, language)} {kept}"
    return say(
        "ui.dice.total", language=language, kept=kept, mod=signed(modifier), total=kept + modifier
    )


def _check(event: CheckEvent, language: str) -> DiceRoll:
    kind = event.kind
    values: dict[str, Any] = {"who": event.who}
    if kind == "save":
        values["attr"] = ATTRIBUTE_LABELS.get(getattr(event, "attribute", ""), "")
    if kind == "first_aid":
        values["patient"] = getattr(event, "patient", "")
    title = say(f"ui.dice.{kind}", language=language, **values) if kind in _CHECK_TITLES else kind
    result = say(f"rules.word.{event.outcome}", language=language)
    if kind == "morale":
        result = say(f"rules.morale_result.{event.outcome}", language=language)
    return DiceRoll(
        title,
        event.section,
        _d20(event.faces, event.kept, _KEPT_MARK[event.outcome]),
        say("ui.dice.need_at_least", language=language, target=event.target),
        _total(event.kept, event.modifier, language),
        result,
        event.success,
    )


_CHECK_TITLES = frozenset({"save", "morale", "first_aid"})


def _to_hit(event: ToHitRolled, language: str) -> DiceRoll:
    if event.vs_point:
        title = say("ui.dice.to_hit_point", language=language, who=event.who)
        need = say("ui.dice.need_at_least", language=language, target=event.target)
    else:
        title = say("ui.dice.to_hit", language=language, who=event.who, target=event.target_name)
        need = say("ui.dice.need_vw", language=language, target=event.target)
    why = edge_text(event.advantages, event.disadvantages, language).removeprefix("; ")
    detail = _total(event.kept, event.modifier, language) + (f" · {why}" if why else "")
    return DiceRoll(
        title,
        event.section,
        _d20(event.faces, event.kept, _KEPT_MARK[event.outcome]),
        need,
        detail,
        say(f"rules.hit_result.{event.outcome}", language=language),
        event.success,
    )


def _damage(event: DamageRolled, language: str) -> DiceRoll:
    need = event.needed.value
    return DiceRoll(
        say("ui.dice.damage_by", language=language, attacker=event.attacker, who=event.who),
        event.section,
        tuple(Die(6, f, "hit" if die_wounds(f, need) else "miss") for f in event.faces),
        say("ui.dice.need_pool", language=language, need=need),
        needed_text(event.needed, language),
        wound_word(event.wounds, language),
        event.wounds > 0,
    )


def _structure(event: StructureDamaged, language: str) -> DiceRoll:
    name = say(f"rules.structure_name.{event.structure_kind}", language=language)
    return DiceRoll(
        say("ui.dice.structure", language=language, who=event.who, structure=name),
        event.section,
        tuple(Die(6, f, "hit" if die_wounds(f, event.need) else "miss") for f in event.faces),
        say("ui.dice.need_pool", language=language, need=event.need),
        f"{event.before} → {event.after}",
        say(
            "ui.dice.wounds_times" if event.damage else "ui.dice.wounds_times_none",
            language=language,
            count=event.wounds,
            factor=event.factor,
            damage=event.damage,
        ),
        event.damage > 0,
    )


def _injury(event: InjuryRolled, language: str) -> DiceRoll:
    effect = say(f"rules.injury_effect.{event.effect}", language=language)
    return DiceRoll(
        say("ui.dice.injury", language=language, who=event.who),
        event.section,
        _d20(event.faces, event.kept, "plain"),
        "",
        _total(event.kept, event.modifier, language),
        effect if event.result == event.effect else f"{event.result}: {effect}",
        None,
    )


def _initiative(
    event: InitiativeRolled, language: str, names: Mapping[str, str] | None = None
) -> DiceRoll:
    name = dict(names or {})
    dice = tuple(
        Die(
            20,
            face,
            "hit" if side == event.winner else "plain",
            f"{name.get(side, side)} {plus(ref)}",
        )
        for side, face, ref in event.rolls
    )
    detail = "; ".join(
        f"{name.get(side, side)} {face}{signed(ref, True)} = {face + ref}"
        for side, face, ref in event.rolls
    )
    result = (
        say("ui.dice.tie", language=language)
        if event.winner is None
        else say("ui.dice.wins", language=language, side=name.get(event.winner, event.winner))
    )
    return DiceRoll(
        say("ui.dice.initiative", language=language), event.section, dice, "", detail, result, None
    )


def _backlash(event: BacklashRolled, language: str) -> DiceRoll:
    return DiceRoll(
        say("ui.dice.backlash", language=language, who=event.who),
        event.section,
        (Die(6, event.face, "plain"),),
        "",
        "",
        say(f"rules.backlash_effect.{event.effect}", language=language),
        None,
    )


def _noise(event: NoiseChecked, language: str) -> DiceRoll:
    comes = event.face <= event.threshold
    return DiceRoll(
        say("ui.dice.noise_check", language=language),
        event.section,
        (Die(6, event.face, "hit" if comes else "miss"),),
        say("ui.dice.need_at_most", language=language, threshold=event.threshold),
        say("ui.dice.threat" if comes else "ui.dice.no_threat", language=language),
        say(f"engine.noise_result.{event.result}", language=language),
        None,
    )


def _serum(event: SerumGiven, language: str) -> DiceRoll | None:
    if not event.faces:
        return None
    effect = say(
        f"rules.serum_effect.{event.mode}",
        language=language,
        dice=list(event.faces),
        healed=event.healed,
        tp=event.tp_after,
    )
    return DiceRoll(
        say("ui.dice.serum", language=language, who=event.who, patient=event.patient),
        event.section,
        tuple(Die(3, f, "plain") for f in event.faces),
        "",
        "",
        effect,
        None,
    )


_BUILDERS: tuple[tuple[type, Callable[[Any, str], DiceRoll | None]], ...] = (
    (ToHitRolled, _to_hit),
    (CheckEvent, _check),
    (DamageRolled, _damage),
    (StructureDamaged, _structure),
    (InjuryRolled, _injury),
    (BacklashRolled, _backlash),
    (NoiseChecked, _noise),
    (SerumGiven, _serum),
)
_BUILDERS += SYSTEM_BUILDERS  # the EWS's and 3W6's rolls (game/ui/system_dice.py)


@dataclass(frozen=True, slots=True)
class RollContext:
    """What the events leave to the game: the sides' names."""

    sides: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Any) -> RollContext:
        if game is None:
            return cls()
        return cls({sid: side.name or sid for sid, side in game.state.sides.items()})


def dice_roll(event: Event, language: str, context: RollContext | None = None) -> DiceRoll | None:
    """The dice of an event (None for an event without dice)."""
    ctx = context or RollContext()
    if isinstance(event, InitiativeRolled):
        return _initiative(event, language, ctx.sides)
    for cls, build in _BUILDERS:
        if isinstance(event, cls):
            return build(event, language)
    return None


# -- drawing -----------------------------------------------------------------------------


def die_size(sides: int, text_size: int) -> int:
    """Edge of a die's box in px: W20s a little larger than W6s."""
    base = int(text_size * (2.5 if sides == 20 else 2.1))
    return base if sides != 3 else int(base * 0.85)


def _die_shape(sides: int, box: pygame.Rect) -> list[tuple[float, float]]:
    """A hexagon for a W20 (so a W20 and a W6 differ by shape)."""
    cx, cy, r = box.centerx, box.centery, box.width / 2
    return [
        (cx + r * math.cos(math.radians(60 * k + 30)), cy + r * math.sin(math.radians(60 * k + 30)))
        for k in range(6)
    ]


def draw_die(
    surface: pygame.Surface,
    die: Die,
    box: pygame.Rect,
    th: Theme,
    text_size: int,
    face: int | None = None,
) -> None:
    """One die in `box`: filled when it reached its number, outlined when not."""
    mark = die.mark
    shown = die.face if face is None else face
    fill: Colour | None
    border, ink, width = th.text, th.text, 2
    if mark in ("hit", "crit"):
        fill, border, ink, width = th.success, th.text, th.on_accent, 3
    elif mark == "fumble":
        fill, border, ink, width = th.failure, th.text, th.on_accent, 3
    elif mark == "miss":
        fill, border, ink = None, th.failure, th.text
    elif mark == "dropped":
        fill, border, ink, width = None, th.border, th.dim, 1
        box = box.inflate(-box.width // 4, -box.height // 4)
    else:
        fill = th.panel_alt
    if face is not None:  # tumbling: neutral
        fill, border, ink, width = th.panel_alt, th.dim, th.text, 2
    if die.sides == 20:
        pts = _die_shape(20, box)
        if fill is not None:
            pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, border, pts, width)
    else:
        radius = max(3, box.width // 5)
        if fill is not None:
            pygame.draw.rect(surface, fill, box, border_radius=radius)
        pygame.draw.rect(surface, border, box, width, border_radius=radius)
    size = int(text_size * (1.25 if mark != "dropped" else 1.0))
    label = fonts.text(str(shown), size, ink, True)
    surface.blit(label, label.get_rect(center=box.center))
    if face is None and mark == "crit":  # a star above: natural 20
        _star(surface, (box.right - 3, box.top + 3), max(4, box.width // 6), th.warning)
    if face is None and mark in ("miss", "dropped"):  # a stroke: did not count
        inner = box.inflate(-box.width // 4, -box.height // 4)
        pygame.draw.line(surface, border, inner.bottomleft, inner.topright, max(1, width - 1))


def _star(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: Colour) -> None:
    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((centre[0] + rad * math.cos(a), centre[1] + rad * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (0, 0, 0), pts, 1)


def row_height(
    roll: DiceRoll, text_size: int, width: int | None = None, compact: bool = False
) -> int:
    """px a roll takes (at `width`: one line more when its result goes under the dice;
    `compact`: without the line of modifiers)."""
    line_h = fonts.font(text_size).get_linesize()
    big = max((die_size(d.sides, text_size) for d in roll.dice), default=0)
    labels = line_h if any(d.label for d in roll.dice) else 0
    below = line_h if width is not None and result_below(roll, text_size, width) else 0
    detail = line_h if roll.detail and not compact else 0
    return line_h + big + labels + below + detail + PAD


def dice_width(roll: DiceRoll, text_size: int) -> int:
    """px the dice and their labels take in a row (up to where the result starts)."""
    small = max(10, text_size - 2)
    x = 0
    for die in roll.dice:
        size = die_size(die.sides, text_size)
        label_w = fonts.font(small).size(fit(die.label, small, size + 140))[0] if die.label else 0
        x += max(size, label_w) + (10 if die.label else 6)
    return x + 6


def result_text(roll: DiceRoll) -> str:
    mark = "" if roll.success is None else ("✔ " if roll.success else "✘ ")
    return mark + roll.result


def result_below(roll: DiceRoll, text_size: int, width: int) -> bool:
    """The result does not fit beside the dice: it goes on a line of its own under them."""
    room = width - dice_width(roll, text_size)
    return fonts.font(text_size, True).size(result_text(roll))[0] > room


def draw_roll(
    surface: pygame.Surface,
    roll: DiceRoll,
    rect: pygame.Rect,
    th: Theme,
    text_size: int,
    *,
    tumble: float | None = None,
    seed: int = 0,
    compact: bool = False,
) -> None:
    """One roll in `rect`: title and section, the dice, the needed number and result,
    the modifiers (not when `compact`). `tumble` (0..1) draws the dice still rolling."""
    small = max(10, text_size - 2)
    line_h = fonts.font(text_size).get_linesize()
    section = fonts.text(roll.section, small, th.dim)
    surface.blit(section, (rect.right - section.get_width(), rect.top + 2))
    title_w = rect.width - section.get_width() - 8
    surface.blit(
        fonts.text(fit(roll.title, text_size, title_w, True), text_size, th.text, True),
        rect.topleft,
    )
    y = rect.top + line_h
    x = rect.left
    big = max((die_size(d.sides, text_size) for d in roll.dice), default=0)
    label_h = line_h if any(d.label for d in roll.dice) else 0
    for i, die in enumerate(roll.dice):
        size = die_size(die.sides, text_size)
        lab = fonts.text(fit(die.label, small, size + 140), small, th.dim) if die.label else None
        slot_w = max(size, lab.get_width() if lab else 0)
        box = pygame.Rect(x + (slot_w - size) // 2, y + (big - size) // 2, size, size)
        face = None
        if tumble is not None:
            step = int(tumble * 14)
            face = (seed * 31 + step * 17 + i * 7) % die.sides + 1
            box = box.move(0, int(math.sin((tumble * 9 + i) * math.pi) * 4))
        draw_die(surface, die, box, th, text_size, face)
        if lab is not None:
            surface.blit(lab, (x + (slot_w - lab.get_width()) // 2, y + big + 1))
        x += slot_w + (10 if lab is not None else 6)
    x += 6
    below = result_below(roll, text_size, rect.width)
    under = y + big + label_h + 2  # the first line under the dice
    if tumble is None:
        need_img = fonts.text(roll.need, text_size, th.text, True) if roll.need else None
        colour = th.text if roll.success is None else (th.success if roll.success else th.failure)
        room = rect.width if below else max(20, rect.right - x)
        res_img = fonts.text(fit(result_text(roll), text_size, room, True), text_size, colour, True)
        lines = 1 if below or need_img is None else 2
        top = y + (big - line_h * lines) // 2
        if need_img is not None:
            surface.blit(need_img, (x, top))
            top += line_h
        surface.blit(res_img, (rect.left, under) if below else (x, top))
    if below:
        under += line_h
    if roll.detail and tumble is None and not compact:
        detail = fit(roll.detail, small, rect.width)
        surface.blit(fonts.text(detail, small, th.dim), (rect.left, under))


def card_height(heights: list[int], hidden: int, line_h: int) -> int:
    """px of a card with rows of these heights: its margins, the title line, the
    rows, and the "+n more" line when rolls are left out."""
    return 2 * PAD + line_h + sum(heights) + (line_h if hidden else 0)


@dataclass(frozen=True, slots=True)
class CardLayout:
    """Where the dice card goes and what it shows: its rect (`where`: "log" at the
    top of the log's column, "table" in the table's corner), the rows that fit and
    their heights, whether they dropped their modifier line (`compact`), and how
    many rolls were left to the log."""

    tray: pygame.Rect
    where: str
    rows: int
    heights: tuple[int, ...]
    compact: bool
    hidden: int


@dataclass(slots=True)
class _Shown:
    roll: DiceRoll
    start: float  # seconds after the group arrived when it starts tumbling
    seed: int


class DicePanel(PanelBase):
    """The dice tray: the rolls of the latest action, over the top of the log."""

    slot = "screen"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[_Shown] = []
        self.hidden_rows = 0
        self.clock = 0.0  # seconds since the group arrived
        self.tray = pygame.Rect(0, 0, 0, 0)
        self.drawn: list[pygame.Rect] = []  # the rows' rects on screen, last drawn
        self._count = 0
        self._layout: CardLayout | None = None
        self._layout_key: tuple[object, ...] | None = None

    @property
    def tumble_time(self) -> float:
        return TUMBLE / self.speed

    @property
    def stagger(self) -> float:
        return STAGGER / self.speed

    @property
    def settle_time(self) -> float:
        """When the last die of the group stops."""
        return max((r.start for r in self.rows), default=0.0) + self.tumble_time

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return bool(self.rows) and self.clock < self.settle_time

    @property
    def showing(self) -> bool:
        return bool(self.rows) and self.clock < self.settle_time + HOLD + FADE

    def on_events(self, events: list[Event]) -> None:
        ctx = RollContext.of(self.game)
        rolls = [r for r in (dice_roll(e, self.language, ctx) for e in events) if r is not None]
        if not rolls:
            return
        self.hidden_rows = max(0, len(rolls) - MAX_ROWS)
        rolls = rolls[-MAX_ROWS:]
        self.rows = []
        for i, roll in enumerate(rolls):
            self._count += 1
            self.rows.append(_Shown(roll, i * (self.tumble_time + self.stagger), self._count))
        self.clock = 0.0

    def on_new_game(self, game: Any) -> None:
        self.rows = []

    def skip(self) -> None:
        """Stop the tumbling: every die shows its face now."""
        if self.rows:
            self.clock = max(self.clock, self.settle_time + 1e-6)

    def update(self, dt: float) -> None:
        if self.rows:
            self.clock += max(0.0, dt)
            if not self.showing:
                self.rows = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.showing:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.busy:
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.tray.collidepoint(event.pos):
            if self.busy:
                self.skip()
            else:
                self.clock = self.settle_time + HOLD  # dismiss: fade out now
            return True
        return False

    def dock(self) -> tuple[pygame.Rect, str]:
        """Where the card goes: at the top of the log's column ("log"); without a log
        tall enough, the table's bottom-left corner ("table")."""
        for panel in getattr(self.app, "panels", ()):
            if type(panel).__name__ == "LogPanel" and getattr(panel, "visible", True):
                area = panel.rect
                if area.width >= 200 and area.height >= MIN_LOG_H:
                    return area, "log"
        return self._table(), "table"

    def _table(self) -> pygame.Rect:
        table = getattr(getattr(self.app, "layout", None), "table", None)
        return table if table is not None else self.rect

    def card_layout(self) -> CardLayout | None:
        """Where the card goes now and which rows it shows (None: no card showing)."""
        if not self.showing or self.rect.width < 60:
            return None
        size = self.text_size
        area, where = self.dock()
        key = (tuple(area), where, size, self._count, len(self.rows), self.language)
        if self._layout is not None and self._layout_key == key:
            return self._layout
        found = self._fit(area, where, size)
        if found is None and where != "table":  # not even one roll fits the column
            found = self._fit(self._table(), "table", size)
        self._layout, self._layout_key = found, key
        if found is not None:
            self.tray = found.tray
        return found

    def _fit(self, area: pygame.Rect, where: str, size: int) -> CardLayout | None:
        """The card in `area` with as many of the rolls as fit — with their modifier
        lines if that shows as many, else without; None when not one roll fits."""
        line_h = fonts.font(size).get_linesize()
        if where == "log":  # at the top of the log's column, below its title
            width = area.width - 8
            top = area.top + line_h + PAD
            room = area.bottom - top - MIN_LOG_LINES * line_h - PAD
            room = min(room, int(area.height * MAX_SHARE))
        else:
            width = min(TRAY_WIDTH + (160 if self.large_text else 0), area.width - 2 * MARGIN)
            room = min(area.height - 2 * MARGIN, int(area.height * TABLE_SHARE))
        best: CardLayout | None = None
        for compact in (False, True):
            heights = [row_height(r.roll, size, width - 2 * PAD, compact) for r in self.rows]
            n = len(heights)
            while (
                n and card_height(heights[:n], self.hidden_rows + len(heights) - n, line_h) > room
            ):
                n -= 1
            if n == 0:
                continue
            hidden = self.hidden_rows + len(heights) - n
            height = card_height(heights[:n], hidden, line_h)
            if where == "log":
                tray = pygame.Rect(area.left + 4, top, width, height)
            else:
                tray = pygame.Rect(area.left + MARGIN, area.bottom - MARGIN - height, width, height)
            found = CardLayout(tray, where, n, tuple(heights[:n]), compact, hidden)
            if best is None or found.rows > best.rows:  # the most rolls; with their modifiers
                best = found
        return best

    def draw(self, surface: pygame.Surface) -> None:
        card = self.card_layout()
        if card is None:
            return
        th = self.theme
        size = self.text_size
        width = card.tray.width
        line_h = fonts.font(size).get_linesize()
        docked = card.where != "table"
        full = 255 if docked else 240  # in the column: opaque; over the table: a little less
        alpha = full
        after = self.clock - self.settle_time - HOLD
        if after > 0:
            alpha = int(full * max(0.0, 1.0 - after / FADE))
        tray = pygame.Surface(card.tray.size, pygame.SRCALPHA)
        tray.fill((*th.panel, 255))  # the whole card fades as one (set_alpha below)
        pygame.draw.rect(tray, th.border, tray.get_rect(), 1, border_radius=6)
        y = PAD
        head = tr("ui.dice.title") + (f" · {tr('ui.dice.skip')}" if self.busy else "")
        tray.blit(
            fonts.text(fit(head, size - 2, width - 2 * PAD), max(10, size - 2), th.dim), (PAD, y)
        )
        y += line_h
        self.drawn = []
        for shown, h in zip(self.rows[: card.rows], card.heights, strict=True):
            rect = pygame.Rect(PAD, y, width - 2 * PAD, h)
            t = self.clock - shown.start
            if t >= 0:
                tumble = t / self.tumble_time if t < self.tumble_time - 1e-9 else None
                draw_roll(
                    tray, shown.roll, rect, th, size, tumble=tumble, seed=shown.seed,
                    compact=card.compact,
                )  # fmt: skip
            self.drawn.append(rect.move(card.tray.topleft))
            y += h
        if card.hidden:
            more = fit(count_text("ui.dice.more", card.hidden), size - 2, width - 2 * PAD)
            tray.blit(fonts.text(more, max(10, size - 2), th.dim), (PAD, y))
        if alpha < 255:
            tray.set_alpha(alpha)
        surface.blit(tray, card.tray.topleft)
