"""Learning mode's move quality, the judge (teach/judge.py, engine/judge.py): its
viper parts against the engine board's move generator, its two backends (engine
board, rules core) against each other, its slices. Plain asserts: CPython (pytest) and MicroPython
(tests/mprun.py at a Pico-sized heap). The LED frames: test_quality_lights.py."""
import gc

from morris import Position, Rules
from morris.compat import XorShift16
import board.controller  # noqa: F401  (compiled first, on a clean heap)
gc.collect()
from teach.judge import Judge  # noqa: E402
from engine.judge import closable  # noqa: E402
from engine.board import Board, gen  # noqa: E402
from rulestools import board_field  # noqa: E402

TICK = 20
gc.collect()
# one engine for every main loop here, made while the heap is young, its board blocks
# reserved (main.py does the same at boot): the judge searches on them while a human moves
from engine import Engine  # noqa: E402
_ENGINE = Engine(level=1, tt_size=64)
_ENGINE.reserve()


def _engine():
    return _ENGINE


def _judge():
    return Judge(_engine().blocks)


def _positions(rules, games, plies, seed, every=1):
    """Every ``every``-th position along seeded random games, one at a time (the same
    object, played on after the caller's turn: nothing kept, a small heap)."""
    rng = XorShift16(seed)
    for _ in range(games):
        pos = Position(Rules.parse(rules))
        for ply in range(plies):
            if pos.outcome() is not None:
                break
            if ply % every == 0:
                yield pos
            ms = pos.legal_moves
            pos.push(ms[rng.below(len(ms))])


def test_closable_is_the_capture_scan_of_the_move_generator():
    # (the 24-point boards: Six Men's Morris's geometry stays in the heap once built, and
    # tests/test_quality_suite.py judges its positions under CPython)
    for rules in ("standard", "old-russian", "schmidt", "wikipedia+double_mill=two+no_return=on",
                  "standard+mill_reuse=first_time_per_line"):
        b = None
        for pos in _positions(rules, 2, 50, 7):
            if b is None:
                b = Board(pos.rules, _engine().blocks)
            b.load(pos)
            end = gen(b.S, b.G, b.M, 0)
            want = -1 if end == 0 else 1 if [m for m in b.M[:end] if m >> 10 & 31 != 31] else 0
            assert closable(b.S, b.G) == want, (rules, pos.text())


def test_the_engine_board_and_the_rules_core_give_the_same_values():
    for rules in ("standard", "schmidt"):
        j = _judge()
        for pos in _positions(rules, 2, 40, 3, 5):
            moves = pos.legal_moves
            j.start(pos, moves)
            while not j.step(1000):
                pass
            assert j.pos is None            # on the engine board
            fast = list(j.values)
            core = Judge()                  # no blocks: the rules core
            core.start(pos, moves)
            while not core.step(1000):
                pass
            assert core.pos is not None and fast == core.values, pos.text()


def test_judging_in_slices_gives_the_values_of_one_long_search():
    pos = Position.from_text("standard %s w 7/7 0/0 0/0 -/- -" % board_field(
        Rules("standard").geo, ["a1", "d1"], ["b2", "d2"]))
    j = _judge()
    j.start(pos, pos.legal_moves)
    slices = 0
    while not j.step(0):        # at least one opponent reply per call
        slices += 1
    assert slices > len(pos.legal_moves)
    once = _judge()
    once.start(pos, pos.legal_moves)
    once.step(10000)
    assert j.values == once.values and once.done
    by = dict(zip([pos.move_text(m) for m in pos.legal_moves], j.values))
    assert by["g1xb2"] == 1 and by["f2"] == 0 and by["c3"] == -1, by
