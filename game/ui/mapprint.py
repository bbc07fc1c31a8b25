"""A map image on A4 pages for a true-size print (issue #7).

The image is cut into tiles of the printable area (A4 portrait, 10 mm margins) and
each tile is placed on its own page at the image's DPI, so printed at 100 % every
pixel keeps its size: a 1:1 map lays real miniatures on the table's own
centimetres. When it takes more than one page, each page gets cut marks at the
tile's corners and a label with its row and column (cut along the marks, butt the
edges together); a tile of plain paper gets no page. Written with Pillow; no pygame
here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from game.i18n import tr

A4_MM = (210.0, 297.0)
MARGIN_MM = 10.0
MARK_MM = 6.0
"""Length of a cut mark."""
MARK_GAP_MM = 1.0
"""Space between a cut mark and the image's corner."""
FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans.ttf"
JPEG_QUALITY = 95


@dataclass(frozen=True)
class PageGrid:
    """How an image of `size` px is cut: tiles of `tile` px in rows × cols."""

    size: tuple[int, int]
    page: tuple[int, int]
    margin: int
    tile: tuple[int, int]
    rows: int
    cols: int

    @property
    def count(self) -> int:
        return self.rows * self.cols

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The part of the image on page (row, col), counted from 0."""
        tw, th = self.tile
        w, h = self.size
        return (col * tw, row * th, min(w, (col + 1) * tw), min(h, (row + 1) * th))


def mm_px(mm: float, dpi: float) -> int:
    return round(mm * dpi / 25.4)


def page_grid(size: tuple[int, int], dpi: float) -> PageGrid:
    """The A4 pages an image of `size` px at `dpi` needs."""
    page = (mm_px(A4_MM[0], dpi), mm_px(A4_MM[1], dpi))
    margin = mm_px(MARGIN_MM, dpi)
    tile = (page[0] - 2 * margin, page[1] - 2 * margin)
    cols = max(1, math.ceil(size[0] / tile[0]))
    rows = max(1, math.ceil(size[1] / tile[1]))
    return PageGrid(size, page, margin, tile, rows, cols)


@lru_cache(maxsize=8)
def _font(px: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if FONT.is_file():
        return ImageFont.truetype(str(FONT), px)
    return ImageFont.load_default(px)


def _blank(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Is this part of the image plain white paper?"""
    extrema = image.crop(box).convert("L").getextrema()
    return bool(extrema[0] == 255)


def pages(image: Image.Image, dpi: float, name: str, scale: str) -> list[Image.Image]:
    """The image on A4 pages (white, RGB), tile by tile, left to right, top down;
    a tile of plain paper gets no page."""
    grid = page_grid(image.size, dpi)
    tiled = grid.count > 1
    cells = [
        (row, col)
        for row in range(grid.rows)
        for col in range(grid.cols)
        if not (tiled and _blank(image, grid.box(row, col)))
    ]
    font = _font(max(8, mm_px(2.6, dpi)))
    out = []
    for number, (row, col) in enumerate(cells, start=1):
        page = Image.new("RGB", grid.page, "white")
        box = grid.box(row, col)
        page.paste(image.crop(box), (grid.margin, grid.margin))
        pen = ImageDraw.Draw(page)
        if tiled:
            _cut_marks(pen, grid.margin, grid.margin, box[2] - box[0], box[3] - box[1], dpi)
        text = tr(
            "planner.map.page",
            name=name,
            row=row + 1,
            rows=grid.rows,
            col=col + 1,
            cols=grid.cols,
            page=number,
            pages=len(cells),
            scale=scale,
        )
        y = grid.page[1] - grid.margin / 2
        pen.text((grid.page[0] / 2, y), text, fill="black", font=font, anchor="mm")
        out.append(page)
    return out


def _cut_marks(pen: ImageDraw.ImageDraw, x0: int, y0: int, w: int, h: int, dpi: float) -> None:
    """Short lines in the margin, in line with the image's edges, at its corners."""
    gap, length = mm_px(MARK_GAP_MM, dpi), mm_px(MARK_MM, dpi)
    width = max(1, mm_px(0.2, dpi))
    x1, y1 = x0 + w - 1, y0 + h - 1
    for x, y, sx, sy in ((x0, y0, -1, -1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x1, y1, 1, 1)):
        hx = (x + sx * gap, x + sx * (gap + length))
        vy = (y + sy * gap, y + sy * (gap + length))
        pen.line([(min(hx), y), (max(hx), y)], fill="black", width=width)
        pen.line([(x, min(vy)), (x, max(vy))], fill="black", width=width)


def save_pdf(images: list[Image.Image], path: str | Path, dpi: float) -> None:
    """Pages into one PDF whose page size follows from the DPI (A4 at 100 %)."""
    first, rest = images[0], images[1:]
    first.save(
        path,
        "PDF",
        resolution=dpi,
        save_all=True,
        append_images=rest,
        quality=JPEG_QUALITY,
        subsampling=0,
    )
