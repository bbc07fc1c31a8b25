"""Words of the engine's events (catalogue room `engine`: the round's flow, waves,
noise and the attention it draws, the end)."""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import count_text
from game.naming import local_name, say
from game.narration.telling import Telling, Values, words
from game.play.attention import AttentionDrawn
from game.play.events import (
    ActionsLost,
    ActivationEvent,
    FirstChosen,
    GameOver,
    InitiativeRolled,
    WaveArrived,
    WaveBlocked,
)
from game.play.loot import LootDropped, LootPicked
from game.play.noise import NoiseChecked, NoiseMade
from game.play.outcome import Spoilers
from game.play.retreat import Retreated
from game.words import die_word, signed


@words(InitiativeRolled)
def _initiative(e: InitiativeRolled, t: Telling) -> Values:
    d20 = die_word(20, t.language)
    parts = [
        f"{t.name(side)} {d20} {face}{signed(ref)} = {face + ref}" for side, face, ref in e.rolls
    ]
    result = (
        t.say("engine.initiative_tie")
        if e.winner is None
        else t.say("engine.initiative_winner", side=t.name(e.winner))
    )
    return {"rolls_text": "; ".join(parts), "result": result}


@words(FirstChosen)
def _first_chosen(e: FirstChosen, t: Telling) -> Values:
    key = "self" if e.first == e.side else "other"
    text = t.say(f"engine.first_choice.{key}", side=t.name(e.side), first=t.name(e.first))
    return {"choice_text": text}


@words(WaveArrived)
def _wave_arrived(e: WaveArrived, t: Telling) -> Values:
    counts: dict[str, int] = {}
    for p in e.profiles:
        counts[p] = counts.get(p, 0) + 1
    roster = (
        ", ".join(f"{n}× {local_name('profile', p, t.language)}" for p, n in counts.items()) or "–"
    )
    label = (
        t.say("engine.wave_label", wave=e.wave, total=e.total)
        if e.wave
        else t.say("engine.reinforcement_label")
    )
    return {"roster": roster, "wave_label": label}


@words(WaveBlocked)
def _wave_blocked(e: WaveBlocked, t: Telling) -> Values:
    return {"figures": t.name(*e.figures)}


@words(ActivationEvent)
def _activation(e: ActivationEvent, t: Telling) -> Values:
    return {"who": t.name(*e.figures)}


@words(ActionsLost)
def _actions_lost(e: ActionsLost, t: Telling) -> Values:
    return {"lost_text": t.count("engine.actions", e.lost)}


@words(GameOver)
def _game_over(e: GameOver, t: Telling) -> Values:
    if e.reason == "held":  # how long they held out (§12: hold N rounds)
        reason = t.say("engine.held_out", rounds=t.count("engine.rounds", e.round))
    else:
        reason = end_reason_text(e.reason, t.language)
    after = consequences_text(e, t.language)
    return {
        "outcome_text": outcome_text(e.outcome, t.language),
        "reason_text": reason,
        "after": f" {after}" if after else "",
    }


def outcome_text(outcome: str, language: str | None = None) -> str:
    """A battle's outcome ('Victory', 'Repelled [Abgewehrt]'; KeyError: none such)."""
    return say(f"engine.outcome.{outcome}", language)


def end_reason_text(reason: str, language: str | None = None) -> str:
    """Why the battle ended ('the last round is over')."""
    return say(f"engine.reason.{reason}", language)


def spoiled_text(
    spoiled: Spoilers, modules: Sequence[str] = (), language: str | None = None
) -> str:
    """Why a raid is only Partial (§12): 'not a full success: the kitchen lost, a
    breach, 2 loot carried off' ('' when nothing spoiled it). `modules`: the lost
    modules' names as players read them (default: their ids)."""
    names = list(modules) or list(spoiled.modules)
    parts = [say("newcomer.spoiled.modules", language, list=", ".join(names))] if names else []
    if spoiled.breaches:
        parts.append(count_text("newcomer.spoiled.breaches", spoiled.breaches, language))
    if spoiled.loot:
        parts.append(count_text("newcomer.spoiled.loot", spoiled.loot, language))
    if spoiled.hurt:
        parts.append(say("newcomer.spoiled.hurt", language))
    return say("newcomer.spoiled.text", language, list=", ".join(parts)) if parts else ""


def consequence_sentences(keys: tuple[str, ...], language: str | None = None) -> list[str]:
    """A raid's consequences for the refuge, one sentence each (§12's table)."""
    return [say(f"engine.consequence.{key}", language) for key in keys]


def consequences_text(over: GameOver, language: str | None = None) -> str:
    """'Consequences: You keep everything. …' ('' outside a raid)."""
    lines = consequence_sentences(over.consequences, language)
    return say("engine.consequences", language, list=" ".join(lines)) if lines else ""


@words(NoiseMade)
def _noise_made(e: NoiseMade, t: Telling) -> Values:
    return {"source_text": t.say(f"engine.noise_source.{e.source}")}


@words(AttentionDrawn)
def _attention_drawn(e: AttentionDrawn, t: Telling) -> Values:
    return {"source_text": t.say(f"engine.noise_source.{e.source}")}


@words(NoiseChecked)
def _noise_checked(e: NoiseChecked, t: Telling) -> Values:
    return {"result_text": t.say(f"engine.noise_result.{e.result}")}


@words(LootPicked)
def _loot_picked(e: LootPicked, t: Telling) -> Values:
    return {"resource_text": t.say(f"engine.loot_resource.{e.resource}")}


@words(LootDropped)
def _loot_dropped(e: LootDropped, t: Telling) -> Values:
    return {"how_text": t.say(f"engine.loot_how.{'fell' if e.fell else 'put'}")}


@words(Retreated)
def _retreated(e: Retreated, t: Telling) -> Values:
    lost = t.say("engine.retreat_lost", finds=e.finds) if e.finds else ""
    return {"who_text": t.name(*e.figures) or "—", "lost_text": lost}
