"""The bridge between the engine's `Figure` (mutable battle state) and the rules'
`Combatant` (a frozen view the pure resolution functions take and return), and the
weapons a figure can use (`weapons`: what it carries, and fists when that has no
melee weapon)."""

from __future__ import annotations

from dataclasses import replace

from game.play.cache import Entry, Lasts, Memo, memo_entry
from game.play.contract import GameView
from game.play.items import drinking
from game.rules.combatant import Combatant, Condition
from game.rules.models import Weapon
from game.state import Figure, Presence

# Keys of Figure.uses for per-battle / per-round counters.
UNBEUGSAM_USED = "unbeugsam_used"
FELS_USED = "fels_used"  # Fels in der Brandung (talent, per battle)
TAMING_USED = "taming_used"  # Bändigung (talent, per battle)
INTERCEPT_ROUND = "intercept_round"  # round of the last Abfangen
INTERCEPTS_USED = "intercepts_used"
PAIN_ROUND = "pain_round"
PAIN_IGNORED = "pain_ignored"
WEAKENED = "weakened"  # effect: Seuchenhauch, through the figure's next activation
DEFIANCE_USED = "defiance_used"  # Todestrotz (talent, per battle)
DEFIANT = "defiant"  # effect: Todestrotz keeps it standing at 0 TP to its activation's end
BREAKTHROUGH = "breakthrough"  # effect: Durchbruch's free Move is open (to its next action)
SHIELD_SLUNG = "shield_slung"  # effect: it struck two-handed; no shield to its next activation

# How long an effect of `Figure.effects` lasts, besides a round number (> 0: to the end
# of that round).
UNTIL_NEXT_START = 0
"""Ends as the figure's next activation begins (Schleier)."""
THROUGH_NEXT = -1
"""Lasts through the figure's next activation, to its end (Seuchenhauch: "bis zu
seiner nächsten Runde" — it must bite once, docs/RULES.md §13)."""
THIS_ACTIVATION = -2
"""Ends as the figure's current activation ends (a THROUGH_NEXT effect once that
activation has begun)."""

COMBATANTS: Entry[Memo[tuple[str, str], Combatant]] = memo_entry(
    "combatants",
    holds="a figure's rules-level view as its profile makes it (before its battle state)",
    key="figure id and profile name (a figure's profile never changes; one name, one profile)",
    lasts=Lasts.WHOLE_GAME,
    clone=True,
)


def weapons(game: GameView, figure: Figure) -> tuple[Weapon, ...]:
    """Every weapon the figure can use, in carrying order: the carried ones, then the
    implicit unarmed weapon when none of them is a melee weapon (knob
    melee.unarmed_weapon, §5.4 "Fists / improvised"; never for the infected).
    Attacks, charges, coups-de-grâce, free attacks, the AI and the UI read this."""
    return game.rules.arms((w.name for w in figure.weapons), game.profile(figure).faction)


def combatant(game: GameView, figure: Figure) -> Combatant:
    """The rules-level view of a figure in its current state."""
    base = game.cache.memo(
        COMBATANTS,
        (figure.id, figure.profile),
        lambda: Combatant.from_profile(game.profile(figure), game.rules, name=figure.name),
    )
    rnd = game.state.round
    uses = figure.uses
    intercepts = base.intercepts_left - (
        uses.get(INTERCEPTS_USED, 0) if uses.get(INTERCEPT_ROUND) == rnd else 0
    )
    pain = base.pain_ignores_left - (
        uses.get(PAIN_IGNORED, 0) if uses.get(PAIN_ROUND) == rnd else 0
    )
    return replace(
        base,
        tp=figure.tp,
        max_tp=figure.max_tp,
        condition=figure.condition,
        strain=figure.strain,
        suppressed=figure.suppressed,
        weakened=WEAKENED in figure.effects,
        shield_melee_ws=0 if SHIELD_SLUNG in figure.effects else base.shield_melee_ws,
        ran_this_round=figure.ran_round == rnd,
        unbeugsam_left=max(0, base.unbeugsam_left - uses.get(UNBEUGSAM_USED, 0)),
        fels_left=max(0, base.fels_left - uses.get(FELS_USED, 0)),
        taming_left=max(0, base.taming_left - uses.get(TAMING_USED, 0)),
        defiance_left=max(0, base.defiance_left - uses.get(DEFIANCE_USED, 0)),
        defiant=DEFIANT in figure.effects,
        intercepts_left=max(0, intercepts) if base.has("Abfangen") else 0,
        pain_ignores_left=max(0, pain) if base.has("Kein Schmerz") else 0,
        marks=system_marks(figure),
        **drinking(figure),
    )


def system_marks(figure: Figure) -> tuple[tuple[str, int], ...]:
    """The counters another rule system keeps on the figure (`Figure.uses` entries
    named "<system>.<what>", e.g. "ews.wounds")."""
    return tuple(sorted((k, v) for k, v in figure.uses.items() if "." in k))


def write_back(game: GameView, figure: Figure, after: Combatant) -> None:
    """Copy what the rules changed on a combatant back onto the figure."""
    before = combatant(game, figure)
    rnd = game.state.round
    figure.tp = after.tp
    figure.strain = after.strain
    figure.suppressed = after.suppressed
    if after.weakened and not before.weakened:
        figure.effects[WEAKENED] = THROUGH_NEXT
    elif not after.weakened:
        figure.effects.pop(WEAKENED, None)
    if after.unbeugsam_left < before.unbeugsam_left:
        figure.uses[UNBEUGSAM_USED] = figure.uses.get(UNBEUGSAM_USED, 0) + (
            before.unbeugsam_left - after.unbeugsam_left
        )
    if after.fels_left < before.fels_left:
        figure.uses[FELS_USED] = figure.uses.get(FELS_USED, 0) + before.fels_left - after.fels_left
    if after.taming_left < before.taming_left:
        figure.uses[TAMING_USED] = (
            figure.uses.get(TAMING_USED, 0) + before.taming_left - after.taming_left
        )
    if after.defiance_left < before.defiance_left:
        figure.uses[DEFIANCE_USED] = figure.uses.get(DEFIANCE_USED, 0) + 1
    if after.defiant and not before.defiant:
        active = figure.id in game.state.active
        figure.effects[DEFIANT] = THIS_ACTIVATION if active else THROUGH_NEXT
    elif not after.defiant:
        figure.effects.pop(DEFIANT, None)
    if after.intercepts_left < before.intercepts_left:
        used = figure.uses.get(INTERCEPTS_USED, 0) if figure.uses.get(INTERCEPT_ROUND) == rnd else 0
        figure.uses[INTERCEPT_ROUND] = rnd
        figure.uses[INTERCEPTS_USED] = used + before.intercepts_left - after.intercepts_left
    if after.pain_ignores_left < before.pain_ignores_left:
        used = figure.uses.get(PAIN_IGNORED, 0) if figure.uses.get(PAIN_ROUND) == rnd else 0
        figure.uses[PAIN_ROUND] = rnd
        figure.uses[PAIN_IGNORED] = used + before.pain_ignores_left - after.pain_ignores_left
    set_condition(figure, after.condition)


def set_condition(figure: Figure, condition: Condition) -> None:
    """Change a figure's condition; the dead and the out leave the table (§9)."""
    figure.condition = condition
    if condition in (Condition.DEAD, Condition.OUT) and figure.presence is Presence.TABLE:
        figure.presence = Presence.GONE
        figure.overwatch = None
    if condition is not Condition.STANDING:
        figure.overwatch = None
        figure.aimed = 0
        figure.took_cover = False
