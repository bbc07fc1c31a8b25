"""The program at the declared limits (game/limits.py, docs/SCENARIO.md "Limits").

    python -m pytest tests/bench/bench_limits.py -q -s
    python tests/bench/bench_limits.py

A scenario at the limits is written (limits_scene): a 400 × 400 cm board, 250
terrain pieces and modules, 2,500 polygon points, 200 figures in 100 squads, 8
sides (two with squads, six raids of the largest budget, 32 roster lines and 16
entry zones each, one raid all in one wave), the longest description and names.
Measured, with scenarios/refuge_horde.toml as the baseline in the same run:

1. `main.py check FILE` in a fresh process: CPU seconds (imports included).
   Target ≤ 5 s.
2. One Move of a figure along a long way (the game made, its first figure
   activated): CPU seconds of finding a legal destination and applying it, the
   first (the board's graphs are made) and a second. Target ≤ 1 s each. Reported
   too: making the game, one legal_actions() and one decision of the side's AI;
   and, in a fresh game, the first path that must go round a piece (a search of
   the visibility graph, which finds its edges as it goes) — target ≤ 1 s — and a
   path across the whole board (reported only: it finds the edges of about half
   the graph).
3. Peak memory (max RSS) of this process after 1–2 and of the check; and of
   `main.py map` at the pixel limit (no overlays). Target ≤ 2 GB each.
"""

from __future__ import annotations

import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game import actions as act  # noqa: E402
from game import limits  # noqa: E402
from game.actions import Action  # noqa: E402
from game.ai_choice import controllers_for  # noqa: E402
from game.board.paths import find_path  # noqa: E402
from game.engine import Game  # noqa: E402
from game.loading import check_file, load_battle  # noqa: E402
from game.play import space  # noqa: E402
from game.ui.editor.tomlwrite import dumps  # noqa: E402

HORDE = ROOT / "scenarios" / "refuge_horde.toml"
MAX_CHECK_S = 5.0
MAX_MOVE_S = 1.0
MAX_MEMORY_MB = 2048.0
CELL = 25.0
"""cm between the centres of the terrain pieces (figures stand on the corners)."""
KINDS = ("rubble", "crates", "building", "hedge", "wreck", "low_wall", "wall", "fence")
ENTRY_POINTS = 4


def circle(cx: float, cy: float, r: float, n: int) -> list[list[float]]:
    return [
        [
            round(cx + r * math.cos(2 * math.pi * k / n), 3),
            round(cy + r * math.sin(2 * math.pi * k / n), 3),
        ]
        for k in range(n)
    ]


