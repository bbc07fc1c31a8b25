"""The fuzzer (issue #17): the shipped scenarios, a game record and the settings file,
mutated structurally (types, nesting, sizes, extreme numbers, unicode, a BOM, cut
short; tests/loading/mutate.py), go through the commands that read them. Every case
must end with a clear error or a valid result within a time budget: never a
traceback, never a hang, and never a `check` that passes a file the game then
cannot play (the game is made, its controllers built, and it is played on).

The window's and the map's start-up take mutated scenarios and settings files too:
`map` (no overlays, a few dpi), `play --frames N --autoplay` and `edit --frames N`,
headless (SDL's dummy drivers), each ends with exit 0 or a clear error (exit 2).

The default run is derandomized and small (well under a minute); a soak draws new
cases each time:

    DEADEARTH_FUZZ_EXAMPLES=2000 python -m pytest tests/loading/test_fuzz.py -q
"""

from __future__ import annotations

import json
import os
import signal
import tempfile
import tomllib
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import main
from ai import RandomBot
from game.ai_choice import controllers_for
from game.engine import Game
from game.loading import load_battle
from game.replay import make_record, save_record
from game.sim import run_game
from game.ui.editor.tomlwrite import dumps
from game.ui.settings import (
    ENV_DIR,
    FILE_NAME,
    Settings,
    SettingsWarning,
    load_settings,
    save_settings,
)
from game.warmup import OFF as NO_WARMUP
from tests.loading.mutate import TEXT_DAMAGE, damaged, mutated

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml"))
SOAK = os.environ.get("DEADEARTH_FUZZ_EXAMPLES")
BUDGET_S = 30.0
"""Wall time one case may take (a check takes well under a second; the hangs the
issue found took minutes)."""
PLAYED_ACTIONS = 30
"""Actions played on a file `check` passed (the first by the file's own controllers)."""
FRAMES = 3
"""Frames `play` and `edit` run headless on a fuzzed file."""


