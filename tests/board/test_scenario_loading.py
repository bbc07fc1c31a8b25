"""Scenario files (docs/SCENARIO.md): the full format loads, broken files name every
problem as `file: field.path: reason`, and nothing ever raises anything else."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.board.terrain import Board, TerrainKind
from game.cover import Cover
from game.loading import load_scenario, parse_scenario, scenario_from_data
from game.loading.parts import ScenarioParts
from game.scenario import FigureSpec, ScenarioError

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]


def errors_of(name: str, **kw: Any) -> list[str]:
    """The problems of a file in tests/board/data, each starting with its name."""
    with pytest.raises(ScenarioError) as info:
        load_scenario(DATA / name, **kw)
    return [e.removeprefix(f"{DATA}/") for e in info.value.errors]


def test_the_full_format_loads() -> None:
    sc = load_scenario(DATA / "refuge_valid.toml")
    assert sc.scenario.max_rounds == 10 and sc.scenario.seed == 1
    assert [t.id for t in sc.terrain] == ["ruin-a", "crates-1", "wall-w", "barricade-s"]
    gate = sc.module[0]
    assert gate.kind == "gate" and gate.open is False and gate.structure == 8
    refuge, horde = sc.side
    assert refuge.controller == "human" and refuge.squad[0].leader == "bruno"
    mira = refuge.squad[0].figure[1]
    assert mira.at == (42.0, 62.0) and mira.overwatch
    sniper = refuge.squad[0].figure[2]
    assert sniper.stats is not None and sniper.stats.KOER == 1 and sniper.stats.REF == 2
    assert sniper.profile_name == "Raider marksman"
    assert horde.raid is not None and str(horde.raid.waves_expression) == "1W3+1"
    assert [r.profile for r in horde.raid.roster] == ["Shambler", "Runner", "Brute"]
    assert sc.objective is not None and sc.objective.key_point == "shelter"
    assert sc.knobs == {"cover_share": 0.5, "noise_threshold": 2}
    assert len(list(sc.figures())) == 3


def test_board_from_scenario() -> None:
    board = Board.from_scenario(load_scenario(DATA / "refuge_valid.toml"))
    assert (board.width, board.height) == (120.0, 120.0)
    assert board.piece("barricade-s").structure == 4  # the file's override
    gate = board.piece("main-gate")
    assert gate.is_module and gate.kind is TerrainKind.GATE and gate.blocks_sight
    assert board.piece("crates-1").cover is Cover.LIGHT
    assert board.piece("tower").is_platform


@pytest.mark.parametrize(
    "path",
    [*sorted((ROOT / "scenarios").glob("*.toml")), ROOT / "tests/board/data/dense_scene.toml"],
    ids=lambda p: p.name,
)
def test_shipped_scenarios_load(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path} is missing")
    Board.from_scenario(load_scenario(path))


def test_geometric_errors_are_all_named() -> None:
    assert sorted(errors_of("broken_geometry.toml")) == sorted(
        f"broken_geometry.toml: {e}"
        for e in [
            "terrain[1].polygon: self-intersecting",
            "terrain[2].polygon: outside the board (0..60 x 0..60 cm)",
            "terrain[3].id: duplicate terrain id 'house' (also terrain[0].id)",
            "module[0].polygon: has no area (its points lie on one line)",
            "side[0].squad[0].leader: 'nobody' is not a figure of this squad",
            "side[0].squad[0].figure[0].at: base overlaps solid terrain 'house'",
            "side[0].squad[0].figure[2].at: base overlaps figure 'first'",
            "side[0].squad[0].figure[3].at: base (radius 1.25 cm) is not inside the board",
            "side[0].squad[0].figure[4].id: duplicate figure id 'first' "
            "(also side[0].squad[0].figure[1].id)",
            # A Brute stands on a 40 mm base: 1.5 cm from the house is too close.
            "side[0].squad[0].figure[4].at: base overlaps solid terrain 'house'",
            "side[1].raid.entry[0].polygon: an entry zone must touch a board edge",
            "objective.key_point: 'house' is a terrain piece, not a module",
        ]
    )


def test_structural_errors_are_all_named() -> None:
    errors = errors_of("broken_structure.toml")
    expected = [
        "scenario.rules: input should be 'deadearth'",
        "scenario.max_rounds: input should be greater than or equal to 1",
        "board.height_cm: required field is missing",
        "board.heigth_cm: unknown field",
        "terrain[0].kind: input should be 'wall', 'building'",
        "terrain[1].polgon: unknown field",
        "terrain[1].polygon: required field is missing",
        "module[0].open: only gates open, not storage",
        "side[0].controller: input should be 'human', 'ai:tactical' or 'ai:horde'",
        "side[0].squad[0].figure[0].at[1]: a number, not text ('north')",
        "side[0].squad[0].figure[1].stats.speed: unknown field",
        "side[1].raid.waves: not a dice expression: '2D'",
        "objective.key_point: a protect objective needs one",
    ]
    for line in expected:
        assert any(e.startswith(f"broken_structure.toml: {line}") for e in errors), line
    assert len(errors) == len(expected)


def test_toml_syntax_error_and_missing_file() -> None:
    (err,) = errors_of("broken_syntax.toml")
    assert err.startswith("broken_syntax.toml: toml: Invalid value (at line 3")
    (err,) = errors_of("no_such_file.toml")
    assert err.endswith("no_such_file.toml: file not found")


MINIMAL = """
[scenario]
name = "m"
max_rounds = 3
[board]
width_cm = 50
height_cm = 50
"""


def side(body: str) -> str:
    return MINIMAL + '[[side]]\nid = "a"\nname = "A"\ncontroller = "human"\n' + body


def raid(waves: str) -> str:
    return side(
        f'[side.raid]\nthreat = "infected"\nwaves = {waves}\n'
        'roster = [{profile = "Shambler", weight = 1}]\n'
        '[[side.raid.entry]]\nid = "e"\npolygon = [[0, 0], [5, 0], [5, 5]]\n'
    )


def terrain(extra: str, pid: str = "w") -> str:
    return (
        MINIMAL
        + f'[[terrain]]\nid = "{pid}"\nkind = "wall"\npolygon = [[1, 1], [4, 1], [4, 4]]\n'
        + extra
    )


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            side('[[side.squad]]\nid = "s"\n[[side.squad.figure]]\nid = "f"\nat = [5, 5]\n'),
            "side[0].squad[0].figure[0]: give exactly one of profile or stats",
        ),
        (
            side(
                '[[side.squad]]\nid = "s"\n[[side.squad.figure]]\nid = "f"\nat = [5, 5]\n'
                "[side.squad.figure.stats]\nREF = 1\n"
            ),
            "side[0].squad[0].figure[0].stats: without a base profile the stats need "
            "KÖR, VER, WIL, weapons",
        ),
        (side(""), "side[0]: a side needs at least one squad or a raid"),
        (
            raid('"0"'),
            "side[0].raid.waves: '0' can give fewer than 1 wave",
        ),
        (
            raid("1.5"),
            "side[0].raid.waves: give a dice expression such as '1W3+1' or a whole number",
        ),
        (
            side('[side.raid]\nthreat = "zombies"\nroster = []\n'),
            "side[0].raid.threat: input should be 'infected' or 'raiders'",
        ),
        (
            terrain("structure = 3\n"),
            "terrain[0].structure: only barricades have structure, not wall",
        ),
        (
            terrain("", pid="bad id!"),
            "terrain[0].id: string should match pattern",
        ),
        (MINIMAL + '[objective]\nkind = "hold"\n', "objective.rounds: a hold objective needs them"),
        (
            MINIMAL + '[objective]\nkind = "protect"\nkey_point = "vault"\n',
            "objective.key_point: no module 'vault'",
        ),
        (MINIMAL + "[knobs]\ncover_share = [1, 2]\n", "knobs.cover_share"),
        (MINIMAL + "[extra]\nfoo = 1\n", "extra: unknown field"),
    ],
)
def test_single_errors(text: str, error: str) -> None:
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, "t.toml")
    assert any(e.startswith(f"t.toml: {error}") for e in info.value.errors), info.value.errors


@pytest.mark.parametrize("name", ["broken_geometry.toml", "broken_structure.toml"])
def test_the_rules_stages_run_even_on_broken_files(name: str) -> None:
    """An unknown profile is named beside broken geometry or structure: the names
    stage runs on the parts that validate on their own."""
    text = (DATA / name).read_text(encoding="utf-8").replace('"Shambler"', '"Zombie"')
    with pytest.raises(ScenarioError) as info:
        parse_scenario(text, name)
    zombie = f"{name}: side[1].raid.roster[0].profile: unknown profile 'Zombie'"
    assert any(e.startswith(zombie) for e in info.value.errors), info.value.errors


def test_salvaged_parts_keep_what_validates_on_its_own() -> None:
    raw = tomllib.loads((DATA / "broken_structure.toml").read_text(encoding="utf-8"))
    parts = ScenarioParts.salvage(raw)
    # figure 'x' (bad `at`) and 'y' (bad stats) dropped, the roster kept
    assert [p for p, _ in parts.figures] + [p for p, _ in parts.rosters] == [
        "side[1].raid.roster[0]"
    ]


def test_base_radius_hook() -> None:
    def huge(fig: FigureSpec) -> float:
        return 10.0 if fig.id == "bruno" else 1.25

    errors = errors_of("refuge_valid.toml", base_radius=huge)
    assert (
        "refuge_valid.toml: side[0].squad[0].figure[0].at: base overlaps solid terrain 'main-gate'"
        in errors
    )


RAW = tomllib.loads((DATA / "refuge_valid.toml").read_text(encoding="utf-8"))
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 200),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.lists(st.integers(-5, 200), max_size=3),
    st.just([[0, 0], [1, 1]]),
    st.just({}),
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


PATHS = _paths(RAW)


@given(st.lists(st.tuples(st.sampled_from(PATHS), junk, st.booleans()), min_size=1, max_size=4))
def test_mangled_files_never_raise_anything_else(
    changes: list[tuple[tuple[Any, ...], Any, bool]],
) -> None:
    data = copy.deepcopy(RAW)
    for path, value, delete in changes:
        node: Any = data
        try:
            for key in path[:-1]:
                node = node[key]
            if delete and isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        scenario_from_data(data, "m.toml")
    except ScenarioError as exc:
        assert exc.errors and all(e.startswith("m.toml: ") for e in exc.errors)
