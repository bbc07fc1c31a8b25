"""Area templates through the engine (docs/RULES.md §5.5): the Throw action, missed throws,
the explosion save, the bases a template touches, terrain shielding, burning zones,
the minefield."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Activate, ChooseFirst, EndActivation, IllegalAction, Throw
from game.board.terrain import TerrainKind
from game.dice import ScriptedDice
from game.engine import ActionTemplate, Game
from game.narration import narrate
from game.play import combat
from game.play.combat_events import Burning, BurningZoneAdded, TemplateLanded
from game.rules.area import TemplatePlaced, minefield_weapon
from game.rules.attack import DamageRolled
from game.rules.wounds import WoundsTaken

GRENADIER = {"base": "Ferdl", "weapons": ["Hand grenade", "Knife"]}
BOMBER = {"base": "Ferdl", "weapons": ["Molotov", "Knife"]}


def _grenade_game() -> Game:
    """Ferdl with a hand grenade; four raiders around the point (25, 30), one of
    them (r4) behind a wall as seen from there, one (r3) just out of reach."""
    scen = scenario(
        [
            Fig("a", "ferdl", (10, 30), stats=GRENADIER),
            Fig("b", "r1", (25, 30), "Raider"),
            Fig("b", "r2", (30.2, 30), "Raider"),  # centres 5.2 cm apart: 4 + 1.25 reaches
            Fig("b", "r3", (25, 35.4), "Raider"),  # 5.4 cm: just out of the template
            Fig("b", "r4", (25, 25), "Raider"),
        ],
        terrain=[("wall", "wall", rect(22, 26.4, 28, 26.9))],
    )
    return start(scen, "ferdl")


def test_a_grenade_hits_exactly_the_bases_it_touches_and_a_wall_shields_one() -> None:
    # W20 15 + REF 1 = 16 ≥ 10: on the point. Each raider fails its REF save (W20 2 + 1
    # < 12), then its pool: Hand grenade 3W6 BR 1 vs light 3+ → 2+.
    game = _grenade_game()
    faces = [15, 2, 1, 1, 1, 2, 2, 1, 1]
    events = play(game, Throw("ferdl", "Hand grenade", (25, 30)), faces)
    [landed] = of(events, TemplateLanded)
    assert (landed.x, landed.y, landed.radius) == (25, 30, 4.0)
    assert landed.touched == ("r1", "r2") and landed.covers == (0, 0)
    assert landed.shielded == ("r4",)
    damage = of(events, DamageRolled)
    assert [(d.who, d.faces, d.needed.value) for d in damage] == [
        ("R1", (1, 1, 1), 2),
        ("R2", (2, 1, 1), 2),
    ]
    tps = {f: game.state.figures[f].tp for f in ("r1", "r2", "r3", "r4")}
    assert tps == {"r1": 4, "r2": 3, "r3": 4, "r4": 4}
    [marker] = game.state.noise
    assert (marker.x, marker.y, marker.source, marker.radius) == (25, 30, "explosion", 90.0)
    assert game.state.loud_fired  # a Laut weapon was thrown: the round-end roll is due
    ferdl = game.state.figures["ferdl"]
    assert ferdl.weapon("Hand grenade").uses == 0
    assert not any(
        isinstance(a, ActionTemplate) and a.verb == "throw" for a in game.legal_actions()
    )


def test_a_missed_grenade_has_no_effect() -> None:
    """Seed 002 (contract §5.5, corrected 2026-12-01): no scatter; a missed grenade or
    dynamite has no effect. (P, program: a dud makes no noise.)"""
    game = _grenade_game()
    events = play(game, Throw("ferdl", "Hand grenade", (25, 30)), [3])  # 3 + 1 = 4 < 10
    [placed] = of(events, TemplatePlaced)
    assert placed.dud and not placed.on_thrower
    assert not of(events, TemplateLanded) and not of(events, DamageRolled)
    assert not game.state.noise and not game.state.loud_fired
    assert game.state.figures["ferdl"].weapon("Hand grenade").uses == 0  # used up
    assert "misses: no effect" in narrate(placed)


def test_throws_need_range_sight_and_a_use_left() -> None:
    game = _grenade_game()
    ferdl = game.state.figures["ferdl"]
    assert (
        ActionTemplate(
            "throw", "ferdl", limits={"range": 20.0}, options={"weapon": ("Hand grenade",)}
        )
        in game.legal_actions()
    )
    with pytest.raises(IllegalAction, match=r"21\.8 cm away; the Hand grenade reaches 20 cm"):
        play(game, Throw("ferdl", "Hand grenade", (33, 30)))
    with pytest.raises(IllegalAction, match="cannot see that point"):
        play(game, Throw("ferdl", "Hand grenade", (25, 26.65)))  # inside the wall
    with pytest.raises(IllegalAction, match="not on the table"):
        play(game, Throw("ferdl", "Hand grenade", (-1, 30)))
    with pytest.raises(IllegalAction, match="not a thrown template weapon"):
        play(game, Throw("ferdl", "Knife", (20, 30)))
    ferdl.weapon("Hand grenade").uses = 0
    with pytest.raises(IllegalAction, match="no Hand grenade left"):
        play(game, Throw("ferdl", "Hand grenade", (20, 30)))


@pytest.mark.parametrize("face", [1, 5])  # a fumble, and a plain miss (5 + 1 < 10)
def test_a_missed_molotov_lands_on_the_thrower(face: int) -> None:
    """Seed 002 (contract §5.5, corrected 2026-12-01): a missed Molotov or fire bomb
    lands centred on the thrower's base."""
    scen = scenario([Fig("a", "ferdl", (10, 30), stats=BOMBER), Fig("b", "r1", (20, 30), "Raider")])
    game = start(scen, "ferdl")
    events = play(game, Throw("ferdl", "Molotov", (20, 30)), [face, 3, 1])  # no save: Feuer
    assert of(events, TemplatePlaced)[0].on_thrower
    landed = of(events, TemplateLanded)[0]
    assert (landed.x, landed.y, landed.touched) == (10, 30, ("ferdl",))
    assert game.state.figures["ferdl"].tp == 3
    [zone] = of(events, BurningZoneAdded)
    assert (zone.x, zone.y, zone.until_round) == (10, 30, 2)


