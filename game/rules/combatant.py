"""The inputs of the resolution functions: who fights (`Combatant`) and how
(`AttackContext`). The engine builds them from its game state; tests build them
directly. Both are frozen and know nothing of geometry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from game.cover import Cover
from game.rules import talent_effects
from game.rules.loader import RulesData
from game.rules.profile import Profile
from game.rules.talents import BAENDIGUNG, FELS, TODESTROTZ


class Condition(StrEnum):
    """A figure's state with respect to incapacitation and injury (§3.9)."""

    STANDING = "standing"
    DOWN = "down"  # Streifschuss: First aid or its own next activation stands it up
    OUT_UNSTABLE = "out_unstable"  # Übel: out for the battle, can be stabilised
    OUT_STABLE = "out_stable"  # Übel after First aid / Immunserum
    OUT = "out"  # Schwer, or an extra at 0 TP
    DEAD = "dead"  # Tot

    @property
    def standing(self) -> bool:
        return self is Condition.STANDING


@dataclass(frozen=True, slots=True)
class Combatant:
    """A rules-level view of one figure: attributes, defences and battle state.

    `ws` is the armour's wound threshold (the needed number before cover,
    effects and BR); `armour` names it for explanations (None: natural WS).
    The `*_left` counters are the engine's to reset (per round / per battle).
    """

    name: str
    kor: int = 0
    ref: int = 0
    ver: int = 0
    wil: int = 0
    tp: int = 4
    max_tp: int = 4
    vw: int = 10
    ws: int = 2
    armour: str | None = None
    kampfstufe: int = 0
    attack_bonus: int = 0
    br_bonus: int = 0
    shield_melee_ws: int = 0
    core: bool = False
    leader: bool = False
    morale_immune: bool = False
    structure_wounds: int = 1
    signatures: frozenset[str] = frozenset()
    talents: frozenset[str] = frozenset()
    archetype: str | None = None  # the archetype's key in the rules data (Hüter …)
    # -- battle state ----------------------------------------------------------
    condition: Condition = Condition.STANDING
    strain: int = 0
    suppressed: bool = False
    weakened: bool = False  # Seuchenhauch: −1W6 pools, disadvantage on attacks
    ran_this_round: bool = False  # a Hüter who Ran gives no Schildwall
    unbeugsam_left: int = 0  # Unbeugsam uses left this battle
    intercepts_left: int = 0  # Abfangen uses left this round
    pain_ignores_left: int = 0  # Kein Schmerz wounds still to ignore this round
    fels_left: int = 0  # Fels in der Brandung: hits still to ward off this battle
    taming_left: int = 0  # Bändigung: gifts still to cast without strain this battle
    defiance_left: int = 0  # Todestrotz: falls still to put off this battle
    defiant: bool = False  # Todestrotz: standing at 0 TP for a last activation
    drunk: bool = False  # seed 002's Schnaps drunk: attacks at disadvantage (docs/RULES.md §18)
    drunk_ws: int = 0  # Schnaps: its WS change against hits
    resist_bonus: int = 0  # Schnaps: + on KÖR tests of resistance (`attribute("kor")`)
    # -- for the other rule systems (game/systems/) ----------------------------------
    profile: str = ""  # the profile's name: a system's own values for the figure
    marks: tuple[tuple[str, int], ...] = ()  # a system's counters ("ews.wounds" …)

    @property
    def melee_bonus(self) -> int:
        """KÖR + Kampfstufe + rank attack bonus (§2, §3.4)."""
        return self.kor + self.kampfstufe + self.attack_bonus

    @property
    def ranged_bonus(self) -> int:
        """REF + Kampfstufe + rank attack bonus (§2, §3.4)."""
        return self.ref + self.kampfstufe + self.attack_bonus

    def attribute(self, name: str) -> int:
        """KÖR/REF/VER/WIL by ASCII name."""
        if name not in ("kor", "ref", "ver", "wil"):
            raise ValueError(f"unknown attribute {name!r} (kor, ref, ver or wil)")
        return int(getattr(self, name)) + (self.resist_bonus if name == "kor" else 0)

    def has(self, signature: str) -> bool:
        """Whether the figure has an archetype signature (German name, §13)."""
        return signature in self.signatures

    def at_half_tp(self, share: float = 0.5) -> bool:
        """TP at `share` (half) of its maximum or less."""
        return self.tp <= self.max_tp * share

    @property
    def puts_off_fall(self) -> bool:
        """Todestrotz: 0 TP would not take it down now (§13.1)."""
        return self.defiant or self.defiance_left > 0

    def changed(self, **changes: Any) -> Combatant:
        """A copy with some fields changed."""
        return replace(self, **changes)

    @classmethod
    def from_profile(
        cls, profile: Profile | str, rules: RulesData, name: str | None = None, **state: Any
    ) -> Combatant:
        """A fresh combatant from a profile (by name or object), at full TP."""
        prof = rules.profile(profile) if isinstance(profile, str) else profile
        signatures: frozenset[str] = frozenset()
        if prof.archetype is not None:
            signatures = frozenset(rules.archetype(prof.archetype).signatures)
        sig = rules.signatures
        base = cls(
            name=name or prof.name,
            kor=prof.kor,
            ref=prof.ref,
            ver=prof.ver,
            wil=prof.wil,
            tp=prof.tp,
            max_tp=prof.tp,
            vw=prof.vw,
            ws=prof.ws,
            armour=prof.armour,
            kampfstufe=prof.kampfstufe,
            attack_bonus=prof.attack_bonus,
            br_bonus=prof.br_bonus,
            shield_melee_ws=prof.shield_melee_ws,
            core=prof.core,
            leader=prof.leader,
            morale_immune=prof.morale_immune,
            structure_wounds=prof.structure_wounds,
            signatures=signatures,
            talents=frozenset(prof.talents),
            archetype=prof.archetype,
            profile=prof.name,
            unbeugsam_left=sig.unbeugsam.uses_per_battle if "Unbeugsam" in signatures else 0,
            intercepts_left=(
                talent_effects.intercepts_per_round(prof.talents, rules)
                if "Abfangen" in signatures
                else 0
            ),
            pain_ignores_left=(
                talent_effects.pain_ignores_per_round(prof.talents, rules)
                if "Kein Schmerz" in signatures
                else 0
            ),
            fels_left=talent_effects.per_battle(prof.talents, FELS, rules),
            taming_left=talent_effects.per_battle(prof.talents, BAENDIGUNG, rules),
            defiance_left=talent_effects.per_battle(prof.talents, TODESTROTZ, rules),
        )
        return replace(base, **state) if state else base


