"""The window: the main loop, event dispatch, the AI's pace, and drawing.

`run(game, controllers, options)` opens the window and plays until it is closed
(or for `options.frames` frames, then saves `options.screenshot`). A side whose
controller is None is played by the human at the table; the others' actions are
applied one per short step, so the player can follow them.

An engine failure (any exception of `Game.apply` but `IllegalAction`, or of the
AI's step) never takes the window down: in autoplay the demo panel's `on_error`
moves on to the next battle; otherwise the game is put back to before the failed
action, a report and a replay are written and a dialog says so (game/ui/errors.py).
"""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game import actions as act
from game.actions import IllegalAction
from game.engine import Game
from game.events import Event
from game.i18n import set_units, tr
from game.narration import reason_text
from game.play.events import ActivationEnded, ActivationStarted
from game.ui import cache, describe, display, errors, fonts, layout, screenshot
from game.ui.ai_worker import AiWorker, Choice
from game.ui.anim import Animator
from game.ui.camera import Camera
from game.ui.coach import Coach
from game.ui.input import TableInput
from game.ui.log import safe_explain
from game.ui.overlay_toggle import OverlayToggle
from game.ui.panel import Panel, is_busy, is_visible, slot_of
from game.ui.preview import AttackPreview, TemplatePreview, action_preview
from game.ui.render import hud, markers, style
from game.ui.render.table import Scene, TableView, entry_hover
from game.ui.render.terrain import EntryZone
from game.ui.settings import Settings, save_settings
from game.ui.undo import TableUndo
from game.warmup import WarmUp

if TYPE_CHECKING:
    from ai.base import Controller

log = logging.getLogger(__name__)
Preview = AttackPreview | TemplatePreview
"""An attack or a throw being considered (with its odds)."""

STEP = 1.0 / 60.0
"""Fixed update step, s."""
MAX_STEPS = 8
AI_PAUSE = 0.45
"""s between two AI actions at speed 1."""
AI_ACTIVATE_PAUSE = 0.1
"""s after the AI picks the figure to activate, at speed 1: nothing moves yet, and a
horde activating one figure at a time (docs/RULES.md §3) must not drag."""
AI_ATTACK_HOLD = 0.9
"""s an AI attack's odds are shown before it is rolled, at speed 1."""
MESSAGE_S = 5.0
OVERLAY_KEY = pygame.K_d
"""Cycles the defence overlay: off → fields of fire → dead ground → threat."""
DEFAULT_SIZE = (1600, 1000)
RECENT = 400
SIZE_SAVE_DELAY = 1.0
"""s after the last resize before the window size is written to the settings."""


@dataclass
class UiOptions:
    """How the window runs (from the command line or the settings)."""

    speed: float = 1.0
    units: str = "cm"
    autoplay: bool = False
    frames: int | None = None
    screenshot: str | None = None
    size: tuple[int, int] | None = None
    fps: int = 60
    panels: bool = True
    caption: str = "DEAD.EARTH Skirmish"
    palette: str = "okabe-ito"
    large_text: bool = False
    language: str | None = None
    scenario: str | None = None
    """The scenario file played (for "save replay" of a user's own scenario)."""
    ai_thread: bool | None = None
    """The AI chooses in a thread of its own (None: yes, but for a run of `frames`
    frames, which then plays the same at any machine speed)."""
    heat: Any = None
    """A heat map of this layout (the editor's, for a test raid): D shows it too."""
    campaign: bool = False
    """A campaign battle: the end screen goes back to the campaign, no "play again"."""


