"""tools/template.py: the drilling template at 400 mm has the points, holes and lines in the right places."""
import math
import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import toolmod

from morris.geometry import GEOMETRIES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NS = {"s": "http://www.w3.org/2000/svg"}
ARTIFACTS = os.path.join(ROOT, "artifacts")


template = toolmod.load("tools/template.py", "morris_template_tool")


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


# --- the board's features: both views, the walls, tiles and DXF ------------------------------------

bl = toolmod.load("tools/board_layout.py")


def _coords(el):
    tag = el.tag.split("}")[1]
    if tag == "circle":
        return [(float(el.get("cx")), float(el.get("cy")))]
    if tag == "rect":
        x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
        return [(x, y), (x + w, y + h)]
    return [(float(el.get("x1")), float(el.get("y1"))), (float(el.get("x2")), float(el.get("y2")))]


def test_back_view_is_the_mirror_of_the_front():
    """Every feature cut from the back or through, and every point, sits in the back view at the mirror
    image (x -> 400 - x) of its place on the front; the front view has the through holes unmirrored."""
    feats = {f.name: f for f in bl.layout(400.0)}
    o = template.BLEED_MM
    for view, mirror in (("back", True), ("front", False)):
        root = ET.fromstring(template.svg_bytes(400.0, view=view))
        drawn = {}
        for el in root.iter():
            if el.get("data-feature"):
                drawn.setdefault(el.get("data-feature"), []).append(el)
        want = [f for f in feats.values() if f.side == "through" or (mirror and f.side == "back")]
        assert want and all(f.name in drawn for f in want), view
        for name, els in drawn.items():
            f = feats[name]
            prim = f.prim
            if prim[0] == "circle":
                (cx, cy), = _coords(els[0])
                assert cx == pytest.approx(o + (400 - prim[1] if mirror else prim[1]), abs=1e-3), name
                assert cy == pytest.approx(o + prim[2], abs=1e-3), name
            elif prim[0] == "rect":
                (x0, y0), (x1, y1) = _coords(els[0])
                xs = sorted((400 - prim[1], 400 - prim[3])) if mirror else [prim[1], prim[3]]
                assert (x0 - o, x1 - o) == pytest.approx(tuple(xs), abs=1e-3), name
        centres = sorted((float(c.get("cx")), float(c.get("cy"))) for c in root.iter("{http://www.w3.org/2000/svg}circle")
                         if c.get("class") == "point-centre")
        expect = sorted((o + (400 - x if mirror else x), o + y) for x, y in
                        (template.point_xy(n, 400.0) for n in GEOMETRIES["standard"].names))
        assert len(centres) == 24
        assert all(abs(a[0] - b[0]) < 1e-3 and abs(a[1] - b[1]) < 1e-3 for a, b in zip(centres, expect)), view
        texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        assert set(GEOMETRIES["standard"].names) <= texts, view


def test_every_pair_of_features_keeps_the_minimum_wall():
    """The wall between every two features whose depths overlap (and to the board edge) is at least
    MIN_WALL_MM, unless they are meant to meet, and then they really meet; BUILD.md states the figure."""
    feats = bl.layout(400.0)
    kinds = {f.kind for f in feats}
    assert {"cavity", "reed", "led-window", "led-counterbore", "spur", "ring", "radial", "usb", "plug", "clamp",
            "sw5", "button-hole", "button-body", "button-carrier", "cover-screw"} <= kinds
    walls, problems = bl.walls(feats, 400.0)
    assert problems == []
    n = len(feats)
    assert len(walls) > n * (n - 1) // 4            # most pairs overlap in depth and are measured
    assert min(d for d, _, _ in walls) >= bl.MIN_WALL_MM
    assert any(b == "edge" for _, _, b in walls)
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "at least %g mm of wood" % bl.MIN_WALL_MM in build


def test_a_thin_wall_is_refused(tmp_path):
    feats = bl.features(400.0)
    cav = [f for f in feats if f.kind == "cavity"][0]
    x0, y0, x1, y1 = cav.prim[1:]
    feats[feats.index(cav)] = bl.Feature("cavity", "cavity", "back", ("rect", x0 - 2.0, y0, x1, y1), cav.depth,
                                         joins=cav.joins)
    problems = bl.check(feats, 400.0)
    assert any("cavity" in p and "reed-c" in p for p in problems), problems
    with pytest.raises(bl.LayoutError):
        bl.layout(350.0)
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "template.py"), "--size", "350mm",
                        "--out", str(tmp_path / "t.svg"), "--no-pdf"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "wall" in r.stderr and not (tmp_path / "t.svg").exists()


def test_tiles_for_a4_and_a3_with_overlap_marks(tmp_path):
    from pypdf import PdfReader
    sheet = template.svg_bytes(400.0, view="back")
    page = 400.0 + 2 * template.BLEED_MM
    for paper, pages in (("A4", 6), ("A3", 4)):
        grid = template.tile_grid(page, paper)
        assert len(grid) == pages
        # the tiles cover the sheet and neighbours overlap by at least TILE_OVERLAP_MM
        xs = sorted({t[2] for t in grid})
        w = grid[0][4]
        assert xs[0] == 0 and xs[-1] + w == pytest.approx(page)
        assert all(xs[k] + w - xs[k + 1] >= template.TILE_OVERLAP_MM - 1e-9 for k in range(len(xs) - 1))
        marks = template.registration_marks(page, paper)
        for mx, my in marks:    # each cross prints on at least two tiles
            assert sum(1 for t in grid if t[2] <= mx <= t[2] + t[4] and t[3] <= my <= t[3] + t[5]) >= 2
        path = tmp_path / ("t-%s.pdf" % paper)
        assert template.render_tiles_pdf(sheet, page, paper, str(path), "back view") == pages
        pdf = PdfReader(str(path))
        assert len(pdf.pages) == pages
        mw, mh = (d / 25.4 * 72 for d in template.PAPERS[paper])
        for pg in pdf.pages:
            assert float(pg.mediabox.width) == pytest.approx(mw, abs=1) and float(pg.mediabox.height) == pytest.approx(mh, abs=1)


