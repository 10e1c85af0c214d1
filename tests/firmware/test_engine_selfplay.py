"""The top level plays a whole game against itself inside the heap cap.

Under the real MicroPython interpreter (tests/test_micropython.py runs this
with ``-X heapsize=192k``) this shows the engine, the rules core and a game
fit the Pico-sized heap without MemoryError. The game uses the top level's
true node budget (the same budget as on the board; only the clock is the
host's). Printed: the peak of gc.mem_alloc() after each move before a
collection (garbage included, so it reaches the cap: the collector runs
when the heap is full) and the peak live heap after a collection (code of
the test runner, rules core and engine, the engine's tables, the game).
"""
import gc
from morris import Position, Rules
from engine import Engine, TOP_LEVEL

MAX_PLIES = 400


def _alloc():
    """Heap bytes in use (MicroPython); 0 on CPython, which has no such figure."""
    f = getattr(gc, "mem_alloc", None)
    return f() if f is not None else 0


def _play(rules_text, max_plies):
    gc.collect()
    eng = Engine(TOP_LEVEL, seed=5)
    pos = Position(Rules.parse(rules_text))
    peak = 0
    peak_live = 0
    plies = 0
    while pos.outcome() is None and plies < max_plies:
        m = eng.think(pos)
        assert m in pos.legal_moves, (pos.text(), m)
        pos.push(m)
        plies += 1
        used = _alloc()
        if used > peak:
            peak = used
        gc.collect()
        live = _alloc()
        if live > peak_live:
            peak_live = live
    gc.collect()
    return pos, plies, peak, peak_live


def test_top_level_full_game_against_itself():
    pos, plies, peak, live = _play("standard", MAX_PLIES)
    assert pos.outcome() is not None or plies == MAX_PLIES
    print("selfplay standard: %d plies, %s, peak heap %d bytes (live after gc %d)"
          % (plies, pos.outcome(), peak, live))


def test_top_level_full_game_variation_rules():
    pos, plies, peak, live = _play("wikipedia+double_mill=two+no_return=on", MAX_PLIES)
    assert pos.outcome() is not None or plies == MAX_PLIES
    print("selfplay wikipedia+double_mill=two+no_return=on: %d plies, %s, peak heap %d bytes (live after gc %d)"
          % (plies, pos.outcome(), peak, live))
