#!/usr/bin/env python3
"""Drilling template of the board to scale: front and back views as SVG and PDF, tiled for A4 / A3
printers, and as DXF for a CNC router or laser.

Usage:
    python tools/template.py --size 400mm [--diagonals] [--out artifacts/template-400mm.svg]
                             [--no-pdf] [--png PATH] [--tiles] [--dxf] [--thickness 18.0] [--reed-wood 3]

Writes, beside --out (default artifacts/template-<size>mm[-diagonals].svg):
    <name>.svg / .pdf           the front view (tape it face up on the top face)
    <name>-back.svg / .pdf      the back view, mirrored (tape it face up on the back face)
    <name>[-back]-A4.pdf, -A3.pdf   with --tiles: the same sheets cut into printer pages with overlap marks
                                    and cut lines
    <name>[-back].dxf           with --dxf: every feature on a layer named by side, kind and depth (BACK_REED_D15)
    <name>-cover.dxf            with --dxf: the back cover's screw holes, countersinks, reset hole and reed holes
                                (COVER_REED-HOLE_D3: through the 3 mm cover), the feet on MARK_FOOT (not cut)
    <name>-depths.md            every feature's depth for the sheet (--thickness, --reed-wood), also printed

Print the PDFs at 100 % (no "fit to page"); check the 100 mm scale bar with a ruler before drilling.
The geometry is tools/board_layout.py's, which refuses a layout whose walls are thinner than
board_layout.MIN_WALL_MM (the tool then exits with status 2 and names the walls).

SVG is written with xml.etree (standard library); PDF and PNG are rendered from it by CairoSVG (needs
the libcairo2 system library), pages merged with pypdf; DXF is written by ezdxf.
"""
import argparse
import io
import math
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from shapely.geometry import LineString, Point, box as sbox  # noqa: E402

from morris.geometry import GEOMETRIES  # noqa: E402
import board_config  # noqa: E402
import board_layout as bl  # noqa: E402
from board_layout import (  # noqa: E402
    parse_size, pitch, point_xy, led_xy, button_positions, cavity_rect, STONE_PITCH, LayoutError)

SVG_NS = "http://www.w3.org/2000/svg"
BLEED_MM = 20.0          # paper around the board edge, for the cut marks and the legend
PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0)}
PRINT_MARGIN_MM = 10.0   # what a home printer leaves blank at each edge
TILE_OVERLAP_MM = 20.0   # neighbouring tiles share this much; their alignment crosses fall in it

STYLE = {  # kind -> (stroke, fill, dash) of the drawn outline
    "reed": ("#cc0000", "white", None), "led-window": ("#008800", "white", None),
    "led-counterbore": ("#008800", "none", "1 0.6"), "led-recess": ("#008800", "none", "2 1"), "spur": ("#7a5a00", "none", "2 1"),
    "ring": ("#7a5a00", "none", "2 1"), "c1-bay": ("#7a5a00", "none", "2 1"), "radial": ("#7a5a00", "none", "2 1"),
    "usb": ("#3366cc", "none", "2 1"),
    "cavity": ("#3366cc", "none", "3 2"), "plug": ("#3366cc", "none", "3 2"), "clamp": ("#3366cc", "none", "1 1"),
    "sw5": ("#aa00aa", "none", "1 1"), "button-hole": ("#aa6600", "white", None),
    "button-body": ("#aa6600", "none", "1 0.6"), "button-carrier": ("#aa6600", "none", "3 2"),
    "cover-screw": ("#000000", "white", None), "reed-mouth": ("#cc0000", "none", "1 0.6"),
}
KIND_CLASS = {"reed": "reed-hole", "led-window": "led-hole", "button-hole": "button-hole"}
ID_PREFIX = {"reed": "reed-", "led-window": "led-", "button-hole": "button-"}


def _f(v):
    return ("%.3f" % v).rstrip("0").rstrip(".")


def _el(parent, tag, text=None, **attrs):
    e = ET.SubElement(parent, "{%s}%s" % (SVG_NS, tag))
    for k, v in attrs.items():
        e.set(k.rstrip("_").replace("_", "-"), _f(v) if isinstance(v, float) else str(v))
    if text is not None:
        e.text = text
    return e


def _label_lines(f):
    """Drilling instruction for a feature, as label lines: what; diameter or size, depth (all depths
    from the back face)."""
    size = f.size_text()
    depth = "through" if f.side == "through" else "%s deep" % _f(f.depth)
    lines = [f.note, "%s, %s" % (size, depth)]
    if f.kind == "button-carrier":
        lines.append("button bodies Ø%s, %s deep; plunger holes Ø%s through" % (
            _f(bl.BUTTON_BODY[0]), _f(f.thickness - bl.FACE_WOOD_MM["button-body"]), _f(bl.BUTTON_HOLE_D)))
    if f.kind == "cover-screw":
        lines = ["%s: pilot %s, %s" % (f.note, size, depth)]
    return lines


