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
     'standard .../WBW/WWW/BBBB../.../WBW/WB. b 0/1 4/0 0/0 -/- d2,f6,e4,f2',
     ['f4'], 2),
    ('block',
     'standard WB./WB./W../WBB.../.../WB./WWW b 1/2 2/0 0/0 -/- d6,b2',
     ['g4'], 4),
    ('block',
     'standard WBW/W../.B./WBWBBB/.../.BW/BWW b 0/1 1/0 0/0 -/- c4',
     ['d6xc4'], 2),
    ('block',
     'standard WB./WWB/WBW/WWBW../WBB/B../B.. b 0/1 17/0 0/0 -/- e4,e3,e5,d5,c5,d7,d6,a1,c3,c4,b6,b2,a4,d3,a7,f6,b4',
     ['f4'], 2),
    ('block',
     'standard BBW/..W/.B./WB..BW/.../WBW/W.W b 1/2 4/0 0/0 -/- d7,b2,f4,f6',
     ['d1'], 4),
    ('avoid',
     'standard BWW/.BW/.../.B..BW/BWB/WBW/BW. w 1/1 16/0 0/0 -/- b2,d2,d3,e3,f2,b4,d1,a1,g7,f4,g4,d6,f6,c3,d7,a7',
     ['c4', 'c5', 'd5', 'e4', 'e5'], 3),
    ('block',
     'standard .../..W/WBW/BB.WB./..B/WBW/WWB b 1/2 15/0 0/0 -/- e4,f4,f2,d2,e5,e3,d1,d5,a1,a4,b2,g1,c5,b4,f6',
     ['d6'], 4),
    ('avoid',
     'standard W.W/BB./.../WWB.BW/.B./BWW/BWB w 1/1 16/0 0/0 -/- g4,g1,d1,b6,b4,b2,d2,d3,a4,f4,g7,a1,f2,c4,a7,d6',
     ['c5', 'd5', 'e3', 'e4', 'e5'], 3),
    ('block',
     'standard BBW/.BB/..W/WB.BWW/..W/.BW/WWB b 0/1 17/0 0/0 -/- e3,e4,f4,d6,g4,d2,d1,g1,a1,f6,f2,b4,a4,d7,e5,a7,g7',
     ['d5xe3'], 2),
    ('block',
     'standard .BW/BWW/.BW/.B.BWB/.WW/WBW/... b 0/1 6/0 0/0 -/- d7,e3,d2,d3,b6,g7',
     ['c3'], 2),
    ('block',
     'standard WBB/BWB/.W./BW..W./..W/.WB/WBB w 1/1 16/0 0/0 -/- a7,f6,f4,g7,d6,a4,d5,d7,b4,g1,a1,d1,d2,b6,e3,f2',
     ['g4'], 3),
    ('block',
     'standard BWW/WB./.../.B..BW/.B./WBW/WBW b 0/1 3/0 0/0 -/- b6,b4,a1',
     ['a4'], 2),
    ('block',
     'standard WB./.../.BW/WB.WB./BWB/W.W/WWB b 0/1 4/0 0/0 -/- g1,e4,c3,e5',
     ['d2'], 2),
    ('block',
     'standard B../.../WBW/W.BB.B/WBW/WWB/WBW b 0/1 17/0 0/0 -/- d2,d1,g1,d5,a1,a7,a4,d3,c3,c4,e3,g4,b2,f2,c5,e4,e5',
     ['b4'], 2),
    ('block',
     'standard WBW/.../B../.BW.BW/WB./BWW/WBW b 0/1 2/0 0/0 -/- b2,a7',
     ['a4'], 2),
    ('block',
     'standard .../.B./BWB/.BWWBW/WBW/WWB/.BW b 0/1 17/0 0/0 -/- c3,d3,c4,c5,d5,e5,g1,b4,d2,d1,b2,f2,g4,d6,e3,f4,e4',
     ['g7'], 2),
    ('block',
     'standard WB./WWB/W.W/BWBWB./WBW/B../... b 0/1 4/0 0/0 -/- f4,b6,d3,a7',
     ['d5'], 2),
    ('block',
     'standard .../.BB/WWB/BWBWB./WWB/WBW/.W. b 0/1 17/0 0/0 -/- f2,f4,e4,d2,d3,c4,b4,e3,d1,e5,c3,d6,c5,a4,d5,f6,b2',
     ['b6xd1'], 2),
    ('avoid',
     'standard WB./BW./.BW/B..BWB/.../.BW/WWW w 1/1 11/0 0/0 -/- b6,d6,d7,a7,g4,f4,e4,f2,a4,e5,d5',
     ['b2', 'b4', 'c3', 'c4', 'c5', 'd3', 'e3'], 3),
    ('block',
     'standard WB./..W/WBW/B.B.B./WWW/.BW/... b 1/2 10/0 0/0 -/- a4,a7,d7,e5,d2,f6,f4,c5,d5,f2',
     ['e4'], 4),
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
        eng = Engine(level, seed=3, ms=600000)  # the node cap decides, not a busy host's clock
        for kind, text, answers, horizon in BLOCKADE:
            pos = Position.from_text(text)
            eng.new_game()
            m = eng.think(pos)
            if pos.move_text(m) not in answers:
                failed.append((level, text, pos.move_text(m)))
            gc.collect()
    assert not failed, failed