def test_dxf_for_a_cnc_router(tmp_path):
    import ezdxf
    for view in ("front", "back"):
        path = tmp_path / ("t-%s.dxf" % view)
        layers = template.write_dxf(400.0, str(path), view)
        doc = ezdxf.readfile(str(path))
        msp = doc.modelspace()
        reeds = [e for e in msp.query("CIRCLE") if e.dxf.layer == "BACK_REED_D15"]
        leds = [e for e in msp.query("CIRCLE") if e.dxf.layer.startswith("THROUGH_LED-WINDOW")]
        assert len(leds) == 24
        assert all((e.dxf.layer.startswith("THROUGH_LED-WINDOW-PILOT_")) == (view == "front") for e in leds)
        assert all(e.dxf.radius == pytest.approx(bl.PILOT_D / 2 if view == "front" else bl.LED_WINDOW_D / 2)
                   for e in leds)     # maker review 10: the window is drilled from the back, its pilot from the top
        if view == "back":
            assert len(reeds) == 24 and any(name.startswith("BACK_CAVITY") for name in layers)
            a1 = [e for e in reeds if abs(e.dxf.center.x - 350) < 1e-6 and abs(e.dxf.center.y - 50) < 1e-6]
            assert a1, "a1 seen from the back sits 350 mm from the left, 50 mm up"
        else:
            assert not reeds and "LINES" in layers


def test_the_logic_board_fits_under_the_cover_and_a_taller_part_is_refused(monkeypatch):
    feats = bl.layout(400.0)
    sbm = bl._stripboard()
    tall, _ = sbm.tallest_mm()
    assert bl.JOINTS_MM + bl.STRIPBOARD_MM + tall + bl.COVER_CLEARANCE_MM <= bl.CAVITY_DEPTH
    monkeypatch.setitem(sbm.HEIGHT_MM, "C", 11.0)
    problems = bl.check(feats, 400.0, bl.logic_board_size())
    assert any("tallest part" in p for p in problems), problems


def test_c1_has_a_bay_clear_of_the_wires_and_a_short_one_is_refused(monkeypatch):
    """C1 (5 x 11 mm) cannot lie in a 6 x 6 mm channel beside the LED wires: LED 0's ring channel runs on
    beyond LED 0's spur, where no wire passes, at least C1's length; BUILD.md puts C1 there."""
    feats = bl.layout(400.0)
    bay = {f.name: f for f in feats}["c1-bay"]
    led0 = [n for n, led, _ in template.board_config.POINTS if led == 0][0]
    assert bay.joins >= {"spur-" + led0} and bay.depth == bl.RING_CHANNEL[1]
    assert bl.c1_room_mm(feats) >= bl.C1_BODY_MM[1]
    routes = toolmod.load("tools/harness.py", "morris_harness_tool").wires()
    assert not any("c1-bay" in w["via"] or "C1 bay" in w["via"] for w in routes)
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "C1 lies in its bay: the inner ring channel runs on %g mm beyond %s's spur" % (bl.C1_BAY_MM, led0) in build
    monkeypatch.setattr(bl, "C1_BAY_MM", 8.0)
    problems = bl.check(bl.features(400.0), 400.0)
    assert any("C1's bay" in p for p in problems), problems


DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"   # what CairoSVG's sans-serif is on Debian


def _width(text, fs):
    """The printed width (mm) of ``text`` at font size ``fs`` mm: measured with DejaVu Sans's own metrics
    when the font is installed, else the tool's (conservative) estimate."""
    if os.path.exists(DEJAVU):
        from PIL import ImageFont
        return ImageFont.truetype(DEJAVU, 100).getlength(text) / 100.0 * fs
    return template.text_width(text, fs)


def _label_boxes(root):
    """The boxes (x0, y0, x1, y1) of every label the view prints, from its SVG attributes."""
    out = []
    for t in root.iter("{http://www.w3.org/2000/svg}text"):
        if t.get("class") != "label":
            continue
        x, y, fs = float(t.get("x")), float(t.get("y")), float(t.get("font-size"))
        w = _width(t.text, fs)
        out.append(((x - w / 2, y - 0.8 * fs, x + w / 2, y + 0.25 * fs), t.text))
    return out


@pytest.mark.parametrize("view", ["front", "back"])
def test_no_label_covers_a_feature_a_line_or_another_label(view):
    """Every label of the view lies on free paper: no hole, channel band, pocket outline, playing line,
    point or other label under it (the geometry taken from tools/board_layout.py, mirrored here)."""
    from shapely.geometry import LineString, Point, box
    o = template.BLEED_MM
    back = view == "back"

    def mx(x):
        return o + (400.0 - x if back else x)
    shapes = []
    for f in bl.layout(400.0):
        if not back and f.side != "through" and f.kind not in ("cavity", "reed"):
            continue
        p = f.prim
        if p[0] == "circle":
            shapes.append(Point(mx(p[1]), o + p[2]).buffer(p[3]))
        elif p[0] == "rect":
            shapes.append(box(min(mx(p[1]), mx(p[3])), o + p[2], max(mx(p[1]), mx(p[3])), o + p[4]).exterior.buffer(0.2))
        else:
            shapes.append(LineString([(mx(p[1]), o + p[2]), (mx(p[3]), o + p[4])]).buffer(p[5]))
    for n in GEOMETRIES["standard"].names:
        x, y = template.point_xy(n, 400.0)
        shapes.append(Point(mx(x), o + y).buffer(0.5))
    if not back:
        for text in GEOMETRIES["standard"].line_names:
            a, _, c = text.split()
            (x1, y1), (x2, y2) = template.point_xy(a, 400.0), template.point_xy(c, 400.0)
            shapes.append(LineString([(mx(x1), o + y1), (mx(x2), o + y2)]).buffer(0.6))
    root = ET.fromstring(template.svg_bytes(400.0, view=view))
    labels = _label_boxes(root)
    names = {text for _, text in labels}
    assert set(GEOMETRIES["standard"].names) <= names
    if back:
        assert any("Ø4 hole" in n for n in names) and any("logic board" in n for n in names)
    for i, (b, text) in enumerate(labels):
        bb = box(*b)
        assert all(not bb.intersects(s) for s in shapes), (view, text)
        assert all(not bb.intersects(box(*b2)) for b2, _ in labels[i + 1:]), (view, text)
        assert o < b[0] and b[2] < o + 400.0 and o < b[1] and b[3] < o + 400.0, (view, text)


