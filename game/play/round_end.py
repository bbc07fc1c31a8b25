"""The end of a round (§3.1 step 3): lasting effects tick, then the noise check."""

from __future__ import annotations

from game.events import Event
from game.play import blast, noise, talent_room
from game.play.contract import GameView


def end_round(game: GameView) -> list[Event]:
    """Burning figures burn, the risen of Wandelnde Plage fall, burning zones and smoke
    expire, round-long effects end, the rule system's conditions tick (bleeding), noise
    is checked."""
    st = game.state
    events = blast.burn_at_round_end(game)
    events += talent_room.risen_fall(game)  # Wandelnde Plage's round is over (§13.1)
    st.board.expire(st.round)
    for fig in st.figures.values():
        for name in [k for k, until in fig.effects.items() if 0 < until <= st.round]:
            del fig.effects[name]
    return events + game.system.round_end(game) + noise.round_end_check(game)
