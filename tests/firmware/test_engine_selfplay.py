"""The top level plays whole games against itself inside the heap cap.

Under the real MicroPython interpreter (tests/test_micropython.py runs this
with ``-X heapsize=192k``, from .mpy files with the engine's emitted code and
the opening book file beside them) this shows the engine, its tables and
book, the rules core and a game fit the Pico-sized heap without MemoryError,
with the peak live heap under 120 KB (``_play``'s ``live_limit``). The game uses the top level's
true node budget (the same budget as on the board; only the clock is the
host's). Printed: the peak of gc.mem_alloc() after each move before a
collection (garbage included, so it reaches the cap: the collector runs
when the heap is full) and the peak live heap after a collection (code of
the test runner, rules core and engine, the engine's tables, the game), the
game record's own growth since the start left out (``_record_growth``: the
Position's history grows about 100 bytes a ply on the unix port whoever
plays, so a longer game is not a bigger engine; the engine of issue 25 plays
games two to three times as long as the one these limits were set with).
"""
import gc
import sys
from morris import Position, Rules
from engine import Engine, TOP_LEVEL

# CPython (the emitters' stand-ins: about a second a top-level move) checks the moves' legality
# through the placement and into the movement only; MicroPython plays the games out.
MAX_PLIES = 400 if sys.implementation.name == "micropython" else 24


def _alloc():
    """Heap bytes in use (MicroPython); 0 on CPython, which has no such figure."""
    f = getattr(gc, "mem_alloc", None)
    return f() if f is not None else 0


LIVE_LIMIT = 120 * 1024


def _record_growth(rules_text, moves):
    """Heap bytes (list, one per ply) that a Position's own record has grown by after
    each of ``moves``, replayed with no engine."""
    gc.collect()
    p = Position(Rules.parse(rules_text))
    gc.collect()
    base = _alloc()
    out = []
    for m in moves:
        p.push(m)
        gc.collect()
        out.append(_alloc() - base)
    return out


def _play(rules_text, max_plies, seed=5, live_limit=LIVE_LIMIT):
    """The top level against itself from the start of ``rules_text``: (final
    position, plies, peak heap before a collection, peak live heap after one less
    the game record's growth (bytes), book moves); AssertionError when an engine
    move is illegal or that live peak reaches ``live_limit``."""
    gc.collect()
    eng = Engine(TOP_LEVEL, seed=seed)
    pos = Position(Rules.parse(rules_text))
    peak = 0
    lives = []
    moves = []
    plies = 0
    book = 0
    while pos.outcome() is None and plies < max_plies:
        m = eng.think(pos)
        book += 1 if eng.from_book else 0
        assert m in pos.legal_moves, (pos.text(), m)
        pos.push(m)
        moves.append(m)
        plies += 1
        used = _alloc()
        if used > peak:
            peak = used
        gc.collect()
        lives.append(_alloc())
    growth = _record_growth(rules_text, moves)
    peak_live = max([lives[i] - growth[i] for i in range(plies)] or [0])
    gc.collect()
    assert live_limit is None or peak_live < live_limit, peak_live
    return pos, plies, peak, peak_live, book


def test_top_level_full_games_against_itself_with_the_book():
    for seed in (5, 6):
        pos, plies, peak, live, book = _play("standard", MAX_PLIES, seed)
        assert pos.outcome() is not None or plies == MAX_PLIES
        assert book >= 1, "the opening book was not used"
        print("selfplay standard (seed %d): %d plies, %s, %d book moves, peak heap %d bytes (live after gc %d)"
              % (seed, plies, pos.outcome(), book, peak, live))


def test_top_level_full_game_variation_rules():
    pos, plies, peak, live, book = _play("wikipedia+double_mill=two+no_return=on", MAX_PLIES)
    assert pos.outcome() is not None or plies == MAX_PLIES
    print("selfplay wikipedia+double_mill=two+no_return=on: %d plies, %s, peak heap %d bytes (live after gc %d)"
          % (plies, pos.outcome(), peak, live))
