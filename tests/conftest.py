"""Test setup: headless SDL, fixed hypothesis profile."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import settings

from game.i18n import DEFAULT_LANGUAGE, set_language

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DEADEARTH_NO_WARMUP", "1")  # the kernels compile in the tests themselves

# The tests never read or write the user's own settings and replays (nor another
# test run's): one fresh folder per run, inherited by the subprocesses they start,
# and removed at the end by the run that made it.
_OWN_HOME: str | None = None
if "DEADEARTH_TEST_HOME" not in os.environ:
    _OWN_HOME = os.environ["DEADEARTH_TEST_HOME"] = tempfile.mkdtemp(prefix="deadearth-tests-")
_HOME = os.environ["DEADEARTH_TEST_HOME"]
os.environ.setdefault("DEADEARTH_CONFIG_DIR", os.path.join(_HOME, "config"))
os.environ.setdefault("DEADEARTH_REPLAY_DIR", os.path.join(_HOME, "replays"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _OWN_HOME is not None:
        shutil.rmtree(_OWN_HOME, ignore_errors=True)


# Benchmarks (tests/bench/) are not part of the default run; name them to run them:
#   python -m pytest tests/bench -q -s
collect_ignore = ["bench"]

settings.register_profile("ci", max_examples=150, deadline=None, derandomize=True)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _english_again() -> Iterator[None]:
    """A test that switches the language (e.g. a command with --lang de) does not
    leave the next test in German."""
    yield
    set_language(DEFAULT_LANGUAGE)
