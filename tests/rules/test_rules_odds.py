"""Exact odds: against an independent brute-force enumeration, against 200,000 seeded
rolls of the rolling code, and hypothesis properties (§3.4, §3.5)."""

from __future__ import annotations

import io
import itertools
import json
import math
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cli import run_cli
from game.cover import Cover
from game.dice import Dice, ScriptedDice
from game.odds import attack_odds, plain_odds
from game.rules.attack import (
    AttackPlan,
    plan_attack,
    resolve_attack,
    roll_wounds_batch,
    wounds_from_faces,
)
from game.rules.checks import success_probability
from game.rules.combatant import AttackContext, Combatant
from game.rules.loader import RulesData
from game.rules.wounds import needed_number

Fig = Callable[..., Combatant]
COVER_MOD = {"none": 0, "light": 1, "heavy": 2}


# --- an independent brute-force enumeration ----------------------------------------------


@cache
def _pool_counts(n: int, need: int) -> dict[int, int]:
    """How many of the 6**n ordered pools give k wounds (every face listed)."""
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        k = sum(1 for f in faces if f == 6 or f >= need)
        counts[k] = counts.get(k, 0) + 1
    return counts


def brute_force(
    bonus: int, vw: int, pool: int, ws: int, cover: str, br: int, edge: int, tp: int | None
) -> dict[str, object]:
    """RULES.md §5.1/§5.2 restated from scratch: every pair of W20s, every pool face."""
    need = max(2, ws + COVER_MOD[cover] - br)
    dist: dict[int, Fraction] = {}
    p_hit = p_crit = Fraction(0)
    for a, b in itertools.product(range(1, 21), repeat=2):
        kept = a if edge == 0 else max(a, b) if edge > 0 else min(a, b)
        w = Fraction(1, 400)
        hit = kept == 20 or (kept != 1 and kept + bonus >= vw)
        if not hit:
            dist[0] = dist.get(0, Fraction(0)) + w
            continue
        p_hit += w
        n = pool + 1 if kept == 20 else pool
        p_crit += w if kept == 20 else 0
        for k, c in _pool_counts(n, need).items():
            dist[k] = dist.get(k, Fraction(0)) + w * Fraction(c, 6**n)
    wounds = [float(dist.get(k, 0)) for k in range(pool + 2)]
    return {
        "p_hit": float(p_hit),
        "p_crit": float(p_crit),
        "needed": need,
        "wounds": wounds,
        "expected_wounds": float(sum(k * p for k, p in dist.items())),
        "p_takedown": None if tp is None else float(sum(p for k, p in dist.items() if k >= tp)),
    }


def cli_json(args: list[str]) -> dict[str, object]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert run_cli(["odds", *args, "--json"]) == 0
    data: dict[str, object] = json.loads(out.getvalue())
    return data


def _args(
    bonus: int, vw: int, pool: int, ws: int, cover: str, br: int, edge: int, tp: int | None
) -> list[str]:
    args = ["--bonus", str(bonus), "--vw", str(vw), "--pool", str(pool), "--ws", str(ws)]
    args += ["--cover", cover, "--br", str(br)]
    args += ["--adv"] if edge > 0 else ["--dis"] if edge < 0 else []
    return args + (["--tp", str(tp)] if tp is not None else [])


def assert_agrees(got: dict[str, object], want: dict[str, object]) -> None:
    assert set(got) == {"p_hit", "p_crit", "needed", "wounds", "expected_wounds", "p_takedown"}
    assert got["needed"] == want["needed"]
    for key in ("p_hit", "p_crit", "expected_wounds"):
        assert math.isclose(got[key], want[key], abs_tol=1e-9), key  # type: ignore[arg-type]
    got_w, want_w = list(got["wounds"]), list(want["wounds"])  # type: ignore[call-overload]
    width = max(len(got_w), len(want_w))
    got_w += [0.0] * (width - len(got_w))
    want_w += [0.0] * (width - len(want_w))
    assert got_w == pytest.approx(want_w, abs=1e-9, rel=0)
    assert math.isclose(sum(got_w), 1.0, abs_tol=1e-9)
    if want["p_takedown"] is None:
        assert got["p_takedown"] is None
    else:
        assert math.isclose(got["p_takedown"], want["p_takedown"], abs_tol=1e-9)  # type: ignore[arg-type]


@given(
    bonus=st.integers(-30, 30),
    vw=st.integers(0, 50),
    pool=st.integers(0, 4),
    ws=st.integers(1, 12),
    cover=st.sampled_from(["none", "light", "heavy"]),
    br=st.integers(0, 12),
    edge=st.sampled_from([-1, 0, 1]),
    tp=st.none() | st.integers(1, 100),
)
def test_odds_command_matches_brute_force(
    bonus: int, vw: int, pool: int, ws: int, cover: str, br: int, edge: int, tp: int | None
) -> None:
    args = (bonus, vw, pool, ws, cover, br, edge, tp)
    assert_agrees(cli_json(_args(*args)), brute_force(*args))