def test_tiles_carry_cut_lines_through_their_crosses():
    sheet = template.svg_bytes(400.0, view="front")
    page = 400.0 + 2 * template.BLEED_MM
    grid = template.tile_grid(page, "A4")
    marks = template.registration_marks(page, "A4")
    for (r, c, x0, y0, w, h), svg in zip(grid, template.tiles_svg(sheet, page, "A4", "front view")):
        root = ET.fromstring(svg)
        cuts = [ln for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "tile-cut"
                for ln in g]
        assert len(cuts) == (c > 0) + (r > 0), (r, c)
        for ln in cuts:
            x1, y1, x2, y2 = (float(ln.get(k)) for k in ("x1", "y1", "x2", "y2"))
            on = [m for m in marks if (x1 == x2 and abs(m[0] - x1) < 1e-6) or (y1 == y2 and abs(m[1] - y1) < 1e-6)]
            assert on, "a cut line runs through the alignment crosses"


def test_led_legs_lie_straight_in_the_shortest_spur_and_build_cuts_them_so(monkeypatch):
    """BUILD.md 5.5.2 cuts each LED leg to LED_LEGS_MM; the longest, plus room for its wire to turn, lies
    straight along the shortest spur to the ring channel's far wall. Legs cut 6/10/14/18 mm (an earlier
    draft) ran 2.4 mm into the far wall of the 12.6 mm spurs, and the check refuses them."""
    feats = bl.layout(400.0)
    reach = bl.spur_reach_mm(feats)
    assert max(mm for _, mm in bl.LED_LEGS_MM) + bl.LEG_WIRE_TURN_MM <= reach
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    cut = ", ".join("%s %g mm" % (leg, mm) for leg, mm in bl.LED_LEGS_MM) + " from the bend"
    assert cut in build, cut
    assert "leave %.1f mm from the LED to the ring channel's far wall" % reach in build
    monkeypatch.setattr(bl, "LED_LEGS_MM", (("DIN", 6.0), ("VDD", 10.0), ("GND", 14.0), ("DOUT", 18.0)))
    problems = bl.check(bl.features(400.0), 400.0)
    assert any("does not lie straight in the shortest spur" in p for p in problems), problems


def test_build_squares_the_corners_a_part_fills(monkeypatch):
    """An 8 mm router bit leaves 4 mm round inside corners: the SW5 carrier (15.2 x 12.7 mm in 16 x 14)
    and the micro-USB plug (11 x 20 in 12 x 22) meet them, the logic board in the cavity does not.
    BUILD.md 3.6 has the maker square exactly those pockets; a roomier SW5 pocket drops out."""
    assert bl.tight_corners(400.0) == ["sw5", "plug"]
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert ("square with the 6 mm chisel the four corners of the SW5 pocket and the two far corners of the "
            "plug pocket") in build
    assert "the cavity's round corners clear the logic board" in build
    monkeypatch.setattr(bl, "SW5_POCKET", (24.0, 14.0, 8.0))
    assert "sw5" not in bl.tight_corners(400.0)


def test_the_reeds_lower_lead_bends_have_room_above_the_back_face(monkeypatch):
    """Maker review 2, item 1: the lower lead's bend is fixed by the glass (U-turn up to 3 mm, 10.16 mm of glass, 2 mm
    of lead and the lead's 0.43 mm: 15.6 mm from the pocket's floor), so in a 17 mm sheet it stands 1.6 mm above the
    back face whatever lies below the face. The review-1 check credited the reed's mouth counterbore (2.5 mm deep)
    with room above the face and passed; the room is the back cover's: a hole through it over every reed. The check
    models what is above the back face: without the cover's reed holes it refuses the thin sheets, however deep the
    counterbore."""
    lo, hi = bl.THICKNESS_RANGE_MM
    assert bl.reed_bend_proud_mm(lo - bl.REED_WOOD_MM) > 1.5              # above the face: nothing below helps
    for t in (lo, bl.THICKNESS_MM, hi):
        for wood in bl.REED_WOOD_OPTIONS:
            feats = bl.layout(400.0, t, wood)                             # refused if a bend had no room
            reed = [f for f in feats if f.kind == "reed"][0]
            assert bl.reed_bend_proud_mm(reed.depth) + bl.COVER_CLEARANCE_MM <= bl.COVER_MM
    holes = {name: (x, y, d) for name, kind, x, y, d in bl.cover_holes(400.0) if kind == "reed"}
    assert len(holes) == 24
    for f in (f for f in bl.layout(400.0) if f.kind == "reed"):
        x, y, d = holes["reed-" + f.name[5:]]
        assert (x, y) == f.prim[1:3] and d >= bl.REED_MOUTH[0] + 2 * bl.COVER_ALIGN_MM
    no_reed_holes = [h for h in bl.cover_holes(400.0) if h[1] != "reed"]
    feats = bl.features(400.0, lo)
    problems = bl.check(feats, 400.0, cover=no_reed_holes)
    assert any("1.6 mm proud of the back face" in p and "no hole in the back cover" in p for p in problems), problems
    monkeypatch.setattr(bl, "REED_MOUTH", (6.0, 10.0))                    # a deeper counterbore makes no room
    assert bl.reed_room_problems(bl.features(400.0, lo), cover=no_reed_holes)
    assert not bl.reed_room_problems(bl.features(400.0, hi, 2.0), cover=no_reed_holes)   # 1.4 mm under the face
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "lies in its pocket's mouth counterbore" not in build and "below the back face (section 6.3)" not in build
    assert "a **Ø %g mm hole at the centre of every reed pocket**" % bl.COVER_REED_HOLE_D in build
    sensing = " ".join(open(os.path.join(ROOT, "hardware", "sensing.md"), encoding="utf-8").read().split())
    assert "makes no room above it" in sensing and "| 17 | 1.6 mm **above** the back face |" in sensing


