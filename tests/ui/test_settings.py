"""Settings: round trip, defaults, corrupt files and bad values fall back with a warning."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from game.ui.settings import (
    ENV_DIR,
    FILE_NAME,
    Settings,
    SettingsWarning,
    load_settings,
    save_settings,
    settings_path,
)


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert load_settings(tmp_path / "none.json") == Settings()


def test_round_trip(tmp_path: Path) -> None:
    chosen = Settings(
        units="in", speed=2.5, palette="high-contrast", language="de", window=(1280, 800)
    )
    chosen.large_text = True
    path = save_settings(chosen, tmp_path / "deep" / "settings.json")
    assert path.exists()
    assert load_settings(path) == chosen
    assert not list(path.parent.glob("*.tmp")), "the temp file is replaced, not left behind"


def test_env_var_points_at_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    assert settings_path() == tmp_path / FILE_NAME
    save_settings(Settings(units="in"))
    assert load_settings().units == "in"


def test_default_location_is_the_user_config_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv(ENV_DIR, raising=False)
    expected = Path(platformdirs.user_config_dir("deadearth-skirmish")) / FILE_NAME
    assert settings_path() == expected


@pytest.mark.parametrize(
    "text",
    ["{not json", "", "[1, 2, 3]", '"just a string"', "\xff\xfe garbage"],
)
def test_corrupt_file_falls_back_with_a_warning(tmp_path: Path, text: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="latin-1")
    with pytest.warns(SettingsWarning):
        assert load_settings(path) == Settings()


def test_bad_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    data = {
        "units": "furlongs",
        "speed": 1000,
        "palette": "high-contrast",
        "language": "tlh",
        "window": [10, "x"],
        "large_text": "yes",
        "unknown": 1,
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.warns(SettingsWarning) as caught:
        loaded = load_settings(path)
    assert loaded == Settings(palette="high-contrast")
    assert len(caught) == 5


def test_unreadable_path_is_not_a_crash(tmp_path: Path) -> None:
    folder = tmp_path / "settings.json"
    folder.mkdir()
    with pytest.warns(SettingsWarning):
        assert load_settings(folder) == Settings()


def test_apply_language_sets_the_catalogue() -> None:
    from game.i18n import current_language, set_language

    try:
        Settings(language="de").apply_language()
        assert current_language() == "de"
    finally:
        set_language("en")


def test_the_ai_level_round_trips_and_a_bad_one_falls_back(tmp_path: Path) -> None:
    path = save_settings(Settings(ai_level="easy"), tmp_path / "settings.json")
    assert load_settings(path).ai_level == "easy"
    path.write_text(json.dumps({"ai_level": "godlike"}), encoding="utf-8")
    with pytest.warns(SettingsWarning):
        assert load_settings(path).ai_level == Settings().ai_level == "normal"
