"""Label placement benchmark (not part of the default run).

    python -m pytest tests/bench/bench_labels.py -q -s
    python tests/bench/bench_labels.py

Under the dummy video driver at 1600 × 1000, the names of 60 and of 200 figures of
the shared dense scene and the refuge's figures and module labels: the median ms of
placing the labels alone (game/ui/render/labels.py `place`) and of drawing the
figures with their labels (figures.draw_figures, what the table's still picture
redraws), printed with their ratio and the share of a 60 Hz frame. Nothing is
asserted on time: the numbers are for reading, on a shared machine.
"""

from __future__ import annotations

import math

import pygame
from bench_ui import _median
from headless import ROOT, SCENE

from game.engine import Game
from game.loading import load_scenario
from game.state import Figure
from game.ui.camera import Camera
from game.ui.render import labels
from game.ui.render.figures import Marks, base_boxes, draw_figures, name_label
from game.ui.render.terrain import module_labels

REFUGE = ROOT / "scenarios" / "refuge_horde.toml"
SIZE = (1600, 1000)
FRAME_MS = 1000.0 / 60.0


def _camera(game: Game) -> Camera:
    board = game.state.board
    return Camera.fitting((board.width, board.height), (0, 0, *SIZE))


def _case(game: Game, figures: list[Figure], modules: bool) -> dict[str, float]:
    """Median ms of placing and of drawing these figures' labels."""
    camera = _camera(game)
    surface = pygame.Surface(SIZE)
    side_index = {sid: i for i, sid in enumerate(game.state.sides)}
    fixed = module_labels(game.state.board, camera) if modules else []
    marks = Marks()

    def prepared() -> tuple[list[labels.Label], list[pygame.Rect]]:
        items: list[labels.Label] = []
        bases: list[pygame.Rect] = []
        for fig in figures:
            centre = camera.to_screen_f(*fig.pos)
            r = fig.radius * camera.scale
            bases += base_boxes(fig, centre, r)
            label = name_label(fig, centre, r, marks)
            if label is not None:
                items.append(label)
        items += [labels.Label([labels.Option(m.image, s) for s in m.spots], 2) for m in fixed]
        return items, bases

    items, bases = prepared()
    area = surface.get_rect()
    place_ms = _median(lambda: labels.place(items, bases, area))
    draw_ms = _median(
        lambda: draw_figures(surface, camera, figures, side_index, marks, fixed=fixed)
    )
    return {"labels": len(items), "place_ms": place_ms, "draw_ms": draw_ms}


def measure() -> dict[str, dict[str, float]]:
    out = {}
    refuge = Game(load_scenario(REFUGE), seed=1)
    on_table = [f for f in refuge.state.figures.values() if f.on_table]
    out["refuge (figures + modules)"] = _case(refuge, on_table, modules=True)
    if SCENE.is_file():
        dense = Game(load_scenario(SCENE), seed=1)
        figs = [f for f in dense.state.figures.values() if f.on_table]
        middle = (dense.state.board.width / 2, dense.state.board.height / 2)
        figs.sort(key=lambda f: math.dist(f.pos, middle))
        out["dense scene, 60 figures"] = _case(dense, figs[:60], modules=False)
        out["dense scene, 200 figures"] = _case(dense, figs, modules=False)
    return out


def report(m: dict[str, dict[str, float]]) -> str:
    lines = [f"Label placement at {SIZE[0]}×{SIZE[1]}, median ms:"]
    for name, v in m.items():
        ratio = v["place_ms"] / v["draw_ms"]
        lines.append(
            f"  {name}: {v['labels']:.0f} labels · place {v['place_ms']:.2f} ms · figures with "
            f"labels drawn {v['draw_ms']:.2f} ms → placement is {ratio:.2f}× the drawing, "
            f"{v['place_ms'] / FRAME_MS:.1%} of a 60 Hz frame"
        )
    return "\n".join(lines)


def test_label_benchmark() -> None:
    pygame.init()
    print("\n" + report(measure()))


if __name__ == "__main__":
    pygame.init()
    print(report(measure()))
