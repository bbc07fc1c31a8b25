"""Melee attacks on barricades and closed gates (RULES.md §11): each wound of the
pool costs structure points (a Brute's count double); at 0 a barricade becomes
rubble and a gate breaks open. Breaking is noisy (§8)."""

from __future__ import annotations

from shapely.geometry import Point

from game.board.terrain import TerrainKind, TerrainPiece
from game.events import Event
from game.play import bridge, noise, sight
from game.play.combat_events import StructureBroken
from game.play.contract import GameView
from game.reason import Reason
from game.rules.models import Weapon
from game.rules.structures import StructureKind, attack_structure
from game.state import Figure


def breakable(piece: TerrainPiece) -> bool:
    """A standing barricade or a closed, unbroken gate with structure points left."""
    if piece.structure is None or piece.structure <= 0 or piece.destroyed:
        return False
    if piece.kind is TerrainKind.GATE:
        return not piece.open
    return piece.kind is TerrainKind.BARRICADE


def touching(game: GameView, figure: Figure, piece: TerrainPiece) -> bool:
    """Is the figure's base in contact with the piece (gap ≤ base_contact_gap)?"""
    gap = float(piece.polygon.distance(Point(figure.x, figure.y))) - figure.radius
    return gap <= game.rules.knobs.base_contact_gap + 1e-9


def pieces_in_reach(game: GameView, figure: Figure) -> list[TerrainPiece]:
    """Breakable pieces the figure's base touches."""
    gap = game.rules.knobs.base_contact_gap
    near = game.state.board.pieces_near(Point(figure.x, figure.y), figure.radius + gap + 1e-9)
    return [p for p in near if breakable(p)]


def problem(game: GameView, figure: Figure, piece_id: str, weapon: Weapon) -> Reason | None:
    """Why the figure cannot strike this piece with this weapon now (None: it can)."""
    piece = game.state.board.pieces.get(piece_id)
    if piece is None:
        return Reason.of("combat.nothing_there", ref=piece_id)
    if not breakable(piece):
        return Reason.of("breaking.not_breakable", ref=piece_id)
    if not weapon.is_melee:
        return Reason.of("breaking.not_melee", weapon=weapon.name)
    if not touching(game, figure, piece):
        return Reason.of("breaking.no_contact", who=figure.name, ref=piece_id)
    return None


def strike(game: GameView, figure: Figure, piece_id: str, weapon: Weapon) -> list[Event]:
    """One melee attack on a structure: damage, rubble / broken gate, noise."""
    st = game.state
    piece = st.board.piece(piece_id)
    centre = piece.polygon.centroid
    figure.facing = sight.bearing(figure.pos, (centre.x, centre.y))
    kind: StructureKind = "gate" if piece.kind is TerrainKind.GATE else "barricade"
    assert piece.structure is not None
    event = attack_structure(
        bridge.combatant(game, figure), weapon, kind, piece.structure, game.rules, game.dice
    )
    events: list[Event] = [event]
    if event.damage > 0 and st.board.damage(piece_id, event.damage):
        if piece.is_module and piece_id not in st.destroyed_modules:
            st.destroyed_modules.append(piece_id)
        events.append(StructureBroken(figure.id, piece_id, kind))
        near = piece.polygon.exterior.interpolate(piece.polygon.exterior.project(Point(figure.pos)))
        events += noise.make_noise(game, "breaking", (near.x, near.y), figure.id)
    return events