def view_obstacles(size_mm, view, diagonals=False, sheet=None):
    """What a view draws, as shapely geometries in sheet mm (board coordinates + BLEED_MM, the back
    view mirrored): holes and discs whole, channels as their bands, pockets and the cavity as their
    outlines, the playing lines (front), the logic board's outline, the SW5 cover-hole mark and the rubber feet
    (back).
    Labels must not cover any of them."""
    from shapely import affinity
    o = BLEED_MM
    back = view == "back"
    out = []

    def put(g):
        g = affinity.scale(g, xfact=-1.0, yfact=1.0, origin=(size_mm / 2, 0)) if back else g
        out.append(affinity.translate(g, o, o))
    for f in bl.layout(size_mm, *(sheet or ())):
        if not back and f.side != "through" and f.kind not in ("cavity", "reed"):
            continue
        if f.prim[0] == "rect":
            put(f.geom.exterior.buffer(0.4))
        else:
            put(f.geom.buffer(0.3))
    if back:
        put(sbox(*bl.logic_board_rect(size_mm)).exterior.buffer(0.4))
        put(Point(*bl.sw5_plunger(size_mm)).buffer(3.2))
        for x, y in bl.cover_feet(size_mm):
            put(Point(x, y).buffer(bl.FOOT_D / 2).exterior.buffer(0.3))
            put(Point(x, y).buffer(1.8))
    else:
        geo = GEOMETRIES["diagonals" if diagonals else "standard"]
        for text in geo.line_names:
            a, _, c = text.split()
            put(LineString([point_xy(a, size_mm), point_xy(c, size_mm)]).buffer(0.9))
    for name in GEOMETRIES["standard"].names:
        put(Point(*point_xy(name, size_mm)).buffer(1.0))
    return out


def text_width(text, font_size):
    """Approximate advance width (mm) of ``text`` in DejaVu Sans (the sans-serif CairoSVG uses) at
    ``font_size`` mm: capitals and digits 0.68 em, spaces 0.32 em, the rest 0.56 em."""
    w = 0.0
    for ch in text:
        w += 0.32 if ch == " " else 0.68 if (ch.isupper() or ch.isdigit() or ch in "ØWM") else 0.56
    return w * font_size


def label_box(x, y, lines, font_size):
    """The box (x0, y0, x1, y1) in mm of a centred label whose first baseline is at (x, y): one line per
    item of ``lines``, LINE_GAP apart."""
    w = max(text_width(s, font_size) for s in lines)
    return (x - w / 2, y - 0.8 * font_size, x + w / 2, y + 0.25 * font_size + (len(lines) - 1) * LINE_GAP * font_size)


LINE_GAP = 1.2


