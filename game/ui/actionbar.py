"""The action bar: the selected figure's verbs as buttons with hotkeys. Only legal
verbs are enabled; a disabled one says why in its tooltip (the engine's own reason
where it has one)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import actions as act
from game.actions import IllegalAction, action_types
from game.engine import ActionTemplate, Game, Legal
from game.i18n import current_language, tr
from game.naming import say
from game.narration import reason_text
from game.play import budget, movement
from game.state import Figure
from game.ui import describe
from game.ui.preview import problem_of
from game.ui.render import style
from game.ui.widgets import BUTTON_FONT, Button

GAP = 6
SMALL_FONT = 12
TOOL_KEYS = (("ruler", "r"), ("fit", "f"), ("legend", "k"), ("help", "f1"))


def verb_of(item: Legal) -> str:
    return item.verb


def legal_by_verb(legal: Sequence[Legal], figure: str) -> dict[str, list[Legal]]:
    """The figure's legal actions and templates, by verb."""
    out: dict[str, list[Legal]] = {}
    for item in legal:
        if getattr(item, "figure", None) == figure:
            out.setdefault(verb_of(item), []).append(item)
    return out


def why_not(game: Game, fig: Figure, verb: str) -> str:
    """Why `verb` is not open to the figure now."""
    cls = action_types()[verb]
    try:
        budget.check_budget(game, fig.id, verb, cls.cost)
    except IllegalAction as exc:
        return reason_text(exc.reason)
    probe: act.Action | None = None
    if verb == "aim":
        probe = act.Aim(fig.id)
    elif verb == "cover":
        probe = act.TakeCover(fig.id)
    elif verb == "reload" and fig.weapons:
        probe = act.Reload(fig.id, fig.weapons[0].name)
    elif verb == "charge" and movement.best_melee(game, fig) is None:
        return say("ui.actions.why_no_melee", name=fig.name)
    if probe is not None:
        reason = problem_of(game, probe)
        if reason:
            return reason
    return say(f"ui.actions.why_{verb}", name=fig.name)


def tooltip_for(game: Game, fig: Figure, verb: str, items: list[Legal]) -> str:
    """What an enabled verb will do."""
    if verb in ("move", "run", "fly") and items and isinstance(items[0], ActionTemplate):
        return tr(f"ui.actions.tip_{verb}", cm=items[0].limits.get("allowance", 0))
    if len(items) == 1 and isinstance(items[0], act.Action):
        text = describe.describe(game, items[0])
        if text != describe.verb_label(verb):  # not just the button's label again
            return text
    return tr(f"ui.actions.tip_{verb}", cm="", count=len(items))


class ActionBar:
    """Buttons for the selected active figure's verbs, plus the ruler and fit."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.hovered: Button | None = None
        self._key: tuple[object, ...] | None = None

    def rebuild(
        self, game: Game, figure: Figure | None, legal: Sequence[Legal], active_tool: str | None
    ) -> None:
        key = (
            id(game),
            len(game.history),
            figure.id if figure else None,
            active_tool,
            tuple(self.rect),
            current_language(),
        )
        if key == self._key:
            return
        self._key = key
        buttons: list[Button] = []
        if figure is not None:
            by_verb = legal_by_verb(legal, figure.id)
            for verb in describe.VERBS:
                items = by_verb.get(verb, [])
                enabled = bool(items)
                if verb in describe.ITEM_VERBS and not enabled:
                    continue
                tip = (
                    tooltip_for(game, figure, verb, items)
                    if enabled
                    else why_not(game, figure, verb)
                )
                buttons.append(
                    Button(
                        pygame.Rect(0, 0, 0, 0),
                        describe.verb_label(verb),
                        verb,
                        describe.HOTKEYS[verb],
                        enabled,
                        tip,
                        active=verb == active_tool,
                    )
                )
        if any(isinstance(a, act.Retreat) for a in legal):  # §10.5, asks to confirm
            buttons.append(
                Button(
                    pygame.Rect(0, 0, 0, 0),
                    tr("ui.actions.retreat"),
                    "retreat",
                    "",
                    True,
                    tr("ui.actions.tip_retreat"),
                )
            )
        for name, key_ in TOOL_KEYS:
            buttons.append(
                Button(
                    pygame.Rect(0, 0, 0, 0),
                    tr(f"ui.actions.{name}"),
                    name,
                    key_,
                    True,
                    f"{tr(f'ui.actions.{name}')}: {tr(f'ui.actions.tip_{name}')}",
                    active=name == active_tool,
                )
            )
        was = self.hovered.value if self.hovered is not None else None
        self.buttons = buttons
        self._place()
        # the button under the mouse is a new one now: its tooltip says what is true now
        self.hovered = next((b for b in buttons if was is not None and b.value == was), None)

    def _place(self) -> None:
        """Lay the buttons out in one row (smaller labels if need be), else in two
        (again smaller labels if need be); every button keeps its label."""
        if not self.buttons:
            return
        widths: list[int] = []
        rows = 1
        for rows, size in ((1, BUTTON_FONT), (1, SMALL_FONT), (2, BUTTON_FONT), (2, SMALL_FONT)):
            for b in self.buttons:
                b.size = size
            widths = [b.width_for() for b in self.buttons]
            if self._fits(widths, rows):
                break
        h = (self.rect.height - GAP * (rows + 1)) // rows
        per_row = -(-len(self.buttons) // rows)
        for r in range(rows):
            row = self.buttons[r * per_row : (r + 1) * per_row]
            row_w = widths[r * per_row : (r + 1) * per_row]
            scale = min(1.0, (self.rect.width - GAP * (len(row) + 1)) / max(1, sum(row_w)))
            x = self.rect.x + GAP
            y = self.rect.y + GAP + r * (h + GAP)
            for b, w in zip(row, row_w, strict=True):
                b.rect = pygame.Rect(x, y, max(30, int(w * scale)), h)
                x += b.rect.width + GAP

    def _fits(self, widths: list[int], rows: int) -> bool:
        """Do buttons this wide fit the bar in this many rows?"""
        per_row = -(-len(widths) // rows)
        return all(
            sum(widths[r * per_row : (r + 1) * per_row]) + GAP * (per_row + 1) <= self.rect.width
            for r in range(rows)
        )

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, style.BAR, self.rect)
        pygame.draw.line(surface, style.PANEL_EDGE, self.rect.topleft, self.rect.topright)
        for b in self.buttons:
            b.draw(surface, b is self.hovered)
