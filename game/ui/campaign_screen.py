"""The campaign in the window (`main.py campaign next FILE`; docs/CAMPAIGN.md): the
downtime choices on a campaign screen, the mission and the raid at the table.

`DowntimeScreen` holds the choices (it starts from the auto player's plan, so a
player may only change what they care about): one action per ready core figure,
what to build, whom to recruit. `choose_downtime` shows it until the player ends
the downtime; `fight_at_table` plays a campaign battle in the table window with the
player on the refuge's side. Closing a window before the cycle is over aborts it:
nothing is saved (`CycleAborted`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ai import controller_for
from game.campaign import refuge
from game.campaign.auto import plan as auto_plan
from game.campaign.battle import Battle, BattleReport
from game.campaign.cycle import Context
from game.campaign.downtime import ACTIONS, Plan
from game.campaign.model import Campaign
from game.campaign.tables import RESOURCES, CampaignTables
from game.campaign_play.fight import report_of, scenario_of
from game.engine import Game
from game.i18n import tr
from game.narration.campaign import amounts
from game.ui import cache, display, fonts
from game.ui.app import App, UiOptions
from game.ui.campaign_build import Drawing, draw_in_editor
from game.ui.render import style
from game.ui.widgets import Button, button_at, tooltip

SIZE = (1120, 720)
LINE = 22
ROW = 34
FONT = 15


class CycleAborted(RuntimeError):
    """The player closed a window before the cycle was over: nothing is saved."""


class DowntimeScreen:
    """The downtime choices of one cycle, as buttons."""

    def __init__(self, c: Campaign, ctx: Context) -> None:
        self.c, self.ctx = c, ctx
        self.plan: Plan = auto_plan(c, ctx.tables, ctx.core_posts, ctx.militia_posts)
        now = set(refuge.buildable(c, ctx.tables))
        self.plan.build = [t for t in self.plan.build if t in now]  # what it can pay now
        self.done = False
        self.wants_editor = False
        self.message = ""
        self.buttons: list[Button] = []

    # -- choices ---------------------------------------------------------------------
    def choose(self, value: tuple[Any, ...]) -> None:
        """What a button means: an action, a build, a recruit, or the end."""
        kind = value[0]
        if kind == "action":
            _, member_id, action = value
            self.plan.actions[member_id] = action
            self._targets(member_id, action)
        elif kind == "build":
            target = value[1]
            if target in self.plan.build:
                self.plan.build.remove(target)
            else:
                self.plan.build.append(target)
        elif kind == "recruits":
            self.plan.recruits = 0 if self.plan.recruits else 1
        elif kind == "core":
            self.plan.recruit_core = not self.plan.recruit_core
        elif kind == "draw":
            self.wants_editor = True
        elif kind == "done":
            self.done = True

    def base_layout(self) -> str:
        """The layout the refuge editor opens: the campaign's, with this downtime's
        drawing."""
        return self.plan.layout_text or self.c.layout

    def take(self, drawing: Drawing | str) -> None:
        """What the refuge editor gave: new pieces planned (and built first), or
        the message why nothing was taken."""
        if isinstance(drawing, str):
            self.message = drawing
            return
        drawn = {piece_id for piece_id, _ in self.plan.drawn}
        self.plan.build = [t for t in self.plan.build if t not in drawn]
        self.plan.drawn = list(drawing.pieces)
        self.plan.layout_text, self.plan.layout = drawing.text, drawing.layout
        self.plan.build[:0] = [piece_id for piece_id, _ in drawing.pieces]
        names = ", ".join(tr(f"campaign.module.{kind}") for _, kind in drawing.pieces)
        self.message = tr("campaign.screen.drawn", list=names)
        if drawing.ignored:
            self.message += " " + tr("campaign.screen.drawn_ignored")

    def _targets(self, member_id: str, action: str) -> None:
        """A healer tends the first patient no one tends yet; a trader takes the first
        offer the refuge can pay."""
        self.plan.heal.pop(member_id, None)
        self.plan.trade.pop(member_id, None)
        if action == "heal":
            tended = set(self.plan.heal.values())
            patient = next(
                (
                    m.id
                    for m in self.c.ready()
                    if m.id not in tended and any(s.kind == "treated" for s in m.scars)
                ),
                None,
            )
            if patient is not None:
                self.plan.heal[member_id] = patient
        elif action == "trade":
            offers = self.ctx.tables.downtime.trade
            pick = next((i for i, o in enumerate(offers) if refuge.affords(self.c, o.give)), None)
            if pick is not None:
                self.plan.trade[member_id] = pick

    def click(self, pos: tuple[int, int]) -> None:
        button = button_at(self.buttons, pos)
        if button is not None and button.enabled:
            self.choose(button.value)

    # -- drawing -----------------------------------------------------------------------
    def _text(self, surface: pygame.Surface, text: str, x: int, y: int, dim: bool = False) -> int:
        colour = style.TEXT_DIM if dim else style.TEXT
        surface.blit(
            fonts.text(fonts.fit(text, FONT, surface.get_width() - x - 10), FONT, colour), (x, y)
        )
        return y + LINE

    def layout(self, width: int) -> list[Button]:
        """Every button at its place (the draw and the clicks use the same)."""
        c, buttons = self.c, []
        y = 4 * LINE + 20
        for m in c.ready():
            x = 260
            for action in ACTIONS:
                label = tr(f"campaign.screen.act.{action}")
                rect = pygame.Rect(x, y, 112, ROW - 6)
                active = self.plan.actions.get(m.id) == action
                buttons.append(Button(rect, label, ("action", m.id, action), active=active))
                x += 118
            y += ROW
        y += LINE
        x = 20
        wanted = set(refuge.buildable(c, self.ctx.tables)) | set(self.plan.build)
        drawn = [piece_id for piece_id, _ in self.plan.drawn]
        for target in [*drawn, *sorted(wanted - set(drawn))]:
            label = self._target_name(target)
            width_px = max(120, fonts.font(14).size(label)[0] + 20)
            if x + width_px > width - 20:
                x, y = 20, y + ROW
            rect = pygame.Rect(x, y + LINE, width_px, ROW - 6)
            tip = amounts(self._cost(target))
            chosen = target in self.plan.build
            buttons.append(Button(rect, label, ("build", target), active=chosen, tooltip=tip))
            x += width_px + 6
        label = tr("campaign.screen.draw")
        width_px = max(120, fonts.font(FONT).size(label)[0] + 44)  # and its hotkey
        if x + width_px > width - 20:
            x, y = 20, y + ROW
        rect = pygame.Rect(x, y + LINE, width_px, ROW - 6)
        tip = tr("campaign.screen.draw_tip")
        buttons.append(Button(rect, label, ("draw",), hotkey="E", tooltip=tip))
        y += LINE + ROW + 10
        for value, label, active in (
            (("recruits",), tr("campaign.screen.recruit"), bool(self.plan.recruits)),
            (("core",), tr("campaign.screen.recruit_core"), self.plan.recruit_core),
        ):
            buttons.append(
                Button(
                    pygame.Rect(20 if value == ("recruits",) else 280, y, 250, ROW - 6),
                    label,
                    value,
                    active=active,
                )
            )
        buttons.append(
            Button(
                pygame.Rect(width - 240, y, 220, ROW - 6),
                tr("campaign.screen.done"),
                ("done",),
                hotkey="⏎",
            )
        )
        self.buttons = buttons
        return buttons

    def _kind(self, target: str) -> str:
        known = [(m.id, m.kind) for m in self.c.modules] + self.plan.drawn
        return next((kind for piece_id, kind in known if piece_id == target), target)

    def _cost(self, target: str) -> dict[str, int]:
        t = self.ctx.tables
        if target == "level":
            return dict(t.level[min(self.c.level, len(t.level) - 1)].cost)
        return refuge.build_cost(self.c, t, t.module_rules(self._kind(target)).cost)

    def _target_name(self, target: str) -> str:
        if target == "level":
            return tr("campaign.screen.level", level=self.c.level + 1)
        name = tr(f"campaign.module.{self._kind(target)}")
        drawn = any(piece_id == target for piece_id, _ in self.plan.drawn)
        ruin = any(m.id == target and not m.standing for m in self.c.modules)
        return tr("campaign.screen.new_piece", name=name) if drawn or ruin else name

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.BACKGROUND)
        c = self.c
        y = self._text(
            surface,
            tr("campaign.header", refuge=c.refuge_name, cycle=c.cycle, level=c.level),
            20,
            12,
        )
        y = self._text(
            surface,
            tr("campaign.values", population=c.population, extras=c.extras, morale=c.morale),
            20,
            y,
        )
        resources = amounts({r: c.resources[r] for r in RESOURCES})
        y = self._text(surface, tr("campaign.resources", list=resources), 20, y)
        self._text(surface, tr("campaign.screen.downtime"), 20, y, dim=True)
        buttons = self.layout(surface.get_width())
        for m in c.ready():
            row = next(b for b in buttons if b.value[:2] == ("action", m.id))
            scars = ", ".join(s.name for s in m.scars)
            text = tr("campaign.screen.member", name=m.name, level=m.level, xp=m.xp)
            line = fonts.fit(text + (f" — {scars}" if scars else ""), FONT, row.rect.x - 30)
            self._text(surface, line, 20, row.rect.y + 4)
        builds = [b for b in buttons if b.value[0] == "build"]
        if builds:
            self._text(surface, tr("campaign.screen.build"), 20, builds[0].rect.y - LINE, dim=True)
        if self.message:
            done = next(b for b in buttons if b.value == ("done",))
            y = done.rect.bottom + LINE
            for part in fonts.wrap(self.message, FONT, surface.get_width() - 40)[:4]:
                y = self._text(surface, part, 20, y)
        hover = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for b in buttons:
            b.draw(surface, b.rect.collidepoint(hover))
        over = button_at(buttons, hover)
        if over is not None and over.tooltip:
            tooltip(surface, over.tooltip, hover)


Editor = Callable[[Campaign, CampaignTables, str], Drawing | str]


def choose_downtime(
    c: Campaign,
    ctx: Context,
    frames: int | None = None,
    script: Callable[[DowntimeScreen], None] | None = None,
    editor: Editor = draw_in_editor,
) -> Plan:
    """Show the downtime screen until the player ends the downtime (`frames`: stop
    after that many frames, for tests; `script` then acts for the player). "Draw in
    the refuge editor" opens `editor` and comes back to the screen."""
    pygame.display.init()
    pygame.font.init()

    def window() -> pygame.Surface:
        surface = display.reopen_window(SIZE, frames)
        pygame.display.set_caption(tr("campaign.screen.caption", cycle=c.cycle))
        return surface

    screen = window()
    view = DowntimeScreen(c, ctx)
    clock, shown = pygame.time.Clock(), 0
    try:
        while not view.done:
            if view.wants_editor:
                view.wants_editor = False
                view.take(editor(c, ctx.tables, view.base_layout()))
                screen = window()
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    raise CycleAborted(c.cycle)
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    view.click(event.pos)
                if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
                    view.done = True
                if event.type == pygame.KEYDOWN and event.key == pygame.K_e:
                    view.wants_editor = True
                if event.type == pygame.VIDEORESIZE:
                    screen = pygame.display.set_mode(event.size, pygame.RESIZABLE)
            view.draw(screen)
            pygame.display.flip()
            clock.tick(30)
            shown += 1
            if frames is not None and shown >= frames:
                if script is not None:
                    script(view)
                    script = None
                    if view.wants_editor:
                        continue  # the editor once more, then the end
                view.done = True
    finally:
        pygame.display.quit()
    return view.plan


def fight_at_table(battle: Battle, options: UiOptions | None = None) -> BattleReport:
    """Play a campaign battle at the table: the player on the refuge's side, the AI
    on the others. CycleAborted when the window closes before the battle is decided."""
    scenario = scenario_of(battle)
    game = Game(scenario, seed=battle.seed, scenario_name=battle.name)
    controllers = {
        s.id: None if s.id == battle.side else controller_for(s.controller) for s in scenario.side
    }
    caption = tr(f"campaign.screen.{battle.kind}_caption", name=battle.name)
    app = App(game, controllers, options or UiOptions(caption=caption, campaign=True))
    try:
        app.run()
    finally:
        app.ai_worker.close()
        cache.reset_all()  # fonts and surfaces die with pygame
        pygame.quit()
    if not game.is_over():
        raise CycleAborted(battle.kind)
    return report_of(battle, game, game.outcome() or "draw", game.state.round, "")
