"""Input: pygame events in, actions out (the app applies them).

Selecting and activating figures, the action bar and its hotkeys, the table tools
(Move/Run, Attack/Charge, Overwatch, Throw, the ruler), menus for decisions and
options, the info card, and the camera (pan with the middle or right button or
the arrow keys, zoom around the cursor with the wheel, F fits the table).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import pygame

from game import actions as act
from game.engine import ActionTemplate, Game, Legal
from game.i18n import current_language, tr
from game.naming import local_name
from game.state import Figure
from game.ui import info, legend
from game.ui.actionbar import ActionBar, legal_by_verb
from game.ui.camera import Camera
from game.ui.describe import HOTKEYS
from game.ui.dialogs import Menu, choice_menu, decision_menu
from game.ui.render import overlays
from game.ui.render.figures import Marks
from game.ui.tools.attack import AttackTool
from game.ui.tools.base import Context, Tool, moved_far
from game.ui.tools.fly import FlyTool
from game.ui.tools.move import MoveTool
from game.ui.tools.overwatch import OverwatchTool
from game.ui.tools.ruler import RulerTool
from game.ui.tools.throw import ThrowTool
from game.ui.widgets import button_at, draw_help, tooltip

PAN_KEYS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}
PAN_SPEED = 600.0  # px per second with an arrow key held
ZOOM_STEP = 1.15
UNDO_KEYS = (pygame.K_BACKSPACE, pygame.K_z)
VERB_KEYS = {k: v for v, k in HOTKEYS.items()}


class TableInput:
    """Turns the player's mouse and keys into actions for the human sides."""

    def __init__(
        self,
        game: Game,
        camera: Camera,
        human_sides: Callable[[], Collection[str]],
        units: Callable[[], str],
    ) -> None:
        self.ctx = Context(game, camera, units)
        self.human_sides = human_sides
        self.bar = ActionBar()
        self.table = pygame.Rect(0, 0, 0, 0)
        self.selected: str | None = None
        self.tool: Tool | None = None
        self.default_tool: Tool | None = None
        self.menu: Menu | None = None
        self.info: str | None = None
        self.mouse: tuple[int, int] = (0, 0)
        self.hovered: str | None = None
        self.pan_from: tuple[int, int] | None = None
        self.pan_start: tuple[int, int] | None = None
        self.pan_button = 0
        self.held: set[int] = set()  # arrow keys held down (pan)
        self.help = False  # the controls overlay (F1)
        self.legend = False  # the legend overlay (K)
        self.hover_piece: str | None = None  # the terrain piece under the mouse (no figure)
        self._seen: tuple[int, int] | None = None
        self._legal: list[Legal] = []
        self._remake: Callable[[], Menu | None] | None = None  # builds the open menu
        self._language = current_language()
        self.on_undo: Callable[[], None] | None = None
        """Backspace with no tool step to take back: the window's undo of an action."""

    # -- the game and its decision ---------------------------------------------------
    @property
    def game(self) -> Game:
        return self.ctx.game

    def set_game(self, game: Game) -> None:
        self.ctx.game = game
        self._seen = None
        self.selected = self.info = None
        self.tool = self.default_tool = None
        self.menu = None

    def my_turn(self) -> bool:
        pending = self.game.pending()
        return pending is not None and pending.side in self.human_sides()

    def legal(self) -> list[Legal]:
        return self._legal

    def sync(self) -> None:
        """Catch up with the game after an action (new decision: reset tools)."""
        key = (id(self.game), len(self.game.history))
        if key == self._seen:
            return
        self._seen = key
        self.tool = self.default_tool = None
        self.menu = None
        pending = self.game.pending()
        self._legal = self.game.legal_actions() if self.my_turn() else []
        if pending is None or not self.my_turn():
            if pending is None or pending.kind != "act":
                self.selected = None
            return
        if pending.kind == "act":
            if self.selected not in pending.figures:
                self.selected = pending.figures[0] if pending.figures else None
            self._default_tool()
        elif pending.kind == "activate":
            if self.selected not in pending.figures:
                self.selected = None
        else:
            self._open(lambda: decision_menu(self.game, self._legal))

    def _default_tool(self) -> None:
        fig = self.selected_figure()
        if fig is None:
            return
        verbs = legal_by_verb(self._legal, fig.id)
        attacks = [*verbs.get("attack", []), *verbs.get("charge", [])]
        if attacks:
            self.default_tool = AttackTool(
                self.ctx, fig, "action", [a for a in attacks if isinstance(a, act.Action)]
            )

    def selected_figure(self) -> Figure | None:
        return self.game.state.figures.get(self.selected) if self.selected else None

    def current_tool(self) -> Tool | None:
        return self.tool or self.default_tool

    def active_tool_name(self) -> str | None:
        return self.tool.name if self.tool is not None else None

    # -- layout --------------------------------------------------------------------
    def place(self, table: pygame.Rect, actionbar: pygame.Rect) -> None:
        self.table = table
        self.bar.rect = actionbar
        self.bar._key = None
        if self.menu is not None:
            self.menu.place(table)

    # -- events --------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> act.Action | None:
        """One pygame event; an action to apply, or None."""
        self.sync()
        if event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, event.buttons)
        elif event.type == pygame.MOUSEWHEEL:
            if self.table.collidepoint(self.mouse):
                self.ctx.camera.zoom_at(ZOOM_STEP ** float(event.precise_y or event.y), self.mouse)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(event.button, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            return self._release(event.button, event.pos)
        elif event.type == pygame.KEYDOWN:
            if event.key in PAN_KEYS:
                self.held.add(event.key)
                return None
            return self._key(event.key, event.mod)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()
        return None

    def _board(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.ctx.camera.to_board(*pos)

    def _motion(self, pos: tuple[int, int], buttons: tuple[int, ...] = (0, 0, 0)) -> None:
        if self.pan_from is not None:
            self.ctx.camera.pan(pos[0] - self.pan_from[0], pos[1] - self.pan_from[1])
            self.pan_from = pos
        self.mouse = pos
        self.bar.hovered = button_at(self.bar.buttons, pos)
        if self.menu is not None:
            self.menu.motion(pos)
        if not self.table.collidepoint(pos):
            self.hovered = self.hover_piece = None
            return
        at = self._board(pos)
        fig = self.ctx.figure_at(at)
        self.hovered = fig.id if fig is not None else None
        piece = legend.piece_under(self.game.state.board, at) if fig is None else None
        self.hover_piece = piece.id if piece is not None else None
        tool = self.current_tool()
        if tool is not None:
            tool.motion(at, pos)

    def _press(self, button: int, pos: tuple[int, int]) -> act.Action | None:
        self._motion(pos)
        if button in (2, 3) and self.table.collidepoint(pos):
            self.pan_from = self.pan_start = pos
            self.pan_button = button
            return None
        if button != 1:
            return None
        if self.menu is not None and (self.menu.cancellable or self.menu.box.collidepoint(pos)):
            return self._menu_click(pos)
        hit = button_at(self.bar.buttons, pos)
        if hit is not None:
            return self.choose(hit.value) if hit.enabled else None
        if not self.table.collidepoint(pos):
            return None
        if self.info is not None:
            self.info = None
        at = self._board(pos)
        tool = self.current_tool()
        if tool is not None and (self.tool is not None or self._over_enemy(at)):
            action = tool.press(button, at, pos)
            return action if self.my_turn() else None
        return self._pick(at)

    def _over_enemy(self, at: tuple[float, float]) -> bool:
        fig, other = self.selected_figure(), self.ctx.figure_at(at, standing_only=True)
        return fig is not None and other is not None and other.side != fig.side

    def _pick(self, at: tuple[float, float]) -> act.Action | None:
        """A click on the table without a tool: activate or select a figure."""
        fig = self.ctx.figure_at(at)
        pending = self.game.pending()
        if fig is None or pending is None or not self.my_turn():
            return None
        if pending.kind == "activate" and fig.id in pending.figures:
            self.selected = fig.id
            return act.Activate(fig.id)
        if pending.kind == "act" and fig.id in pending.figures and fig.id != self.selected:
            self.selected = fig.id
            self.tool = self.default_tool = None
            self._default_tool()
            self.bar._key = None
        return None

    def _release(self, button: int, pos: tuple[int, int]) -> act.Action | None:
        if button == self.pan_button and self.pan_from is not None:
            clicked = not moved_far(self.pan_start, pos)
            self.pan_from = self.pan_start = None
            self.pan_button = 0
            if button == 3 and clicked:
                fig = self.ctx.figure_at(self._board(pos))
                self.info = fig.id if fig is not None and fig.id != self.info else None
            return None
        if button != 1 or not self.table.collidepoint(pos):
            return None
        if self.menu is not None and self.menu.box.collidepoint(pos):
            return None
        tool = self.tool
        if tool is None:
            return None
        action = tool.release(button, self._board(pos), pos)
        return action if self.my_turn() else None

    def _menu_click(self, pos: tuple[int, int]) -> act.Action | None:
        assert self.menu is not None
        hit = self.menu.click(pos)
        if hit is None:
            if self.menu.cancellable and not self.menu.box.collidepoint(pos):
                self.menu = None
            return None
        return self._menu_value(hit.value)

    def _menu_value(self, value: object) -> act.Action | None:
        menu = self.menu
        if menu is not None and menu.cancellable:
            self.menu = None
        if isinstance(value, tuple) and value and value[0] == "throw":
            fig = self.selected_figure()
            if fig is not None:
                self.tool = ThrowTool(self.ctx, fig, str(value[1]))
            return None
        return value if isinstance(value, act.Action) and self.my_turn() else None

    def _key(self, key: int, mod: int) -> act.Action | None:
        if key in (pygame.K_F1, pygame.K_QUESTION) or (
            key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT
        ):
            self.help = not self.help
            return None
        if key == pygame.K_ESCAPE and (self.help or self.legend):
            self.help = self.legend = False
            return None
        if key == pygame.K_k:
            return self.choose("legend")
        if self.menu is not None:
            if key == pygame.K_ESCAPE and self.menu.cancellable:
                self.menu = None
                return None
            hit = self.menu.key(key)
            if hit is not None:
                return self._menu_value(hit.value)
            if not self.menu.cancellable and key not in (pygame.K_r, pygame.K_f):
                return None
        if key == pygame.K_ESCAPE:
            if self.info is not None:
                self.info = None
            elif self.tool is not None:
                self.tool = None
            return None
        if key in UNDO_KEYS:
            tool = self.tool
            if (tool is None or not tool.undo()) and self.on_undo is not None:
                self.on_undo()
            return None
        if key == pygame.K_f:
            self.ctx.camera.fit()
            return None
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.ctx.camera.zoom_at(ZOOM_STEP, self.table.center)
            return None
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.ctx.camera.zoom_at(1 / ZOOM_STEP, self.table.center)
            return None
        if key == pygame.K_r:
            return self.choose("ruler")
        if key == pygame.K_TAB:
            self._cycle()
            return None
        tool = self.current_tool()
        if tool is not None:
            action = tool.key(key)
            if action is not None:
                return action if self.my_turn() else None
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return self._enter()
        verb = VERB_KEYS.get(pygame.key.name(key))
        return self.choose(verb) if verb is not None else None

    def _cycle(self) -> None:
        """Tab: the next figure that may act (or be activated)."""
        pending = self.game.pending()
        if pending is None or not self.my_turn() or not pending.figures:
            return
        figs = list(pending.figures)
        i = figs.index(self.selected) + 1 if self.selected in figs else 0
        self.selected = figs[i % len(figs)]
        if pending.kind == "act":
            self.tool = self.default_tool = None
            self._default_tool()
            self.bar._key = None

    def _enter(self) -> act.Action | None:
        pending = self.game.pending()
        if pending is None or not self.my_turn():
            return None
        if pending.kind == "activate" and self.selected in pending.figures:
            return act.Activate(self.selected)
        if pending.kind == "activate":
            self._cycle()  # nothing picked yet: Enter picks as Tab does, again activates
        return None

    # -- verbs ---------------------------------------------------------------------
    def choose(self, verb: str) -> act.Action | None:
        """A verb button or hotkey: a tool, a menu, or an action right away."""
        if verb == "fit":
            self.ctx.camera.fit()
            return None
        if verb == "help":
            self.help = not self.help
            return None
        if verb == "legend":
            self.legend = not self.legend
            return None
        if verb == "ruler":
            self.tool = None if isinstance(self.tool, RulerTool) else RulerTool(self.ctx)
            return None
        if verb == "retreat":
            self._confirm_retreat()
            return None
        fig = self.selected_figure()
        if fig is None or not self.my_turn():
            return None
        items = legal_by_verb(self._legal, fig.id).get(verb, [])
        if not items:
            return None
        concrete = [a for a in items if isinstance(a, act.Action)]
        templates = [a for a in items if isinstance(a, ActionTemplate)]
        if verb in ("move", "run"):
            self.tool = MoveTool(self.ctx, fig, "run" if verb == "run" else "move")
        elif verb == "fly":
            self.tool = FlyTool(self.ctx, fig)
        elif verb == "attack":
            charges = legal_by_verb(self._legal, fig.id).get("charge", [])
            both = [*concrete, *(a for a in charges if isinstance(a, act.Action))]
            self.tool = AttackTool(self.ctx, fig, "action", both)
        elif verb == "charge":
            self.tool = AttackTool(self.ctx, fig, "charge", concrete)
        elif verb == "overwatch" and templates:
            self.tool = OverwatchTool(self.ctx, fig, dict(templates[0].limits))
        elif verb == "throw" and templates:
            weapons = [w for t in templates for w in t.options.get("weapon", ())]
            if len(weapons) == 1:
                self.tool = ThrowTool(self.ctx, fig, weapons[0])
            else:
                self._open(
                    lambda: Menu(
                        tr("ui.dialog.choose_option", verb=tr("ui.actions.throw")),
                        [
                            (local_name("weapon", w, current_language()), ("throw", w), "")
                            for w in weapons
                        ],
                    )
                )
        elif len(concrete) == 1:
            return concrete[0]
        else:
            self._open(lambda: choice_menu(self.game, verb, concrete))
        if self.tool is not None:
            self.tool.motion(self._board(self.mouse), self.mouse)
        return None

    def _confirm_retreat(self) -> None:
        """The hasty retreat (§10.5) only after a yes in a menu."""
        flee = next((a for a in self._legal if isinstance(a, act.Retreat)), None)
        if flee is None or not self.my_turn():
            return
        self._open(
            lambda: Menu(
                tr("ui.dialog.retreat_confirm"),
                [(tr("ui.dialog.retreat_yes"), flee, ""), (tr("ui.dialog.retreat_no"), None, "")],
            )
        )

    def _open(self, make: Callable[[], Menu | None]) -> None:
        """Open the menu `make` builds (again after a change of language)."""
        self._remake = make
        self.menu = make()
        if self.menu is not None:
            self.menu.place(self.table)

    def relocalise(self) -> None:
        """The language changed: the open menu and the action bar in the new one."""
        self._language = current_language()
        self.bar._key = None
        if self.menu is not None and self._remake is not None:
            self._open(self._remake)

    # -- each frame ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if current_language() != self._language:
            self.relocalise()
        self.sync()
        dx = dy = 0.0
        for key in self.held:
            kx, ky = PAN_KEYS[key]
            dx += kx * PAN_SPEED * dt
            dy += ky * PAN_SPEED * dt
        if dx or dy:
            self.ctx.camera.pan(dx, dy)
        tool = self.current_tool()
        if tool is not None:
            tool.update()
        self.refresh_bar()

    def refresh_bar(self) -> None:
        """The action bar for the selected figure (rebuilt only when something changed)."""
        figure = self.selected_figure() if self.my_turn() else None
        self.bar.rebuild(self.game, figure, self._legal, self.active_tool_name())

    def marks(self) -> Marks:
        pending = self.game.pending()
        eligible: frozenset[str] = frozenset()
        if pending is not None and self.my_turn() and pending.kind in ("activate", "act"):
            eligible = frozenset(pending.figures)
        marks = Marks(self.selected, self.hovered, eligible)
        tool = self.current_tool()
        if tool is not None:
            tool.mark(marks)
        return marks

    def lit_watchers(self) -> frozenset[str]:
        tool = self.current_tool()
        return tool.lit_watchers() if tool is not None else frozenset()

    def attack_preview(self) -> object | None:
        tool = self.current_tool()
        return tool.attack_preview() if tool is not None else None

    def hint(self) -> str:
        if self.tool is not None:
            return self.tool.hint()
        if self.game.is_over():
            return tr("ui.input.hint_over")
        pending = self.game.pending()
        if pending is None or not self.my_turn():
            return tr("ui.input.hint_watch")
        if pending.kind == "activate":
            return tr("ui.input.hint_activate")
        if pending.kind == "act":
            return tr("ui.input.hint_act")
        return tr("ui.input.hint_decide")

    # -- drawing ---------------------------------------------------------------------
    def under_key(self) -> object:
        tool = self.current_tool()
        return (id(tool), tool.under_key()) if tool is not None else None

    def draw_under(self, surface: pygame.Surface) -> None:
        tool = self.current_tool()
        if tool is not None:
            tool.draw_under(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        tool = self.current_tool()
        if tool is not None:
            tool.draw_over(surface)
        line = self.terrain_hover()
        if line:
            overlays.label_box(surface, [line], self.mouse)
        own = self.own_hover()
        if own is not None:
            lines = info.summary_lines(self.game, own, self.ctx.units())
            overlays.label_box(surface, lines, self.mouse, size=12)
        if self.info is not None and self.info in self.game.state.figures:
            info.draw_card(
                surface, self.table, self.game, self.game.state.figures[self.info], self.ctx.units()
            )

    def own_hover(self) -> Figure | None:
        """The player's own figure under the mouse, when nothing else is shown there
        (no tool out, no menu, card or overlay): its summary goes up."""
        fig = self.game.state.figures.get(self.hovered or "")
        if fig is None or fig.side not in self.human_sides() or self.tool is not None:
            return None
        if self.menu is not None or self.info is not None or self.help or self.legend:
            return None
        return fig

    def terrain_hover(self) -> str:
        """The name and cover of the terrain under the mouse, when nothing else is
        shown there (no tool out, no enemy or piece aimed at, no menu, card or overlay)."""
        piece = self.game.state.board.pieces.get(self.hover_piece or "")
        if piece is None or self.tool is not None or self.menu is not None:
            return ""
        if self.info is not None or self.help or self.legend:
            return ""
        aiming = self.default_tool
        if aiming is not None and (
            aiming.attack_preview() is not None or getattr(aiming, "piece", None)
        ):
            return ""
        return legend.hover_line(self.game.state.board, piece)

    def draw_ui(self, surface: pygame.Surface) -> None:
        """The action bar, an open menu and the tooltip under the mouse."""
        self.bar.draw(surface)
        if self.legend:
            legend.draw_legend(surface, self.table, surface.get_rect())
        if self.help:
            draw_help(surface, self.table)
        if self.menu is not None:
            self.menu.draw(surface)
            if self.menu.hovered is not None:
                tooltip(surface, self.menu.hovered.tooltip, self.mouse)
        elif self.bar.hovered is not None:
            tooltip(surface, self.bar.hovered.tooltip, self.mouse)
