"""Reasons told: why something may not be done, in the reader's language."""

from __future__ import annotations

from typing import Any

from game.naming import say
from game.reason import Reason

PATH_WHY = {
    "off the table": "off",
    "overlaps solid terrain": "solid",
    "overlaps another base": "base",
    "not a finite point": "finite",
    "no room to move": "no_room",
    "no way through": "no_way",
}
"""The path finder's English words (game.board.paths: '[start|goal] <problem>' or
a whole sentence) → keys of `newcomer.path`."""


def path_why(text: str, language: str | None = None) -> str:
    """Why no path leads there, in the reader's words ('the spot is inside solid
    terrain'); words not known as they are."""
    role, _, problem = text.partition(" ")
    if role in ("start", "goal") and problem in PATH_WHY:
        told = say(f"newcomer.path.{PATH_WHY[problem]}", language)
        return told if role == "goal" else say("newcomer.path.start", language, problem=told)
    return say(f"newcomer.path.{PATH_WHY[text]}", language) if text in PATH_WHY else text


def reason_text(reason: Reason, language: str | None = None) -> str:
    """The catalogue string `reason.<key>` in a language (default: the current one),
    with the weapons, gifts and figures among its values as the reader knows them,
    a reason among them told in the same language, and the path finder's words for
    an unreachable spot (no raw coordinates: the player pointed at it)."""
    values: dict[str, Any] = {
        name: reason_text(value, language) if isinstance(value, Reason) else value
        for name, value in reason.params
    }
    if reason.key == "move.unreachable" and isinstance(values.get("why"), str):
        values["why"] = path_why(values["why"], language)
    return say(f"reason.{reason.key}", language, **values)