def limits_scene() -> dict[str, Any]:
    """A scenario with every counted limit reached (or as near as the others allow)."""
    side_cm = limits.MAX_BOARD_CM
    cells = int(side_cm // CELL)
    raids = limits.MAX_SIDES - 2
    entry_points = raids * limits.MAX_ENTRIES * ENTRY_POINTS
    pieces = limits.MAX_PIECES - 1  # and the shelter
    points_each = (limits.MAX_POINTS - entry_points - 4) // pieces
    terrain = []
    spots = [
        (i, j) for j in range(cells) for i in range(cells) if (i, j) != (cells // 2, cells // 2)
    ]
    for n, (i, j) in enumerate(spots[:pieces]):
        cx, cy = CELL * (i + 0.5), CELL * (j + 0.5)
        terrain.append(
            {
                "id": f"piece-{n}",
                "kind": KINDS[n % len(KINDS)],
                "polygon": circle(cx, cy, 5.0, points_each),
            }
        )
    mid = CELL * (cells // 2 + 0.5)
    shelter = {"id": "shelter", "kind": "shelter", "polygon": circle(mid, mid, 5.0, 4)}
    corners = [(CELL * i, CELL * j) for j in range(1, cells) for i in range(1, cells)]
    per_side = limits.MAX_FIGURES // 2
    squads_per_side = limits.MAX_SQUADS // 2
    sides: list[dict[str, Any]] = []
    for s, (sid, profile, controller) in enumerate(
        (("survivors", "Militia", "human"), ("raiders", "Raider", "ai:tactical"))
    ):
        mine = corners[s * per_side : (s + 1) * per_side]
        squads = []
        for q in range(squads_per_side):
            share = mine[q * len(mine) // squads_per_side : (q + 1) * len(mine) // squads_per_side]
            figs = [
                {"id": f"{sid}-{q}-{k}", "profile": profile, "at": list(p)}
                for k, p in enumerate(share)
            ]
            squads.append({"id": f"{sid}-squad-{q}", "figure": figs})
        sides.append(
            {
                "id": sid,
                "name": sid.title() + " " + "x" * 150,
                "controller": controller,
                "squad": squads,
            }
        )
    profiles = ("Shambler", "Runner", "Brute")
    for r in range(raids):
        entries = []
        for e in range(limits.MAX_ENTRIES):
            x = CELL * (1 + e % (cells - 1))  # a lane between the pieces
            y0, y1 = (0.0, 4.0) if (r + e) % 2 else (side_cm - 4.0, side_cm)
            entries.append(
                {
                    "id": f"gate-{e}",
                    "name": f"Entry {e}",
                    "polygon": [[x - 3, y0], [x + 3, y0], [x + 3, y1], [x - 3, y1]],
                }
            )
        raid = {
            "threat": "infected",
            "budget": limits.MAX_BUDGET,
            "waves": 1 if r == 0 else "1W3+1",
            "wave_every": 1,
            "roster": [
                {"profile": profiles[k % len(profiles)], "weight": 1 + k % 5}
                for k in range(limits.MAX_ROSTER)
            ],
            "entry": entries,
        }
        sides.append(
            {"id": f"horde-{r}", "name": f"Horde {r}", "controller": "ai:horde", "raid": raid}
        )
    return {
        "scenario": {
            "name": "At the limits " + "n" * (limits.MAX_NAME - 20),
            "description": "d" * limits.MAX_DESCRIPTION,
            "max_rounds": 8,
            "seed": 7,
        },
        "board": {"width_cm": side_cm, "height_cm": side_cm},
        "terrain": terrain,
        "module": [shelter],
        "side": sides,
        "objective": {"kind": "protect", "key_point": "shelter", "rounds": 8},
    }


def child_cpu(argv: list[str]) -> tuple[int, float, float, str]:
    """A command in a fresh process: exit code, CPU seconds, max RSS in MB, output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True, cwd=ROOT
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return done.returncode, cpu, after.ru_maxrss / 1024, done.stdout + done.stderr


def activated(game: Game) -> str:
    """Apply the first offered concrete action until a figure may act; its id."""
    while (pending := game.pending()) is not None and pending.kind != "act":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Action)))
    assert pending is not None
    return pending.figures[0]


def long_move(game: Game, figure: str) -> Action:
    """A Move as far as the allowance reaches, in the first direction that is legal."""
    fig = game.state.figures[figure]
    from ai.random_bot import is_legal

    for step in range(16):
        angle = 2 * math.pi * step / 16
        for reach in (14.0, 10.0, 6.0):
            to = (fig.x + reach * math.cos(angle), fig.y + reach * math.sin(angle))
            move = act.Move(figure=figure, to=to)
            if is_legal(game, move):
                return move
    raise AssertionError(f"{figure} has no legal move")


def timed_move(game: Game) -> float:
    """CPU seconds of one long Move: finding a legal destination (checking up to 48
    candidates, as a player trying points would) and applying it."""
    figure = activated(game)
    start = time.process_time()
    game.apply(long_move(game, figure))
    return time.process_time() - start


def ai_decision(game: Game) -> float:
    """CPU seconds of one decision of the pending side's own controller."""
    pending = game.pending()
    assert pending is not None
    controllers = controllers_for(game.scenario)
    start = time.process_time()
    controllers[pending.side].choose(game)
    return time.process_time() - start


def graph_paths(scenario: Any) -> tuple[float, float]:
    """CPU seconds of a fresh game's first path round a piece (from the first figure
    to 25, 20 cm on, past the piece between: a graph search) and then of a path to
    the far corner of the board, among the other figures."""
    game = Game(scenario, seed=scenario.scenario.seed or 0)
    fig = next(iter(game.state.figures.values()))
    others = space.obstacles(game, fig)
    board = game.state.board
    timings = []
    for goal in ((fig.x + 25.0, fig.y + 20.0), (board.width - 3.0, board.height - 3.0)):
        start = time.process_time()
        find_path(board, fig.pos, goal, radius=fig.radius, obstacles=others)
        timings.append(time.process_time() - start)
    return timings[0], timings[1]


def measure(path: Path) -> dict[str, float]:
    code, check_s, check_mb, out = child_cpu(["check", str(path)])
    assert code == 0, out
    assert check_file(path).problems == ()
    scenario = load_battle(path)
    start = time.process_time()
    game = Game(scenario, seed=scenario.scenario.seed or 0)
    game.pending()
    made = time.process_time() - start
    first = timed_move(game)
    ended = [a for a in game.legal_actions() if isinstance(a, act.EndActivation)]
    if ended:
        game.apply(ended[0])  # the next figure moves (the graphs are built now)
    second = timed_move(game)
    start = time.process_time()
    game.legal_actions()
    legal = time.process_time() - start
    ai = ai_decision(game)
    around, across = graph_paths(scenario)
    return {
        "around_s": around,
        "across_s": across,
        "game_s": made,
        "legal_s": legal,
        "ai_s": ai,
        "check_s": check_s,
        "check_mb": check_mb,
        "move1_s": first,
        "move2_s": second,
        "self_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def map_at_the_limit(path: Path, out: Path) -> tuple[float, float, float]:
    """`main.py map` at (just under) the pixel limit: CPU s, max RSS MB, pixels."""
    inches = limits.MAX_BOARD_CM / 2.54
    dpi = int(math.sqrt(limits.MAX_MAP_PIXELS) / inches) - 1
    code, cpu, mb, text = child_cpu(
        ["map", str(path), "-o", str(out), "--dpi", str(dpi), "--scale", "1:1", "--overlay", "none"]
    )
    assert code == 0, text
    return cpu, mb, (inches * dpi) ** 2


def test_the_program_stays_fast_at_the_limits() -> None:
    with tempfile.TemporaryDirectory() as folder:
        scene = Path(folder) / "limits.toml"
        scene.write_text(dumps(limits_scene()), encoding="utf-8")
        print(f"\nscene at the limits: {scene.stat().st_size / 1024:.0f} KiB")
        base = measure(HORDE)
        top = measure(scene)
        map_s, map_mb, pixels = map_at_the_limit(scene, Path(folder) / "map.png")
    print(f"{'':26}{'refuge_horde':>14}{'at the limits':>16}{'ratio':>8}")
    for key, label in (
        ("check_s", "check (process) CPU s"),
        ("check_mb", "check max RSS MB"),
        ("game_s", "make the game CPU s"),
        ("move1_s", "first move CPU s"),
        ("move2_s", "second move CPU s"),
        ("around_s", "path round a piece CPU s"),
        ("across_s", "path across CPU s"),
        ("legal_s", "legal actions CPU s"),
        ("ai_s", "an AI decision CPU s"),
        ("self_mb", "game max RSS MB"),
    ):
        ratio = top[key] / base[key] if base[key] else float("nan")
        print(f"{label:26}{base[key]:>14.3f}{top[key]:>16.3f}{ratio:>8.1f}")
    print(f"map {pixels / 1e6:.0f} Mpx: {map_s:.1f} CPU s, max RSS {map_mb:.0f} MB")
    assert top["check_s"] <= MAX_CHECK_S
    assert top["move1_s"] <= MAX_MOVE_S and top["move2_s"] <= MAX_MOVE_S
    assert top["around_s"] <= MAX_MOVE_S
    assert max(top["check_mb"], top["self_mb"], map_mb) <= MAX_MEMORY_MB


if __name__ == "__main__":
    test_the_program_stays_fast_at_the_limits()
