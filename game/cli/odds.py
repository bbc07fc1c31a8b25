"""`main.py odds`: exact odds of an attack, from bare numbers or from profiles.

    main.py odds --bonus 3 --vw 11 --pool 3 --ws 3 --cover heavy --br 1 --tp 4 --json
    main.py odds --attacker Mira --target Raider --weapon "Hunting rifle" --cover heavy
    main.py odds --rules ews --value 12 --mw 9 --json     (the other systems: _system_odds)

Without any arguments it shows a sample attack (Mira's hunting rifle against a
Raider in heavy cover); otherwise the target stands in the open unless --cover says
otherwise.
"""

from __future__ import annotations

import argparse
import json

from game.cli import CliError, _system_args
from game.cli._rules import add_rules_option, parse_rules
from game.cover import Cover
from game.dice import Edge
from game.i18n import current_language, tr
from game.odds import AttackOdds, attack_odds, plain_odds
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesDataError, UnknownNameError, load_rules
from game.words import needed_text

NUMBERS = ("bonus", "vw", "pool", "ws")
RANGES = {
    "bonus": (-30, 30),
    "vw": (0, 50),
    "pool": (0, 50),
    "ws": (1, 12),
    "br": (0, 12),
    "tp": (1, 100),
}
PROFILE_FLAGS = ("attacker", "target", "weapon", "aimed", "long_range", "burst")
SAMPLE = ("Mira", "Raider", Cover.HEAVY)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    nums = parser.add_argument_group("from numbers (all four together)")
    nums.add_argument("--bonus", type=int, help="attack bonus B: W20 + B")
    nums.add_argument("--vw", type=int, help="target's defence value VW")
    nums.add_argument("--pool", type=int, help="damage pool N (NW6)")
    nums.add_argument("--ws", type=int, help="target's armour WS (needed number, e.g. 3 for 3+)")
    nums.add_argument("--br", type=int, default=0, help="weapon's Bruch (BR), default 0")
    edge = nums.add_mutually_exclusive_group()
    edge.add_argument("--adv", action="store_true", help="advantage (2W20, keep the higher)")
    edge.add_argument("--dis", action="store_true", help="disadvantage (2W20, keep the lower)")
    prof = parser.add_argument_group("from profiles (instead of numbers)")
    prof.add_argument("--attacker", help="attacking profile (default Mira)")
    prof.add_argument("--target", help="target profile (default Raider)")
    prof.add_argument("--weapon", help="weapon (default: the attacker's first)")
    prof.add_argument("--aimed", action="store_true", help="the attacker aimed (advantage)")
    prof.add_argument("--long-range", action="store_true", help="beyond range (disadvantage)")
    prof.add_argument("--burst", action="store_true", help="fire a burst (Automatisch)")
    parser.add_argument(
        "--cover",
        choices=["none", "light", "heavy"],
        help="target's cover (default none; the sample attack without arguments: heavy)",
    )
    parser.add_argument("--tp", type=int, help="target TP: adds the take-down chance")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rules_option(parser)
    _system_args.add_arguments(parser)


def _check_range(name: str, value: int | None) -> None:
    low, high = RANGES[name]
    if value is not None and not low <= value <= high:
        raise CliError(f"--{name} must be between {low} and {high} (got {value})")


def run(args: argparse.Namespace) -> int:
    system = parse_rules(args.rules)
    if system is not None and system != "deadearth":
        # lazy: the other systems' rules and tables (~150 ms); DEAD.EARTH's odds never need them
        from game.cli import _system_odds

        return _system_odds.run(args, system)
    if getattr(args, "zone", None):
        raise CliError("--zone goes with --rules 3w6 (DEAD.EARTH rolls no hit zones)")
    if others := _system_args.numbers_given(args):
        flags = ", ".join(f"--{n}" for n in others)
        raise CliError(f"{flags} go with --rules ews or --rules 3w6")
    for name in RANGES:
        _check_range(name, getattr(args, name))
    given = [n for n in NUMBERS if getattr(args, n) is not None]
    profile_flags = [f for f in PROFILE_FLAGS if getattr(args, f)]
    try:
        if given:
            odds, header, tp = _from_numbers(args, given, profile_flags)
        else:
            odds, header, tp = _from_profiles(args)
    except (UnknownNameError, RulesDataError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps(odds.to_dict()))
    else:
        print("\n".join([*header, *render(odds, tp)]))
    return 0


