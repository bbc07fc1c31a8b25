"""The combat room's legal actions (docs/RULES.md §5): what it offers is exactly what
its checks accept, with one batched sight pass over many enemies."""

from __future__ import annotations

from combat_kit import Fig, rect, scenario, start

from game.actions import Attack, IllegalAction
from game.dice import Dice
from game.engine import ActionTemplate
from game.play import combat, sight


def _attacks(legal: list[object]) -> list[Attack]:
    return [a for a in legal if isinstance(a, Attack)]


def test_ranged_burst_and_melee_attacks_are_offered() -> None:
    scen = scenario(
        [
            Fig("a", "bruno", (10, 10), "Bruno"),
            Fig("b", "r1", (10, 40), "Raider"),
            Fig("b", "r2", (12.6, 10), "Raider"),  # in base contact
            Fig("b", "r3", (10, 150), "Raider"),  # beyond 2 × 50 cm
        ],
        height=160,
    )
    game = start(scen, "bruno")
    bruno = game.state.figures["bruno"]
    assert set(_attacks(combat.legal(game, bruno))) == {
        Attack("bruno", "r1", "Assault rifle"),
        Attack("bruno", "r1", "Assault rifle", burst=True),
        Attack("bruno", "r2", "Assault rifle"),
        Attack("bruno", "r2", "Assault rifle", burst=True),
        Attack("bruno", "r2", "Machete"),
    }
    bruno.suppressed = True
    assert combat.legal(game, bruno) == []


def test_throw_templates_are_offered_per_weapon_with_uses() -> None:
    scen = scenario([Fig("a", "ferdl", (10, 10), "Ferdl"), Fig("b", "r1", (10, 40), "Raider")])
    game = start(scen, "ferdl")
    templates = [
        a for a in combat.legal(game, game.state.figures["ferdl"]) if isinstance(a, ActionTemplate)
    ]
    assert templates == [
        ActionTemplate(
            "throw", "ferdl", limits={"range": 15.0}, options={"weapon": ("Improvised bomb",)}
        )
    ]


def test_every_offered_attack_passes_the_check_among_many_enemies() -> None:
    # 48 raiders on a grid, walls and crates in between: the batched sight pass of
    # legal() and the single checks agree on every one of them.
    enemies = [
        Fig("b", f"r{i}", (8.0 + 9.0 * (i % 8), 40.0 + 9.0 * (i // 8)), "Raider") for i in range(48)
    ]
    scen = scenario(
        [Fig("a", "mira", (40, 10), "Mira"), *enemies],
        terrain=[
            ("wall", "wall", rect(20, 25, 35, 27)),
            ("ruin", "building", rect(45, 28, 52, 34)),
            ("crates", "crates", rect(36, 30, 42, 32)),
        ],
        width=80,
        height=100,
    )
    game = start(scen, "mira")
    st = game.state
    mira = st.figures["mira"]
    offered = {a.target for a in _attacks(combat.legal(game, mira))}
    for enemy in st.enemies_of(mira):
        problem = combat.attack_problem(game, mira, enemy, "Hunting rifle")
        assert (problem is None) == (enemy.id in offered), (enemy.id, problem)
    hidden = [e for e in st.enemies_of(mira) if not sight.can_see(game, mira, e)]
    assert 0 < len(hidden) < 48 and len(offered) + len(hidden) == 48
    for target in sorted(offered)[:5]:
        copy = game.clone()
        copy.dice = Dice.seeded(1)  # the scripted dice are used up: any roll will do
        try:
            copy.apply(Attack("mira", target, "Hunting rifle"))
        except IllegalAction as exc:  # pragma: no cover - the failure message
            raise AssertionError(f"offered but illegal: {exc}") from None
