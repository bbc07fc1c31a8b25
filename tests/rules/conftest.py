"""Shared fixtures for the rules tests."""

from __future__ import annotations

import pytest

from game.rules.combatant import Combatant
from game.rules.loader import RulesData, load_rules


@pytest.fixture(scope="session")
def rules() -> RulesData:
    return load_rules()


@pytest.fixture
def fig(rules: RulesData):  # type: ignore[no-untyped-def]
    """fig("Mira", name=..., **state) -> Combatant from a profile."""

    def make(profile: str, name: str | None = None, **state: object) -> Combatant:
        return Combatant.from_profile(profile, rules, name=name, **state)

    return make
