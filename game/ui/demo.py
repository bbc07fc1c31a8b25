"""Attract mode (`--autoplay`): the AI plays every side, battle after battle, through
the shipped scenarios (scenarios/*.toml), unattended.

- `ScenarioCycle` hands out the next battle: the next scenario file (one that
  cannot be loaded is logged and skipped), a fresh seed, an AI for every side.
- `AttractLoop` is the headless loop (tests, soak runs): one AI action per
  `step()`; an exception in a battle is logged and the next battle begins; a
  battle that runs past `max_actions` is cut off.
- `DemoPanel` does the same inside the window (slot "screen", shown only in
  autoplay): when a battle is over it waits `END_HOLD` s (the end screen is up),
  then calls `app.new_game(game, controllers)`; N skips to the next battle; a
  battle that stops moving for `STALL_S` s is replaced; its banner sits in the
  action bar (nobody plays there in a demo), not over the table. The app hands it
  any exception of the AI's step: `panel.on_error(exc)` returns True when the
  demo has moved on (then the app carries on instead of crashing).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ai import controller_for
from game.engine import Game
from game.events import Event
from game.i18n import tr
from game.play.validate import load_checked
from game.scenario import Scenario, ScenarioError
from game.ui import fonts
from game.ui.panels.base import PanelBase
from game.ui.panels.widgets import fit

if TYPE_CHECKING:
    from ai.base import Controller

log = logging.getLogger(__name__)

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "scenarios"
END_HOLD = 8.0  # s the end of a battle stays on screen at speed 1
STALL_S = 90.0  # s without a new action before a battle is given up
MAX_ACTIONS = 5_000  # actions after which a battle is cut off
BAR_MIN = 300  # px the action bar must have free beside its buttons to take the banner

Notice = Callable[[str, str], None]
"""Called with (line, family) for every demo notice: "intent" or "error"."""


def shipped_scenarios(folder: Path = SCENARIO_DIR) -> list[Path]:
    return sorted(folder.glob("*.toml"))


def ai_controllers(scenario: Scenario) -> dict[str, Controller]:
    """An AI for every side (`controller_for` gives a side meant for a human the
    tactical AI; so does an unknown controller)."""
    out: dict[str, Controller] = {}
    for side in scenario.side:
        try:
            out[side.id] = controller_for(side.controller)
        except ValueError:
            out[side.id] = controller_for("human")
    return out


@dataclass
class ScenarioCycle:
    """The scenarios in turn, each with a new seed."""

    paths: Sequence[Path]
    seed: int = 1
    notice: Notice | None = None
    index: int = 0
    started: int = 0
    _cache: dict[Path, Scenario] = field(default_factory=dict)

    def start_after(self, name: str) -> None:
        """Continue with the scenario after the one named `name` (the window's first)."""
        for i, path in enumerate(self.paths):
            scenario = self._load(path)
            if scenario is not None and scenario.scenario.name == name:
                self.index = i + 1
                return

    def _say(self, line: str, family: str) -> None:
        log.info("%s", line)
        if self.notice is not None:
            self.notice(line, family)

    def _load(self, path: Path) -> Scenario | None:
        if path not in self._cache:
            try:
                self._cache[path] = load_checked(path)
            except ScenarioError as exc:
                self._say(
                    tr("ui.demo.scenario_error", file=path.name, error=exc.errors[0]), "error"
                )
                return None
        return self._cache[path]

    def next_game(self) -> tuple[Game, dict[str, Controller]] | None:
        """The next battle and its controllers (None: no scenario can be played)."""
        for _ in range(len(self.paths)):
            path = self.paths[self.index % len(self.paths)]
            self.index += 1
            scenario = self._load(path)
            if scenario is None:
                continue
            seed = self.seed + self.started
            try:
                game = Game(scenario, seed=seed, scenario_name=scenario.scenario.name)
                controllers = ai_controllers(scenario)
            except Exception as exc:  # a battle that cannot even begin: the next one
                log.exception("demo: cannot start %s", path)
                self._say(tr("ui.demo.error", scenario=path.stem, error=_short(exc)), "error")
                continue
            self.started += 1
            self._say(tr("ui.demo.starting", scenario=game.scenario_name, seed=seed), "intent")
            return game, controllers
        self._say(tr("ui.demo.no_scenarios", folder=str(SCENARIO_DIR)), "error")
        return None


def _short(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 160 else text[:157] + "…"


@dataclass
class Played:
    """How one battle of the loop ended."""

    scenario: str
    seed: int
    outcome: str | None  # None: cut off or failed
    actions: int
    error: str | None = None


class AttractLoop:
    """The demo without a window: AI for every side, one action per `step()`."""

    def __init__(
        self,
        paths: Sequence[Path] | None = None,
        *,
        seed: int = 1,
        max_actions: int = MAX_ACTIONS,
        notice: Notice | None = None,
        on_events: Callable[[list[Event]], None] | None = None,
    ) -> None:
        self.cycle = ScenarioCycle(
            list(paths if paths is not None else shipped_scenarios()), seed, notice
        )
        self.max_actions = max_actions
        self.on_events = on_events
        self.played: list[Played] = []
        self.game: Game | None = None
        self.controllers: dict[str, Controller] = {}
        self._begin()

    def _begin(self) -> None:
        started = self.cycle.next_game()
        self.game, self.controllers = started if started is not None else (None, {})
        if self.game is not None and self.on_events is not None:
            self.on_events(list(self.game.opening_events))

    def _finish(self, outcome: str | None, error: str | None = None) -> None:
        game = self.game
        if game is not None:
            self.played.append(
                Played(game.scenario_name, game.seed, outcome, len(game.history), error)
            )
        self._begin()

    def step(self) -> list[Event]:
        """One AI action (or the start of the next battle). Never raises for a
        battle's failure: it is logged, counted in `played`, and the next begins."""
        game = self.game
        if game is None:
            return []
        if game.is_over():
            self._finish(game.outcome())
            return []
        if len(game.history) >= self.max_actions:
            self._say(tr("ui.demo.stalled"), "error")
            self._finish(None, "cut off")
            return []
        try:
            pending = game.pending()
            assert pending is not None
            action = self.controllers[pending.side].choose(game)
            events = game.apply(action)
        except Exception as exc:
            log.exception("demo: the battle %s failed", game.scenario_name)
            self._say(tr("ui.demo.error", scenario=game.scenario_name, error=_short(exc)), "error")
            self._finish(None, _short(exc))
            return []
        if self.on_events is not None:
            self.on_events(events)
        return events

    def _say(self, line: str, family: str) -> None:
        self.cycle._say(line, family)

    def run(self, games: int, max_steps: int = 10_000_000) -> list[Played]:
        """Step until `games` battles have ended (or `max_steps` steps)."""
        for _ in range(max_steps):
            if len(self.played) >= games or self.game is None:
                break
            self.step()
        return self.played


class DemoPanel(PanelBase):
    """Attract mode in the window: the next battle when one ends, errors survived."""

    slot = "screen"

    def __init__(self, app: Any, paths: Sequence[Path] | None = None) -> None:
        super().__init__(app)
        game = self.game
        self.cycle = ScenarioCycle(
            list(paths if paths is not None else shipped_scenarios()),
            seed=(game.seed + 1) if game is not None else 1,
            notice=self._notice,
        )
        self._first = game.scenario.scenario.name if game is not None else None
        self.over_for = 0.0
        self.still_for = 0.0
        self._seen = -1
        self.errors = 0

    @property
    def visible(self) -> bool:  # type: ignore[override]
        return bool(self.option("autoplay", False))

    def _notice(self, line: str, family: str) -> None:
        for panel in getattr(self.app, "panels", ()):
            add = getattr(panel, "add_line", None)
            if add is not None:
                add(line, family)

    def next_battle(self) -> bool:
        """Start the next battle in the window; False if none could be started."""
        if self._first is not None:  # loaded only now: a window that is no demo never pays
            self.cycle.start_after(self._first)
            self._first = None
        for _ in range(max(1, len(self.cycle.paths))):
            started = self.cycle.next_game()
            if started is None:
                return False
            game, controllers = started
            self.over_for = self.still_for = 0.0
            self._seen = -1
            try:
                self.app.new_game(game, controllers)
            except Exception as exc:  # the window could not take this battle: the next one
                log.exception("demo: the window could not start %s", game.scenario_name)
                self._notice(
                    tr("ui.demo.error", scenario=game.scenario_name, error=_short(exc)), "error"
                )
                continue
            return True
        return False

    def on_error(self, exc: BaseException) -> bool:
        """An exception from the battle under way: log it and go on with the next."""
        if not self.visible:
            return False
        self.errors += 1
        name = self.game.scenario_name if self.game is not None else "?"
        log.error("demo: the battle %s failed: %s", name, _short(exc), exc_info=exc)
        self._notice(tr("ui.demo.error", scenario=name, error=_short(exc)), "error")
        return self.next_battle()

    def update(self, dt: float) -> None:
        game = self.game
        if not self.visible or game is None:
            return
        if game.is_over():
            self.over_for += dt
            if self.over_for >= END_HOLD / self.speed:
                self.next_battle()
            return
        moved = len(game.history)
        self.still_for = 0.0 if moved != self._seen else self.still_for + dt
        self._seen = moved
        if self.still_for >= STALL_S or moved >= MAX_ACTIONS:
            self._notice(tr("ui.demo.stalled"), "error")
            self.next_battle()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.visible and event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.next_battle()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width < 100:
            return
        th = self.theme
        size = max(14, self.text_size - 4)
        text = tr("ui.demo.banner")
        game = self.game
        if game is not None and game.is_over():
            left = max(0, int(END_HOLD / self.speed - self.over_for + 0.999))
            text = f"{text} · {tr('ui.end.next_game', s=left)}"
        lay = getattr(self.app, "layout", None)
        bar = getattr(lay, "actionbar", None)
        buttons = getattr(getattr(getattr(self.app, "input", None), "bar", None), "buttons", [])
        used = max((b.rect.right for b in buttons), default=bar.left if bar else 0)
        if bar is not None and bar.right - used > BAR_MIN:
            # in the action bar, right of its tool buttons: the table stays clear
            room = bar.right - used - 12
            img = fonts.text(fit(text, size, room - 24, True), size, th.on_accent, True)
            box = img.get_rect(midright=(bar.right - 12, bar.centery)).inflate(16, 6)
        else:
            area = getattr(lay, "table", None) or self.rect
            img = fonts.text(fit(text, size, area.width - 40, True), size, th.on_accent, True)
            box = img.get_rect(midtop=(area.centerx, area.top + 8)).inflate(16, 6)
        pygame.draw.rect(surface, th.accent, box, border_radius=6)
        surface.blit(img, img.get_rect(center=box.center))
