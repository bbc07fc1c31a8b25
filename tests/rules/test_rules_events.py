"""Rules events are told in English and German and serialise to JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

from game.cover import Cover
from game.dice import ScriptedDice
from game.events import Event
from game.i18n import catalogue
from game.narration import narrate
from game.rules import abilities, area, attack, injury, morale, structures, treatment
from game.rules.ammo import fresh_ammo, jam_test, reload
from game.rules.combatant import AttackContext, Combatant, Condition
from game.rules.loader import RulesData
from tests.events_kit import event_classes

Fig = Callable[..., Combatant]


def _event_classes() -> list[type[Event]]:
    return [c for c in event_classes() if c.__module__.startswith("game.rules.")]


def test_every_event_kind_is_unique_and_in_both_catalogues() -> None:
    classes = _event_classes()
    kinds = [c.kind for c in classes]
    assert len(classes) >= 25
    assert len(set(kinds)) == len(kinds), kinds
    for lang in ("en", "de"):
        strings = catalogue(lang)
        missing = [k for k in kinds if f"rules.{k}" not in strings]
        assert missing == [], (lang, missing)
        assert all(c.section.startswith("§") for c in classes)
    en = {k for k in catalogue("en") if k.startswith("rules.")}
    de = {k for k in catalogue("de") if k.startswith("rules.")}
    assert en == de


def _many_events(rules: RulesData, fig: Fig) -> list[Event]:
    """One battle's worth of events, touching every event type."""
    events: list[Event] = []
    pistol = rules.weapon("Pistol")
    r = attack.resolve_attack(
        fig("Mira"),
        fig("Raider"),
        pistol,
        AttackContext(aimed=True),
        rules,
        ScriptedDice([1, 1]),
        ammo=fresh_ammo(pistol, rules),
    )
    events += r.events
    events.append(reload("Mira", pistol, r.ammo or fresh_ammo(pistol, rules))[1])
    events += attack.resolve_attack(
        fig("Katz"),
        fig("Mira"),
        rules.weapon("Fire axe"),
        AttackContext(),
        rules,
        ScriptedDice([20, 6, 6, 6, 6]),
    ).events
    events += attack.resolve_attack(
        fig("Shambler"),
        fig("Militia"),
        rules.weapon("Claws"),
        AttackContext(),
        rules,
        ScriptedDice([20, 6, 6, 6]),
    ).events
    events += attack.resolve_attack(
        fig("Mira"),
        fig("Bruno", fels_left=1),
        pistol,
        AttackContext(),
        rules,
        ScriptedDice([19, 6, 6]),
    ).events
    t = area.throw_template(
        fig("Ferdl"),
        rules.weapon("Molotov"),
        AttackContext(),
        rules,
        ScriptedDice([2]),
    )
    events += t.events
    for res in area.template_damage(
        fig("Ferdl"),
        rules.weapon("Hand grenade"),
        [(fig("Raider"), Cover.LIGHT)],
        rules,
        ScriptedDice([15, 5]),  # saved: 3W6 → 1W6
    ):
        events += res.events
    events += area.burn_damage(fig("Raider"), rules, ScriptedDice([6, 6])).events
    events += (injury.fall(fig("Bruno", tp=0), rules, ScriptedDice([17])).event,)
    events.append(injury.fall(fig("Katz", tp=0, defiance_left=1), rules, ScriptedDice([])).event)
    events.append(injury.fall(fig("Katz", tp=0, defiant=True), rules, ScriptedDice([])).event)
    events.append(injury.stand_up(fig("Mira", tp=0, condition=Condition.DOWN))[1])
    events.append(injury.first_aid(fig("Selma"), fig("Mira", tp=2), rules, ScriptedDice([2])).event)
    healer, patient = fig("Selma"), fig("Mira", tp=2)
    kit = treatment.treat(healer, patient, "Medi-pack", 2, rules, ScriptedDice([15]))
    events.append(kit.event)
    events += morale.morale_test([fig("Raider"), fig("Brute")], rules, ScriptedDice([20])).events
    steady = fig("Jonas", talents=frozenset({"Unverrückbar"}))
    events += morale.morale_test(
        [steady, fig("Militia")], rules, ScriptedDice(), adjacent=[[], [steady]]
    ).events
    plan = attack.plan_attack(fig("Raider"), fig("Mira"), pistol, AttackContext(), rules)
    events.append(abilities.intercept(plan, fig("Jonas"), rules)[2])
    events += abilities.frenzy(fig("Katz", strain=4), "action", rules, ScriptedDice([5])).events
    events += abilities.plague_breath(fig("Selma"), fig("Raider"), rules, ScriptedDice([2]))[1]
    events.append(
        abilities.immune_serum(fig("Selma"), fig("Mira", tp=1), "heal", rules, ScriptedDice([3]))[1]
    )
    events += abilities.cast_gift(fig("Oda"), "Grauen", rules, ScriptedDice()).events
    tamer = fig("Oda", strain=6, taming_left=1)  # WIL 3: at the limit 6, Bändigung takes it
    events += abilities.cast_gift(tamer, "Grauen", rules, ScriptedDice()).events
    events += abilities.cast_gift(fig("Oda"), "Grauen", rules, ScriptedDice(), blood=1).events
    events.append(jam_test("Mira", 1, pistol, rules, ScriptedDice([11])))
    events += abilities.dread(fig("Oda"), fig("Raider"), rules, ScriptedDice([3]))[1]
    events.append(abilities.veil(fig("Oda"), rules))
    events.append(
        structures.attack_structure(
            fig("Brute"), rules.weapon("Brute claws"), "gate", 8, rules, ScriptedDice([1, 2, 3])
        )
    )
    return events


