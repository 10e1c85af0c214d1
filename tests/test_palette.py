"""One LED table (firmware/board/leds.py TABLE) for the board, the page and the docs:
every meaning has its own colour and a second cue (blink pattern, ring or dot), the
board blinks / pulses exactly the meanings the table says, and the LED list of
docs/board_controller.md is the table."""
import os
import re

import host_sim  # noqa: F401  (firmware/ on sys.path)
from board import leds
from board.controller import Controller
from host_sim.sim import catalogue

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_meaning_has_its_own_colour_and_a_second_cue():
    assert set(leds.TABLE) == set(leds.MEANINGS)
    colours = [row[0] for row in leds.TABLE.values()]
    assert len(set(colours)) == len(colours)
    names = [row[1] for row in leds.TABLE.values()]
    assert len(set(names)) == len(names)
    for k, (rgb, name, cue, mark, desc) in leds.TABLE.items():
        assert cue in ("steady", "blink", "pulse") and mark in ("ring", "dot"), k
        assert leds.DEFAULT_PALETTE[k] == rgb and leds.DESCRIPTIONS[k] == desc


def test_the_board_blinks_and_pulses_as_the_table_says():
    assert {leds.MEANINGS[c] for c in leds.BLINKING} == {
        k for k, row in leds.TABLE.items() if row[2] == "blink"}
    assert {leds.MEANINGS[c] for c in leds.PULSING} == {
        k for k, row in leds.TABLE.items() if row[2] == "pulse"}
    # a computer's move pulses: full level, then a quarter, at PULSE_MS
    c = Controller(players=("remote", "human"))
    c.step(0, 0)
    c.remote_move("d2")
    d2 = c.position.geo.point("d2")
    seen = set()
    for t in range(0, 4 * leds.PULSE_MS, 50):
        seen.add(tuple(c.step(t, 0)[d2]))
    full = leds.TABLE["remote_to"][0]
    assert seen == {full, leds.dim(full)}


def test_the_docs_list_the_table():
    with open(os.path.join(ROOT, "docs", "board_controller.md"), encoding="utf-8") as f:
        doc = f.read()
    block = doc.split("<!-- LED table start -->")[1].split("<!-- LED table end -->")[0]
    rows = {}
    for line in block.strip().split("\n")[2:]:
        cells = [x.strip() for x in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    want = {}
    for k, (rgb, name, cue, mark, desc) in leds.TABLE.items():
        if k != "off":
            want[k] = ["%s %s" % (name, tuple(rgb)), cue, mark, desc]
    assert rows == want


def test_the_page_gets_the_table():
    cat = catalogue()
    for k, (rgb, name, cue, mark, desc) in leds.TABLE.items():
        assert cat["table"][k] == {"rgb": list(rgb), "colour": name, "cue": cue, "mark": mark,
                                   "text": desc}
    assert not re.search(r"#[0-9a-f]{6}", _legend_js()), "the page has no colours of its own"


def _legend_js():
    with open(os.path.join(ROOT, "host_sim", "static", "app.js"), encoding="utf-8") as f:
        js = f.read()
    return js[js.index("function renderLegend"):js.index("// ---- setup panel")]
