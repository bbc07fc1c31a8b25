"""A map image on A4 pages for a true-size print (issue #7).

The image is cut into tiles of the printable area (A4 portrait, 10 mm margins) and
each tile is placed on its own page at the image's DPI, so printed at 100 % every
pixel keeps its size: a 1:1 map lays real miniatures on the table's own
centimetres. When it takes more than one page, each page gets cut marks at the
tile's corners and a label with its row and column (cut along the marks, butt the
edges together); a tile of plain paper gets no page. The pages are drawn with Pillow
and written as a PDF of Flate-compressed (lossless) images: the map's flat colours
and hatching shrink to a few percent of what JPEG makes of them, and stay sharp.
No pygame here.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
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
FLATE_LEVEL = 6


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
