"""Builds the puzzle file firmware/teach/puzzles.bin (format: teach/puzzle.py).

Positions come from seeded games (the engine at levels 2 and 3 mixed with
random moves) under standard rules and two relatives (Six Men's Morris,
Morabaraba), and from the engine's verified suites (their positions without
the move history). Each is sorted into a kind by an exact material minimax
over the rules core (``values``: root move -> stones won, a finished game
+-1000; the same definition as tests/test_engine_tactics_verify.py, which the
tests use to check every puzzle again, independently of this code):

- mill: the best moves at 3 and at 4 plies are the same and every one closes
  a mill (captures now);
- block: no capture now, the other player could close a mill next, and the
  best moves (3 and 4 plies) all put a stone on its closing point;
- fork: nothing to capture or block now, the best moves win a stone within
  three plies (3 and 4 plies agree): a double threat;
- blockade: some moves let the other player block every stone of the side to
  move within 4 plies; the answers are exactly the moves that do not (3 and 4 plies);
- flying: a side flies; the answers are exactly the moves that force a win
  within 3 plies (the same at 4 plies).

A puzzle keeps at most three answers (five for a blockade) as (from, to)
pairs, and only when every capture of such a move is an answer too. Difficulty: mill 1; block 1 in the
placement phase, else 2; fork 2 in placement, else 3; blockade 2; flying 3.

    nice -n 10 .venv/bin/python tools/puzzles.py [--out FILE] [--seed N] [--from-log LOG]

prints each puzzle it keeps (one line: rules, kind, difficulty, position text,
answers) and writes the file; it takes about an hour. ``--from-log`` builds the
file from such printed lines instead, classifying each position again.
"""
import argparse
import os
import random
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("firmware", "tests/firmware"):
    if os.path.join(ROOT, p) not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, p))

from morris import Position, Rules, NONE  # noqa: E402
from morris.position import REMOVAL  # noqa: E402

OUT = os.path.join(ROOT, "firmware", "teach", "puzzles.bin")
RULES = ("standard", "six", "morabaraba")       # teach/puzzle.py's RULES
KINDS = ("mill", "block", "fork", "blockade", "flying")
WINV = 1000
BIG = 10 ** 6
PATIENCE = 2500    # candidates tried without a new puzzle before a rules set is left
# puzzles wanted per rules and kind
WANT = {
    "standard": {"mill": 10, "block": 10, "fork": 10, "blockade": 6, "flying": 10},
    "six": {"mill": 3, "block": 3, "fork": 3, "blockade": 3, "flying": 0},
    "morabaraba": {"mill": 3, "block": 3, "fork": 2, "blockade": 0, "flying": 2},
}


def material(pos):
    t = pos.turn
    return pos.count[t] + pos.hand[t] - pos.count[1 - t] - pos.hand[1 - t]


def _caps(m):
    return 0 if m & REMOVAL else sum(1 for f in (m >> 10 & 31, m >> 15 & 31) if f != NONE)


def _negamax(pos, depth, alpha, beta, ply):
    oc = pos.outcome()
    if oc is not None:
        if oc.winner is None:
            return 0
        return WINV - ply if oc.winner == pos.turn else ply - WINV
    if depth == 0:
        return material(pos)
    best = -BIG
    for m in sorted(pos.legal_moves, key=lambda x: -_caps(x)):
        pos.push(m)
        v = -_negamax(pos, depth - 1, -beta, -alpha, ply + 1)
        pos.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def values(pos, depth):
    """{move int: exact minimax value at ``depth`` plies} for every legal move."""
    out = {}
    for m in pos.legal_moves:
        pos.push(m)
        out[m] = -_negamax(pos, depth - 1, -BIG, BIG, 1)
        pos.pop()
    return out


def pairs(moves):
    return sorted(set((m >> 5 & 31) << 5 | (m & 31) for m in moves))


def closed(pos, moves, answers):
    """True when every legal move with an answer's (from, to) is in ``moves``."""
    return all(m in moves for m in pos.legal_moves if (m >> 5 & 31) << 5 | (m & 31) in answers)


def threats(pos, c):
    from board.hint import threats as t
    return t(pos, c)


