"""Blockade suite: placement-phase positions decided by who gets blocked.

Runs under CPython and MicroPython. Each entry is (kind, position text,
answers, horizon): with the rest of the placement and one or two turns of movement
(``horizon`` turns), the answers are exactly the moves of the best exact
value -- 'avoid': every other move lets the opponent block the side to move
(or leaves it less well off), 'block': the answers block the opponent by
force. Found by tools/blockade_suite.py (seeded games, screened on the
engine board's move generator) and verified again, one turn deeper too, by
an independent search over the rules core in
tests/test_engine_tactics_verify.py (CPython only).

Levels 4 and 5 must solve every entry within their own budgets (their node
caps, the same as on the board).
"""
import gc
from morris import Position
from engine import Engine, TOP_LEVEL

BLOCKADE = [
    ('block',
     'standard WWW/.BW/BWW/..BBWB/WBW/..B/... b 0/1 2/0 0/0 -/- f2,d5',
     ['a4'], 2),
    ('block',
     'standard .../.W./.../B.BBB./WWB/WBW/WWW b 1/2 6/0 0/0 -/- e4,c3,a4,b2,e3,d6',
     ['b4xd6', 'g4xd6'], 4),
    ('avoid',
     'standard WW./BBW/.../BWB.BW/.../BBW/BWW w 1/1 16/0 0/0 -/- d1,d6,f6,b2,g1,a1,b4,a4,a7,b6,d7,d2,f2,f4,g4,c4',
     ['c3', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5'], 3),
    ('block',
     'standard .W./WW./BWB/W.WB../BBW/BWB/... w 1/1 1/0 0/0 -/- b2',
     ['f4'], 3),
    ('block',
     'standard .BW/WWW/BWW/.BW.BB/B../.../..W b 1/2 2/0 0/0 -/- c5,g1',
     ['d1'], 4),
    ('block',
     'standard .../.BB/BWW/BWWW../WWW/..B/... b 1/2 2/0 0/0 -/- f2,d5',
     ['d2'], 5),
    ('block',
     'standard BWW/WWB/BB./.B...B/..W/WB./.WW b 1/2 15/0 0/0 -/- g7,a7,g1,g4,e3,d2,b2,d5,b6,b4,d6,f6,d7,c5,d1',
     ['a1', 'a4'], 5),
]


def test_suite_size_and_kinds():
    assert len(BLOCKADE) >= 20
    for kind, text, answers, horizon in BLOCKADE:
        assert kind in ("avoid", "block")
        pos = Position.from_text(text)
        assert pos.hand[0] + pos.hand[1] > 0, text  # placement phase
        legal = [pos.move_text(m) for m in pos.legal_moves]
        assert answers and all(a in legal for a in answers) and len(answers) * 2 <= len(legal)


def test_levels_4_and_5_solve_the_blockade_suite():
    gc.collect()
    failed = []
    for level in (4, TOP_LEVEL):
        eng = Engine(level, seed=3)
        for kind, text, answers, horizon in BLOCKADE:
            pos = Position.from_text(text)
            eng.new_game()
            m = eng.think(pos)
            if pos.move_text(m) not in answers:
                failed.append((level, text, pos.move_text(m)))
            gc.collect()
    assert not failed, failed