def test_the_back_cover_keeps_its_pads_clear():
    """The felt pads closing the cover's reed holes clear the feet, the screws and the reset hole."""
    assert bl.cover_problems(400.0) == []
    assert bl.FELT_PAD_D > bl.COVER_REED_HOLE_D + 2 * bl.COVER_ALIGN_MM


def test_the_feet_are_drawn_and_keep_a_real_clearance_from_the_pads(monkeypatch):
    """Maker review 4, item 4: '35 mm in' put the foot's centre 1.2 mm clear of the felt pad over the corner reed
    (10.6 mm into it if measured to the foot's edge), and only the cover DXF marked the feet. The feet's centres now
    keep FOOT_CLEARANCE_MM from every pad and countersink (clear of the pad even when measured to the foot's edge),
    the back view draws them, and BUILD 10 and the BOM say 'centre'."""
    pads = [(x, y) for _, kind, x, y, _ in bl.cover_holes(400.0) if kind == "reed"]
    screws = bl.cover_screws(400.0)
    for fx, fy in bl.cover_feet(400.0):
        assert min(math.dist((fx, fy), p) for p in pads) >= (bl.FOOT_D + bl.FELT_PAD_D) / 2 + bl.FOOT_CLEARANCE_MM
        assert min(math.dist((fx, fy), p) for p in screws) >= bl.FOOT_D / 2 + bl.COVER_HOLE_D + bl.FOOT_CLEARANCE_MM
        edge = (fx + bl.FOOT_D / 2 if fx < 200 else fx - bl.FOOT_D / 2, fy + bl.FOOT_D / 2 if fy < 200 else fy - bl.FOOT_D / 2)
        assert min(math.dist(edge, p) for p in pads) > (bl.FOOT_D + bl.FELT_PAD_D) / 2      # the edge misread
    assert bl.FOOT_CLEARANCE_MM >= 5.0
    root = ET.fromstring(template.svg_bytes(400.0, view="back"))
    o = template.BLEED_MM
    feet = root.find(".//s:g[@id='cover-feet']", NS)
    circles = sorted((float(c.get("cx")), float(c.get("cy")), float(c.get("r"))) for c in feet.iter(
        "{http://www.w3.org/2000/svg}circle"))
    assert circles == sorted((o + 400 - x, o + y, bl.FOOT_D / 2) for x, y in bl.cover_feet(400.0))
    assert root.find(".//s:g[@id='cover-feet']", NS) is not None
    assert ET.fromstring(template.svg_bytes(400.0, view="front")).find(".//s:g[@id='cover-feet']", NS) is None
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    assert "each foot's **centre** %g mm in from both edges" % bl.FEET_INSET_MM in build
    assert "each foot's centre %g mm in from both edges" % bl.FEET_INSET_MM in bom
    assert "35 mm in" not in build + bom
    monkeypatch.setattr(bl, "FEET_INSET_MM", 35.0)                        # the review's 1.2 mm is refused
    assert any("rubber foot keeps only 1.2 mm" in p for p in bl.cover_problems(400.0)), bl.cover_problems(400.0)


def test_depths_follow_the_measured_sheet_and_the_table_says_which(tmp_path):
    """Maker review 1, item 4: with another sheet only the depths set by the wood under the top face change
    (the reeds' distance to the stone, the buttons' plungers); those set by what lies in a pocket stay. The
    template tool lays out any sheet of THICKNESS_RANGE_MM and refuses others; BUILD.md's table names the rule
    and the bit of every feature, and the tool writes the depths for the sheet given."""
    nominal = {f.name: f for f in bl.layout(400.0)}
    thin = {f.name: f for f in bl.layout(400.0, 17.4)}
    for name, f in nominal.items():
        g = thin[name]
        if f.side == "through":
            assert g.depth == 17.4
        elif f.kind in bl.FACE_WOOD_MM:
            assert abs((f.thickness - f.depth) - (g.thickness - g.depth)) < 1e-9, name
        else:
            assert g.depth == f.depth, name
    assert thin["reed-a1"].depth == 17.4 - bl.REED_WOOD_MM
    assert {f.kind for f in nominal.values()} <= set(bl.BITS)
    for t in (bl.THICKNESS_RANGE_MM[0] - 0.1, bl.THICKNESS_RANGE_MM[1] + 0.1):
        with pytest.raises(bl.LayoutError):
            bl.layout(400.0, t)
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "| reed switch pocket | 24 | back | Ø 5 | 15 | the thickness less 3 (3 under the top face) | %s |" % (
        bl.BITS["reed"]) in build
    assert "| electronics cavity | 1 | back | 86 x 81.5 | %g | the same depth |" % bl.CAVITY_DEPTH in build
    out, _ = _run(tmp_path, "--no-pdf", "--thickness", "17.4", "--reed-wood", "2")
    depths = open(str(out).replace(".svg", "-depths.md"), encoding="utf-8").read()
    assert "| reed switch pocket | 24 | back | Ø 5 | 15.4 |" in depths and "| button carrier pocket | 1 | back | " \
        "139.9 x 26 | 9.4 |" in depths


