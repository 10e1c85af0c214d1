"""Acceptance 3 of issue 14: one full game per rules preset, played in the
simulator's headless mode through simulated switch events only (lifts, puts,
"ok" after a stone leaves a hand or a capture is declined), the board reading
every turn -- removal-only turns, third captures, marks, hand captures,
intervention, Six Men's Morris on its 16 points -- as the rules core played it."""
import random

import pytest

from morris import Position, Rules, PRESETS
from host_sim import headless

MAX_PLIES = 400


def _random_game(preset, seed):
    """Move texts of a random game to its end (or MAX_PLIES) and its outcome."""
    rng = random.Random(seed)
    pos = Position(Rules(preset))
    texts = []
    while pos.outcome() is None and len(texts) < MAX_PLIES:
        m = rng.choice(pos.legal_moves)
        texts.append(pos.move_text(m))
        pos.push(m)
    return texts, pos.outcome()


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_full_game_through_switch_events(preset):
    seed = 1
    texts, outcome = _random_game(preset, seed)
    while outcome is None:       # presets without a draw rule: a game that ends
        seed += 1
        texts, outcome = _random_game(preset, seed)
    sim = headless.play(texts, rules=Rules(preset), first="white", out=lambda *a: None)
    st = sim.board()
    assert st["record"] == texts
    assert st["result"] == outcome.result() and st["reason"] == outcome.reason
    assert sim.switches.read() == st["expected"]
