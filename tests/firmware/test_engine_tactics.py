"""Tactical suite: positions with known best moves; the top level solves all.

Runs under CPython and MicroPython. Each entry is (category, position text,
answers): the position in the one-line text form of firmware/morris/
notation.py and the set of correct moves in RULES.md notation. The answers
are verified by an independent exhaustive minimax in
tests/test_engine_tactics_verify.py (CPython only; see there for what an
answer means in each category). The positions come from engine and random
games under every preset (and from random crowded boards for 'blocked'),
kept when the exhaustive search gives a clear, stable answer. (Dropped in
issue 13: 'old-russian WBW/.W./WBB/B....W/WWB/.B./BWW b 0/1 ...' with answer
e4xa7: at depth 7 the quiet c4, which boxes in three White stones, scores
the same, so the answer was a horizon artefact of the depth-5 check. Dropped
in issue 25: 'standard ..B/..B/WBW/.B.W../WWW/..W/WB. b 1/2 ...' with the
block c4: in the exact material search of tests/firmware/exactsearch.py 8 of
the 11 moves, c4 and d6 among them, tie at -2 at depth 6, and d6 scores -1
against c4's -2 at depth 7; the engine's own full-window values prefer d6 at
depths 4, 5 and 6, and the top level solved it with one test seed of six, the
test's, and with none after the few-replies extension.)

Categories: close (form a mill now), block (stop the opponent's mill),
double (make a double threat that wins a stone), capture (choose the
capture that wins), flying (win a flying endgame by force), blocked (avoid
a move that lets the opponent block every stone).
"""
import gc
from morris import Position
from engine import Engine, TOP_LEVEL

CATEGORIES = ("close", "block", "double", "capture", "flying", "blocked")

