#!/usr/bin/env python3
"""Find (or check) the running-mill and cramped-placement suite's positions.

    .venv/bin/micropython -X heapsize=16m tools/running_mill_suite.py find [WANT] [SEED] [DEPTH] [KEEP]
    .venv/bin/micropython -X heapsize=16m tools/running_mill_suite.py check [EXTRA] [LEVELS]
    (CPython works too, about ten times slower)

``find`` plays seeded games (the engine at level 2 mixed with random quiet moves
and blockade attempts: crowded boards) and stops at the end of the placement
(one or two placements left) or early in the movement (the first one to six
turns). Each stop is screened with ``root_values``: the exact minimax value of
every root move ``DEPTH`` plies deep (default 8) over the engine board's
perft-verified move generator -- not the engine's search or evaluation: a
position at the horizon scores its material (stones on the board and in hand,
the side to move's minus the opponent's), a game's end +-(100 - ply) (a blocked side
or one below three stones loses) -- and kept when the best moves are at most
half of the moves, are better than every other move by at least two stones
(two captures more: a running mill, a mill opened and closed turn after turn,
or a double mill; or a blockade; every won game counts as one value, every
lost game as one: exactsearch.judge), and are the same moves two plies
shallower (``check`` then searches the suite two plies deeper: keep only the
entries it confirms). Positions that today's levels 4
and 5 both solve (within their node caps) are kept with probability KEEP (default
0.25), so most entries are ones the engine gets wrong. It prints entries for tests/firmware/test_engine_running.py: (kind, text,
answers, depth), kind 'build' when the best value gains two stones or more on the
position's material (or wins the game), else 'avoid' (the other moves let the opponent do it).

``check`` searches every entry of the suite again EXTRA (default 2) plies deeper than its
depth (the slow verification; the test checks at the entry's depth) and, with
LEVELS (e.g. ``4,5``), prints which entries each engine level solves within
its node cap.
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")
    sys.path.insert(0, "tools")
    sys.path.insert(0, "tests/firmware")

import random  # noqa: E402
from morris import Position, Rules  # noqa: E402
from morris.compat import XorShift16  # noqa: E402
from engine import Engine  # noqa: E402
from engine.board import Board  # noqa: E402
from exactsearch import classify  # noqa: E402
from blockade_suite import blockade_attempt  # noqa: E402

def candidate(rng, eng):
    """A position at the end of the placement or early in the movement from a seeded game."""
    pos = Position(Rules("standard"))
    eng.rng = XorShift16(rng.getrandbits(16))
    stop_left = rng.getrandbits(8) % 3          # placements left: 0 (then movement turns), 1, 2
    extra = 1 + rng.getrandbits(8) % 6 if stop_left == 0 else 0
    while pos.hand[0] + pos.hand[1] > stop_left or extra:
        if pos.outcome() is not None:
            return None
        if not (pos.hand[0] or pos.hand[1]):
            extra -= 1
        moves = pos.legal_moves
        quiet = [m for m in moves if m >> 10 & 31 == 31]
        r = rng.getrandbits(2)
        if r == 0 or not quiet or not (pos.hand[0] or pos.hand[1]):
            m = eng.think(pos) if r else moves[rng.getrandbits(8) % len(moves)]
        elif r == 1:
            m = quiet[rng.getrandbits(8) % len(quiet)]
        else:
            m = blockade_attempt(pos, quiet, rng)
        pos.push(m)
    return pos if pos.outcome() is None else None


def solved_by(pos, answers, levels):
    """The levels (of ``levels``) whose move, within the level's node cap, is an answer."""
    out = []
    for lv in levels:
        eng = Engine(lv, seed=3, ms=600000)  # the node cap decides, as in the test
        if pos.move_text(eng.think(pos)) in answers:
            out.append(lv)
    return out


def find(want, seed, depth, keep_solved):
    random.seed(seed)
    board = Board(Rules("standard"))
    eng = Engine(2, tt_size=256)
    found = []
    tries = 0
    while len(found) < want and tries < 100000:
        tries += 1
        pos = candidate(random, eng)
        if pos is None or len(pos.legal_moves) < 2:
            continue
        text = pos.text()
        if text in found:
            continue
        shallow = classify(board, pos, depth - 2)
        if shallow is None:
            continue
        solved = solved_by(pos, shallow[1], (4, 5))
        if len(solved) == 2 and random.random() >= keep_solved:
            continue  # today's levels solve it: keep only some of those
        got = classify(board, pos, depth)
        if got is None or got[1] != shallow[1]:
            continue
        found.append(text)
        print("    (%r,\n     %r,\n     %r, %d),  # try %d, solved by levels %s"
              % (got[0], text, got[1], depth, tries, solved_by(pos, got[1], (4, 5))))
    print("# %d positions in %d tries" % (len(found), tries))


def check(depth_extra, levels):
    from test_engine_running import RUNNING
    board = Board(Rules("standard"))
    for i, (kind, text, answers, depth) in enumerate(RUNNING):
        pos = Position.from_text(text)
        got = classify(board, pos, depth + depth_extra)
        ok = got == (kind, answers)
        solved = ["L%d" % lv for lv in solved_by(pos, answers, levels)]
        print("%2d %s %s %s" % (i, "ok" if ok else "DIFFERS %r" % (got,), " ".join(solved) or "-", text))


def main(argv):
    if argv and argv[0] == "check":
        extra = int(argv[1]) if len(argv) > 1 else 2
        levels = [int(x) for x in argv[2].split(",")] if len(argv) > 2 else []
        check(extra, levels)
        return
    args = argv[1:] if argv and argv[0] == "find" else argv
    want = int(args[0]) if args else 30
    seed = int(args[1]) if len(args) > 1 else 1
    depth = int(args[2]) if len(args) > 2 else 8
    keep = float(args[3]) if len(args) > 3 else 0.25
    find(want, seed, depth, keep)


if __name__ == "__main__":
    main(sys.argv[1:])
