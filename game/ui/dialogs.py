"""Small modal choices over the table: the decisions between activations
(who goes first, which entry a wave takes, Abfangen, a 3W6 active defence) and menus for verbs with
several concrete options (reload which weapon, aid whom, interact with what)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import actions as act
from game.engine import Game, Legal
from game.i18n import tr
from game.naming import readable_id, say, scenario_entry_label
from game.ui import describe, fonts
from game.ui.render import style
from game.ui.widgets import Button, button_at, panel_box

ROW_H = 34
WIDTH = 420


@dataclass
class Menu:
    """A titled column of buttons; a click gives the button's value."""

    title: str
    entries: list[tuple[str, Any, str]]  # label, value, tooltip
    cancellable: bool = True
    buttons: list[Button] = field(default_factory=list)
    box: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hovered: Button | None = None

    def place(self, area: pygame.Rect) -> None:
        lines = fonts.wrap(self.title, 15, WIDTH - 24, True)
        title_h = 18 * len(lines) + 16
        h = title_h + len(self.entries) * (ROW_H + 6) + 10
        self.box = pygame.Rect(0, 0, WIDTH, h)
        self.box.midtop = (area.centerx, area.y + 48)
        self.box.clamp_ip(area)
        y = self.box.y + title_h
        self.buttons = []
        for i, (label, value, tip) in enumerate(self.entries):
            key = str(i + 1) if i < 9 else ""
            rect = pygame.Rect(self.box.x + 12, y, WIDTH - 24, ROW_H)
            self.buttons.append(Button(rect, label, value, key, True, tip))
            y += ROW_H + 6

    def motion(self, pos: tuple[int, int]) -> None:
        self.hovered = button_at(self.buttons, pos)

    def click(self, pos: tuple[int, int]) -> Button | None:
        return button_at(self.buttons, pos)

    def key(self, key: int) -> Button | None:
        name = pygame.key.name(key)
        for b in self.buttons:
            if b.hotkey and b.hotkey == name.strip("[]"):
                return b
        return None

    def hovered_value(self) -> Any:
        return self.hovered.value if self.hovered is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        panel_box(surface, self.box, 240)
        y = self.box.y + 10
        for line in fonts.wrap(self.title, 15, WIDTH - 24, True):
            s = fonts.text(line, 15, style.TEXT, True)
            surface.blit(s, (self.box.x + 12, y))
            y += 18
        for b in self.buttons:
            b.draw(surface, b is self.hovered)


def entry_name(game: Game, entry: str) -> str:
    """An entry zone as players read it (its scenario name, or its id made readable)."""
    return scenario_entry_label(game.scenario, entry) or readable_id(entry)


def _side_name(game: Game, side: str) -> str:
    s = game.state.sides.get(side)
    return s.name if s is not None else side


def decision_menu(game: Game, legal: Sequence[Legal]) -> Menu | None:
    """A menu for a pending decision other than activating and acting."""
    pending = game.pending()
    if pending is None:
        return None
    actions = [a for a in legal if isinstance(a, act.Action)]
    entries: list[tuple[str, Any, str]]
    if pending.kind == "choose_first":
        entries = [
            (tr("ui.dialog.first_side", side=_side_name(game, a.first)), a, "")
            for a in actions
            if isinstance(a, act.ChooseFirst)
        ]
        return Menu(
            tr("ui.dialog.choose_first", side=_side_name(game, pending.side)), entries, False
        )
    if pending.kind == "choose_entry":
        entries = [
            (entry_name(game, a.entry), a, tr("ui.dialog.entry_tip"))
            for a in actions
            if isinstance(a, act.ChooseEntry)
        ]
        return Menu(
            tr("ui.dialog.choose_entry", side=_side_name(game, pending.side)), entries, False
        )
    if pending.kind == "intercept":
        figs = game.state.figures
        data = pending.data
        target = figs[data["target"]].name if data.get("target") in figs else "?"
        attacker = figs[data["attacker"]].name if data.get("attacker") in figs else "?"
        entries = []
        for a in actions:
            if isinstance(a, act.Intercept):
                key = "ui.dialog.intercept_yes" if a.accept else "ui.dialog.intercept_no"
                entries.append((say(key, name=figs[a.figure].name), a, ""))
        title = say(
            "ui.dialog.intercept", target=target, attacker=attacker, weapon=data.get("weapon", "")
        )
        return Menu(title, entries, False)
    if pending.kind == "defence":
        return defence_menu(game, actions)
    return None


def defence_menu(game: Game, actions: Sequence[act.Action]) -> Menu | None:
    """3W6: the hit figure's active defence (seed 003) — each open one with its exact
    chance to fend the hit off and how its value comes about, or none."""
    pending = game.pending()
    if pending is None:
        return None
    figs = game.state.figures
    data = pending.data
    odds = {o["defence"]: o for o in data.get("options", [])}
    entries: list[tuple[str, Any, str]] = []
    for a in actions:
        if not isinstance(a, act.Defend) or a.defence not in odds:
            continue
        tip = tr(f"ui.dialog.defence_tip_{a.defence}")
        if a.defence == "none":
            entries.append((tr("ui.dialog.defence_none"), a, tip))
            continue
        o = odds[a.defence]
        label = tr(
            "ui.dialog.defence_option",
            name=tr(f"systems.part.{a.defence}"),
            value=o["value"],
            p=describe.percent(float(o["p_success"])),
        )
        entries.append((label, a, tip))
    title = say(
        "ui.dialog.defence",
        target=figs[data["target"]].name if data.get("target") in figs else "?",
        attacker=figs[data["attacker"]].name if data.get("attacker") in figs else "?",
        weapon=data.get("weapon", ""),
        section=data.get("section", ""),
    )
    return Menu(title, entries, False)


def choice_menu(game: Game, verb: str, items: Sequence[Legal]) -> Menu:
    """Pick one of several concrete actions of a verb."""
    entries = [(describe.describe(game, a), a, "") for a in items if isinstance(a, act.Action)]
    return Menu(tr("ui.dialog.choose_option", verb=describe.verb_label(verb)), entries, True)
