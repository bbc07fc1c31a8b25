"""Board geometry: terrain, line of sight and cover, templates, paths, physics."""

from __future__ import annotations

from game.board.terrain import Board, TerrainKind, TerrainPiece

__all__ = ["Board", "TerrainKind", "TerrainPiece"]