SUITE = [
    ('close',
     'standard ..B/.WB/.BW/B.BW../W.W/BWW/WB. w 0/0 2/0 0/0 -/- d3-d2,b4-b2',
     ['d2-d3xa4', 'd2-d3xb2', 'd2-d3xc4']),
    ('close',
     'standard ..B/.WB/B.W/BB.W../W.W/.WW/WB. w 0/0 3/0 0/0 -/- d5-c5,d3-d2,b2-b4',
     ['d2-d3xa4', 'd2-d3xb4', 'd2-d3xc5']),
    ('close',
     'standard BB./B../W.W/W..W../.W./W.W/... w 0/0 2/0 0/0 -/- c3-d3,g7-b6',
     ['d3-d2xa7', 'd3-d2xb6', 'd3-d2xd7', 'd3-e3xa7', 'd3-e3xb6', 'd3-e3xd7']),
    ('close',
     'wikipedia+double_mill=two+no_return=on W../WB./.BW/.W.W.W/.../WBW/..W w 0/0 3/0 0/0 -/- f2-d2,f4-f2,d1-d5',
     ['f2-f4xd2', 'f2-f4xd5', 'f2-f4xd6']),
    ('close',
     'wikipedia WB./BWW/BW./W..BWW/.../B.B/.WB w 0/0 3/0 0/0 -/- c4-b4,a1-d1,b4-b2',
     ['d1-a1xd7']),
    ('close',
     'wikipedia W../.WW/BWB/W..W.W/.B./.../.WB w 0/0 5/0 0/0 -/- e4-e5,a1-d1,b2-d2,f4-e4,d2-d3',
     ['d1-a1xc5', 'd1-a1xd3', 'd1-a1xe5', 'd1-a1xg1', 'f6-f4xc5', 'f6-f4xd3', 'f6-f4xe5', 'f6-f4xg1']),
    ('close',
     'old-russian .BW/BW./.../BW.BWB/BB./..W/B.W w 0/0 24/0 8000/3100 -/- c3-c4,f4-e4,c4-c5,d2-d3,c5-c4,e4-f4,g4-g7,a7-d7,c4-c5,f4-g4,f6-f4,d6-b6,f4-e4,d5-e5,c5-d5,d3-c3,e4-f4,e5-e4,d5-d6,e4-e5,d1-d2,e5-e4,d2-f2,e3-d3',
     ['d6-f6xc3', 'd6-f6xd3', 'd6-f6xe4']),
    ('close',
     'schmidt BW./..W/WB./.BWW.B/BB./.BW/BB. b 0/0 3/0 0/0 -/- b6-d6,g1-g4,d6-f6',
     ['b4-a4xe4', 'b4-a4xf2', 'b4-a4xf6', 'g4-g1xe4', 'g4-g1xf2', 'g4-g1xf6']),
    ('block',
     'standard B../..W/.BW/WBB.WB/..W/..W/WBW b 1/2 6/0 0/0 -/- c4,a4,a7,e3,d5,e5',
     ['e4']),
    ('block',
     'wikipedia .W./WBB/W../B...B./..W/..W/BBW w 3/3 12/0 0/0 -/- e3,f4,c5,f6,f2,a1,d7,d1,g1,d6,b6,a4',
     ['a7']),
    ('block',
     'wikipedia .BW/..W/.../.B...W/.../..W/B.W b 0/0 0/0 0/0 -/- -',
     ['a1-f4', 'b4-f4', 'd7-f4']),
    ('block',
     'standard .../..W/.../WBWB../..B/.../... w 6/6 6/0 0/0 -/- a4,e3,c4,b4,f6,e4',
     ['e5']),
    ('block',
     'schmidt BW./.W./WB./W...../BBW/.BW/BB. w 2/2 0/0 0/0 -/- -',
     ['g1']),
    ('block',
     'wikipedia W../.../..B/...B../.WB/.WW/BW. b 3/4 1/0 0/0 -/- f2',
     ['b2']),
    ('block',
     'wikipedia WW./.../..B/...B../.WB/BWW/BW. b 2/3 3/0 0/0 -/- f2,b2,d7',
     ['g7']),
    ('double',
     'standard ..B/.WB/.BW/BBBW../WWW/..W/WB. w 0/0 0/0 0/0 -/- -',
     ['d3-d2', 'e4-f4']),
    ('double',
     'standard ..B/.WB/B.W/B..W../WWW/B.W/WB. w 0/0 1/0 0/0 -/- d5-c5',
     ['c3-c4', 'd3-d2', 'e4-f4', 'e5-d5']),
    ('double',
     'wikipedia BBB/.W./.BW/...B../WWW/.W./WWB b 0/0 0/0 0/0 -/- -',
     ['a7-a4', 'e4-f4', 'g7-g4']),
    ('double',
     'schmidt ..W/.WB/..B/..BWWW/.../.../..B w 4/4 1/0 0/0 -/- e5',
     ['d7']),
    ('double',
     'schmidt B../.W./W../W...../B../..W/BBW b 4/5 9/0 0/0 -/- f2,a7,c5,c3,d6,a1,a4,d1,g1',
     ['d3']),
    ('double',
     'wikipedia+double_mill=two+no_return=on B.W/W.B/B.W/.B.WWW/..B/BWW/..W b 0/1 8/0 0/0 -/- b4,f2,f6,e5,e3,d2,b2,b6',
     ['a1', 'a4', 'c3', 'c4']),
    ('double',
     'standard BBW/.W./WBB/W.BW.B/WWB/.BW/BW. w 0/0 18/0 0/0 -/- c5,e3,c3,c4,a4,d7,d1,e5,e4,a7,g7,d5,d6,g4,d3,a1,f2,d2',
     ['e4-f4']),
    ('double',
     'standard BBW/.W./WBB/.WBW.B/WWB/.BW/BW. b 0/0 19/0 0/0 -/- c5,e3,c3,c4,a4,d7,d1,e5,e4,a7,g7,d5,d6,g4,d3,a1,f2,d2,a4-b4',
     ['a7-a4']),
    ('capture',
     'standard ..B/.WB/B.W/BB.W../W.W/.WW/WB. w 0/0 3/0 0/0 -/- d5-c5,d3-d2,b2-b4',
     ['d2-d3xa4', 'd2-d3xb4', 'd2-d3xc5']),
    ('capture',
     'wikipedia .W./.WB/BWW/BB.W../.W./.../.BW w 0/0 3/0 0/0 -/- a1-a4,e3-d3,c4-c5',
     ['d3-e3xa4', 'd3-e3xb4', 'd3-e3xc5']),
    ('capture',
     'wikipedia .BW/.BW/.../.....W/..W/.../.WB b 0/0 8/0 0/0 -/- a1-f4,g1-d1,b4-g1,f2-d2,f4-b6,d2-d3,b6-d6,d3-e3',
     ['g1-d5xd1', 'g1-d5xg4', 'g1-d5xg7']),
    ('capture',
     'wikipedia+double_mill=two+no_return=on .WB/.W./.BB/..B.W./.WB/W.W/... w 0/0 4/0 0/0 -/- f6-d6,e4-e3,c3-d3,c5-c4',
     ['d3-d2xc4', 'd3-d2xd5', 'd3-d2xe5', 'd6-f6xc4', 'd6-f6xd5', 'd6-f6xe5']),
    ('capture',
     'standard .W./W.W/.BW/WBWBWB/..B/W.B/BWB w 0/0 9/0 0/0 -/- f2,b2,g4,d2,g1,d2-d1,d5-c5,d6-d7,c5-d5',
     ['d7-d6xb4']),
    ('capture',
     'old-russian .BW/BW./.../BW.BWB/BB./..W/B.W w 0/0 24/0 8000/3100 -/- c3-c4,f4-e4,c4-c5,d2-d3,c5-c4,e4-f4,g4-g7,a7-d7,c4-c5,f4-g4,f6-f4,d6-b6,f4-e4,d5-e5,c5-d5,d3-c3,e4-f4,e5-e4,d5-d6,e4-e5,d1-d2,e5-e4,d2-f2,e3-d3',
     ['d6-f6xc3', 'd6-f6xd3', 'd6-f6xe4']),
    ('capture',
     'schmidt BW./..W/WB./.BWW.B/BB./.BW/BB. b 0/0 3/0 0/0 -/- b6-d6,g1-g4,d6-f6',
     ['b4-a4xe4', 'b4-a4xf2', 'b4-a4xf6', 'g4-g1xe4', 'g4-g1xf2', 'g4-g1xf6']),
    ('flying',
     'wikipedia .B./..B/.../B...../.W./.W./.W. b 0/0 0/0 0/0 -/- -',
     ['a4-d6', 'f6-a7']),
    ('flying',
     'wikipedia+double_mill=two+no_return=on W../WB./.BW/.W.W.W/.../WBW/..W w 0/0 3/0 0/0 -/- f2-d2,f4-f2,d1-d5',
     ['a7-d7', 'b4-a4', 'b4-c4', 'f2-f4xd2', 'f2-f4xd5', 'f2-f4xd6']),
    ('flying',
     'wikipedia ..B/.W./W../..W..B/.B./.B./B.B b 0/0 1/0 0/0 -/- a7-c4',
     ['a1-d1xc4', 'a1-d1xc5', 'a1-d1xd6', 'd2-d1xc4', 'd2-d1xc5', 'd2-d1xd6', 'g1-d1xc4', 'g1-d1xc5', 'g1-d1xd6', 'g4-f4', 'g7-d7']),
    ('flying',
     'standard .B./.../WWW/W...W./W.B/.../BWW w 0/0 1/0 0/0 -/- b2-a1',
     ['e5-e4']),
    ('flying',
     'standard .WB/WWW/..W/WWW.../.../B../BW. w 0/0 1/0 0/0 -/- g4-g7',
     ['a4-a7', 'c4-c3', 'c4-c5', 'd6-d5', 'e5-d5xa1', 'e5-d5xb2', 'e5-d5xg7', 'f6-f4']),
    ('flying',
     'wikipedia+double_mill=two+no_return=on ..W/.WB/..W/...BWW/.B./..W/..W w 0/0 3/0 0/0 -/- c5-a7,e4-e5,a7-e4',
     ['g7-d7']),
    ('flying',
     'wikipedia .W./B../B../B...../W../.../W.. b 0/0 7/7 0/0 -/- g4-c5,d6-a4,c5-c3,b6-c5,c4-d3,f6-b6,d3-d7',
     ['c5-b4']),
    ('flying',
     'wikipedia+double_mill=two+no_return=on .../W../BWB/.W..BB/.B./.../... b 0/0 2/0 0/0 -/- f6-f4,b2-d5',
     ['e5-e4xb4', 'e5-e4xb6', 'e5-e4xd5']),
    ('blocked',
     'schmidt BBW/WBB/.../.WB.BW/.../.../B.B w 0/0 0/0 0/0 -/- -',
     ['b4-b2']),
    ('blocked',
     'schmidt WBW/.../.../WB..BB/.B./.../.WB w 0/0 0/0 0/0 -/- -',
     ['a4-a1', 'd1-a1xb4', 'd1-a1xd7', 'd1-a1xg1', 'd1-a1xg4', 'd1-d2']),
    ('blocked',
     'wikipedia WWB/.BW/B.B/B...W./B.B/..B/... w 0/0 0/0 0/0 -/- -',
     ['f4-g4']),
]


def test_suite_has_every_category():
    assert len(SUITE) >= 30
    for cat in CATEGORIES:
        assert sum(1 for e in SUITE if e[0] == cat) >= 3, cat


def test_top_level_solves_suite():
    gc.collect()
    eng = Engine(TOP_LEVEL, seed=1, ms=600000)  # the node cap decides, not a busy host's clock
    failed = []
    for cat, text, answers in SUITE:
        pos = Position.from_text(text)
        eng.new_game()
        m = eng.think(pos)
        if pos.move_text(m) not in answers:
            failed.append((cat, text, pos.move_text(m)))
    assert not failed, failed