def test_reed_pockets_have_a_flat_floor():
    """Maker review 1, item 5: a brad-point's or a twist bit's point goes 1-2.6 mm deeper than the floor and
    leaves ~0.5 mm (or nothing) under the point with the 2 mm option. The reed pockets are cut with a flat-end
    slot drill; the BOM buys it and BUILD.md cuts them with it."""
    assert "slot drill" in bl.BITS["reed"] and "flat end" in bl.BITS["reed"]
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    assert bl.BITS["reed"] in bom


def test_the_back_cover_has_its_own_dxf(tmp_path):
    """Maker review 1, item 12: the cover's 8 countersunk screw holes, its reset hole and the feet, for a CNC
    router, at the back view's places (the cover is seen from outside)."""
    import ezdxf
    path = tmp_path / "cover.dxf"
    layers = template.write_dxf(400.0, str(path), "cover")
    msp = ezdxf.readfile(str(path)).modelspace()

    def on(layer):
        return [(round(e.dxf.center.x, 3), round(e.dxf.center.y, 3), e.dxf.radius) for e in msp.query("CIRCLE")
                if e.dxf.layer == layer]
    screws = on("COVER_SCREW-HOLE_D3")
    assert len(screws) == 8 and all(r == bl.COVER_HOLE_D / 2 for _, _, r in screws)
    assert sorted((x, y) for x, y, _ in screws) == sorted((round(400 - x, 3), round(400 - y, 3))
                                                          for x, y in bl.cover_screws(400.0))
    reset, = on("COVER_RESET-HOLE_D3")
    sx, sy = bl.sw5_plunger(400.0)
    assert (reset[0], reset[1]) == (round(400 - sx, 3), round(400 - sy, 3)) and reset[2] == 2.0
    assert len(on("MARK_FOOT")) == 4 and len(on("COVER_COUNTERSINK_D1P6")) == 8
    assert all(r == bl.COVER_HOLE_D for _, _, r in on("COVER_COUNTERSINK_D1P6"))
    reeds = on("COVER_REED-HOLE_D3")
    assert sorted((x, y) for x, y, _ in reeds) == sorted(
        (round(400 - x, 3), round(400 - y, 3)) for _, kind, x, y, _ in bl.cover_holes(400.0) if kind == "reed")
    assert all(r == bl.COVER_REED_HOLE_D / 2 for _, _, r in reeds) and not [n for n in layers if "RECESS" in n]


def test_dxf_layer_names_give_kind_and_depth_as_documented(tmp_path):
    """Maker review 3, item 6: README and BUILD say the DXF layers give kind and depth (BACK_REED_D15), but the cover's
    'D' was a diameter (COVER_COUNTERSINK_D6P4 read as 6.4 mm deep through 3 mm hardboard, COVER_FOOT_D15 as four
    holes where the feet are only stuck on). Every cut layer of the three DXFs ends in its depth, no deeper than the
    sheet or the cover, equal to what the layout cuts; marks are on MARK_ layers; the documents state the rule."""
    import re
    for view, thick in (("front", bl.THICKNESS_MM), ("back", bl.THICKNESS_MM), ("cover", bl.COVER_MM)):
        layers = template.write_dxf(400.0, str(tmp_path / ("%s.dxf" % view)), view)
        for name in layers:
            if name in ("BOARD_EDGE", "LINES") or name.startswith("MARK_"):
                continue
            m = re.fullmatch(r"(BACK|THROUGH|COVER)_([A-Z0-9-]+)_D(\d+)(?:P(\d+))?", name)
            assert m, name
            depth = float(m.group(3) + ("." + m.group(4) if m.group(4) else ""))
            assert 0 < depth <= thick, name
            if m.group(1) == "COVER":
                want = template.cover_countersink_depth() if m.group(2) == "COUNTERSINK" else bl.COVER_MM
                assert depth == pytest.approx(want, abs=0.05), name
            else:
                kind = m.group(2)[:-len("-PILOT")] if m.group(2).endswith("-PILOT") else m.group(2)
                kinds = {f.depth for f in bl.layout(400.0) if template.DXF_KIND.get(f.kind, f.kind.upper()) == kind
                         and f.side.upper() == m.group(1)}
                assert kinds and all(d == pytest.approx(depth, abs=0.05) for d in kinds), name
    assert template.cover_countersink_depth() < bl.COVER_MM
    assert "BACK_TIE-POCKET_D11" in template.write_dxf(400.0, str(tmp_path / "tie.dxf"), "back")   # review 14
    every = set()
    for view in ("front", "back", "cover"):
        every |= set(template.write_dxf(400.0, str(tmp_path / ("n-%s.dxf" % view)), view))
    for doc in ("BUILD.md", "README.md"):
        text = " ".join(open(os.path.join(ROOT, "hardware", doc), encoding="utf-8").read().split())
        assert "never a diameter" in text and "`MARK_FOOT`" in text, doc
        named = set(re.findall(r"`((?:BACK|THROUGH|COVER|MARK)_[A-Z0-9_-]+)`", text))
        assert named and named <= every, (doc, named - every)


def test_every_brad_point_is_a_whole_mm_of_a_common_set():
    """Maker review 2, item 10: 4.5, 5.5 and 8.5 mm brad-points are not in common sets and had no source. Every
    brad-point the build uses is a whole millimetre of the common 3..10 mm set, and the BOM says so."""
    bits = list(bl.BITS.values()) + [b for b, _ in bl.OTHER_BITS]
    brads = {float(b.split()[0]) for b in bits if "brad-point" in b}
    assert brads and all(d in bl.BRAD_POINT_SET_MM for d in brads), brads
    assert bl.LED_WINDOW_D in brads and bl.BUTTON_HOLE_D in brads and bl.STONE_POCKET[0] in brads
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    assert "all from one common set of 3..10 mm in 1 mm steps" in bom


