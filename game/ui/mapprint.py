"""A map image on A4 pages for a true-size print (issue #7).

The image is cut into tiles of the printable area (A4 portrait, 10 mm margins) and
each tile is placed on its own page at the image's DPI, so printed at 100 % every
pixel keeps its size: a 1:1 map lays real miniatures on the table's own
centimetres. When it takes more than one page, each page gets cut marks at the
tile's corners and a label with its row and column (cut along the marks, butt the
edges together); a tile of plain paper gets no page. A map on several sheets
(`sheets`) gets a first page of its own — the title block, the legend and a plan of
how the sheets go together — and only the table is tiled, centred on the sheets so
no sheet holds a thin strip of it. The pages are drawn with Pillow and written as a
PDF of Flate-compressed (lossless) images: the map's flat colours and hatching
shrink to a few percent of what JPEG makes of them, and stay sharp. No pygame here.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
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
FLATE_LEVEL = 6
PLAN_CELL_MM = 12.0
"""Width of a sheet in the plan of how the sheets go together."""


@dataclass(frozen=True)
class PageGrid:
    """How an image of `size` px is cut: tiles of `tile` px in rows × cols, the
    image `offset` px into the grid (the slack shared out round it)."""

    size: tuple[int, int]
    page: tuple[int, int]
    margin: int
    tile: tuple[int, int]
    rows: int
    cols: int
    offset: tuple[int, int] = (0, 0)

    @property
    def count(self) -> int:
        return self.rows * self.cols

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """The part of the image on page (row, col), counted from 0 (empty when the
        tile holds only slack)."""
        tw, th = self.tile
        w, h = self.size
        ox, oy = self.offset
        x0, y0 = max(0, col * tw - ox), max(0, row * th - oy)
        return (x0, y0, max(x0, min(w, (col + 1) * tw - ox)), max(y0, min(h, (row + 1) * th - oy)))

    def at(self, row: int, col: int) -> tuple[int, int]:
        """Where the tile's part of the image goes on its page."""
        x0, y0, _, _ = self.box(row, col)
        return (
            self.margin + x0 + self.offset[0] - col * self.tile[0],
            self.margin + y0 + self.offset[1] - row * self.tile[1],
        )

    def centred(self) -> PageGrid:
        """The same grid with the image in its middle."""
        slack = (self.cols * self.tile[0] - self.size[0], self.rows * self.tile[1] - self.size[1])
        return replace(self, offset=(slack[0] // 2, slack[1] // 2))


def mm_px(mm: float, dpi: float) -> int:
    return round(mm * dpi / 25.4)


def printable(dpi: float) -> tuple[int, int]:
    """The printable area of an A4 page in px."""
    margin = mm_px(MARGIN_MM, dpi)
    return (mm_px(A4_MM[0], dpi) - 2 * margin, mm_px(A4_MM[1], dpi) - 2 * margin)


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
    return _tiles(image, grid, dpi, name, scale, _printed(image, grid), 0, 0)


def _printed(image: Image.Image, grid: PageGrid) -> list[tuple[int, int]]:
    """The tiles that get a page: all of a one-page map, else those that hold more
    than plain paper."""
    cells = [(row, col) for row in range(grid.rows) for col in range(grid.cols)]
    if grid.count == 1:
        return cells
    return [c for c in cells if not _blank(image, grid.box(*c))]


def _tiles(
    image: Image.Image,
    grid: PageGrid,
    dpi: float,
    name: str,
    scale: str,
    cells: Sequence[tuple[int, int]],
    before: int,
    after: int,
) -> list[Image.Image]:
    """A page for each of `cells`, numbered after `before` pages of `before + len +
    after` in all."""
    tiled = grid.count > 1
    font = _font(max(8, mm_px(2.6, dpi)))
    total = before + len(cells) + after
    out = []
    for number, (row, col) in enumerate(cells, start=before + 1):
        page = Image.new("RGB", grid.page, "white")
        box = grid.box(row, col)
        x, y = grid.at(row, col)
        page.paste(image.crop(box), (x, y))
        pen = ImageDraw.Draw(page)
        if tiled:
            _cut_marks(pen, x, y, box[2] - box[0], box[3] - box[1], dpi)
        text = tr(
            "planner.map.page",
            name=name,
            row=row + 1,
            rows=grid.rows,
            col=col + 1,
            cols=grid.cols,
            page=number,
            pages=total,
            scale=scale,
        )
        _footer(pen, grid, text, font)
        out.append(page)
    return out


def _footer(
    pen: ImageDraw.ImageDraw,
    grid: PageGrid,
    text: str,
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont,
) -> None:
    y = grid.page[1] - grid.margin / 2
    pen.text((grid.page[0] / 2, y), text, fill="black", font=font, anchor="mm")


def sheets(
    image: Image.Image,
    dpi: float,
    name: str,
    scale: str,
    area: tuple[int, int, int, int],
    blocks: Sequence[tuple[int, int, int, int]],
) -> list[Image.Image]:
    """A map on several sheets: first the page(s) with the image's `blocks` (the
    title block, the legend), stacked top down, and the plan of the sheets; then
    the image's `area` (the table) centred on the sheets, a sheet for each tile
    that holds more than plain paper."""
    table = image.crop(area)
    grid = page_grid(table.size, dpi).centred()
    cells = _printed(table, grid)
    parts = [image.crop(b) for b in blocks]
    first = _front_pages(parts, grid, cells, dpi, name, len(cells))
    return [*first, *_tiles(table, grid, dpi, name, scale, cells, len(first), 0)]


def _front_pages(
    parts: Sequence[Image.Image],
    grid: PageGrid,
    cells: Sequence[tuple[int, int]],
    dpi: float,
    name: str,
    sheet_count: int,
) -> list[Image.Image]:
    """The title block and the legend stacked on pages, the sheets' plan under them."""
    room_w, room_h = printable(dpi)
    gap = mm_px(4, dpi)
    width = min(room_w, max(mm_px(60, dpi), grid.cols * mm_px(PLAN_CELL_MM, dpi)))
    planned = grid.count > 1  # one sheet needs no plan
    heights = [p.height for p in parts]
    if planned:
        heights.append(_plan_image(grid, cells, dpi, width, {}).height)
    stacks: list[list[int]] = [[]]
    used = 0
    for i, height in enumerate(heights):
        if stacks[-1] and used + height > room_h:
            stacks.append([])
            used = 0
        stacks[-1].append(i)
        used += height + gap
    count = len(stacks)
    numbers = {c: count + i + 1 for i, c in enumerate(cells)}
    pieces = [*parts, *([_plan_image(grid, cells, dpi, width, numbers)] if planned else [])]
    font = _font(max(8, mm_px(2.6, dpi)))
    out = []
    for number, stack in enumerate(stacks, start=1):
        page = Image.new("RGB", grid.page, "white")
        y = grid.margin
        for i in stack:
            page.paste(pieces[i], (grid.margin, y))
            y += pieces[i].height + gap
        text = tr("newcomer.map.front", name=name, page=number, pages=count + sheet_count)
        _footer(ImageDraw.Draw(page), grid, text, font)
        out.append(page)
    return out


def _plan_image(
    grid: PageGrid,
    cells: Sequence[tuple[int, int]],
    dpi: float,
    width: int,
    numbers: dict[tuple[int, int], int],
) -> Image.Image:
    """How the sheets go together: the grid of sheets with each one's page number
    (grey: a blank sheet, not printed) and the table's outline across them."""
    font = _font(max(8, mm_px(3, dpi)))
    small = _font(max(8, mm_px(2.4, dpi)))
    line = mm_px(4.5, dpi)
    note = _wrap(tr("newcomer.map.plan_note"), small, width)
    cell = min(width / grid.cols, mm_px(PLAN_CELL_MM, dpi))
    ch = cell * grid.tile[1] / grid.tile[0]
    top = line * (2 + len(note))
    image = Image.new("RGB", (width, round(top + ch * grid.rows) + 2), "white")
    pen = ImageDraw.Draw(image)
    pen.text((0, 0), tr("newcomer.map.plan"), fill="black", font=font)
    for i, text in enumerate(note):
        pen.text((0, line * (1 + i) + line // 3), text, fill=(90, 90, 90), font=small)
    kept = set(cells)
    for row in range(grid.rows):
        for col in range(grid.cols):
            box = (col * cell, top + row * ch, (col + 1) * cell, top + (row + 1) * ch)
            printed = (row, col) in kept
            pen.rectangle(box, fill="white" if printed else (215, 215, 215), outline="black")
            label = str(numbers.get((row, col), "")) if printed else "—"
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            pen.text(centre, label, fill="black", font=small, anchor="mm")
    sx, sy = cell / grid.tile[0], ch / grid.tile[1]
    ox, oy = grid.offset
    outline = (ox * sx, top + oy * sy, (ox + grid.size[0]) * sx, top + (oy + grid.size[1]) * sy)
    pen.rectangle(outline, outline=(200, 60, 40), width=max(1, mm_px(0.4, dpi)))
    return image


def _wrap(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> list[str]:
    """`text` in lines no wider than `width` px."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and font.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line]


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


def save_pdf(images: Sequence[Image.Image], path: str | Path, dpi: float, title: str = "") -> None:
    """Pages into one PDF whose page size follows from the DPI (A4 at 100 %): each
    page one RGB image, Flate-compressed."""
    writer = _PdfWriter()
    catalog = writer.reserve()
    tree = writer.reserve()
    kids = []
    for image in images:
        rgb = image.convert("RGB")
        w, h = rgb.size
        data = zlib.compress(rgb.tobytes(), FLATE_LEVEL)
        picture = writer.add(
            f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB "
            f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>".encode(),
            data,
        )
        pw, ph = w * 72.0 / dpi, h * 72.0 / dpi
        draw = f"q {pw:.4f} 0 0 {ph:.4f} 0 0 cm /Im0 Do Q".encode()
        content = writer.add(f"<< /Length {len(draw)} >>".encode(), draw)
        kids.append(
            writer.add(
                f"<< /Type /Page /Parent {tree} 0 R /MediaBox [0 0 {pw:.4f} {ph:.4f}] "
                f"/Resources << /XObject << /Im0 {picture} 0 R >> >> "
                f"/Contents {content} 0 R >>".encode()
            )
        )
    refs = " ".join(f"{k} 0 R" for k in kids)
    writer.put(tree, f"<< /Type /Pages /Kids [{refs}] /Count {len(kids)} >>".encode())
    writer.put(catalog, f"<< /Type /Catalog /Pages {tree} 0 R >>".encode())
    info = writer.add(f"<< /Title <FEFF{title.encode('utf-16-be').hex()}> >>".encode())
    Path(path).write_bytes(writer.finish(catalog, info))


class _PdfWriter:
    """The few PDF objects a stack of page images needs, and the cross-reference
    table that ties them together (PDF 1.4)."""

    def __init__(self) -> None:
        self.bodies: list[bytes | None] = []

    def reserve(self) -> int:
        """A number for an object written later (`put`)."""
        self.bodies.append(None)
        return len(self.bodies)

    def put(self, number: int, head: bytes, stream: bytes | None = None) -> None:
        body = head if stream is None else head + b"\nstream\n" + stream + b"\nendstream"
        self.bodies[number - 1] = body

    def add(self, head: bytes, stream: bytes | None = None) -> int:
        number = self.reserve()
        self.put(number, head, stream)
        return number

    def finish(self, root: int, info: int) -> bytes:
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(self.bodies, start=1):
            assert body is not None, f"object {number} was reserved but never written"
            offsets.append(len(out))
            out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\n" % (
            len(offsets) + 1,
            root,
            info,
        )
        out += b"startxref\n%d\n%%%%EOF\n" % xref
        return bytes(out)
