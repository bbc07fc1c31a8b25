"""The AI uses seed 002's items (ai/items.py, docs/RULES.md §18): it treats itself
with a medi-pack, blasts the barred gate in its way with a demolition charge, and
drinks its Schnaps when badly hurt with nothing to shoot."""

from __future__ import annotations

from ai.tactical import TacticalAI
from game import actions as act
from game.engine import Game
from tests.engine.test_support_scenes import Placed, activate, game_of, scene

NO_WAVE = '"raid.first_wave_round" = 9'  # the raid's wave stays away


def _game(figures: list[Placed], kit: dict[str, str], who: str) -> Game:
    text = scene(figures, modules=("gate",), raid=True, knobs=NO_WAVE)
    for fid, items in kit.items():
        at = text.index(f'id = "{fid}"')
        end = text.index("\n", text.index("profile = ", at)) + 1
        text = text[:end] + f"equipment = {items}\n" + text[end:]
    game = game_of(text, [])
    activate(game, who)
    return game


def test_a_hurt_figure_out_of_sight_treats_itself() -> None:
    """Bruno, 2 of 7 TP behind the wall, no enemy in sight: the medi-pack (KÖR 3 +
    W20 ≥ 12, 2 TP) is his best action."""
    figures: list[Placed] = [("a", "bruno", "Bruno", 10, 20), ("b", "r1", "Raider", 25, 57.5)]
    game = _game(figures, {"bruno": '["Medi-Pack"]'}, "bruno")
    game.state.figures["bruno"].tp = 2
    ai = TacticalAI()
    assert ai.choose(game) == act.FirstAid("bruno", "bruno")
    assert ai.intent(game) == "Defenders: treating Bruno with an item [Ausrüstung]"


def test_a_raider_at_the_barred_gate_blasts_it_open() -> None:
    figures: list[Placed] = [("a", "selma", "Selma", 10, 20), ("b", "r1", "Raider", 25, 57.5)]
    game = _game(figures, {"r1": '["Sprengladung"]'}, "r1")
    r1 = game.state.figures["r1"]
    r1.x, r1.y = 30.0, 32.5  # at the gate, outside
    ai = TacticalAI()
    assert ai.choose(game) == act.Interact("r1", "gate")
    assert "blasting the gate open [Sprengladung]" in (ai.intent(game) or "")


def test_a_badly_hurt_figure_with_nothing_to_shoot_drinks() -> None:
    """Core Bruno at 2 of 7 TP (≤ a third), no shot: the Schnaps's +2 on KÖR (his
    injury roll) is worth its action; at 5 of 7 he keeps it."""
    figures: list[Placed] = [("a", "bruno", "Bruno", 10, 20), ("b", "r1", "Raider", 25, 57.5)]
    game = _game(figures, {"bruno": '["Schnaps"]'}, "bruno")
    bruno = game.state.figures["bruno"]
    bruno.tp = 5
    assert not isinstance(TacticalAI().choose(game), act.Drink)
    bruno.tp = 2
    assert TacticalAI().choose(game) == act.Drink("bruno")
