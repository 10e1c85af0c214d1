"""The engine board (firmware/engine/board.py) against the reference counts, every preset.

Issue 23's acceptance 2: the engine's own board counts what the rules core
counts -- Sanmill's turn-level perft of tests/data/variants.json (a turn
counted once per order of its captures: engine/probe.py ``perft_orders``)
from the start and from the 40 reference positions, their full legal-turn
lists, and Six Men's Morris's counts of the independent brute force
(tests/bruteforce.py) -- under CPython and under the MicroPython unix port
with the engine's machine code (.mpy files from tools/deploy.py's build,
a Pico-sized heap). The unix port runs the depths of
tests/test_variants_reference.py (start depth 4, positions up to 300,000
leaves); CPython, ten times slower, one ply less from the start and
positions up to 20,000 leaves. tools/variants_bench.py-style full depths:
tools/perft.py --engine --micropython.
"""
import json
import os
import subprocess
import sys

import pytest

from morris import Position, Rules, play_record
from morris.perft import order_lists
from engine.probe import BoardProbe

from bruteforce import Brute, from_position
from test_perft_six_reference import LINES, LINKS, MIDGAME
from test_variants_reference import DATA, preset, START_DEPTH, POSITION_BUDGET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPY_START_DEPTH = START_DEPTH - 1
CPY_BUDGET = 20000


def engine_turn_texts(pos, board):
    """The engine board's legal turns of ``pos`` in Sanmill's form (one text per order
    of a turn's captures), sorted; empty once the game is over (as legal_moves)."""
    board.load(pos)
    if board.terminal():
        return []
    out = []
    for m in board.moves():
        text = pos.move_text(m)
        if "x" not in text or text.count("x") < 2:
            out.append(text)
            continue
        head = text.split("x")[0]
        for order in order_lists(pos, m):
            out.append(head + "".join("x" + pos.geo.names[c] for c in order))
    return sorted(out)


def _board(key):
    return BoardProbe(Rules(preset(key)))


@pytest.mark.parametrize("key", list(DATA))
def test_start_perft_cpython(key):
    b = _board(key)
    b.load(Position(b.rules))
    want = DATA[key]["start_perft"][:CPY_START_DEPTH]
    assert [b.perft_orders(d) for d in range(1, len(want) + 1)] == want


@pytest.mark.parametrize("key", list(DATA))
def test_reference_positions_turns_and_perft_cpython(key):
    b = _board(key)
    for case in DATA[key]["positions"]:
        pos = play_record(Position(b.rules), case["actions"])
        assert engine_turn_texts(pos, b) == sorted(case["legal_turns"]), case["kind"]
        b.load(pos)
        want = [n for n in case["perft"] if n <= CPY_BUDGET]
        assert [b.perft_orders(d) for d in range(1, len(want) + 1)] == want, case["kind"]


def test_six_against_the_brute_force_cpython():
    ref = Brute(LINES, LINKS, fly=False)
    pos = Position(Rules("six"))
    b = BoardProbe(pos.rules).load(pos)
    board, hand, side = from_position(pos)
    assert [b.perft(d) for d in range(1, 5)] == [ref.perft(board, hand, side, d) for d in range(1, 5)]
    for s, h in (("w", "1/2"), ("b", "0/0")):
        pos = Position.from_text(MIDGAME % (s, h))
        b.load(pos)
        board, hands, turn = from_position(pos)
        assert [b.perft(d) for d in range(1, 5)] == [ref.perft(board, hands, turn, d) for d in range(1, 5)]


MP_SCRIPT = """
import sys
sys.path.insert(0, %r)
from morris import Position, Rules, play_record
from engine.probe import BoardProbe
from engine.emit import emitted
from engine.board import gen
print("emitted", emitted(gen))
b = None
for name, actions, text, depth, turns in %r:
    if b is None or str(b.rules) != name:
        b = None
        b = BoardProbe(Rules(name))
    pos = Position.from_text(text) if text else Position(b.rules)
    if actions:
        play_record(pos, actions)
    b.load(pos)
    out = []
    if turns:
        out = [pos.move_text(m) for m in b.moves()]
    print(name, [b.perft_orders(d) for d in range(1, depth + 1)], sorted(out))
"""


def test_perft_and_turns_under_micropython_at_a_pico_heap(tmp_path):
    """Every preset's start and reference positions (the rules-core test's depths),
    every position's turns (captures as sets, as the rules core writes them), and
    Six's brute-force counts, on the engine board's machine code under MicroPython."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    fw = str(tmp_path / "fw")
    deploy.build(fw, fw=os.path.join(ROOT, "firmware"), log=lambda *a: None, target="host")
    jobs = []
    want = []
    for key in DATA:
        name = preset(key)
        jobs.append((name, "", "", START_DEPTH, False))
        want.append((DATA[key]["start_perft"][:START_DEPTH], []))
        for case in DATA[key]["positions"]:
            pos = play_record(Position(Rules(name)), case["actions"])
            depth = len([n for n in case["perft"] if n <= POSITION_BUDGET])
            jobs.append((name, case["actions"], "", depth, True))
            want.append((case["perft"][:depth], sorted(pos.move_text(m) for m in pos.legal_moves)))
    ref = Brute(LINES, LINKS, fly=False)
    for text in ("", MIDGAME % ("w", "1/2"), MIDGAME % ("b", "0/0"), MIDGAME % ("w", "0/0")):
        pos = Position.from_text(text) if text else Position(Rules("six"))
        board, hands, turn = from_position(pos)
        jobs.append(("six", "", text, 5, False))
        want.append(([ref.perft(board, hands, turn, d) for d in range(1, 6)], []))
    # each case's legal turns from the rules core are checked against the reference
    # by tests/test_variants_reference.py; here the engine's equal the rules core's
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-X", "heapsize=192k", "-c", MP_SCRIPT % (fw, jobs)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    lines = r.stdout.strip().split("\n")
    assert lines[0] == "emitted True"
    got = []
    for line in lines[1:]:
        name, rest = line.split(" ", 1)
        counts, turns = rest.split("] [", 1)
        got.append((name, json.loads(counts + "]"), json.loads("[" + turns.replace("'", '"'))))
    assert [g[0] for g in got] == [j[0] for j in jobs]
    assert [(g[1], g[2]) for g in got] == want
