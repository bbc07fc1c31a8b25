"""Attack / Charge: hover an enemy to see the sight lines, the hidden part of its
base, the pieces that block or cover, and the odds; click to commit. W cycles the
weapon (and burst fire) when there is a choice; under 3W6, X the declared hit zone."""

from __future__ import annotations

import pygame

from game import actions as act
from game.i18n import tr
from game.naming import board_kinds
from game.play import bridge, combat, movement
from game.play.contract import AttackMode
from game.state import Figure
from game.ui import describe
from game.ui import preview as pv
from game.ui.render import overlays
from game.ui.render.figures import Marks
from game.ui.tools.base import Context, Point, Tool
from game.ui.units import format_length

Option = tuple[str, bool]  # weapon, burst


class AttackTool(Tool):
    """Shoot or strike (mode "action") or charge (mode "charge") with one figure."""

    def __init__(
        self, ctx: Context, figure: Figure, mode: AttackMode, legal: list[act.Action]
    ) -> None:
        self.ctx = ctx
        self.figure = figure
        self.mode = mode
        self.name = "charge" if mode == "charge" else "attack"
        self.options: dict[str, list[Option]] = {}  # the shots (or charges in charge mode)
        self.charges: dict[str, list[Option]] = {}  # charges offered when no shot is
        for a in legal:
            if isinstance(a, act.Attack) and a.figure == figure.id and mode == "action":
                self.options.setdefault(a.target, []).append((a.weapon, a.burst))
            elif isinstance(a, act.Charge) and a.figure == figure.id:
                into = self.options if mode == "charge" else self.charges
                into.setdefault(a.target, []).append((a.weapon, False))
        self.choice = 0
        self.zones: tuple[str | None, ...] = (None, *combat.aim_zones(ctx.game))
        self.zone_at = 0  # 3W6: the declared hit zone (X cycles; 0: rolled)
        self.target: str | None = None
        self.piece: str | None = None
        self.at: Point | None = None
        self.preview: pv.AttackPreview | None = None
        self._key: tuple[object, ...] | None = None

    # -- what is aimed at ------------------------------------------------------------
    def option(self, target: str) -> tuple[Option | None, AttackMode]:
        """The weapon for this target and the mode: a shot, else a charge, else the
        weapon that shows why not."""
        tries: tuple[tuple[list[Option] | None, AttackMode], ...] = (
            (self.options.get(target), self.mode),
            (self.charges.get(target), "charge"),
        )
        for opts, mode in tries:
            if opts:
                return opts[self.choice % len(opts)], mode
        return self._fallback(), self.mode

    def _fallback(self) -> Option | None:
        """A weapon to show sight and the reason with when the target is not legal."""
        game, fig = self.ctx.game, self.figure
        assert fig is not None
        if self.mode == "charge":
            best = movement.best_melee(game, fig)
            return (best, False) if best else None
        usable = [w for w in bridge.weapons(game, fig) if w.type in ("ranged", "melee")]
        picks = [w for w in usable if w.type == "ranged"] or usable
        return (picks[0].name, False) if picks else None

    def motion(self, at: Point, pos: tuple[int, int]) -> None:
        self.at = at
        game, fig = self.ctx.game, self.figure
        assert fig is not None
        other = self.ctx.figure_at(at, standing_only=True)
        self.target = other.id if other is not None and other.side != fig.side else None
        self.piece = None
        if self.target is None:
            for piece in game.state.board.pieces_at(at):
                if piece.id in self.options:
                    self.piece = piece.id
                    break

    def update(self) -> None:
        game, fig = self.ctx.game, self.figure
        assert fig is not None
        if self.target is None:
            self.preview, self._key = None, None
            return
        opt, mode = self.option(self.target)
        if opt is None:
            self.preview, self._key = None, None
            return
        zone = self.zone
        key = (self.target, opt, mode, zone, game.state.event_count, len(game.history))
        if key != self._key:
            target = game.state.figures[self.target]
            self.preview = pv.attack_preview(
                game, fig, target, opt[0], burst=opt[1], mode=mode, zone=zone
            )
            self._key = key

    @property
    def zone(self) -> str | None:
        """The hit zone the attack declares (None: rolled on the zone table)."""
        return self.zones[self.zone_at % len(self.zones)]

    # -- input ---------------------------------------------------------------------
    def press(self, button: int, at: Point, pos: tuple[int, int]) -> act.Action | None:
        if button != 1:
            return None
        self.motion(at, pos)
        self.update()
        if self.preview is not None and self.preview.problem is None:
            return self.preview.action()
        if self.piece is not None:
            weapon, _ = self.options[self.piece][self.choice % len(self.options[self.piece])]
            return act.Attack(self.figure.id if self.figure else "", self.piece, weapon)
        return None

    def key(self, key: int) -> act.Action | None:
        if key == pygame.K_w:
            self.choice += 1
            self._key = None
        elif key == pygame.K_x and len(self.zones) > 1:
            self.zone_at += 1
            self._key = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.preview is not None:
            return self.preview.action() if self.preview.problem is None else None
        return None

    # -- drawing -------------------------------------------------------------------
    def mark(self, marks: Marks) -> None:
        targets = dict(marks.targets)
        for tid in [*self.options, *self.charges]:
            if tid in self.ctx.game.state.figures:
                targets[tid] = "target"
        marks.targets = targets

    def draw_over(self, surface: pygame.Surface) -> None:
        camera = self.ctx.camera
        if self.preview is not None:
            overlays.draw_sight(surface, camera, self.preview)
            target = self.ctx.game.state.figures[self.preview.target]
            at = camera.to_screen_f(*target.pos)
            shooter = camera.to_screen_f(*self.figure.pos) if self.figure is not None else at
            gap = max(14.0, target.radius * camera.scale + 6)
            overlays.label_box(surface, self.lines(), at, avoid=(shooter, at), gap=gap)
        elif self.piece is not None and self.at is not None:
            piece = self.ctx.game.state.board.pieces[self.piece]
            weapon = self.options[self.piece][self.choice % len(self.options[self.piece])][0]
            line = describe.describe(self.ctx.game, act.Attack("", piece.id, weapon))
            overlays.label_box(surface, [line], camera.to_screen_f(*self.at))

    def lines(self) -> list[str]:
        """The odds box: what, distance and cover, odds, what blocks, why not."""
        p = self.preview
        assert p is not None
        game = self.ctx.game
        out = [describe.describe(game, p.action())]
        out.append(
            tr(
                "ui.input.attack_measure",
                distance=format_length(p.distance, self.ctx.units(), 1),
                cover=describe.cover_word(p.cover),
                seen=describe.percent(p.los.visible_fraction),
            )
        )
        if p.odds is not None:
            out += describe.odds_lines(p.odds)
        if p.blocking:
            out.append(tr("ui.input.blocked_by", names=self._names(p.blocking)))
        if p.cover_from:
            out.append(tr("ui.input.cover_from", names=self._names(p.cover_from)))
        if p.problem is not None:
            out.append(tr("ui.input.not_now", reason=p.problem))
        opts = self.options.get(p.target) or self.charges.get(p.target, [])
        if len(opts) > 1:
            out.append(tr("ui.input.weapon_choice", n=self.choice % len(opts) + 1, total=len(opts)))
        if zone := describe.zone_line(game, p.zone):
            out.append(zone)
        if p.odds is not None and (guard := describe.defence_line(p.defence)):
            out.append(guard)
        return out

    def _names(self, ids: tuple[str, ...]) -> str:
        """Terrain pieces by kind, counted ('2 buildings, Crates'), never by id."""
        return board_kinds(self.ctx.game.state.board, ids)

    def hint(self) -> str:
        return tr("ui.input.hint_charge" if self.mode == "charge" else "ui.input.hint_attack")

    def attack_preview(self) -> pv.AttackPreview | None:
        return self.preview
