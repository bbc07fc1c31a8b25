"""Area templates on the table (docs/RULES.md §5.5): which bases a template touches,
their cover as seen from its centre, the damage pools, burning zones, noise.

The geometry is the board's (`game.board.templates`): a round template touches a
base when their circles meet; cover is traced from the centre, and a base no
sight line from there reaches is shielded completely. Here Take cover counts too
(one step better, §4), and only standing figures are hit (a figure lying
incapacitated is left alone, P).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.templates import template_hits, template_polygon
from game.board.terrain import TerrainKind
from game.cover import Cover
from game.events import Event
from game.play import bridge, harm, noise, sight
from game.play.combat_events import BurningZoneAdded, CaughtFire, StillBurning, TemplateLanded
from game.play.contract import GameView
from game.rules.area import burn_damage, template_damage
from game.rules.attack import noise_source
from game.rules.combatant import Combatant
from game.rules.models import Weapon
from game.state import Figure


@dataclass(frozen=True, slots=True)
class Touch:
    """A base under a template: shielded by terrain, or hit with some cover."""

    figure: Figure
    shielded: bool
    cover: Cover


def touched(game: GameView, centre: tuple[float, float], radius: float) -> list[Touch]:
    """Every standing base the template touches, in figure order, with its cover."""
    figs = [f for f in game.state.figures.values() if f.standing]
    if not figs:
        return []
    hits = template_hits(
        game.state.board,
        centre,
        radius,
        [f.pos for f in figs],
        [f.radius for f in figs],
        params=sight.params(game),
    )
    return [
        Touch(figs[h.index], h.shielded, sight.improved_cover(game, figs[h.index], h.cover))
        for h in hits
    ]


def _as_weapon(game: GameView, weapon: str | Weapon) -> Weapon:
    return weapon if isinstance(weapon, Weapon) else game.rules.weapon(weapon)


def explode(
    game: GameView,
    centre: tuple[float, float],
    weapon: str | Weapon,
    attacker: Figure | None,
    *,
    source: str,
    critical: bool = False,
) -> list[Event]:
    """An Explosiv / Feuer template at a point: every touched base takes its own
    pool (cover from the centre), noise, and a Feuer weapon's burning zone (§5.5).

    `source` names the cause in the log (e.g. "throw", "minefield"); `critical`
    adds the natural 20's dice to every pool.
    """
    arms = _as_weapon(game, weapon)
    if arms.template is None:
        raise ValueError(f"the {arms.name} has no template")
    radius = game.rules.knobs.template.radius(arms.template)
    touches = touched(game, centre, radius)
    hit = [t for t in touches if not t.shielded]
    events: list[Event] = [
        TemplateLanded(
            source,
            arms.name,
            centre[0],
            centre[1],
            radius,
            tuple(t.figure.id for t in hit),
            tuple(int(t.cover) for t in hit),
            tuple(t.figure.id for t in touches if t.shielded),
        )
    ]
    who = bridge.combatant(game, attacker) if attacker is not None else Combatant(name=arms.name)
    victims = [(bridge.combatant(game, t.figure), t.cover) for t in hit]
    results = template_damage(who, arms, victims, game.rules, game.dice, critical=critical)
    for touch, result in zip(hit, results, strict=True):
        events += result.events
        events += harm.land(game, touch.figure, result)
        if arms.has("Feuer") and result.taken and touch.figure.standing:
            events += catch_fire(game, touch.figure)
    kind = noise_source(arms)
    if kind is not None:
        events += noise.make_noise(game, kind, centre, attacker.id if attacker else None)
    if arms.has("Feuer"):
        events += burning_zone(game, centre, radius)
    return events


BURNING = "burning"  # effect: the figure burns (a round number: through that round's end)


def catch_fire(game: GameView, figure: Figure) -> list[Event]:
    """A figure a Feuer template wounded burns through the end of the knob's rounds
    (P, `template.burning_rounds`; rulebook §8.1 "brennende Ziele")."""
    rounds = game.rules.knobs.template.burning_rounds
    if rounds <= 0:
        return []
    until = game.state.round + rounds - 1
    figure.effects[BURNING] = max(until, figure.effects.get(BURNING, 0))
    return [CaughtFire(figure.id, figure.effects[BURNING])]


def burn_at_round_end(game: GameView) -> list[Event]:
    """Every standing burning figure takes the fire's pool (`template.burning_pool`)
    against its armour; its effect ends with the round it lasts through (§5.3)."""
    events: list[Event] = []
    pool = game.rules.knobs.template.burning_pool
    for fig in game.state.figures.values():
        if BURNING not in fig.effects or not fig.standing or not fig.on_table:
            continue
        result = burn_damage(bridge.combatant(game, fig), game.rules, game.dice, pool)
        events += [StillBurning(fig.id), *result.events]
        events += harm.land(game, fig, result)
    return events


def burning_zone(game: GameView, centre: tuple[float, float], radius: float) -> list[Event]:
    """Leave a burning zone (the template's circle, on the table) for the knob's
    rounds: it lasts through the round `burn_rounds − 1` after this one (§5.5)."""
    st = game.state
    rounds = game.rules.knobs.template.burn_rounds
    if rounds <= 0:
        return []
    area = template_polygon(centre, radius).intersection(st.board.bounds)
    if area.is_empty or area.geom_type != "Polygon":
        return []
    until = st.round + rounds - 1
    zone = st.board.add_zone(TerrainKind.BURNING, area, until)
    return [BurningZoneAdded(zone, centre[0], centre[1], radius, until)]
