"""Golden playthroughs: whole recorded games, kept as text files that diff line by line.

A playthrough is one game of a shipped scenario (`scenarios/NAME.toml`) from a seed,
played by the controllers `main.py run` gives its sides. Its file
(`tests/golden/NAME.seedN.txt`, format 1) holds:

    # comment lines
    format = 1                               the header: `key = value` lines
    scenario = scenarios/refuge_horde.toml
    seed = 1
    controller.refuge = human (TacticalAI)   one line per side, in the scenario's order
    outcome = partial                        then what the game came to
    rounds = 8
    actions = 262
    events = 610
    events_hash = 2e06…                      as `main.py run --json` prints it
    (blank line)
    opening                                  the events before the first action
      en: Battle begins: … (§3)              each event's English log line
      data: {"kind":"game_started",…}        and its `to_dict()` as compact JSON
    action: entry side=horde entry=guertel-east
      en: …                                  the events that action caused
      data: …

The action lines are `str(action)` (`Action.parse` reads them back); the `en:` lines
are the battle report's lines (`main.py run --log`, without the AI's intent lines);
the `data:` lines are what the events hash is computed from. No line is numbered,
so an added or removed event changes only its own lines in a diff.

`record` plays a game with the AI, `replay` applies a file's actions to a fresh
`Game`, `first_difference` tells in words where two playthroughs part.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.actions import Action, ActionParseError, IllegalAction
from game.engine import Game
from game.events import Event
from game.loading import load_battle
from game.replay import canonical_json, events_hash, explain
from game.scenario import Scenario
from game.sim import rounds_played, run_game

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root (scenario paths in the files are relative to it)."""
HERE = Path(__file__).resolve().parent
FORMAT = 1
"""The file format; raise it when the layout of the files changes."""
ENGLISH = "en"
REGEN = "python -m tests.golden.regen"
"""The command that rewrites the files (after a change of behaviour made on purpose)."""

GAMES: tuple[tuple[str, int], ...] = (
    ("open_skirmish", 1),
    ("open_skirmish", 2),
    ("refuge_horde", 1),
    ("refuge_horde", 2),
    ("refuge_raiders", 1),
    ("refuge_raiders", 2),
    ("salvage_clinic", 1),
    ("salvage_depot", 1),
    ("salvage_yard", 1),
)
"""(scenario name in scenarios/, seed) of every golden game."""


class GoldenFileError(ValueError):
    """A golden file that cannot be read (names the file and line)."""


# -- the two renderings of an event ----------------------------------------------------


def english(event: Event) -> str:
    """The event's line in the battle report, in English whatever the user's language.
    The one place the golden files take event text from."""
    return explain(event, ENGLISH)


def data(event: Event) -> str:
    """The event as data: its `to_dict()` as compact JSON, fields in their order."""
    return json.dumps(event.to_dict(), ensure_ascii=False, separators=(",", ":"))


# -- the model ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One event: its English text and its data."""

    en: str
    data: str


@dataclass(frozen=True)
class Step:
    """An action (None: the opening, before any action) and the events it caused;
    `refused` says why the game would not take the action (replays only)."""

    action: str | None
    events: tuple[Line, ...]
    refused: str | None = None


@dataclass(frozen=True)
class Playthrough:
    """One golden game: where it starts, and every step of it."""

    scenario: str
    seed: int
    controllers: tuple[tuple[str, str], ...]
    """(side id, "controller (class)") in the scenario's order."""
    outcome: str | None
    rounds: int
    events_hash: str
    steps: tuple[Step, ...] = field(default=())

    @property
    def actions(self) -> list[str]:
        return [s.action for s in self.steps if s.action is not None]

    @property
    def events(self) -> list[Line]:
        return [line for s in self.steps for line in s.events]

    def header(self) -> list[tuple[str, str]]:
        """The header's (key, value) pairs in their order."""
        return [
            ("format", str(FORMAT)),
            ("scenario", self.scenario),
            ("seed", str(self.seed)),
            *((f"controller.{side}", who) for side, who in self.controllers),
            ("outcome", str(self.outcome)),
            ("rounds", str(self.rounds)),
            ("actions", str(len(self.actions))),
            ("events", str(len(self.events))),
            ("events_hash", self.events_hash),
        ]


