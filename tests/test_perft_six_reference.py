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

from bruteforce import Brute, from_position

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
REF = Brute(LINES, LINKS, fly=False)


def test_board_is_the_documented_one():
    geo = Rules("six").geo
    assert sorted(geo.names) == sorted(POINTS)
    assert sorted(tuple(sorted(ln.split())) for ln in geo.line_names) == sorted(tuple(sorted(ln)) for ln in LINES)
    for p in POINTS:
        assert {geo.names[q] for q in geo.adj_points[geo.point(p)]} == REF.adj[p]


def test_start_perft_to_depth_5():
    pos = Position(Rules("six"))
    board, hand, side = from_position(pos)
    for d in range(1, 6):
        assert perft(pos, d) == REF.perft(board, hand, side, d), d


MIDGAME = "six B.W/W.B/.WBW/B.W/... %s %s 0/0 0/0 -/- -"


@pytest.mark.parametrize("side,hand,depth", [("w", "1/2", 4), ("b", "0/0", 5), ("w", "0/0", 5)])
def test_midgame_perft(side, hand, depth):
    pos = Position.from_text(MIDGAME % (side, hand))
    board, hands, turn = from_position(pos)
    got = [perft(pos, d) for d in range(1, depth + 1)]
    assert got == [REF.perft(board, hands, turn, d) for d in range(1, depth + 1)]
    assert any(m >> 10 & 31 != 31 for m in pos.legal_moves) or got[1] > got[0]