@pytest.mark.parametrize(
    "args",
    [
        (3, 11, 3, 3, "heavy", 1, 0, 4),  # Mira's rifle on a Raider in heavy cover
        (0, 12, 5, 4, "heavy", 0, 1, 3),  # needed 6+
        (5, 9, 4, 5, "heavy", 0, -1, 2),  # needed 7+: only natural 6s
        (-30, 50, 2, 2, "none", 12, 0, 1),  # only a natural 20 hits
        (30, 0, 0, 3, "light", 0, 1, 1),  # empty pool: only the crit die wounds
    ],
)
def test_fixed_setups_match_brute_force(
    args: tuple[int, int, int, int, str, int, int, int],
) -> None:
    assert_agrees(cli_json(_args(*args)), brute_force(*args))


def test_known_numbers() -> None:
    odds = plain_odds(3, 11, 3, 3, cover=Cover.HEAVY, br=1, tp=4)
    assert odds.p_hit == pytest.approx(0.65) and odds.p_crit == pytest.approx(0.05)
    assert odds.needed == 4 and odds.p_wound_die == 0.5
    assert odds.wounds[0] == pytest.approx(0.35 + 0.6 / 8 + 0.05 / 16)
    assert odds.p_takedown == pytest.approx(0.05 / 16)


# --- odds vs rolling ----------------------------------------------------------------------


def _setups(rules: RulesData, fig: Fig) -> list[AttackPlan]:
    tough = {"tp": 99, "max_tp": 99}
    return [
        plan_attack(fig("Mira"), fig("Raider", **tough), rules.weapon("Hunting rifle"),
                    AttackContext(cover=Cover.HEAVY), rules),
        plan_attack(fig("Bruno"), fig("Jonas", **tough), rules.weapon("Assault rifle"),
                    AttackContext(burst=True, aimed=True), rules),
        plan_attack(fig("Militia"), fig("Brute", **tough), rules.weapon("Pistol"),
                    AttackContext(long_range=True, cover=Cover.LIGHT), rules),
        plan_attack(fig("Katz", tp=3), fig("Raider boss", **tough), rules.weapon("Fire axe"),
                    AttackContext(frenzy=True), rules),
        plan_attack(fig("Mira"), fig("Jonas", **tough), rules.weapon("Knife"),
                    AttackContext(cover=Cover.HEAVY), rules),
    ]  # fmt: skip


def test_rolling_lands_within_four_standard_errors(rules: RulesData, fig: Fig) -> None:
    n = 200_000
    for i, plan in enumerate(_setups(rules, fig)):
        odds = attack_odds(plan.attacker, plan.target, plan.weapon, plan.context, rules)
        rolled = roll_wounds_batch(plan, np.random.default_rng(1000 + i), n)
        freq = np.bincount(rolled, minlength=len(odds.wounds)) / n
        assert len(freq) == len(odds.wounds)
        for k, p in enumerate(odds.wounds):
            se = math.sqrt(max(p * (1 - p), 1e-12) / n)
            assert abs(freq[k] - p) <= 4 * se + 1e-12, (i, k, freq[k], p)
        var = sum((k - odds.expected_wounds) ** 2 * p for k, p in enumerate(odds.wounds))
        assert abs(rolled.mean() - odds.expected_wounds) <= 4 * math.sqrt(var / n)


def test_batch_roller_is_the_rolling_code(rules: RulesData, fig: Fig) -> None:
    """Row by row, the vectorised roller and `resolve_attack` agree on the same faces."""
    rng = np.random.default_rng(7)
    for plan in _setups(rules, fig):
        top = plan.damage.pool + plan.damage.crit_dice
        d20 = rng.integers(1, 21, size=(400, 2))
        pool = rng.integers(1, 7, size=(400, max(1, top)))
        batch = wounds_from_faces(plan, d20, pool)
        for row in range(400):
            first = [int(d20[row, 0])] if plan.hit.edge == 0 else [int(x) for x in d20[row]]
            dice = ScriptedDice(first + [int(x) for x in pool[row]])
            result = resolve_attack(
                plan.attacker, plan.target, plan.weapon, plan.context, rules, dice
            )
            assert result.wounds == batch[row]


def test_real_dice_rolls_agree_with_the_odds(rules: RulesData, fig: Fig) -> None:
    plan = _setups(rules, fig)[0]
    odds = attack_odds(plan.attacker, plan.target, plan.weapon, plan.context, rules)
    dice, n = Dice.seeded(2024), 5000
    rolled = [
        resolve_attack(plan.attacker, plan.target, plan.weapon, plan.context, rules, dice).wounds
        for _ in range(n)
    ]
    mean = sum(rolled) / n
    var = sum((k - odds.expected_wounds) ** 2 * p for k, p in enumerate(odds.wounds))
    assert abs(mean - odds.expected_wounds) <= 4 * math.sqrt(var / n)


