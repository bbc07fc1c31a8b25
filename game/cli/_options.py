"""Command-line options that several commands share: `--set KNOB=VALUE` rules
overrides and `--ai SIDE=NAME` controller choices (run, sim), each checked with a
one-line error naming the problem (game.cli.CliError → exit 2)."""

from __future__ import annotations

import tomllib
from typing import Any

from game.ai_choice import ai_issue
from game.cli import CliError
from game.i18n import tr
from game.loading.knobs import knob_issues
from game.rules.loader import PATTERNS, load_rules
from game.scenario import Scenario


def value_of(raw: str) -> Any:
    """A command-line value read as TOML (numbers, booleans, lists), else as text."""
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw


def pairs(texts: list[str], option: str, form: str) -> list[tuple[str, str, str]]:
    """(text, name, value) of `form` (e.g. KNOB=VALUE) arguments of `option`;
    CliError for a malformed one."""
    out = []
    for text in texts:
        name, sep, raw = text.partition("=")
        if not sep or not name.strip() or not raw.strip():
            raise CliError(tr("cli.options.bad_pair", option=option, form=form, text=text))
        out.append((text, name.strip(), raw.strip()))
    return out


def parse_set(texts: list[str]) -> dict[str, Any]:
    """--set KNOB=VALUE pairs, checked against the rules data: CliError naming each
    problem, then the valid knobs (unless the problem's message lists them already)."""
    knobs = {name: value_of(raw) for _, name, raw in pairs(texts, "--set", "KNOB=VALUE")}
    rules = load_rules()
    problems = knob_issues(knobs, rules)
    if not problems:
        return knobs
    lines = [
        tr("cli.options.bad_knob", problem=f"{path.removeprefix('knobs.')}: {reason}")
        for path, reason in problems
    ]
    if not any("valid knobs:" in reason for _, reason in problems):
        names = ", ".join(rules.knob_names())
        lines.append(tr("cli.options.valid_knobs", names=names, patterns=", ".join(PATTERNS)))
    raise CliError("\n".join(lines))


def parse_ai(texts: list[str], scenario: Scenario) -> dict[str, str]:
    """--ai SIDE=NAME pairs, checked against the scenario's sides and the presets
    and baselines its controller accepts."""
    out: dict[str, str] = {}
    for text, side, name in pairs(texts, "--ai", "SIDE=NAME"):
        issue = ai_issue(scenario, side, name)
        if issue is not None:
            kind, valid = issue
            if kind == "side":
                raise CliError(
                    tr("sim.cli.unknown_side", text=text, side=side, sides=", ".join(valid))
                )
            controller = next(s.controller for s in scenario.side if s.id == side)
            raise CliError(
                tr(
                    "sim.cli.unknown_preset",
                    text=text,
                    preset=name,
                    side=side,
                    controller=controller,
                    presets=", ".join(valid) or tr("sim.cli.no_presets"),
                )
            )
        out[side] = name
    return out
