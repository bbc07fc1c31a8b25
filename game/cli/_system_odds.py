"""`main.py odds --rules ews|3w6`: exact odds under the other rule systems.

    main.py odds --rules ews --value 12 --mw 9 --json        {"p_success": 0.833…, …}
    main.py odds --rules ews --value 12 --vs 15 --json       {"p_win": …}  (ties: initiator)
    main.py odds --rules 3w6 --skill 13 --json               {"p_success": …}
    main.py odds --rules 3w6 --skill 13 --defence 9 --json   {"p_hit": …}
    main.py odds --rules 3w6 --skill 13 --zone skull --json  (the aim penalty: 3W6 ≤ 6)
    main.py odds --rules ews --attacker Mira --target Raider --cover heavy

From profiles it plans the attack as the table would (no distance: the middle range
band, or the far one with --long-range) and prints the system's exact odds.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from game.cli import CliError
from game.cli._system_args import EWS_NUMBERS, THREE_NUMBERS, check_numbers, numbers_given
from game.cover import Cover
from game.i18n import tr
from game.rules.combatant import AttackContext
from game.rules.loader import RulesData, load_rules
from game.rules.models import Weapon
from game.rules.profile import Profile
from game.systems import SystemName
from game.systems.common import Odds, Situation
from game.systems.ews import dice as ews_dice
from game.systems.ews import odds as ews_odds
from game.systems.ews import rules as ews
from game.systems.ews.tables import load_ews
from game.systems.threew6 import dice as three_dice
from game.systems.threew6 import odds as three_odds
from game.systems.threew6 import rules as three
from game.systems.threew6.tables import load_three


def run(args: argparse.Namespace, system: SystemName) -> int:
    check_numbers(args)
    given = numbers_given(args)
    wrong = [n for n in given if n not in (EWS_NUMBERS if system == "ews" else THREE_NUMBERS)]
    if wrong:
        flags = ", ".join(f"--{n}" for n in wrong)
        raise CliError(f"{flags} do not go with --rules {system}")
    if args.zone is not None and system != "3w6":
        raise CliError(f"--zone goes with --rules 3w6 (no hit zones under {system})")
    if given:
        data, lines = ews_numbers(args) if system == "ews" else three_numbers(args)
    else:
        odds, lines = from_profiles(args, system)
        data = odds.to_dict()
    print(json.dumps(data) if args.json else "\n".join(lines))
    return 0


def _pct(p: float) -> str:
    return f"{100 * p:5.1f} %"


def ews_numbers(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    if args.value is None:
        raise CliError("--rules ews needs --value V with --mw MW or --vs W")
    if (args.mw is None) == (args.vs is None):
        raise CliError("--rules ews needs exactly one of --mw MW (a test) or --vs W (a contest)")
    if args.mw is not None:
        p = ews_dice.p_success(args.value, args.mw)
        auto = ews_dice.automatic(args.value, args.mw)
        margins = ews_dice.margin_distribution(args.value, args.mw)
        data = {
            "system": "ews",
            "p_success": float(p),
            "automatic": auto,
            "margins": {str(m): float(q) for m, q in sorted(margins.items())},
        }
        lines = [
            tr("systems.odds.ews_test", value=args.value, mw=args.mw),
            f"  {tr('systems.odds.p_success'):<32}{_pct(float(p))}",
        ]
        if auto:
            lines.append("  " + tr("systems.odds.automatic"))
        return data, lines
    win = ews_dice.p_win(args.value, args.vs)
    ties = ews_dice.difference_distribution(args.value, args.vs).get(0, 0)
    data = {"system": "ews", "p_win": float(win), "p_tie": float(ties)}
    lines = [
        tr("systems.odds.ews_contest", value=args.value, other=args.vs),
        f"  {tr('systems.odds.p_win'):<32}{_pct(float(win))}",
    ]
    return data, lines


def three_numbers(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    if args.skill is None:
        raise CliError("--rules 3w6 needs --skill S (and --defence D for an attack)")
    all_knobs = load_three().knobs
    knobs = all_knobs.test
    aim = _aim(args.zone)
    skill = args.skill + aim
    attack = three_dice.p_success(skill)
    fumble = three_dice.p_result(
        skill, three_dice.Result.CRITICAL_FAILURE, knobs.crit_fail, knobs.crit_fail_margin
    )
    zone_lines = (
        [tr("systems.odds.three_zone", zone=tr(f"systems.zone.{args.zone}"), aim=aim, skill=skill)]
        if args.zone is not None
        else []
    )
    lines = [
        tr("systems.odds.three_test", skill=args.skill),
        *zone_lines,
        f"  {tr('systems.odds.p_success'):<32}{_pct(float(attack))}",
        f"  {tr('systems.odds.p_critical_failure'):<32}{_pct(float(fumble))}",
    ]
    data: dict[str, Any] = {
        "system": "3w6",
        "p_success": float(attack),
        "p_critical_failure": float(fumble),
    }
    if args.zone is not None:
        data.update(zone=args.zone, aim=aim, effective_skill=skill)
    if args.defence is not None:
        defended = three_dice.p_success(args.defence)
        hit = attack * (1 - defended)
        data.update(p_hit=float(hit), p_defence=float(defended))
        lines += [
            tr("systems.odds.three_defence", defence=args.defence),
            f"  {tr('systems.odds.p_defence'):<32}{_pct(float(defended))}",
            f"  {tr('systems.odds.p_hit'):<32}{_pct(float(hit))}",
        ]
    return data, lines


def _aim(zone: str | None) -> int:
    """The aim penalty of a declared 3W6 hit zone (0: none declared)."""
    if zone is None:
        return 0
    knobs = load_three().knobs
    try:
        return knobs.zone_named(zone).aim
    except KeyError:
        names = ", ".join(z.name for z in knobs.zone)
        raise CliError(f"no hit zone {zone!r} (the zones: {names})") from None


def from_profiles(args: argparse.Namespace, system: SystemName) -> tuple[Odds, list[str]]:
    if args.adv or args.dis or args.br:
        raise CliError("--adv, --dis and --br are DEAD.EARTH's; with profiles use --aimed")
    rules = load_rules()
    try:
        attacker = rules.profile(args.attacker or "Mira")
        target = rules.profile(args.target or "Raider")
        weapon = rules.weapon(args.weapon or attacker.weapons[0])
    except LookupError as exc:
        raise CliError(str(exc)) from None
    ctx = AttackContext(
        cover=Cover.parse(args.cover or "none"),
        aimed=args.aimed,
        long_range=args.long_range,
        burst=args.burst,
    )
    _aim(args.zone)  # an unknown zone: a clear error
    odds = system_odds(
        system, rules, attacker, target, weapon, ctx, dodge=args.dodge, zone=args.zone
    )
    head = tr(
        "systems.odds.attack_line",
        system=tr(f"systems.name.{system}"),
        attacker=attacker.name,
        target=target.name,
        weapon=weapon.name,
        cover=tr(f"rules.odds.cover_{ctx.cover.label}"),
    )
    if args.zone is not None:
        zone = tr(f"systems.zone.{args.zone}")
        head += "\n" + tr(
            "systems.odds.three_zone", zone=zone, aim=_aim(args.zone), skill=odds.needed
        )
    return odds, [head, *render(odds)]


def system_odds(
    system: SystemName,
    rules: RulesData,
    attacker: Profile,
    target: Profile,
    weapon: Weapon,
    ctx: AttackContext,
    *,
    dodge: bool = False,
    zone: str | None = None,
) -> Odds:
    """The odds of one attack between two profiles under EWS or 3W6 (`zone`: a 3W6
    attack's declared hit zone)."""
    sit = Situation()
    if system == "ews":
        data = load_ews()
        a = ews.Fighter.of(attacker.name, data.profile(attacker))
        t = ews.Fighter.of(target.name, data.profile(target))
        if weapon.is_melee:
            answer = _melee_answer(rules, target) or rules.unarmed() or weapon
            plan = ews.plan_melee(a, t, weapon, answer, sit, data)
            return ews_odds.melee_odds(plan, data.knobs)
        shot = ews.plan_shot(a, t, weapon, ctx, sit, data, dodge=dodge)
        return ews_odds.shot_odds(shot, data.knobs)
    three_data = load_three()
    a3 = three.Fighter.of(attacker.name, three_data.profile(attacker))
    t3 = three.Fighter.of(
        target.name, three_data.profile(target), has_shield=target.shield is not None
    )
    ready = _melee_answer(rules, target)
    attack = three.plan_attack(a3, t3, weapon, ready, ctx, sit, three_data, zone=zone)
    return three_odds.attack_odds(attack, three_data.knobs)


def _melee_answer(rules: RulesData, profile: Profile) -> Weapon | None:
    """The weapon a figure answers a melee attack with: its first melee weapon (fists
    when it carries none), None when it has none at all."""
    return next((w for w in rules.arms(profile.weapons, profile.faction) if w.is_melee), None)


def render(odds: Odds) -> list[str]:
    lines = [
        "",
        f"  {tr('systems.odds.needed', system=odds.system):<32}{odds.needed:>7}",
        f"  {tr('systems.odds.p_hit'):<32}{_pct(odds.p_hit)}",
        f"  {tr('systems.odds.expected'):<32}{odds.expected_wounds:7.2f}",
    ]
    if odds.p_takedown is not None:
        lines.append(f"  {tr('systems.odds.p_takedown'):<32}{_pct(odds.p_takedown)}")
    lines += ["", "  " + tr("systems.odds.table")]
    for k, p in enumerate(odds.wounds):
        if p > 0:
            lines.append(
                f"  {k:>6}  {_pct(p):>9}  {_pct(odds.at_least(k)):>9}  {'█' * round(30 * p)}"
            )
    return lines
