"""Perft of the rules core against an independent brute-force reference.

The reference below is written from docs/rules.md alone (its lines are
parsed from that file's text): plain dicts and tuples, slow and obviously
correct, for the `standard` preset (mandatory capture, mill stones protected
unless all are in mills, one capture per turn, flying at three, loss below
three counting stones in hand). Never compared with numbers printed by the
code under test.
"""
import os
import re

import pytest

from morris import Position
from morris.perft import perft

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _rules_md_lines():
    text = open(os.path.join(ROOT, "docs", "rules.md")).read()
    para = text[text.index("there are sixteen"):text.index("Two points are **adjacent**")]
    lines = [tuple(t.split()) for t in re.findall(r"`([a-g][1-7] [a-g][1-7] [a-g][1-7])`", para)]
    assert len(lines) == 16
    return lines


LINES = _rules_md_lines()
POINTS = sorted({p for ln in LINES for p in ln})
ADJ = {p: set() for p in POINTS}
for a, b, c in LINES:
    for x, y in ((a, b), (b, c)):
        ADJ[x].add(y)
        ADJ[y].add(x)


def ref_moves(board, hand, side):
    """All turns for `side` as (from or None, to, capture or None)."""
    other = "B" if side == "W" else "W"
    mine = [p for p in POINTS if board.get(p) == side]
    theirs = [p for p in POINTS if board.get(p) == other]
    if len(mine) + hand[side] < 3 or len(theirs) + hand[other] < 3:
        return []
    empty = [p for p in POINTS if p not in board]
    if hand[side] > 0:
        steps = [(None, to) for to in empty]
    elif len(mine) == 3:
        steps = [(fr, to) for fr in mine for to in empty]
    else:
        steps = [(fr, to) for fr in mine for to in sorted(ADJ[fr]) if to not in board]
    in_mill = {p for ln in LINES if all(board.get(q) == other for q in ln) for p in ln}
    free = [p for p in theirs if p not in in_mill]
    targets = free if free else theirs
    out = []
    for fr, to in steps:
        after = dict(board)
        if fr:
            del after[fr]
        after[to] = side
        formed = any(to in ln and all(after.get(q) == side for q in ln) for ln in LINES)
        if formed and targets:
            out.extend((fr, to, c) for c in targets)
        else:
            out.append((fr, to, None))
    return out


def ref_perft(board, hand, side, depth):
    if depth == 0:
        return 1
    moves = ref_moves(board, hand, side)
    if depth == 1:
        return len(moves)
    other = "B" if side == "W" else "W"
    n = 0
    for fr, to, cap in moves:
        b = dict(board)
        h = dict(hand)
        if fr:
            del b[fr]
        else:
            h[side] -= 1
        b[to] = side
        if cap:
            del b[cap]
        n += ref_perft(b, h, other, depth - 1)
    return n


def ref_from_position(pos):
    board = {}
    for i, name in enumerate(pos.geo.names):
        if pos.bb[0] >> i & 1:
            board[name] = "W"
        elif pos.bb[1] >> i & 1:
            board[name] = "B"
    return board, {"W": pos.hand[0], "B": pos.hand[1]}, "WB"[pos.turn]


def _text(white, black, side="w", hand="0/0"):
    rows = []
    pos = Position()
    for row in pos.geo.rows:
        rows.append("".join("W" if pos.geo.names[p] in white.split() else
                            "B" if pos.geo.names[p] in black.split() else "." for p in row))
    return "standard %s %s %s 0/0 0/0 -/- -" % ("/".join(rows), side, hand)


CASES = [
    ("start", None, 4),
    ("captures available", _text("a1 d1 g4 b2 d3 e4 c4", "a7 d7 b6 c5 d5 f6 e5 g1"), 4),
    ("captures, black to move", _text("a1 d1 g4 b2 d3 e4 c4 f2", "a7 d7 b6 c5 f6 e5 g1", "b"), 4),
    ("one side flying", _text("a1 d1 f4", "a7 d7 b6 c5 d5 f6 e3"), 4),
    ("both flying", _text("a1 d1 f4", "a7 d7 e5"), 3),
    ("late placement with mills", _text("a1 d1 b2 d2 f4", "a7 d7 b6 c5 e5", "w", "2/2"), 4),
]


@pytest.mark.parametrize("name,text,depth", CASES, ids=[c[0] for c in CASES])
def test_perft_matches_reference(name, text, depth):
    pos = Position.from_text(text) if text else Position()
    board, hand, side = ref_from_position(pos)
    for d in range(1, depth + 1):
        assert perft(pos, d) == ref_perft(board, hand, side, d), (name, d)


def test_reference_sees_captures_and_flying():
    """Guards the cases above against being trivial."""
    pos = Position.from_text(CASES[1][1])
    assert any(m >> 10 & 31 != 31 for m in pos.legal_moves)
    board, hand, side = ref_from_position(Position.from_text(CASES[3][1]))
    assert len(ref_moves(board, hand, side)) > 3 * 4