def _from_numbers(
    args: argparse.Namespace, given: list[str], profile_flags: list[str]
) -> tuple[AttackOdds, list[str], int | None]:
    missing = [f"--{n}" for n in NUMBERS if n not in given]
    if missing:
        raise CliError(f"--bonus, --vw, --pool and --ws go together; missing {', '.join(missing)}")
    if profile_flags:
        flags = ", ".join("--" + f.replace("_", "-") for f in profile_flags)
        raise CliError(f"{flags} cannot be combined with --bonus/--vw/--pool/--ws")
    edge: Edge = 1 if args.adv else -1 if args.dis else 0
    odds = plain_odds(
        args.bonus,
        args.vw,
        args.pool,
        args.ws,
        cover=Cover.parse(args.cover or "none"),
        br=args.br,
        edge=edge,
        tp=args.tp,
    )
    return odds, [tr("rules.odds.title")], args.tp


def _from_profiles(args: argparse.Namespace) -> tuple[AttackOdds, list[str], int | None]:
    if args.adv or args.dis or args.br:
        raise CliError(
            "--adv, --dis and --br go with numbers; with profiles use --aimed, --long-range"
        )
    rules = load_rules()
    sample = not any(getattr(args, f) for f in PROFILE_FLAGS) and args.cover is None
    attacker = Combatant.from_profile(args.attacker or SAMPLE[0], rules)
    target = Combatant.from_profile(args.target or SAMPLE[1], rules)
    if args.tp is not None:
        target = target.changed(tp=args.tp, max_tp=max(args.tp, target.max_tp))
    profile = rules.profile(args.attacker or SAMPLE[0])
    weapon = rules.weapon(args.weapon or profile.weapons[0])
    cover = Cover.parse(args.cover) if args.cover else (SAMPLE[2] if sample else Cover.NONE)
    ctx = AttackContext(cover=cover, aimed=args.aimed, long_range=args.long_range, burst=args.burst)
    odds = attack_odds(attacker, target, weapon, ctx, rules)
    line = tr(
        "rules.odds.attack_line",
        attacker=attacker.name,
        verb=tr(f"rules.verb.{weapon.type}"),
        target=target.name,
        weapon=weapon.name,
        pool=weapon.pool,
        br=weapon.br + attacker.br_bonus,
        cover=tr(f"rules.odds.cover_{cover.label}"),
    )
    header = [tr("rules.odds.sample")] if sample else []
    return odds, [*header, tr("rules.odds.title"), line], target.tp


def _pct(p: float) -> str:
    return f"{100 * p:6.1f} %"


def render(odds: AttackOdds, tp: int | None = None) -> list[str]:
    """The odds as a readable table (current language)."""
    lang = current_language()
    hit, dmg = odds.hit, odds.damage
    bonus = f" + {hit.bonus}" if hit.bonus >= 0 else f" − {-hit.bonus}"
    edge = "" if hit.edge == 0 else tr(f"rules.odds.edge_{'adv' if hit.edge > 0 else 'dis'}")
    width = 40
    lines = [
        "",
        tr("rules.odds.to_hit", bonus=bonus, vw=hit.target_number, edge=edge),
        f"  {tr('rules.odds.p_hit'):<{width}}{_pct(odds.p_hit)}",
        f"  {tr('rules.odds.p_crit', n=dmg.crit_dice):<{width}}{_pct(odds.p_crit)}",
        f"  {tr('rules.odds.p_fumble'):<{width}}{_pct(odds.p_fumble)}",
        "",
        tr(
            "rules.odds.needed",
            pool=dmg.pool,
            need=odds.needed,
            parts=needed_text(dmg.needed, lang),
        ),
        f"  {tr('rules.odds.p_die'):<{width}}{_pct(odds.p_wound_die)}",
        f"  {tr('rules.odds.expected'):<{width}}{odds.expected_wounds:8.2f}",
        "",
        "  "
        + "  ".join(f"{tr(f'rules.odds.col_{c}'):>10}" for c in ("wounds", "exactly", "at_least")),
    ]
    for k, p in enumerate(odds.wounds):
        bar = "█" * round(30 * p)
        lines.append(f"  {k:>10}  {_pct(p):>10}  {_pct(odds.at_least(k)):>10}  {bar}")
    if odds.p_takedown is not None:
        shown = tp if tp is not None else "?"
        label = tr("rules.odds.takedown", tp=shown)
        lines += ["", f"  {label:<{width}}{_pct(odds.p_takedown)}"]
    return lines