def classify(pos):
    """(kind, level, answer pairs) of a puzzle position, or None."""
    if pos.outcome() is not None:
        return None
    legal = pos.legal_moves
    if len(legal) < 2 or any(m & REMOVAL for m in legal):
        return None
    t = pos.turn
    placing = pos.hand[t] > 0
    flying = pos.flying(t) or pos.flying(1 - t)
    v3 = values(pos, 3)
    if flying:
        w3 = set(m for m, v in v3.items() if v >= WINV - 10)
        if not w3 or len(w3) == len(legal):
            return None
        w4 = set(m for m, v in values(pos, 4).items() if v >= WINV - 10)
        ans = pairs(w3)
        if w4 != w3 or len(ans) > 3 or not closed(pos, w3, ans):
            return None
        return "flying", 3, ans
    b3 = max(v3.values())
    best3 = set(m for m, v in v3.items() if v == b3)
    if len(best3) == len(legal):
        return None
    if len(legal) < 3 and min(v3.values()) > -(WINV - 10):
        return None                 # a choice of two only when the other loses the game
    captures = [m for m in legal if _caps(m)]
    danger = threats(pos, 1 - t)
    v4 = None
    safe3 = set(m for m, v in v3.items() if v > -(WINV - 10))
    if safe3 and len(safe3) < len(legal):
        # blockade: some moves lose the game (to a blockade) within 3 and 4 plies
        ans = pairs(safe3)
        if len(ans) > 5 or not closed(pos, safe3, ans) or not _blocked_loss(pos, set(legal) - safe3):
            return None
        v4 = values(pos, 4)
        if set(m for m, v in v4.items() if v > -(WINV - 10)) != safe3:
            return None
        return "blockade", 2, ans
    if not captures and not danger:
        if b3 != material(pos) + 1:
            return None
        kind = "fork"
    elif captures:
        if not all(_caps(m) for m in best3):
            return None
        ans = pairs(best3)
        # any capture of an answer keeps the stone won (the puzzle asks for the mill)
        base = material(pos)
        if len(ans) > 3 or any(v3[m] <= base for m in legal
                               if (m >> 5 & 31) << 5 | (m & 31) in ans):
            return None
        v4 = values(pos, 4)
        if pairs(m for m, v in v4.items() if v == max(v4.values())) != ans or any(
                v4[m] <= base for m in legal if (m >> 5 & 31) << 5 | (m & 31) in ans):
            return None
        return "mill", 1, ans
    else:
        if not all(danger >> (m & 31) & 1 for m in best3):
            return None
        kind = "block"
    ans = pairs(best3)
    if len(ans) > 3 or not closed(pos, best3, ans):
        return None
    if v4 is None:
        v4 = values(pos, 4)
    b4 = max(v4.values())
    if set(m for m, v in v4.items() if v == b4) != best3:
        return None
    level = {"mill": 1, "block": 1 if placing else 2, "fork": 2 if placing else 3}[kind]
    return kind, level, ans


def _blocked_loss(pos, moves):
    for m in moves:
        pos.push(m)
        for r in pos.legal_moves:
            pos.push(r)
            oc = pos.outcome()
            pos.pop()
            if oc is not None and oc.reason == "blocked":
                pos.pop()
                return True
        pos.pop()
    return False


def bare(pos):
    """The position without history or counters (what a puzzle record holds)."""
    geo = pos.geo
    rows = []
    for row in geo.rows:
        rows.append("".join("W" if pos.bb[0] >> p & 1 else "B" if pos.bb[1] >> p & 1 else "."
                            for p in row))
    return Position.from_text("%s %s %s %d/%d 0/0 0/0 -/- -" % (
        str(pos.rules), "/".join(rows), "wb"[pos.turn], pos.hand[0], pos.hand[1]))


def record(rules_index, kind, level, pos, answers):
    """The 20-byte record (teach/puzzle.py)."""
    ans = list(answers) + [0] * (5 - len(answers))
    return struct.pack("<BB3s3sBB5H", rules_index, KINDS.index(kind) << 4 | level,
                       pos.bb[0].to_bytes(3, "little"), pos.bb[1].to_bytes(3, "little"),
                       pos.hand[0] << 4 | pos.hand[1], pos.turn | len(answers) << 1, *ans)


def _suite_positions():
    """Standard positions of the engine's verified suites, without their history."""
    out = []
    try:
        from test_engine_blockade import BLOCKADE
        from test_engine_tactics import SUITE
    except ImportError:
        return out
    for entry in list(BLOCKADE) + list(SUITE):
        text = entry[1]
        if text.startswith("standard "):
            out.append(bare(Position.from_text(text)))
    return out