def process_age() -> float | None:
    """Seconds since this process started (Linux), else None."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            start_ticks = int(fh.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def initial_size(options: UiOptions) -> tuple[int, int]:
    """The window size: as asked (else the default), shrunk to fit the screen."""
    want = options.size or DEFAULT_SIZE
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return want
    try:
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return want
    return (min(want[0], int(desk_w * 0.95)), min(want[1], int(desk_h * 0.9)))


def entry_zones(game: Game) -> list[EntryZone]:
    """The raids' entry zones from the scenario, with their side's index."""
    out = []
    for i, side in enumerate(game.scenario.side):
        if side.raid is not None:
            for entry in side.raid.entry:
                pts = tuple((float(p[0]), float(p[1])) for p in entry.polygon)
                out.append(EntryZone(entry.id, i, pts, entry.name or ""))
    return out


class App:
    """One window playing one game at a time."""

    def __init__(
        self,
        game: Game,
        controllers: Mapping[str, Controller | None],
        options: UiOptions | None = None,
        settings: Any = None,
        warm: WarmUp | None = None,
    ) -> None:
        self.options = options or UiOptions()
        set_units(self.options.units)  # the log, dice and status lines read in them too
        self.warm = warm or WarmUp()  # kernels compiling beside the window (game.warmup)
        self.settings = settings  # the player's settings file (game.ui.settings), if loaded
        self.scenario_path: str | None = self.options.scenario
        display.init()
        style.use_palette(self.options.palette)
        self._palette = style.PALETTE
        self.screen = display.open_window(initial_size(self.options), self.options.frames)
        pygame.display.set_caption(self.options.caption)
        pygame.key.set_repeat(300, 40)
        self.running = True
        self.clock_s = 0.0
        self.first_frame_s: float | None = None
        self.frames = 0
        self.table = TableView()
        self.animator = Animator()
        self.message = ""
        self.message_t = 0.0
        self.events: deque[Event] = deque(maxlen=RECENT)
        self.panels: list[Panel] = []
        self.broken: set[int] = set()  # ids of panels that raised (switched off)
        self.panel_errors: list[str] = []
        self.error_panel = errors.ErrorPanel(self)
        self.failures: list[errors.Failure] = []
        self.input_errors: list[str] = []  # the latest failures of the table input
        self._failed_at: int | None = None  # history length at the last engine failure
        self.stuck = False  # the AI cannot go on (its fallback failed too)
        self._resized_at: float | None = None
        self._coach = Coach()
        threaded = self.options.ai_thread
        self.ai_worker = AiWorker(self.options.frames is None if threaded is None else threaded)
        self.human_actions = 0  # actions the players at the table have taken
        self.undo = TableUndo()  # what Backspace can take back (game/ui/undo.py)
        self._acc = 0.0
        self.layout = layout.Layout.for_size(self.screen.get_size(), sidebar=self.options.panels)
        board = game.state.board
        self.camera = Camera.fitting((board.width, board.height), _rect4(self.layout.table))
        self.input = TableInput(
            game, self.camera, lambda: self.human_sides, lambda: self.options.units
        )
        self.input.on_undo = self.undo_action
        self.overlay = OverlayToggle({"heat": self.options.heat})
        self._setup(game, controllers)
        if self.options.panels:
            self.panels = layout.default_panels(self)
        self.relayout(self.screen.get_size())
        self.input.sync()
        self._tell_panels(list(game.opening_events))

    # -- games -------------------------------------------------------------------------
    def _setup(self, game: Game, controllers: Mapping[str, Controller | None]) -> None:
        self.game = game
        self.controllers = dict(controllers)
        self.human_sides = {s for s in game.state.sides if self.controllers.get(s) is None}
        self.side_index = {s: i for i, s in enumerate(game.state.sides)}
        self.entries = entry_zones(game)
        self.intent: tuple[str, str] | None = None
        self.ai_next: act.Action | None = None
        self.ai_preview: Preview | None = None
        self.ai_worker.forget()  # a choice under way was for the last game
        self.undo.forget()
        self._want_intent = False
        self.ai_timer = 0.0
        self._failed_at = None
        self.stuck = False
        board = game.state.board
        self.camera = Camera.fitting((board.width, board.height), _rect4(self.layout.table))
        self.input.set_game(game)
        self.input.ctx.camera = self.camera
        self.events.extend(game.opening_events)

    def new_game(
        self,
        game: Game,
        controllers: Mapping[str, Controller | None] | None = None,
        scenario_path: str | None = None,
    ) -> None:
        """Play another battle in this window (demo loop, play again). The scenario
        file is kept for another game of the same scenario, else `scenario_path`."""
        if scenario_path is not None or game.scenario_name != self.game.scenario_name:
            self.scenario_path = scenario_path
        self.animator.skip()
        self.error_panel.on_new_game(game)
        self._setup(game, controllers if controllers is not None else self.controllers)
        self.relayout(self.screen.get_size())
        self.input.sync()
        for panel in self.panels:
            hook = getattr(panel, "on_new_game", None)
            if hook is not None:
                self._safe(panel, hook, game)
        self._tell_panels(list(game.opening_events))

    def _safe(self, panel: Panel, method: Any, *args: Any) -> Any:
        """Call a panel; a panel that fails is logged and switched off, the game goes on."""
        if id(panel) in self.broken:
            return None
        try:
            return method(*args)
        except Exception as exc:
            log.exception("panel %s failed", type(panel).__name__)
            self.broken.add(id(panel))
            self.panel_errors.append(f"{type(panel).__name__}: {exc!r}")
            self.relayout(self.screen.get_size())
            return None

    def _tell_panels(self, events: list[Event]) -> None:
        for panel in self.panels:
            self._safe(panel, panel.on_events, events)

    # -- what panels may ask ---------------------------------------------------------
    @property
    def preview(self) -> Preview | None:
        """The attack (or throw) being considered: the player's hover, or the AI's
        next attack or throw."""
        if self.input.my_turn():
            found = self.input.attack_preview()
            return found if isinstance(found, AttackPreview | TemplatePreview) else None
        return self.ai_preview

    @property
    def animating(self) -> bool:
        return self.animator.busy

    def skip_animation(self) -> None:
        self.animator.skip()

    def quit(self) -> None:
        self.running = False

    def say(self, text: str) -> None:
        """A short message on the status line."""
        self.message, self.message_t = text, MESSAGE_S

    # -- layout ----------------------------------------------------------------------
    def relayout(self, size: tuple[int, int]) -> None:
        sidebar = bool(self.panels) or self.options.panels
        self.layout = layout.Layout.for_size(size, sidebar=sidebar)
        self.camera.resize(_rect4(self.layout.table))
        self.input.place(self.layout.table, self.layout.actionbar)
        layout.place(self.layout, self.shown_panels())

    # -- applying actions ---------------------------------------------------------------
    def apply(self, action: act.Action) -> list[Event]:
        """Apply one action; an illegal one changes nothing and says why, a failing
        one is reported (`failed`)."""
        pending = self.game.pending()
        human = pending is not None and pending.side in self.human_sides
        before = self.undo.snapshot(self.game) if human else None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:
            self.say(reason_text(exc.reason))
            return []
        except Exception as exc:
            self.failed(exc, action)
            return []
        if pending is not None and before is not None:
            self.human_actions += 1
            self.undo.applied(before, pending.side, action, events, self.game)
        else:
            self.undo.forget(tr("newcomer.undo.other_side"))
        self.animator.feed(events, self.options.speed)
        self.events.extend(events)
        for e in events:
            if isinstance(e, ActivationEnded):
                self.intent = None
        self._tell_panels(events)
        self.input.sync()
        return events

    # -- failures ------------------------------------------------------------------------
    def failed(self, exc: BaseException, action: act.Action | None) -> None:
        """The engine or the AI raised: hand it to the demo (autoplay), else put the
        game back to before the action, save it and show the error dialog."""
        for panel in self.shown_panels():
            handler = getattr(panel, "on_error", None)
            if handler is not None and self._safe(panel, handler, exc):
                return
        again = self._failed_at == len(self.game.history)
        fresh, failure = errors.record_failure(self.game, exc, action, self.scenario_path)
        self.undo.forget()
        if fresh is not None:
            self._replace_game(fresh)
        self._failed_at = len(self.game.history)
        pending = self.game.pending()
        ai_turn = pending is not None and pending.side not in self.human_sides
        self.stuck = fresh is None or (again and ai_turn)
        if self.stuck:
            failure = dataclasses.replace(failure, stuck=True)
        self.failures.append(failure)
        self.error_panel.show(failure)
        self.say(tr("ui.error.status", error=failure.error))

    def undo_action(self) -> None:
        """Backspace: take back the players' last action if it rolled no dice and
        brought nothing new (game/ui/undo.py), else say why not."""
        pending = self.game.pending()
        if pending is None or not self.input.my_turn():
            self.say(tr("newcomer.undo.not_now"))
            return
        step = self.undo.take(pending.side)
        if step is None:
            self.say(self.undo.refusal())
            return
        for _ in range(min(step.events, len(self.events))):
            self.events.pop()
        self.human_actions -= 1
        self._replace_game(step.before)
        for panel in self.panels:
            hook = getattr(panel, "on_undo", None)
            if hook is not None:
                self._safe(panel, hook, step.before)
        self.say(tr("newcomer.undo.done", what=step.what))

    def input_failed(self, exc: BaseException) -> None:
        """The table input or a tool's preview raised: put the tool and any menu away,
        say so on the status line and in the log file; the game is untouched."""
        text = errors.one_line(exc)
        if not self.input_errors or self.input_errors[-1] != text:  # not once a frame
            log.error("the table input failed: %s", text, exc_info=exc)
        self.input_errors.append(text)
        del self.input_errors[:-20]
        inp = self.input
        inp.tool = inp.default_tool = None
        inp.menu = None
        inp.bar._key = None
        self.say(tr("ui.error.input", error=errors.one_line(exc, 120)))

    def _replace_game(self, game: Game) -> None:
        """The same battle, rebuilt (panels keep their log: no new game for them)."""
        self.animator.skip()
        self.game = game
        self.ai_next = None
        self.ai_preview = None
        self.input.set_game(game)
        self.input.sync()

    def resize_window(self, size: tuple[int, int]) -> None:
        """Set the window to `size` px (the settings dialog)."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.relayout(self.screen.get_size())

    def _remember_size(self) -> None:
        """Write the window size to the settings once resizing has stopped."""
        if self._resized_at is None or self.clock_s - self._resized_at < SIZE_SAVE_DELAY:
            return
        self._resized_at = None
        self.save_window_size()

    def save_window_size(self) -> None:
        size = tuple(self.screen.get_size())
        if not isinstance(self.settings, Settings) or tuple(self.settings.window) == size:
            return
        self.settings.window = (int(size[0]), int(size[1]))
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:
            log.warning("cannot save the window size: %s", exc)

    def dispatch(self, event: pygame.event.Event) -> list[Event]:
        """One pygame event: window, animation skip, panels, then the table input."""
        if event.type == pygame.QUIT:
            self.running = False
            return []
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            self.relayout(self.screen.get_size())
            if self.frames > 0:
                self._resized_at = self.clock_s
            return []
        if self.error_panel.visible and self.error_panel.handle_event(event):
            return []
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_q
            and event.mod & pygame.KMOD_CTRL
        ):
            self.running = False
            return []
        if self.animating and _is_skip(event, self.layout.table):
            self.animator.skip()
            return []
        if event.type == pygame.KEYDOWN and event.key == OVERLAY_KEY and self.input.menu is None:
            self.overlay.cycle()
            self.say(tr("ui.input.overlay_shown", name=self.overlay.label()))
            return []
        for panel in self._by_input_order():
            if self._safe(panel, panel.handle_event, event):
                return []
        try:
            action = self.input.handle_event(event)
        except Exception as exc:
            self.input_failed(exc)
            return []
        if action is None or self.animating or not self.input.my_turn():
            return []
        return self.apply(action)

    def shown_panels(self) -> list[Panel]:
        """Visible panels that have not failed."""
        return [p for p in self.panels if is_visible(p) and id(p) not in self.broken]

    def _by_input_order(self) -> list[Panel]:
        shown = self.shown_panels()
        return [p for p in reversed(shown) if slot_of(p) == "screen"] + [
            p for p in shown if slot_of(p) != "screen"
        ]

    # -- the AI ------------------------------------------------------------------------
    def step_ai(self, dt: float) -> list[Event]:
        """Advance the AI's clock; apply its next action when it is due. The AI
        chooses in its own thread (game/ui/ai_worker.py) from as soon as the game
        waits for it — through the pause and the animations — and the window goes
        on drawing meanwhile."""
        game = self.game
        pending = game.pending()
        if pending is None or pending.side in self.human_sides or self.stuck:
            return []
        controller = self.controllers[pending.side]
        assert controller is not None
        retry = self._failed_at == len(game.history)  # its last choice here failed
        if self.ai_next is None and not retry and not self.ai_worker.asked_for(game):
            self.ai_worker.start(controller, game, self._want_intent, action_preview)
            self._want_intent = False
        if self.animating or self.error_panel.busy or any(is_busy(p) for p in self.shown_panels()):
            return []
        self.ai_timer -= dt
        if self.ai_timer > 0:
            return []
        speed = max(self.options.speed, 1e-3)
        if self.ai_next is None:
            fallback = self._fallback() if retry else None
            choice = Choice(fallback) if fallback is not None else self._chosen(pending.side)
            if choice is None or choice.action is None:
                return []  # still thinking (the status line says so)
            self.ai_next = choice.action
            shown = choice.preview  # worked out beside the choice, on the AI's thread
            self.ai_preview = shown if shown is not None else action_preview(game, choice.action)
            if self.ai_preview is not None:
                self.ai_timer = AI_ATTACK_HOLD / speed
                return []
        action, self.ai_next = self.ai_next, None
        events = self.apply(action)
        if self.game is not game or self.error_panel.visible:
            return events  # the action failed: a new battle (demo) or the error dialog
        if not events:
            fallback = self._fallback()
            events = self.apply(fallback) if fallback is not None else []
        if pending.kind == "activate" and any(isinstance(e, ActivationStarted) for e in events):
            self._want_intent = True  # the next choice comes with the activation's intent
        self.ai_preview = None
        self.ai_timer = (AI_ACTIVATE_PAUSE if pending.kind == "activate" else AI_PAUSE) / speed
        return events

    def _chosen(self, side: str) -> Choice | None:
        """The AI's choice once it is in (None while it thinks); its intent line goes
        up; a controller that raised is replaced by the fallback for this action."""
        choice = self.ai_worker.take(self.game)
        if choice is None:
            return None
        if choice.intent:
            self.intent = (side, choice.intent)
        if choice.error is None and choice.action is not None:
            return choice
        exc = choice.error or RuntimeError("no action")
        self.say(tr("ui.input.ai_failed", reason=str(exc)))  # the window stays up
        fallback = self._fallback()
        if fallback is None:
            raise exc
        return Choice(fallback)

    def _fallback(self) -> act.Action | None:
        """Something legal when the AI's choice was refused: end the activation."""
        legal = [a for a in self.game.legal_actions() if isinstance(a, act.Action)]
        ends = [a for a in legal if isinstance(a, act.EndActivation)]
        return (ends or legal or [None])[0]

    # -- the loop ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock_s += dt
        self.message_t = max(0.0, self.message_t - dt)
        self.animator.update(dt)
        try:
            self.input.update(dt)
        except Exception as exc:
            self.input_failed(exc)
        for panel in self.panels:
            self._safe(panel, panel.update, dt)
        try:
            self.step_ai(dt)
        except Exception as exc:  # the AI's choice, intent or preview raised
            self.ai_next = self.ai_preview = None
            self.failed(exc, None)
        self._remember_size()

    def frame(self, dt: float) -> None:
        """One frame: events, fixed-step updates, drawing."""
        for event in pygame.event.get():
            self.dispatch(event)
        self._acc += dt
        steps = 0
        while self._acc >= STEP - 1e-9 and steps < MAX_STEPS:
            self.update(STEP)
            self._acc -= STEP
            steps += 1
        if steps == MAX_STEPS:
            self._acc = 0.0
        self.render()
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_s is None:
            self.first_frame_s = process_age()

    def run(self) -> int:
        clock = pygame.time.Clock()
        limit = self.options.frames
        while self.running:
            if limit is not None:
                clock.tick()
                dt = STEP
            else:
                dt = min(0.25, clock.tick(self.options.fps) / 1000.0)
            self.frame(dt)
            if limit is not None and self.frames >= limit:
                break
        if self._resized_at is not None:
            self.save_window_size()
        if self.options.screenshot:
            path = screenshot.save(self.screen, self.options.screenshot)
            print(
                tr("ui.input.screenshot_saved", file=str(path), frames=self.frames), file=sys.stderr
            )
        if limit is not None and self.first_frame_s is not None:
            print(tr("ui.input.first_frame", seconds=f"{self.first_frame_s:.2f}"), file=sys.stderr)
        return 0

    # -- drawing -----------------------------------------------------------------------
    def render(self) -> None:
        if self.options.palette != self._palette:
            style.use_palette(self.options.palette)
            self._palette = self.options.palette
            cache.reset_all()  # sprites and labels in the old colours
        screen, lay = self.screen, self.layout
        screen.fill(style.BACKGROUND)
        try:
            self.table.draw(screen, self.scene())
        except Exception as exc:  # a tool's overlay: put the tool away, draw again
            self.input_failed(exc)
            self.table.draw(screen, self.scene())
        screen.set_clip(lay.table)
        for panel in self.shown_panels():
            if slot_of(panel) == "table":
                self._safe(panel, panel.draw, screen)
        coach = self.coach()
        if coach:
            hud.draw_coach(screen, lay.table, coach, self.coach_avoid())
        screen.set_clip(None)
        right = self._status_right()
        pending = self.game.pending()
        hud.draw_status(
            screen,
            lay.status,
            hud.situation(self.game, self.human_sides),
            right,
            alert=self.message_t > 0,
            highlight=self.input.my_turn(),
            side=self.side_index.get(pending.side) if pending is not None else None,
        )
        side = [p for p in self.shown_panels() if slot_of(p) == "sidebar"]
        if side:
            for panel in side:
                self._safe(panel, panel.draw, screen)
        elif lay.sidebar.width > 0:
            self._draw_recent(screen, lay.sidebar)
        try:
            self.input.refresh_bar()
            self.input.draw_ui(screen)
        except Exception as exc:
            self.input_failed(exc)
        for panel in self.shown_panels():
            if slot_of(panel) == "screen":
                self._safe(panel, panel.draw, screen)
        if self.error_panel.visible:
            self.error_panel.rect = screen.get_rect()
            self.error_panel.draw(screen)

    def coach(self) -> str:
        """The hint box's text for this frame (game/ui/coach.py)."""
        return self._coach.text(self)

    def coach_avoid(self) -> list[pygame.Rect]:
        """What the hint box should not cover: the entry zones, the bases and the
        scale bar."""
        cam = self.camera
        out = [markers.scale_bar_rect(cam, self.options.units)]
        for zone in self.entries:
            pts = cam.many_to_screen(zone.polygon)
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append(pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        for fig in self.game.state.figures.values():
            if fig.on_table:
                x, y = cam.to_screen(*fig.pos)
                r = max(4, round(fig.radius * cam.scale)) + 6
                out.append(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        return out

    def scene(self) -> Scene:
        """What the table shows this frame."""
        inp = self.input
        mine = inp.my_turn()
        return Scene(
            game=self.game,
            camera=self.camera,
            area=self.layout.table,
            entries=self.entries,
            side_index=self.side_index,
            marks=inp.marks(),
            lit=inp.lit_watchers(),
            positions=self.animator.positions() if self.animating else {},
            under=self._draw_under,
            under_key=(self.overlay.key(self.game), inp.under_key()),
            over=inp.draw_over,
            entry_hover=entry_hover(inp.menu),
            ai_preview=self.ai_preview if not mine else None,
            units=self.options.units,
            clock=self.clock_s,
        )

    def _draw_under(self, surface: pygame.Surface) -> None:
        """Under the figures: the defence overlay switched on (D), then the tool's marks."""
        self.overlay.draw(surface, self.camera, self.game)
        self.input.draw_under(surface)

    def _status_right(self) -> str:
        if self.message_t > 0:
            return self.message
        if self.warm.busy and self.ai_worker.thinking and not self.input.my_turn():
            return tr("newcomer.warming", seconds=f"{self.warm.elapsed:.0f}")
        if self.intent is not None and not self.input.my_turn():
            return self.intent[1]  # the line names who acts ("Horde: …")
        pending = self.game.pending()
        if self.ai_worker.thinking and pending is not None and not self.input.my_turn():
            who = describe.side_with_player(self.game, pending.side, self.human_sides)
            return tr("ui.input.ai_thinking", who=who)
        if self.ai_next is not None and not self.input.my_turn():
            return describe.describe(self.game, self.ai_next)
        return self.input.hint()

    def _draw_recent(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """Without side panels: the latest events' explanations, newest at the bottom."""
        pygame.draw.rect(screen, style.PANEL, rect)
        pygame.draw.line(screen, style.PANEL_EDGE, rect.topleft, rect.bottomleft)
        title = fonts.text(tr("ui.input.recent"), 14, style.TEXT, True)
        screen.blit(title, (rect.x + 10, rect.y + 8))
        size, gap = 12, 2
        y = rect.bottom - 8
        for event in reversed(self.events):
            lines = fonts.wrap(_explain(event), size, rect.width - 20)
            h = len(lines) * (size + 4) + gap
            if y - h < rect.y + 32:
                break
            y -= h
            for i, line in enumerate(lines):
                screen.blit(
                    fonts.text(line, size, style.TEXT_DIM if i else style.TEXT),
                    (rect.x + 10, y + i * (size + 4)),
                )


def _rect4(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


def _explain(event: Event) -> str:
    text = safe_explain(event)
    section = event.section
    return f"{text}" if not section or section in text else f"{text} ({section})"


def _is_skip(event: pygame.event.Event, table: pygame.Rect) -> bool:
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_ESCAPE):
        return True
    return (
        event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and table.collidepoint(event.pos)
    )


def run(
    game: Game,
    controllers: Mapping[str, Any],
    options: UiOptions | None = None,
    settings: Any = None,
    warm: WarmUp | None = None,
) -> int:
    """Open the window and play `game`; controllers by side (None: the human).
    `display.NoDisplay` when there is no screen to show it on."""
    try:
        app = App(game, controllers, options, settings, warm)
    except display.NoDisplay:
        cache.reset_all()
        pygame.quit()
        raise
    try:
        return app.run()
    finally:
        app.ai_worker.close()
        cache.reset_all()  # fonts and surfaces die with pygame
        pygame.quit()
