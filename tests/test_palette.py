"""One LED table (firmware/board/leds.py, its texts in board/legend.py) for the board, the page and the docs: every
meaning has its own colour and a second cue (blink pattern, ring or dot), the board
blinks / pulses exactly the meanings the table says, and the LED list of
docs/board_controller.md is the table."""
import os
import re

import host_sim  # noqa: F401  (firmware/ on sys.path)
from board import leds, legend
from board.controller import Controller
from host_sim.sim import catalogue

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_every_meaning_has_its_own_colour_and_a_second_cue():
    assert len(leds.PALETTE) == len(legend.DESCRIPTIONS) == len(leds.MEANINGS)
    assert len(set(leds.PALETTE)) == len(leds.PALETTE)
    assert not set(leds.BLINKING) & set(leds.PULSING)
    assert leds.palette_list() == list(leds.PALETTE)
    # the two clashes of the old palette: the computer's move and the hint, a stone
    # to remove and the opponent's threat
    t = legend.table()
    assert t["remote_to"]["rgb"] != t["hint_mill"]["rgb"] and t["remove"]["rgb"] != t["hint_threat"]["rgb"]
    assert t["remote_to"]["cue"] != t["hint_mill"]["cue"] and t["remove"]["cue"] != t["hint_threat"]["cue"]
    # learning mode's move quality: two steady dots and a mistake that flashes (a cross on the page)
    assert [t[n]["cue"] for n in ("good", "playable", "mistake")] == ["steady", "steady", "flash"]
    assert [t[n]["mark"] for n in ("good", "playable", "mistake")] == ["dot", "dot", "cross"]
    assert leds.FLASHING == (leds.MEANINGS.index("mistake"),)


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
    want = legend.table()
    del want["off"]
    assert rows == want


def test_the_page_gets_the_table():
    assert catalogue()["table"] == legend.table()
    with open(os.path.join(ROOT, "host_sim", "static", "app.js"), encoding="utf-8") as f:
        js = f.read()
    code = js[js.index("function renderLegend"):js.index("// ---- setup panel")]
    assert not re.search(r"#[0-9a-f]{6}|rgb\(\d", code), "the legend has no colours of its own"


# ---- colour vision (issue 24): every two meanings can be told apart -------------------------
# What a viewer sees of a meaning is the page's mark (static/app.js ledLook: the LED's hue at
# full level, its level as the opacity 0.4 + 0.6 * sqrt(max / 255)) over the board's wood
# (static/index.html, the gradient's middle stop #c98f4f). Colour differences are CIE76 dE in
# CIELAB (D65), under normal vision and under the three common dichromacies simulated at full
# severity (Machado, Oliveira and Fernandes 2009), with the coloraide library.
WOOD = (0xc9, 0x8f, 0x4f)
DICHROMACIES = ("deutan", "protan", "tritan")
MIN_DE = 20          # normal vision
MIN_DE_CVD = 12      # under each dichromacy


def page_look(rgb):
    """(fill (r, g, b), opacity) of a mark on the page, as static/app.js ledLook draws it."""
    m = max(rgb)
    return tuple(int(v * 255 / m + 0.5) for v in rgb), min(1, 0.4 + 0.6 * (m / 255) ** 0.5)   # JS Math.round


def seen(rgb):
    """The colour of a lit mark over the wood: its fill blended at its opacity."""
    fill, alpha = page_look(rgb)
    return tuple(alpha * f + (1 - alpha) * w for f, w in zip(fill, WOOD))


def delta_e(a, b, vision=None):
    """CIE76 dE between two sRGB colours (0..255), seen with ``vision`` (None: normal)."""
    from coloraide import Color
    ca, cb = (Color("srgb", [v / 255 for v in c]) for c in (a, b))
    if vision:
        ca, cb = (c.filter(vision, method="machado") for c in (ca, cb))
    return ca.delta_e(cb, method="76")


def second_cue(a, b):
    """The cue other than colour that tells meaning rows ``a`` and ``b`` apart on the board and
    the page alike, in words, or None. The page's cross (the mistake's mark) is drawn over a dot
    and the board has no cross: it is a dot there, told apart by its blink pattern."""
    if (a["mark"] == "ring") != (b["mark"] == "ring"):
        return "a ring about a stone / a dot on an empty point"
    if a["cue"] != b["cue"]:
        return "the blink pattern (%s / %s)" % (a["cue"], b["cue"])
    return None