def random_boards(rules, rng, n, flying, placing=False, jammed=False):
    """Random positions of the movement phase: crowded boards (blockades, blocks, forks),
    or with ``flying`` a side of three stones (it flies: it loses a stone, it loses the
    game) against three to six, the side to move either; ``placing``: near the end of
    the placement phase; ``jammed``: only crowded boards where the side to move has 3 to
    6 moves (blockades)."""
    r = Rules.parse(rules)
    pts = list(range(r.geo.n))
    for _ in range(n):
        rng.shuffle(pts)
        hand = (0, 0)
        if flying:
            a, b = rng.randint(3, 6), 3
        elif placing:       # the end of the placement phase: blockades
            a = rng.randint(r.stones - 3, r.stones - 1)
            b = rng.randint(a - 1, a)
            hand = (r.stones - a, r.stones - b)
            if a + b + 2 > r.geo.n:
                continue
        else:
            a = rng.randint(r.stones - 2, r.stones)
            b = rng.randint(r.stones - 2, r.stones)
            if a + b > r.geo.n - 2:
                continue
        pos = Position(r)
        turn = rng.randrange(2)     # the side to move has the ``a`` stones
        w, bl = (pts[:a], pts[a:a + b]) if turn == 0 else (pts[a:a + b], pts[:a])
        rows = []
        for row in r.geo.rows:
            rows.append("".join("W" if p in w else "B" if p in bl else "." for p in row))
        try:
            pos = Position.from_text("%s %s %s %d/%d 0/0 0/0 -/- -" % (
                str(r), "/".join(rows), "wb"[turn], hand[turn], hand[1 - turn]))
        except ValueError:
            continue
        if jammed and not 3 <= len(pos.legal_moves) <= 6:
            continue
        yield pos


def candidates(rules, rng, games):
    """Positions along seeded games (every one from the fifth ply on, one in three)."""
    from engine import Engine
    for g in range(games):
        pos = Position(Rules.parse(rules))
        eng = Engine(2 + g % 2, seed=rng.randrange(1, 60000), book=False)
        for ply in range(120):
            if pos.outcome() is not None:
                break
            if ply >= 4 and rng.random() < 0.34:
                yield bare(pos)
            moves = pos.legal_moves
            pos.push(rng.choice(moves) if rng.random() < 0.3 else eng.think(pos))


def r_flies(rules):
    return Rules.parse(rules).fly_at > 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--games", type=int, default=400, help="at most this many games per rules")
    ap.add_argument("--from-log", nargs="+", help="build the file from the lines earlier runs printed")
    ap.add_argument("--rules", nargs="+", default=list(RULES), choices=RULES,
                    help="the rule sets to search (default: all)")
    args = ap.parse_args(argv)
    if args.from_log:
        return write(args.out, [k for log in args.from_log for k in from_log(log)])
    rng = random.Random(args.seed)
    kept = []
    seen = set()
    for ri, rules in enumerate(RULES):
        if rules not in args.rules:
            continue
        want = dict(WANT[rules])
        source = list(_suite_positions()) if rules == "standard" else []
        src = iter(source)
        gens = [candidates(rules, rng, args.games), random_boards(rules, rng, 4000, False),
                random_boards(rules, rng, 4000, False, True),
                random_boards(rules, rng, 60000, False, False, True)]
        if r_flies(rules):
            gens.append(random_boards(rules, rng, 600, True))
        gi = 0
        tries = 0
        while any(want.values()) and tries < PATIENCE:
            tries += 1
            pos = next(src, None)
            while pos is None and gens:
                gi = (gi + 1) % len(gens)
                pos = next(gens[gi], None)
                if pos is None:
                    del gens[gi]
                    gi = 0
            if pos is None:
                break
            key = pos.text()
            if key in seen:
                continue
            seen.add(key)
            got = classify(pos)
            if got is None or not want.get(got[0]):
                continue
            kind, level, ans = got
            want[kind] -= 1
            tries = 0
            kept.append((ri, kind, level, pos, ans))
            print("%-10s %-8s %d %s %s" % (rules, kind, level, key, ans), flush=True)
        print("%s: missing %s" % (rules, {k: v for k, v in want.items() if v}), flush=True)
    write(args.out, kept)


def from_log(path):
    """The puzzles of the lines a run printed, each position classified again."""
    kept = []
    with open(path) as f:
        for ln in f:
            parts = ln.split()
            if len(parts) < 5 or parts[0] not in RULES or "[" not in ln:
                continue
            text = ln[:ln.index("[")].split(None, 3)[3].strip()
            pos = Position.from_text(text)
            got = classify(pos)
            if got is None or got[0] != parts[1]:
                print("dropped: %s" % ln.strip())
                continue
            kept.append((RULES.index(parts[0]), got[0], got[1], pos, got[2]))
    return kept


def write(out, kept):
    """Write the puzzle file (easy first; within a level by rules, then kind)."""
    kept.sort(key=lambda k: (k[2], k[0], KINDS.index(k[1])))
    with open(out, "wb") as f:
        f.write(b"MPZ1" + struct.pack("<H", len(kept)) + bytes(10))
        for ri, kind, level, pos, ans in kept:
            f.write(record(ri, kind, level, pos, ans))
    counts = {}
    for k in kept:
        counts[(RULES[k[0]], k[1])] = counts.get((RULES[k[0]], k[1]), 0) + 1
    print("wrote %d puzzles to %s: %s" % (len(kept), out, counts))


if __name__ == "__main__":
    main()
