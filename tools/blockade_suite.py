#!/usr/bin/env python3
"""Find placement-phase blockade positions for the engine's blockade suite.

    .venv/bin/micropython -X heapsize=8m tools/blockade_suite.py [WANT] [SEED] [LEFT,LEFT...]
    (CPython works too, about ten times slower)

Plays games with the engine (level 2, seeded variety) mixed with random
moves that close no mill and with blockade attempts (the ``random`` module,
seeded), and stops in the placement phase when
LEFT placements are left (2 or 3 by default). Each such position is screened with ``fast_solve``
(exact win / loss / unknown values over the engine board's perft-verified
move generator, not the engine's search or evaluation) within the rest of
the placement plus EXTRA turns of movement: +1 / -1 when a side is blocked
(or drops below three stones) by force. It is kept when the root moves
differ, at most half of them reach the best value, and the same moves are
best one turn deeper. Prints the entries as Python for
tests/firmware/test_engine_blockade.py (kind, text, answers, horizon);
tests/test_engine_tactics_verify.py verifies each one again with a search
over the rules core only (morris.Position), independent of the engine.
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")

from morris import Position, Rules  # noqa: E402
import random  # noqa: E402
from morris.compat import XorShift16  # noqa: E402
from engine import Engine  # noqa: E402
from engine.board import Board, gen, push, pop, terminal, T_NONE, T_WIN, T_DRAW  # noqa: E402

EXTRA = 1  # movement turns searched after placement


def horizon_of(pos):
    """Placements left plus EXTRA movement turns."""
    return pos.hand[0] + pos.hand[1] + EXTRA


def fast_solve(S, G, M, base, horizon, alpha=-1, beta=1):
    """Exact value (-1 / 0 / 1 for the side to move) within ``horizon`` turns on the
    engine board's state (move stack ``M`` from ``base``): +1 = the opponent is
    blocked or below three stones by force, -1 = the side to move is."""
    t = terminal(S, G)
    if t != T_NONE:
        return 0 if t == T_DRAW else (1 if t == T_WIN else -1)
    end = gen(S, G, M, base)
    if end == base:
        return -1  # blocked
    if horizon == 0:
        return 0
    best = -1
    for i in range(base, end):
        push(S, G, M[i])
        v = -fast_solve(S, G, M, end, horizon - 1, -beta, -alpha)
        pop(S, G)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def fast_root_values(board, pos, horizon):
    """{move text: value} for every legal move, on the engine board."""
    board.load(pos)
    out = {}
    for m in pos.legal_moves:
        push(board.S, board.G, m)
        out[pos.move_text(m)] = -fast_solve(board.S, board.G, board.M, 0, horizon - 1)
        pop(board.S, board.G)
    return out


def _liberties(pos, colour):
    """Empty points next to ``colour``'s stones."""
    geo = pos.geo
    empty = geo.full & ~(pos.bb[0] | pos.bb[1])
    libs = 0
    b = pos.bb[colour]
    for p in range(geo.n):
        if b >> p & 1:
            libs |= geo.adj[p] & empty
    return bin(libs).count("1")


def candidate(rng, eng, want_left):
    """A placement-phase position with ``want_left`` placements left, from a
    seeded game: the engine (level 2), a random move that closes no mill
    (crowded boards are where blockades happen) or the quiet move that leaves
    the opponent the fewest liberties (a blockade attempt)."""
    pos = Position(Rules("standard"))
    eng.rng = XorShift16(rng.getrandbits(16))
    while pos.hand[0] + pos.hand[1] > want_left:
        if pos.outcome() is not None:
            return None
        moves = pos.legal_moves
        quiet = [m for m in moves if m >> 10 & 31 == 31]
        r = rng.getrandbits(2)
        if r == 0 or not quiet:
            m = eng.think(pos)
        elif r == 1:
            m = quiet[rng.getrandbits(8) % len(quiet)]
        else:
            m = blockade_attempt(pos, quiet, rng)
        pos.push(m)
    return pos


def blockade_attempt(pos, quiet, rng):
    """The move of ``quiet`` (move ints of ``pos``) that leaves the opponent the fewest
    liberties, ties broken by ``rng`` (the ``random`` module or a Random)."""
    best = None
    for q in quiet:
        pos.push(q)
        v = _liberties(pos, pos.turn) * 8 + rng.getrandbits(3)
        pos.pop()
        if best is None or v < best:
            best = v
            m = q
    return m


def best_set(vals):
    """Sorted moves of the best value."""
    b = max(vals.values())
    return sorted(k for k in vals if vals[k] == b)


def main(argv):
    want = int(argv[0]) if argv else 24
    random.seed(int(argv[1]) if len(argv) > 1 else 3)
    rng = random  # the module's generator (32-bit state on MicroPython: no short cycle)
    board = Board(Rules("standard"))
    eng = Engine(2, tt_size=256)
    lefts = [int(x) for x in argv[2].split(",")] if len(argv) > 2 else [2, 3]
    found = []
    tries = 0
    while len(found) < want and tries < 50000:
        tries += 1
        pos = candidate(rng, eng, lefts[rng.getrandbits(8) % len(lefts)])
        if pos is None or pos.outcome() is not None:
            continue
        text = pos.text()
        if text in found:
            continue
        h = horizon_of(pos)
        vals = fast_root_values(board, pos, h)
        answers = best_set(vals)
        lo = min(vals.values())
        if lo == max(vals.values()) or len(answers) * 2 > len(vals):
            continue
        if best_set(fast_root_values(board, pos, h + 1)) != answers:
            continue
        kind = "block" if vals[answers[0]] == 1 else "avoid"
        found.append(text)
        print("    (%r,\n     %r,\n     %r, %d),  # %d of %d moves (try %d)"
              % (kind, text, answers, h, len(answers), len(vals), tries))
    print("# %d positions in %d tries" % (len(found), tries))


if __name__ == "__main__":
    main(sys.argv[1:])
