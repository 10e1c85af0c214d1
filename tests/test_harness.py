"""The wiring harness: wire lengths follow the template's coordinates; WireViz draws it; files current."""
import html
import math
import os
import shutil

import pytest

import toolmod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


hz = toolmod.load("tools/harness.py")
bl = hz.bl
sb = hz.sb
S = 400.0
WIRES = hz.wires()


def _cut(route):
    return int(math.ceil((route + hz.SLACK_MM) / 10.0) * 10)


RING_X = {"outer": (50.0, 350.0), "middle": (100.0, 300.0), "inner": (150.0, 250.0)}
RING_Y = {"outer": (50.0, 350.0), "middle": (100.0, 300.0), "inner": (150.0, 250.0)}


def _loop(ring):
    """The ring channel's rectangle from the template's numbers: (x left, x right, y back, y front)."""
    (xl, xr), (yb, yf) = RING_X[ring], RING_Y[ring]
    off = bl.RING_OFFSET_MM
    front = yf - off if ring == "inner" else yf + off      # the inner ring's LEDs lie in front of it
    return xl - off, xr - off, yb + off, front


def _perimeter_pos(rect, p):
    x0, x1, y0, y1 = rect
    x, y = p
    w, h = x1 - x0, y1 - y0
    if abs(y - y1) < 1e-6:
        return x - x0
    if abs(x - x1) < 1e-6:
        return w + (y1 - y)
    if abs(y - y0) < 1e-6:
        return w + h + (x1 - x)
    return 2 * w + h + (y - y0)


def _along(rect, a, b, avoid=None):
    """Distance along the ring's rectangle from a to b; ``avoid`` (x0, x1): a stretch of its far side (y0) no wire
    may run along (over the plug pocket), so the way round that crosses it is not taken."""
    per = 2 * ((rect[1] - rect[0]) + (rect[3] - rect[2]))
    pa, pb = _perimeter_pos(rect, a), _perimeter_pos(rect, b)
    d = abs(pa - pb)
    ways = [d, per - d]
    if avoid:
        w, h = rect[1] - rect[0], rect[3] - rect[2]
        lo, hi = (w + h + (rect[1] - avoid[1]), w + h + (rect[1] - avoid[0]))   # the stretch on the perimeter
        a0, a1 = min(pa, pb), max(pa, pb)
        ways = [d if not max(lo, a0) < min(hi, a1) - 1e-6 else None,
                per - d if a0 - 1e-6 <= lo and hi <= a1 + 1e-6 else None]
    return min(x for x in ways if x is not None)


