"""The one catalogue of user-facing strings.

Strings live in TOML files under `game/i18n/<lang>/*.toml` (one file per room of
the code, so that rooms never edit the same file). Keys are dotted: the file stem,
then the key inside it, e.g. `rules.hit` for `en/rules.toml`'s `hit`. A missing
translation falls back to English; a missing key raises KeyError naming it.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).parent
DEFAULT_LANGUAGE = "en"
_current = DEFAULT_LANGUAGE
RULES_NAMES = {
    "weapon": "weapon",
    "archetype": "archetype",
    "profile": "profile",
    "injury": "injury_result",
    "gift": "gift",
}
"""Template parameters that carry a rules-data name (parameter -> kind of entry),
shown as players of the language know it (`game.rules.loader.local_name`: the
German name for "de"; for "en" the English name, with the German rulebook term in
brackets for entries keyed by it)."""
FIGURE_NAMES = ("who", "target", "attacker", "patient", "ally", "caster", "name")
"""Template parameters that carry a figure's display name: one made from its profile
is shown with the profile's name in the language (`game.naming.local_figure_name`)."""


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}"
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


@cache
def catalogue(language: str) -> dict[str, str]:
    """All strings of one language, keyed by dotted name."""
    folder = _ROOT / language
    if not folder.is_dir():
        raise KeyError(f"no string catalogue for language {language!r}")
    strings: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as fh:
            _flatten(path.stem, tomllib.load(fh), strings)
    return strings


def languages() -> list[str]:
    return sorted(p.name for p in _ROOT.iterdir() if p.is_dir() and not p.name.startswith("_"))


def set_language(language: str) -> None:
    global _current
    catalogue(language)  # fail early on an unknown language
    _current = language


def current_language() -> str:
    return _current


def tr(key: str, /, language: str | None = None, **values: Any) -> str:
    """The string for `key` in the current (or given) language, formatted with values."""
    lang = language or _current
    template = catalogue(lang).get(key)
    if template is None:
        template = catalogue(DEFAULT_LANGUAGE).get(key)
    if template is None:
        raise KeyError(f"no string {key!r} in the catalogue")
    if not values:
        return template
    return template.format(**_local_names(values, lang))


def count_text(key: str, n: int, /, language: str | None = None, **values: Any) -> str:
    """A count with its noun in the right number: the string `key.one` for 1, else
    `key.many` ("1 raid", "3 raids"), formatted with `n` and `values`."""
    return tr(f"{key}.{'one' if n == 1 else 'many'}", language=language, n=n, **values)


def _local_names(values: dict[str, Any], language: str) -> dict[str, Any]:
    """The values with rules-data names and figure names in the language's form."""
    found = [p for p in RULES_NAMES if isinstance(values.get(p), str)]
    figures = [] if language == DEFAULT_LANGUAGE else FIGURE_NAMES
    named = [p for p in figures if isinstance(values.get(p), str)]
    if not found and not named:
        return values
    from game.naming import local_figure_name
    from game.rules.loader import local_name

    out = dict(values)
    for p in found:
        out[p] = local_name(RULES_NAMES[p], values[p], language)
    for p in named:
        out[p] = local_figure_name(values[p], language)
    return out
