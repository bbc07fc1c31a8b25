"""`main.py check` and the scenario checks against the rules data (game/loading/)."""

from __future__ import annotations

from pathlib import Path

import pytest

import main
from game.loading import load_scenario, parse_scenario
from game.loading.geometry import default_radius
from game.loading.knobs import flat_knobs, knob_issues
from game.loading.names import name_issue, rules_radius
from game.play.profiles import InlineStatsError, inline_profile
from game.rules.loader import load_rules
from game.scenario import FigureSpec, InlineStats, ScenarioError

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
SHIPPED = sorted((ROOT / "scenarios").glob("*.toml"))
FIGURE = "side[0].squad[0].figure"

# file -> every problem `check` must report (path: reason), in order.
BROKEN = {
    "unknown_profile": [
        "side[1].raid.roster[0].profile: unknown profile 'Zombie' (Shambler, Runner, Brute, "
        "Raider, Raider marksman, Raider veteran, Raider boss, Bruno, Mira, Jonas, Ferdl, "
        "Selma, Katz, Oda, Militia)"
    ],
    "bad_polygon": ["terrain[0].polygon: self-intersecting"],
    "figure_in_wall": [f"{FIGURE}[0].at: base overlaps solid terrain 'wall-1'"],
    "overlapping_figures": [f"{FIGURE}[1].at: base overlaps figure 'mira'"],
    "overlapping_large_bases": [f"{FIGURE}[3].at: base overlaps figure 'r1'"],
    "leader_not_in_squad": ["side[0].squad[0].leader: 'ghost' is not a figure of this squad"],
    "key_point_missing": ["objective.key_point: no module 'vault'"],
    "unknown_knob": ["knobs.cover_shar: unknown knob — did you mean 'cover_share'? valid knobs:"],
    "bad_knob_value": ["knobs.cover_share: value 5: input should be less than or equal to 1"],
    "bad_dice": ["side[1].raid.waves: not a dice expression: '2X6'"],
    "wrong_controller": [
        "side[0].controller: input should be 'human', 'ai:tactical' or 'ai:horde'"
    ],
    "missing_board": ["board: required field is missing"],
    "one_side": ["side: a battle needs at least 2 sides (found 1)"],
    "inline_unknown_names": [
        f"{FIGURE}[2].stats.armour: unknown armour 'Power armour' (None, Light, Heavy)",
        f"{FIGURE}[2].stats.archetype: unknown archetype 'Ninja' (Krieger, Späher, Hüter,",
        f"{FIGURE}[2].stats.weapons[1]: unknown weapon 'Laser' (Fists, Knife, Machete,",
    ],
    "inline_attribute_range": [
        f"{FIGURE}[2].stats.KÖR: input should be less than or equal to 5",
        f"{FIGURE}[2].stats.WIL: input should be greater than or equal to -1",
    ],
    "inline_gifts_without_gezeichnet": [
        f"{FIGURE}[2].stats.archetype: Krieger has no Gezeichnet, but the base Oda has gifts "
        "(Riss-Stoß, Grauen): only a figure with Gezeichnet (the Hexer) has gifts (§13)"
    ],
    "inline_talents": [
        f"{FIGURE}[2].stats.talents: Bollwerk is a Hüter talent; a Hexer may not take it (§13.1)",
        f"{FIGURE}[3].stats.talents: Waffenmeister is a Krieger talent; a Berserker may not",
    ],
    "overwatch_unarmed": [f"{FIGURE}[2].overwatch: katz has no ranged weapon (weapons: Fire axe)"],
    "not_toml": ["toml: Expected ']' at the end of a table declaration"],
    # One run names every problem: the rules-data checks still look at the parts that
    # validate on their own (mira's and bruno's specs, the roster line, the knobs).
    "mixed_errors": [
        "terrain[1].kind: input should be 'wall', 'building',",
        "terrain[2].polygon: self-intersecting",
        f"{FIGURE}[0].at: base overlaps solid terrain 'wall-1'",
        "knobs.cover_shar: unknown knob — did you mean 'cover_share'?",
        f"{FIGURE}[1].profile: unknown profile 'Brunoo' — did you mean 'Bruno'?",
        "side[1].raid.roster[0].profile: unknown profile 'Zombie'",
    ],
    "overwatch_no_tower": [
        f"{FIGURE}[0].overwatch: mira cannot start in overwatch: only a watchtower lets a "
        "defender start in overwatch (§6, §11), and there is none"
    ],
    "overwatch_too_many": [
        f"{FIGURE}[1].overwatch: bruno cannot start in overwatch: each watchtower lets one "
        "defender start in overwatch (§11); 1 watchtower, already mira",
        "side[1].squad[0].figure[0].overwatch: r1 raids: only a defender may start in "
        "overwatch (§11)",
    ],
    "outside_deploy_zone": [
        f"{FIGURE}[1].at: base is not inside the deploy_zone of side 'refuge'",
    ],
    "geometry_and_names": [
        f"{FIGURE}[0].at: base overlaps solid terrain 'wall-1'",
        f"{FIGURE}[1].profile: unknown profile 'Brunoo' — did you mean 'Bruno'?",
    ],
}


