"""Declared limits of what the program reads and makes: each well above any real
table, each a clear error naming the limit when exceeded (docs/SCENARIO.md
"Limits"; measured by tests/bench/bench_limits.py: at the limits `check` stays
under 5 s and memory under 2 GB; a move takes ~40 ms, but the game's first takes
~9 s CPU while the movement graph is built, over the 1 s target).

Plain numbers only: the format's models (game/scenario.py), the scenario reader
(game/loading), records (game/replay.py), settings (game/ui/settings.py), batches
(game/batch.py) and maps (game/cli/map.py) read them from here.
"""

from __future__ import annotations

# -- files ------------------------------------------------------------------------------

SCENARIO_BYTES = 1 << 20
"""A scenario file: 1 MiB (the shipped ones are under 20 KiB)."""
RECORD_BYTES = 64 << 20
"""A game record: 64 MiB (a record keeps about 170 bytes per event; a game that
reaches the 100,000 actions a headless game may take is about 40 MiB)."""
SETTINGS_BYTES = 64 << 10
"""The settings file: 64 KiB (it is under 1 KiB)."""
MAX_DEPTH = 16
"""Lists and tables nested in a scenario, record or settings file (a scenario uses 7:
side → squad → figure → stats → weapons, with their lists)."""

# -- the table -------------------------------------------------------------------------

MAX_BOARD_CM = 400.0
"""Each side of the board (a large club table is 180 × 120 cm)."""
MAX_PIECES = 250
"""Terrain pieces and modules together (a dense table has 50–80)."""
MAX_POLYGON_POINTS = 64
"""Points of one polygon."""
MAX_POINTS = 2500
"""Points of every polygon of the file together (terrain, modules, deploy and entry
zones)."""
MAX_SIDES = 8
MAX_SQUADS = 100
"""Squads of all sides together."""
MAX_FIGURES = 200
"""Figures placed before the battle, all sides together (the benchmark scene has 200)."""
MAX_EQUIPMENT = 50
"""Items one figure may carry (seed 002)."""
MAX_TRUPPWERT = 100000.0
"""The largest Truppwert budget a side may declare."""
MAX_ROSTER = 32
"""Lines of one raid roster."""
MAX_ENTRIES = 16
"""Entry zones of one raid."""
MAX_LOOT = 50
"""Loot markers of one scenario (`[[loot]]`)."""
MAX_LOOT_VALUE = 100
"""Pieces of a resource one loot marker is worth."""
MAX_LOOT_SLOTS = 8
"""Carrying slots one loot marker takes (a figure has 4, rulebook §9)."""
MAX_BUDGET = 200.0
"""What a whole raid buys (a Shambler costs 1; the shipped raids buy 9–16)."""
MAX_WAVES = 50
"""Waves of one raid (the most its dice expression can give)."""
MAX_ROUNDS = 1000
MAX_STRUCTURE = 1000
MAX_WEIGHT = 1000.0
"""A roster line's weight."""
MAX_KNOBS = 500
"""Entries of [knobs]."""
MAX_SEED = 2**63 - 1
"""A seed (scenario, command line, record)."""

MAX_ACTIONS = 100_000
"""Actions of one game: a headless game that has not ended by then counts as stuck,
and a record holds at most this many."""

# -- text -------------------------------------------------------------------------------

MAX_ID = 64
"""Characters of an id."""
MAX_NAME = 200
"""Characters of a name (scenario, side, entry zone, profile, weapon …)."""
MAX_DESCRIPTION = 4000
"""Characters of the scenario's description."""
MAX_LIST = 32
"""Weapons or talents of an inline profile."""

# -- commands ---------------------------------------------------------------------------

MAX_GAMES = 100_000
"""Games of one batch (`sim --games`, `map --games`): the report keeps one small
record per game."""
MAX_MAP_PIXELS = 80_000_000
"""Pixels of a map image (`map`): about 1.6 GB while it is drawn and saved; a
120 × 120 cm table at 1:1 and 150 dpi is 50 million."""
