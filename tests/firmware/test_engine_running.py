"""Running-mill and cramped-placement suite: positions from the end of the placement
and the early movement where one move avoids (or builds) an unblockable running mill
or a blockade.

Runs under CPython and MicroPython. Each entry is (kind, position text,
answers, depth): with an exact material search ``depth`` plies deep
(tests/firmware/exactsearch.py: the engine board's perft-verified move
generator, material at the horizon, a game's end +-(100 - ply); not the engine's search
or evaluation) the answers are exactly the moves of the best value, better
than every other move by at least two stones (two captures: a mill opened and
closed turn after turn, a double mill, or a blockade that ends the game), where
every won game is one value and every lost game one value (``judge``: a faster
win or a slower loss is not better by two stones). 'build': the answers win the
game or gain two stones or more on the position's material; 'avoid': otherwise,
and every other move lets the opponent do it. The same moves are the answers two
plies shallower and two plies deeper. Found by tools/running_mill_suite.py
``find`` (seeded games: the engine at level 2 mixed with random quiet moves and
blockade attempts; 45 entries of depth 6 by ``find 45 7 6 1`` and 36 of depth 8
by ``find 40 12 8 0.1``, less the 4 that ``check`` did not confirm and, in issue
25, the 21 that the judge's game-end values rejected at one of the three depths:
12 'avoid' entries whose answer loses the game as well, only more slowly (the
old judge took the two plies between a loss at ply 6 and one at ply 8 for two
stones), and 9 whose answer set changes (slower wins by other moves); then
entries 60 and 61 by ``find 10 33 8 0`` with the fixed judge, which keeps only
positions levels 4 and 5 do not both solve: 3 in 2,714 tries, 2 confirmed at
depth 10). ``check`` verifies them two plies deeper and prints which levels
solve each entry within their node caps.

The test verifies every answer at the entry's depth under MicroPython (the
emitted board code: about 28 s of CPU for the suite on the host) and, for every
third entry, two plies shallower under CPython. Levels 4 and 5 (their node caps,
not a clock; a fresh engine of seed 3 per entry) must solve every entry (under
MicroPython: the emitted code), as issue 25 asks; with test seeds 1-6 they did too
(6 Dec 2026: the cramped feature, the cramped-leaf extension and the root order by
the last iteration's values; before them level 4 missed 60 and 61, level 5 60).
"""
import sys
from morris import Position, Rules
from engine.board import Board
from exactsearch import classify

MICRO = sys.implementation.name == "micropython"

