"""The AI quality bars at a size the default run can afford (the full 200/500-game
measurements: `python tests/ai/measure_quality.py`).

- ai:tactical beats the random bot in open_skirmish playing either side;
- ai:horde breaches the shelter against defenders that never act;
- no controller ever submits an illegal action (run_game stops a game that gets
  one: the game would come back with an error);
- in the AI-against-AI raids no defender attacks its own gates or barricades, and
  every defender activation that begins with an infected in the shelter within its
  reach attacks one (tests/ai/watch.py).
"""

from __future__ import annotations

import pytest

from tests.ai.lineups import Tally, run

GAMES = 8
"""Games per lineup here (the bars below are lower than the full ones, 90 %)."""
SKIRMISH_BAR = 0.75
BREACH_BAR = 0.75
SEEDS = range(1001, 1001 + GAMES)

LINEUPS = {
    "tactical-raiders": ("open_skirmish", {"raiders": "tactical", "survivors": "random"}),
    "tactical-survivors": ("open_skirmish", {"survivors": "tactical", "raiders": "random"}),
    "horde-vs-passive": ("refuge_horde", {"horde": "horde", "refuge": "passive"}),
}
AI_VS_AI = {
    "horde-raid": ("refuge_horde", {"horde": "horde", "refuge": "tactical"}),
    "raiders-raid": ("refuge_raiders", {"raiders": "tactical", "refuge": "tactical"}),
}
_PLAYED: dict[str, Tally] = {}


def played(name: str) -> Tally:
    """The games of a lineup (played once per test session, on every core)."""
    if name not in _PLAYED:
        stem, lineup = {**LINEUPS, **AI_VS_AI}[name]
        seeds = SEEDS if name in LINEUPS else range(2001, 2003)
        _PLAYED[name] = run(stem, lineup, seeds)
    return _PLAYED[name]


@pytest.mark.parametrize(
    ("name", "win"), [("tactical-raiders", "defeat"), ("tactical-survivors", "victory")]
)
def test_tactical_beats_the_random_bot_on_either_side(name: str, win: str) -> None:
    tally = played(name)
    assert tally.errors == []
    assert tally.share(win) >= SKIRMISH_BAR, dict(tally.outcomes)


def test_the_horde_breaches_the_shelter_of_defenders_that_never_act() -> None:
    tally = played("horde-vs-passive")
    assert tally.errors == []
    assert tally.share_where("breaches") >= BREACH_BAR, [g["breaches"] for g in tally.games]


@pytest.mark.parametrize("name", sorted({**LINEUPS, **AI_VS_AI}))
def test_no_controller_ever_submits_an_illegal_action(name: str) -> None:
    tally = played(name)
    assert len(tally.games) > 0
    assert tally.errors == []
    assert all(g["outcome"] is not None for g in tally.games)


@pytest.mark.parametrize("name", sorted(AI_VS_AI))
def test_defenders_spare_their_own_gates_and_stop_the_dead_in_the_shelter(name: str) -> None:
    tally = played(name)
    assert sum(g["own_piece_attacks"] for g in tally.games) == 0
    assert sum(g["missed"] for g in tally.games) == 0
