"""The move-quality suite: positions whose every destination's LED meaning
(good / playable / mistake, teach/quality.py) a deeper search confirms.

``deep_values(pos, depth)`` is an independent exact search over the rules core
(morris.Position: legal_moves, push, pop, outcome), with teach/judge.py's
definition of a move's value (its docstring) but ``depth`` plies before the
static look instead of the judge's DEPTH (2). ``meanings(values)`` turns values
into the meanings per destination. tests/test_quality_suite.py checks that the
judge's meanings equal those of ``deep_values(pos, DEPTH + 1)`` on every suite
position.

Usage (writes tests/data/quality_suite.txt and prints how often the judge agrees
with the deeper search on every position the games went through):

    nice -n 10 .venv/bin/python tools/quality_suite.py [--games N] [--out FILE]
"""
import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules, NONE  # noqa: E402
from morris.position import REMOVAL  # noqa: E402

WIN = 100
OUT = os.path.join(ROOT, "tests", "data", "quality_suite.txt")
RULES = ("standard", "standard", "standard", "wikipedia", "six", "morabaraba")


def caps(pos, m):
    """Stones ``m`` captures (from the position's material before and after)."""
    o = 1 - pos.turn
    before = pos.count[o] + pos.hand[o]
    pos.push(m)
    after = pos.count[o] + pos.hand[o]
    pos.pop()
    return before - after


def _q(pos, d, beta):
    oc = pos.outcome()
    if oc is not None:
        return 0 if oc.winner is None else (WIN if oc.winner == pos.turn else -WIN)
    moves = pos.legal_moves
    if d == 0:
        return 1 if any(caps(pos, m) for m in moves) else 0
    best = -10 * WIN
    for m in sorted(moves, key=lambda x: -caps(pos, x)):
        c = caps(pos, m)
        pos.push(m)
        v = c - _q(pos, d - 1, c - best)
        pos.pop()
        if v > best:
            best = v
            if best >= beta:
                break
    return best


def deep_values(pos, depth):
    """{move int: value} for every legal move of ``pos`` (removal-only turns left out),
    with ``depth`` plies after the move before the static look."""
    out = {}
    for m in pos.legal_moves:
        if m & REMOVAL:
            continue
        c = caps(pos, m)
        pos.push(m)
        out[m] = c - _q(pos, depth, 10 * WIN)
        pos.pop()
    return out


def meanings(pos, values):
    """{destination text ("d3" or "d2-d3"): "good" | "playable" | "mistake"} from
    {move: value}: a destination's value is its best move's (its captures)."""
    best = max(values.values())
    dest = {}
    for m, v in values.items():
        to = m & 31
        frm = m >> 5 & 31
        names = pos.geo.names
        k = names[to] if frm == NONE else names[frm] + "-" + names[to]
        if k not in dest or v > dest[k]:
            dest[k] = v
    return {k: "good" if v == best else "mistake" if v < 0 else "playable" for k, v in dest.items()}


def judged(pos):
    """The judge's meanings (teach/judge.py on the engine board + teach/quality.py's rule),
    as ``meanings``."""
    from teach.judge import Judge
    from engine import holds
    from engine.board import Board
    j = Judge(Board.blocks() if holds(pos.rules) else None)
    moves = [m for m in pos.legal_moves if not m & REMOVAL]
    j.start(pos, moves)
    while not j.step(1000):
        pass
    return meanings(pos, dict(zip(moves, j.values)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games to sample positions from")
    ap.add_argument("--out", default=OUT, help="the suite file to write")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--size", type=int, default=48, help="positions to keep")
    ap.add_argument("--max-cpu", type=float, default=1.2,
                    help="keep only positions whose deeper search takes at most this many CPU s"
                         " (the test stays fast)")
    args = ap.parse_args(argv)
    from engine import Engine
    rng = random.Random(args.seed)
    seen = agree = dests = dagree = 0
    kept = []
    for g in range(args.games):
        rules = Rules.parse(RULES[g % len(RULES)])
        pos = Position(rules)
        eng = Engine(2 + g % 2, seed=g + 1, book=False)
        for ply in range(80):
            if pos.outcome() is not None:
                break
            if ply >= 4 and rng.random() < 0.35:
                j = judged(pos)
                t0 = time.process_time()
                d = meanings(pos, deep_values(pos, 3))
                slow = time.process_time() - t0 > args.max_cpu
                seen += 1
                dests += len(j)
                dagree += sum(1 for k in j if d.get(k) == j[k])
                if j == d:
                    agree += 1
                    kinds = set(j.values())
                    if len(kinds) >= 2 and not slow:
                        kept.append((len(kinds), rng.random(), pos.text(), j))
            moves = pos.legal_moves
            m = rng.choice(moves) if rng.random() < 0.3 else eng.think(pos)
            pos.push(m)
    print("positions judged: %d; the judge agrees with the deeper search on %d (%.1f%%)"
          % (seen, agree, 100.0 * agree / max(1, seen)))
    print("destinations judged: %d; the same meaning as the deeper search: %d (%.1f%%)"
          % (dests, dagree, 100.0 * dagree / max(1, dests)))
    kept.sort(reverse=True)
    by_rules = {}
    for k in kept:
        by_rules.setdefault(k[2].split()[0], []).append(k)
    pick = []
    while len(pick) < args.size and any(by_rules.values()):
        for r in list(by_rules):
            if by_rules[r] and len(pick) < args.size:
                pick.append(by_rules[r].pop(0))
    with open(args.out, "w") as f:
        f.write("# tools/quality_suite.py: position text | destination=meaning ... (checked by\n"
                "# tests/test_quality_suite.py against a search one ply deeper; kept: the positions\n"
                "# whose deeper search takes at most about a second in CPython)\n")
        for _, _, text, j in pick:
            f.write("%s | %s\n" % (text, " ".join("%s=%s" % kv for kv in sorted(j.items()))))
    print("wrote %d positions to %s" % (len(pick), args.out))


if __name__ == "__main__":
    main()
