"""Resolved figure profiles: every derived value filled in (§1.2, §14, §15)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules.models import Faction, Knobs, RankTemplate


@dataclass(frozen=True, slots=True)
class Profile:
    """A figure profile with all values resolved (derived TP/VW/WS/move, Kampfstufe)."""

    name: str
    german: str | None
    faction: Faction
    core: bool
    archetype: str | None
    rank: str | None
    kor: int
    ref: int
    ver: int
    wil: int
    mindless: bool
    morale_immune: bool
    tp: int
    vw: int
    ws: int
    armour: str | None
    move: float
    loadouts: tuple[tuple[str, ...], ...]
    shield: str | None
    shield_melee_ws: int
    gifts: tuple[str, ...]
    talents: tuple[str, ...]
    level: int
    kampfstufe: int
    attack_bonus: int
    br_bonus: int
    leader: bool
    base_radius: float
    structure_wounds: int
    cost: float
    equipment: tuple[str, ...] = ()  # seed 002's items, read (game.rules.equipment.Kit.texts)

    @property
    def weapons(self) -> tuple[str, ...]:
        """The default loadout (the first one)."""
        return self.loadouts[0]

    @property
    def melee_bonus(self) -> int:
        """KÖR + Kampfstufe (+ rank attack bonus) (§2, §3.4)."""
        return self.kor + self.kampfstufe + self.attack_bonus

    @property
    def ranged_bonus(self) -> int:
        """REF + Kampfstufe (+ rank attack bonus) (§2, §3.4)."""
        return self.ref + self.kampfstufe + self.attack_bonus

    def attribute(self, name: str) -> int:
        """KÖR/REF/VER/WIL by ASCII name ('kor', 'ref', 'ver', 'wil')."""
        if name not in ("kor", "ref", "ver", "wil"):
            raise ValueError(f"unknown attribute {name!r} (kor, ref, ver or wil)")
        return int(getattr(self, name))


def apply_rank(profile: Profile, rank: str, chain: list[RankTemplate], knobs: Knobs) -> Profile:
    """The profile with rank templates applied in order (base template first)."""
    tp, attack, br, leader = profile.tp, profile.attack_bonus, profile.br_bonus, profile.leader
    kor, ref, ver, wil = profile.kor, profile.ref, profile.ver, profile.wil
    cost = profile.cost
    for template in chain:
        tp += template.tp
        attack += template.attack
        br += template.br
        leader = leader or template.leader
        kor, ref, ver, wil = (
            kor + template.kor,
            ref + template.ref,
            ver + template.ver,
            wil + template.wil,
        )
        if template.cost is not None:
            cost = float(getattr(knobs.raid.rank_cost, template.cost))
    return replace(
        profile,
        rank=rank,
        tp=tp,
        attack_bonus=attack,
        br_bonus=br,
        leader=leader,
        cost=cost,
        kor=kor,
        ref=ref,
        ver=ver,
        wil=wil,
    )
