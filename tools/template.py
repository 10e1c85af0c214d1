#!/usr/bin/env python3
"""Drilling template of the board to scale, as SVG and PDF (and PNG on request).

Usage:
    python tools/template.py --size 400mm [--diagonals] [--out artifacts/template-400mm.svg]
                             [--no-pdf] [--png PATH]

Print the PDF at 100 % (no "fit to page"); check the 100 mm scale bar with a
ruler before drilling. The sheet shows the board edge with cut marks, the
point centres, the 16 lines (20 with --diagonals), a reed switch hole under
every point, an LED hole beside every point, each point's LED chain index and
switch bit (from firmware/board_config.py), the stone footprint and the
cavity for the electronics under the inner square.

Layout (all figures in mm, for a board of side S): the 7 x 7 grid has a pitch
of S / 8 and a margin of S / 8 to the edge, so at 400 mm the pitch is 50 mm
and a1 sits 50 mm from the left and bottom edges. The LED hole centre sits
0.45 pitch from the point centre at 22.5 degrees above the +x axis: off every
line through the point, the diagonals included, and outside a stone of up to
0.64 pitch diameter (32 mm at 400 mm).

SVG is written with xml.etree (standard library); PDF and PNG are rendered
from that SVG by CairoSVG (needs the libcairo2 system library).
"""
import argparse
import math
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"),):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from morris.geometry import GEOMETRIES  # noqa: E402
import board_config  # noqa: E402

SVG_NS = "http://www.w3.org/2000/svg"
BLEED_MM = 20.0          # paper around the board edge, for the cut marks and the legend
REED_HOLE_MM = 5.0       # vertical reed switch pocket, drilled from the back (glass 1.8 x 10.2 mm)
LED_HOLE_MM = 5.0        # light window through the top, over the WS2812B
LED_OFFSET_PITCH = 0.45  # LED hole distance from the point centre, in pitches
LED_ANGLE_DEG = 22.5     # direction of the LED hole, counter-clockwise from +x (right)
BUTTON_HOLE_MM = 7.0     # 6 x 6 mm tactile switch with a round cap, or a 7 mm panel push button
STONE_PITCH = 0.64       # largest stone diameter, in pitches
COLUMNS = "abcdefg"


def parse_size(text):
    """Board side in mm from '400mm', '40cm', '0.4m', '15.75in' or a bare number (mm); raises ValueError."""
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(mm|cm|m|in)?\s*", text)
    if not m:
        raise ValueError("size must look like 400mm, 40cm or 15.75in: %r" % text)
    value = float(m.group(1)) * {"mm": 1.0, None: 1.0, "cm": 10.0, "m": 1000.0, "in": 25.4}[m.group(2)]
    if not 100.0 <= value <= 2000.0:
        raise ValueError("board side %.1f mm is outside 100..2000 mm" % value)
    return value


def pitch(size_mm):
    """Grid pitch in mm (distance between neighbouring grid columns) for a board of side size_mm."""
    return size_mm / 8.0


def point_xy(name, size_mm):
    """Centre of point ``name`` (e.g. 'a1') in mm from the board's top-left corner, y downwards: (x, y)."""
    p = pitch(size_mm)
    col = COLUMNS.index(name[0])
    row = int(name[1]) - 1
    return (p * (1 + col), size_mm - p * (1 + row))


def led_xy(name, size_mm):
    """Centre of the LED hole of point ``name`` in mm from the board's top-left corner: (x, y)."""
    x, y = point_xy(name, size_mm)
    r = LED_OFFSET_PITCH * pitch(size_mm)
    a = math.radians(LED_ANGLE_DEG)
    return (x + r * math.cos(a), y - r * math.sin(a))


def cavity_rect(size_mm):
    """Electronics cavity on the back as (x0, y0, x1, y1) in mm from the board's top-left corner.

    Inside the inner square, clear of the LED pockets of c3, d3 and c4 and of the
    reed pocket of e4: 60 x 72 mm at 400 mm, room for the Pico (51 x 21 mm) and a
    perfboard with the four logic chips."""
    p = pitch(size_mm)
    (c3x, c3y), (e5x, e5y) = point_xy("c3", size_mm), point_xy("e5", size_mm)
    return (c3x + 0.6 * p, e5y + 0.2 * p, e5x - 0.2 * p, c3y - 0.36 * p)


def button_positions(size_mm):
    """Button hole centres in the front margin right of d1: list of (label, (x, y)) in mm, top-left origin.

    Labels and order follow firmware/board_config.py BUTTON_PINS."""
    p = pitch(size_mm)
    d1x, _ = point_xy("d1", size_mm)
    return [(label, (d1x + 0.6 * p * (k + 1), size_mm - 0.45 * p))
            for k, label in enumerate(sorted(board_config.BUTTON_PINS, key=board_config.BUTTON_PINS.get))]


