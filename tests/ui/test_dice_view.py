"""Dice faces from events: every event class with dice, marks, animation, skipping."""

from __future__ import annotations

import pygame
import pytest
from panel_kit import distinct_colours, fake_app, played, shot, surface

from game.events import Event
from game.i18n import set_language
from game.play.events import InitiativeRolled
from game.play.noise import NoiseChecked
from game.rules.abilities import BacklashRolled, SerumGiven
from game.rules.attack import DamageRolled, ToHitRolled
from game.rules.checks import SaveRolled
from game.rules.injury import FirstAidRolled, InjuryRolled
from game.rules.morale import MoraleTested
from game.rules.structures import StructureDamaged
from game.rules.wounds import NeededNumber
from game.ui.dice_view import (
    FADE,
    HOLD,
    DicePanel,
    RollContext,
    dice_roll,
    result_below,
    row_height,
)

CHECK = {"kept": 14, "edge": 1, "modifier": 3, "target": 11, "outcome": "success"}
TO_HIT = ToHitRolled(
    "Mira", (3, 14), **CHECK, target_name="Raider 3", weapon="Pistol", weapon_type="ranged",
    advantages=("aimed",), disadvantages=(), vs_point=False,
)  # fmt: skip
NEEDED = NeededNumber(3, "light", 2, 2, (), 1, 2)
DAMAGE = DamageRolled("Mira", "Raider 3", (("weapon", 3),), (6, 3, 4), NEEDED, 2)
DICE_EVENTS: list[Event] = [
    TO_HIT,
    DAMAGE,
    SaveRolled("Bruno", (9,), 9, 0, 2, 12, "failure", attribute="kor", reason="poison"),
    MoraleTested("Raider 5", (1,), 1, 0, 1, 12, "fumble", retest=False),
    FirstAidRolled("Selma", (20,), 20, 0, 2, 12, "critical", "Jonas", "healed", 2),
    InjuryRolled("Jonas", (11,), 11, 1, "down", "down", 0),
    InitiativeRolled((("refuge", 12, 3), ("raiders", 8, 1)), "refuge"),
    StructureDamaged("Brute", "gate", (5, 6, 2), 5, 2, 2, 4, 8, 4),
    BacklashRolled("Oda", 2, "lose_action"),
    NoiseChecked(2, 2, "horde_pack"),
    SerumGiven("Doc", "Mira", "heal", (2,), 2, 3),
]


@pytest.mark.parametrize("event", DICE_EVENTS, ids=lambda e: e.kind)
def test_every_dice_event_gives_faces(event: Event) -> None:
    roll = dice_roll(event, "en")
    assert roll is not None and roll.dice and roll.title and roll.section == event.section
    german = dice_roll(event, "de")
    assert german is not None and german.result


def test_kept_face_and_pool_marks() -> None:
    hit = dice_roll(TO_HIT, "en")
    assert hit is not None
    assert [d.mark for d in hit.dice] == ["dropped", "hit"]
    assert hit.need == "VW 11" and "d20 14 + 3 = 17" in hit.detail and hit.success
    pool = dice_roll(DAMAGE, "en")
    assert pool is not None
    needed = NEEDED.value
    assert [d.mark for d in pool.dice] == [
        "hit" if f >= needed or f == 6 else "miss" for f in (6, 3, 4)
    ]
    assert f"{needed}+" in pool.need and "BR 1" in pool.detail


def test_events_without_dice_give_none() -> None:
    _, events = played()
    plain = [e for e in events if e.kind in ("moved", "round_started", "activation_started")]
    assert plain and all(dice_roll(e, "en") is None for e in plain)


def _panel(
    events: list[Event], size: tuple[int, int] = (900, 620)
) -> tuple[DicePanel, pygame.Surface]:
    panel = DicePanel(fake_app(None))
    target = surface(size)
    panel.rect = target.get_rect()
    panel.on_events(events)
    return panel, target


def test_rolls_tumble_then_settle_and_fade() -> None:
    panel, target = _panel([TO_HIT, DAMAGE])
    assert panel.busy
    panel.update(0.1)
    target.fill((74, 78, 70))
    panel.draw(target)
    shot(target, "dice_tumbling")
    panel.update(panel.settle_time)
    assert not panel.busy and panel.showing
    panel.update(HOLD + 5)
    assert not panel.showing
    target.fill((74, 78, 70))
    panel.draw(target)
    assert distinct_colours(target) == 1