def file_name(name: str, seed: int) -> str:
    return f"{name}.seed{seed}.txt"


def golden_path(name: str, seed: int) -> Path:
    return HERE / file_name(name, seed)


def scenario_path(name: str) -> str:
    """The scenario file of a shipped scenario, relative to the repository."""
    return f"scenarios/{name}.toml"


def load_scenario(relative: str) -> Scenario:
    return load_battle(ROOT / relative)


def controllers(scenario: Scenario) -> tuple[tuple[str, str], ...]:
    """Who plays each side headless (`main.py run` without --ai): the scenario's
    controller and the class `ai.controller_for` makes of it."""
    from ai import controller_for

    return tuple(
        (side.id, f"{side.controller} ({type(controller_for(side.controller)).__name__})")
        for side in scenario.side
    )


def _lines(events: Iterable[Event]) -> tuple[Line, ...]:
    return tuple(Line(english(e), data(e)) for e in events)


# -- playing and replaying --------------------------------------------------------------


def record(name: str, seed: int) -> Playthrough:
    """Play a shipped scenario from a seed with the AI on every side, as `main.py run
    SCENARIO --seed SEED` does, and keep every step."""
    relative = scenario_path(name)
    scenario = load_scenario(relative)
    caused: list[tuple[Action, list[Event]]] = []
    result = run_game(
        scenario,
        seed,
        scenario_name=scenario.scenario.name,
        observer=lambda _game, action, new: caused.append((action, list(new))),
    )
    opening = len(result.events) - sum(len(new) for _, new in caused)
    steps = [Step(None, _lines(result.events[:opening]))]
    steps += [Step(str(action), _lines(new)) for action, new in caused]
    return Playthrough(
        scenario=relative,
        seed=seed,
        controllers=controllers(scenario),
        outcome=result.outcome,
        rounds=result.rounds,
        events_hash=result.events_hash,
        steps=tuple(steps),
    )


def replay(expected: Playthrough) -> Playthrough:
    """Apply a playthrough's actions to a fresh `Game` of its scenario and seed and
    keep what they cause (an action the game refuses ends the replay there)."""
    scenario = load_scenario(expected.scenario)
    game = Game(scenario, seed=expected.seed, scenario_name=scenario.scenario.name)
    events = list(game.opening_events)
    steps = [Step(None, _lines(events))]
    for text in expected.actions:
        try:
            new = game.apply(Action.parse(text))
        except (IllegalAction, ActionParseError) as exc:
            steps.append(Step(text, (), refused=str(exc)))
            break
        events += new
        steps.append(Step(text, _lines(new)))
    return Playthrough(
        scenario=expected.scenario,
        seed=expected.seed,
        controllers=controllers(scenario),
        outcome=game.outcome(),
        rounds=rounds_played(events),
        events_hash=events_hash(events),
        steps=tuple(steps),
    )


def data_hash(playthrough: Playthrough) -> str:
    """The events hash of a playthrough's `data:` lines (equal to the header's
    `events_hash` in a file that is whole)."""
    text = "[" + ",".join(canonical_json(json.loads(e.data)) for e in playthrough.events) + "]"
    return hashlib.sha256(text.encode()).hexdigest()


# -- the file ---------------------------------------------------------------------------

_COMMENT = [
    "# A golden playthrough of DEAD.EARTH Skirmish (tests/golden/playthrough.py says how",
    "# to read it). tests/golden/test_golden.py replays its actions and compares every",
    f"# event. After a change of behaviour made on purpose: {REGEN}",
]


def render(playthrough: Playthrough) -> str:
    """The file's text."""
    out = [*_COMMENT, *(f"{key} = {value}" for key, value in playthrough.header()), ""]
    for step in playthrough.steps:
        out.append("opening" if step.action is None else f"action: {step.action}")
        if step.refused is not None:
            out.append(f"  refused: {step.refused}")
        for line in step.events:
            out += [f"  en: {line.en}", f"  data: {line.data}"]
    return "\n".join(out) + "\n"


