"""The info card (right-click a figure): its full profile and every status."""

from __future__ import annotations

import pygame

from game.engine import Game
from game.i18n import DEFAULT_LANGUAGE, current_language, tr
from game.naming import local_figure_name, local_name
from game.play import bridge, budget, equipment
from game.play.movement import slots_taken
from game.rules.loader import load_rules
from game.rules.slots import overloaded
from game.rules.talents import split as split_talent
from game.state import Figure
from game.ui import fonts
from game.ui.describe import term
from game.ui.render import style
from game.ui.render.figures import statuses
from game.ui.units import format_length
from game.ui.widgets import panel_box

WIDTH = 380
SIZE = 13


def card_lines(game: Game, fig: Figure, units: str) -> list[tuple[str, bool]]:
    """(text, is_heading) lines of the card."""
    prof = game.profile(fig)
    lang = current_language()
    side = game.state.sides[fig.side].name
    title = local_figure_name(fig.name)
    if lang == DEFAULT_LANGUAGE and prof.german and prof.german != fig.name:
        title = f"{title} [{prof.german}]"  # the rulebook's German name
    lines: list[tuple[str, bool]] = [(title, True)]
    names = (("profile", prof.name), ("archetype", prof.archetype), ("rank", prof.rank))
    kind = " · ".join([local_name(k, n, lang) for k, n in names if n] + [side])
    lines.append((kind, False))
    lines.append(
        (
            tr(
                "ui.input.card_stats",
                kor=prof.kor,
                ref=prof.ref,
                ver=prof.ver,
                wil=prof.wil,
                tp=fig.tp,
                max_tp=fig.max_tp,
                vw=prof.vw,
                ws=prof.ws,
                move=format_length(prof.move, units),
            ),
            False,
        )
    )
    armour = prof.armour if prof.armour and prof.armour.casefold() != "none" else None
    if armour or prof.shield:
        gear = ", ".join(x for x in (armour, prof.shield) if x)
        lines.append((tr("ui.input.card_armour", gear=gear), False))
    lines.append((tr("ui.input.card_weapons", ammo=fig.ammo), True))
    # Every usable weapon: the carried ones (in order, with their state), then the
    # implicit fists (§5.4) a figure without a melee weapon strikes with.
    for i, arms in enumerate(bridge.weapons(game, fig)):
        w = fig.weapons[i] if i < len(fig.weapons) else None
        bits = [tr(f"ui.input.weapon_{arms.type}")]
        if arms.range is not None:
            bits.append(format_length(arms.range, units))
        bits.append(tr("newcomer.dice.pool", n=arms.pool))
        if arms.br:
            bits.append(f"BR {arms.br}")
        if w is not None and w.loaded is not None:
            bits.append(tr("ui.input.card_loaded", loaded=w.loaded, mag=arms.mag or w.loaded))
        if w is not None and w.uses is not None:
            bits.append(tr("ui.input.card_uses", uses=w.uses))
        if w is not None and w.jammed:
            bits.append(tr("ui.input.card_jammed"))
        if arms.keywords:
            bits.append(", ".join(term(k) for k in arms.keywords))
        lines.append((f"  {local_name('weapon', arms.name, lang)}: " + " · ".join(bits), False))
    if prof.talents:
        talents = ", ".join(talent_text(t, lang) for t in prof.talents)
        lines.append((tr("ui.input.card_talents", names=talents), False))
    if prof.gifts:
        gifts = ", ".join(local_name("gift", g, lang) for g in prof.gifts)
        lines.append((tr("ui.input.card_gifts", names=gifts), False))
    lines += item_lines(game, fig, lang)
    lines.append((tr("ui.input.card_status"), True))
    state = [
        tr(f"ui.input.condition_{fig.condition.value}")
        if not fig.standing
        else tr("ui.input.standing")
    ]
    if fig.injury:
        state.append(local_name("injury_result", fig.injury, lang))
    state += [tr(f"ui.input.flag_{s}") for s in statuses(fig)]
    finds = game.state.carried(fig.id)
    if finds:  # a loot objective's finds, by name
        state.append(tr("ui.input.card_finds", names=", ".join(m.name for m in finds)))
    elif fig.loot:
        state.append(tr("ui.input.card_loot", loot=fig.loot))
    taken = slots_taken(game, fig)
    if taken:  # carrying slots (§9)
        key = "card_overloaded" if overloaded(taken, game.rules) else "card_slots"
        slots = game.rules.knobs.slots
        penalty = slots.overload_move
        state.append(tr(f"ui.input.{key}", taken=taken, slots=slots.figure, penalty=penalty))
    if fig.strain:
        state.append(tr("ui.input.card_strain", strain=fig.strain))
    state += [f"{name} (→ {until})" for name, until in fig.effects.items()]
    lines.append((", ".join(state), False))
    return lines