def test_the_tools_reach_what_the_layout_cuts():
    """Maker review 2, items 7-9: the slot drill reaches the deepest reed pocket of every sheet (17 mm: a 19 mm sheet
    with 2 mm of wood), the drill press's throat the farthest hole (the inner ring, ~150 mm in), the plunge router's
    bits their deepest cut; the BOM's generated tools list states each figure."""
    req = bl.tool_requirements()
    for t in bl.THICKNESS_RANGE_MM:
        for wood in bl.REED_WOOD_OPTIONS:
            for f in bl.features(400.0, t, wood):
                bit = bl.BITS[f.kind].split(",")[0]
                if f.kind == "reed":
                    assert f.depth <= req["reed reach"]
                if "router" in bit:
                    assert f.depth + 1.0 <= req["router"][bit]
    assert req["reed reach"] == 17.0 and req["router"]["8 mm straight router bit"] >= bl.CAVITY_DEPTH + 1.0
    assert req["throat"] >= 150.0 + bl.THROAT_MARGIN_MM
    for f in bl.layout(400.0):
        if f.kind in bl.DRILLED:
            x, y = f.prim[1:3]
            assert min(x, y, 400 - x, 400 - y) + bl.THROAT_MARGIN_MM <= req["throat"], f.name
    bom = " ".join(open(os.path.join(ROOT, "hardware", "BOM.md"), encoding="utf-8").read().split())
    assert "**A bench drill press with a depth stop and a throat of at least %d mm**" % req["throat"] in bom
    assert "**A plunge router**" in bom and "**8 mm one with a cutting length of at least 15 mm**" in bom
    assert "**5 mm slot drill must reach 17 mm**" in bom and "**5 mm shank**" in bom


def test_the_cable_ties_heads_fit_their_pocket(monkeypatch):
    """Maker review 2, item 13: with the pocket 7 mm off the cable its c-file wall was 6.0 mm from the cable's axis, and
    a head on a 5.5 mm cable needs 2.75 + 5 mm (+0.5). The check models the heads; the pocket now leaves room on both
    sides."""
    feats = bl.layout(400.0)
    need = bl.CABLE_MM[1] / 2 + bl.TIE_HEAD_MAX_MM[1] + 0.5
    assert min(bl.tie_room_mm(feats)) >= need and bl.tie_problems(feats) == []
    monkeypatch.setattr(bl, "CLAMP_OFFSET_MM", 7.0)
    problems = bl.tie_problems(bl.features(400.0))
    assert any("c-file wall" in p for p in problems), problems


# --- maker review 3 ------------------------------------------------------------------------------------------

def test_every_part_rests_where_the_build_seats_it(monkeypatch):
    """Maker review 3, item 1: the LED's 5.8 mm rim slid through the 6.0 mm window, so nothing but the bent legs held
    it, while BUILD.md seated it on its rim. Every part the build rests on a step of the wood (SEATS) passes its hole
    with its narrow end and rests on its shoulder with SEAT_LEDGE_MM of wood all round; the review-3 window is
    refused."""
    assert bl.seat_problems(bl.layout(400.0)) == []
    assert {s[5] for s in bl.SEATS} == {"led-window", "button-hole"}
    for part, _, narrow, _, shoulder, hole, _ in bl.SEATS:
        d = {"led-window": bl.LED_WINDOW_D, "button-hole": bl.BUTTON_HOLE_D}[hole]
        assert narrow <= d <= shoulder - 2 * bl.SEAT_LEDGE_MM, part
    monkeypatch.setattr(bl, "LED_WINDOW_D", 6.0)
    problems = bl.check(bl.features(400.0), 400.0)
    assert any("the LED does not rest on its rim" in p for p in problems), problems
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "until its rim sits on the counterbore's floor: the rim (5.8 mm) is wider than the 5 mm window" in build
    assert "| LED window | 24 | back, through | Ø 5 | through | through | 5 mm brad-point |" in build


