"""The rule systems the table plays, as pure rules beside DEAD.EARTH's `game/rules/`.

DEAD.EARTH (`game/rules/`, the seed document 000) is one system; this package holds
the others, each with its own data folder (TOML) and profiles of the shipped figures:

- `ews`: the EWS ±W6 system with its FoKa combat module (seed document 004);
- `threew6`: the 3W6 roll-under system with hit zones, active defences, shock and
  bleeding (seed document 003), named "3w6" in scenarios and on the command line.

Everything here is pure: one injected `Dice`, no game state, no words (events are
data). The engine reaches a system through `game/play/systems/` (the interface and
its three implementations); a scenario's `rules` key or `--rules` chooses one.
"""

from __future__ import annotations

from typing import Literal, get_args

SystemName = Literal["deadearth", "ews", "3w6"]
"""The rule systems a scenario may name (`[scenario] rules`, `--rules`)."""

SYSTEM_NAMES: tuple[SystemName, ...] = get_args(SystemName)


class UnknownSystemError(ValueError):
    """A rule system no one has built; the message names the ones there are."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(f"unknown rule system {name!r} (there are: {', '.join(SYSTEM_NAMES)})")


def system_name(text: str) -> SystemName:
    """The system a name means (case-insensitive, surrounding blanks ignored)."""
    key = text.strip().casefold()
    for name in SYSTEM_NAMES:
        if name == key:
            return name
    raise UnknownSystemError(text)


def system_names(text: str) -> tuple[SystemName, ...]:
    """A comma-separated list of systems ('deadearth,ews,3w6'), in order, once each."""
    names: list[SystemName] = []
    for part in text.split(","):
        if part.strip():
            name = system_name(part)
            if name not in names:
                names.append(name)
    if not names:
        raise UnknownSystemError(text)
    return tuple(names)
