#!/usr/bin/env python3
"""The two small stripboard carriers: the button carrier (SW1..SW4) and the SW5 reset carrier.

    python tools/carriers.py            # write hardware/carriers.svg
    python tools/carriers.py --check    # exit 1 when the file is stale or a carrier is wrong

Holes are named as in hardware/BUILD.md 5.7 / 5.8: columns from the left and rows from the top, seen
from the component side (which faces the playing face: the carriers lie component side down in
their pockets). Strips run along the rows. The switch spacing follows tools/board_layout.py's
button holes (whole 2.54 mm holes); the drawing is checked by tests/test_carriers.py.
"""
import argparse
import os
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))

import board_layout as bl  # noqa: E402
import stripboard as sb  # noqa: E402

PITCH = 2.54
OUT = os.path.join(ROOT, "hardware", "carriers.svg")
SWITCH_BODY_MM = 6.0            # Omron B3F: 6 x 6 mm body
SCREW_HOLE_MM = 3.2             # the button carrier's two screw holes (2.5 mm screws)
SIZE_MM = 400.0


def button_carrier(size_mm=SIZE_MM):
    """The button carrier: dict with cols, rows, switches [(label, ref, [(col, row) legs], wire hole)],
    cuts [(row, col left of the cut)], screws [(col, row)], gnd_wire (col, row), all 1-based.

    Each switch spans legs at columns c and c + 3, rows 2 (its joined pair: the common GND strip) and 4
    (its own strip, cut off from its neighbours); the switches sit one button spacing apart."""
    buttons = bl.button_positions(size_mm)
    step = round((buttons[1][1][0] - buttons[0][1][0]) / PITCH)
    labels = [label for label, _ in buttons]                          # board_config.BUTTON_PINS order
    switches, cuts = [], []
    for k, label in enumerate(labels):
        c = 3 + step * k
        legs = [(c, 2), (c + 3, 2), (c, 4), (c + 3, 4)]
        switches.append((label, "SW%d" % (k + 1), legs, (c - 1, 4)))    # the wire: a free hole of its strip
        if k:
            cuts.append((4, c - 5))                                     # its strip from the previous switch's
    cols = 3 + step * (len(labels) - 1) + 3
    screws = [(10, 6), (cols - 9, 6)]
    return {"cols": cols, "rows": 7, "switches": switches, "cuts": cuts, "screws": screws, "gnd_wire": (1, 2)}


def sw5_carrier():
    """The SW5 carrier: dict with cols, rows, legs [(col, row)], wires {name: (col, row)}, 1-based."""
    return {"cols": 6, "rows": 5, "legs": [(2, 2), (5, 2), (2, 4), (5, 4)], "wires": {"RS-1": (1, 2), "RS-G": (1, 4)}}


def strips(cols, rows, cuts):
    """Copper pieces: dict (col, row) -> piece id, the strips along the rows split at ``cuts``
    ((row, c): cut between columns c and c + 1)."""
    out, pid = {}, 0
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if c == 1 or (r, c - 1) in cuts:
                pid += 1
            out[(c, r)] = pid
    return out


def faults(size_mm=SIZE_MM):
    """What is wrong with the button carrier: list of str (empty when right).

    Each switch's row-4 legs and its wire share one copper piece that no other switch touches; every
    row-2 leg and the GND wire share one piece; no screw hole lies within a switch body or on a used
    strip, or in an edge row or column."""
    b = button_carrier(size_mm)
    cu = strips(b["cols"], b["rows"], set(b["cuts"]))
    out = []
    gnd = {cu[b["gnd_wire"]]}
    for label, ref, legs, wire in b["switches"]:
        gnd |= {cu[p] for p in legs if p[1] == 2}
        own = {cu[p] for p in legs if p[1] == 4} | {cu[wire]}
        if len(own) != 1:
            out.append("%s: its row-4 legs and wire are not on one piece" % ref)
        for _, other, olegs, owire in b["switches"]:
            if other != ref and ({cu[p] for p in olegs if p[1] == 4} | {cu[owire]}) & own:
                out.append("%s and %s share a strip" % (ref, other))
    if len(gnd) != 1:
        out.append("the GND strip (row 2) is cut")
    used_rows = {p[1] for _, _, legs, w in b["switches"] for p in legs + [w]} | {b["gnd_wire"][1]}
    for c, r in b["screws"]:
        if r in used_rows or not (2 <= r <= b["rows"] - 1 and 2 <= c <= b["cols"] - 1):
            out.append("screw hole C%dR%d is on a used strip or at the edge" % (c, r))
        for _, ref, legs, _ in b["switches"]:
            cx = (legs[0][0] + legs[1][0]) / 2
            if abs(c - cx) * PITCH < SWITCH_BODY_MM / 2 + SCREW_HOLE_MM / 2 + 2.0:
                out.append("screw hole C%dR%d is under %s" % (c, r, ref))
    return out


