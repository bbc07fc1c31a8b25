"""Player settings remembered between runs: units, animation speed, palette,
language, window size, large text and the AI's level (ai/levels.py).

Stored as JSON in the user's config directory (`platformdirs.user_config_dir(
"deadearth-skirmish")/settings.json`), or where `DEADEARTH_CONFIG_DIR` points
(tests set it), or at a path given explicitly. Written atomically (game/files.py:
with the user's umask; a temporary file a killed writer left behind is removed).
A missing file gives the defaults; a corrupt file (not a regular file, over
`limits.SETTINGS_BYTES`, not JSON, nested deeper than `limits.MAX_DEPTH`) or a bad
value gives the defaults for what is broken, with a `SettingsWarning` — never a
crash. A byte-order mark is dropped; keys this program does not know (a newer
version's) are kept and saved again.
"""

from __future__ import annotations

import dataclasses
import os
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.levels import DEFAULT_LEVEL, LEVELS
from game import files, limits
from game.i18n import languages, set_language

APP_NAME = "deadearth-skirmish"
ENV_DIR = "DEADEARTH_CONFIG_DIR"
FILE_NAME = "settings.json"
UNITS = ("cm", "in")
PALETTES = ("okabe-ito", "high-contrast")
SPEED_RANGE = (0.1, 8.0)
WINDOW_MIN = (640, 480)
WINDOW_MAX = (7680, 4320)


class SettingsWarning(UserWarning):
    """A settings file or value could not be used; the default stands in."""


@dataclass(slots=True)
class Settings:
    """What the player chose; every field has a safe default."""

    units: str = "cm"
    speed: float = 1.0  # animation speed factor: 2.0 plays twice as fast
    palette: str = "okabe-ito"
    language: str = "en"
    window: tuple[int, int] = (1600, 1000)
    large_text: bool = False
    ai_level: str = DEFAULT_LEVEL  # how well the AI sides play (ai/levels.py)
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Keys of the file this program does not know, saved again as they were."""

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["window"] = list(self.window)
        del data["extra"]
        return {**self.extra, **data}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from stored data, and a problem line for every value not used."""
        settings, problems = cls(), []
        settings.extra = {k: v for k, v in data.items() if k not in _CHECKS}
        for name, check in _CHECKS.items():
            if name not in data:
                continue
            try:
                setattr(settings, name, check(data[name]))
            except (TypeError, ValueError) as exc:
                problems.append(f"{name}: {exc}; using {getattr(settings, name)!r}")
        return settings, problems

    def apply_language(self) -> None:
        """Make this language the catalogue's current one."""
        set_language(self.language)


def _choice(options: tuple[str, ...] | Callable[[], list[str]]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        allowed = tuple(options() if callable(options) else options)
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
        return value

    return check


def _speed(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{value!r} is not a number")
    low, high = SPEED_RANGE
    if not low <= float(value) <= high:
        raise ValueError(f"{value} is outside {low}–{high}")
    return float(value)


def _window(value: Any) -> tuple[int, int]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise TypeError(f"{value!r} is not [width, height]")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(f"{value!r} is not two whole numbers")
    w, h = int(value[0]), int(value[1])
    if not (WINDOW_MIN[0] <= w <= WINDOW_MAX[0] and WINDOW_MIN[1] <= h <= WINDOW_MAX[1]):
        raise ValueError(f"{w} × {h} is outside {WINDOW_MIN} – {WINDOW_MAX}")
    return (w, h)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"{value!r} is not true or false")
    return value


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "units": _choice(UNITS),
    "speed": _speed,
    "palette": _choice(PALETTES),
    "language": _choice(languages),
    "window": _window,
    "large_text": _flag,
    "ai_level": _choice(LEVELS),
}


def settings_path(path: str | Path | None = None) -> Path:
    """The settings file: `path` if given, else under $DEADEARTH_CONFIG_DIR, else
    under the user's config directory."""
    if path is not None:
        return Path(path)
    folder = os.environ.get(ENV_DIR)
    if not folder:
        import platformdirs

        folder = platformdirs.user_config_dir(APP_NAME)
    return Path(folder) / FILE_NAME


def load_settings(path: str | Path | None = None) -> Settings:
    """The remembered settings (defaults where there are none or they are broken)."""
    target = settings_path(path)
    try:
        data = files.load_json(files.read_text(target, limits.SETTINGS_BYTES), limits.MAX_DEPTH)
    except files.FileMissing:
        return Settings()
    except files.FileProblem as exc:
        _warn(f"{target}: {exc}; using the default settings")
        return Settings()
    if not isinstance(data, dict):
        _warn(f"{target}: not a JSON object; using the default settings")
        return Settings()
    settings, problems = Settings.from_dict(data)
    for problem in problems:
        _warn(f"{target}: {problem}")
    return settings


def save_settings(settings: Settings, path: str | Path | None = None) -> Path:
    """Write the settings atomically (creating the folder); return the file written."""
    target = settings_path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    files.write_json_atomic(target, settings.to_dict())
    return target


def _warn(message: str) -> None:
    warnings.warn(message, SettingsWarning, stacklevel=3)