class Labels:
    """Places labels where they cover no drawn feature and no other label.

    ``obstacles``: shapely geometries in sheet mm (what is drawn: holes, channel bands, pocket outlines,
    lines); ``inside``: the area labels must stay in (the board). ``place`` tries positions around the
    anchor, nearest first, and raises LayoutError when none is free."""

    RADII = (0.0, 1.5, 3.0, 4.5, 6.0, 8.0, 10.0, 12.5, 15.0, 18.0, 22.0, 26.0, 30.0)

    def __init__(self, obstacles, inside):
        from shapely.strtree import STRtree
        self.obstacles = list(obstacles)
        self.tree = STRtree(self.obstacles)
        self.inside = inside
        self.placed = []

    def free(self, box, own=()):
        from shapely.geometry import box as sbox
        b = sbox(*box)
        if not self.inside.contains(b):
            return False
        for i in self.tree.query(b):
            g = self.obstacles[i]
            if not any(g.equals(o) for o in own) and g.intersects(b):
                return False
        return not any(b.intersects(sbox(*p)) for p in self.placed)

    def place(self, anchor, lines, font_size, own=(), prefer=(0.0, 1.0)):
        """A free baseline position (x, y) for ``lines`` near ``anchor`` (x, y); ``prefer``: the first
        direction tried (dx, dy); ``own``: obstacles the label may cover (its own pocket's inside)."""
        ax, ay = anchor
        h = font_size * (0.8 + 0.25 + (len(lines) - 1) * LINE_GAP)
        start = math.atan2(prefer[1], prefer[0])
        for r in self.RADII:
            for k in range(24 if r else 1):
                a = start + (1 if k % 2 else -1) * ((k + 1) // 2) * math.pi / 12
                cx, cy = ax + r * math.cos(a), ay + r * math.sin(a)
                x, y = cx, cy - h / 2 + 0.8 * font_size
                box = label_box(x, y, lines, font_size)
                if self.free(box, own):
                    self.placed.append(box)
                    return x, y
        raise LayoutError("no free place for the label %r near %s" % (lines[0], anchor))


def _draw_label(parent, labels, anchor, lines, font_size, own=(), prefer=(0.0, 1.0), leader=True, **attrs):
    """Place and draw a label (class 'label'); a thin leader line joins it to ``anchor`` when it sits
    more than 4 mm away."""
    x, y = labels.place(anchor, lines, font_size, own, prefer)
    box = labels.placed[-1]
    bx = min(max(anchor[0], box[0]), box[2])
    by = min(max(anchor[1], box[1]), box[3])
    if leader and math.hypot(bx - anchor[0], by - anchor[1]) > 4.0:
        _el(parent, "line", class_="leader", x1=anchor[0], y1=anchor[1], x2=bx, y2=by, stroke="#888888",
            stroke_width=0.15)
    for i, text in enumerate(lines):
        _el(parent, "text", class_="label", x=x, y=y + i * LINE_GAP * font_size, font_size=font_size,
            font_family="sans-serif", text_anchor="middle", text=text, **attrs)


def _draw_feature(g, f, o, mirror_x, size_mm):
    stroke, fill, dash = STYLE[f.kind]
    cls = KIND_CLASS.get(f.kind, f.kind)
    attrs = {"class_": cls, "data_feature": f.name, "stroke": stroke, "fill": fill, "stroke_width": 0.3}
    if dash:
        attrs["stroke_dasharray"] = dash
    if f.kind in ID_PREFIX:
        attrs["id"] = f.name

    def X(x):
        return o + (size_mm - x if mirror_x else x)
    if f.prim[0] == "circle":
        _, cx, cy, r = f.prim
        _el(g, "circle", cx=X(cx), cy=o + cy, r=r, **attrs)
    elif f.prim[0] == "rect":
        _, x0, y0, x1, y1 = f.prim
        xa, xb = sorted((X(x0), X(x1)))
        y0, y1 = max(y0, -BLEED_MM / 2), y1
        _el(g, "rect", x=xa, y=o + y0, width=xb - xa, height=y1 - y0, **attrs)
    else:
        _, x1, y1, x2, y2, hw = f.prim
        y1, y2 = max(y1, -BLEED_MM / 2), max(y2, -BLEED_MM / 2)
        _el(g, "line", x1=X(x1), y1=o + y1, x2=X(x2), y2=o + y2, stroke_linecap="round",
            **dict(attrs, stroke_width=2 * hw, stroke_opacity=0.25, fill="none", stroke_dasharray="none"))
        _el(g, "line", x1=X(x1), y1=o + y1, x2=X(x2), y2=o + y2, stroke=stroke, stroke_width=0.25,
            stroke_dasharray="2 1")


def build_svg(size_mm, diagonals=False, view="front", sheet=None):
    """The template as an ElementTree root element (<svg>), in mm user units; raises LayoutError.

    view 'front': the top face, as the player sees it (lines, point names, the LED windows and
    button holes drilled through from the top; the back's cavity outline for orientation).
    view 'back': the back face, mirrored left-right, with every feature cut from the back and the
    through holes, each labelled with its size and depth, the logic board's outline in the cavity
    and the mark for the back cover's reset hole. Labels are placed where they cover nothing drawn
    (Labels); LayoutError when one finds no room.
    Classes a test or a CAM step can select: rect#board-edge, line.cut-mark, line.mill-line
    (data-line='a1 d1 g1'), circle.point-centre, circle.reed-hole (id reed-<name>), circle.led-hole
    (id led-<name>), circle.stone-outline, rect.cavity, circle.button-hole, g#scale-bar, text.label,
    rect.logic-board, g#sw5-cover-hole and g.spur-station (back: a cross at each hole drilled along an angled spur,
    data-spur=<point>, data-hole=1.., data-pass=1 (circled: drilled first) or 2); every
    feature drawn carries data-feature=<board_layout name>. Coordinates are absolute: board
    coordinates plus BLEED_MM (the back view: mirrored, x -> size - x)."""
    sheet = sheet or (bl.THICKNESS_MM, bl.REED_WOOD_MM)
    feats = bl.layout(size_mm, *sheet)
    ET.register_namespace("", SVG_NS)
    geo = GEOMETRIES["diagonals" if diagonals else "standard"]
    back = view == "back"
    page = size_mm + 2 * BLEED_MM
    o = BLEED_MM
    p = pitch(size_mm)

    def X(x):
        return o + (size_mm - x if back else x)
    svg = ET.Element("{%s}svg" % SVG_NS, {
        "width": _f(page) + "mm", "height": _f(page) + "mm",
        "viewBox": "0 0 %s %s" % (_f(page), _f(page)), "version": "1.1", "data-view": view})
    _el(svg, "title", text="Nine Men's Morris board, %s mm drilling template, %s view%s" % (
        _f(size_mm), view, " (mirrored)" if back else "") + (" with diagonals" if diagonals else ""))
    _el(svg, "rect", x=0.0, y=0.0, width=page, height=page, fill="white")
    _el(svg, "rect", id="board-edge", x=o, y=o, width=size_mm, height=size_mm, fill="none", stroke="#999999",
        stroke_width=0.2)
    marks = _el(svg, "g", id="cut-marks", stroke="black", stroke_width=0.25)
    gap, ln = 2.0, 12.0
    for cx in (o, o + size_mm):
        for cy in (o, o + size_mm):
            sx = -1 if cx == o else 1
            sy = -1 if cy == o else 1
            _el(marks, "line", class_="cut-mark", x1=cx + sx * gap, y1=cy, x2=cx + sx * (gap + ln), y2=cy)
            _el(marks, "line", class_="cut-mark", x1=cx, y1=cy + sy * gap, x2=cx, y2=cy + sy * (gap + ln))
    if not back:
        lines = _el(svg, "g", id="lines", stroke="black", stroke_width=1.2, stroke_linecap="round")
        for text in geo.line_names:
            a, _, c = text.split()
            (x1, y1), (x2, y2) = point_xy(a, size_mm), point_xy(c, size_mm)
            _el(lines, "line", class_="mill-line", data_line=text, x1=X(x1), y1=o + y1, x2=X(x2), y2=o + y2)
    fg = _el(svg, "g", id="features")
    order = ["cavity", "plug", "usb", "clamp", "sw5", "ring", "c1-bay", "radial", "spur", "button-carrier",
             "button-body", "led-recess", "led-counterbore", "reed-mouth", "reed", "led-window", "button-hole", "cover-screw"]
    for kind in order:
        for f in feats:
            if f.kind != kind:
                continue
            if not back and f.side != "through" and f.kind not in ("cavity", "reed"):
                continue
            _draw_feature(fg, f, o, back, size_mm)
    logic = None
    if back:
        lx0, ly0, lx1, ly1 = bl.logic_board_rect(size_mm)
        xa, xb = sorted((X(lx0), X(lx1)))
        logic = _el(fg, "rect", class_="logic-board", x=xa, y=o + ly0, width=xb - xa, height=ly1 - ly0,
                    fill="none", stroke="#777777", stroke_width=0.25, stroke_dasharray="0.8 0.8")
        sx, sy = bl.sw5_plunger(size_mm)
        mark = _el(fg, "g", id="sw5-cover-hole", stroke="#aa00aa", stroke_width=0.3)
        _el(mark, "circle", cx=X(sx), cy=o + sy, r=bl.SW5_COVER_HOLE_D / 2, fill="none")
        _el(mark, "line", x1=X(sx) - 3.0, y1=o + sy, x2=X(sx) + 3.0, y2=o + sy)
        _el(mark, "line", x1=X(sx), y1=o + sy - 3.0, x2=X(sx), y2=o + sy + 3.0)
        stations = _el(fg, "g", id="spur-stations", stroke="#7a5a00", stroke_width=0.25, fill="none")
        for spur, pts in sorted(bl.angled_spur_stations(feats).items()):   # BUILD.md 3.3 pricks them, 3.9 drills
            for k, (hx, hy) in enumerate(pts):
                mark = _el(stations, "g", class_="spur-station", data_spur=spur[5:], data_hole=str(k + 1),
                           data_pass="1" if k % 2 == 0 else "2")
                _el(mark, "line", x1=X(hx) - 1.5, y1=o + hy, x2=X(hx) + 1.5, y2=o + hy)
                _el(mark, "line", x1=X(hx), y1=o + hy - 1.5, x2=X(hx), y2=o + hy + 1.5)
                if k % 2 == 0:          # drilled in the first pass: every other hole, the first and the last
                    _el(mark, "circle", cx=X(hx), cy=o + hy, r=1.0)
        feet = _el(fg, "g", id="cover-feet", stroke="#555555", stroke_width=0.3, fill="none")
        for fx, fy in bl.cover_feet(size_mm):        # the back cover's outside: where the rubber feet go
            foot = _el(feet, "g", class_="cover-foot")
            _el(foot, "circle", cx=X(fx), cy=o + fy, r=bl.FOOT_D / 2, stroke_dasharray="1.5 1")
            _el(foot, "line", x1=X(fx) - 1.5, y1=o + fy, x2=X(fx) + 1.5, y2=o + fy)
            _el(foot, "line", x1=X(fx), y1=o + fy - 1.5, x2=X(fx), y2=o + fy + 1.5)
    labels = Labels(view_obstacles(size_mm, view, diagonals, sheet), sbox(o + 1.0, o + 1.0, o + size_mm - 1.0,
                                                                   o + size_mm - 1.0))
    pts = _el(svg, "g", id="points")
    for name in geo.names:
        x, y = point_xy(name, size_mm)
        g = _el(pts, "g", id="point-" + name)
        if not back:
            _el(g, "circle", class_="stone-outline", cx=X(x), cy=o + y, r=STONE_PITCH * p / 2, fill="none",
                stroke="#bbbbbb", stroke_width=0.2, stroke_dasharray="1.5 1.5")
        _el(g, "circle", class_="point-centre", cx=X(x), cy=o + y, r=0.4, fill="black")
    lab = _el(svg, "g", id="labels")
    for name in geo.names:          # the point names first: they get the places next to their points
        x, y = point_xy(name, size_mm)
        _draw_label(lab, labels, (X(x), o + y), [name], 3.2, prefer=(-0.7, 1.0), leader=False, data_point=name)
    if not back:
        for name in geo.names:
            x, y = point_xy(name, size_mm)
            _draw_label(lab, labels, (X(x), o + y), ["L%d S%d" % (board_config.LED_INDEX[name],
                                                                  board_config.SWITCH_BIT[name])],
                        2.4, prefer=(0.7, 1.0), leader=False, fill="#555555")
    for label, (bx, by) in button_positions(size_mm):
        _draw_label(lab, labels, (X(bx), o + by), [label], 2.8, prefer=(0.0, 1.0), leader=False)
    _draw_label(lab, labels, (o + size_mm * 0.27, o + 6.0), ["FAR EDGE: tape with this edge at the board's FAR"], 3.5,
                prefer=(0.0, 1.0), leader=False, data_edge="far", font_weight="bold")
    if back:
        for f in feats:
            if f.kind in ("reed", "reed-mouth", "led-window", "led-counterbore", "led-recess", "spur", "ring", "button-body",
                          "button-hole"):
                continue
            cx, cy = f.geom.representative_point().x, f.geom.representative_point().y
            if f.kind == "usb":
                cy = 0.35 * f.prim[2]
            if f.kind == "radial":
                cy = (f.prim[2] + f.prim[4]) / 2
            if f.kind == "cover-screw":
                toward = (size_mm / 2 - f.prim[1], size_mm / 2 - f.prim[2])
                _draw_label(lab, labels, (X(cx), o + cy), _label_lines(f), 2.2,
                            prefer=(-toward[0] if back else toward[0], toward[1]), fill="#333333")
                continue
            _draw_label(lab, labels, (X(cx), o + cy), _label_lines(f), 2.2, fill="#333333")
        lx = (X(lx0) + X(lx1)) / 2
        _draw_label(lab, labels, (lx, o + (ly0 + ly1) / 2), ["logic board here, components up,",
                                                             "the Pico's USB end at the plug pocket"], 2.2,
                    fill="#555555")
        f_of = {x.kind: x for x in feats}
        reed, body, carrier = f_of["reed"], f_of["button-body"], f_of["button-carrier"]
        _draw_label(lab, labels, (X(size_mm * 0.3), o + size_mm * 0.19), [
            "THIS SHEET: %s mm, %s mm of wood over the reeds" % (_f(reed.thickness), _f(reed.face_wood())),
            "reed pockets Ø%s x %s deep (slot drill)" % (_f(bl.REED_POCKET[0]), _f(reed.depth)),
            "button carrier pocket %s deep, button bodies Ø%s x %s deep" % (
                _f(carrier.depth), _f(bl.BUTTON_BODY[0]), _f(body.depth)),
            "(every other depth as the legend and BUILD.md 3 give)"], 2.6, leader=False, fill="#cc0000",
            data_sheet_depths="%s %s %s" % (_f(reed.depth), _f(carrier.depth), _f(body.depth)))
        _draw_label(lab, labels, (X(sx), o + sy), ["back cover: Ø%s hole here (reset, SW5)" %
                                                   _f(bl.SW5_COVER_HOLE_D)], 2.2, fill="#aa00aa")
    legend = _legend(size_mm, diagonals, back, feats)
    for i, text in enumerate(legend):
        _el(svg, "text", x=o + 20.0, y=o + size_mm + 4.0 + 3.3 * i, font_size=2.5, font_family="sans-serif",
            text=text)
    bar = _el(svg, "g", id="scale-bar", stroke="black", stroke_width=0.4)
    bx, by = o + 20.0, o - 8.0
    _el(bar, "line", x1=bx, y1=by, x2=bx + 100.0, y2=by)
    for k in range(11):
        _el(bar, "line", x1=bx + 10.0 * k, y1=by - (2.0 if k % 5 == 0 else 1.0), x2=bx + 10.0 * k, y2=by)
    _el(svg, "text", x=bx + 102.0, y=by + 1.0, font_size=3.0, font_family="sans-serif",
        text="100 mm: check with a ruler. %s VIEW%s" % (view.upper(), ", MIRRORED: tape it face up on the back"
                                                         if back else ": tape it face up on the top"))
    return svg


def _legend(size_mm, diagonals, back, feats):
    p = pitch(size_mm)
    first = "%s mm board, pitch %s mm%s. Print at 100 %% (no fit to page) and check the scale bar." % (
        _f(size_mm), _f(p), ", with the four diagonals" if diagonals else "")
    if not back:
        return (first,
                "From the top: a Ø2 mm pilot THROUGH (backer board under) at every green LED window (Ø%s, drilled "
                "from the back) and brown button hole (Ø%s, through from the top). Red circles and the blue cavity are "
                "cut from the back (back view)." % (_f(bl.LED_WINDOW_D), _f(bl.BUTTON_HOLE_D)),
                "Lx = LED chain index, Sx = switch bit (firmware/board_config.py). Grey dashes: largest stone "
                "(%s mm)." % _f(STONE_PITCH * p))
    f = {x.kind: x for x in feats}
    t = f["reed"].thickness
    return (first,
            "Depths for a %s mm sheet (tools/template.py --thickness): from the back face, to the floor. Only the reed "
            "pockets (%s deep: %s mm of wood under the point) and the button pockets follow the sheet's thickness." % (
                _f(t), _f(f["reed"].depth), _f(f["reed"].face_wood())),
            "Red reed pockets Ø%s x %s (flat floor: slot drill) in Ø%s x %s mouth counterbores, green LED counterbores "
            "Ø%s x %s in Ø%s x %s capacitor recesses (windows Ø%s through from their floor), brown channels %s wide x %s (spurs %s x %s; on the angled ones a cross at each Ø%s hole's centre, "
            "circled: drilled first)," % (
                _f(bl.REED_POCKET[0]), _f(f["reed"].depth), _f(bl.REED_MOUTH[0]), _f(bl.REED_MOUTH[1]),
                _f(bl.LED_COUNTERBORE[0]), _f(bl.LED_COUNTERBORE[1]), _f(bl.LED_CAP_RECESS[0]), _f(bl.LED_CAP_RECESS[1]),
                _f(bl.LED_WINDOW_D), _f(bl.RING_CHANNEL[0]), _f(bl.RING_CHANNEL[1]),
                _f(bl.SPUR_CHANNEL[0]), _f(bl.SPUR_CHANNEL[1]), _f(bl.ANGLED_SPUR_HOLE_D)),
            "blue: cavity %s, plug pocket, cable channel, tie pocket; black: cover screw pilots Ø%s x %s, drilled through "
            "the cover's holes (BUILD 10). Walls at least "
            "%s mm." % (_f(bl.CAVITY_DEPTH), _f(bl.COVER_SCREW[0]), _f(bl.COVER_SCREW[1]), _f(bl.MIN_WALL_MM)),
            "Back cover (this sheet taped on it): Ø%s through at every reed pocket's centre (the reeds' lead bends), "
            "Ø%s at the magenta cross, Ø%s countersunk at the 8 screw marks; the 4 rubber feet (dashed grey, Ø%s) "
            "centred on their crosses, %s mm in from both edges." % (
                _f(bl.COVER_REED_HOLE_D), _f(bl.SW5_COVER_HOLE_D), _f(bl.COVER_HOLE_D), _f(bl.FOOT_D),
                _f(bl.FEET_INSET_MM)))


def svg_bytes(size_mm, diagonals=False, view="front", sheet=None):
    """The template SVG document as UTF-8 bytes; ``sheet`` = (thickness, reed wood) in mm (default the nominal
    18 mm sheet with 3 mm over the reeds)."""
    root = build_svg(size_mm, diagonals, view, sheet)
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


def tile_grid(page_mm, paper):
    """Tiles of a square sheet of ``page_mm`` on ``paper`` ('A4', 'A3', portrait): list of
    (row, col, x0, y0, w, h) in sheet mm, neighbours overlapping by at least TILE_OVERLAP_MM."""
    w, h = (d - 2 * PRINT_MARGIN_MM for d in PAPERS[paper])

    def starts(length, span):
        n = max(1, math.ceil((length - TILE_OVERLAP_MM) / (span - TILE_OVERLAP_MM)))
        if n == 1:
            return [0.0]
        step = (length - span) / (n - 1)
        return [k * step for k in range(n)]
    return [(j, i, x0, y0, w, h) for j, y0 in enumerate(starts(page_mm, h)) for i, x0 in enumerate(starts(page_mm, w))]


def registration_marks(page_mm, paper):
    """Alignment crosses (sheet mm): the centres of every overlap between neighbouring tiles, so that
    both tiles print each cross and the maker lays one over the other: list of (x, y)."""
    tiles = tile_grid(page_mm, paper)
    xs = sorted({t[2] for t in tiles})
    ys = sorted({t[3] for t in tiles})
    w, h = tiles[0][4], tiles[0][5]
    mx = [(xs[k + 1] + xs[k] + w) / 2 for k in range(len(xs) - 1)]
    my = [(ys[k + 1] + ys[k] + h) / 2 for k in range(len(ys) - 1)]
    along_y = sorted(set(my) | {page_mm * f for f in (0.15, 0.5, 0.85)})
    along_x = sorted(set(mx) | {page_mm * f for f in (0.15, 0.5, 0.85)})
    return sorted({(x, y) for x in mx for y in along_y} | {(x, y) for y in my for x in along_x})


def tiles_svg(sheet, page_mm, paper, title):
    """One SVG document per tile (bytes each): the sheet's part on a page of ``paper`` with the
    alignment crosses and a label 'row r, column c of R x C'."""
    root = ET.fromstring(sheet)
    grid = tile_grid(page_mm, paper)
    rows = 1 + max(t[0] for t in grid)
    cols = 1 + max(t[1] for t in grid)
    pw, ph = PAPERS[paper]
    out = []
    for r, c, x0, y0, w, h in grid:
        doc = ET.Element("{%s}svg" % SVG_NS, {"width": _f(pw) + "mm", "height": _f(ph) + "mm",
                                               "viewBox": "0 0 %s %s" % (_f(pw), _f(ph)), "version": "1.1"})
        _el(doc, "rect", x=0.0, y=0.0, width=pw, height=ph, fill="white")
        inner = _el(doc, "svg", x=PRINT_MARGIN_MM, y=PRINT_MARGIN_MM, width=w, height=h,
                    viewBox="%s %s %s %s" % (_f(x0), _f(y0), _f(w), _f(h)))
        for child in list(root):
            inner.append(child)
        xs = sorted({g[2] for g in grid})
        ys = sorted({g[3] for g in grid})
        cuts = _el(inner, "g", class_="tile-cut", stroke="#ff00ff", stroke_width=0.25, stroke_dasharray="3 1.5")
        if c > 0:       # this page is cut along the middle of its overlap with the page on its left
            cx = (xs[c] + xs[c - 1] + w) / 2
            _el(cuts, "line", x1=cx, y1=y0, x2=cx, y2=y0 + h)
            _el(inner, "text", x=cx + 1.0, y=y0 + h / 2, font_size=3.0, fill="#ff00ff", font_family="sans-serif",
                text="cut here, lay on the page to the left")
        if r > 0:
            cy = (ys[r] + ys[r - 1] + h) / 2
            _el(cuts, "line", x1=x0, y1=cy, x2=x0 + w, y2=cy)
            _el(inner, "text", x=x0 + w / 2, y=cy + 4.0, font_size=3.0, fill="#ff00ff", font_family="sans-serif",
                text="cut here, lay on the page above")
        for (mx, my) in registration_marks(page_mm, paper):
            if x0 <= mx <= x0 + w and y0 <= my <= y0 + h:
                m = _el(inner, "g", class_="registration", stroke="#ff00ff", stroke_width=0.3)
                _el(m, "line", x1=mx - 6.0, y1=my, x2=mx + 6.0, y2=my)
                _el(m, "line", x1=mx, y1=my - 6.0, x2=mx, y2=my + 6.0)
                _el(m, "circle", cx=mx, cy=my, r=3.0, fill="none")
        _el(doc, "rect", x=PRINT_MARGIN_MM, y=PRINT_MARGIN_MM, width=w, height=h, fill="none", stroke="#cccccc",
            stroke_width=0.2)
        _el(doc, "text", x=PRINT_MARGIN_MM, y=PRINT_MARGIN_MM - 4.5, font_size=2.8, font_family="sans-serif",
            text="%s: %s page row %d, column %d of %d x %d" % (title, paper, r + 1, c + 1, rows, cols))
        _el(doc, "text", x=PRINT_MARGIN_MM, y=PRINT_MARGIN_MM - 1.3, font_size=2.4, font_family="sans-serif",
            text="Cut along the magenta dashed lines; lay each cut edge on its neighbour so that the half crosses "
                 "complete its crosses; tape.")
        root = ET.fromstring(sheet)     # the children moved; parse again for the next tile
        ET.indent(doc)
        out.append(b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(doc, encoding="utf-8") + b"\n")
    return out


def render_tiles_pdf(sheet, page_mm, paper, path, title):
    """Write the tiles of ``sheet`` (SVG bytes) as one multi-page PDF at true size; returns the page count."""
    import cairosvg
    from pypdf import PdfWriter, PdfReader
    writer = PdfWriter()
    pages = tiles_svg(sheet, page_mm, paper, title)
    for svg in pages:
        for page in PdfReader(io.BytesIO(cairosvg.svg2pdf(bytestring=svg))).pages:
            writer.add_page(page)
    with open(path, "wb") as f:
        writer.write(f)
    return len(pages)


def dxf_depth(mm):
    """A depth as a DXF layer name writes it: 'D15', 'D1P6' (mm; P the decimal point)."""
    return "D" + _f(mm).replace(".", "P")


COVER_COUNTERSINK_DEG = 90.0     # a countersink for the cover screws' heads (BOM: countersunk 3.0 mm screws)


def cover_countersink_depth():
    """Depth (mm) of the cover's 90-degree countersinks: from their Ø 2 x COVER_HOLE_D at the face down to the
    Ø COVER_HOLE_D hole."""
    return (2 * bl.COVER_HOLE_D - bl.COVER_HOLE_D) / 2 / math.tan(math.radians(COVER_COUNTERSINK_DEG / 2))


DRILLED_THROUGH_COVER = ("cover-screw",)   # drilled in BUILD 10 through the cover's own holes: marked, never cut
DXF_KIND = {"clamp": "TIE-POCKET"}         # a kind whose layer takes the documents' name for it


def write_dxf(size_mm, path, view="front", diagonals=False, sheet=None):
    """Write the features of ``view`` as a DXF (mm, y up, origin at the board's lower-left corner as
    the face is seen). Layer names follow one convention: a layer that is cut is named <side>_<kind>_D<depth>, the
    depth in mm from the face it is cut from (P the decimal point; never a diameter: the circles carry that), e.g.
    BACK_REED_D15, THROUGH_LED-WINDOW_D18; BOARD_EDGE is the outline, LINES (front) the lines to engrave, and a layer
    named MARK_<what> is a mark, never cut. View 'cover': the hardboard back cover seen from outside (as the back
    view), COVER_MM thick: COVER_SCREW-HOLE_D3, COVER_RESET-HOLE_D3 and COVER_REED-HOLE_D3 (through: the reed holes
    are the room over each reed's lower-lead bend, board_layout.cover_holes), COVER_COUNTERSINK_D1P6 (90 degrees,
    its circle the countersink's outer edge at the face) and MARK_FOOT (where the rubber feet are stuck on: not
    cut). Returns the layer names used."""
    import ezdxf
    feats = bl.layout(size_mm, *(sheet or ()))
    back = view in ("back", "cover")
    doc = ezdxf.new("R2010", setup=False)
    doc.units = ezdxf.units.MM
    msp = doc.modelspace()
    used = set()

    def P(x, y):
        return ((size_mm - x) if back else x, size_mm - y)

    def layer(name):
        if name not in used:
            doc.layers.add(name)
            used.add(name)
        return {"layer": name}
    msp.add_lwpolyline([P(0, 0), P(size_mm, 0), P(size_mm, size_mm), P(0, size_mm)], close=True,
                       dxfattribs=layer("BOARD_EDGE"))
    if not back:
        geo = GEOMETRIES["diagonals" if diagonals else "standard"]
        for text in geo.line_names:
            a, _, c = text.split()
            msp.add_line(P(*point_xy(a, size_mm)), P(*point_xy(c, size_mm)), dxfattribs=layer("LINES"))
    if view == "cover":
        through = dxf_depth(bl.COVER_MM)
        for x, y in bl.cover_screws(size_mm):
            msp.add_circle(P(x, y), bl.COVER_HOLE_D / 2, dxfattribs=layer("COVER_SCREW-HOLE_" + through))
            msp.add_circle(P(x, y), bl.COVER_HOLE_D, dxfattribs=layer(
                "COVER_COUNTERSINK_" + dxf_depth(cover_countersink_depth())))
        msp.add_circle(P(*bl.sw5_plunger(size_mm)), bl.SW5_COVER_HOLE_D / 2,
                       dxfattribs=layer("COVER_RESET-HOLE_" + through))
        for _, kind, x, y, d in bl.cover_holes(size_mm):
            if kind == "reed":
                msp.add_circle(P(x, y), d / 2, dxfattribs=layer("COVER_REED-HOLE_" + through))
        for x, y in bl.cover_feet(size_mm):
            msp.add_circle(P(x, y), bl.FOOT_D / 2, dxfattribs=layer("MARK_FOOT"))
        doc.saveas(path)
        return sorted(used)
    for f in feats:
        if back and f.kind in DRILLED_THROUGH_COVER:
            msp.add_circle(P(f.prim[1], f.prim[2]), f.prim[3], dxfattribs=layer("MARK_%s" % f.kind.upper()))
        elif f.side == "through" and not back and f.kind in bl.THROUGH_FROM_BACK:     # only its pilot from the top
            msp.add_circle(P(f.prim[1], f.prim[2]), bl.PILOT_D / 2, dxfattribs=layer(
                "THROUGH_%s-PILOT_%s" % (f.kind.upper(), dxf_depth(f.depth))))
        elif (f.side == "through") or (back and f.side == "back"):
            name = "%s_%s_%s" % (f.side.upper(), DXF_KIND.get(f.kind, f.kind.upper()), dxf_depth(f.depth))
            if f.prim[0] == "circle":
                msp.add_circle(P(f.prim[1], f.prim[2]), f.prim[3], dxfattribs=layer(name))
            else:
                geom = f.geom.intersection(bl.box(-1.0, -1.0, size_mm + 1.0, size_mm + 1.0))
                msp.add_lwpolyline([P(x, y) for x, y in geom.exterior.coords], close=True, dxfattribs=layer(name))
    doc.saveas(path)
    return sorted(used)


def main(argv=None):
    """Command line entry point; returns the exit status (2: layout refused)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="400mm", help="board side, e.g. 400mm (default), 40cm, 15.75in")
    ap.add_argument("--diagonals", action="store_true", help="add the four diagonals (Twelve Men's Morris)")
    ap.add_argument("--out", help="front view SVG path (default artifacts/template-<size>mm[-diagonals].svg); "
                                  "the other files go beside it")
    ap.add_argument("--no-pdf", action="store_true", help="write the SVGs only")
    ap.add_argument("--png", help="also write a PNG preview of the front view to this path")
    ap.add_argument("--dpi", type=float, default=96, help="PNG resolution (default 96)")
    ap.add_argument("--tiles", action="store_true", help="also write A4 and A3 tiled PDFs of both views")
    ap.add_argument("--dxf", action="store_true", help="also write DXF files of both views and of the back cover")
    ap.add_argument("--thickness", type=float, default=bl.THICKNESS_MM,
                    help="the sheet's measured thickness in mm (default %g; %g..%g): the depths set from the top face "
                         "follow it" % ((bl.THICKNESS_MM,) + bl.THICKNESS_RANGE_MM))
    ap.add_argument("--reed-wood", type=float, default=bl.REED_WOOD_MM, choices=bl.REED_WOOD_OPTIONS,
                    help="wood left over each reed switch, from the depth test (default %g)" % bl.REED_WOOD_MM)
    a = ap.parse_args(argv)
    try:
        size = parse_size(a.size)
    except ValueError as e:
        ap.error(str(e))
    sheet = (a.thickness, a.reed_wood)
    out = a.out or os.path.join(ROOT, "artifacts", "template-%smm%s.svg" % (
        _f(size), "-diagonals" if a.diagonals else ""))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    stem = os.path.splitext(out)[0]
    try:
        views = {"front": svg_bytes(size, a.diagonals, "front", sheet),
                 "back": svg_bytes(size, a.diagonals, "back", sheet)}
    except LayoutError as e:
        print(e, file=sys.stderr)
        return 2
    from hw_tables import drilling_md
    table = ("Every hole, pocket and channel of a %s mm board in a %s mm sheet, %s mm of wood over the reeds "
             "(tools/template.py):\n\n" % (_f(size), _f(a.thickness), _f(a.reed_wood))
             + drilling_md(size, a.thickness, a.reed_wood)
             + "\nThe reed switches' lower leads (BUILD.md 6.3): cut each %s mm past its bend, then bend it down "
               "into the ring channel: its end rests on the channel's floor.\n"
             % _f(bl.reed_lower_lead_mm(a.thickness - a.reed_wood)))
    with open(stem + "-depths.md", "w", encoding="utf-8") as f:
        f.write(table)
    print(table)
    print("wrote " + stem + "-depths.md")
    for view, data in views.items():
        name = stem + ("" if view == "front" else "-back")
        with open(name + ".svg", "wb") as f:
            f.write(data)
        print("wrote " + name + ".svg")
        if not a.no_pdf:
            render_pdf(data, name + ".pdf")
            print("wrote " + name + ".pdf")
        if a.tiles:
            for paper in PAPERS:
                n = render_tiles_pdf(data, size + 2 * BLEED_MM, paper, "%s-%s.pdf" % (name, paper),
                                     "%s view" % view)
                print("wrote %s-%s.pdf (%d pages)" % (name, paper, n))
        if a.dxf:
            write_dxf(size, name + ".dxf", view, a.diagonals, sheet)
            print("wrote " + name + ".dxf")
    if a.dxf:
        write_dxf(size, stem + "-cover.dxf", "cover", a.diagonals, sheet)
        print("wrote " + stem + "-cover.dxf")
    if a.png:
        os.makedirs(os.path.dirname(os.path.abspath(a.png)), exist_ok=True)
        render_png(views["front"], a.png, a.dpi)
        print("wrote " + a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
