"""Fonts and cached text surfaces (DejaVu Sans from assets/fonts, pygame's default
font if that is missing).

A `pygame.font.Font` dies with `pygame.quit()` (or `pygame.font.quit()`): using it
after a re-init raises "Invalid font (font module quit since font created)". So
the fonts are kept in a plain dict that is checked on use — a stale font empties
every UI cache (game/ui/cache.py) and the font is made again — and the text
surfaces live in byte-bounded caches that the app empties when it closes.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.cache import MB, SurfaceCache, on_reset, reset_all

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
Colour = tuple[int, int, int]
MAX_FONTS = 64

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
on_reset(_fonts.clear)
_texts: SurfaceCache[pygame.Surface] = SurfaceCache("text", 16 * MB)
_outlined: SurfaceCache[pygame.Surface] = SurfaceCache("outlined", 8 * MB)


def _alive(f: pygame.font.Font) -> bool:
    try:
        f.get_height()
    except pygame.error:  # the font module was quit since it was made
        return False
    return True


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font at `size` px."""
    key = (max(6, int(size)), bool(bold))
    found = _fonts.get(key)
    if found is not None:
        if _alive(found):
            return found
        reset_all()
    if not pygame.font.get_init():
        pygame.font.init()
    path = BOLD if key[1] else REGULAR
    made = (
        pygame.font.Font(str(path), key[0])
        if path.is_file()
        else pygame.font.Font(None, int(key[0] * 1.3))
    )
    if len(_fonts) >= MAX_FONTS:
        _fonts.clear()
    _fonts[key] = made
    return made


def text(value: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """`value` rendered once (anti-aliased, transparent background) and reused."""
    key = (value, size, colour, bold)
    found = _texts.get(key)
    if found is not None:
        return found
    return _texts.put(key, font(size, bold).render(value, True, colour))


def render(value: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """`value` rendered now, not kept: for one-off text that is cached elsewhere as a
    bigger picture (a log entry), so it does not crowd the labels out of the cache."""
    found = _texts.get((value, size, colour, bold))
    return found if found is not None else font(size, bold).render(value, True, colour)


def outlined(
    value: str, size: int, colour: Colour, outline: Colour, bold: bool = False
) -> pygame.Surface:
    """Text with a one-pixel outline, readable on any background."""
    key = (value, size, colour, outline, bold)
    found = _outlined.get(key)
    if found is not None:
        return found
    inner = text(value, size, colour, bold)
    edge = text(value, size, outline, bold)
    out = pygame.Surface((inner.get_width() + 2, inner.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2)):
        out.blit(edge, (dx, dy))
    out.blit(inner, (1, 1))
    out = out.convert_alpha() if pygame.display.get_surface() is not None else out
    return _outlined.put(key, out)


_fits: dict[tuple[str, int, int, bool], str] = {}
on_reset(_fits.clear)


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """`value`, cut with '…' so that it fits `width` px (found by halving, remembered)."""
    key = (value, size, width, bold)
    found = _fits.get(key)
    if found is not None:
        return found
    f = font(size, bold)
    if f.size(value)[0] <= width:
        out = value
    else:
        low, high = 0, len(value)  # value[:low] + "…" fits; value[:high] + "…" does not
        while high - low > 1:
            mid = (low + high) // 2
            if f.size(value[:mid] + "…")[0] <= width:
                low = mid
            else:
                high = mid
        out = value[:low].rstrip() + "…"
    if len(_fits) >= 4096:
        _fits.clear()
    _fits[key] = out
    return out


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """`value` broken into lines no wider than `width` px."""
    f = font(size, bold)
    lines: list[str] = []
    for para in value.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
