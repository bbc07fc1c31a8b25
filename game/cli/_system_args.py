"""The options `main.py odds` has for the other rule systems (EWS, 3W6), apart from
their odds (`game/cli/_system_odds.py`): DEAD.EARTH's odds never load those systems.
"""

from __future__ import annotations

import argparse

from game.cli import CliError

EWS_NUMBERS = ("value", "mw", "vs")
THREE_NUMBERS = ("skill", "defence")
RANGES = {"value": (0, 40), "mw": (0, 60), "vs": (0, 40), "skill": (0, 30), "defence": (0, 30)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The other systems' options of `odds`."""
    ews_group = parser.add_argument_group("EWS from numbers (with --rules ews)")
    ews_group.add_argument("--value", type=int, help="the value rolled ± W6")
    ews_group.add_argument("--mw", type=int, help="the Mindestwurf to reach (9, 12, 15, 18 …)")
    ews_group.add_argument("--vs", type=int, help="a contest against this value (ties: initiator)")
    three_group = parser.add_argument_group("3W6 from numbers (with --rules 3w6)")
    three_group.add_argument("--skill", type=int, help="the effective skill: 3W6 ≤ skill")
    three_group.add_argument("--defence", type=int, help="the defender's active defence value")
    three_group.add_argument(
        "--zone", help="declare this hit zone (skull, torso, left_arm …): its aim penalty applies"
    )
    parser.add_argument(
        "--dodge", action="store_true", help="EWS with profiles: the target dodges the shot"
    )


def numbers_given(args: argparse.Namespace) -> list[str]:
    """The other systems' numbers given on the command line."""
    return [n for n in (*EWS_NUMBERS, *THREE_NUMBERS) if getattr(args, n, None) is not None]


def check_numbers(args: argparse.Namespace) -> None:
    """CliError for a number outside its range."""
    for name, (low, high) in RANGES.items():
        value = getattr(args, name)
        if value is not None and not low <= value <= high:
            raise CliError(f"--{name} must be between {low} and {high} (got {value})")
