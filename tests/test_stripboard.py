"""The logic board's stripboard layout: its copper, cuts and links make exactly the netlist, and it fits the cavity."""
import os

import toolmod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


sb = toolmod.load("tools/stripboard.py")


def test_layout_makes_the_netlist():
    cuts, links, _ = sb.derive()
    assert sb.check(cuts, links) == []
    assert len(cuts) > 20 and len(links) > 10


def test_a_missing_cut_is_a_short():
    cuts, links, _ = sb.derive()
    for k in range(0, len(cuts), max(1, len(cuts) // 8)):
        faults = sb.check(cuts[:k] + cuts[k + 1:], links)
        assert any("shorted" in f or "touches" in f for f in faults), cuts[k]


def test_a_missing_link_is_an_open_net():
    cuts, links, _ = sb.derive()
    for k in range(len(links)):
        faults = sb.check(cuts, links[:k] + links[k + 1:])
        assert any("open" in f for f in faults), links[k]


def test_every_off_board_wire_has_a_pad():
    pads = sb.pads()
    reached = {p for _, off in pads.values() for p in off}
    for name in [n for n, _, _ in sb.bn.cfg.POINTS]:
        assert "REED_%s.1" % name in reached and "REED_%s.2" % name in reached
    assert {"SW1.1", "SW2.1", "SW3.1", "SW4.1", "SW5.1", "SW5.2", "R1.1"} <= reached


def test_drawings_and_tables_are_current():
    for path, data in sb.expected().items():
        with open(path, "rb") as f:
            assert f.read() == data, "run: .venv/bin/python tools/stripboard.py (%s)" % path


def test_parts_do_not_collide_and_links_run_along_rows_and_columns():
    assert sb.body_faults() == []
    _, links, _ = sb.derive()
    assert all(kind == "bridge" or a[0] == b[0] or a[1] == b[1] or via for _, a, b, kind, via in links)


def test_a_collision_or_a_diagonal_link_is_found():
    place = dict(sb.placement())
    pins, body = place["Q1"]
    moved = tuple(("rect", r[1], r[2] - 2.0, r[3], r[4] - 2.0) for r in sb.rects(body))
    place["Q1"] = (pins, moved)            # the TO-220 two rows nearer the Pico: on the Pico's corner
    faults = sb.body_faults(place)
    assert any("A1 and Q1 overlap" in f for f in faults), faults
    _, links, _ = sb.derive()
    diagonal = links + [("GND", (1, 1), (3, 4), "link", ())]
    assert any("diagonally" in f for f in sb.body_faults(links=diagonal))


def test_every_part_has_a_height_and_a_mounting():
    for ref in sb.placement():
        assert 0 < sb.height_mm(ref) <= 8.0, ref
        assert sb.mounting(ref), ref
    text = open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()
    assert "| Q1 |" in text and "marking up" in text


def test_pad_check_pins_follow_the_74hc165_pinout():
    # Each reed pad is checked against its chip's parallel input (SN74HC165 pinout: A..D pins 11..14, E..H 3..6).
    chip_pin = dict(zip("ABCDEFGH", (11, 12, 13, 14, 3, 4, 5, 6)))
    for name, _, bit in sb.bn.cfg.POINTS:
        assert sb.pad_check_pin("reed " + name) == "U%d pin %d" % (1 + bit // 8, chip_pin["ABCDEFGH"[bit % 8]])
    assert sb.pad_check_pin("reset") == "A1 pin 30"
    assert sb.pad_check_pin("LED +5V") == "U4 pin 14"
    text = open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()
    for pad in sb.pads():
        assert "| %s | " % pad in text and sb.pad_check_pin(pad) in text


def _review1_q1(place):
    """The placement maker review 1 found: Q1's tab 0.41 mm from the Pico's corner (rows 20..25)."""
    place = dict(place)
    pins, body = place["Q1"]
    place["Q1"] = ({n: (c, r - 1) for n, (c, r) in pins.items()},
                   tuple(("rect", x[1], x[2] - 1.0, x[3], x[4] - 1.0) for x in sb.rects(body)))
    return place


def test_q1_bare_tab_keeps_its_clearance_and_the_review_1_placement_did_not():
    """Q1 lies on its tab (the drain, bare metal): after PLACEMENT_TOL_MM of misplacement (a leg bent 0.5 mm
    off, a long TO-220) it still keeps METAL_GAP_MM from the Pico's castellated edge and from every lead of
    another net. The placement of maker review 1 (0.41 mm from the Pico's corner, over GP16's pad) is refused;
    stripboard.md states the figure to measure."""
    assert sb.clearance_faults() == []
    d, ref, what = sb.metal_gaps()[0]
    assert d >= sb.METAL_GAP_MM + sb.PLACEMENT_TOL_MM and what == "the Pico's edge"
    old = sb.clearance_faults(_review1_q1(sb.placement()))
    assert any("0.41 mm from the Pico's edge" in f for f in old), old
    text = open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()
    assert "its bare tab %.1f mm from the Pico's edge as drawn (at least %.1f measured once both are in" % (
        d, sb.METAL_GAP_MM) in text
    before, least = sb.q1_gap_before_pico()       # maker review 11: set Q1 right before it is soldered
    assert before >= least and "before the Pico is in, %.1f mm from the near edge of row 20's holes (at least %.1f: " \
        "measure it before soldering Q1)" % (before, least) in text
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "**before you solder Q1**" in build and "Table 4 gives the figure (at least %.1f mm)" % least in build


def test_links_do_not_lie_on_each_other_except_in_the_stated_order():
    """Maker review 1, item 2: five pairs of links ran along one column over the same holes, the inner link's
    ends under the outer link, with no build order. The router now seeks every link clear of the placed ones
    first; where it cannot, the link under is numbered (fitted) first and table 3 names it. A link numbered
    before one it lies under is a fault."""
    _, links, _ = sb.derive()
    pairs = sb.stacked(links)
    assert len(pairs) <= 2, pairs       # two since F1 moved off the far lane (review 11): +3V3 over VBUS_F
    assert sb.stack_faults() == [] and all(k < j for k, j in pairs)
    text = open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()
    for k, j in pairs:
        assert "| link %d |" % (k + 1) in text.split("## 3.")[1].split("## 4.")[0]
    # a short link under a long one, fitted after it: the review's links 2 and 15 in column 14
    items = [x for x in links if x[3] == "link"]
    long_ = [k for k, x in enumerate(items) if x[1][0] == x[2][0] and abs(x[1][1] - x[2][1]) >= 8][0]
    net, a, b, _, _ = items[long_]
    lo = min(a[1], b[1])
    bad = links + [("GND", (a[0], lo + 2), (a[0], lo + 5), "link", ())]
    assert any("lies under link %d but comes after it" % (long_ + 1) in f for f in sb.stack_faults(bad))


def test_every_part_of_the_parts_table_has_its_value():
    """Maker review 1, item 23: C2..C8 are three values; the parts table names each part's value from the
    netlist (the soft start's from board_netlist.SOFT_START)."""
    text = open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()
    for ref in sb.placement():
        assert "| %s | %s |" % (ref, sb.bn.part_value(ref)) in text, ref
    assert sb.bn.part_value("C6") == "1 uF" and sb.bn.part_value("C8") == "56 nF" and sb.bn.part_value("C7") == "100 nF"


def _hole(name):
    """'C24R31' -> (23, 30), the tool's 0-based hole."""
    c, r = name[1:].split("R")
    return (int(c) - 1, int(r) - 1)


def test_bridges_take_holes_of_their_own():
    """Maker review 2, item 2: six of the 11 bridges ended in holes that later took a part's lead (B1 in R2's pin 1
    at C24R31, B5 and B7 in U4's pins, B9..B11 in the resistor networks' pin 1), and nothing said how a bridge and a
    lead share a hole. Bridges now go where both holes are free of leads, pads, link ends and bends; stripboard.md
    says how one is made (a staple pushed in from the copper side), and the check refuses a shared hole."""
    cuts, links, _ = sb.derive()
    assert sb.bridge_faults(links) == []
    assert sum(1 for x in links if x[3] == "bridge") >= 8
    review2 = links + [("SOFT_G", _hole("C24R30"), _hole("C24R31"), "bridge", ())]
    assert any("C24R31 takes R2 1" in f for f in sb.bridge_faults(review2)), sb.bridge_faults(review2)
    text = " ".join(open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read().split())
    assert "**from the copper side**" in text and "Its two holes take nothing else" in text
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "whose two legs go into its two holes from the copper side" in build


def test_the_pieces_are_cut_where_the_plan_says_and_fit_at_their_real_size(monkeypatch):
    """Maker review 2, items 3 and 4: a piece snapped along a line of holes keeps 2.54 mm of board beyond its last
    holes on that edge; the tools had placed the logic board as 78.7 x 78.7 mm and the SW5 carrier as 15.2 x 12.7
    mm, which no snapped piece is. The cutting plan names where each piece comes from on the 100 x 160 mm board and
    files the logic board and the SW5 carrier to that size (BUILD.md 4.1, generated); every fit check takes the
    real size: as snapped they do not fit."""
    bl = toolmod.load("tools/board_layout.py")
    used = bl._stripboard()                        # the stripboard module board_layout itself reads
    assert sb.cut_faults() == []
    assert abs(sb.piece_size("logic board", "nominal cut")[1] - 80.48) < 0.01      # the review's 80.0 x 80.5
    assert abs(sb.piece_size("SW5 carrier", "nominal cut")[0] - 16.5) < 0.01       # the review's 16.5 x 14.4
    for name in ("logic board", "SW5 carrier"):
        w, h = sb.piece_size(name)
        n = sb.piece_holes(name)
        assert abs(w - n[0] * sb.PITCH) < 0.02 and abs(h - n[1] * sb.PITCH) < 0.02
        assert sb.filing_steps(name)
    feats = bl.layout(400.0)
    assert bl.check(feats, 400.0, bl.logic_board_size()) == []
    for name in ("logic board", "SW5 carrier"):
        (h, s, _) = used.PIECES[name]
        monkeypatch.setitem(used.PIECES, name, (h, s, False))                     # left as snapped
    problems = bl.check(bl.features(400.0), 400.0, bl.logic_board_size())
    assert any("SW5 carrier" in p for p in problems) and any("logic board" in p for p in problems), problems
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "| logic board | 31 x 31 | holes 1..31 of strips 1..31 | 80 x 80.5 |" in build
    assert "the caliper across them reads **78.7**" in build and "the caliper across them reads **12.7**" in build
    assert "| 1 | along strip 32 (holes 1..63) | the whole board |" in build
    assert "filed to 78.7 x 78.7 mm" in open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read()


def test_a_bridge_wire_is_long_enough_to_hold_and_clip():
    """Maker review 3, item 14: a 6 mm piece bent into a 2.54 mm staple left 1.7 mm legs for a 1.6 mm board: nothing to
    hold or clip on the component side. The piece leaves each leg BRIDGE_GRIP_MM or more out of the board; the BOM's
    metre of bare wire makes every bridge; BUILD.md names the piece's length."""
    import re
    bl = toolmod.load("tools/board_layout.py")
    assert sb.BOARD_THICK_MM == bl.STRIPBOARD_MM
    assert sb.bridge_leg_out_mm() >= sb.BRIDGE_GRIP_MM
    _, links, _ = sb.derive()
    bridges = sum(1 for x in links if x[3] == "bridge")
    md = " ".join(open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read().split())
    assert "Cut a %g mm piece of the bare 0.5 mm wire" % sb.BRIDGE_WIRE_MM in md
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    metres = float(re.search(r"\| - \| ([\d.]+) m \| solid tinned copper wire 0.5 mm", bom).group(1))
    assert bridges * sb.BRIDGE_WIRE_MM <= metres * 1000
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "(a %g mm piece: stripboard.md, section 2)" % sb.BRIDGE_WIRE_MM in build


def test_every_text_of_the_drawings_fits_their_width():
    """Maker review 3, item 19: the legends of stripboard.svg and stripboard-copper.svg ran past the right edge
    ('pads purple, b...'): the blue bridge rings' key was unreadable. Every text of the three stripboard drawings,
    measured as the template measures its labels, lies inside the drawing's width; the legend wraps."""
    import xml.etree.ElementTree as ET
    ns = "{http://www.w3.org/2000/svg}"
    for name in ("stripboard.svg", "stripboard-copper.svg", "carriers.svg"):
        root = ET.parse(os.path.join(ROOT, "hardware", name)).getroot()
        _, _, width, height = (float(v) for v in root.get("viewBox").split())
        for t in root.iter(ns + "text"):
            x, y, size = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
            w = sb.text_width(t.text or "", size)
            x0 = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor", "start")]
            assert x0 >= 0 and x0 + w <= width and 0 < y <= height, (name, t.text)
    legend = [t.text for t in ET.parse(os.path.join(ROOT, "hardware", "stripboard.svg")).getroot().iter(ns + "text")
              if t.get("class") == "legend"]
    assert len(legend) > 1 and "blue rings: bridge legs" in " ".join(legend)
    assert sb.wrap_text("a b c", 2.0, 1.0) == ["a", "b", "c"]


def test_every_hole_with_two_link_ends_says_how_the_second_is_joined():
    """Maker review 5, item 2: six lane holes take two link ends each, but the BOM gave no hole size and two 0.5 mm
    wires do not go into a 1.0 mm hole. The BOM states the hole, and stripboard.md 3 and BUILD.md 4.3.1 name every
    such hole (from the links, not by hand) and lap the second end onto the first one's stub."""
    _, links, _ = sb.derive()
    ends = {}
    for k, (_, a, b, _, _) in enumerate([x for x in links if x[3] == "link"]):
        for h in (a, b):
            ends.setdefault(h, []).append(k + 1)
    two = {h: ks for h, ks in ends.items() if len(ks) > 1}
    assert all(len(ks) == 2 and h[0] in sb.LANES.values() for h, ks in two.items())
    assert dict(sb.shared_holes(links)) == two and len(two) == 6
    assert 2 * sb.LINK_WIRE_MM >= sb.HOLE_D_MM      # two wires (no clearance, 24 AWG is 0.51 mm) do not fit
    text = sb.shared_holes_text(links)
    for h, (k1, k2) in two.items():
        assert "%s (links %d and %d)" % (sb._name(h), k1, k2) in text
    assert "A hole is %.1f mm across (BOM) and takes one %g mm wire, not two" % (sb.HOLE_D_MM, sb.LINK_WIRE_MM) in text
    # maker review 6, items 1 and 3: nothing of the first link is cut (its bare end is bent flat at the board, the
    # second link's end soldered beside it, only that end's loose tail clipped), and the strip lengths suffice
    assert "clip what stands above" not in text and "wrap" not in text
    assert "stripped %g mm at that end instead of 3: push it in until %g mm of bare wire stands out" % (
        3 + sb.LAP_STUB_MM, sb.LAP_STUB_MM) in text
    assert "bend that bare wire over flat on the board towards the link's own run (the bend at the board" in text
    assert "The second link's end goes into no hole: cut it %g mm past that hole's centre and strip those %g mm" % (
        sb.LAP_TAIL_MM, sb.LAP_TAIL_MM) in text
    assert "Cut nothing of the first link: clip only the second link's loose tail" in text
    # the second end's bare wire covers the first one's bare wire from the hole's edge on, and leaves a tail to hold
    assert sb.LAP_TAIL_MM - sb.HOLE_D_MM / 2 - sb.LAP_STUB_MM >= sb.LAP_HOLD_MM >= 3.0
    assert "(about %g mm of bare wire past the joint)" % (sb.LAP_TAIL_MM - sb.LAP_STUB_MM) in text
    md = " ".join(open(os.path.join(ROOT, "hardware", "stripboard.md"), encoding="utf-8").read().split())
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    bom = open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read()
    flat = " ".join(text.split())
    assert flat in md and flat in build
    assert "39 strips of 63 holes of %.1f mm (one %g mm wire each" % (sb.HOLE_D_MM, sb.LINK_WIRE_MM) in bom
    assert "| solid copper wire %g mm (24 AWG), PTFE or FEP insulated |" % sb.LINK_WIRE_MM in bom


def test_f1_lies_clear_of_the_links_and_the_harness_wires(monkeypatch):
    """Maker review 11, item 2: a tripped F1 runs at 100-125 degC, and the far lane's wires lay on it. F1 now lies
    right of the Pico, outside every lane and pad column (test_harness checks the wires), and every link keeps
    LINK_HOT_AIR_MM of air to it: derive() routes round it, check() refuses a link that does not."""
    assert sb.hot_faults() == [] and sb.check() == []
    (c0, r0), (c1, r1) = sorted(sb.placement()["F1"][0].values())
    assert r0 == r1 and r0 >= 2 and r0 + 6 <= sb.ROWS - 2          # off the far and near lanes' rows
    _, links, _ = sb.derive()
    monkeypatch.setattr(sb, "LINK_HOT_AIR_MM", 1.5)               # the +3V3 link in column 30 runs 1.27 mm off it
    faults = sb.hot_faults(links)
    assert faults and all("F1" in f for f in faults) and any("(+3V3)" in f for f in faults), faults


def test_the_bom_link_wire_takes_f1s_heat_and_fits_the_layout():
    """Maker review 12, item W1: two links pass within 1 mm of F1, and the BOM's link wire was 'PVC insulated, any'
    with no size. It is now PTFE or FEP, rated 150 degC or more, and at most the LINK_OD_MM the layout assumes."""
    bom = open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read()
    row = [r for r in bom.splitlines() if "solid copper wire 0.5 mm" in r][0]
    assert "PTFE or FEP insulated" in row and "rated 150 degC or more" in row and "not PVC" in row
    assert "at most %.1f mm across" % sb.LINK_OD_MM in row


def test_the_bom_gives_f1s_size_that_the_layout_draws():
    """Maker review 14, minor 1: the links' air beside F1 rests on its body's size, which no document gave. The BOM
    now gives it, and it fits the outline the layout checks (its bent leads included lengthwise)."""
    bom = open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read()
    row = [r for r in bom.splitlines() if r.startswith("| F1 |")][0]
    assert "leads 5.1 mm apart, the body at most 7.4 mm wide, 12.7 mm long and 3.1 mm thick" in row
    pins, body = sb.placement()["F1"]
    _, c0, r0, c1, r1 = sb.rects(body)[0]
    assert 7.4 <= (c1 - c0) * sb.PITCH and 12.7 <= (r1 - r0) * sb.PITCH and sb.height_mm("F1") >= 3.1
    (a, _), (b, _) = sorted(pins.values())
    assert abs((b - a) * sb.PITCH - 5.1) < 0.05