def test_no_stale_template_picture_is_committed():
    """Maker review 4, item 6: docs/images/template-400mm.png showed an old layout (every LED window at 22.5
    degrees, Ø 7 button holes, a smaller cavity). The template's picture is generated (`make template` writes
    artifacts/template.png) and none is kept in the repository, so none can fall behind the tool."""
    images = os.path.join(ROOT, "docs", "images")
    assert not [n for n in os.listdir(images) if n.startswith("template")]
    for folder in (ROOT, os.path.join(ROOT, "docs"), os.path.join(ROOT, "hardware")):
        for name in os.listdir(folder):
            if name.endswith(".md"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    assert "images/template" not in f.read(), name


def test_make_template_writes_only_the_set_build_lists():
    """Maker review 4, item 13: `make template` ran the tool a second time with --diagonals, so artifacts/ also held a
    front view with the four diagonals (and the depths were printed twice), which BUILD 1 did not list: it could be
    sent to the copy shop. The diagonals set is made only by its own target, and BUILD 1 lists every file the
    template target writes and says which two to print."""
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        make = f.read()
    recipe = make[make.index("\ntemplate:"):].split("\n\n")[0]
    assert recipe.count("tools/template.py") == 1 and "--diagonals" not in recipe
    diag = make[make.index("\ntemplate-diagonals:"):].split("\n\n")[0]
    assert "--diagonals" in diag and "template-diagonals" in make.split("\n", 10)[5]
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    one = build[build.index("## 1. Print and check the template"):build.index("## 2. The strip")]
    for name in ("template-400mm.pdf", "template-400mm-back.pdf", "template-400mm-A4.pdf", "template-400mm-back-A4.pdf",
                 "template-400mm-A3.pdf", "template-400mm-back-A3.pdf", "template-400mm.dxf", "template-400mm-back.dxf",
                 "template-400mm-cover.dxf", "template-400mm-depths.md", "template-400mm.svg",
                 "template-400mm-back.svg", "template.png"):
        assert "`%s`" % name in one, name
    assert "`make template` writes nothing else" in one and "`make template-diagonals" in one
    assert "Print `template-400mm.pdf` (or its tiles) for the front and `template-400mm-back.pdf` for the back" in one


def test_every_angled_spur_hole_has_its_mark_on_the_back_view():
    """Maker review 5, item 1: BUILD 3.9 drills 8 mm holes every 4 mm along each angled spur, each centre spur in its
    own awl mark, but the back view drew no station: the maker laid them out with a ruler. Now the back view draws
    one cross per hole the step drills (the first and the last too, every other one circled: the first pass), step 3
    pricks them and step 9 says where the first goes. The holes are derived here from the step's own rule: on the
    centre line, 4 mm apart from 5.5 mm past the LED's centre (0.5 mm outside its 10 mm capacitor recess: maker review
    9), as long as the centre lies in solid wood."""
    from shapely.geometry import Point
    feats = bl.layout(400.0)
    cut = [f for f in feats if f.kind != "spur" and f.side in ("back", "through")]
    want = {}
    for f in feats:
        _, x1, y1, x2, y2, _ = f.prim if f.kind == "spur" else (0,) * 6
        if f.kind != "spur" or abs(x1 - x2) < 1e-6 or abs(y1 - y2) < 1e-6:
            continue
        n = math.hypot(x2 - x1, y2 - y1)
        pts = []
        for k in range(100):
            p = (x1 + (x2 - x1) * (5.5 + 4.0 * k) / n, y1 + (y2 - y1) * (5.5 + 4.0 * k) / n)
            if any(g.geom.contains(Point(p)) or g.geom.distance(Point(p)) < 0.05 for g in cut):
                break
            pts.append(p)
        ring = [g for g in cut if g.name in f.joins and g.kind == "ring"][0]
        assert Point(pts[0]).distance(Point(x1, y1)) == pytest.approx(5.5)       # its rim 1.5 mm from the LED's centre
        assert Point(pts[-1]).distance(ring.geom) < 4.0                          # the last breaks into the channel
        want[f.name[5:]] = pts
    assert len(want) == 6
    root = ET.fromstring(template.svg_bytes(400.0, view="back"))
    marks = _by_class(root, "spur-station")
    got = {}
    for m in marks:
        h, v = m.findall("s:line", NS)
        got.setdefault(m.get("data-spur"), []).append(
            (400.0 + template.BLEED_MM - float(h.get("x1")) - 1.5, float(h.get("y1")) - template.BLEED_MM,
             m.get("data-pass"), m.find("s:circle", NS) is not None))
    assert sorted(got) == sorted(want)
    for name, pts in want.items():
        assert len(got[name]) == len(pts), name
        for k, ((x, y), (gx, gy, pas, circled)) in enumerate(zip(pts, got[name])):
            assert (gx, gy) == (pytest.approx(x, abs=0.01), pytest.approx(y, abs=0.01))
            assert pas == ("1" if k % 2 == 0 else "2") and circled == (k % 2 == 0)
        assert len(pts) % 2 == 1, "the last hole is drilled in the first pass, in solid wood beside the channel"
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    total = sum(len(p) for p in want.values())
    assert "every brown cross on the centre line (the centre of each 8 mm hole of step 9, the first and the last " \
           "too: %d," % total in build
    assert "%d in all. The first is centred 5.5 mm from the LED's centre" % total in build
    assert "the **first hole 5.5 mm from the LED's centre**" in build
    assert "one at each of the back view's brown crosses (pricked in step 3)" in build


def test_every_angled_spur_hole_can_be_centred_as_written():
    """Maker review 6, items 5 and 6: the holes are twice the step across, so each second-pass cross lies exactly where
    the rims of the two first-pass holes either side touch: the first pass drills its awl mark away, and 'each centre
    spur in its own awl mark' could not be done for it. And the first hole's spur lands only 0.5 mm outside the LED's
    counterbore, not 'in solid wood'. Now only the first pass is centred in its awl marks, the second pass by eye
    where the rims touch, and the first hole's nearness to the counterbore is stated with what it does."""
    from shapely.geometry import Point
    feats = bl.layout(400.0)
    r = bl.ANGLED_SPUR_HOLE_D / 2
    gap = bl.ANGLED_SPUR_FIRST_MM - bl.LED_CAP_RECESS[0] / 2
    assert 0 < gap < 1.0
    for name, pts in bl.angled_spur_stations(feats).items():
        led = [f for f in feats if f.name == "ledrec-" + name[5:]][0]
        assert Point(pts[0]).distance(led.geom) == pytest.approx(gap, abs=0.02)
        for k in range(1, len(pts) - 1, 2):            # a second-pass centre: on both first-pass rims
            for j in (k - 1, k + 1):
                assert Point(pts[j]).distance(Point(pts[k])) == pytest.approx(r)
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    step = build[build.index("the 6 angled ones (\"drill and chisel\")"):build.index("10. **Cover screw pilots**")]
    assert "each centre spur in its own awl mark (the back view's brown crosses" not in step
    assert "among them: each in solid wood" not in step and "its centre spur just outside" not in step
    first, second = step.split("**Then the holes between them**")
    assert "(the circled crosses, 8 mm apart, the first and the last among them), each centre spur in its own awl " \
           "mark" in first
    assert "the first one's lies only %g mm outside the rim of the Ø %g capacitor recess (step 5)" % (
        gap, bl.LED_CAP_RECESS[0]) in first
    assert "it pulls towards the recess the hole has to join anyway" in first
    assert "the holes either side of each touch exactly at its centre, so the first pass has drilled its awl mark " \
           "away. Centre it by eye: lower the bit, stopped, until its centre spur sits where the two rims touch" in second
    assert "(%g mm outside the rim of its %g mm capacitor recess)" % (gap, bl.LED_CAP_RECESS[0]) in build
    assert "so the first pass drills its mark away and step 9 centres that hole by eye" in build


def test_the_led_capacitor_lies_in_cut_wood_on_every_spur(monkeypatch):
    """Maker reviews 8 and 9 (W2): the LED's 100 nF, laid back over the LED (5.5.3), reaches 3.6 mm behind the LED's
    centre, its corners 4.41 mm; the angled spurs have no round end there (their first hole starts ahead of the
    LED) and two router passes 1 mm apart leave only about 3.4 mm at the capacitor's corners, while the old check
    modelled every spur end as a 4.5 mm semicircle. Now a 10 mm recess round every LED's counterbore, to the spur's
    depth, holds it, and the check counts only what every spur's cutting leaves for certain: without the recess the
    check refuses every LED, and so it does with the capacitor laid further back."""
    feats = bl.layout(400.0)
    assert bl.cap_room_problems(feats) == []
    assert len([f for f in feats if f.kind == "led-recess"]) == 24
    bare = [f for f in bl.features(400.0) if f.kind != "led-recess"]
    assert len(bl.cap_room_problems(bare)) == 24
    monkeypatch.setattr(bl, "LED_CAP_END_MM", 0.5)
    assert len(bl.cap_room_problems(bl.features(400.0))) == 24
    monkeypatch.setattr(bl, "LED_CAP_END_MM", 1.5)
    monkeypatch.setattr(bl, "LED_CAP_RECESS", (10.0, 5.0))
    assert any("shallower than its spur" in p for p in bl.cap_room_problems(bl.features(400.0)))
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "| LED capacitor recess (round its counterbore) | 24 | back | Ø 10 | 6 | the same depth | 10 mm Forstner |" \
        in build
    assert "(it lies in the LED's Ø 10 capacitor recess, 3.5)" in build


def test_the_led_window_is_drilled_from_the_back_after_its_counterbore_and_so_is_the_strip_test():
    """Maker review 9, item 11: the window drilled from the top after the counterbore broke out, unsupported, onto the
    0.4 mm ledge that seats the LED, and the strip's test hole (a plain 5 mm hole) could not show it. Now the three
    cuts of an LED pocket go in from the back in one order (recess, counterbore, window through the counterbore's
    floor, the backer board under the top face), and the strip test makes the same pocket the same way."""
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    step = build[build.index("5. **LED pockets**"):build.index("6. **Cavity, plug pocket")]
    order = [step.index(w) for w in ("**capacitor recess**", "**counterbore**", "**window**")]
    assert order == sorted(order)
    assert "the backer board clamped under the top face" in step
    assert "**First make one LED pocket in the strip** the same way (the three cuts in the same order" in step
    assert "test hole" not in step
    assert bl.THROUGH_FROM_BACK == ("led-window",)


@pytest.mark.parametrize("thickness,wood", [(17.0, 3.0), (18.0, 2.0), (19.0, 3.0)])
def test_the_back_view_prints_the_sheets_own_depths_inside_the_board(thickness, wood):
    """Maker review 9, item 3: the button carrier's label gave the button bodies the fixed 13.5 mm of an 18 mm sheet
    (1 mm too shallow in 19 mm), and the reed pockets' depth was only in the legend, in the margin that 3.2 trims
    off. Now a red "THIS SHEET" label inside the board, and the carrier's label, give the sheet's own depths: the
    reed pockets the thickness less the depth test's wood, the button bodies the thickness less 4.5."""
    root = ET.fromstring(template.svg_bytes(400.0, view="back", sheet=(thickness, wood)))
    texts = [t for t in root.iter("{%s}text" % template.SVG_NS)]
    mark = [t for t in texts if t.get("data-sheet-depths")]
    reed, body = thickness - wood, thickness - bl.FACE_WOOD_MM["button-body"]
    carrier = thickness - bl.FACE_WOOD_MM["button-carrier"]
    assert mark and all(t.get("data-sheet-depths") == "%g %g %g" % (reed, carrier, body) for t in mark)
    words = " ".join(t.text for t in mark)
    assert "reed pockets Ø5 x %g deep" % reed in words and "button bodies Ø10 x %g deep" % body in words
    assert "button carrier pocket %g deep" % carrier in words          # maker review 10, item 7
    assert any(t.get("data-edge") == "far" for t in texts)              # maker review 10, minor 9
    for t in mark:
        x, y = float(t.get("x")), float(t.get("y"))
        assert template.BLEED_MM < x < template.BLEED_MM + 400.0 and template.BLEED_MM < y < template.BLEED_MM + 400.0
    assert any("button bodies Ø10, %g deep" % body in t.text for t in texts)
    assert not any("button bodies Ø10, %g deep" % bl.BUTTON_BODY[1] in t.text for t in texts) or body == 13.5


def test_the_back_dxf_only_marks_the_cover_pilots(tmp_path):
    """Maker review 12, item 3: BUILD 10 drills the cover's screw pilots through the cover's own holes (a pilot drilled
    from a print and a hole drilled from another can miss each other), but the back DXF still cut them. They are now
    on a MARK_ layer, never cut; every other feature of the back is still cut."""
    import ezdxf
    layers = template.write_dxf(400.0, str(tmp_path / "back.dxf"), "back")
    msp = ezdxf.readfile(str(tmp_path / "back.dxf")).modelspace()
    pilots = [e for e in msp.query("CIRCLE") if e.dxf.layer == "MARK_COVER-SCREW"]
    assert len(pilots) == sum(1 for f in bl.layout(400.0) if f.kind == "cover-screw") == 8
    assert not any("COVER-SCREW" in name for name in layers if not name.startswith("MARK_"))
    assert "BACK_REED_D15" in layers
    build = " ".join(open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8").read().split())
    assert "`MARK_COVER-SCREW` (section 10 drills them through the cover)" in build
