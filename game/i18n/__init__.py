"""The one catalogue of user-facing strings.

Strings live in TOML files under `game/i18n/<lang>/*.toml` (one file per room of
the code, so that rooms never edit the same file). Keys are dotted: the file stem,
then the key inside it, e.g. `rules.hit` for `en/rules.toml`'s `hit`. A missing
translation falls back to English; a missing key raises KeyError naming it.

The catalogue knows words, not the game: a value is put into its template as it is.
Lengths are marked in the templates (`{distance:len:.1f}`) and shown in the
reader's units (`set_units`, `game.i18n.lengths`).

Names of the battle's things in the reader's language (weapons, profiles, figures)
are the business of `game.naming` (`say`), which stands above the rules.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from game.i18n.lengths import current_units as current_units
from game.i18n.lengths import fill
from game.i18n.lengths import set_units as set_units

_ROOT = Path(__file__).parent
DEFAULT_LANGUAGE = "en"
_current = DEFAULT_LANGUAGE


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
    return fill(template, values) if values else template


def tr_or(key: str, default: str, /, language: str | None = None) -> str:
    """The string for `key`, or `default` when the catalogue has none (a designer's
    own name that no catalogue lists)."""
    try:
        return tr(key, language=language)
    except KeyError:
        return default


def count_text(key: str, n: int, /, language: str | None = None, **values: Any) -> str:
    """A count with its noun in the right number: the string `key.one` for 1, else
    `key.many` ("1 raid", "3 raids"), formatted with `n` and `values`."""
    return tr(f"{key}.{'one' if n == 1 else 'many'}", language=language, n=n, **values)