def _f(v):
    return ("%.3f" % v).rstrip("0").rstrip(".")


def _el(parent, tag, **attrs):
    e = ET.SubElement(parent, "{%s}%s" % (SVG_NS, tag))
    for k, v in attrs.items():
        e.set(k.rstrip("_").replace("_", "-"), _f(v) if isinstance(v, float) else str(v))
    return e


def build_svg(size_mm, diagonals=False):
    """The template as an ElementTree root element (<svg>), in mm user units.

    Classes a test or a CAM step can select: rect#board-edge, line.cut-mark,
    line.mill-line (data-line='a1 d1 g1'), circle.point-centre, circle.reed-hole
    (id reed-<name>), circle.led-hole (id led-<name>), circle.stone-outline,
    rect.cavity, circle.button-hole, g#scale-bar, text elements. Coordinates are absolute: board
    coordinates plus BLEED_MM."""
    ET.register_namespace("", SVG_NS)
    geo = GEOMETRIES["diagonals" if diagonals else "standard"]
    page = size_mm + 2 * BLEED_MM
    o = BLEED_MM
    p = pitch(size_mm)
    svg = ET.Element("{%s}svg" % SVG_NS, {
        "width": _f(page) + "mm", "height": _f(page) + "mm",
        "viewBox": "0 0 %s %s" % (_f(page), _f(page)), "version": "1.1"})
    _el(svg, "title").text = "Nine Men's Morris board, %s mm drilling template%s" % (
        _f(size_mm), " with diagonals" if diagonals else "")
    _el(svg, "rect", x=0.0, y=0.0, width=page, height=page, fill="white")

    # Board edge (cut line) and cut marks at the corners, outside the board.
    _el(svg, "rect", id="board-edge", x=o, y=o, width=size_mm, height=size_mm,
        fill="none", stroke="#999999", stroke_width=0.2)
    marks = _el(svg, "g", id="cut-marks", stroke="black", stroke_width=0.25)
    gap, ln = 2.0, 12.0
    for cx in (o, o + size_mm):
        for cy in (o, o + size_mm):
            sx = -1 if cx == o else 1
            sy = -1 if cy == o else 1
            _el(marks, "line", class_="cut-mark", x1=cx + sx * gap, y1=cy, x2=cx + sx * (gap + ln), y2=cy)
            _el(marks, "line", class_="cut-mark", x1=cx, y1=cy + sy * gap, x2=cx, y2=cy + sy * (gap + ln))

    # Electronics cavity (routed from the back) inside the inner square, clear of
    # the LED pockets of c3, d3 and c4 and of the reed pocket of e4.
    cx0, cy0, cx1, cy1 = cavity_rect(size_mm)
    _el(svg, "rect", class_="cavity", x=o + cx0, y=o + cy0, width=cx1 - cx0, height=cy1 - cy0,
        fill="none", stroke="#3366cc", stroke_width=0.3, stroke_dasharray="3 2")
    _el(svg, "text", x=o + (cx0 + cx1) / 2, y=o + (cy0 + cy1) / 2, font_size=3.0,
        text_anchor="middle", fill="#3366cc", font_family="sans-serif").text = "electronics cavity (back)"

    # Push buttons in the front margin, right of d1.
    for label, (bx, by) in button_positions(size_mm):
        _el(svg, "circle", class_="button-hole", id="button-" + label, cx=o + bx, cy=o + by,
            r=BUTTON_HOLE_MM / 2, fill="white", stroke="#aa6600", stroke_width=0.35)
        _el(svg, "text", x=o + bx, y=o + by + BUTTON_HOLE_MM / 2 + 3.5, font_size=2.8,
            text_anchor="middle", font_family="sans-serif").text = label

    # The lines of the board.
    lines = _el(svg, "g", id="lines", stroke="black", stroke_width=1.2, stroke_linecap="round")
    for text in geo.line_names:
        a, _, c = text.split()
        (x1, y1), (x2, y2) = point_xy(a, size_mm), point_xy(c, size_mm)
        _el(lines, "line", class_="mill-line", data_line=text, x1=o + x1, y1=o + y1, x2=o + x2, y2=o + y2)

    # Points: stone footprint, reed hole, centre, LED hole, label.
    pts = _el(svg, "g", id="points")
    for name in geo.names:
        x, y = point_xy(name, size_mm)
        lx, ly = led_xy(name, size_mm)
        g = _el(pts, "g", id="point-" + name)
        _el(g, "circle", class_="stone-outline", cx=o + x, cy=o + y, r=STONE_PITCH * p / 2,
            fill="none", stroke="#bbbbbb", stroke_width=0.2, stroke_dasharray="1.5 1.5")
        _el(g, "circle", class_="reed-hole", id="reed-" + name, cx=o + x, cy=o + y, r=REED_HOLE_MM / 2,
            fill="white", stroke="#cc0000", stroke_width=0.35)
        _el(g, "circle", class_="point-centre", cx=o + x, cy=o + y, r=0.4, fill="black")
        _el(g, "circle", class_="led-hole", id="led-" + name, cx=o + lx, cy=o + ly, r=LED_HOLE_MM / 2,
            fill="white", stroke="#008800", stroke_width=0.35)
        _el(g, "text", x=o + x - 0.2 * p, y=o + y + 0.32 * p, font_size=3.2, font_family="sans-serif",
            text_anchor="middle").text = name
        _el(g, "text", x=o + x + 0.2 * p, y=o + y + 0.32 * p, font_size=2.4, font_family="sans-serif",
            text_anchor="middle", fill="#555555").text = "L%d S%d" % (
                board_config.LED_INDEX[name], board_config.SWITCH_BIT[name])

    # Legend below the board, a 100 mm scale bar above it.
    legend = (
        "%s mm board, pitch %s mm%s. Print at 100 %% (no fit to page) and check the scale bar." % (
            _f(size_mm), _f(p), ", with the four diagonals" if diagonals else ""),
        "Red: reed switch pocket Ø%s mm, drilled from the back, leave 3 mm of wood under the point. "
        "Green: LED window Ø%s mm, drilled through." % (_f(REED_HOLE_MM), _f(LED_HOLE_MM)),
        "Lx = LED chain index, Sx = switch bit (firmware/board_config.py). Blue dashes: electronics cavity "
        "on the back. Grey dashes: largest stone. Brown: push buttons Ø%s mm." % _f(BUTTON_HOLE_MM),
    )
    for i, text in enumerate(legend):
        _el(svg, "text", x=o + 20.0, y=o + size_mm + 6.0 + 4.2 * i, font_size=2.8,
            font_family="sans-serif").text = text
    bar = _el(svg, "g", id="scale-bar", stroke="black", stroke_width=0.4)
    bx, by = o + 20.0, o - 8.0
    _el(bar, "line", x1=bx, y1=by, x2=bx + 100.0, y2=by)
    for k in range(11):
        _el(bar, "line", x1=bx + 10.0 * k, y1=by - (2.0 if k % 5 == 0 else 1.0), x2=bx + 10.0 * k, y2=by)
    _el(svg, "text", x=bx + 102.0, y=by + 1.0, font_size=3.0, font_family="sans-serif").text = \
        "100 mm: check with a ruler"
    return svg


