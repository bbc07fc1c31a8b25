"""Rules data files: they load, carry docs/RULES.md's numbers, and fail with named errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.rules.loader import DATA_DIR, RulesData, RulesDataError, UnknownNameError, load_rules
from game.rules.models import KEYWORDS


def test_all_data_files_load(rules: RulesData) -> None:
    assert len(rules.weapons) >= 19
    assert set(rules.armours) == {"None", "Light", "Heavy"}
    assert len(rules.profiles) == 15
    assert len(rules.archetypes) == 7
    assert [r.name for r in rules.injury.result] == [
        "Tot",
        "Schwer",
        "Übel",
        "Streifschuss",
        "Zäh",
    ]
    assert load_rules() is load_rules()  # cached default


# name, type, range, pool, br, mag, keywords — docs/RULES.md §5.4
WEAPONS = [
    ("Fists", "melee", None, 1, 0, None, {"Leise"}),
    ("Knife", "melee", None, 2, 0, None, {"Leise"}),
    ("Machete", "melee", None, 2, 1, None, {"Leise"}),
    ("Crowbar", "melee", None, 2, 0, None, {"Leise", "Wuchtig"}),
    ("Fire axe", "melee", None, 3, 1, None, {"Leise", "Wuchtig", "Zweihändig"}),
    ("Claws", "melee", None, 2, 0, None, {"Leise", "Infektion"}),
    ("Pistol", "ranged", 30, 2, 0, 4, {"Laut"}),
    ("Suppressed pistol", "ranged", 25, 2, 0, 4, {"Leise"}),
    ("Revolver", "ranged", 30, 2, 1, 3, {"Laut"}),
    ("Shotgun", "ranged", 25, 3, 0, 2, {"Laut"}),
    ("Hunting rifle", "ranged", 60, 3, 1, 3, {"Laut"}),
    ("Sniper rifle", "ranged", 90, 3, 2, 2, {"Laut"}),
    ("Submachine gun", "ranged", 30, 2, 0, 3, {"Laut", "Automatisch"}),
    ("Assault rifle", "ranged", 50, 2, 1, 3, {"Laut", "Automatisch"}),
    ("Crossbow", "ranged", 45, 2, 1, 1, {"Leise", "Nachladen"}),
    ("Bow", "ranged", 40, 2, 0, None, {"Leise"}),
    ("Hand grenade", "thrown", 20, 3, 1, None, {"Laut", "Explosiv"}),
    ("Molotov", "thrown", 15, 2, 0, None, {"Laut", "Feuer"}),
    ("Improvised bomb", "thrown", 15, 3, 0, None, {"Laut", "Explosiv", "Feuer"}),
]


@pytest.mark.parametrize(("name", "kind", "rng", "pool", "br", "mag", "kw"), WEAPONS)
def test_weapon_table(
    rules: RulesData,
    name: str,
    kind: str,
    rng: int | None,
    pool: int,
    br: int,
    mag: int | None,
    kw: set[str],
) -> None:
    w = rules.weapon(name)
    assert (w.type, w.range, w.pool, w.br, w.magazine, set(w.keywords)) == (
        kind,
        rng,
        pool,
        br,
        mag,
        kw,
    )


# name, KÖR, REF, VER, WIL, TP, VW, WS, move — docs/RULES.md §14 and §15
PROFILES = [
    ("Shambler", 1, -1, -1, 0, 3, 9, 3, 10),
    ("Runner", 0, 1, -1, 0, 2, 11, 2, 20),
    ("Brute", 3, -1, -1, 0, 7, 9, 3, 10),
    ("Raider", 0, 1, 0, 0, 4, 11, 3, 15),
    ("Raider marksman", 0, 1, 0, 0, 4, 11, 3, 15),
    ("Raider veteran", 0, 1, 0, 1, 6, 11, 3, 15),
    ("Raider boss", 1, 2, 1, 2, 8, 12, 4, 12),
    ("Bruno", 3, 1, 0, 1, 7, 11, 3, 15),
    ("Mira", 1, 3, 1, 0, 5, 13, 3, 15),
    ("Jonas", 3, 0, 1, 1, 7, 10, 4, 12),
    ("Ferdl", 0, 1, 3, 1, 4, 11, 3, 15),
    ("Selma", 0, 1, 3, 1, 4, 11, 2, 15),
    ("Katz", 3, 1, 0, 1, 7, 11, 3, 15),
    ("Oda", 0, 1, 1, 3, 4, 11, 2, 15),
    ("Militia", 0, 0, 0, 0, 3, 10, 2, 15),
]


@pytest.mark.parametrize("row", PROFILES, ids=[p[0] for p in PROFILES])
def test_profile_table(rules: RulesData, row: tuple[object, ...]) -> None:
    p = rules.profile(str(row[0]))
    assert (p.name, p.kor, p.ref, p.ver, p.wil, p.tp, p.vw, p.ws, p.move) == row


def test_profile_details(rules: RulesData) -> None:
    assert rules.profile("Raider").loadouts == (("Pistol", "Knife"), ("Shotgun",), ("Machete",))
    assert rules.profile("Militia").loadouts == (("Pistol",), ("Spear",))
    boss = rules.profile("Raider boss")
    assert boss.leader and boss.attack_bonus == 4 and boss.br_bonus == 1 and boss.cost == 6
    assert rules.profile("Raider veteran").attack_bonus == 3
    assert rules.profile("Brute").base_radius == 2.0
    assert rules.profile("Brute").structure_wounds == 2
    assert rules.profile("Jonas").shield_melee_ws == 1
    assert rules.profile("Oda").gifts == ("Riss-Stoß", "Grauen")
    assert rules.profile("Shambler").cost == 0.5
    assert rules.profile("Mira").core and not rules.profile("Militia").core
    immune = {n for n, p in rules.profiles.items() if p.morale_immune}
    assert immune == {"Shambler", "Runner", "Brute", "Bruno", "Katz"}


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("schlurfer", "Shambler"),
        ("Plünderer", "Raider"),
        ("ANFÜHRER", "Raider boss"),
        ("Brecher", "Brute"),
        ("renner", "Runner"),
        ("Miliz", "Militia"),
        ("  raider   MARKSMAN ", "Raider marksman"),
    ],
)
def test_profile_aliases(rules: RulesData, alias: str, name: str) -> None:
    assert rules.profile(alias).name == name


def test_weapon_and_armour_aliases(rules: RulesData) -> None:
    assert rules.weapon("club").name == "Crowbar"
    assert rules.weapon("Machete / hatchet").name == "Machete"
    assert rules.weapon("Jagdgewehr").name == "Hunting rifle"
    assert rules.weapon("claws & bite").name == "Claws"
    assert rules.armour("heavy").ws == 4 and rules.armour("heavy").move == -3
    assert rules.archetype("Hueter").name == "Hüter"
    assert rules.gift("riss-stoss").name == "Riss-Stoß"


def test_unknown_name_suggests(rules: RulesData) -> None:
    with pytest.raises(UnknownNameError, match=r"unknown weapon 'Pistl' — did you mean 'Pistol'"):
        rules.weapon("Pistl")


def test_rank_templates(rules: RulesData) -> None:
    base = rules.profile("Runner")
    vet = rules.profile("Runner", rank="Veteran")
    assert (vet.tp, vet.attack_bonus, vet.br_bonus, vet.wil) == (base.tp + 2, 3, 1, base.wil)
    elite = rules.profile("Runner", rank="Elite")
    assert (elite.tp, elite.attack_bonus, elite.br_bonus, elite.wil) == (6, 4, 1, 2)
    boss = rules.profile("Raider", rank="Leader")
    assert boss.rank == "Anführer" and boss.leader and boss.tp == 8 and boss.cost == 6


def test_kampfstufe_tracks(rules: RulesData) -> None:
    assert [rules.kampfstufe("Krieger", lv) for lv in range(1, 11)] == [
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
    ]
    assert [rules.kampfstufe("Hexer", lv) for lv in range(1, 11)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]
    assert rules.kampfstufe(None, 5) == 0


def test_keywords_are_the_rules_list() -> None:
    assert set(KEYWORDS) == {
        "Laut",
        "Leise",
        "Automatisch",
        "Explosiv",
        "Feuer",
        "Wuchtig",
        "Nachladen",
        "Zweihändig",
        "Infektion",
    }


# --- overrides ----------------------------------------------------------------------


def test_overrides_make_a_new_validated_copy(rules: RulesData) -> None:
    new = rules.with_overrides(
        {
            "cover_share": 0.6,
            "noise_radius.firearm": 50,
            "weapon.Pistol.range": 35,
            "profile.schlurfer.tp": 4,
            "injury.Tot.max": 5,
            "signature.Schildwall.ws_bonus": 2,
            "tracks.combat": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        }
    )
    assert new.knobs.cover_share == 0.6 and rules.knobs.cover_share == 0.5
    assert new.knobs.noise_radius.firearm == 50
    assert new.weapon("Pistol").range == 35 and rules.weapon("Pistol").range == 30
    assert new.profile("Shambler").tp == 4
    assert new.injury.result[0].max == 5
    assert new.signatures.schildwall.ws_bonus == 2
    assert new.kampfstufe("Krieger", 3) == 2
    assert new.knob("weapon.pistol.range") == 35


def test_command_line_text_is_coerced(rules: RulesData) -> None:
    new = load_rules({"cover_share": "0.7", "attack.gang_up": "false", "sight_lines": "8"})
    assert new.knobs.cover_share == 0.7
    assert new.knobs.attack.gang_up is False
    assert new.knobs.sight_lines == 8


def test_unknown_knob_lists_valid_names(rules: RulesData) -> None:
    with pytest.raises(RulesDataError) as err:
        rules.with_overrides({"cover_shar": 0.6})
    text = str(err.value)
    assert "unknown knob" in text and "did you mean 'cover_share'" in text
    assert "noise_radius.firearm" in text and "weapon.<name>.<field>" in text
    assert "cover_share" in rules.knob_names()


@pytest.mark.parametrize(
    ("override", "match"),
    [
        ({"weapon.Pistol.pool": -1}, r"weapons.toml \[Pistol\] pool: .*greater than or equal"),
        ({"weapon.Pistl.range": 3}, r"unknown weapon 'Pistl'"),
        ({"weapon.Pistol.colour": 3}, r"no such field"),
        ({"noise_radius": 3}, r"unknown knob"),
        ({"cover_share": 2}, r"knobs.toml \[cover_share\]"),
        ({"injury.Zäh.max": 30}, r"injury.toml"),
        ({"injury.Heldentod.max": 3}, r"no such injury result"),
        ({"move.overloaded_penalty": 3}, r"unknown knob"),  # no overload rule in the engine
        ({"signature.Gezeichnet.gifts": 1}, r"\[profile.Oda\] gifts: 2 gifts, but .* at most 1"),
        ({"signature.Raserei.extra_actions": 9}, r"Raserei.extra_actions"),
        ({"cover.heavy": 1}, r"knobs.toml \[cover\] light: light cover \(\+1\) must count less"),
        ({"attack.front_arc": 400}, r"knobs.toml \[attack\] front_arc"),
        ({"morale.half_strength_share": 0}, r"knobs.toml \[morale\] half_strength_share"),
        ({"move.difficult_cost": True}, r"\[move.difficult_cost\]: expects a number, not true"),
        ({"sight_lines": "false"}, r"\[sight_lines\]: expects a number, not false"),
    ],
)
def test_bad_overrides_are_named(rules: RulesData, override: dict[str, object], match: str) -> None:
    with pytest.raises(RulesDataError, match=match):
        rules.with_overrides(override)


# --- broken data files -----------------------------------------------------------------


def _broken(tmp_path: Path, stem: str, old: str, new: str) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    path = folder / f"{stem}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {stem}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("stem", "old", "new", "file", "entry", "field"),
    [
        (
            "weapons",
            '"Laut", "Automatisch"',
            '"Laut", "Automatic"',
            "weapons.toml",
            "Submachine gun",
            "keywords.1",
        ),
        ("weapons", "pool = 3\nbr = 2", "br = 2", "weapons.toml", "Sniper rifle", "pool"),
        ("weapons", "range = 60", "range = -60", "weapons.toml", "Hunting rifle", "range"),
        (
            "weapons",
            'keywords = ["Leise", "Nachladen"]',
            'keywords = ["Nachladen"]',
            "weapons.toml",
            "Crossbow",
            "",
        ),
        ("armour", "ws = 4 ", "ws = 40 ", "armour.toml", "armour.Heavy", "ws"),
        (
            "profiles",
            'weapons = ["Fire axe"]',
            'weapons = ["Fire ax"]',
            "profiles.toml",
            "profile.Katz",
            "weapons",
        ),
        (
            "profiles",
            "kor = 3\nref = -1",
            "kor = 12\nref = -1",
            "profiles.toml",
            "profile.Brute",
            "kor",
        ),
        (
            "profiles",
            'archetype = "Späher"',
            'archetype = "Spion"',
            "profiles.toml",
            "profile.Mira",
            "archetype",
        ),
        ("profiles", 'cost = "elite"', 'cost = "champion"', "profiles.toml", "rank.Elite", "cost"),
        (
            "archetypes",
            'signatures = ["Unbeugsam"]',
            'signatures = ["Unbeugbar"]',
            "archetypes.toml",
            "archetype.Krieger",
            "signatures",
        ),
        (
            "archetypes",
            "bonus_dice = 1",
            "bonus_dice = 9",
            "archetypes.toml",
            "signature",
            "Aus dem Nichts.bonus_dice",
        ),
        ("gifts", "faces = [2, 3]", "faces = [2]", "gifts.toml", "strain", ""),
        (
            "gifts",
            'weapon = "Riss-Stoß"',
            'weapon = "Riss"',
            "gifts.toml",
            "gift.Riss-Stoß",
            "weapon",
        ),
        ("injury", "max = 9", "max = 3", "injury.toml", "result #2 (Schwer)", "max"),
        ("injury", 'name = "Streifschuss"\n', "", "injury.toml", "result #4", "name"),
        ("injury", 'name = "Schwer"', 'name = "Tot"', "injury.toml", "result #2 (Tot)", "name"),
        (
            "injury",
            'english = "tough"\n',
            'english = "tough"\nmax = 30\n',
            "injury.toml",
            "result #5 (Zäh)",
            "max",
        ),
        ("injury", "max = 4\n", "", "injury.toml", "result #1 (Tot)", "max"),
        (
            "weapons",
            'pool = 1\nkeywords = ["Leise"]',
            'pool = 0\nkeywords = ["Leise"]',
            "weapons.toml",
            "Fists",
            "pool",
        ),
        (
            "weapons",
            '["Knife"]\ngerman = "Messer"\ntype = "melee"\npool = 2\nkeywords = ["Leise"]',
            '["Knife"]\ngerman = "Messer"\ntype = "melee"\npool = 2\nkeywords = ["Leise", "Feuer"]',
            "weapons.toml",
            "Knife",
            "keywords",
        ),
        (
            "weapons",
            'pool = 3\nmag = 2\nfirearm = true\nkeywords = ["Laut"]',
            'pool = 3\nmag = 2\nfirearm = true\ntemplate = "small"\n'
            'keywords = ["Laut", "Explosiv"]',
            "weapons.toml",
            "Shotgun",
            "template",
        ),
        (
            "weapons",
            'uses = 1\ntemplate = "small"\nkeywords = ["Laut", "Feuer"]',
            'uses = 1\nkeywords = ["Laut", "Feuer"]',
            "weapons.toml",
            "Molotov",
            "template",
        ),
        (
            "profiles",
            "mindless = true\nkor = 1\n",
            "mindless = true\n",
            "profiles.toml",
            "profile.Shambler",
            "kor",
        ),
        (
            "profiles",
            "ver = 0\nwil = 0\ntp = 3",
            "ver = 0\ntp = 3",
            "profiles.toml",
            "profile.Militia",
            "wil",
        ),
        (
            "profiles",
            "kor = 3\nref = -1",
            "kor = 6\nref = -1",
            "profiles.toml",
            "profile.Brute",
            "kor",
        ),
        (
            "profiles",
            "ref = -1\nver = -1\nwil = 0\ntp = 7",
            "ref = -2\nver = -1\nwil = 0\ntp = 7",
            "profiles.toml",
            "profile.Brute",
            "ref",
        ),
        (
            "profiles",
            'archetype = "Krieger"\nkor = 3',
            'archetype = "Krieger"\nkor = 4',
            "profiles.toml",
            "profile.Bruno",
            "kor",
        ),
        (
            "profiles",
            'weapons = ["Pistol", "Knife"]\n\n[profile.Katz]',
            'weapons = ["Pistol", "Knife"]\ngifts = ["Grauen"]\n\n[profile.Katz]',
            "profiles.toml",
            "profile.Selma",
            "gifts",
        ),
        ("knobs", "light = 1\nheavy = 2", "light = 2\nheavy = 2", "knobs.toml", "cover", "light"),
        ("knobs", "pool = 3\nbr = 1", "pool = 0\nbr = 1", "knobs.toml", "minefield", "pool"),
        ("knobs", "cover_share = 0.5", "cover_share = -0.5", "knobs.toml", "cover_share", ""),
        ("knobs", "firearm = 60.0", "", "knobs.toml", "noise_radius", "firearm"),
        ("knobs", 'horde_pack = "1W3+1"', 'horde_pack = "1X3"', "knobs.toml", "noise", ""),
        (
            "talents",
            'who = ["Krieger"]',
            'who = ["Ninja"]',
            "talents.toml",
            "talent.Feuerdisziplin",
            "who",
        ),
        (
            "talents",
            "ws_bonus = 2 ",
            "# ws_bonus = 2 ",
            "talents.toml",
            "talent.Bollwerk",
            "ws_bonus",
        ),
        (
            "talents",
            'pistols = ["Pistol",',
            'pistols = ["Pistle",',
            "talents.toml",
            "talent.Waffengriff",
            "classes.pistols",
        ),
        (
            "profiles",
            'weapons = ["Hunting rifle", "Knife"]\n',
            'weapons = ["Hunting rifle", "Knife"]\ntalents = ["Bollwerk"]\n',
            "profiles.toml",
            "profile.Raider marksman",
            "talents",
        ),
    ],
)
def test_broken_file_gives_a_named_error(
    tmp_path: Path, stem: str, old: str, new: str, file: str, entry: str, field: str
) -> None:
    folder = _broken(tmp_path, stem, old, new)
    with pytest.raises(RulesDataError) as err:
        load_rules(data_dir=folder)
    exc = err.value
    assert (exc.file, exc.entry, exc.field) == (file, entry, field), str(exc)
    assert str(exc).startswith(file)


def test_attribute_bounds_follow_the_rules(tmp_path: Path, rules: RulesData) -> None:
    """§1.1: −1 .. +5 for every profile as written, at most +3 for a level-1 core
    figure; every shipped profile lies within (enemies of §14: −1 .. +3)."""
    for name, p in rules.profiles.items():
        values = (p.kor, p.ref, p.ver, p.wil)
        assert all(-1 <= v <= 5 for v in values), name
        assert not (p.core and p.level == 1) or max(values) <= 3, name
    brute = _broken(tmp_path, "profiles", "kor = 3\nref = -1", "kor = 5\nref = -1")
    assert load_rules(data_dir=brute).profile("Brute").kor == 5  # an enemy may have +5
    levelled = rules.with_overrides({"profile.Bruno.level": 3, "profile.Bruno.kor": 5})
    assert levelled.profile("Bruno").kor == 5  # a core figure above level 1 too


def test_injury_errors_name_the_row(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "injury", "max = 14", "max = 9")
    with pytest.raises(RulesDataError) as err:
        load_rules(data_dir=folder)
    assert str(err.value) == (
        "injury.toml [result #3 (Übel)] max: injury maxima must strictly increase: "
        "max 9 is not above 'Schwer''s max 9"
    )


def test_invalid_toml_and_missing_file(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "weapons", '["Knife"]', '["Knife"')
    with pytest.raises(RulesDataError, match=r"weapons.toml: not valid TOML"):
        load_rules(data_dir=folder)
    (folder / "gifts.toml").unlink()
    (folder / "weapons.toml").write_text((DATA_DIR / "weapons.toml").read_text("utf-8"), "utf-8")
    with pytest.raises(RulesDataError, match=r"gifts.toml: missing file"):
        load_rules(data_dir=folder)


def test_duplicate_alias_is_named(tmp_path: Path) -> None:
    folder = _broken(tmp_path, "weapons", 'german = "Messer"', 'german = "Pistol"')
    with pytest.raises(RulesDataError, match=r"also used by"):
        load_rules(data_dir=folder)