def test_take_down_uses_the_wound_rules(rules: RulesData, fig: Fig) -> None:
    axe = rules.weapon("Fire axe")
    plain = attack_odds(fig("Katz"), fig("Raider"), axe, AttackContext(), rules)
    assert plain.p_takedown == pytest.approx(plain.at_least(4))
    # Bruno's Unbeugsam: no single hit takes him out while it is unused
    assert attack_odds(fig("Katz"), fig("Bruno"), axe, AttackContext(), rules).p_takedown == 0
    # Katz at 2 TP ignores her first wound: it takes 3 to drop her
    katz = fig("Katz", tp=2)
    odds = attack_odds(fig("Bruno"), katz, axe, AttackContext(), rules)
    assert odds.p_takedown == pytest.approx(odds.at_least(3))


# --- properties ---------------------------------------------------------------------------


@given(st.integers(-5, 15), st.integers(0, 3), st.integers(-3, 5), st.integers(0, 12))
def test_needed_number_is_never_below_two(ws: int, cover: int, effects: int, br: int) -> None:
    assert needed_number(ws, cover, effects, br) >= 2


@given(
    seed=st.integers(0, 2**32 - 1),
    attacker=st.sampled_from(["Mira", "Bruno", "Katz", "Raider boss", "Shambler", "Oda"]),
    weapon=st.sampled_from(["Knife", "Fire axe", "Pistol", "Shotgun", "Assault rifle", "Claws"]),
    cover=st.sampled_from(list(Cover)),
    aimed=st.booleans(),
)
def test_wounds_never_exceed_the_dice_rolled(
    rules: RulesData, seed: int, attacker: str, weapon: str, cover: Cover, aimed: bool
) -> None:
    a = Combatant.from_profile(attacker, rules)
    t = Combatant.from_profile("Jonas", rules)
    result = resolve_attack(
        a, t, rules.weapon(weapon), AttackContext(cover=cover, aimed=aimed), rules,
        Dice.seeded(seed),
    )  # fmt: skip
    assert 0 <= result.wounds <= len(result.faces)
    assert result.taken <= result.wounds


@given(st.integers(-40, 40), st.integers(-10, 60))
def test_advantage_never_lowers_the_hit_chance(bonus: int, vw: int) -> None:
    dis, plain, adv = (success_probability(bonus, vw, e) for e in (-1, 0, 1))
    assert dis <= plain + 1e-12 and plain <= adv + 1e-12


# --- the command --------------------------------------------------------------------------


def _run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = run_cli(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_odds_without_numbers_shows_the_sample_attack() -> None:
    code, out, _ = _run(["odds"])
    assert code == 0
    assert "Mira shoots Raider with the Hunting rifle" in out and "heavy cover" in out
    assert "each die wounds on 4+ (light armour 3+, heavy cover +2, BR 1)" in out
    assert "take-down at TP 4" in out


def test_profile_mode() -> None:
    data = cli_json(["--attacker", "Katz", "--target", "Schlurfer", "--cover", "none"])
    assert data["needed"] == 2
    assert cli_json(["--attacker", "Katz", "--target", "Schlurfer"]) == data  # open by default
    code, out, _ = _run(["odds", "--attacker", "Bruno", "--weapon", "Assault rifle", "--burst"])
    assert code == 0 and "Pool (§3.5): 3W6" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--bonus", "3", "--vw", "11", "--pool", "3"], "missing --ws"),
        (["odds", "--bonus", "3", "--vw", "11", "--pool", "99", "--ws", "3"], "--pool must be"),
        (["odds", "--bonus", "x"], "invalid int value"),
        (["odds", "--cover", "medium"], "invalid choice"),
        (["odds", "--bonus", "1", "--vw", "1", "--pool", "1", "--ws", "3", "--adv", "--dis"],
         "not allowed with"),
        (["odds", "--attacker", "Mirra"], "did you mean 'Mira'"),
        (["odds", "--weapon", "Pistol", "--burst"], "cannot fire a burst"),
        (["odds", "--bonus", "1", "--vw", "1", "--pool", "1", "--ws", "3", "--aimed"],
         "cannot be combined"),
    ],
)  # fmt: skip
def test_bad_arguments_exit_2(args: list[str], message: str) -> None:
    code, _, err = _run(args)
    assert code == 2 and message in err


def test_main_py_end_to_end() -> None:
    root = Path(__file__).resolve().parents[2]
    args = _args(2, 12, 4, 4, "light", 1, -1, 3)
    out = subprocess.run(
        [sys.executable, "main.py", "odds", *args, "--json"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert_agrees(json.loads(out.stdout), brute_force(2, 12, 4, 4, "light", 1, -1, 3))