@dataclass(frozen=True, slots=True)
class AttackContext:
    """The situation of one attack, as the engine measured it (§3.4, §3.5).

    cover           the target's cover against the attacker (light +1, heavy +2)
    aimed           the attacker Aimed before (advantage)
    behind          the attacker started outside the target's front arc (advantage)
    unaware         the target could not see the attacker at the start of the
                    attacker's activation (advantage; "hidden" for Aus dem Nichts)
    long_range      ranged, beyond range up to 2 × range (disadvantage)
    into_melee      ranged attack into a melee (disadvantage, P)
    gang_up         melee: target in contact with ≥ 2 other figures of the
                    attacker's side (advantage, if the knob is on)
    burst           fire a burst (Automatisch): +1W6, 3 ammo
    burst_discount  ammo a burst costs less (Feldwerkstatt on the attacker's side)
    shield_wall     WS bonus from an adjacent Hüter (see `abilities.shield_wall_bonus`)
    arsenal         Arsenal bonus active (defender, rounds 1–2)
    attacker_cover  the attacker's own cover against the target (Aus dem Nichts)
    frenzy          Raserei taken for +1W6 melee this round
    bayonet         melee: extra dice of a bayonet charge (seed 002, docs/RULES.md §18)
    direction       unit vector attacker → target (the Wuchtig push direction)
    bonus, effects  any further attack modifier / needed-number effect
    """

    cover: Cover = Cover.NONE
    aimed: bool = False
    behind: bool = False
    unaware: bool = False
    long_range: bool = False
    into_melee: bool = False
    gang_up: bool = False
    burst: bool = False
    burst_discount: int = 0
    shield_wall: int = 0
    arsenal: bool = False
    attacker_cover: Cover = Cover.NONE
    frenzy: bool = False
    bayonet: int = 0
    direction: tuple[float, float] | None = None
    bonus: int = 0
    effects: int = 0