def check(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main.main(["check", *args])
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_every_shipped_scenario_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert len(SHIPPED) >= 3
    code, lines, err = check(capsys, *map(str, SHIPPED))
    assert code == 0, lines
    assert lines == [f"{path}: ok" for path in SHIPPED]
    assert err == ""


def test_a_folder_stands_for_its_toml_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = check(capsys, str(ROOT / "scenarios"))
    assert code == 0
    assert lines == [f"{path}: ok" for path in SHIPPED]


def test_every_data_file_is_covered() -> None:
    assert {p.stem for p in DATA.glob("*.toml")} == {*BROKEN, "valid_small"}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_gives_its_named_error(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / f"{name}.toml"
    code, lines, err = check(capsys, str(path))
    assert code == 2
    assert "Traceback" not in err
    expected = [f"{path}: {problem}" for problem in BROKEN[name]]
    assert len(lines) == len(expected), lines
    for line, start in zip(lines, expected, strict=True):
        assert line.startswith(start), (line, start)


def test_the_small_base_file_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "valid_small.toml"
    assert check(capsys, str(path))[:2] == (0, [f"{path}: ok"])


def test_good_and_bad_files_together_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = SHIPPED[0], DATA / "bad_polygon.toml"
    code, lines, _ = check(capsys, str(good), str(bad))
    assert code == 2
    assert lines == [f"{good}: ok", f"{bad}: terrain[0].polygon: self-intersecting"]


def test_unreadable_files_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    latin = tmp_path / "latin1.toml"
    latin.write_bytes("name = 'Mädchen'".encode("latin-1"))
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    missing = tmp_path / "missing.toml"
    code, lines, err = check(capsys, str(missing), str(latin), str(empty_dir))
    assert code == 2
    assert lines == [
        f"no scenario files found in {empty_dir}",
        f"{missing}: file not found",
        f"{latin}: not UTF-8 text",
    ]
    assert "Traceback" not in err


def test_no_files_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main.main(["check"])
    assert exc.value.code == 2
    assert "FILE" in capsys.readouterr().err


# -- the checks themselves ------------------------------------------------------------


def test_the_large_bases_need_the_profiles_radius() -> None:
    """Base sizes by name alone (25 mm unless a Brute) miss the overlap the knob makes."""
    text = (DATA / "overlapping_large_bases.toml").read_text(encoding="utf-8")
    by_name = parse_scenario(text, "x.toml", base_radius=default_radius)
    assert by_name.side[0].squad[0].figure[3].id == "r2"
    with pytest.raises(ScenarioError, match=r"figure\[3\]\.at: base overlaps figure 'r1'"):
        parse_scenario(text, "x.toml")


def test_radius_hook_reads_profiles_and_inline_stats() -> None:
    radius = rules_radius(load_rules())
    brute = FigureSpec.model_validate({"id": "b", "profile": "Brecher", "at": [5, 5]})
    mira = FigureSpec.model_validate({"id": "m", "profile": "mira", "at": [5, 5]})
    big = FigureSpec.model_validate(
        {"id": "x", "at": [5, 5], "stats": {"base": "Raider", "base_mm": 40}}
    )
    unknown = FigureSpec.model_validate({"id": "u", "profile": "Zombie", "at": [5, 5]})
    assert [radius(f) for f in (brute, mira, big, unknown)] == [2.0, 1.25, 2.0, 1.25]


def test_inline_gifts_stay_with_gezeichnet() -> None:
    rules = load_rules()
    oda = inline_profile(InlineStats(base="Oda", archetype="hexer", level=2), rules)
    assert (oda.archetype, oda.gifts) == ("Hexer", ("Riss-Stoß", "Grauen"))
    assert inline_profile(InlineStats(base="Bruno", archetype="Späher"), rules).gifts == ()
    with pytest.raises(InlineStatsError, match="Späher has no Gezeichnet") as exc:
        inline_profile(InlineStats(base="Oda", archetype="Späher"), rules)
    assert exc.value.field == "archetype"


def test_names_are_matched_like_the_rules_data() -> None:
    rules = load_rules()
    assert name_issue(rules, "profile", "schlurfer", "p") is None  # German alias
    assert name_issue(rules, "weapon", "FIRE AXE", "p") is None
    issue = name_issue(rules, "weapon", "Pistl", "w")
    assert issue is not None
    assert issue[1].startswith("unknown weapon 'Pistl' — did you mean 'Pistol'?")


def test_knobs_are_checked_one_by_one() -> None:
    rules = load_rules()
    assert knob_issues({"cover_share": 0.6, "noise_radius.firearm": 40}, rules) == []
    issues = knob_issues({"noise_threshold": 9, "weapon.Laser.range": 3}, rules)
    assert [path for path, _ in issues] == ["knobs.noise_threshold", "knobs.weapon.Laser.range"]
    assert "value 9: input should be less than or equal to 6" in issues[0][1]
    assert "unknown weapon 'Laser'" in issues[1][1]


def test_every_problem_of_a_file_is_listed(tmp_path: Path) -> None:
    text = (DATA / "valid_small.toml").read_text(encoding="utf-8")
    text = text.replace('profile = "Raider"', 'profile = "Zombie"')
    text = text.replace('profile = "Mira"', 'profile = "Mirra"')
    text += '\n[knobs]\nsight_lines = "many"\n'
    path = tmp_path / "many.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as exc:
        load_scenario(path)
    assert [e.split(": ")[1] for e in exc.value.errors] == [
        "knobs.sight_lines",
        f"{FIGURE}[0].profile",
        "side[1].raid.roster[0].profile",
    ]
    assert "did you mean 'Mira'?" in exc.value.errors[1]


def test_nested_knob_tables_are_dotted_names(tmp_path: Path) -> None:
    assert flat_knobs(
        {"cover_share": 0.5, "move": {"base": 12}, "weapon": {"Pistol": {"range": 40}}}
    ) == {
        "cover_share": 0.5,
        "move.base": 12,
        "weapon.Pistol.range": 40,
    }
    text = (DATA / "valid_small.toml").read_text(encoding="utf-8")
    text += '\n[knobs]\nnoise_radius.firearm = 40\n\n[knobs.move]\nbase = "fast"\n'
    with pytest.raises(ScenarioError) as exc:
        parse_scenario(text, "n.toml")
    assert exc.value.errors == [
        "n.toml: knobs.move.base: value 'fast': input should be a valid number, "
        "unable to parse string as a number"
    ]
    good = parse_scenario(text.replace('"fast"', "12"), "n.toml")
    assert good.knobs == {"noise_radius.firearm": 40, "move.base": 12}
