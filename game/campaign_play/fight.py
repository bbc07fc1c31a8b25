"""A campaign battle played headless: the AI plays every side, the refuge's too
(`campaign next --auto`). The scenario goes through the loader's whole pipeline
first, like a file would."""

from __future__ import annotations

from game.campaign.battle import Battle, BattleReport
from game.engine import Game
from game.loading import scenario_from_data
from game.play.outcome import damaged_modules, lost_modules
from game.rules.combatant import Condition
from game.scenario import Scenario
from game.sim import run_game


def scenario_of(battle: Battle) -> Scenario:
    """The battle's scenario, validated (ScenarioError: a bug of the campaign)."""
    return scenario_from_data(battle.scenario, f"<campaign {battle.kind}: {battle.name}>")


def report_of(
    battle: Battle, game: Game, outcome: str, rounds: int, events_hash: str
) -> BattleReport:
    """What the campaign takes from a finished battle."""
    figures = game.state.figures
    fallen = {}
    for member_id in battle.members:
        fig = figures[member_id]
        if fig.condition is not Condition.STANDING:
            fallen[member_id] = "dead" if fig.condition is Condition.DEAD else "out"
    extras_down = sum(1 for f in battle.militia if figures[f].condition is not Condition.STANDING)
    home = [m for m in game.state.markers.values() if m.off_by == battle.side]
    carried: dict[str, int] = {}
    for m in home:
        carried[m.resource] = carried.get(m.resource, 0) + m.value
    return BattleReport(
        kind=battle.kind,
        outcome=outcome,
        seed=battle.seed,
        rounds=rounds,
        fallen=fallen,
        extras_down=extras_down,
        destroyed=lost_modules(game),
        events_hash=events_hash,
        loot=carried,
        finds=tuple(m.name for m in home),
        damaged=damaged_modules(game),
    )


def fight_headless(battle: Battle) -> BattleReport:
    """Play the battle to its end with the AI on every side."""
    scenario = scenario_of(battle)
    seen: dict[str, Game] = {}

    def keep(game: Game, _action: object, _events: object) -> None:
        seen["game"] = game

    result = run_game(scenario, battle.seed, scenario_name=battle.name, observer=keep)
    game = seen.get("game") or Game(scenario, seed=battle.seed)
    return report_of(battle, game, result.outcome or "draw", result.rounds, result.events_hash)