def svg_bytes(size_mm, diagonals=False):
    """The template SVG document as UTF-8 bytes."""
    root = build_svg(size_mm, diagonals)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def render_pdf(svg, path):
    """Write the SVG bytes as a PDF at true size to ``path`` through CairoSVG."""
    import cairosvg
    cairosvg.svg2pdf(bytestring=svg, write_to=path)


def render_png(svg, path, dpi=96):
    """Write the SVG bytes as a PNG at ``dpi`` to ``path`` through CairoSVG."""
    import cairosvg
    cairosvg.svg2png(bytestring=svg, write_to=path, dpi=dpi)


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="400mm", help="board side, e.g. 400mm (default), 40cm, 15.75in")
    ap.add_argument("--diagonals", action="store_true", help="add the four diagonals (Twelve Men's Morris)")
    ap.add_argument("--out", help="SVG path (default artifacts/template-<size>mm[-diagonals].svg); "
                                  "the PDF goes beside it")
    ap.add_argument("--no-pdf", action="store_true", help="write the SVG only")
    ap.add_argument("--png", help="also write a PNG preview to this path")
    ap.add_argument("--dpi", type=float, default=96, help="PNG resolution (default 96)")
    a = ap.parse_args(argv)
    try:
        size = parse_size(a.size)
    except ValueError as e:
        ap.error(str(e))
    out = a.out or os.path.join(ROOT, "artifacts", "template-%smm%s.svg" % (
        _f(size), "-diagonals" if a.diagonals else ""))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    data = svg_bytes(size, a.diagonals)
    with open(out, "wb") as f:
        f.write(data)
    print("wrote " + out)
    if not a.no_pdf:
        pdf = os.path.splitext(out)[0] + ".pdf"
        render_pdf(data, pdf)
        print("wrote " + pdf)
    if a.png:
        os.makedirs(os.path.dirname(os.path.abspath(a.png)), exist_ok=True)
        render_png(data, a.png, a.dpi)
        print("wrote " + a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
