"""The sub-command registry of `main.py` (game/cli/__init__.py): every registered
command's module is there and keeps the contract, every command module is
registered, and a broken registration stops with a clear error."""

from __future__ import annotations

import pkgutil
from pathlib import Path

import pytest

import game.cli
from game.cli import BY_NAME, COMMANDS, DEFAULT_COMMAND, Command, CommandError, load, run_cli

CLI = Path(game.cli.__file__).parent


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_every_registered_command_loads(command: Command) -> None:
    loaded = load(command)
    assert callable(loaded.add_arguments) and callable(loaded.run)
    assert command.help and len(command.help) <= 100


def test_every_command_module_is_registered() -> None:
    modules = {info.name for info in pkgutil.iter_modules([str(CLI)])}
    commands = {m for m in modules if not m.startswith("_")}
    assert commands == {c.module for c in COMMANDS}
    assert DEFAULT_COMMAND in BY_NAME and len(BY_NAME) == len(COMMANDS)


def test_a_broken_registration_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(CommandError, match=r"command 'ghost': cannot import game\.cli\.ghost"):
        load(Command("ghost", "ghost", "a module that is not there"))
    with pytest.raises(CommandError, match=r"game\.cli\._options lacks add_arguments\(\), run\(\)"):
        load(Command("options", "_options", "a module without the two functions"))
    ghost = Command("ghost", "ghost", "not there")
    monkeypatch.setattr(game.cli, "COMMANDS", (*COMMANDS, ghost))
    monkeypatch.setitem(BY_NAME, "ghost", ghost)
    with pytest.raises(CommandError, match="ghost"):
        run_cli(["ghost"])


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run_cli(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert all(c.name in out for c in COMMANDS)


def test_an_unknown_command_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        run_cli(["nosuch"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'nosuch'" in err
