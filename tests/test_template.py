"""tools/template.py: the drilling template at 400 mm has the points, holes and lines in the right places."""
import importlib.util
import math
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from morris.geometry import GEOMETRIES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NS = {"s": "http://www.w3.org/2000/svg"}
ARTIFACTS = os.path.join(ROOT, "artifacts")


def _load_tool():
    spec = importlib.util.spec_from_file_location("morris_template_tool", os.path.join(ROOT, "tools", "template.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


template = _load_tool()


def _run(tmp_path, *args):
    out = tmp_path / "t.svg"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "template.py"), "--size", "400mm",
                        "--out", str(out), *args], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    return out, ET.parse(out).getroot()


def _board_origin(root):
    edge = root.find(".//s:rect[@id='board-edge']", NS)
    assert float(edge.get("width")) == 400 and float(edge.get("height")) == 400
    return float(edge.get("x")), float(edge.get("y"))


def _expected(name, x0, y0):
    # Independent of the tool: pitch 50 mm, a1 50 mm from the left and bottom edges.
    col = "abcdefg".index(name[0])
    row = int(name[1]) - 1
    return x0 + 50.0 * (col + 1), y0 + 400.0 - 50.0 * (row + 1)


def _by_class(root, cls):
    return [e for e in root.iter() if (e.get("class") or "").split() and cls in e.get("class").split()]


def test_svg_at_400mm_has_24_reed_holes_at_scaled_coordinates(tmp_path):
    out, root = _run(tmp_path)
    assert root.get("width") == "440mm" and root.get("viewBox") == "0 0 440 440"
    x0, y0 = _board_origin(root)
    holes = _by_class(root, "reed-hole")
    assert len(holes) == 24
    seen = set()
    for h in holes:
        name = h.get("id")[len("reed-"):]
        ex, ey = _expected(name, x0, y0)
        assert float(h.get("cx")) == pytest.approx(ex, abs=1e-3), name
        assert float(h.get("cy")) == pytest.approx(ey, abs=1e-3), name
        seen.add(name)
    assert seen == set(GEOMETRIES["standard"].names)
    assert len(_by_class(root, "point-centre")) == 24
    # The PDF beside it, at true size (440 mm = 1247.2 pt).
    pdf = out.with_suffix(".pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    assert b"1247.2" in pdf or b"1247.24" in pdf


def _check_lines(root, geo):
    x0, y0 = _board_origin(root)
    lines = _by_class(root, "mill-line")
    assert len(lines) == len(geo.lines)
    got = set()
    for ln in lines:
        a, b, c = ln.get("data-line").split()
        ax, ay = _expected(a, x0, y0)
        cx, cy = _expected(c, x0, y0)
        bx, by = _expected(b, x0, y0)
        assert (float(ln.get("x1")), float(ln.get("y1"))) == pytest.approx((ax, ay))
        assert (float(ln.get("x2")), float(ln.get("y2"))) == pytest.approx((cx, cy))
        # the middle point lies on the segment
        assert abs((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) < 1e-6
        got.add(frozenset((a, b, c)))
    assert got == {frozenset(t.split()) for t in geo.line_names}
    return lines


def test_svg_has_16_lines(tmp_path):
    _, root = _run(tmp_path, "--no-pdf")
    assert len(_check_lines(root, GEOMETRIES["standard"])) == 16


def test_svg_with_diagonals_has_20_lines(tmp_path):
    _, root = _run(tmp_path, "--no-pdf", "--diagonals")
    assert len(_check_lines(root, GEOMETRIES["diagonals"])) == 20


def _dist_to_segment(px, py, x1, y1, x2, y2):
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def test_led_holes_sit_off_every_line_and_outside_the_stone(tmp_path):
    _, root = _run(tmp_path, "--no-pdf", "--diagonals")
    x0, y0 = _board_origin(root)
    leds = _by_class(root, "led-hole")
    assert len(leds) == 24
    segs = [tuple(float(ln.get(k)) for k in ("x1", "y1", "x2", "y2")) for ln in _by_class(root, "mill-line")]
    stone_r = template.STONE_PITCH * 50.0 / 2
    for h in leds:
        cx, cy, r = float(h.get("cx")), float(h.get("cy")), float(h.get("r"))
        name = h.get("id")[len("led-"):]
        px, py = _expected(name, x0, y0)
        assert math.hypot(cx - px, cy - py) - r >= stone_r, name
        for s in segs:
            assert _dist_to_segment(cx, cy, *s) > r + 0.6, (name, s)


def test_holes_do_not_overlap_the_cavity_or_each_other(tmp_path):
    _, root = _run(tmp_path, "--no-pdf")
    cav = _by_class(root, "cavity")[0]
    x, y, w, h = (float(cav.get(k)) for k in ("x", "y", "width", "height"))
    module_r = 6.0  # LED module pocket (10 mm round PCB) on the back
    circles = [(float(c.get("cx")), float(c.get("cy")), module_r if "led-hole" in c.get("class") else float(c.get("r")))
               for c in _by_class(root, "led-hole") + _by_class(root, "reed-hole") + _by_class(root, "button-hole")]
    for cx, cy, r in circles:
        nx, ny = min(max(cx, x), x + w), min(max(cy, y), y + h)
        assert math.hypot(cx - nx, cy - ny) > r, (cx, cy)
    for i, a in enumerate(circles):
        for b in circles[i + 1:]:
            assert math.hypot(a[0] - b[0], a[1] - b[1]) > a[2] + b[2], (a, b)


def test_cut_marks_and_scale_bar(tmp_path):
    _, root = _run(tmp_path, "--no-pdf")
    assert len(_by_class(root, "cut-mark")) == 8
    assert root.find(".//s:g[@id='scale-bar']", NS) is not None


def test_size_parsing():
    assert template.parse_size("400mm") == 400
    assert template.parse_size("40cm") == 400
    assert template.parse_size("15.75in") == pytest.approx(400.05)
    with pytest.raises(ValueError):
        template.parse_size("huge")
    with pytest.raises(ValueError):
        template.parse_size("5mm")


def test_png_rendering_through_cairosvg():
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, "template.png")
    if os.path.exists(path):
        os.remove(path)
    template.render_png(template.svg_bytes(400.0), path, dpi=96)
    with open(path, "rb") as f:
        data = f.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    # 440 mm at 96 dpi = 1663 px
    assert abs(width - 1663) <= 2 and abs(height - 1663) <= 2
    assert len(data) > 20000  # not a blank page
