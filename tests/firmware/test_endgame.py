"""Endgame table (engine/endgame.py and endgame.bin) against an independent brute force.

Runs under CPython and MicroPython (where it checks 10,000 random positions:
the engine board's emitted code makes the brute force fast; CPython checks
a smaller sample). Half of the positions are four against three when the
file holds that part. The brute force is engine/board.py's perft-verified move
generator (tests/firmware/test_engine_board.py checks it against the rules
core) with a plain exact search: the shortest forced win, or the longest
forced loss, within H plies. It shares nothing with the table's builder
(tools/endgame_table.py, numpy) nor with the probe's indexing. A table value
decided within H plies must be found by it with the same distance; a draw, or a
result beyond H, must have none within H (10,000 positions at H = 2, 300 at
H = 3; tools/endgame_table.py ``verify`` checks deeper, over the rules core). tests/test_endgame_table.py (CPython)
checks every entry of the file under every move (the retrograde check).
"""
import gc
import sys
from morris import Position, Rules
from morris.compat import XorShift16
from engine import Engine, TOP_LEVEL
from engine.endgame import table_for, best_moves, WIN, LOSS, DRAW
from engine.board import Board, gen, push, pop, terminal, T_NONE, T_LOSS

MICRO = sys.implementation.name == "micropython"
# (positions, horizon H in plies) of the two samples
SAMPLES = ((10000, 2), (300, 3)) if MICRO else ((300, 2), (20, 3))


def _text(geo, white, black, turn, rules="standard", ncp=0):
    rows = []
    for row in geo.rows:
        rows.append("".join("W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in row))
    return "%s %s %s 0/0 %d/0 0/0 -/- -" % (rules, "/".join(rows), "wb"[turn], ncp)


def _random_position(rng, geo, four):
    pts = []
    n = 7 if four else 6
    while len(pts) < n:
        p = rng.below(24)
        if p not in pts:
            pts.append(p)
    a = 0
    for p in pts[:4 if four and rng.below(2) else 3]:
        a |= 1 << p
    b = 0
    for p in pts:
        if not a >> p & 1:
            b |= 1 << p
    return Position.from_text(_text(geo, a, b, rng.below(2)))


def _win_within(S, G, M, base, k):
    if k < 1:
        return False
    end = gen(S, G, M, base)
    for i in range(base, end):
        push(S, G, M[i])
        ok = _lost_within(S, G, M, end, k - 1)
        pop(S, G)
        if ok:
            return True
    return False


def _lost_within(S, G, M, base, k):
    t = terminal(S, G)
    if t != T_NONE:
        return t == T_LOSS
    end = gen(S, G, M, base)
    if end == base:
        return True  # blocked
    if k < 2:
        return False
    for i in range(base, end):
        push(S, G, M[i])
        ok = _win_within(S, G, M, end, k - 1)
        pop(S, G)
        if not ok:
            return False
    return True


def brute(board, pos, h):
    """(WIN / LOSS, plies) of the shortest forced result within ``h`` plies, else None."""
    board.load(pos)
    S, G, M = board.S, board.G, board.M
    for k in range(h + 1):
        if k & 1 and _win_within(S, G, M, 0, k):
            return (WIN, k)
        if not k & 1 and _lost_within(S, G, M, 0, k):
            return (LOSS, k)
    return None


def test_which_rules_the_table_serves():
    assert table_for(Rules("standard")) is not None
    assert sorted(table_for(Rules("standard")).parts)[0] == 0x33
    assert table_for(Rules("french")).parts == table_for(Rules("standard")).parts
    wiki = table_for(Rules("wikipedia"))
    assert wiki is not None and wiki.parts == [0x33]   # optional capture: three against three only
    for other in ("schmidt", "old-russian", "twelve", "six"):
        assert table_for(Rules.parse(other)) is None, other


def test_probe_matches_brute_force_on_random_positions():
    rules = Rules("standard")
    probe = table_for(rules)
    four = 0x43 in probe.parts
    board = Board(rules)
    for (count, h), seed, kinds in zip(SAMPLES, (2025, 31), (((WIN, 1), (LOSS, 2)), ((WIN, 3),))):
        rng = XorShift16(seed)
        seen = {}
        for i in range(count):
            pos = _random_position(rng, rules.geo, four and i & 1)
            v = probe.probe(pos)
            assert v is not None, pos.text()
            want = v if v[0] != DRAW and v[1] <= h else None
            got = brute(board, pos, h)
            assert got == want, (pos.text(), v, got)
            board.load(pos)
            assert probe.probe_state(board.S) == v  # the search's entry point reads the same
            key = want if want else "beyond"
            seen[key] = seen.get(key, 0) + 1
            if i % 500 == 0:
                gc.collect()
        # the sample holds every kind within its horizon, and values beyond it
        assert seen.get("beyond") and all(seen.get(k) for k in kinds), (h, seen)


def test_counters_limit_what_the_probe_claims():
    rules = Rules("standard")
    probe = table_for(rules)
    geo = rules.geo
    # White to move closes a mill by flying to g1: won in 1 ply, however late
    text = _text(geo, 0b11 | 1 << 9, 1 << 12 | 1 << 13 | 1 << 22, 0)
    assert probe.probe(Position.from_text(text)) == (WIN, 1)
    late = Position.from_text(_text(geo, 0b11 | 1 << 9, 1 << 12 | 1 << 13 | 1 << 22, 0, ncp=99))
    assert probe.probe(late) is None  # the no-capture draw comes first
    wiki = table_for(Rules("wikipedia"))
    w = Position.from_text(text.replace("standard", "wikipedia"))
    assert wiki.probe(w) == (WIN, 1)


def test_engine_never_misplays_a_table_position():
    rules = Rules("standard")
    probe = table_for(rules)
    four = 0x43 in probe.parts
    rng = XorShift16(77)
    eng = Engine(TOP_LEVEL, seed=5)
    kinds = {}
    n = 0
    while n < (300 if MICRO else 60):
        pos = _random_position(rng, rules.geo, four and n & 1)
        v = probe.probe(pos)
        if v is None or len(pos.legal_moves) < 2:
            continue
        n += 1
        m = eng.think(pos)
        assert eng.from_book, pos.text()
        assert m in pos.legal_moves
        pos.push(m)
        oc = pos.outcome()
        c = None if oc is not None else probe.probe(pos)
        pos.pop()
        kinds[v[0]] = kinds.get(v[0], 0) + 1
        if v[0] == WIN:   # the quickest win: the child is lost in d - 1 (or over now)
            assert (oc is not None and oc.winner == pos.turn and v[1] == 1) or c == (LOSS, v[1] - 1), \
                (pos.text(), v, pos.move_text(m), c)
        elif v[0] == DRAW:
            assert c == (DRAW, 0), (pos.text(), pos.move_text(m), c)
        else:             # the slowest loss
            assert c == (WIN, v[1] - 1), (pos.text(), v, pos.move_text(m), c)
        bm, r = best_moves(probe, pos)
        assert m in bm and r == v
        gc.collect()
    assert kinds.get(WIN) and kinds.get(LOSS), kinds
