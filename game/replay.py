"""Game records: (scenario text, knob overrides, seed, actions) saved as JSON,
replayed through the same `Game.apply`, and verified by the hash of the event
stream.

The record's top level: "version", "scenario" (the file's text), "scenario_name",
"knobs", "seed", "rules" (only when `--rules` played another system than the
scenario's), "actions" (text forms, `Action.parse`), "events_hash" (sha256 over
the canonical JSON of every event's `to_dict()`, the opening events included),
and for reports "outcome", "rounds" and "events" (per event a short digest and its
English explanation, to name the first differing event). Written atomically
(temp file, fsync, os.replace); never pickle.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game import files, limits
from game.actions import Action, ActionParseError, IllegalAction
from game.engine import Game
from game.events import Event
from game.files import write_json_atomic
from game.i18n import DEFAULT_LANGUAGE
from game.loading import parse_scenario, require_battle
from game.loading.knobs import knob_issues
from game.narration import narrate, reason_text
from game.rules.loader import RulesData, RulesDataError, load_rules
from game.scenario import KnobValue, ScenarioError, Whole, format_path
from game.systems import SystemName

VERSION = 3
"""The record format; raised whenever the engine's events change shape (2: events
name their figures, Moved reports vaults; 3: the infected's attention, GameOver's
consequences), so older records are told apart."""
DIGEST_CHARS = 16
"""Hex characters of an event's digest kept in the record."""


class RecordError(Exception):
    """A record file that cannot be read or replayed (bad JSON, scenario, actions)."""


# -- hashing the event stream ---------------------------------------------------------


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, ASCII: the one text a value hashes as."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def event_json(event: Event) -> str:
    return canonical_json(event.to_dict())


def event_digest(event: Event) -> str:
    """A short digest of one event's canonical JSON."""
    return hashlib.sha256(event_json(event).encode()).hexdigest()[:DIGEST_CHARS]


class EventHasher:
    """sha256 of the canonical JSON list of events' `to_dict()`, fed one at a time
    (equal to hashing `canonical_json([e.to_dict() for e in events])`)."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256(b"[")
        self.count = 0

    def add(self, events: Iterable[Event]) -> None:
        for event in events:
            if self.count:
                self._sha.update(b",")
            self._sha.update(event_json(event).encode())
            self.count += 1

    def hexdigest(self) -> str:
        sha = self._sha.copy()
        sha.update(b"]")
        return sha.hexdigest()


def events_hash(events: Iterable[Event]) -> str:
    """The hash of an event stream (opening events first)."""
    hasher = EventHasher()
    hasher.add(events)
    return hasher.hexdigest()


def explain(event: Event, language: str | None = None) -> str:
    """The event's log line (`game.narration.narrate`); a line naming the event if
    its telling fails."""
    try:
        return narrate(event, language)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError) as exc:
        return f"{type(event).__name__} {canonical_json(event.to_dict())} (no explanation: {exc})"


# -- the record -------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class EventNote(_Model):
    """One recorded event: its digest and its explanation."""

    digest: str
    text: str


class _RecordModel(_Model):
    version: Annotated[Whole, Field(ge=1)]
    scenario: Annotated[str, Field(max_length=limits.SCENARIO_BYTES)]
    scenario_name: Annotated[str, Field(max_length=limits.MAX_NAME)] = ""
    knobs: Annotated[dict[str, KnobValue], Field(max_length=limits.MAX_KNOBS)] = Field(
        default_factory=dict
    )
    seed: Annotated[Whole, Field(ge=0, le=limits.MAX_SEED)]
    actions: Annotated[list[str], Field(max_length=limits.MAX_ACTIONS)]
    events_hash: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    outcome: str | None = None
    rounds: Annotated[Whole, Field(ge=0, le=limits.MAX_ROUNDS)] = 0
    events: list[EventNote] = Field(default_factory=list)
    rules: SystemName | None = None


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game, and what it should produce."""

    scenario: str
    scenario_name: str
    knobs: Mapping[str, Any]
    seed: int
    actions: Sequence[str]
    events_hash: str
    outcome: str | None = None
    rounds: int = 0
    events: Sequence[EventNote] = field(default_factory=tuple)
    version: int = VERSION
    rules: SystemName | None = None  # the rule system played, when not the scenario's

    def to_dict(self) -> dict[str, Any]:
        played = {"rules": self.rules} if self.rules is not None else {}
        return {
            "version": self.version,
            "scenario_name": self.scenario_name,
            "seed": self.seed,
            **played,
            "knobs": dict(self.knobs),
            "outcome": self.outcome,
            "rounds": self.rounds,
            "events_hash": self.events_hash,
            "actions": list(self.actions),
            "events": [{"digest": n.digest, "text": n.text} for n in self.events],
            "scenario": self.scenario,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "record") -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a game record (expected a JSON object)")
        try:
            model = _RecordModel.model_validate(data)
        except ValidationError as exc:
            problems = [
                f"{where}: {format_path([p for p in e['loc'] if isinstance(p, str | int)])}: "
                + (
                    "required field is missing"
                    if e["type"] == "missing"
                    else str(e["msg"]).removeprefix("Value error, ")
                )
                for e in exc.errors(include_url=False)
            ]
            raise RecordError("\n".join(problems)) from None
        if model.version > VERSION:
            raise RecordError(
                f"{where}: version {model.version} is newer than this program ({VERSION})"
            )
        return cls(
            scenario=model.scenario,
            scenario_name=model.scenario_name,
            knobs=dict(model.knobs),
            seed=model.seed,
            actions=tuple(model.actions),
            events_hash=model.events_hash,
            outcome=model.outcome,
            rounds=model.rounds,
            events=tuple(model.events),
            version=model.version,
            rules=model.rules,
        )


