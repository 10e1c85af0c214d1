"""Verifies the tactical suite's answers by exhaustive search (CPython only).

The engine is not used here: an independent, plain negamax over the rules
core's public API (legal_moves, push, pop, outcome) computes the exact
minimax value of every root move. Leaves at the depth limit score the
material difference (stones on board + in hand, side to move's view); a
finished game scores +-(1000 - ply) (so shorter wins count more), a draw 0.
Alpha-beta pruning is used inside each root move's search; it returns the
same value as the full minimax tree (it only skips subtrees that cannot
change it), so every root value is exact.

What "answer" means per category (tests/firmware/test_engine_tactics.py):
- close, capture, block, double: the answers are exactly the root moves of
  best value at depth 3, and also at depth 4 and at depth 5 (a stable best
  move, not a horizon artefact); each category's own property holds too.
- flying: the answers are exactly the moves that force a win within 3
  plies (an exact game-theoretic win: terminal positions are exact).
- blocked: the answers are exactly the moves that do not lose within 4
  plies, and at least one other move loses to a reply that blocks the mover.

The blockade suite (tests/firmware/test_engine_blockade.py) is verified with
``blockade_value``: exact win / loss values (a side blocked or below three
stones by force, else 0) within the entry's horizon and one turn deeper;
the answers must be exactly the best moves at both depths, and the values
must differ by a blocked ending (some move wins or loses by a blockade).
"""
from morris import Position, NONE
from test_engine_tactics import SUITE, CATEGORIES
from test_engine_blockade import BLOCKADE

WINV = 1000
BIG = 10 ** 6


def material(pos):
    t = pos.turn
    return pos.count[t] + pos.hand[t] - pos.count[1 - t] - pos.hand[1 - t]


def negamax(pos, depth, alpha, beta, ply):
    oc = pos.outcome()
    if oc is not None:
        if oc.winner is None:
            return 0
        return WINV - ply if oc.winner == pos.turn else ply - WINV
    if depth == 0:
        return material(pos)
    best = -BIG
    for m in pos.legal_moves:
        pos.push(m)
        v = -negamax(pos, depth - 1, -beta, -alpha, ply + 1)
        pos.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def root_values(pos, depth):
    """{move text: exact value at ``depth`` plies} for every legal move."""
    out = {}
    for m in pos.legal_moves:
        text = pos.move_text(m)
        pos.push(m)
        out[text] = -negamax(pos, depth - 1, -BIG, BIG, 1)
        pos.pop()
    return out


def best_set(vals):
    b = max(vals.values())
    return b, set(t for t, v in vals.items() if v == b)


def opp_threat_points(pos):
    t = pos.turn
    me = pos.bb[t]
    op = pos.bb[1 - t]
    pts = 0
    for ln in pos.geo.lines:
        b = op & ln
        if b and b & (b - 1) and b != ln and not me & ln:
            pts |= ln ^ b
    return pts


def check_entry(cat, text, answers):
    pos = Position.from_text(text)
    legal = dict((pos.move_text(m), m) for m in pos.legal_moves)
    ans = set(answers)
    assert ans and ans <= set(legal), (text, answers)
    assert ans != set(legal), "every move is an answer: " + text
    if cat == "flying":
        assert pos.flying(0) or pos.flying(1), text
        vals = root_values(pos, 3)
        wins = set(t for t, v in vals.items() if v >= WINV - 10)
        assert wins == ans, (text, sorted(wins))
        return
    if cat == "blocked":
        vals = root_values(pos, 4)
        safe = set(t for t, v in vals.items() if v > -(WINV - 10))
        assert safe == ans, (text, sorted(safe))
        blocked_loss = False
        for t in set(legal) - ans:
            pos.push(legal[t])
            for r in pos.legal_moves:
                pos.push(r)
                oc = pos.outcome()
                pos.pop()
                if oc is not None and oc.reason == "blocked":  # the mover, to move again, is stuck
                    blocked_loss = True
            pos.pop()
        assert blocked_loss, text
        return
    base = material(pos)
    for depth in (3, 4, 5):
        b, opt = best_set(root_values(pos, depth))
        assert opt == ans, (text, depth, sorted(opt))
    if cat == "close" or cat == "capture":
        assert all(legal[t] >> 10 & 31 != NONE for t in ans), text
    if cat == "capture":
        # some other capture by the same stone move is worse
        heads = set(legal[t] & 0x3FF for t in ans)
        assert any(legal[t] & 0x3FF in heads for t in set(legal) - ans), text
    if cat == "block":
        thr = opp_threat_points(pos)
        assert thr and all(thr >> (legal[t] & 31) & 1 for t in ans), text
        assert not any(m >> 10 & 31 != NONE for m in legal.values()), text
    if cat == "double":
        assert not any(m >> 10 & 31 != NONE for m in legal.values()), text
        b3, _ = best_set(root_values(pos, 3))
        assert b3 - base >= 1, text  # wins a stone by force within 3 plies


def test_suite_shape():
    assert len(SUITE) >= 30
    cats = set(e[0] for e in SUITE)
    assert cats == set(CATEGORIES), cats
    for e in SUITE:
        assert e[0] in CATEGORIES


def test_suite_answers_by_exhaustive_search():
    for cat, text, answers in SUITE:
        check_entry(cat, text, answers)


def blockade_value(pos, horizon, alpha=-1, beta=1):
    """Exact value (-1 / 0 / 1, side to move) within ``horizon`` turns: +1 when the
    opponent is blocked (or below three stones) by force, -1 when the side to move is."""
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
        v = -blockade_value(pos, horizon - 1, -beta, -alpha)
        pos.pop()
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def test_blockade_answers_by_deeper_independent_search():
    assert len(BLOCKADE) >= 20
    for kind, text, answers, horizon in BLOCKADE:
        pos = Position.from_text(text)
        assert pos.hand[0] + pos.hand[1] > 0, text
        for h in (horizon, horizon + 1):
            vals = {}
            for m in pos.legal_moves:
                pos.push(m)
                vals[pos.move_text(m)] = -blockade_value(pos, h - 1)
                pos.pop()
            b, opt = best_set(vals)
            assert opt == set(answers), (text, h, sorted(opt))
            assert min(vals.values()) < b, text
            assert (b == 1) == (kind == "block"), (text, kind, b)
