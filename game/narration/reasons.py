"""Reasons told: why something may not be done, in the reader's language."""

from __future__ import annotations

from game.naming import say
from game.reason import Reason


def reason_text(reason: Reason, language: str | None = None) -> str:
    """The catalogue string `reason.<key>` in a language (default: the current one),
    with the weapons, gifts and figures among its values as the reader knows them
    and a reason among them told in the same language."""
    values = {
        name: reason_text(value, language) if isinstance(value, Reason) else value
        for name, value in reason.params
    }
    return say(f"reason.{reason.key}", language, **values)