def note(event: Event) -> EventNote:
    """An event's digest and English explanation, as a record keeps them."""
    return EventNote(digest=event_digest(event), text=explain(event, DEFAULT_LANGUAGE))


def make_record(
    scenario_text: str,
    *,
    scenario_name: str,
    seed: int,
    knobs: Mapping[str, Any] | None,
    actions: Sequence[Action],
    events: Sequence[Event],
    outcome: str | None = None,
    rounds: int = 0,
    rules: SystemName | None = None,
) -> GameRecord:
    """The record of a played game (explanations in English); `rules` names the system
    played when `--rules` chose another than the scenario's."""
    return GameRecord(
        scenario=scenario_text,
        scenario_name=scenario_name,
        knobs=dict(knobs or {}),
        seed=seed,
        actions=tuple(str(a) for a in actions),
        events_hash=events_hash(events),
        outcome=outcome,
        rounds=rounds,
        events=tuple(
            EventNote(digest=event_digest(e), text=explain(e, DEFAULT_LANGUAGE)) for e in events
        ),
        rules=rules,
    )


def save_record(record: GameRecord, path: str | Path) -> None:
    """Save a record as JSON, atomically."""
    write_json_atomic(path, record.to_dict())


def load_record(path: str | Path) -> GameRecord:
    """Read a record file; RecordError names the file and the problem (a regular
    file of at most `limits.RECORD_BYTES`, JSON nested at most `limits.MAX_DEPTH`
    deep, game/files.py)."""
    try:
        data = files.load_json(files.read_text(path, limits.RECORD_BYTES), limits.MAX_DEPTH)
    except files.FileProblem as exc:
        raise RecordError(f"{path}: {exc}") from None
    return GameRecord.from_dict(data, str(path))


# -- replaying ------------------------------------------------------------------------


@dataclass
class Replay:
    """A record played again: the game, every event, and where it stopped early."""

    game: Game
    events: list[Event]
    applied: int
    illegal: str | None = None  # "action N 'text': reason" if an action was refused

    @property
    def events_hash(self) -> str:
        return events_hash(self.events)


def parse_actions(record: GameRecord) -> list[Action]:
    actions: list[Action] = []
    for i, text in enumerate(record.actions):
        try:
            actions.append(Action.parse(text))
        except ActionParseError as exc:
            raise RecordError(f"actions[{i}]: {exc}") from None
    return actions


def replay(record: GameRecord, *, rules: RulesData | None = None) -> Replay:
    """Rebuild the game from the record and apply its actions (RecordError if the
    scenario, knobs or action texts are bad; an illegal action stops the replay)."""
    name = record.scenario_name or "scenario"
    try:
        scenario = require_battle(parse_scenario(record.scenario, name, rules=rules), name)
    except ScenarioError as exc:
        raise RecordError("the recorded scenario is not valid:\n" + "\n".join(exc.errors)) from None
    bad = knob_issues(record.knobs, rules or load_rules())
    if bad:
        raise RecordError("\n".join(f"{path}: {reason}" for path, reason in bad))
    actions = parse_actions(record)
    try:
        game = Game(
            scenario.under(record.rules),
            seed=record.seed,
            rules=rules,
            knobs=record.knobs,
            scenario_name=record.scenario_name,
        )
    except RulesDataError as exc:
        raise RecordError(f"knobs: {exc}") from None
    events = list(game.opening_events)
    for i, action in enumerate(actions):
        try:
            events += game.apply(action)
        except IllegalAction as exc:
            return Replay(game, events, i, f"action {i} '{action}': {reason_text(exc.reason)}")
    return Replay(game, events, len(actions))


@dataclass(frozen=True)
class Verification:
    """The result of `verify`: a match, or the first difference."""

    ok: bool
    recorded_hash: str
    replayed_hash: str
    events: int
    index: int | None = None  # first differing event (None: unknown or none)
    recorded: str | None = None  # its recorded explanation
    replayed: str | None = None  # its replayed explanation
    illegal: str | None = None
    notes: int = 0  # events the record keeps notes of (digest and explanation)


def verify(record: GameRecord, *, rules: RulesData | None = None) -> Verification:
    """Re-simulate and compare the event stream's hash with the recorded one."""
    run = replay(record, rules=rules)
    replayed_hash = run.events_hash
    if replayed_hash == record.events_hash and run.illegal is None:
        return Verification(True, record.events_hash, replayed_hash, len(run.events))
    index, recorded, replayed = first_difference(record.events, run.events)
    return Verification(
        False,
        record.events_hash,
        replayed_hash,
        len(run.events),
        index,
        recorded,
        replayed,
        run.illegal,
        len(record.events),
    )


def first_difference(
    notes: Sequence[EventNote], events: Sequence[Event]
) -> tuple[int | None, str | None, str | None]:
    """(index, recorded text, replayed text) of the first event that differs; index
    None when the record carries no per-event notes and the lengths agree."""
    for i, (note, event) in enumerate(zip(notes, events, strict=False)):
        if note.digest != event_digest(event):
            return i, note.text, explain(event, DEFAULT_LANGUAGE)
    if len(notes) != len(events) and (notes or not events):
        i = min(len(notes), len(events))
        recorded = notes[i].text if i < len(notes) else None
        replayed = explain(events[i], DEFAULT_LANGUAGE) if i < len(events) else None
        return i, recorded, replayed
    return None, None, None