def test_every_two_meanings_differ_by_colour_in_every_vision_or_by_a_named_second_cue():
    """Every pair of meanings of the table (learning mode's good / playable / mistake too): of
    the same mark on the board (both rings, or both dots: the page's cross is a dot there) their
    colours differ by dE >= 20 in normal vision, and by dE >= 12 under each dichromacy unless the
    blink pattern tells them apart; of a ring and a dot the mark does (a ring about a stone, a dot
    on an empty point: on the board, a lit stone or a lit free point). Every mark stands out from
    the wood by the same margins."""
    import itertools
    table = legend.table()
    del table["off"]
    bad, told = [], []
    for (na, a), (nb, b) in itertools.combinations(table.items(), 2):
        cue = second_cue(a, b)
        if cue and "ring" in cue:
            told.append((na, nb, cue))
            continue
        sa, sb = seen(a["rgb"]), seen(b["rgb"])
        d = delta_e(sa, sb)
        if d < MIN_DE:
            bad.append("%s / %s: dE %.1f in normal vision" % (na, nb, d))
        for v in DICHROMACIES:
            d = delta_e(sa, sb, v)
            if d < MIN_DE_CVD:
                if cue is None:
                    bad.append("%s / %s: dE %.1f under %s, no second cue" % (na, nb, d, v))
                else:
                    told.append((na, nb, "%s under %s" % (cue, v)))
    for name, row in table.items():
        s = seen(row["rgb"])
        for v in (None,) + DICHROMACIES:
            d = delta_e(s, WOOD, v)
            if d < (MIN_DE if v is None else MIN_DE_CVD):
                bad.append("%s on the wood: dE %.1f (%s)" % (name, d, v or "normal"))
    assert not bad, "\n".join(bad)
    # learning mode's three lights light free points beside other dots: colour alone tells them
    teach = {"good", "playable", "mistake"}
    assert not [t for t in told if "under" in t[2] and teach & set(t[:2])]
    # the blink pattern is needed only where colour fails under a dichromacy: say where
    print("\n".join("%s / %s: told apart by %s" % t for t in told if "under" in t[2]))


def test_the_colour_vision_check_catches_what_it_looks_for():
    # the old palette's clashes: capture / remove under deuteranopia, remote capture / win
    assert delta_e(seen((255, 110, 0)), seen((255, 30, 0)), "deutan") < MIN_DE_CVD
    assert delta_e(seen((255, 170, 0)), seen((255, 190, 40))) < MIN_DE
    ring = {"mark": "ring", "cue": "steady"}
    assert second_cue(ring, dict(ring)) is None
    assert "blink" in second_cue(ring, {"mark": "ring", "cue": "blink"})
    assert "dot" in second_cue(ring, {"mark": "dot", "cue": "steady"})
    # the page's cross alone is no cue (the board has none): the mistake's flash is
    dot = {"mark": "dot", "cue": "steady"}
    assert second_cue(dot, {"mark": "cross", "cue": "steady"}) is None
    assert "flash" in second_cue(dot, {"mark": "cross", "cue": "flash"})
    # half B's first mistake colour vanished into the wood under deuteranopia
    assert delta_e(seen((255, 80, 80)), WOOD, "deutan") < MIN_DE_CVD


# ---- the bytes the LEDs receive (issue 21) ---------------------------------------------

def _sent(colours, brightness):
    """What the Pico's LED driver sends for each colour, one lit point at a time (so
    the current cap never scales), at ``brightness``, with main.py's gamma."""
    import hwfakes
    from hwfakes import machine, cfg
    import main
    from hw.lights import Lights
    from hw import point_names
    machine.reset_board()
    lights = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA, ma_per_channel=cfg.LED_MA_PER_CHANNEL,
                    gamma=main.GAMMA, brightness=brightness)
    led = cfg.LED_INDEX[point_names()[0]]
    out = []
    for c in colours:
        lights.show([c] + [(0, 0, 0)] * 23)
        out.append(hwfakes.decode_leds(machine.STREAMS[-1][1])[led])
    return out


def test_every_meaning_is_distinct_in_the_bytes_sent_at_every_brightness():
    """Issue 21: the meanings as the LEDs receive them (gamma 2.2 and each brightness
    level of the settings, through hw/lights.py): no two meanings (every entry of the
    palette table, so new meanings are covered too) are sent as the same bytes; a
    blinking / pulsing / flashing meaning's low phase (leds.dim, as the controller paints
    it) is never dark, differs from its full phase and from every steady meaning."""
    import settings
    pal = leds.palette_list()
    codes = range(1, len(leds.MEANINGS))
    phased = set(leds.BLINKING) | set(leds.PULSING) | set(leds.FLASHING)
    assert len(pal) == len(leds.MEANINGS)
    for b in settings.BRIGHTNESS:
        full = dict(zip(codes, _sent([pal[c] for c in codes], b)))
        low = dict(zip(sorted(phased), _sent([leds.dim(pal[c]) for c in sorted(phased)], b)))
        seen = {}
        for c in codes:
            assert full[c] != (0, 0, 0), (b, leds.MEANINGS[c])
            assert full[c] not in seen, (b, leds.MEANINGS[c], leds.MEANINGS[seen.get(full[c], 0)], full[c])
            seen[full[c]] = c
        steady = {full[c] for c in codes if c not in phased}
        for c in phased:
            assert low[c] != (0, 0, 0) and low[c] != full[c], (b, leds.MEANINGS[c], low[c])
            assert low[c] not in steady, (b, leds.MEANINGS[c], low[c])


def test_the_controller_paints_the_low_phase_of_leds_dim():
    """The phases the palette test checks are the ones the board paints."""
    c = Controller(players=("remote", "human"))
    c.step(0, 0)
    c.remote_move("d2")
    d2 = c.position.geo.point("d2")
    phases = {tuple(c.step(t, 0)[d2]) for t in range(0, 4 * leds.PULSE_MS, 50)}
    assert phases == {leds.PALETTE[leds.REMOTE_TO], leds.dim(leds.PALETTE[leds.REMOTE_TO])}
