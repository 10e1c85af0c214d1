"""Acceptance 4 of issue 14 (second half): the top level plays whole games
against itself for three 12-stone presets inside the heap cap (under
MicroPython, tests/test_micropython.py runs this with ``-X heapsize=192k``),
through every kind of turn those presets have: a stone taken from a hand and
a removal at a full board (``dooz``), marks, one capture per mill formed and
the same side moving twice (``da-san-qi``), removals counted by the mills
standing at a full board (``el-filja``). Each engine move must be legal; the
peak heap is printed as in test_engine_selfplay."""
from test_engine_selfplay import _play

MAX_PLIES = 300


def _game(preset):
    # the bound is the 192 KB heap itself (issue 14): the relatives' Position
    # search keeps more of the game live than the classic engine's 120 KB limit
    pos, plies, peak, live, _ = _play(preset, MAX_PLIES, live_limit=None)
    assert pos.outcome() is not None or plies == MAX_PLIES
    print("selfplay %s: %d plies, %s, peak heap %d bytes (live after gc %d)"
          % (preset, plies, pos.outcome(), peak, live))
    return pos


def test_top_level_full_game_dooz():
    _game("dooz")


def test_top_level_full_game_da_san_qi():
    _game("da-san-qi")


def test_top_level_full_game_el_filja():
    _game("el-filja")