PLAN_SCALE = 0.7     # the cutting plan's scale
PIECE_OF = {"button carrier": "button carrier", "SW5 carrier": "SW5 carrier"}


def outline(name, stage):
    """Piece ``name``'s outline around its holes: (left, right, top, bottom) margins in mm beyond the centres of its
    first and last columns and rows, 'filed' or 'cut' (as snapped, at most), from tools/stripboard.py. Columns run
    along the strips (first hole left), rows across them (first strip at the top)."""
    e = sb.piece_edges(name)
    k = {"filed": 2, "cut": 1}[stage]
    return (e["first hole"][k], e["last hole"][k], e["first strip"][k], e["last strip"][k])


def _svg(size_mm=SIZE_MM):
    ns = "http://www.w3.org/2000/svg"
    ET.register_namespace("", ns)
    b, s5 = button_carrier(size_mm), sw5_carrier()
    m, gap = 7.0, 18.0
    w = b["cols"] * PITCH + 2 * m
    plan_h = sb.SOURCE_MM[1] * PLAN_SCALE + 16
    h = b["rows"] * PITCH + s5["rows"] * PITCH + 2 * m + gap + 14 + plan_h
    w = max(w, sb.SOURCE_MM[0] * PLAN_SCALE + 2 * m)
    svg = ET.Element("{%s}svg" % ns, {"width": "%gmm" % w, "height": "%gmm" % h, "viewBox": "0 0 %g %g" % (w, h)})

    def el(tag, text=None, **kw):
        e = ET.SubElement(svg, "{%s}%s" % (ns, tag), {k.rstrip("_").replace("_", "-"): str(v) for k, v in kw.items()})
        if text is not None:
            e.text = text
        return e

    def board(x0, y0, cols, rows, title, piece):
        def xy(c, r):
            return x0 + (c - 0.5) * PITCH, y0 + (r - 0.5) * PITCH
        el("text", title, x=x0, y=y0 - 4.2, font_size=2.2, font_family="sans-serif")
        (ax, ay), (bx, by_) = xy(1, 1), xy(cols, rows)
        cl, cr, ct, cb = outline(piece, "cut")
        fl, fr, ft, fb = outline(piece, "filed")
        el("rect", class_="as-snapped", x=ax - cl, y=ay - ct, width=bx - ax + cl + cr, height=by_ - ay + ct + cb,
           fill="none", stroke="#886633", stroke_width=0.2, stroke_dasharray="0.8 0.6")
        el("rect", class_="outline", x=ax - fl, y=ay - ft, width=bx - ax + fl + fr, height=by_ - ay + ft + fb,
           fill="#f3e2c7", stroke="#886633", stroke_width=0.3)
        fw, fh = sb.piece_size(piece)
        el("text", ("filed to %.1f x %.1f mm (solid); as snapped up to %.1f x %.1f (dashed)" if sb.PIECES[piece][2] else
                    "%.1f x %.1f mm as snapped (its edges stay; dashed: up to %.1f x %.1f where it breaks raggedly)")
           % ((fw, fh) + sb.piece_size(piece, "cut")), x=x0, y=by_ + fb + 3.0,
           font_size=1.6, font_family="sans-serif", class_="size")
        for r in range(1, rows + 1):
            xa, y = xy(1, r)
            xb, _ = xy(cols, r)
            el("line", x1=xa - 1, y1=y, x2=xb + 1, y2=y, stroke="#d9a066", stroke_width=1.6)
            el("text", str(r), x=x0 - 2.2, y=y + 0.5, font_size=1.4, text_anchor="end", font_family="sans-serif")
        for c in range(1, cols + 1):
            x, _ = xy(c, 1)
            if c == 1 or c % 5 == 0 or c == cols:
                el("text", str(c), x=x, y=y0 - 1.0, font_size=1.4, text_anchor="middle", font_family="sans-serif")
            for r in range(1, rows + 1):
                hx, hy = xy(c, r)
                el("circle", cx=hx, cy=hy, r=0.45, fill="white", stroke="#886633", stroke_width=0.1)
        return xy

    xy = board(m, m + 4, b["cols"], b["rows"], "button carrier, %d x %d holes, component side (it faces the "
               "playing face)" % (b["cols"], b["rows"]), "button carrier")
    el("text", "red: cuts in row 4 (made on the copper side)",
       x=m, y=m + 4 + b["rows"] * PITCH + 7.5, font_size=1.8, font_family="sans-serif")
    el("text", "purple: wires, lap-soldered flat on the copper side at the hole marked (through no hole)",
       x=m, y=m + 4 + b["rows"] * PITCH + 9.8, font_size=1.8, font_family="sans-serif")
    for label, ref, legs, wire in b["switches"]:
        (xa, ya), (xb, yb) = xy(*legs[0]), xy(*legs[3])
        cx, cy = (xa + xb) / 2, (ya + yb) / 2
        el("rect", x=cx - 3, y=cy - 3, width=6, height=6, fill="none", stroke="#333", stroke_width=0.3)
        el("circle", cx=cx, cy=cy, r=1.75, fill="#f5f0c0", stroke="#333", stroke_width=0.2)
        el("text", "%s %s" % (ref, label), x=cx, y=cy - 4.0, font_size=1.6, text_anchor="middle",
           font_family="sans-serif")
        for p in legs:
            el("circle", cx=xy(*p)[0], cy=xy(*p)[1], r=0.7, fill="#222")
        wx, wy = xy(*wire)
        el("rect", x=wx - 0.8, y=wy - 0.8, width=1.6, height=1.6, fill="none", stroke="#8e24aa", stroke_width=0.35)
        el("text", "BT-%s" % ref[2:], x=wx + 1.1, y=wy - 1.0, font_size=1.4, fill="#8e24aa", font_family="sans-serif")
    gx, gy = xy(*b["gnd_wire"])
    el("rect", x=gx - 0.8, y=gy - 0.8, width=1.6, height=1.6, fill="none", stroke="#8e24aa", stroke_width=0.35)
    el("text", "BT-G", x=gx - 0.2, y=gy - 1.1, font_size=1.4, fill="#8e24aa", font_family="sans-serif")
    for r, c in b["cuts"]:
        x = (xy(c, r)[0] + xy(c + 1, r)[0]) / 2
        el("line", x1=x, y1=xy(c, r)[1] - 1.1, x2=x, y2=xy(c, r)[1] + 1.1, stroke="#d00", stroke_width=0.5)
    for c, r in b["screws"]:
        el("circle", cx=xy(c, r)[0], cy=xy(c, r)[1], r=SCREW_HOLE_MM / 2, fill="white", stroke="#000",
           stroke_width=0.3)
        el("text", "Ø3.2", x=xy(c, r)[0] + 2.2, y=xy(c, r)[1] + 0.5, font_size=1.4, font_family="sans-serif")
    y2 = m + 4 + b["rows"] * PITCH + gap
    xy = board(m, y2, s5["cols"], s5["rows"], "SW5 carrier, 6 x 5 holes, component side (plunger up); "
               "the wires go in from this side", "SW5 carrier")
    (xa, ya), (xb, yb) = xy(*s5["legs"][0]), xy(*s5["legs"][3])
    cx, cy = (xa + xb) / 2, (ya + yb) / 2
    el("rect", x=cx - 3, y=cy - 3, width=6, height=6, fill="none", stroke="#333", stroke_width=0.3)
    el("circle", cx=cx, cy=cy, r=1.75, fill="#f5f0c0", stroke="#333", stroke_width=0.2)
    for p in s5["legs"]:
        el("circle", cx=xy(*p)[0], cy=xy(*p)[1], r=0.7, fill="#222")
    for name, p in s5["wires"].items():
        wx, wy = xy(*p)
        el("rect", x=wx - 0.8, y=wy - 0.8, width=1.6, height=1.6, fill="none", stroke="#8e24aa", stroke_width=0.35)
        el("text", name, x=m + s5["cols"] * PITCH + 1.5, y=wy + 0.5, font_size=1.4, fill="#8e24aa",
           font_family="sans-serif")
    el("text", "the joined pair of legs (0 Ohm unpressed) in row 2 on both carriers", x=m,
       y=y2 + s5["rows"] * PITCH + 8, font_size=1.8, font_family="sans-serif")
    _plan(el, m, y2 + s5["rows"] * PITCH + 18)
    return ET.tostring(svg, encoding="unicode") + "\n"


