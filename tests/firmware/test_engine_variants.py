"""Issue 23's acceptance 4: the top level plays whole games against itself for three
12-stone presets under MicroPython at a Pico-sized heap (tests/test_micropython.py runs
each test in a fresh interpreter with ``-X heapsize=192k``, from .mpy files with the
engine's machine code) within standard's budget before issue 23: a peak live heap after
collection (the game record's own growth left out: test_engine_selfplay) of at most ``RELATIVES_LIMIT`` (standard's 110,944 bytes then, on the 64-bit
unix port; the relatives' own engine took 117-136 KB). Through every kind of turn those
presets have: a stone taken from a hand and a removal at a full board (``dooz``), marks,
one capture per mill formed and the same side moving twice (``da-san-qi``), removals
counted by the mills standing at a full board (``el-filja``). Each engine move must be
legal; the peak heap is printed as in test_engine_selfplay."""
import sys

from test_engine_selfplay import _play

MAX_PLIES = 300 if sys.implementation.name == "micropython" else 24   # CPython: as test_engine_selfplay
RELATIVES_LIMIT = 111000


def _game(preset):
    import sys
    limit = RELATIVES_LIMIT if sys.implementation.name == "micropython" else None
    pos, plies, peak, live, _ = _play(preset, MAX_PLIES, live_limit=limit)
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
