"""Perft and legal-turn lists of every preset against Sanmill's own engine.

tests/data/variants.json (a copy of the reference data, see tests/data/variants.md)
gives, for Sanmill's 13 presets, turn-level perft from the start and from
positions reached by play, with their full legal-turn lists. Sanmill counts a
turn with several captures once per order of removal; ``perft_orders`` does
the same. The positions are replayed from Sanmill's action lists through the
record reader (``notation.next_turn``), so the interchange is checked too.
Depths here run in seconds; tools/variants_bench.py runs the deepest.
"""
import json
import os
import subprocess
import sys

import pytest

from morris import Position, Rules, play_record
from morris.perft import perft_orders, order_lists
from morris.position import move_captures
from morris.sanmill import from_sanmill_fen, to_sanmill_fen

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = json.load(open(os.path.join(ROOT, "tests", "data", "variants.json")))
# Sanmill's preset keys -> ours (its nine-stone game is our `standard`)
PRESET = {"nine": "standard", "one_time_mill": "one-time-mill", "cham_gonu": "cham-gonu",
          "zhi_qi": "zhi-qi", "cheng_san_qi": "cheng-san-qi", "da_san_qi": "da-san-qi",
          "mul_mulan": "mul-mulan", "el_filja": "el-filja"}
START_DEPTH = 4
POSITION_BUDGET = 300000   # deepest depth whose reference count is at most this


def preset(key):
    return PRESET.get(key, key)


def turn_texts(pos):
    """Every legal turn in Sanmill's form: one text per order of its captures."""
    out = []
    for m in pos.legal_moves:
        text = pos.move_text(m)
        caps = move_captures(m)
        if len(caps) < 2:
            out.append(text)
            continue
        head = text.split("x")[0]
        for order in order_lists(pos, m):
            out.append(head + "".join("x" + pos.geo.names[c] for c in order))
    return sorted(out)


def replay(key, actions):
    return play_record(Position(Rules(preset(key))), actions)


CASES = [(k, i) for k in DATA for i in range(len(DATA[k]["positions"]))]


def test_every_sanmill_preset_is_ours():
    assert len(DATA) == 13
    for key in DATA:
        Rules(preset(key))


@pytest.mark.parametrize("key", list(DATA))
def test_start_perft(key):
    pos = Position(Rules(preset(key)))
    want = DATA[key]["start_perft"][:START_DEPTH]
    assert [perft_orders(pos, d) for d in range(1, START_DEPTH + 1)] == want


@pytest.mark.parametrize("key,i", CASES)
def test_position_turns_and_perft(key, i):
    case = DATA[key]["positions"][i]
    pos = replay(key, case["actions"])
    assert "wb"[pos.turn] == case["fen"].split()[1]
    assert turn_texts(pos) == sorted(case["legal_turns"])
    want = [n for n in case["perft"] if n <= POSITION_BUDGET]
    assert len(want) >= 2
    assert [perft_orders(pos, d) for d in range(1, len(want) + 1)] == want


@pytest.mark.parametrize("key,i", CASES)
def test_sanmill_fen_of_each_position(key, i):
    """Sanmill's FEN (current layout) imports as the replayed position and exports back."""
    case = DATA[key]["positions"][i]
    pos = replay(key, case["actions"])
    got = from_sanmill_fen(case["fen"], Rules(preset(key)))
    assert (got.bb, got.hand, got.turn, got.marks, got.used, got.forbid) == \
        (pos.bb, pos.hand, pos.turn, pos.marks, pos.used, pos.forbid)
    # all but the half-move clock (ours restarts at the record's start)
    out = to_sanmill_fen(pos, int(case["fen"].split()[-1])).split()
    assert out[:15] == case["fen"].split()[:15] and out[16] == case["fen"].split()[16]


MP_PRESETS = ("dooz", "cham_gonu", "el_filja", "mul_mulan")
MP_SCRIPT = """
import sys
sys.path.insert(0, %r)
from morris import Position, Rules, play_record
from morris.perft import perft_orders
for name, actions, depth in %r:
    pos = Position(Rules(name))
    if actions:
        play_record(pos, actions)
    print(name, [perft_orders(pos, d) for d in range(1, depth + 1)])
"""


def test_perft_under_micropython_at_a_pico_heap(tmp_path):
    """Four presets (two with 12 stones and full-board removals, marks, intervention)
    count the same under MicroPython with a Pico-sized heap, from .mpy files."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    fw = str(tmp_path / "fw")
    deploy.build(fw, fw=os.path.join(ROOT, "firmware"), log=lambda *a: None)
    jobs = []
    want = []
    for key in MP_PRESETS:
        jobs.append((preset(key), "", 3))
        want.append(DATA[key]["start_perft"][:3])
        for case in DATA[key]["positions"]:
            depth = len([n for n in case["perft"] if n <= 20000])
            if depth:
                jobs.append((preset(key), case["actions"], depth))
                want.append(case["perft"][:depth])
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-X", "heapsize=192k", "-c", MP_SCRIPT % (fw, jobs)],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    got = [line.split(" ", 1) for line in r.stdout.strip().split("\n")]
    assert [g[0] for g in got] == [j[0] for j in jobs]
    assert [json.loads(g[1]) for g in got] == want
