"""The engine's line of sight (docs/RULES.md §10): knobs, watchtowers, figures that do
not block, Take cover (§4), and the cache."""

from __future__ import annotations

from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Attack
from game.board.terrain import make_piece
from game.cover import Cover
from game.play import sight
from game.play.combat_events import AttackMade
from game.rules.attack import DamageRolled


def test_los_is_symmetric_and_figures_do_not_block() -> None:
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira"),
            Fig("a", "bruno", (10, 20), "Bruno"),  # right in the line of fire
            Fig("b", "r1", (10, 30), "Raider"),
        ]
    )
    game = start(scen, "mira")
    st = game.state
    there = sight.figure_los(game, st.figures["mira"], st.figures["r1"])
    back = sight.figure_los(game, st.figures["r1"], st.figures["mira"])
    assert there.visible and back.visible and there.visible_fraction == 1.0
    assert there.cover is Cover.NONE and there.distance == 20.0
    assert sight.can_see(game, st.figures["r1"], st.figures["mira"])


def test_a_wall_blocks_and_the_knobs_are_the_games() -> None:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 30), "Raider")],
        terrain=[("wall", "wall", rect(0, 19, 10, 21))],  # hides the left half
    )
    game = start(scen, "mira")
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    seen = sight.figure_los(game, mira, r1)
    assert seen.visible and seen.visible_fraction == 0.5 and seen.cover is Cover.HEAVY
    assert sight.params(game).sight_lines == 16
    game.state.board.add(make_piece("wall2", "wall", rect(10, 19, 20, 21)))
    assert not sight.can_see(game, mira, r1)  # the board changed: not the cached answer


def test_the_cache_answers_the_same_question_once() -> None:
    scen = scenario([Fig("a", "mira", (10, 10), "Mira"), Fig("b", "r1", (10, 30), "Raider")])
    game = start(scen, "mira")
    mira, r1 = game.state.figures["mira"], game.state.figures["r1"]
    first = sight.figure_los(game, mira, r1)
    assert sight.figure_los(game, mira, r1) is first
    r1.x += 1.0
    assert sight.figure_los(game, mira, r1) is not first


def test_a_watchtower_sees_over_barricades_and_counts_heavy_cover() -> None:
    scen = scenario(
        [
            Fig("a", "mira", (10, 10), "Mira"),
            Fig("b", "r1", (10, 30), "Raider"),
            Fig("b", "r2", (30, 10), "Raider"),
        ],
        modules=[
            ("tower", "watchtower", rect(7, 7, 13, 13)),
            ("bar", "barricade", rect(0, 20, 15, 21)),
        ],
    )
    game = start(scen, "mira")
    st = game.state
    mira, r1, r2 = st.figures["mira"], st.figures["r1"], st.figures["r2"]
    assert sight.figure_los(game, mira, r1).cover is Cover.NONE  # over the barricade
    assert sight.figure_los(game, r1, mira).cover is Cover.HEAVY
    assert sight.figure_los(game, r2, mira).cover is Cover.HEAVY  # the tower itself
    assert sight.figure_los(game, r1, r2).cover is Cover.NONE


def test_take_cover_improves_cover_one_step() -> None:
    scen = scenario(
        [
            Fig("a", "mira", (30, 10), "Mira"),
            Fig("b", "r1", (30, 40), "Raider", facing=270),  # crates beside it
            Fig("b", "r2", (10, 40), "Raider", facing=270),  # in the open
            Fig("b", "r3", (50, 40), "Raider", facing=270),  # behind crates
        ],
        terrain=[
            ("crates", "crates", rect(31.5, 38, 35, 42)),
            ("crates2", "crates", rect(45, 36, 55, 37.5)),
        ],
    )
    game = start(scen, "mira")
    st = game.state
    mira = st.figures["mira"]
    r1, r2, r3 = (st.figures[f] for f in ("r1", "r2", "r3"))
    assert [sight.attack_cover(game, mira, f) for f in (r1, r2, r3)] == [
        Cover.NONE,
        Cover.NONE,
        Cover.LIGHT,
    ]
    for fig in (r1, r2, r3):
        fig.took_cover = True
    assert [sight.attack_cover(game, mira, f) for f in (r1, r2, r3)] == [
        Cover.LIGHT,  # next to terrain: none → light
        Cover.NONE,  # nothing to take cover behind
        Cover.HEAVY,  # light → heavy
    ]
    # Through an attack: hunting rifle BR 1 vs light 3+ + light cover +1 → 3+.
    events = play(game, Attack("mira", "r1", "Hunting rifle"), [15, 3, 2, 1])
    made = of(events, AttackMade)[0]
    assert (made.cover, made.took_cover) == (1, True)
    damage = of(events, DamageRolled)[0]
    assert damage.needed.value == 3 and damage.wounds == 1
