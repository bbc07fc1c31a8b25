"""Test setup: headless SDL, fixed hypothesis profile."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DEADEARTH_NO_WARMUP", "1")  # the kernels compile in the tests themselves

from collections.abc import Iterator

import pytest
from hypothesis import settings

from game.i18n import DEFAULT_LANGUAGE, set_language

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
