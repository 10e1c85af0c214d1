"""Six Men's Morris perft against an independent brute force written from docs/variants.md.

The reference reads the board (points, lines, links) from the "Six Men's
Morris" section of docs/variants.md and plays its rules with plain sets and
dicts: 6 stones each, a mill captures one stone not in a mill unless all are,
no flying, loss below three stones counting those in hand, a player with no
legal move has no children. Never compared with numbers printed by the code
under test.
"""
import os
import re

import pytest

from morris import Position, Rules
from morris.perft import perft

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _section():
    text = open(os.path.join(ROOT, "docs", "variants.md")).read()
    return text[text.index("## Six Men's Morris"):text.index("## Sanmill interchange")]


def _doc_board():
    sec = _section()

    def items(start, end):
        part = sec[sec.index(start):sec.index(end)]
        return [tuple(t.split()) for t in re.findall(r"`([a-g][1-7](?: [a-g][1-7])*)`", part)]

    points = items("- Points:", "- The 8 lines")[0]
    lines = items("- The 8 lines", "- The 4 links")
    links = items("- The 4 links", "- Two points are adjacent")
    assert len(points) == 16 and len(lines) == 8 and len(links) == 4
    return points, lines, links


POINTS, LINES, LINKS = _doc_board()
ADJ = {p: set() for p in POINTS}
for a, b, c in LINES:
    for x, y in ((a, b), (b, c)):
        ADJ[x].add(y)
        ADJ[y].add(x)
for x, y in LINKS:
    ADJ[x].add(y)
    ADJ[y].add(x)


def ref_moves(board, hand, side):
    other = "B" if side == "W" else "W"
    mine = [p for p in POINTS if board.get(p) == side]
    theirs = [p for p in POINTS if board.get(p) == other]
    if len(mine) + hand[side] < 3 or len(theirs) + hand[other] < 3:
        return []
    if hand[side]:
        steps = [(None, to) for to in POINTS if to not in board]
    else:
        steps = [(fr, to) for fr in mine for to in sorted(ADJ[fr]) if to not in board]
    in_mill = {p for ln in LINES if all(board.get(q) == other for q in ln) for p in ln}
    targets = [p for p in theirs if p not in in_mill] or theirs
    out = []
    for fr, to in steps:
        after = dict(board)
        if fr:
            del after[fr]
        after[to] = side
        if any(to in ln and all(after.get(q) == side for q in ln) for ln in LINES):
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


def _from_pos(pos):
    board = {}
    for i, name in enumerate(pos.geo.names):
        if pos.bb[0] >> i & 1:
            board[name] = "W"
        elif pos.bb[1] >> i & 1:
            board[name] = "B"
    return board, {"W": pos.hand[0], "B": pos.hand[1]}, "WB"[pos.turn]


def test_board_is_the_documented_one():
    geo = Rules("six").geo
    assert sorted(geo.names) == sorted(POINTS)
    assert sorted(tuple(sorted(ln.split())) for ln in geo.line_names) == sorted(tuple(sorted(ln)) for ln in LINES)
    for p in POINTS:
        assert {geo.names[q] for q in geo.adj_points[geo.point(p)]} == ADJ[p]


def test_start_perft_to_depth_5():
    pos = Position(Rules("six"))
    board, hand, side = _from_pos(pos)
    for d in range(1, 6):
        assert perft(pos, d) == ref_perft(board, hand, side, d), d


MIDGAME = "six B.W/W.B/.WBW/B.W/... %s %s 0/0 0/0 -/- -"


@pytest.mark.parametrize("side,hand,depth", [("w", "1/2", 4), ("b", "0/0", 5), ("w", "0/0", 5)])
def test_midgame_perft(side, hand, depth):
    pos = Position.from_text(MIDGAME % (side, hand))
    board, hands, turn = _from_pos(pos)
    got = [perft(pos, d) for d in range(1, depth + 1)]
    assert got == [ref_perft(board, hands, turn, d) for d in range(1, depth + 1)]
    assert any(m >> 10 & 31 != 31 for m in pos.legal_moves) or got[1] > got[0]
