"""Drawing the table: terrain layer, figures, markers and the input overlays."""

from __future__ import annotations