def test_every_event_is_told_in_both_languages(rules: RulesData, fig: Fig) -> None:
    events = _many_events(rules, fig)
    kinds = {e.kind for e in events}
    assert kinds == {c.kind for c in _event_classes()}
    for event in events:
        for lang in ("en", "de"):
            line = narrate(event, lang)
            assert line.endswith(f"({event.section})"), line
            assert "{" not in line and "\n" not in line, line
        json.dumps(event.to_dict())
        assert event.to_dict()["kind"] == event.kind


def _mira_shoots(rules: RulesData, fig: Fig, cover: Cover, faces: list[int]) -> list[Event]:
    """Mira fires her hunting rifle at Plünderer 3."""
    raider = fig("Raider", name="Plünderer 3")
    weapon = rules.weapon("Hunting rifle")
    context = AttackContext(cover=cover)
    return attack.resolve_attack(
        fig("Mira"), raider, weapon, context, rules, ScriptedDice(faces)
    ).events


def test_german_lines_use_german_terms(rules: RulesData, fig: Fig) -> None:
    events = _mira_shoots(rules, fig, Cover.HEAVY, [14, 6, 3, 4])
    assert [narrate(e, "de") for e in events] == [
        "Mira schießt auf Plünderer 3: W20 14 + 3 = 17 ≥ VW 11 → Treffer (§3.4)",
        "Schadenspool 3W6 [6, 3, 4] gegen 4+ (leichte Rüstung 3+, schwere Deckung +2, BR 1) "
        "→ 2 Wunden (§3.5)",
        "Plünderer 3 erleidet 2 Wunden: TP 4 → 2 (§3.5)",
    ]
    assert Condition.DOWN.value == "down"


def test_german_lines_name_weapons_by_their_german_names(rules: RulesData, fig: Fig) -> None:
    events = _mira_shoots(rules, fig, Cover.NONE, [1, 6, 3, 4])
    jammed = [e for e in events if e.kind == "jammed"]
    assert jammed, [e.kind for e in events]
    assert narrate(jammed[0], "de").startswith("Jagdgewehr von Mira hat eine Ladehemmung")
    assert "Hunting rifle" in narrate(jammed[0], "en")