def item_lines(game: Game, fig: Figure, lang: str) -> list[tuple[str, bool]]:
    """The card's items (seed 002, docs/RULES.md §18): each with the weapon it is
    fitted to, what is left of a consumable, and its carrying slot."""
    rows = equipment.sheet(game, fig)
    if not rows:
        return []
    lines = [(tr("ui.input.card_items"), True)]
    for row in rows:
        name = (
            row.german if lang == "de" or row.german == row.name else f"{row.name} [{row.german}]"
        )
        bits = []
        if row.weapon:
            bits.append(tr("ui.input.card_item_on", weapon=local_name("weapon", row.weapon, lang)))
        if row.left is not None:
            bits.append(tr("ui.input.card_item_left", left=row.left, bought=row.bought))
        elif row.bought > 1:
            bits.append(f"×{row.bought}")
        bits.append(tr(f"ui.input.card_item_{'weapon_slot' if row.thrown else 'no_slot'}"))
        lines.append((f"  {name}: " + " · ".join(bits), False))
    return lines


def summary_lines(game: Game, fig: Figure, units: str) -> list[str]:
    """What hovering one's own figure shows: its name and state, hit points, move
    and actions left, its weapons in short; the card is a right-click away."""
    prof = game.profile(fig)
    lang = current_language()
    head = [local_figure_name(fig.name), tr("newcomer.hover.tp", tp=fig.tp, max_tp=fig.max_tp)]
    head.append(tr("newcomer.hover.move", move=format_length(prof.move, units)))
    pending = game.pending()
    if pending is not None and pending.kind == "act" and fig.id in pending.figures:
        left = budget.action_budget(game, fig) - budget.used(game, fig)
        head.append(tr("newcomer.hover.actions", n=left))
    weapons = []
    for arms in bridge.weapons(game, fig):
        name = local_name("weapon", arms.name, lang)
        reach = format_length(arms.range, units) if arms.range is not None else ""
        pool = tr("newcomer.dice.pool", n=arms.pool)
        weapons.append(f"{name} ({', '.join(b for b in (reach, pool) if b)})")
    lines = [" · ".join(head), " · ".join(weapons)]
    flags = [tr(f"ui.input.flag_{s}") for s in statuses(fig)]
    if not fig.standing:
        flags.insert(0, tr(f"ui.input.condition_{fig.condition.value}"))
    if flags:
        lines.append(", ".join(flags))
    lines.append(tr("newcomer.hover.more"))
    return lines


def draw_card(
    surface: pygame.Surface, area: pygame.Rect, game: Game, fig: Figure, units: str
) -> pygame.Rect:
    """The card in the top right corner of `area`."""
    rows: list[tuple[pygame.Surface, int]] = []
    for text, heading in card_lines(game, fig, units):
        for line in fonts.wrap(text, SIZE, WIDTH - 20, heading):
            rows.append(
                (fonts.text(line, SIZE, style.YELLOW if heading else style.TEXT, heading), 0)
            )
    h = sum(s.get_height() + 1 for s, _ in rows) + 14
    box = pygame.Rect(area.right - WIDTH - 10, area.y + 10, WIDTH, h)
    box.clamp_ip(area)
    panel_box(surface, box, 240)
    y = box.y + 7
    for s, _ in rows:
        surface.blit(s, (box.x + 10, y))
        y += s.get_height() + 1
    hint = fonts.text(tr("ui.input.card_close"), 11, style.TEXT_DIM)
    surface.blit(hint, (box.right - hint.get_width() - 8, box.y + 7))
    return box


def talent_text(talent: str, language: str) -> str:
    """A figure's talent as the card names it: the talent in the reader's language
    and its choice (a weapon, a gift or a class): "Weapon master [Waffenmeister]:
    Machete, Forceful [Wuchtig]" (§13.1)."""
    name, option, extra = split_talent(talent)
    text = local_name("talent", name, language)
    if option is None:
        return text
    kind = load_rules().talent(name).option
    if kind in ("weapon", "gift"):
        option = local_name(kind, option, language)
    chosen = option if extra is None else f"{option}, {term(extra)}"
    return f"{text}: {chosen}"