def parse(text: str, where: str = "golden file") -> Playthrough:
    """Read a file's text (GoldenFileError names the line that is wrong)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    header: dict[str, str] = {}
    sides: list[tuple[str, str]] = []
    end = lines.index("") if "" in lines else len(lines)
    for number, raw in enumerate(lines[:end], 1):
        if raw.startswith("#"):
            continue
        key, sep, value = raw.partition(" = ")
        if not sep:
            raise GoldenFileError(f"{where}:{number}: expected 'key = value', got {raw!r}")
        if key.startswith("controller."):
            sides.append((key.removeprefix("controller."), value))
        else:
            header[key] = value
    if header.get("format") != str(FORMAT):
        raise GoldenFileError(f"{where}: format {header.get('format')!r}, expected {FORMAT}")
    steps = _parse_steps(lines, end + 1, where)
    try:
        playthrough = Playthrough(
            scenario=header["scenario"],
            seed=int(header["seed"]),
            controllers=tuple(sides),
            outcome=None if header["outcome"] == "None" else header["outcome"],
            rounds=int(header["rounds"]),
            events_hash=header["events_hash"],
            steps=tuple(steps),
        )
    except (KeyError, ValueError) as exc:
        raise GoldenFileError(f"{where}: header: missing or bad {exc}") from None
    for key in ("actions", "events"):
        counted = len(getattr(playthrough, key))
        if header.get(key) != str(counted):
            said = header.get(key)
            raise GoldenFileError(f"{where}: header says {key} = {said}, found {counted}")
    return playthrough


def _parse_steps(lines: Sequence[str], start: int, where: str) -> list[Step]:
    steps: list[Step] = []
    action: str | None = None
    events: list[Line] = []
    refused: str | None = None
    en: str | None = None
    for number, raw in enumerate(lines[start:], start + 1):
        if (number == start + 1) != (raw == "opening"):
            raise GoldenFileError(f"{where}:{number}: 'opening' starts the body, once")
        if raw == "opening" or raw.startswith("action: "):
            if en is not None:
                raise GoldenFileError(f"{where}:{number - 1}: an event without 'data:' line")
            if number > start + 1:
                steps.append(Step(action, tuple(events), refused))
            action = None if raw == "opening" else raw.removeprefix("action: ")
            events, refused = [], None
        elif raw.startswith("  en: ") and en is None:
            en = raw.removeprefix("  en: ")
        elif raw.startswith("  data: ") and en is not None:
            events.append(Line(en, raw.removeprefix("  data: ")))
            en = None
        elif raw.startswith("  refused: "):
            refused = raw.removeprefix("  refused: ")
        else:
            raise GoldenFileError(f"{where}:{number}: unexpected line {raw[:80]!r}")
    if en is not None:
        raise GoldenFileError(f"{where}: the last event has no 'data:' line")
    steps.append(Step(action, tuple(events), refused))
    return steps


def read(path: Path) -> Playthrough:
    return parse(path.read_text(encoding="utf-8"), path.name)


def write(path: Path, playthrough: Playthrough) -> None:
    path.write_text(render(playthrough), encoding="utf-8", newline="\n")


# -- telling two playthroughs apart -------------------------------------------------------

CONTEXT = 3
"""Events (or actions) shown after the first difference."""


def first_difference(expected: Playthrough, got: Playthrough) -> str | None:
    """None if the two agree; else a report of where they first part: the action,
    the first differing event as text and as data (expected, then got), and the
    data fields that differ."""
    for index, (want, have) in enumerate(zip(expected.steps, got.steps, strict=False)):
        where = _step_name(expected, index)
        if want.action != have.action:
            return _action_report(expected, got, index)
        if have.refused is not None:
            return f"{where}: the game refuses it: {have.refused}"
        if want.events != have.events:
            return _event_report(where, want.events, have.events, _events_before(expected, index))
    if len(expected.steps) != len(got.steps):
        return (
            f"the game has {len(got.actions)} actions, the golden file {len(expected.actions)}: "
            f"{_after_end(expected, got)}"
        )
    for (key, want_value), (_, have_value) in zip(expected.header(), got.header(), strict=True):
        if want_value != have_value:
            return f"header: {key} = {want_value!r} expected, got {have_value!r}"
    if len(expected.header()) != len(got.header()):
        return f"header: sides {expected.controllers} expected, got {got.controllers}"
    return None


def _step_name(playthrough: Playthrough, index: int) -> str:
    if index == 0:
        return "the opening (before the first action)"
    action = playthrough.steps[index].action
    return f"action {index} of {len(playthrough.actions)} ({action})"


def _events_before(playthrough: Playthrough, index: int) -> int:
    return sum(len(s.events) for s in playthrough.steps[:index])


def _action_report(expected: Playthrough, got: Playthrough, index: int) -> str:
    previous = expected.steps[index - 1]
    lines = [
        f"action {index} of {len(expected.actions)} differs "
        f"(after {_events_before(expected, index)} events):",
        f"  expected: {expected.steps[index].action}",
        f"  got:      {got.steps[index].action}",
        f"  after:    {previous.action or 'the opening'}",
    ]
    lines += [f"            {line.en}" for line in previous.events[-CONTEXT:]]
    lines.append("  next expected: " + " | ".join(_actions_from(expected, index + 1)))
    lines.append("  next got:      " + " | ".join(_actions_from(got, index + 1)))
    return "\n".join(lines)


def _actions_from(playthrough: Playthrough, index: int) -> list[str]:
    return [str(s.action) for s in playthrough.steps[index : index + CONTEXT]] or ["(none)"]


def _event_report(where: str, want: Sequence[Line], have: Sequence[Line], before: int) -> str:
    i = next(
        (k for k, (a, b) in enumerate(zip(want, have, strict=False)) if a != b),
        min(len(want), len(have)),
    )
    lines = [f"{where}, event {i + 1} of {len(want)} (event {before + i + 1} of the game):"]
    lines += _line_pair("expected", want[i] if i < len(want) else None)
    lines += _line_pair("got", have[i] if i < len(have) else None)
    if i < len(want) and i < len(have):
        lines.append("  fields that differ: " + _field_diff(want[i].data, have[i].data))
    if len(want) != len(have):
        lines.append(f"  the action caused {len(have)} events, expected {len(want)}")
    for label, side in (("expected", want), ("got", have)):
        rest = [line.en for line in side[i + 1 : i + 1 + CONTEXT]]
        if rest:
            lines.append(f"  {'then ' + label + ':':<15}" + " | ".join(rest))
    return "\n".join(lines)


def _line_pair(label: str, line: Line | None) -> list[str]:
    head = f"  {label + ':':<10}"
    if line is None:
        return [f"{head}(no event)"]
    return [f"{head}{line.en}", f"{' ' * len(head)}{line.data}"]


def _field_diff(want: str, have: str) -> str:
    try:
        a: dict[str, Any] = json.loads(want)
        b: dict[str, Any] = json.loads(have)
    except json.JSONDecodeError:
        return "(not JSON)"
    keys = [*a, *(k for k in b if k not in a)]
    parts = [
        f"{k}: {_value(a, k)} → {_value(b, k)}" for k in keys if a.get(k, _NO) != b.get(k, _NO)
    ]
    return "; ".join(parts) or "(none: the text differs)"


_NO = object()


def _value(fields: dict[str, Any], key: str) -> str:
    return json.dumps(fields[key], ensure_ascii=False) if key in fields else "(absent)"


def _after_end(expected: Playthrough, got: Playthrough) -> str:
    longer, label = (got, "got") if len(got.steps) > len(expected.steps) else (expected, "expected")
    extra = longer.steps[min(len(expected.steps), len(got.steps))]
    return f"the first {label} action past the other's end is {extra.action!r}"


def with_steps(playthrough: Playthrough, steps: Sequence[Step]) -> Playthrough:
    """A copy with other steps (tests build altered playthroughs with it)."""
    return replace(playthrough, steps=tuple(steps))