RUNNING = [
    ('avoid',
     'standard WB./BWW/BBW/.WW.../WB./BWB/WB. b 0/1 17/0 0/0 -/- c3,d3,d2,b6,c4,c5,d6,d1,a7,d5,f6,b2,b4,f2,a1,d7,e5',
     ['a4'], 6),
    ('avoid',
     'standard WB./BWB/.W./B..BW./..W/.BB/WWW w 1/1 1/0 0/0 -/- d2',
     ['b2'], 6),
    ('avoid',
     'standard ..W/BW./..W/WWWBW./BBB/B../BWB b 0/0 0/0 0/0 -/- -',
     ['d3-d2'], 6),
    ('avoid',
     'standard BWB/.W./BW./WWWBW./BW./.W./BB. b 0/0 2/0 0/0 -/- e3-e4,g4-f4',
     ['g7-g4'], 6),
    ('avoid',
     'standard ..B/B.B/WWW/.B.BW./BWW/WB./WWB w 0/0 1/0 0/0 -/- d6-f6',
     ['c5-c4', 'd5-d6'], 6),
    ('avoid',
     'standard ..W/.../.BW/BB.BWW/.BW/WWB/WBB w 1/1 16/0 0/0 -/- e3,e4,e5,d3,f4,d5,b2,g1,g7,f2,g4,b4,a1,d1,d2,a4',
     ['c4'], 6),
    ('avoid',
     'standard WWB/WBW/.BW/.WB..W/WBB/W../..B b 0/1 0/0 0/0 -/- -',
     ['d2'], 6),
    ('avoid',
     'standard W../W.B/W.B/WB...B/BWB/.W./WBW w 1/1 3/0 0/0 -/- g4,g1,b4',
     ['e4'], 6),
    ('avoid',
     'standard WB./BWB/.../WW..W./WBB/.WB/WBW b 0/1 0/0 0/0 -/- -',
     ['c4'], 6),
    ('avoid',
     'standard .BW/BBW/.W./.WBWBB/W../BWW/.WB b 0/1 17/0 0/0 -/- c3,c4,b4,b2,d2,g1,d5,d6,f6,f4,e4,d7,d1,b6,g7,g4,f2',
     ['d3'], 6),
    ('avoid',
     'standard B../.../B.W/WBWBWW/BWW/B.W/BWB b 0/0 2/0 0/0 -/- c5,d2-f2',
     ['b2-d2'], 6),
    ('avoid',
     'standard .W./B../WBW/BWBBW./..B/WB./WBW w 1/1 16/0 0/0 -/- g1,b6,b2,d1,a1,c4,b4,d2,d7,a4,c5,d5,e5,e4,f4,e3',
     ['d3'], 6),
    ('avoid',
     'standard .WB/B.W/BW./.BWWBW/BWB/WB./..W b 0/1 17/0 0/0 -/- e4,c3,d3,d2,c4,c5,d5,f4,f6,b6,b2,e3,d7,b4,g1,g7,g4',
     ['d6'], 6),
    ('build',
     'standard .BB/BWB/.../BWBBW./W.B/WWW/W.W w 0/0 1/0 0/0 -/- g4-g7',
     ['d2-d1xa4', 'd2-d1xd7', 'd2-d1xg7'], 6),
    ('avoid',
     'standard WWB/W.W/.W./B..BBW/.BW/.BW/BWB b 0/1 17/0 0/0 -/- d1,g7,d7,a4,g4,f4,f2,a1,a7,d3,e3,g1,b6,e4,d5,d2,f6',
     ['d6'], 6),
    ('avoid',
     'standard ..W/.../W.B/BWBWB./WBW/BWB/WB. w 1/1 16/0 0/0 -/- e4,e5,a1,f4,c3,d3,g7,b2,d2,d1,b4,a4,e3,c4,c5,f2',
     ['f6'], 6),
    ('avoid',
     'standard .../BWW/.../BW.BBW/WBW/B.W/BWB w 1/1 16/0 0/0 -/- e3,f4,g4,g1,d1,e4,f2,d3,b4,b2,c3,b6,f6,a1,d6,a4',
     ['a7'], 6),
    ('avoid',
     'standard BWB/B../..W/BW.BWW/..W/BWB/WWB b 0/1 17/0 0/0 -/- d7,g7,e5,a7,b4,e4,f4,a4,g4,g1,a1,b2,d2,b6,d1,f2,e3',
     ['d3'], 6),
    ('build',
     'standard B.W/B.W/BBW/WWW.W./..W/.BW/B.B w 0/0 1/0 0/0 -/- b2-d2',
     ['f4-e4xa1', 'f4-e4xd2', 'f4-e4xg1'], 6),
    ('avoid',
     'standard BWB/W.B/.W./W..BWB/BW./BWB/WBW b 0/0 21/0 0/0 -/- g1,g4,f4,f6,a4,b4,b6,d1,a1,g7,d6,f2,d7,e4,e3,a7,d2,c3,e3-d3,b4-b2,d6-d5',
     ['f6-d6'], 6),
    ('avoid',
     'standard W.B/B../BBB/BW..BW/WW./W.W/.WB b 0/1 1/0 0/0 -/- g4',
     ['d2'], 6),
    ('avoid',
     'standard .W./BWB/.../BW.W../BBB/BWB/WBW b 0/0 1/0 0/0 -/- a7-d7',
     ['c3-c4'], 6),
    ('avoid',
     'standard .WB/BWB/.W./.BW..W/W.B/BWW/B.. b 0/1 0/0 0/0 -/- -',
     ['c5'], 6),
    ('build',
     'standard WBW/W.B/.../W.WWBB/.B./..B/WB. b 0/0 1/0 0/0 -/- b4-b6',
     ['f2-d2xb6', 'f2-d2xc4'], 6),
    ('avoid',
     'standard WBB/W../.B./B..BWW/WBW/.B./WB. w 1/1 2/0 0/0 -/- b6,g7',
     ['d6'], 6),
    ('avoid',
     'standard W../.BW/BWW/BWBB../.BW/BW./.BW w 1/1 16/0 0/0 -/- d2,d1,e5,d6,d5,a4,b4,b2,g1,c4,e3,e4,a7,d3,f6,c5',
     ['c3'], 6),
    ('avoid',
     'standard ..W/.../W.B/.WBWWB/WBB/B.B/BWW w 1/1 16/0 0/0 -/- c3,c4,b4,e3,f4,d3,c5,f2,g1,b2,e4,e5,d1,g4,g7,a1',
     ['d2'], 6),
    ('avoid',
     'standard B.W/.BB/.BW/WW..BW/.B./.BW/WBW w 0/0 0/0 0/0 -/- -',
     ['g7-d7'], 6),
    ('avoid',
     'standard B.W/.../..W/WBBWB./WBW/WBW/B.. w 1/1 3/0 0/0 -/- d3,f2,f4',
     ['d1'], 6),
    ('avoid',
     'standard WWW/WB./BW./.BB.W./..B/.W./BBB w 0/0 0/0 0/0 -/- -',
     ['a7-a4'], 6),
    ('avoid',
     'standard .B./BWW/BBW/WW.BW./..W/BWB/BW. b 0/1 17/0 0/0 -/- d6,b2,f4,d5,b4,c5,e5,f2,d2,e4,f6,d7,e3,a1,a4,b6,d1',
     ['d3'], 6),
    ('avoid',
     'standard .WB/BBW/BW./.WWBW./.../BWB/WBW b 0/1 17/0 0/0 -/- g1,d1,d2,b2,f6,f2,f4,g7,a1,c5,d7,d6,b4,b6,c4,e4,d5',
     ['a4'], 6),
    ('avoid',
     'standard BW./.WB/WWB/..B.WB/..W/.BB/WWW b 0/0 0/0 0/0 -/- -',
     ['c4-b4'], 6),
    ('avoid',
     'standard .../.../.WB/BWBWBW/B.W/BWW/WBB w 1/1 16/0 0/0 -/- b4,b2,f2,c3,d2,c4,e4,d1,e3,e5,a1,g1,d5,f4,g4,a4',
     ['c5'], 6),
    ('avoid',
     'standard .../.BW/.WB/BBWWBW/BWB/W.W/WB. b 0/1 17/0 0/0 -/- a1,b4,d3,e3,f6,a4,d5,d6,c4,f4,f2,c3,g4,e5,e4,d1,b2',
     ['d2'], 6),
    ('avoid',
     'standard ..W/B.B/W../.WB.WB/WB./BWB/WBW w 1/1 16/0 0/0 -/- c3,c4,b4,f2,c5,d1,g1,b6,d2,d3,f4,g4,g7,f6,a1,b2',
     ['d6'], 6),
    ('avoid',
     'standard ..W/BBW/..B/WW.WBB/WBW/WWB/B.. b 0/1 17/0 0/0 -/- d2,b6,b4,e5,a4,d3,f6,g4,e4,a1,b2,f4,c3,f2,e3,d6,g7',
     ['c4'], 8),
    ('build',
     'standard B../..B/WWW/WBWBW./.BW/BW./WB. b 0/1 0/0 0/0 -/- -',
     ['b6xd2'], 8),
    ('avoid',
     'standard WB./WBB/.WW/...B../WWW/W.B/BBB w 0/0 0/0 0/0 -/- -',
     ['a7-a4', 'c3-c4', 'd3-d2'], 8),
    ('avoid',
     'standard W.W/WBB/BW./.B.WBB/.BW/.WW/.BW b 0/1 17/0 0/0 -/- g1,c5,f2,d1,g7,g4,b6,b4,e4,f4,d2,d3,e3,d6,a7,f6,d5',
     ['e5'], 8),
    ('avoid',
     'standard W.B/WB./BW./.BW.W./WB./BWB/.WB w 1/1 16/0 0/0 -/- d2,d3,b6,b2,d5,d6,c4,g7,c3,f2,d1,g1,f4,c5,a7,b4',
     ['g4'], 8),
    ('build',
     'standard W.W/B../W../BWB..B/WWB/WBW/BBW b 0/1 17/0 0/0 -/- d3,e3,c3,d2,f2,c4,b2,a1,b4,d1,g7,b6,c5,a4,g1,g4,a7',
     ['f4'], 8),
    ('build',
     'standard B../.W./BBW/W.WBB./.WB/.BW/WWW b 0/1 0/0 0/0 -/- -',
     ['g4xe5'], 8),
    ('build',
     'standard WB./.W./.B./WBB.W./.W./.WB/WWB w 1/1 1/0 0/0 -/- d5',
     ['b6'], 8),
    ('avoid',
     'standard WBW/B.B/.../.WBWWB/W.B/BW./.BW w 1/1 16/0 0/0 -/- g7,d7,g1,d1,b4,b6,d2,g4,a7,c4,c3,b2,f4,e3,e4,f6',
     ['d6'], 8),
    ('avoid',
     'standard W.B/WBW/BW./W.B.../..W/BWB/BBW w 1/1 16/0 0/0 -/- d2,d6,e3,b2,b6,d1,a7,c4,d5,c5,a4,g7,f6,f2,g1,a1',
     ['c3'], 8),
    ('build',
     'standard .BW/.BW/WWB/.BWB.B/.W./WWB/B.W b 0/1 17/0 0/0 -/- g7,g4,g1,d7,d5,b4,d3,d6,b2,e4,d2,f2,f6,e5,c4,a1,c5',
     ['e3xd3'], 8),
    ('build',
     'standard W../.WB/..B/WW.W.W/WBB/BWB/BB. w 1/1 16/0 0/0 -/- a4,b2,e4,e3,c3,f6,d2,d1,b4,d3,a7,e5,d6,a1,g4,f2',
     ['f4xa1', 'f4xd1'], 8),
    ('avoid',
     'standard W../BBW/B.B/BB.WBW/WWW/WB./... w 0/0 4/0 0/0 -/- d7-a7,g4-f4,g7-g4,c4-c5',
     ['c3-c4'], 8),
    ('build',
     'standard W.W/.BB/WB./WWB.WB/W.W/BWB/BB. b 0/0 19/0 0/0 -/- d2,d6,c5,b2,b4,d1,c3,d5,a4,f2,f4,c4,e3,g4,d7,a1,g7,f6,d7-a7',
     ['g4-g1xd2'], 8),
    ('avoid',
     'standard .W./.BW/.W./BWBBWB/..W/BBB/WBW w 0/0 0/0 0/0 -/- -',
     ['e3-d3'], 8),
    ('avoid',
     'standard ..B/WW./BBW/WBWW.B/BWB/W../..B b 0/1 3/0 0/0 -/- b2,d5,d6',
     ['f4', 'f6'], 8),
    ('build',
     'standard BWB/WB./W../W.B.BW/WBW/BBW/.B. b 0/0 5/0 0/0 -/- c5,b2,d6-b6,f6-d6,b4-a4',
     ['d1-a1', 'd1-g1'], 8),
    ('build',
     'standard ..B/.W./BBW/WBWWBB/WB./W.W/.BW b 0/1 17/0 0/0 -/- c3,g4,b2,f4,f2,b4,a4,d1,c4,d3,g1,d5,e5,c5,d6,g7,e4',
     ['d2xg1'], 8),
    ('avoid',
     'standard .WB/BW./.BW/.WWB.W/BW./BWB/WB. b 0/1 17/0 0/0 -/- d6,b2,d2,g7,b4,e4,g4,d5,e5,d1,c4,b6,d3,f2,a1,c3,d7',
     ['a4'], 8),
    ('avoid',
     'standard ..W/BWB/B../..WWW./BWB/WBW/BBW b 0/1 17/0 0/0 -/- g1,d2,d3,d1,f2,f6,b2,a1,f4,c3,d6,b6,e4,e3,c4,c5,g7',
     ['g4'], 8),
    ('build',
     'standard WWB/WWW/.BW/BBWB../BW./.B./WB. b 0/0 4/0 0/0 -/- b4,d3,c3,c5-c4',
     ['e4-f4'], 8),
    ('build',
     'standard WWB/.WB/WB./WBWWB./B../WB./.WB b 0/1 17/0 0/0 -/- b2,f4,d1,b4,c4,g7,a4,f6,d6,d2,e4,c3,d7,d5,c5,g1,a7',
     ['a1'], 8),
    ('build',
     'standard W.W/BW./.WB/BWBW.B/B../WB./WBW b 0/1 17/0 0/0 -/- g1,d1,g7,g4,a7,a4,b4,b6,a1,e5,d6,d2,e4,c3,d5,c4,b2',
     ['c5xd6'], 8),
    ('build',
     'standard B../.WB/W.B/BWBWB./WWB/.../WWW b 0/1 6/0 0/0 -/- e3,d3,f6,c5,f4,d6',
     ['f2xe4'], 8),
    ('avoid',
     'standard .W./W../BWB/B.WBWW/BBW/BBB/.W. b 0/0 5/0 0/0 -/- d5,e4,c4,c3,a1-d1',
     ['b2-b4'], 8),
    ('avoid',
     'standard WWW/.B./.../BBW..B/BWB/WB./.WW w 1/1 3/0 0/0 -/- d6,c4,b4',
     ['c5', 'd5', 'e4', 'e5', 'f2', 'f4', 'f6'], 8),
]