def fuzz_settings(examples: int) -> Any:
    return settings(
        max_examples=int(SOAK) if SOAK else examples,
        derandomize=not SOAK,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


class Hung(Exception):
    """A case ran over its time budget."""


@contextmanager
def budget(seconds: float = BUDGET_S) -> Iterator[None]:
    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"over {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """A command in this process: its exit code, output and error output."""
    capsys.readouterr()
    with budget():
        code = main.main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def written(tmp: Path, name: str, text: str) -> Path:
    path = tmp / name
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


# -- scenarios -----------------------------------------------------------------------------


RAW = {path.stem: tomllib.loads(path.read_text(encoding="utf-8")) for path in SHIPPED}


@st.composite
def scenario_cases(draw: st.DrawFn) -> tuple[str, list[str], str, str]:
    name = draw(st.sampled_from(sorted(RAW)))
    done, data = draw(mutated(RAW[name]))
    how, text = draw(damaged(dumps(data) if isinstance(data, dict) else json.dumps(data)))
    return name, done, how, text


def play_on(path: Path) -> None:
    """What `run` does with a file `check` passed, for a few actions: the battle, its
    controllers (the file's AI presets), the seed; then random legal actions."""
    scenario = load_battle(path)
    controllers = controllers_for(scenario)
    seed = scenario.scenario.seed or 0
    game = Game(scenario, seed=seed, scenario_name=scenario.scenario.name)
    pending = game.pending()
    if pending is not None:
        game.apply(controllers[pending.side].choose(game))
    bot = RandomBot()
    for _ in range(PLAYED_ACTIONS):
        if game.pending() is None:
            break
        game.apply(bot.choose(game))


@pytest.fixture(scope="module", autouse=True)
def warm() -> None:
    """Compile the kernels and load the rules data outside the time budgets."""
    play_on(SHIPPED[0])


@fuzz_settings(30)
@given(case=scenario_cases())
def test_mutated_scenarios_are_checked_then_played(
    case: tuple[str, list[str], str, str],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    name, _done, _how, text = case
    path = written(tmp_path_factory.mktemp("fuzz"), f"{name}.toml", text)
    code, out, err = command(["check", str(path)], capsys)
    assert code in (0, 2), (code, out, err)
    if code == 2:
        lines = (out + err).strip().splitlines()  # one line per problem, on stdout
        assert lines and all(line.startswith(f"{path}: ") for line in lines), out + err
        return
    assert out.strip() == f"{path}: ok"
    with budget():
        play_on(path)  # check passed: the game must be playable


# -- records ---------------------------------------------------------------------------------


def record_data() -> dict[str, Any]:
    """A short game of the rules demo as a record (its first actions only)."""
    path = ROOT / "scenarios" / "open_skirmish.toml"
    scenario = load_battle(path)
    bots = {side.id: RandomBot() for side in scenario.side}
    result = run_game(scenario, 5, controllers=bots, max_actions=10_000)
    record = make_record(
        path.read_text(encoding="utf-8"),
        scenario_name=scenario.scenario.name,
        seed=5,
        knobs={},
        actions=result.actions,
        events=result.events,
    )
    return record_as_data(record)


def record_as_data(record: Any) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "r.json"
        save_record(record, target)
        data: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    return data


RECORD: dict[str, Any] = {}


def base_record() -> dict[str, Any]:
    if not RECORD:
        RECORD.update(record_data())
    return RECORD


@st.composite
def record_cases(draw: st.DrawFn) -> tuple[list[str], str]:
    done, data = draw(mutated(base_record(), most=2))
    _how, text = draw(damaged(json.dumps(data, ensure_ascii=draw(st.booleans()))))
    return done, text


@fuzz_settings(20)
@given(case=record_cases())
def test_mutated_records_replay_or_are_refused(
    case: tuple[list[str], str],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _done, text = case
    path = written(tmp_path_factory.mktemp("fuzz"), "game.json", text)
    for extra in ([], ["--verify"]):
        code, out, err = command(["replay", str(path), *extra], capsys)
        assert code in (0, 1, 2), (code, out, err)
        if code == 2:  # a record's problems, each on a line; the first names the file
            assert err.startswith(f"error: {path}: ") and out == "", (out, err)


def test_the_unmutated_record_verifies(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = written(tmp_path, "game.json", json.dumps(base_record()))
    assert command(["replay", str(path), "--verify"], capsys)[0] == 0


# -- settings --------------------------------------------------------------------------------

SETTINGS = {
    "units": "in",
    "speed": 2.0,
    "palette": "high-contrast",
    "language": "de",
    "window": [1280, 800],
    "large_text": True,
    "ai_level": "normal",
}


@fuzz_settings(40)
@given(case=mutated(SETTINGS, most=3), how=st.sampled_from(["none", "bom", "cut", "crlf"]))
def test_mutated_settings_load_and_save(
    case: tuple[list[str], Any], how: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _done, data = case
    path = written(
        tmp_path_factory.mktemp("fuzz"), "settings.json", TEXT_DAMAGE[how](json.dumps(data))
    )
    with budget(), warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", SettingsWarning)
        loaded = load_settings(path)
        save_settings(loaded, path)
        again = load_settings(path)
    assert isinstance(loaded, Settings) and again == loaded
    if isinstance(data, dict) and not caught:  # read whole: unknown keys kept on save
        assert again.extra == {k: v for k, v in data.items() if k not in SETTINGS}


# -- start-up of the map, the window and the editor --------------------------------------


def startup_argv(command_name: str, path: Path, folder: Path) -> list[str]:
    frames = ["--frames", str(FRAMES)]
    small = ["--dpi", "10", "--overlay", "none"]
    return {
        "map": ["map", str(path), "-o", str(folder / "map.png"), *small],
        "play": ["play", str(path), "--autoplay", *frames],
        "edit": ["edit", str(path), *frames],
    }[command_name]


def clear_error(path: Path, out: str, err: str) -> bool:
    """One `error: …` line, or the file's problems one a line (`FILE: field: reason`)."""
    lines = (out + err).strip().splitlines()
    if err.startswith("error: ") and len(err.strip().splitlines()) == 1:
        return True
    return bool(lines) and all(line.startswith(f"{path}: ") for line in lines)


@fuzz_settings(9)
@given(
    case=scenario_cases(),
    command_name=st.sampled_from(["map", "play", "edit"]),
    prefs=st.one_of(st.none(), mutated(SETTINGS, most=2)),
    how=st.sampled_from(["none", "bom", "cut"]),
)
def test_mutated_files_start_the_map_the_window_and_the_editor(
    case: tuple[str, list[str], str, str],
    command_name: str,
    prefs: tuple[list[str], Any] | None,
    how: str,
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name, _done, _how, text = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = written(folder, f"{name}.toml", text)
    config = folder / "config"
    config.mkdir()
    if prefs is not None:
        written(config, FILE_NAME, TEXT_DAMAGE[how](json.dumps(prefs[1])))
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(key, value)
    monkeypatch.setenv(ENV_DIR, str(config))
    monkeypatch.setenv(NO_WARMUP, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SettingsWarning)
        code, out, err = command(startup_argv(command_name, path, folder), capsys)
    assert code in (0, 2), (code, out, err)
    if code == 2:
        assert clear_error(path, out, err), out + err


@pytest.mark.parametrize("number", ["9" * 400, "1e308", "3e15"])
def test_the_editor_opens_a_file_with_a_far_off_point(
    number: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by the fuzzer: such a point crashed the editor's problem list (a number
    too large for a float) or its drawing (off any screen)."""
    text = (ROOT / "scenarios" / "open_skirmish.toml").read_text(encoding="utf-8")
    broken = text.replace("polygon = [[30, 20],", f"polygon = [[{number}, 20],", 1)
    assert broken != text
    path = written(tmp_path, "far.toml", broken)
    for key, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(key, value)
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "config"))
    monkeypatch.setenv(NO_WARMUP, "1")
    code, out, err = command(startup_argv("edit", path, tmp_path), capsys)
    assert code == 0 and "terrain[1].polygon" in out + err
