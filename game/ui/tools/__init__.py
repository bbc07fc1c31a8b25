"""Table tools: what the mouse does while a verb is being carried out (Move/Run,
Attack/Charge, Overwatch, Throw) or the ruler is out. Tools return actions; the
app applies them."""

from __future__ import annotations
