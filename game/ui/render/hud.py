"""The status line above the table: the round and whose decision it is on the
left; the current hint, the AI's intent or a short message on the right."""

from __future__ import annotations

from collections.abc import Collection

import pygame

from game.engine import Game
from game.i18n import tr
from game.naming import local_figure_name
from game.narration import outcome_text
from game.play import budget
from game.ui import fonts
from game.ui.describe import side_with_player
from game.ui.render import draw, style

SIZE = 14


def situation(game: Game, human_sides: Collection[str]) -> str:
    """'Round 2 · Die Zuflucht: choose a figure to activate' and the like."""
    st = game.state
    if game.is_over():
        outcome = game.outcome() or ""
        return tr("ui.input.status_over", round=st.round, outcome=outcome_text(outcome))
    pending = game.pending()
    if pending is None:
        return tr("ui.input.status_round", round=st.round)
    who = side_with_player(game, pending.side, human_sides)
    if pending.kind == "act" and pending.figures:
        fig = st.figures[pending.figures[0]]
        left = budget.action_budget(game, fig) - budget.used(game, fig)
        names = ", ".join(local_figure_name(st.figures[f].name) for f in pending.figures[:3])
        more = "…" if len(pending.figures) > 3 else ""
        what = tr("ui.input.status_act", names=names + more, left=left)
    else:
        what = tr(f"ui.input.status_{pending.kind}")
    return tr("ui.input.status_line", round=st.round, who=who, what=what)


def draw_status(
    surface: pygame.Surface,
    rect: pygame.Rect,
    left: str,
    right: str,
    *,
    alert: bool = False,
    highlight: bool = False,
    side: int | None = None,
) -> None:
    """Situation on the left, after the deciding side's glyph in its colour (`side`:
    its index); on the right a message (`alert`: orange), the hint for the player's
    decision (`highlight`: yellow) or what the other side does (dim)."""
    pygame.draw.rect(surface, style.BAR, rect)
    pygame.draw.line(surface, style.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    x = rect.x + 10
    if side is not None:
        glyph = SIZE - 2
        draw.draw_glyph(
            surface, style.side_shape(side), (x + glyph // 2, rect.centery), glyph / 2,
            style.side_colour(side),
        )  # fmt: skip
        x += glyph + 6
    need = fonts.font(SIZE - 1).size(right)[0] if right else 0
    left_room = rect.right - x - 30 - min(need, rect.width * 2 // 5)
    text = fonts.text(fonts.fit(left, SIZE, left_room, True), SIZE, style.TEXT, True)
    y = rect.centery - text.get_height() // 2
    surface.blit(text, (x, y))
    room = rect.right - x - text.get_width() - 30
    if right and room > 40:
        colour = style.ORANGE if alert else (style.HINT if highlight else style.TEXT_DIM)
        shown = fit_hint(right, SIZE - 1, room)
        hint = fonts.text(shown, SIZE - 1, colour)
        surface.blit(
            hint, (rect.right - hint.get_width() - 10, rect.centery - hint.get_height() // 2)
        )


SEPARATOR = " · "
KEY_HINT = "F1"
"""The part of a hint that names this key (where to find every control) is kept."""


def fit_hint(text: str, size: int, width: int) -> str:
    """The hint's parts ("a · b · c") that fit `width` px: the first part (what to do)
    and the one naming F1 are kept, the others dropped from the last backwards; only
    then is the first part cut, with '…'."""
    parts = text.split(SEPARATOR)
    f = fonts.font(size)
    while len(parts) > 1 and f.size(SEPARATOR.join(parts))[0] > width:
        droppable = [i for i, p in enumerate(parts) if i > 0 and KEY_HINT not in p]
        if not droppable:
            break
        del parts[droppable[-1]]
    if f.size(SEPARATOR.join(parts))[0] <= width:
        return SEPARATOR.join(parts)
    tail = SEPARATOR.join(parts[1:])
    head_room = width - (f.size(SEPARATOR + tail)[0] if tail else 0)
    if tail and head_room < width // 3:
        return fonts.fit(tail, size, width)
    head = fonts.fit(parts[0], size, head_room)
    return SEPARATOR.join([head, *parts[1:]]) if tail else head


COACH_SIZE = 16
COACH_SIDE = 170
"""px kept free on either side of the hint box (the scale bar sits bottom right)."""


def coach_box(area: pygame.Rect, text: str) -> tuple[list[pygame.Surface], pygame.Rect]:
    """The hint's lines (at most two) and its box, at the bottom of the table, above
    the action bar it points to."""
    width = max(200, area.width - 2 * COACH_SIDE)
    lines = fonts.wrap(text, COACH_SIZE, width - 24, True)
    if len(lines) > 2:
        lines = [lines[0], fonts.fit(" ".join(lines[1:]), COACH_SIZE, width - 24, True)]
    imgs = [fonts.text(line, COACH_SIZE, style.TEXT, True) for line in lines]
    w = max(img.get_width() for img in imgs) + 24
    h = sum(img.get_height() for img in imgs) + 12
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (area.centerx, area.bottom - 12)
    return imgs, box


def draw_coach(surface: pygame.Surface, area: pygame.Rect, text: str) -> pygame.Rect:
    """A hint in a box at the bottom of the table (what to do now); its rect."""
    imgs, box = coach_box(area, text)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((*style.PANEL, 205))
    surface.blit(shade, box.topleft)
    pygame.draw.rect(surface, style.HINT, box, 2, border_radius=6)
    y = box.top + 6
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
    return box