def _plan(el, x0, y0):
    """The cutting plan: the 100 x 160 mm stripboard, component side up, holes 1..63 from the left and strips 1..39
    from the top, each piece where it is snapped from (tools/stripboard.py PIECES) and the snap lines in red."""
    k = PLAN_SCALE
    (mx, my) = sb.ORIGINAL_MARGIN_MM
    el("text", "where the pieces are snapped from (BUILD.md 4.1): the 100 x 160 mm stripboard, component side up, "
       "scale %g" % k, x=x0, y=y0 - 2.5, font_size=2.0, font_family="sans-serif")

    def X(hole):
        return x0 + (mx + (hole - 1) * PITCH) * k

    def Y(strip):
        return y0 + (my + (strip - 1) * PITCH) * k
    el("rect", class_="source", x=x0, y=y0, width=sb.SOURCE_MM[0] * k, height=sb.SOURCE_MM[1] * k, fill="#f6eee0",
       stroke="#886633", stroke_width=0.3)
    for name, ((h0, h1), (s0, s1), _) in sb.PIECES.items():
        el("rect", class_="piece", data_piece=name, x=X(h0) - PITCH * k / 2, y=Y(s0) - PITCH * k / 2,
           width=(h1 - h0 + 1) * PITCH * k, height=(s1 - s0 + 1) * PITCH * k, fill="#e8c892", stroke="#555",
           stroke_width=0.25)
        wide = (h1 - h0) * PITCH * k > 40
        el("text", "%s, holes %d..%d x strips %d..%d" % (name, h0, h1, s0, s1) if wide else name.split()[0],
           x=(X(h0) + X(h1)) / 2, y=(Y(s0) + Y(s1)) / 2 + 0.6, font_size=1.6, text_anchor="middle",
           font_family="sans-serif")
    for i, (kind, line, (lo, hi), _, _) in enumerate(sb.SNAPS):
        if kind == "along":
            xa, xb, ya, yb = X(lo) - PITCH * k / 2, X(hi) + PITCH * k / 2, Y(line), Y(line)
        else:
            xa, xb, ya, yb = X(line), X(line), Y(lo) - PITCH * k / 2, Y(hi) + PITCH * k / 2
        el("line", class_="snap", x1=xa, y1=ya, x2=xb, y2=yb, stroke="#d00", stroke_width=0.4,
           stroke_dasharray="1.2 0.6")
        el("text", str(i + 1), x=xa + 0.6 if kind == "across" else xb + 0.6, y=ya + 1.6 if kind == "across" else ya + 0.6,
           font_size=1.6, fill="#d00", font_family="sans-serif")
    for hole in (1, 32, 43, 57, 63):
        el("text", str(hole), x=X(hole), y=y0 - 0.6, font_size=1.2, text_anchor="middle", font_family="sans-serif")
    for strip in (1, 6, 32, 39):
        el("text", str(strip), x=x0 - 0.8, y=Y(strip) + 0.4, font_size=1.2, text_anchor="end",
           font_family="sans-serif")
    el("text", "red dashes: the snaps, numbered in their order; the top numbers are holes, the left ones strips",
       x=x0, y=y0 + sb.SOURCE_MM[1] * k + 3.5, font_size=1.6, font_family="sans-serif")


def expected():
    """Generated files: dict path -> str."""
    return {OUT: _svg()}


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)
    bad = faults()
    for f in bad:
        print("carrier fault: " + f)
    if a.check:
        stale = [p for p, t in expected().items() if not os.path.exists(p) or open(p, encoding="utf-8").read() != t]
        for p in stale:
            print("stale: " + os.path.relpath(p, ROOT))
        return 1 if bad or stale else 0
    for p, t in expected().items():
        with open(p, "w", encoding="utf-8") as f:
            f.write(t)
        print("wrote " + os.path.relpath(p, ROOT))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