def _reed_route(name, hole):
    """Independent route length of a reed wire: along its pad's column to the board's near or far edge, along
    it to an exit (the front radial channel at the cavity's near wall; the plug pocket; for the inner ring, the
    inner ring channel along the far wall, left or right of the plug pocket or straight above a pad column),
    a radial channel, the ring."""
    ring = {1: "outer", 2: "middle", 3: "inner"}[1 + bl.board_config.SWITCH_BIT[name] // 8]
    rect = _loop(ring)
    px, py = bl.point_xy(name, S)
    x0, x1, y0, y1 = rect
    # where the reed's wire meets its channel: straight across to the nearest side through the point
    cands = []
    if abs(py - RING_Y[ring][1]) < 1e-6:
        cands.append((px, y1))
    if abs(py - RING_Y[ring][0]) < 1e-6:
        cands.append((px, y0))
    if abs(px - RING_X[ring][0]) < 1e-6:
        cands.append((x0, py))
    if abs(px - RING_X[ring][1]) < 1e-6:
        cands.append((x1, py))
    hx, hy = bl.hole_xy(hole[0], hole[1], S)
    far_y, near_y = bl.hole_xy(0, 0, S)[1], bl.hole_xy(0, hz.sb.ROWS - 1, S)[1]
    cav = bl.cavity_rect(S)
    bx0, _, bx1, _ = bl.logic_board_rect(S)
    dx = 200.0 - bl.RING_OFFSET_MM
    ux = bl.usb_x(S)
    plug_top = cav[1] - bl.PLUG_POCKET[1]
    span = (ux - bl.PLUG_POCKET[0] / 2 - hz.PLUG_SIDE_MM, ux + bl.PLUG_POCKET[0] / 2 + hz.PLUG_SIDE_MM)
    exits = {span[0], span[1]} | {bl.hole_xy(c, 0, S)[0] for (c, _), _ in hz.sb.pads().values()}
    exits = [x for x in exits if not span[0] < x < span[1] and max(bx0, cav[0]) <= x <= min(bx1, cav[2])]
    best = []
    for meet in cands:
        to_reed = math.hypot(meet[0] - px, meet[1] - py)
        # a side runs on past the rectangle's corner to the corner point: walk that bit along it
        cx, cy = min(max(meet[0], x0), x1), min(max(meet[1], y0), y1)
        to_reed += abs(cx - meet[0]) + abs(cy - meet[1])
        meet = (cx, cy)
        avoid = span if ring == "inner" else None
        ways = [abs(hy - near_y) + abs(hx - dx) + (cav[3] - near_y) + abs(y1 - cav[3]) + _along(rect, (dx, y1), meet, avoid)]
        if ring != "inner":
            ways.append(abs(hy - far_y) + abs(hx - ux) + (far_y - plug_top) + abs(plug_top - y0)
                        + _along(rect, (ux, y0), meet))
        else:
            ways += [abs(hy - far_y) + abs(hx - ex) + (far_y - y0) + _along(rect, (ex, y0), meet, avoid) for ex in exits]
        best.append(min(ways) + to_reed)
    return min(best)


def test_reed_wire_lengths_follow_the_template():
    reeds = [w for w in WIRES if w["to"].startswith("reed switch") and "lead 1" in w["to"]]
    assert len(reeds) == 24
    pads = hz.sb.pads()
    for w in reeds:
        name = w["to"].split()[2].rstrip(",")
        route = _reed_route(name, pads["reed " + name][0])
        assert w["route"] == pytest.approx(route, abs=0.05), name
        assert w["length"] == _cut(route), name


def test_led_hops_along_a_side_follow_the_template():
    """Neighbouring LEDs on one side of a ring: spur down, along the channel, spur up."""
    chain = [n for n, _, _ in sorted(bl.board_config.POINTS, key=lambda t: t[1])]
    checked = 0
    for i in range(1, 24):
        a, b = chain[i - 1], chain[i]
        (ax, ay), (bx, by) = bl.point_xy(a, S), bl.point_xy(b, S)
        ring_of = {1: "outer", 2: "middle", 3: "inner"}
        ring = ring_of[1 + bl.board_config.SWITCH_BIT[a] // 8]
        if ay != by or ring != ring_of[1 + bl.board_config.SWITCH_BIT[b] // 8] or ay not in RING_Y[ring]:
            continue                       # only hops along a horizontal side of one ring
        (lax, lay), (lbx, lby) = bl.led_xy(a, S), bl.led_xy(b, S)
        rect = _loop(ring)
        side_y = rect[3] if ay == RING_Y[ring][1] else rect[2]
        route = abs(lay - side_y) + abs(lax - lbx) + abs(lby - side_y)
        ux, half = bl.usb_x(S), bl.PLUG_POCKET[0] / 2
        if ring == "inner" and side_y == rect[2] and min(lax, lbx) < ux - half and max(lax, lbx) > ux + half:
            # no wire runs along the channel over the plug pocket: it dips into the cavity's far lane and back
            route += 2 * (bl.hole_xy(0, 0, S)[1] - side_y)
        ws = [w for w in WIRES if w["id"].startswith("L%d-" % i)]
        assert len(ws) == 3 and all(w["route"] == pytest.approx(route, abs=0.05) for w in ws), (a, b)
        checked += 1
    assert checked >= 8


def test_every_wire_is_at_least_as_long_as_the_straight_line():
    for w in WIRES:
        assert w["length"] >= w["route"] + hz.SLACK_MM and w["length"] % 10 == 0
        assert 0 < w["route"] < 1200, w


def test_files_are_current():
    for path, text in hz.expected().items():
        with open(path, encoding="utf-8") as f:
            assert f.read() == text, "run: .venv/bin/python tools/harness.py --render (%s)" % path


def test_wireviz_draws_a_harness(tmp_path):
    assert shutil.which("dot"), "Graphviz missing: make installs it (apt-get install graphviz)"
    svg, = hz.render(str(tmp_path), names=("buttons",))
    text = html.unescape(open(svg, encoding="utf-8").read())   # Graphviz writes "-" as &#45;
    for w in WIRES:
        if w["harness"] == "buttons":
            assert w["id"] in text
    for name in hz.HARNESSES:
        assert os.path.exists(os.path.join(hz.OUT, name.replace(" ", "-") + ".svg")), name


def test_every_channel_takes_its_wires_at_its_fullest_point(monkeypatch):
    """At the fullest cross-section of every channel the wires' insulation (the BOM's largest diameters)
    takes at most FILL_MAX of its width x depth (the USB channel less the cable); harness.md names the
    fullest. Thicker insulation (1.3 mm on the 28 AWG wires) overfills the front radial channel."""
    fill = hz.channel_fill(WIRES)
    assert fill["radial-front"][1] == max(n for _, n in fill.values())
    assert all(frac <= hz.FILL_MAX for frac, _ in fill.values()), fill
    frac, n = fill["radial-front"]
    text = " ".join(open(os.path.join(ROOT, "hardware", "harness.md"), encoding="utf-8").read().split())
    assert "the front radial channel carries %d wires, whose insulation takes %d %%" % (n, round(100 * frac)) in text
    monkeypatch.setitem(hz.INSULATION_MM, "28 AWG", 1.3)
    assert hz.channel_fill(WIRES)["radial-front"][0] > hz.FILL_MAX


def test_every_led_joint_fits_its_spur_and_the_review_5_design_did_not(monkeypatch):
    """Maker review 5, item 3: legs cut 6/8/10/12 mm with a 10 mm sleeve on each joint put all four sleeves
    side by side 8..12 mm from the bend, the 100 nF on the legs where two sleeves had to slide under it, two
    24 AWG wires (2.8 mm across) under a 3.2 mm tube that TE's sizing allows up to 2.54 mm, all in a 6 x 6 mm
    spur. The spur cross-section check (legs, sleeves at their recovered size, wires, R1, the capacitors)
    passes the current design with its margins and refuses that one on every count."""
    fill = hz.spur_fill(WIRES)
    assert set(fill) == {n for n, _, _ in hz.bn.cfg.POINTS}
    width, depth = bl.SPUR_CHANNEL
    for name, (s, h, frac) in fill.items():
        assert h <= depth - bl.COVER_CLEARANCE_MM and frac <= hz.FILL_MAX, (name, s, h, frac)
    assert hz.spur_problems(WIRES) == []
    # every joint's tube is one TE's guide allows, and the two-wire legs need more than the 3.2 mm tube
    assert hz.tube_for(2 * hz.INSULATION_MM["24 AWG"]) == "3/16"
    assert hz.tube_for(2 * hz.INSULATION_MM["24 AWG"], ("1/16", "3/32", "1/8")) is None
    assert hz.led_sleeves(WIRES) == {"3/16": 46, "1/16": 47, "3/32": 2}
    # the sleeves of the two pairs do not overlap along the spur, and none passes the straight run
    legs = dict(bl.LED_LEGS_MM)
    short, long_ = sorted(set(legs.values()))
    assert short + hz.SLEEVE_ON_WIRE_MM <= long_ - hz.JOINT_MM - hz.SLEEVE_ON_LEG_MM
    assert {legs["DIN"], legs["VDD"]} == {short} and {legs["GND"], legs["DOUT"]} == {long_}
    # the design of review 5, its tubes first, then its geometry with TE-sized tubes
    monkeypatch.setattr(hz, "LED_SLEEVE_TUBES", ("3/32", "1/8"))
    assert any("LED1 VDD: no RNF-100 tube" in p for p in hz.spur_problems(WIRES))
    monkeypatch.undo()
    monkeypatch.setattr(bl, "SPUR_CHANNEL", (6.0, 6.0))
    monkeypatch.setattr(bl, "LED_LEGS_MM", (("DIN", 6.0), ("VDD", 8.0), ("GND", 10.0), ("DOUT", 12.0)))
    monkeypatch.setattr(bl, "LED_CAP_END_MM", 7.0)          # lying flat on the legs 2..7 mm past the bend
    monkeypatch.setattr(hz, "SLEEVE_ON_WIRE_MM", 6.0)       # 10 mm sleeves
    feats = {f.name: f for f in bl.features(S)}
    old = hz.spur_problems(WIRES, feats)
    assert any("capacitor" in p and "first sleeve" in p for p in old), old
    assert any("spur of d3" in p and "stand" in p for p in old), old
    assert any("spur of d3" in p and "take" in p for p in old), old
    worst = hz.spur_fill(WIRES, feats)["d3"]
    assert worst[1] > depth and worst[2] > 0.8, worst


def test_build_and_bom_follow_the_led_joint_design():
    """BUILD.md 5.5 cuts the legs, sizes the sleeves and places the capacitor as the check does; the BOM
    buys those tubes."""
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    assert "every sleeve a %g mm piece of the TE RNF-100" % hz.LED_SLEEVE_MM in build
    assert "covers %g mm of the bare leg (it then reaches %g mm onto the insulation)" % (
        hz.SLEEVE_ON_LEG_MM, hz.SLEEVE_ON_WIRE_MM) in build
    assert "its lead end %g mm past the bend" % bl.LED_CAP_END_MM in build
    assert "the LED spurs %g mm wide and %g mm deep" % bl.SPUR_CHANNEL in build
    sleeves = hz.led_sleeves(WIRES)
    counts, _ = hz.led_leg_joints(WIRES)
    for size, text in (("3/16", "each of the %d LED legs that carry two wires" % counts[2]),
                       ("1/16", "each of the %d LED legs that carry one 26 AWG data wire" % sleeves["1/16"]),
                       ("3/32", "each of the %d LED legs that carry one 24 AWG wire" % sleeves["3/32"])):
        assert "%s heat-shrink" % hz.TUBE_NAME[size] in build or size == "3/32" and "2.4 mm one" in build
        row = [r for r in bom.split("| - |") if "RNF-100-%s" % size in r]
        assert row and text in row[0], (size, text)
    assert "RNF-100-1/8" not in bom


def _label_overflows(svg_text):
    """Texts of a Graphviz SVG that run past the table cell they start in, measured with DejaVu Sans (the font
    the drawings name): list of (text, overflow mm)."""
    import re as _re
    from PIL import ImageFont
    font = ImageFont.truetype(DEJAVU, 100)
    cells = []
    for m in _re.finditer(r'<polygon fill="none" stroke="black" points="([^"]+)"', svg_text):
        pts = [tuple(float(v) for v in p.split(",")) for p in m.group(1).split()]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        cells.append((min(xs), min(ys), max(xs), max(ys)))
    out = []
    for m in _re.finditer(r'<text text-anchor="start" x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)">([^<]*)</text>',
                          svg_text):
        x, y, fs, text = float(m.group(1)), float(m.group(2)), float(m.group(3)), html.unescape(m.group(4))
        if not text.strip():
            continue
        box = [c for c in cells if c[0] <= x + 0.5 <= c[2] and c[1] <= y - 3 <= c[3]]
        if not box:
            continue
        x0, _, x1, _ = min(box, key=lambda c: (c[2] - c[0]) * (c[3] - c[1]))
        end = x + font.getlength(text) / 100.0 * fs
        if end > x1 + 0.5:
            out.append((text, end - x1))
    return out


DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def test_harness_drawings_labels_fit_their_boxes():
    """Maker review 1, item 24: the connectors' long labels ("logic board C17R18 (buttons GND)", "1-pin") ran
    past their boxes and were clipped. Each pad, reed, LED and switch is now one connector with a short name and
    its leads as pins, in the font the drawing names (DejaVu Sans, which Graphviz measures); every label of every
    drawing fits its cell."""
    if not os.path.exists(DEJAVU):
        pytest.skip("DejaVu Sans missing (fonts-dejavu)")
    for name in hz.HARNESSES:
        stem = name.replace(" ", "-")
        text = open(os.path.join(hz.OUT, stem + ".svg"), encoding="utf-8").read()
        assert 'font-family="%s"' % hz.WIREVIZ_FONT in text, name
        assert _label_overflows(text) == [], (name, _label_overflows(text)[:5])
        assert "1-pin" not in text and "logic board C" not in text, name


def test_the_wires_fit_the_cavity_and_the_review_1_cavity_did_not(monkeypatch):
    """Maker review 1, items 3 and 7: 37 wires left mid-board pads to cross the chips and 7.5 mm capacitors under
    the cover, and 22 passed over the micro-USB plug, with no route. Every pad's wire now runs along its column
    to an edge lane and along it to an exit; no wire runs along the inner ring channel over the plug, only the
    wires bound for the USB channel pass over it; every lane's every column and the plug are packed in layers
    under the cover. The 12 mm cavity of the review does not take them."""
    assert hz.cavity_problems(WIRES) == []
    cells = hz.cavity_cells(WIRES)
    assert all("USB channel" in w["via"] for w in cells[("plug",)])
    r = hz.Routes()
    ring, (lo, hi) = r.no_go
    for w in WIRES:
        for key, name in w["segments"]:
            if name == ring:
                assert not any(lo + 1e-6 < (key[0][0] + key[1][0]) / 2 < hi - 1e-6 for _ in [0]), w["id"]
    pads = [w for w in WIRES if w["from"].startswith("logic board")]
    assert pads and all(w["via"].startswith("cavity: column C") for w in pads)
    text = " ".join(open(os.path.join(ROOT, "hardware", "harness.md"), encoding="utf-8").read().split())
    assert "Lay the wires of a lane in the order of their pads from each end of the lane inwards, the pad farthest " \
        "from the column where the wire leaves the lane first" in text           # maker review 11: which end
    h, room, _, n = hz.cavity_fill(WIRES)[("plug",)]
    assert "over the micro-USB plug (at most %g x %g mm, centred on the Pico's socket) %d wires stand %.1f mm of the " \
           "%.1f mm over it" % (bl.PLUG_MAX_MM[0], bl.PLUG_MAX_MM[1], n, h, room) in text
    monkeypatch.setattr(bl, "CAVITY_DEPTH", 12.0)
    assert hz.cavity_problems(WIRES), "a 12 mm cavity takes the wires"


def test_every_reeds_lower_lead_has_its_channel_and_room_beside_it(monkeypatch):
    """Maker review 9, item 4: BUILD 6.3 stood the reed's lower lead in "the ring channel" without saying which one at
    the 12 corner reeds and at d1-d3 (whose pockets meet the front radial channel too), on a floor the LED chain's
    and the passing signal wires already cover, and the channel-fill check ignored the standing lead. Now each lead
    stands in the channel its GND wire arrives along (harness.md names it), the wires are lifted aside for the
    joint and laid back on its far side, and the check packs them beside the joint: at the old 3.5 mm run they did
    not fit at c3, c4 and c5."""
    leads = hz.reed_leads(WIRES)
    assert sorted(leads) == sorted(bl.GEOMETRIES["standard"].names)
    for point, (name, _) in leads.items():
        assert name.split("-")[0] in bl.RINGS, (point, name)
        arriving = [w for w in WIRES if w["id"][1:3] == "-G" and w["to"].startswith("reed switch %s," % point)]
        assert len(arriving) == 1 and arriving[0]["segments"][-1][1] == name
    assert hz.reed_joint_problems(WIRES) == []
    fill = hz.reed_joint_fill(WIRES)
    assert len(fill["c5"][1]) == 7 and fill["a1"][1] == []
    monkeypatch.setattr(bl, "REED_LEAD_RUN_MM", 3.5)
    bad = hz.reed_joint_problems(WIRES)
    assert {p.split(":")[0] for p in bad} == {"reed c3", "reed c4", "reed c5"}, bad
    monkeypatch.undo()
    md = open(os.path.join(ROOT, "hardware", "harness.md"), encoding="utf-8").read()
    assert "## Reed lower leads" in md and "| c5 | inner ring e5-c5 | I-8, L7-DATA," in md
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "the ring channel named for the reed in harness.md (\"Reed lower leads\")" in build
    assert "**Clear the channel at the reed first**" in build
    assert "beside the foot, on its far side from the pocket" in build


def test_no_wire_passes_near_the_ptc_which_runs_hot_when_tripped(monkeypatch):
    """Maker review 11, item 2: a tripped F1 runs at 100-125 degC, and it lay under the far lane's PVC wires (rated
    80 degC). F1 now lies right of the Pico, where no wire of the harness passes within a pitch of it; at its old
    place (leads in row 1, body over rows 2..6) the check finds the far lane's wires on it."""
    assert hz.hot_part_problems(WIRES) == []
    place = dict(sb.placement())
    place["F1"] = ({1: (26, 0), 2: (28, 0)}, ("rect", 25.5, 0.5, 28.5, 5.7))
    monkeypatch.setattr(sb, "placement", lambda: place)
    found = hz.hot_part_problems(WIRES)
    assert found and all("F1" in p for p in found)
    assert any(p.startswith("cavity far 27:") for p in found), found


def test_a_pad_wire_keeps_clear_of_f1s_leads_too(monkeypatch):
    """Maker review 13, minor 1: RS-G's pad stood one pitch from F1's lead (which runs nearly as hot as its body), and
    the check measured only F1's body. hot_zones() now counts the leads, and a pad's wire counts from its pad: the
    reset GND pad moved two columns right; at its old hole the check finds it."""
    assert hz.hot_part_problems(WIRES) == []
    pads = dict(sb.pads())
    assert pads["reset GND"][0] == (30, 12)
    pads["reset GND"] = ((28, 12), pads["reset GND"][1])
    monkeypatch.setattr(sb, "pads", lambda: pads)
    found = hz.hot_part_problems(hz.wires())
    assert found == ["cavity column 28 12: 1 wires within 2.5 mm of F1 (%s)" % sb.HOT_PARTS["F1"]], found
