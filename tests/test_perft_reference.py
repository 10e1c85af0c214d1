"""Perft of the rules core against an independent brute-force reference.

The reference (tests/bruteforce.py) is written from docs/rules.md alone (its lines are
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

from bruteforce import Brute, from_position

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _rules_md_lines():
    text = open(os.path.join(ROOT, "docs", "rules.md")).read()
    para = text[text.index("there are sixteen"):text.index("Two points are **adjacent**")]
    lines = [tuple(t.split()) for t in re.findall(r"`([a-g][1-7] [a-g][1-7] [a-g][1-7])`", para)]
    assert len(lines) == 16
    return lines


LINES = _rules_md_lines()
REF = Brute(LINES)
ref_moves = REF.moves
ref_perft = REF.perft
ref_from_position = from_position


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
