"""The status line above the table: the round and whose decision it is on the
left; the current hint, the AI's intent or a short message on the right."""

from __future__ import annotations

from collections.abc import Collection

import pygame

from game.engine import Game
from game.i18n import tr
from game.play import flow
from game.ui import fonts
from game.ui.render import style

SIZE = 14


def situation(game: Game, human_sides: Collection[str]) -> str:
    """'Round 2 · Die Zuflucht: choose a figure to activate' and the like."""
    st = game.state
    if game.is_over():
        outcome = game.outcome() or ""
        return tr("ui.input.status_over", round=st.round, outcome=tr(f"engine.outcome.{outcome}"))
    pending = game.pending()
    if pending is None:
        return tr("ui.input.status_round", round=st.round)
    side = st.sides[pending.side].name if pending.side in st.sides else pending.side
    who = tr(
        "ui.input.status_you" if pending.side in human_sides else "ui.input.status_ai", side=side
    )
    if pending.kind == "act" and pending.figures:
        fig = st.figures[pending.figures[0]]
        left = flow.action_budget(game, fig) - flow.used(game, fig)
        names = ", ".join(st.figures[f].name for f in pending.figures[:3])
        more = "…" if len(pending.figures) > 3 else ""
        what = tr("ui.input.status_act", names=names + more, left=left)
    else:
        what = tr(f"ui.input.status_{pending.kind}")
    return tr("ui.input.status_line", round=st.round, who=who, what=what)


def draw_status(
    surface: pygame.Surface, rect: pygame.Rect, left: str, right: str, *, alert: bool = False
) -> None:
    pygame.draw.rect(surface, (30, 32, 36), rect)
    pygame.draw.line(surface, style.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    text = fonts.text(left, SIZE, style.TEXT, True)
    y = rect.centery - text.get_height() // 2
    surface.blit(text, (rect.x + 10, y))
    room = rect.width - text.get_width() - 40
    if right and room > 40:
        colour = style.ORANGE if alert else style.TEXT_DIM
        shown = right
        f = fonts.font(SIZE - 1)
        while shown and f.size(shown)[0] > room:
            shown = shown[:-2]
        if shown != right:
            shown = shown[:-1] + "…"
        hint = fonts.text(shown, SIZE - 1, colour)
        surface.blit(
            hint, (rect.right - hint.get_width() - 10, rect.centery - hint.get_height() // 2)
        )