def test_speed_shortens_the_tumble() -> None:
    slow, _ = _panel([TO_HIT, DAMAGE])
    fast = DicePanel(fake_app(None, speed=4.0))
    fast.on_events([TO_HIT, DAMAGE])
    assert fast.settle_time == pytest.approx(slow.settle_time / 4)


def test_click_or_space_skips() -> None:
    panel, target = _panel([TO_HIT, DAMAGE])
    panel.draw(target)
    assert panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    assert not panel.busy
    assert not panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    panel.on_events([TO_HIT])
    panel.draw(target)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.tray.center, button=1)
    assert panel.handle_event(click) and not panel.busy
    outside = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(890, 5), button=1)
    assert not panel.handle_event(outside)


def test_screenshots_of_every_kind() -> None:
    for name, group in (
        ("attack", DICE_EVENTS[:2]),
        ("checks", DICE_EVENTS[2:6]),
        ("misc", DICE_EVENTS[6:]),
    ):
        panel, target = _panel(group)
        panel.skip()
        target.fill((74, 78, 70))
        panel.draw(target)
        assert distinct_colours(target, panel.tray) > 10
        assert target.get_rect().contains(panel.tray)
        shot(target, f"dice_{name}")
    set_language("de")
    try:
        panel, target = _panel(DICE_EVENTS[:2], (700, 500))
        panel.app.options.large_text = True
        panel.skip()
        target.fill((74, 78, 70))
        panel.draw(target)
        assert target.get_rect().contains(panel.tray)
        shot(target, "dice_large_de")
    finally:
        set_language("en")


def test_initiative_shows_side_names() -> None:
    event = InitiativeRolled((("refuge", 12, 3), ("raiders", 8, 1)), "refuge")
    names = {"refuge": "Die Zuflucht", "raiders": "Die Wienerberger"}
    roll = dice_roll(event, "en", RollContext(names))
    assert roll is not None
    assert roll.result == "Die Zuflucht won"
    assert [d.label for d in roll.dice] == ["Die Zuflucht +3", "Die Wienerberger +1"]
    assert [d.mark for d in roll.dice] == ["hit", "plain"]


def test_a_negative_initiative_modifier_reads_minus_not_plus_minus() -> None:
    event = InitiativeRolled((("refuge", 8, 3), ("horde", 15, -1)), "horde")
    roll = dice_roll(event, "en", RollContext({"refuge": "Die Zuflucht", "horde": "Die Toten"}))
    assert roll is not None
    assert [d.label for d in roll.dice] == ["Die Zuflucht +3", "Die Toten −1"]
    assert "Die Toten 15 − 1 = 14" in roll.detail


def test_a_fading_card_fades_as_one() -> None:
    """Halfway through the fade the card's background lets the table through by half
    (its text fades with it), not by three quarters."""
    panel, target = _panel([TO_HIT, DAMAGE])
    panel.skip()
    panel.clock = panel.settle_time + HOLD + FADE / 2
    table = (250, 250, 250)
    target.fill(table)
    panel.draw(target)
    inside = target.get_at((panel.tray.left + 3, panel.tray.bottom - 4))[:3]
    panel_colour = panel.theme.panel
    a = int(240 * 0.5) / 255  # a tray over the table: 240 opaque, halfway through the fade
    expected = [round(p * a + t * (1 - a)) for p, t in zip(panel_colour, table, strict=True)]
    assert all(abs(c - e) <= 6 for c, e in zip(inside, expected, strict=True))


def test_a_long_winner_goes_under_the_dice_not_cut() -> None:
    names = {"refuge": "Die Margaretner Bande", "raiders": "Die Überlebenden der Ottakringer"}
    event = InitiativeRolled((("refuge", 12, 3), ("raiders", 8, 1)), "refuge")
    panel = DicePanel(fake_app(None))
    target = surface((420, 400))
    panel.rect = target.get_rect()
    panel.context = lambda: RollContext(names)  # type: ignore[method-assign]
    roll = dice_roll(event, "en", RollContext(names))
    assert roll is not None
    assert result_below(roll, 14, 380)
    assert row_height(roll, 14, 380) > row_height(roll, 14)