def test_suite_shape():
    assert len(RUNNING) >= 30
    kinds = set()
    for kind, text, answers, depth in RUNNING:
        kinds.add(kind)
        pos = Position.from_text(text)
        assert pos.outcome() is None, text
        # the end of the placement (two placements left at most) or the early movement
        assert pos.hand[0] + pos.hand[1] <= 2, text
        assert pos.count[0] + pos.count[1] >= 10, text
        legal = [pos.move_text(m) for m in pos.legal_moves]
        assert answers and all(a in legal for a in answers) and len(answers) * 2 <= len(legal), text
    assert kinds == {"build", "avoid"}


def test_answers_by_exact_search():
    board = Board(Rules("standard"))
    for i, (kind, text, answers, depth) in enumerate(RUNNING):
        if not MICRO and i % 3:
            continue  # CPython (ten times slower): every third entry
        pos = Position.from_text(text)
        if MICRO:
            assert classify(board, pos, depth) == (kind, answers), text
        else:
            got = classify(board, pos, depth - 2)
            assert got is not None and got[1] == answers, (text, got)


def test_levels_4_and_5_solve_every_entry():
    if not MICRO:
        return  # the emitted search (CPython's stand-ins: minutes)
    from engine import Engine
    for level in (4, 5):
        eng = Engine(level, seed=3, ms=600000)   # the node cap decides, not a busy host's clock
        missed = []
        for i, (kind, text, answers, depth) in enumerate(RUNNING):
            pos = Position.from_text(text)
            eng.new_game()
            eng.reseed(3)  # each entry as a fresh engine (tools/running_mill_suite.py solved_by)
            if pos.move_text(eng.think(pos)) not in answers:
                missed.append(i)
        assert missed == [], (level, missed)
