"""The narrator: what happened, told in the reader's language.

Events are plain data (`game.events`). `narrate(event, language)` tells one: the
catalogue string `<room>.<kind>` (`game/i18n/<lang>/<room>.toml`) filled with the
event's fields and `section`, the ids of its `refs` shown by name, the names of
weapons, profiles and figures as the reader knows them (`game.naming.say`), and the
words its kind adds (dice, modifiers, signed numbers: a `@words(EventClass)`
function in this package's module for the room). `reason_text(reason, language)`
words a `game.reason.Reason` (why something may not be done).

A new event: its class (fields, `kind`, `section`, `family`) beside the code that
makes it; `<kind>` in its room's catalogue file in every language; and, when the
template needs more than the fields, its words here in the room's module.
"""

from __future__ import annotations

from game.narration import combat, engine, movement, rules, support, systems
from game.narration.engine import (
    consequence_sentences,
    consequences_text,
    end_reason_text,
    outcome_text,
    spoiled_text,
)
from game.narration.reasons import reason_text
from game.narration.telling import Telling, narrate, words

ROOMS = (combat, engine, movement, rules, support, systems)
"""The modules that register the words of each catalogue room's events."""

__all__ = [
    "ROOMS",
    "Telling",
    "consequence_sentences",
    "consequences_text",
    "end_reason_text",
    "narrate",
    "outcome_text",
    "reason_text",
    "spoiled_text",
    "words",
]