def test_a_molotov_leaves_a_burning_zone_that_burns_and_expires_after_two_rounds() -> None:
    scen = scenario(
        [
            Fig("a", "ferdl", (10, 30), stats=BOMBER),
            Fig("b", "r1", (20, 30), "Raider", facing=180),
        ]
    )
    game = start(scen, "ferdl")
    # Round 1: on the point (W20 15); Molotov 2W6 vs light 3+: [1, 2] → no wound.
    events = play(game, Throw("ferdl", "Molotov", (20, 30)), [15, 1, 2])
    [added] = of(events, BurningZoneAdded)
    zone = game.state.board.pieces[added.zone]
    assert zone.kind is TerrainKind.BURNING and zone.expires_round == 2
    assert zone.polygon.area == pytest.approx(3.14159 * 16, rel=0.01)
    assert game.state.noise[0].source == "firearm"  # Laut, not Explosiv
    play(game, EndActivation("ferdl"))
    play(game, Activate("r1"))
    # r1 ends its activation in the fire: 2W6 [3, 4] → 2 wounds. Round end: noise
    # check W6 6 (quiet); round 2's initiative 20 against 1.
    events = play(game, EndActivation("r1"), [3, 4, 6, 20, 1])
    assert of(events, Burning)[0].zone == added.zone
    assert of(events, WoundsTaken)[0].tp_after == 2
    assert added.zone in game.state.board.pieces  # still burning in round 2
    play(game, ChooseFirst("a", "a"))
    play(game, Activate("ferdl"))
    play(game, EndActivation("ferdl"))
    play(game, Activate("r1"))
    events = play(game, EndActivation("r1"), [1, 1, 20, 1])  # burns, no wound; round 3
    assert of(events, Burning)
    assert game.state.round == 3 and added.zone not in game.state.board.pieces


def test_template_cover_counts_from_the_centre() -> None:
    # Crates between the centre and r1: light cover from there; the minefield's
    # 3W6 BR 1 vs light 3+ + light cover +1 → 3+.
    scen = scenario(
        [Fig("a", "ferdl", (5, 5), "Ferdl"), Fig("b", "r1", (20, 33), "Raider")],
        terrain=[("crates", "crates", rect(17, 31, 23, 31.5))],
    )
    game = start(scen, "ferdl")
    game.dice = ScriptedDice([5, 3, 2, 6])  # REF save 5 + 1 < 12, then the pool
    mine = minefield_weapon(game.rules)
    events = combat.explode(game, (20, 29.5), mine, None, source="minefield")
    landed = of(events, TemplateLanded)[0]
    assert (landed.source, landed.touched, landed.covers) == ("minefield", ("r1",), (1,))
    damage = of(events, DamageRolled)[0]
    assert damage.needed.value == 3 and damage.wounds == 2
    assert game.state.noise[0].source == "explosion"
