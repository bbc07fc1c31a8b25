"""Which refuge modules can be destroyed (docs/RULES.md §11): only barricades and closed
gates have structure points, and only melee attacks break them. The rules give no
way to destroy the other modules, so no attack — melee or a blast — does."""

from __future__ import annotations

import pytest
from combat_kit import Fig, of, play, rect, scenario, start

from game.actions import Attack, IllegalAction, Throw
from game.play.combat_events import TemplateLanded

ZONES = ("watchtower", "arsenal", "minefield", "infirmary", "radio", "storage", "shelter")


def _brute_by(kind: str) -> tuple[object, str]:
    scen = scenario(
        [Fig("a", "mira", (10, 10), "Mira"), Fig("b", "brute", (30, 33.2), "Brute")],
        modules=[(kind, kind, rect(26, 25, 34, 31.2))],  # the Brute's base touches it
    )
    return start(scen, "brute"), kind


@pytest.mark.parametrize("kind", ZONES)
def test_melee_cannot_strike_a_module_without_structure(kind: str) -> None:
    game, piece = _brute_by(kind)
    with pytest.raises(IllegalAction, match=r"is not a standing barricade or closed gate \(§11\)"):
        game.apply(Attack("brute", piece, "Brute claws"))  # type: ignore[attr-defined]
    assert not any(  # nor is it offered
        isinstance(a, Attack) and a.target == piece
        for a in game.legal_actions()  # type: ignore[attr-defined]
    )


def test_a_blast_on_the_modules_destroys_none_of_them() -> None:
    modules = [(k, k, rect(20 + 3 * i, 40, 22 + 3 * i, 42)) for i, k in enumerate(ZONES)]
    scen = scenario(
        [Fig("a", "ferdl", (30, 30), "Ferdl"), Fig("b", "r1", (5, 55), "Raider")],
        modules=modules,
    )
    game = start(scen, "ferdl")
    # The improvised bomb (3W6, Explosiv and Feuer) lands on the row of modules:
    # W20 15 + 1 ≥ 10 hits the point; nobody is under the template.
    events = play(game, Throw("ferdl", "Improvised bomb", (30.0, 41.0)), [15])
    assert of(events, TemplateLanded)
    assert game.state.destroyed_modules == []
    assert {p.id for p in game.state.board if p.is_module} == set(ZONES)
    assert all(not game.state.board.piece(k).destroyed for k in ZONES)
