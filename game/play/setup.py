"""Turning a validated scenario into the opening `GameState` (figures, squads,
sides, the board, the raid's waves)."""

from __future__ import annotations

from game.board.terrain import Board, TerrainKind
from game.naming import readable_id
from game.play import raid
from game.play.contract import GameView
from game.play.profiles import figure_profile, new_figure
from game.rules.loader import RulesData
from game.rules.profile import Profile
from game.state import Figure, GameState, LootMarker, OverwatchZone, Side, Squad, WaveState


def build_state(game: GameView) -> GameState:
    """The state before round 1: placed figures, squads, sides and raid plans."""
    rules = game.rules
    structure = {"barricade": rules.knobs.structure.barricade, "gate": rules.knobs.structure.gate}
    board = Board.from_scenario(game.scenario, structure_defaults=_structure_defaults(structure))
    figures: dict[str, Figure] = {}
    squads: dict[str, Squad] = {}
    sides: dict[str, Side] = {}
    for side_spec in game.scenario.side:
        side = Side(side_spec.id, side_spec.name, side_spec.controller)
        sides[side.id] = side
        for squad_spec in side_spec.squad:
            members = []
            for fig_spec in squad_spec.figure:
                profile = game.profiles[fig_spec.id] = figure_profile(fig_spec, rules)
                fig = new_figure(
                    fig_spec.id,
                    profile,
                    rules,
                    side=side.id,
                    squad=squad_spec.id,
                    at=(float(fig_spec.at[0]), float(fig_spec.at[1])),
                    facing=float(fig_spec.facing if fig_spec.facing is not None else 0.0),
                )
                game.system.enlist(fig, profile)
                if fig_spec.overwatch:
                    fig.overwatch = initial_overwatch(fig, profile, rules)
                figures[fig.id] = fig
                members.append(fig.id)
            leader = squad_spec.leader or next(
                (m for m in members if game.profiles[m].leader), None
            )
            squads[squad_spec.id] = Squad(squad_spec.id, side.id, leader, members, len(members))
        if side_spec.raid is not None:
            side.threat = side_spec.raid.threat
    state = GameState(
        board=board,
        figures=figures,
        squads=squads,
        sides=sides,
        rng_state=game.dice.state,
    )
    for side_spec in game.scenario.side:
        if side_spec.raid is not None:
            sides[side_spec.id].waves = raid.plan_waves(game, state, side_spec)
    state.markers = {
        spec.id: LootMarker(
            spec.id,
            spec.name or readable_id(spec.id),
            spec.resource,
            spec.value,
            spec.slots,
            float(spec.at[0]),
            float(spec.at[1]),
        )
        for spec in game.scenario.loot
    }
    return state


def profiles_of(game: GameView, state: GameState) -> dict[str, Profile]:
    """The profile of every figure of a state: a scenario figure's from its spec, a
    figure that arrived during the battle (a wave, a noise pack) from the rules-data
    profile its `profile` field names — what a saved game is continued from."""
    specs = {
        fig.id: fig for side in game.scenario.side for squad in side.squad for fig in squad.figure
    }
    profiles: dict[str, Profile] = {}
    for fid, fig in state.figures.items():
        spec = specs.get(fid)
        profiles[fid] = (
            figure_profile(spec, game.rules) if spec else game.rules.profile(fig.profile)
        )
    return profiles


def _structure_defaults(values: dict[str, int]) -> dict[TerrainKind, int]:
    return {TerrainKind(k): v for k, v in values.items()}


def initial_overwatch(figure: Figure, profile: Profile, rules: RulesData) -> OverwatchZone | None:
    """The watchtower rule's starting overwatch: facing, widest angle, 2 × range (§6, §11)."""
    ranged = [rules.weapon(w.name) for w in figure.weapons]
    ranged = [w for w in ranged if w.range is not None and w.type == "ranged"]
    if not ranged:
        return None
    best = max(ranged, key=lambda w: w.range or 0.0)
    ow = rules.knobs.overwatch
    return OverwatchZone(
        figure.x,
        figure.y,
        figure.facing,
        ow.max_angle,
        (best.range or 0.0) * ow.range_factor,
        best.name,
        declared_round=0,
    )


__all__ = ["WaveState", "build_state", "initial_overwatch", "new_figure", "profiles_of"]
