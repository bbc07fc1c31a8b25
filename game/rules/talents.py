"""Talents (rulebook §13.1, docs/RULES.md §13.1): their names, how a figure's talents are
written and checked, and the small questions the engine and the rules ask of them.

A figure carries its talents as canonical texts: the talent's table name, and for a
talent with a choice the choice after a colon — "Zäh", "Waffengriff:rifles",
"Waffenmeister:Machete", "Waffenmeister:Machete:Wuchtig", "Neue Gabe:Schleier".
`resolve_talents` turns what a profile or a scenario wrote into that form and
refuses a talent the archetype may not take (rulebook: "aus der Allgemeinliste oder
deinem Archetyp"), one taken too often, or a choice that does not fit.
The numbers of each talent are rules data (`talents.toml`, `RulesData.talent`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from game.rules.models import Talent

# -- the names the engine knows (talents.toml keys) ------------------------------------

ZAEH = "Zäh"
WACHSAM = "Wachsam"
WAFFENGRIFF = "Waffengriff"
FELDARZT = "Feldarzt"
FEUERDISZIPLIN = "Feuerdisziplin"
FELS = "Fels in der Brandung"
DURCHBRUCH = "Durchbruch"
WAFFENMEISTER = "Waffenmeister"
KOPFSCHUSS = "Kopfschuss"
GEIST = "Geist"
SCHATTENSCHRITT = "Schattenschritt"
SPAEHERAUGE = "Späherauge"
BOLLWERK = "Bollwerk"
LEIBWACHE = "Leibwache"
UNVERRUECKBAR = "Unverrückbar"
SCHILDSCHLAG = "Schildschlag"
FELDWERKSTATT = "Feldwerkstatt"
BOMBE = "Improvisierte Bombe"
UEBERLADEN = "Überladen"
RELIKTKUNDIG = "Reliktkundig"
NEUE_GABE = "Neue Gabe"
BAENDIGUNG = "Bändigung"
BLUTMAGIE = "Blutmagie"
ZWEI_ZUNGEN = "Zwei Zungen"
SEUCHENHERR = "Seuchenherr"
HEILKUNST = "Heilkunst"
WANDELNDE_PLAGE = "Wandelnde Plage"
BLUTRAUSCH = "Blutrausch+"
UNBAENDIG = "Unbändig"
TODESTROTZ = "Todestrotz"
FURCHTBRUELLER = "Furchtbrüller"

NEEDS: Mapping[str, tuple[str, ...]] = {
    ZAEH: ("tp",),
    WACHSAM: (),
    WAFFENGRIFF: ("attack",),
    FELDARZT: ("actions", "heal"),
    FEUERDISZIPLIN: (),
    FELS: ("per_battle",),
    DURCHBRUCH: (),
    WAFFENMEISTER: ("br",),
    KOPFSCHUSS: ("dice",),
    GEIST: (),
    SCHATTENSCHRITT: ("move",),
    SPAEHERAUGE: ("rolls",),
    BOLLWERK: ("ws_bonus",),
    LEIBWACHE: ("per_round",),
    UNVERRUECKBAR: (),
    SCHILDSCHLAG: ("per_round", "actions"),
    FELDWERKSTATT: ("ammo",),
    BOMBE: ("weapon",),
    UEBERLADEN: ("dice", "fumble_max"),
    RELIKTKUNDIG: ("xp",),
    NEUE_GABE: (),
    BAENDIGUNG: ("per_battle",),
    BLUTMAGIE: ("tp",),
    ZWEI_ZUNGEN: (),
    SEUCHENHERR: ("range",),
    HEILKUNST: ("serum",),
    WANDELNDE_PLAGE: ("strain", "rounds", "tp", "range"),
    BLUTRAUSCH: ("melee_dice",),
    UNBAENDIG: ("ignored_wounds",),
    TODESTROTZ: ("per_battle",),
    FURCHTBRUELLER: ("per_battle", "range", "attribute", "target", "actions"),
}
"""Every talent the engine gives an effect, and the numbers it reads from its row."""

WUCHTIG = "Wuchtig"
"""Waffenmeister's other choice: the weapon becomes Wuchtig instead of +1 BR."""
SEP = ":"


class TalentError(ValueError):
    """A figure's talents break a rule of §13.1 (plain English, for the loaders)."""


# -- reading a figure's talents ----------------------------------------------------------


