"""One LED table (firmware/board/leds.py) for the board, the page and the docs: every
meaning has its own colour and a second cue (blink pattern, ring or dot), the board
blinks / pulses exactly the meanings the table says, and the LED list of
docs/board_controller.md is the table."""
import os
import re

import host_sim  # noqa: F401  (firmware/ on sys.path)
from board import leds
from board.controller import Controller
from host_sim.sim import catalogue

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_meaning_has_its_own_colour_and_a_second_cue():
    from board.ledtext import TEACH
    assert len(leds.PALETTE) == len(leds.DESCRIPTIONS) + len(TEACH) == len(leds.MEANINGS)
    assert len(set(leds.PALETTE)) == len(leds.PALETTE)
    assert not set(leds.BLINKING) & set(leds.PULSING)
    assert leds.palette_list() == list(leds.PALETTE)
    # the two clashes of the old palette: the computer's move and the hint, a stone
    # to remove and the opponent's threat
    t = leds.table()
    assert t["remote_to"]["rgb"] != t["hint_mill"]["rgb"] and t["remove"]["rgb"] != t["hint_threat"]["rgb"]
    assert t["remote_to"]["cue"] != t["hint_mill"]["cue"] and t["remove"]["cue"] != t["hint_threat"]["cue"]


def test_the_board_blinks_and_pulses_as_the_table_says():
    # a computer's move pulses: full level, then a quarter, at PULSE_MS
    c = Controller(players=("remote", "human"))
    c.step(0, 0)
    c.remote_move("d2")
    d2 = c.position.geo.point("d2")
    seen = set()
    for t in range(0, 4 * leds.PULSE_MS, 50):
        seen.add(tuple(c.step(t, 0)[d2]))
    full = leds.PALETTE[leds.REMOTE_TO]
    assert seen == {full, leds.dim(full)}
    # a stone taken back off the board blinks (missing) at BLINK_MS
    c = Controller()
    for t in range(0, 500, 10):
        c.step(t, 1)                      # a1 placed: White's move
    assert c.record() == ["a1"]
    frames = {tuple(c.step(t, 0)[0]) for t in range(500, 500 + 4 * leds.BLINK_MS, 25)}
    full = leds.PALETTE[leds.MISSING]
    assert {full, leds.dim(full)} <= frames <= {full, leds.dim(full), (0, 0, 0)}


def test_the_docs_list_the_table():
    with open(os.path.join(ROOT, "docs", "board_controller.md"), encoding="utf-8") as f:
        doc = f.read()
    block = doc.split("<!-- LED table start -->")[1].split("<!-- LED table end -->")[0]
    rows = {}
    for line in block.strip().split("\n")[2:]:
        cells = [x.strip() for x in line.strip("|").split("|")]
        rgb = tuple(int(v) for v in re.search(r"\((\d+), (\d+), (\d+)\)", cells[1]).groups())
        rows[cells[0]] = {"rgb": list(rgb), "cue": cells[2], "mark": cells[3], "text": cells[4]}
    want = leds.table()
    del want["off"]
    assert rows == want


def test_the_page_gets_the_table():
    assert catalogue()["table"] == leds.table()
    with open(os.path.join(ROOT, "host_sim", "static", "app.js"), encoding="utf-8") as f:
        js = f.read()
    legend = js[js.index("function renderLegend"):js.index("// ---- setup panel")]
    assert not re.search(r"#[0-9a-f]{6}|rgb\(\d", legend), "the legend has no colours of its own"
