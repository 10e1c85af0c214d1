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


def _along(rect, a, b):
    per = 2 * ((rect[1] - rect[0]) + (rect[3] - rect[2]))
    d = abs(_perimeter_pos(rect, a) - _perimeter_pos(rect, b))
    return min(d, per - d)


def _reed_route(name, hole):
    """Independent route length of a reed wire: Manhattan in the cavity, a radial channel, the ring."""
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
    cav = bl.cavity_rect(S)
    dx = 200.0 - bl.RING_OFFSET_MM
    ux = bl.usb_x(S)
    plug_top = cav[1] - bl.PLUG_POCKET[1]
    best = []
    for meet in cands:
        to_reed = math.hypot(meet[0] - px, meet[1] - py)
        # a side runs on past the rectangle's corner to the corner point: walk that bit along it
        cx, cy = min(max(meet[0], x0), x1), min(max(meet[1], y0), y1)
        to_reed += abs(cx - meet[0]) + abs(cy - meet[1])
        meet = (cx, cy)
        front = abs(hx - dx) + abs(hy - cav[3]) + abs(y1 - cav[3]) + _along(rect, (dx, y1), meet)
        back = abs(hx - ux) + abs(hy - plug_top) + abs(plug_top - y0) + _along(rect, (ux, y0), meet)
        best.append(min(front, back) + to_reed)
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
