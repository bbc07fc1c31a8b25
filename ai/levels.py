"""How well an AI side plays: the level a player picks (`--ai SIDE=hard`, the
window's settings), on top of the behaviour sliders of a preset (ai/presets.py).

- `classic`: the controllers as they were before the levels came (kept so that
  every change can be measured against it; its games are the old games exactly);
- `normal`: the classic candidates judged by what the battle is worth (ai/value.py),
  what an action costs and risks (ai/danger.py) and the side's plan (ai/plan.py);
- `hard`: `normal` plus a Monte-Carlo look-ahead over the best few plans where it
  matters (ai/search.py);
- `easy`: `normal` with human mistakes made on purpose (ai/mistakes.py).

A choice names a level, a preset, or both joined by ":" in either order
("hard", "cautious", "hard:cautious").
"""

from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("easy", "normal", "hard", "classic")
"""The levels, weakest first (classic stands apart: the old controller)."""
DEFAULT_LEVEL = "normal"
JOIN = ":"


@dataclass(frozen=True, slots=True)
class Level:
    """What a level switches on."""

    name: str

    @property
    def classic(self) -> bool:
        return self.name == "classic"

    @property
    def judged(self) -> bool:
        """Candidates judged by the battle's stakes, costs and the side plan."""
        return self.name != "classic"

    @property
    def searches(self) -> bool:
        return self.name == "hard"

    @property
    def mistakes(self) -> bool:
        return self.name == "easy"


def level(name: str | None = None) -> Level:
    """The level by name (None: the default); ValueError names the levels."""
    chosen = name or DEFAULT_LEVEL
    if chosen not in LEVELS:
        raise ValueError(f"unknown AI level {chosen!r} (one of: {', '.join(LEVELS)})")
    return Level(chosen)


def split_choice(text: str, presets: list[str]) -> tuple[str | None, str | None]:
    """(level, preset) named by a choice such as "hard", "cautious" or
    "hard:cautious" (either order); ValueError when a part is neither, or a kind is
    named twice."""
    found_level: str | None = None
    found_preset: str | None = None
    for part in text.split(JOIN):
        if part in LEVELS and found_level is None:
            found_level = part
        elif part in presets and found_preset is None:
            found_preset = part
        else:
            raise ValueError(f"{part!r} is no AI level or preset here")
    return found_level, found_preset


def is_choice(text: str, presets: list[str]) -> bool:
    """Does `text` name a level, a preset or both?"""
    try:
        split_choice(text, presets)
    except ValueError:
        return False
    return True
