"""The campaign file (docs/CAMPAIGN.md "The campaign file"): JSON with a format tag and
a version, written atomically; a new campaign from a refuge scenario; the context a
cycle needs (tables, rules, the parsed layout and maps).

A file that is not JSON, is JSON of another kind, or lacks a field is refused with
one message (`CampaignFileError`) and never overwritten: `campaign next` saves only
after it has read the file and played the cycle. A file of an older version is read
through `MIGRATIONS` or refused; one of a newer version is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.campaign.battle import core_posts, militia_posts
from game.campaign.cycle import Context
from game.campaign.model import Campaign, ModuleState
from game.campaign.refuge import start_level
from game.campaign.roster import new_member
from game.campaign.schema import file_problem
from game.campaign.tables import RESOURCES, TablesError, load_tables
from game.dice import Dice
from game.files import write_json_atomic
from game.i18n import tr
from game.loading import parse_scenario
from game.loading.raw import read_text
from game.rules.loader import load_rules
from game.rules.talents import split
from game.scenario import ScenarioError

FORMAT = "dead-earth-campaign"
VERSION = 1
SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
"""Where the mission maps are read from when a campaign starts (the shipped ones)."""

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""version → the function that lifts a file of that version to the next one."""


class CampaignFileError(Exception):
    """A campaign file or a refuge that cannot be used: one message (the catalogue's
    `campaign.error.<key>`)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(tr(f"campaign.error.{key}", **params))


def _layout(text: str, name: str) -> Any:
    try:
        layout = parse_scenario(text, name)
    except ScenarioError as exc:
        raise CampaignFileError("bad_refuge", file=name, reason=exc.errors[0]) from None
    if not any(s.raid is not None for s in layout.side) or all(
        s.raid is not None for s in layout.side
    ):
        raise CampaignFileError("not_a_refuge", file=name)
    return layout


def new_campaign(
    refuge_file: str | Path, seed: int, overrides: dict[str, Any] | None = None
) -> Campaign:
    """A campaign on a refuge scenario (a layout with a raid side), day 0."""
    path = Path(refuge_file)
    try:
        text = read_text(path)
        tables = load_tables(overrides)
        maps = {name: read_text(SCENARIO_DIR / name) for name in tables.mission.maps}
    except ScenarioError as exc:
        raise CampaignFileError("cannot_read", file=str(path), reason=exc.errors[0]) from None
    except TablesError as exc:
        raise CampaignFileError("bad_tables", reason=str(exc)) from None
    layout = _layout(text, path.name)
    rules = load_rules()
    roster = [
        new_member(p.id, p.profile_name or "", rules, post=p.id) for p in core_posts(layout, rules)
    ]
    modules = [ModuleState(m.id, m.kind) for m in layout.module]
    militia = len(militia_posts(layout, rules))
    start = tables.start
    c = Campaign(
        seed=seed,
        refuge_name=layout.scenario.name,
        layout_file=path.name,
        layout=text,
        maps=maps,
        resources={r: getattr(start, r) for r in RESOURCES},
        population=max(start.population, militia),
        morale=start.morale,
        extras=militia,
        level=start_level(modules, tables),
        modules=modules,
        roster=roster,
        dice=Dice.seeded(seed).state,
        overrides=dict(overrides or {}),
    )
    return c


def context_of(c: Campaign) -> Context:
    """The tables (with the campaign's overrides), the rules, the layout and maps."""
    try:
        tables = load_tables(c.overrides)
    except TablesError as exc:
        raise CampaignFileError("bad_tables", reason=str(exc)) from None
    maps = {}
    for name, text in c.maps.items():
        try:
            maps[name] = parse_scenario(text, name)
        except ScenarioError as exc:
            raise CampaignFileError("bad_refuge", file=name, reason=exc.errors[0]) from None
    return Context(tables, load_rules(), _layout(c.layout, c.layout_file), maps)


def save(c: Campaign, path: str | Path) -> None:
    """Write the campaign file atomically."""
    write_json_atomic(path, {"format": FORMAT, "version": VERSION, **c.to_dict()})


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CampaignFileError("not_found", file=str(path)) from None
    except UnicodeDecodeError:
        raise CampaignFileError("not_json", file=path.name, reason="not UTF-8 text") from None
    except OSError as exc:
        raise CampaignFileError("cannot_read", file=str(path), reason=exc.strerror) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CampaignFileError("not_json", file=path.name, reason=str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignFileError("foreign", file=path.name)
    return data


def load(path: str | Path) -> Campaign:
    """Read a campaign file; CampaignFileError says what is wrong with it."""
    path = Path(path)
    data = _read(path)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise CampaignFileError("corrupt", file=path.name, reason=f"version: {version!r}")
    if version > VERSION:
        raise CampaignFileError("newer", file=path.name, version=version, known=VERSION)
    while version < VERSION:
        lift = MIGRATIONS.get(version)
        if lift is None:
            raise CampaignFileError("too_old", file=path.name, version=version, known=VERSION)
        data, version = lift(data), version + 1
    problem = file_problem(data)
    if problem is None:
        c = Campaign.from_dict(data)
        problem = _meaning_problem(c)
    if problem is not None:
        raise CampaignFileError("corrupt", file=path.name, reason=problem)
    return c


def _meaning_problem(c: Campaign) -> str | None:
    """What a well-formed file may still get wrong against the tables and the rules:
    an unknown profile or talent, a level past the tables, dice that cannot roll."""
    try:
        tables = load_tables(c.overrides)
    except TablesError as exc:
        return f"overrides: {exc}"
    rules = load_rules()
    if c.level > len(tables.level):
        return f"level: {c.level} (the tables know {len(tables.level)} levels)"
    for i, m in enumerate(c.roster):
        if rules.lookup("profile", m.profile) is None:
            return f"roster[{i}].profile: unknown profile {m.profile!r}"
        if m.level > tables.levels.max:
            return f"roster[{i}].level: {m.level} (at most {tables.levels.max})"
        unknown = [t for t in m.talents if rules.lookup("talent", split(t)[0]) is None]
        if unknown:
            return f"roster[{i}].talents: unknown talent {unknown[0]!r}"
    try:
        Dice.seeded(0).state = c.dice
    except (TypeError, ValueError, KeyError) as exc:
        return f"dice: {exc}"
    return None