def split(text: str) -> tuple[str, str | None, str | None]:
    """'Waffenmeister: Machete : Wuchtig' -> ('Waffenmeister', 'Machete', 'Wuchtig')."""
    name, _, rest = text.partition(SEP)
    option, _, extra = rest.partition(SEP)
    return name.strip(), option.strip() or None, extra.strip() or None


def has(talents: Iterable[str], name: str) -> bool:
    """Does a figure with these (canonical) talents have the talent `name`?"""
    return any(split(t)[0] == name for t in talents)


def count(talents: Iterable[str], name: str) -> int:
    """How often the figure took the talent (Zäh: up to twice)."""
    return sum(1 for t in talents if split(t)[0] == name)


def choices(talents: Iterable[str], name: str) -> list[tuple[str, str | None]]:
    """The (option, extra) of every time the figure took the talent."""
    out = []
    for t in talents:
        taken, option, extra = split(t)
        if taken == name and option is not None:
            out.append((option, extra))
    return out


def gifts_of(talents: Iterable[str]) -> tuple[str, ...]:
    """The gifts its talents give a figure (Neue Gabe)."""
    return tuple(option for option, _ in choices(talents, NEUE_GABE))


# -- checking what a profile or a scenario wrote -------------------------------------------

Lookup = Callable[[str, str], str | None]
"""(kind, name) -> the table key of a `kind` entry ("talent", "weapon", "gift",
"archetype") of that name, German name or alias; None when there is none."""


def resolve_talents(
    texts: Iterable[str],
    archetype: str | None,
    carried: Iterable[str],
    table: Mapping[str, Talent],
    lookup: Lookup,
) -> tuple[str, ...]:
    """The canonical form of the talents a figure was given; TalentError naming the
    first one that breaks §13.1: unknown, not for this archetype, taken too often, a
    missing or wrong choice (a weapon the figure does not carry, an unknown gift or
    class)."""
    weapons = set(carried)
    out: list[str] = []
    for text in texts:
        raw, option, extra = split(text)
        key = lookup("talent", raw)
        if key is None:
            known = ", ".join(table)
            raise TalentError(f"unknown talent {raw!r} (known: {known})")
        talent = table[key]
        _check_who(talent, archetype)
        out.append(_canonical(talent, option, extra, weapons, lookup))
        taken = sum(1 for t in out if split(t)[0] == key)
        if taken > talent.max:
            raise TalentError(f"{key} taken {taken} times; at most {talent.max}")
    return tuple(out)


def _check_who(talent: Talent, archetype: str | None) -> None:
    if not talent.who or (archetype is not None and archetype in talent.who):
        return
    who = " or ".join(talent.who)
    mine = f"a {archetype}" if archetype else "a figure without an archetype"
    raise TalentError(f"{talent.name} is a {who} talent; {mine} may not take it (§13.1)")


def _canonical(
    talent: Talent, option: str | None, extra: str | None, weapons: set[str], lookup: Lookup
) -> str:
    """'Name', 'Name:option' or 'Name:weapon:Wuchtig' with the option's table name."""
    name = talent.name
    if talent.option is None:
        if option is not None:
            raise TalentError(f"{name} takes no choice (got {option!r})")
        return name
    if option is None:
        raise TalentError(f"{name} needs a choice: '{name}: <{talent.option}>'")
    if talent.option == "class":
        match = next((c for c in talent.classes if c.casefold() == option.casefold()), None)
        if match is None:
            raise TalentError(
                f"{name}: unknown class {option!r} (classes: {', '.join(talent.classes)})"
            )
        chosen = match
    elif talent.option == "gift":
        gift = lookup("gift", option)
        if gift is None:
            raise TalentError(f"{name}: unknown gift {option!r}")
        chosen = gift
    else:
        weapon = lookup("weapon", option)
        if weapon is None or weapon not in weapons:
            raise TalentError(f"{name}: the figure carries no {option!r}")
        chosen = weapon
    if extra is None:
        return f"{name}{SEP}{chosen}"
    if name != WAFFENMEISTER or extra.casefold() != WUCHTIG.casefold():
        raise TalentError(f"{name}: unexpected {extra!r}")
    return f"{name}{SEP}{chosen}{SEP}{WUCHTIG}"


def missing_numbers(table: Mapping[str, Talent]) -> tuple[str, str] | None:
    """(talent, field) of the first number the engine reads that a row lacks."""
    for name, fields in NEEDS.items():
        talent = table.get(name)
        if talent is None:
            continue
        for field in fields:
            if getattr(talent, field) is None:
                return name, field
    return None
