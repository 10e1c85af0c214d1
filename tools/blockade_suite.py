#!/usr/bin/env python3
"""Find placement-phase blockade positions for the engine's blockade suite.

    .venv/bin/python tools/blockade_suite.py --want 24 [--seed 3]

Plays games with the engine (level 2, seeded variety) and random moves, and
stops in the placement phase when 2..5 placements are left. For each such
position it solves every root move exactly with ``solve`` (the rules core
only, independent of the engine): the game value within the rest of the
placement plus two turns of movement, +1 / -1 when a side is blocked (or
drops below three stones) by force, 0 otherwise. A position is kept when the
root moves differ, at most half of them reach the best value, and the best
is reached by a blockade (ours, or avoiding theirs), and the same moves are
best one turn deeper. Prints the entries as
Python for tests/firmware/test_engine_blockade.py (text, answers, horizon).
"""
import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules  # noqa: E402
from engine import Engine  # noqa: E402

EXTRA = 2  # movement turns searched after placement


def solve(pos, horizon, alpha=-1, beta=1):
    """Exact value (-1 / 0 / 1 for the side to move) within ``horizon`` turns,
    by alpha-beta over the rules core (morris.Position): +1 = the opponent is
    blocked or below three stones by force, -1 = the side to move is."""
    oc = pos.outcome()
    if oc is not None:
        if oc.winner is None:
            return 0
        return 1 if oc.winner == pos.turn else -1
    if horizon == 0:
        return 0
    best = -1
    for m in pos.legal_moves:
        pos.push(m)
        v = -solve(pos, horizon - 1, -beta, -alpha)
        pos.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def root_values(pos, horizon):
    """{move text: exact value} for every legal move of ``pos``."""
    out = {}
    for m in pos.legal_moves:
        pos.push(m)
        out[pos.move_text(m)] = -solve(pos, horizon - 1)
        pos.pop()
    return out


def horizon_of(pos):
    """Placements left plus EXTRA movement turns."""
    return pos.hand[0] + pos.hand[1] + EXTRA


def candidates(rng, want_left):
    """A placement-phase position with ``want_left`` placements left, from a seeded game."""
    pos = Position(Rules("standard"))
    eng = Engine(2, seed=rng.randrange(1 << 16))
    while pos.hand[0] + pos.hand[1] > want_left:
        if pos.outcome() is not None:
            return None
        if rng.random() < 0.5:
            m = rng.choice(pos.legal_moves)
        else:
            m = eng.think(pos)
        pos.push(m)
    return pos


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--want", type=int, default=24)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--tries", type=int, default=4000)
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    found = []
    seen = set()
    for _ in range(a.tries):
        if len(found) >= a.want:
            break
        pos = candidates(rng, rng.choice((2, 3, 3, 4)))
        if pos is None or pos.outcome() is not None:
            continue
        text = pos.text()
        if text in seen:
            continue
        seen.add(text)
        h = horizon_of(pos)
        vals = root_values(pos, h)
        best = max(vals.values())
        answers = sorted(k for k, v in vals.items() if v == best)
        if min(vals.values()) == best or len(answers) * 2 > len(vals):
            continue
        if best == 0 and min(vals.values()) == 0:
            continue
        deeper = root_values(pos, h + 1)
        if sorted(k for k, v in deeper.items() if v == max(deeper.values())) != answers:
            continue  # not stable one turn deeper
        kind = "block" if best == 1 else "avoid"
        found.append((kind, text, answers, h))
        print("    (%r,\n     %r,\n     %r),  # horizon %d, %d of %d moves"
              % (kind, text, answers, h, len(answers), len(vals)), flush=True)
    print("# %d positions" % len(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
