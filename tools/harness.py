#!/usr/bin/env python3
"""The wiring harness: every wire from the logic board to the reed switches, LEDs and buttons, routed
along the board's channels, with its length, colour and gauge; WireViz drawings of each harness.

Usage:
    python tools/harness.py             # write hardware/harness.md and hardware/harness/*.yml
    python tools/harness.py --render    # also draw hardware/harness/*.svg (WireViz; needs Graphviz's dot)
    python tools/harness.py --check     # exit 1 if the committed files differ from what it computes

Routes: each wire leaves its pad on the logic board (tools/stripboard.py, placed in the cavity by
tools/board_layout.py), runs along its pad's column to the board's far or near edge and along that
edge's lane to an exit (the front radial channel, the USB plug pocket, or the inner ring channel open
along the cavity's far wall beside the plug pocket), and follows the channels (ring channels, radial
channels, spurs, the button carrier) to its end: the shortest such path (networkx). No wire runs along
the inner ring channel over the plug. cavity_fill() packs the wires of every lane and over the plug in
layers and checks their height under the back cover. Every wire gets SLACK_MM more for stripping,
soldering and a service loop, and is cut to a whole 10 mm. Lengths are in mm.
"""
import argparse
import math
import os
import re
import sys

import networkx as nx
from shapely.geometry import LineString, Point

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))

import board_layout as bl  # noqa: E402
import board_netlist as bn  # noqa: E402
import stripboard as sb  # noqa: E402

SIZE_MM = 400.0
SLACK_MM = 50.0
PLUG_SIDE_MM = 3.0      # a wire leaves the far lane up into the inner ring channel at least this far beside the
                        # plug pocket
HW = os.path.join(ROOT, "hardware")
OUT = os.path.join(HW, "harness")
RING_COLOUR = {"outer": "BU", "middle": "GN", "inner": "YE"}   # reed signal wires, by ring
WIRE = {  # kind -> (colour code, gauge): WireViz's IEC 60757 colour codes
    "gnd": ("BK", "28 AWG"), "+5v": ("RD", "24 AWG"), "led gnd": ("BK", "24 AWG"), "led data": ("WH", "26 AWG"),
    "button": ("VT", "28 AWG"), "reset": ("GY", "28 AWG"),
}
COLOUR_NAME = {"BU": "blue", "GN": "green", "YE": "yellow", "BK": "black", "RD": "red", "WH": "white",
               "VT": "violet", "GY": "grey"}


def _round_up(mm):
    return int(math.ceil((mm + SLACK_MM) / 10.0) * 10)


class Routes:
    """The channel graph of the board and shortest paths over it (mm)."""

    def __init__(self, size_mm=SIZE_MM):
        self.size = size_mm
        self.feats = {f.name: f for f in bl.layout(size_mm)}
        self.g = nx.Graph()
        lines = {}
        for f in self.feats.values():
            if f.prim[0] == "slot":
                x1, y1, x2, y2 = f.prim[1:5]
                if f.kind == "usb":
                    y2 = 0.0
                if f.kind == "spur":        # a spur wider than its ring channel ends short of its centre line:
                    # its line runs on across that line (0.5 mm past it, so that the two surely cross)
                    ext = max(0.0, (bl.SPUR_CHANNEL[0] - bl.RING_CHANNEL[0]) / 2) + 0.5
                    d = math.hypot(x2 - x1, y2 - y1)
                    x2, y2 = x2 + (x2 - x1) / d * ext, y2 + (y2 - y1) / d * ext
                lines[f.name] = LineString([(x1, y1), (x2, y2)])
        cav = self.feats["cavity"].prim
        plug = self.feats["plug"].prim
        ux = bl.usb_x(size_mm)
        # In the cavity: the far and near edge lanes of the logic board (over its first and last rows), from
        # the one to the plug pocket and the inner ring channel along the cavity's far wall, from the other to
        # the front radial channel; a pad's wire reaches either lane straight along its column (pad_to).
        bx0, by0, bx1, by1 = bl.logic_board_rect(size_mm)
        self.far_y = bl.hole_xy(0, 0, size_mm)[1]
        self.near_y = bl.hole_xy(0, sb.ROWS - 1, size_mm)[1]
        dx = self.feats["radial-front"].prim[1]
        self.front_exit = (dx, cav[4])
        self.back_exit = (ux, plug[2])
        lines["far-lane"] = LineString([(bx0, self.far_y), (bx1, self.far_y)])
        lines["near-lane"] = LineString([(bx0, self.near_y), (bx1, self.near_y)])
        lines["front-exit"] = LineString([(dx, self.near_y), self.front_exit])
        lines["plug"] = LineString([(ux, self.far_y), self.back_exit])
        # The far wall is open into the inner ring channel beside it: a wire leaves the far lane up into that
        # channel beside the plug pocket or straight above a pad column, never over the plug; the channel's
        # stretch over the plug pocket carries no wire (a wire bound along it dips into the far lane instead).
        ring = [f for f in self.feats.values() if f.kind == "ring" and "cavity" in f.joins
                and abs(f.prim[2] - f.prim[4]) < 1e-9][0]
        self.plug_span = (plug[1] - PLUG_SIDE_MM, plug[3] + PLUG_SIDE_MM)
        xs = {self.plug_span[0], self.plug_span[1]} | {bl.hole_xy(c, 0, size_mm)[0] for (c, _), _ in sb.pads().values()}
        for k, x in enumerate(sorted(x for x in xs if not self.plug_span[0] < x < self.plug_span[1]
                                     and max(bx0, cav[1]) <= x <= min(bx1, cav[3]))):
            lines["far-wall-%d" % k] = LineString([(x, self.far_y), (x, ring.prim[2])])
        self.no_go = (ring.name, self.plug_span)
        carrier = self.feats["button-carrier"].prim
        by = (carrier[2] + carrier[4]) / 2
        lines["carrier"] = LineString([(self.front_exit[0], by), (carrier[3], by)])
        sw5 = self.feats["sw5"].prim
        self.sw5 = ((sw5[1] + sw5[3]) / 2, (sw5[2] + sw5[4]) / 2)
        lines["sw5"] = LineString([(ux, self.sw5[1]), self.sw5])
        splits = {k: set() for k in lines}
        names = sorted(lines)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                x = lines[a].intersection(lines[b])
                for p in getattr(x, "geoms", [x]):
                    if p.geom_type == "Point":
                        splits[a].add(lines[a].project(p))
                        splits[b].add(lines[b].project(p))
        self.lines = lines
        self.splits = splits
        self.targets = {}
        for n in bn.cfg.POINTS:
            name = n[0]
            reed = self.feats["reed-" + name].prim[1:3]
            for s in sorted(self.feats["reed-" + name].joins):
                if s in lines and self.feats[s].kind == "ring":
                    self._attach(("reed", name), reed, s)
            led = self.feats["led-" + name].prim[1:3]
            self._attach(("led", name), led, "spur-" + name)
        for label, (x, y) in bl.button_positions(size_mm):
            self._attach(("button", label), (x, y), "carrier")
        self._attach(("sw5",), self.sw5, "sw5")
        self._split = []
        for k, line in lines.items():
            ds = sorted({0.0, line.length} | splits[k])
            pts = [line.interpolate(d) for d in ds]
            for p, q in zip(pts, pts[1:]):
                if k == self.no_go[0] and self.no_go[1][0] - 1e-6 < (p.x + q.x) / 2 < self.no_go[1][1] + 1e-6:
                    continue
                self.g.add_edge(self._node(p), self._node(q), weight=p.distance(q))

    def _node(self, p):
        key = (round(p.x, 1), round(p.y, 1))
        for dx in (-0.1, 0.0, 0.1):
            for dy in (-0.1, 0.0, 0.1):
                k = (round(key[0] + dx, 1), round(key[1] + dy, 1))
                if k in self.g:
                    return k
        return key

    def _attach(self, key, xy, line):
        d = self.lines[line].project(Point(xy))
        self.splits[line].add(d)
        on = self.lines[line].interpolate(d)
        self.g.add_edge(key, self._node(on), weight=on.distance(Point(xy)))
        self.targets[key] = xy

    def pad_node(self, hole):
        """Add logic board ``hole`` to the graph: a node joined straight along its column to the far and the near
        lane. Returns the node; drop_pad() takes it out again (a pad is an end, never a way through)."""
        px, py = bl.hole_xy(hole[0], hole[1], self.size)
        key = ("pad", hole)
        for lane, y in (("far-lane", self.far_y), ("near-lane", self.near_y)):
            on = Point(px, y)
            line = self.lines[lane]
            d = line.project(on)
            a = [n for n in self.g.nodes if isinstance(n[0], float) and abs(n[1] - y) < 0.2]
            a.sort(key=lambda n: n[0])
            node = self._node(on)
            if node not in self.g:
                left = max((n for n in a if n[0] < px), key=lambda n: n[0])
                right = min((n for n in a if n[0] > px), key=lambda n: n[0])
                self.g.remove_edge(left, right)
                self.g.add_edge(left, node, weight=abs(px - left[0]))
                self.g.add_edge(node, right, weight=abs(right[0] - px))
                self._split.append((left, node, right))
            self.g.add_edge(key, node, weight=abs(py - y))
        return key

    def drop_pad(self, key):
        self.g.remove_node(key)
        while self._split:
            left, node, right = self._split.pop()
            self.g.remove_node(node)
            self.g.add_edge(left, right, weight=abs(right[0] - left[0]))

    def pad_to(self, hole, target):
        """Length (mm, before slack) of a wire from logic board ``hole`` to ``target``, and the exit it leaves
        the cavity by: 'front' (the front radial channel), 'plug' (the plug pocket) or 'far wall' (up into the
        inner ring channel beside the plug pocket)."""
        key = self.pad_node(hole)
        try:
            path = nx.shortest_path(self.g, key, target, weight="weight")
            d = nx.path_weight(self.g, path, weight="weight")
        finally:
            self.drop_pad(key)
        names = {self._line_of(p, q) for p, q in zip(path[1:], path[2:]) if isinstance(p[0], float)
                 and isinstance(q[0], float)}
        return d, ("front" if "front-exit" in names else "plug" if "plug" in names else "far wall")

    def _line_of(self, p, q):
        mid = Point((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        return min(self.lines, key=lambda k: self.lines[k].distance(mid))

    def between(self, a, b):
        """Length (mm, before slack) of a wire between two targets along the channels."""
        return nx.shortest_path_length(self.g, a, b, weight="weight")

    def walk(self, a, b):
        """The segments of a wire from node or target ``a`` to ``b`` (a hole of the logic board: ('pad', (col,
        row))) in the order it runs: list of ((from, to), channel feature or lane name); a pad's run along its
        column is ((hole, lane node), 'column')."""
        key = self.pad_node(a[1]) if a[0] == "pad" else a
        try:
            path = nx.shortest_path(self.g, key, b, weight="weight")
        finally:
            if a[0] == "pad":
                self.drop_pad(key)
        out = []
        for p, q in zip(path, path[1:]):
            if p[0] == "pad":
                out.append(((p[1], q), "column"))
            elif isinstance(p[0], float) and isinstance(q[0], float):
                out.append(((p, q), self._line_of(p, q)))
        return out

    def edges(self, a, b):
        """The channel segments of a wire from ``a`` to ``b`` (see walk): list of (segment key, name), a key being
        the segment's two ends in a fixed order (the same for every wire through it)."""
        return [(pq if name == "column" else tuple(sorted(pq)), name) for pq, name in self.walk(a, b)]

    def route(self, a, b):
        """The channels a wire from node or target ``a`` to ``b`` runs through, in order: list of str; in the
        cavity 'cavity: column C11 to the near lane' and 'cavity: near lane to C17' (the column over which it
        leaves the lane)."""
        out = []
        walk = self.walk(a, b)
        for k, ((p, q), name) in enumerate(walk):
            if name == "column":
                lane = "far" if abs(q[1] - self.far_y) < 0.2 else "near"
                text = "cavity: column C%d to the %s lane" % (p[0] + 1, lane)
            elif name in ("far-lane", "near-lane"):
                if k + 1 < len(walk) and walk[k + 1][1] == name:
                    continue
                j = k
                while j > 0 and walk[j - 1][1] == name:
                    j -= 1
                start = "" if j > 0 and walk[j - 1][1] == "column" else "from C%d " % (
                    _col_of(walk[j][0][0][0], self.size) + 1)
                text = "cavity: %s lane %sto C%d" % (name.split("-")[0], start, _col_of(q[0], self.size) + 1)
            elif name.startswith("far-wall") or name == "front-exit":
                continue
            else:
                text = _channel_name(name)
            if not out or out[-1] != text:
                out.append(text)
        return out


def _channel_name(line):
    """A channel as a maker finds it on the template: 'outer ring a1-g1', 'spur of c3', 'front radial channel';
    in the cavity: 'cavity: its column', 'cavity: far lane', 'cavity: near lane'."""
    if line.startswith("spur-"):
        return "spur of %s" % line[5:]
    if line == "column" or line.startswith("far-wall") or line == "front-exit":
        return {"column": "cavity: its column", "front-exit": "cavity: near lane"}.get(line, "cavity: far lane")
    if line in ("far-lane", "near-lane"):
        return "cavity: %s lane" % line.split("-")[0]
    ring, _, ends = line.partition("-")
    if ring in bl.RINGS and len(ends) == 4:
        return "%s ring %s-%s" % (ring, ends[:2], ends[2:])
    return {"radial-front": "front radial channel", "usb": "USB channel", "plug": "plug pocket",
            "carrier": "button carrier pocket", "sw5": "SW5 pocket"}[line]


def wires(routes=None):
    """Every harness wire: list of dicts with keys harness, id, from, to, length (mm, cut length),
    route (mm before slack), colour, gauge, exit."""
    r = routes or Routes()
    pads = sb.pads()
    out = []

    def add(harness, wid, frm, to, route, kind=None, colour=None, exit_="", path=None):
        c, gauge = WIRE.get(kind, (colour, "28 AWG"))
        out.append({"harness": harness, "id": wid, "from": frm, "to": to, "route": route,
                    "length": _round_up(route), "colour": colour or c, "gauge": gauge, "exit": exit_,
                    "via": ", ".join(path or []), "segments": segments.pop()})

    def from_pad(hole, target):
        segments.append(r.edges(("pad", hole), target))
        return r.route(("pad", hole), target)

    def between(a, b):
        segments.append(r.edges(a, b))
        return r.route(a, b)

    segments = []
    for u in (3, 2, 1):
        ring = bn.RING_OF_CHIP[u]
        pts = [n for n, _, b in sorted(bn.cfg.POINTS, key=lambda t: t[2]) if 8 * (u - 1) <= b < 8 * u]
        for k, name in enumerate(pts):
            hole = pads["reed " + name][0]
            d, ex = r.pad_to(hole, ("reed", name))
            add("%s ring" % ring, "%s-%d" % (ring[0].upper(), k + 1), "logic board %s (reed %s)" % (
                sb._name(hole), name), "reed switch %s, lead 1 (U-turned lead)" % name, d,
                colour=RING_COLOUR[ring], exit_=ex, path=from_pad(hole, ("reed", name)))
        # GND: one wire around the ring, from the board to the nearest reed, then reed to reed.
        hole = pads["GND %s ring" % ring][0]
        first = min(pts, key=lambda n: r.pad_to(hole, ("reed", n))[0])
        loop = _ring_order(ring, first)
        d, ex = r.pad_to(hole, ("reed", loop[0]))
        add("%s ring" % ring, "%s-G1" % ring[0].upper(), "logic board %s (GND %s ring)" % (sb._name(hole), ring),
            "reed switch %s, lead 2" % loop[0], d, "gnd", exit_=ex, path=from_pad(hole, ("reed", loop[0])))
        for k, (a, b) in enumerate(zip(loop, loop[1:])):
            add("%s ring" % ring, "%s-G%d" % (ring[0].upper(), k + 2), "reed switch %s, lead 2" % a,
                "reed switch %s, lead 2" % b, r.between(("reed", a), ("reed", b)), "gnd",
                path=between(("reed", a), ("reed", b)))
    chain = [n for n, _, _ in sorted(bn.cfg.POINTS, key=lambda t: t[1])]
    for kind, pad, label in (("led data", "LED data", "DIN (through R1 330 Ohm)"), ("+5v", "LED +5V", "VDD (and C1 +)"),
                             ("led gnd", "LED GND", "GND (and C1 -)")):
        hole = pads[pad][0]
        d, ex = r.pad_to(hole, ("led", chain[0]))
        add("LED chain", "L0-%s" % kind.split()[-1].upper().replace("+", ""), "logic board %s (%s)" % (
            sb._name(hole), pad), "LED0 (%s) %s" % (chain[0], label), d, kind, exit_=ex,
            path=from_pad(hole, ("led", chain[0])))
    for i in range(1, len(chain)):
        d = r.between(("led", chain[i - 1]), ("led", chain[i]))
        for kind, a, b in (("led data", "DOUT", "DIN"), ("+5v", "VDD", "VDD"), ("led gnd", "GND", "GND")):
            add("LED chain", "L%d-%s" % (i, kind.split()[-1].upper().replace("+", "")),
                "LED%d (%s) %s" % (i - 1, chain[i - 1], a), "LED%d (%s) %s" % (i, chain[i], b), d, kind,
                path=between(("led", chain[i - 1]), ("led", chain[i])))
    buttons = sorted(bn.cfg.BUTTON_PINS, key=bn.cfg.BUTTON_PINS.get)
    for k, b in enumerate(buttons):
        hole = pads["button " + b][0]
        d, ex = r.pad_to(hole, ("button", b))
        add("buttons", "BT-%d" % (k + 1), "logic board %s (button %s)" % (sb._name(hole), b),
            "%s (%s), leg 1: its row-4 strip" % (bn.button_ref(b), b), d, "button", exit_=ex,
            path=from_pad(hole, ("button", b)))
    # GND: the carrier's row-2 strip joins the four switches; one wire to the nearest one.
    hole = pads["buttons GND"][0]
    first = min(buttons, key=lambda b: r.pad_to(hole, ("button", b))[0])
    d, ex = r.pad_to(hole, ("button", first))
    add("buttons", "BT-G", "logic board %s (buttons GND)" % sb._name(hole),
        "button carrier, GND strip (row 2) at %s" % first, d, "gnd", exit_=ex, path=from_pad(hole, ("button", first)))
    # Wire names unlike any part reference (R1/R2 are resistors, B1.. the stripboard's bridges).
    for wid, leg, row, pad, kind in (("RS-1", 1, 2, "reset", "reset"), ("RS-G", 2, 4, "reset GND", "gnd")):
        hole = pads[pad][0]
        d, ex = r.pad_to(hole, ("sw5",))
        add("reset", wid, "logic board %s (%s)" % (sb._name(hole), pad), "SW5 reset, leg %d: its carrier's row-%d "
            "strip" % (leg, row), d, kind, exit_=ex, path=from_pad(hole, ("sw5",)))
    return out


def _ring_order(ring, first):
    """The ring's 8 points in the order one GND wire visits them: from ``first`` around the ring."""
    names = bl.RINGS[ring]
    loop = []
    for k in range(4):
        a, b = names[k], names[(k + 1) % 4]
        on = [n for n in bl.GEOMETRIES["standard"].names if bl._on_segment(bl.point_xy(n, SIZE_MM), bl.point_xy(a, SIZE_MM),
                                                                  bl.point_xy(b, SIZE_MM))]
        on.sort(key=lambda n: math.hypot(bl.point_xy(n, SIZE_MM)[0] - bl.point_xy(a, SIZE_MM)[0],
                                         bl.point_xy(n, SIZE_MM)[1] - bl.point_xy(a, SIZE_MM)[1]))
        loop += [n for n in on if n not in loop]
    i = loop.index(first)
    return loop[i:] + loop[:i]


INSULATION_MM = {"28 AWG": 1.0, "26 AWG": 1.2, "24 AWG": 1.4}  # the largest outer diameter the BOM allows
USB_CABLE_MM = bl.CABLE_MM[1]   # the micro-USB cable in the USB channel, at most (BOM)
FILL_MAX = 0.6         # of a channel's cross-section, wires' insulation at its fullest point: they lie in it
                       # by hand, below the back face, with a dot of hot glue


def channel_fill(ws):
    """The fullest cross-section of every channel the wires run along: dict channel feature name ->
    (fraction of its width x depth taken by the insulation of the wires through it, wire count), the
    USB channel less the cable. Pockets (cavity, plug, carrier, SW5) are left out: they are roomy."""
    feats = {f.name: f for f in bl.layout(SIZE_MM)}
    load = {}
    for w in ws:
        area = math.pi / 4 * INSULATION_MM[w["gauge"]] ** 2
        for key, name in w["segments"]:
            a, n = load.get((key, name), (0.0, 0))
            load[(key, name)] = (a + area, n + 1)
    out = {}
    for (_, name), (area, n) in load.items():
        f = feats.get(name)
        if f is None or f.prim[0] != "slot":
            continue
        room = 2 * f.prim[5] * f.depth - (math.pi / 4 * USB_CABLE_MM ** 2 if f.kind == "usb" else 0.0)
        if area / room > out.get(name, (0.0, 0))[0]:
            out[name] = (area / room, n)
    return out


REED_SOLDER_MM = 0.2        # solder over each side of a reed's GND joint


def reed_leads(ws, feats=None):
    """Where each reed's lower lead stands (BUILD.md 6.3): dict point -> (ring channel feature name, (x, y) front-view
    mm). It turns down into the ring channel along which the ring's GND wire arrives at the reed (the last channel of
    that wire's route: at a corner reed the one of two, at d1-d3 the ring channel, never the front radial one),
    board_layout.REED_LEAD_RUN_MM from the pocket's axis straight towards that channel's centre line."""
    feats = feats or {f.name: f for f in bl.layout(SIZE_MM)}
    out = {}
    for w in ws:
        m = re.match(r"reed switch (\w\d), lead 2", w["to"])
        if not (m and w["id"][1:3] == "-G"):
            continue
        name = w["segments"][-1][1]
        _, x1, y1, x2, y2, _ = feats[name].prim
        px, py = bl.point_xy(m.group(1), SIZE_MM)
        if abs(x1 - x2) < 1e-6:
            at = (px + math.copysign(bl.REED_LEAD_RUN_MM, x1 - px), py)
        else:
            at = (px, py + math.copysign(bl.REED_LEAD_RUN_MM, y1 - py))
        out[m.group(1)] = (name, at)
    return out


def reed_joint_room_mm():
    """The room (width, height) in mm beside a reed's standing lower lead and its GND joint, on the channel's far side
    from the pocket (the near side is the pocket's mouth: no wire lies over it): from the joint (the lead, the two
    wires' bare ends turned up against it side by side, REED_SOLDER_MM of solder each side) to the channel's far wall,
    up to COVER_CLEARANCE_MM under the back face."""
    joint = bl.REED_LEAD_MM + 2 * CONDUCTOR_MM[WIRE["gnd"][1]] + 2 * REED_SOLDER_MM
    width = bl.RING_OFFSET_MM + bl.RING_CHANNEL[0] / 2 - (bl.REED_LEAD_RUN_MM + joint / 2)
    return width, bl.RING_CHANNEL[1] - bl.COVER_CLEARANCE_MM


def reed_joint_fill(ws, feats=None):
    """The wires that pass each reed's standing lower lead (reed_leads) in its channel, beside its GND joint: dict
    point -> (channel name, passing wire ids, the height (mm) they stand in layers in reed_joint_room_mm's width, or
    None when one is wider). A wire passes when its route along that channel reaches 0.5 mm past the lead both ways."""
    feats = feats or {f.name: f for f in bl.layout(SIZE_MM)}
    width, _ = reed_joint_room_mm()
    out = {}
    for point, (name, (lx, ly)) in sorted(reed_leads(ws, feats).items()):
        _, x1, y1, x2, y2, _ = feats[name].prim
        n = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / n, (y2 - y1) / n
        t = (lx - x1) * ux + (ly - y1) * uy
        ids, items = [], []
        for w in ws:
            ts = [(p[0] - x1) * ux + (p[1] - y1) * uy for key, seg in w["segments"] if seg == name for p in key]
            if ts and min(ts) < t - 0.5 and max(ts) > t + 0.5:
                d = INSULATION_MM[w["gauge"]]
                ids.append(w["id"])
                items.append((d, d))
        out[point] = (name, ids, _pack(items, width))
    return out


def reed_joint_problems(ws):
    """Reeds whose passing wires do not fit beside the standing lower lead and its GND joint: list of str."""
    width, height = reed_joint_room_mm()
    out = []
    for point, (name, ids, h) in reed_joint_fill(ws).items():
        if h is None or h > height + 1e-9:
            out.append("reed %s: %d wires pass its lower lead in the %s: they stand %s in the %.1f mm beside its joint "
                       "(%.1f mm up to the cover's clearance)" % (point, len(ids), _channel_name(name),
                                                                  "too wide" if h is None else "%.1f mm" % h, width,
                                                                  height))
    return out


LINK_MM = 1.0               # an insulated component-side link (0.5 mm wire) may lie under a wire lane
LANE_ROWS = 2               # an edge lane lies over the board's first (last) two rows and the gap to the wall
PICO_SOCKET_MM = 2.5        # the Pico's micro-USB socket's centre over the stripboard: its 1 mm board and half the
                            # socket's 3 mm


def cavity_room_mm():
    """Height (mm) over the logic board's component side up to COVER_CLEARANCE_MM under the back cover."""
    return bl.CAVITY_DEPTH - bl.JOINTS_MM - bl.STRIPBOARD_MM - bl.COVER_CLEARANCE_MM


def plug_room_mm():
    """Height (mm) over the micro-USB plug up to COVER_CLEARANCE_MM under the back cover: the plug is centred on
    the Pico's socket (PICO_SOCKET_MM over the stripboard) and at most PLUG_MAX_MM[1] thick."""
    return cavity_room_mm() - PICO_SOCKET_MM - bl.PLUG_MAX_MM[1] / 2


def _col_of(x, size_mm=SIZE_MM):
    """The logic board column (0-based) nearest to front-view x (mm)."""
    return int(round((bl.logic_board_rect(size_mm)[2] - x) / sb.PITCH - 0.5))


def _body_height(c, r):
    """Height (mm) of the tallest part whose outline covers hole (c, r) of the logic board, else 0."""
    h = 0.0
    for ref, (_, body) in sb.placement().items():
        for _, c0, r0, c1, r1 in sb.rects(body):
            if c0 - 0.5 < c < c1 + 0.5 and r0 - 0.5 < r < r1 + 0.5:
                h = max(h, sb.height_mm(ref))
    return h


def _free_width(c, r, reach=2):
    """Width (mm) of the run of holes of row ``r`` around column ``c`` (at most ``reach`` either side) that no
    part's outline covers: the room a lane along column ``c`` has across."""
    n = 1
    for step in (-1, 1):
        for k in range(1, reach + 1):
            cc = c + step * k
            if not 0 <= cc < sb.COLS or _body_height(cc, r) > 0:
                break
            n += 1
    return n * sb.PITCH


def cavity_cells(ws, routes=None):
    """The wires in every cell of the cavity's lanes: dict cell -> list of wires, a cell being ('column', c, r) (a
    pad's wire running along its column c past row r), ('far', c) or ('near', c) (the edge lane over column c) or
    ('plug',) (over the micro-USB plug)."""
    r = routes or Routes()
    out = {}
    for w in ws:
        segs = w["segments"]
        if segs and segs[0][1] == "column":
            (hole, node) = segs[0][0]
            lane_row = 0 if abs(node[1] - r.far_y) < 0.2 else sb.ROWS - 1
            step = 1 if lane_row > hole[1] else -1
            for row in range(hole[1] + step, lane_row, step):
                out.setdefault(("column", hole[0], row), []).append(w)
        for lane, y in (("far", r.far_y), ("near", r.near_y)):
            xs = [p[0] for key, name in segs if name == lane + "-lane" for p in key]
            if xs:
                for c in range(_col_of(max(xs)), _col_of(min(xs)) + 1):
                    out.setdefault((lane, c), []).append(w)
        if any(name == "plug" for _, name in segs):
            out.setdefault(("plug",), []).append(w)
    return out


def _lane_rows(lane):
    """The stripboard rows under an edge lane, "far" or "near": range."""
    return range(LANE_ROWS) if lane == "far" else range(sb.ROWS - LANE_ROWS, sb.ROWS)


def cavity_fill(ws, routes=None):
    """Every cavity cell's wires packed in layers: dict cell -> (height mm over the board or the plug, room mm,
    what lies under them mm, wire count). A column cell's wires lie in the holes' run free of parts around the
    column (_free_width) over a link; an edge lane's across LANE_ROWS rows and the gap to the cavity's wall over
    the tallest part there; the plug's across the plug pocket over the plug."""
    r = routes or Routes()
    bx0, by0, bx1, by1 = bl.logic_board_rect(SIZE_MM)
    cav = r.feats["cavity"].prim
    fit_h = sb.fit_size("logic board")[1]          # the board at its largest: filed FILE_TOL_MM over its size
    gap = {"far": by0 - cav[2], "near": cav[4] - (by0 + fit_h)}
    out = {}
    for cell, wires in cavity_cells(ws, r).items():
        items = [(INSULATION_MM[w["gauge"]],) * 2 for w in wires]
        if cell[0] == "column":
            _, c, row = cell
            width, base, room = _free_width(c, row), LINK_MM, cavity_room_mm()
        elif cell[0] == "plug":
            width, base, room = bl.PLUG_POCKET[0], 0.0, plug_room_mm()
        else:
            lane, c = cell
            rows = _lane_rows(lane)
            width = LANE_ROWS * sb.PITCH + gap[lane]
            base, room = max([LINK_MM] + [_body_height(c, row) for row in rows]), cavity_room_mm()
        h = _pack(items, width - SPUR_MARGIN_MM)
        out[cell] = (base + (h if h is not None else float("inf")), room, base, len(wires))
    return out


def cavity_problems(ws, routes=None):
    """Cavity cells whose wires stand higher than the room under the back cover: list of str."""
    return ["cavity %s: %d wires stand %.1f mm over the board (over %.1f mm of parts), the room is %.1f mm"
            % (" ".join(str(x) for x in cell), n, h, base, room)
            for cell, (h, room, base, n) in sorted(cavity_fill(ws, routes).items()) if h > room + 1e-9]


def hot_part_problems(ws, routes=None):
    """Cavity cells whose wires pass over or beside a part that runs hot (stripboard.HOT_PARTS), nearer than
    stripboard.HOT_GAP_MM to its outline: list of str (empty when every wire keeps clear)."""
    zones = sb.hot_zones()
    cells = dict(cavity_cells(ws, routes))
    for w in ws:                               # a pad's wire starts at its pad, its insulation on the board there
        if w["segments"] and w["segments"][0][1] == "column":
            (c, r), _ = w["segments"][0][0]
            cells.setdefault(("column", c, r), []).append(w)
    out = []
    for cell, wires in sorted(cells.items(), key=str):
        if cell[0] == "column":
            holes = [(cell[1], cell[2])]
        elif cell[0] in ("far", "near"):
            holes = [(cell[1], r) for r in _lane_rows(cell[0])]
        else:
            continue
        for ref, (_, c0, r0, c1, r1) in zones:
            if any(c0 < c < c1 and r0 < r < r1 for c, r in holes):
                out.append("cavity %s: %d wires within %.1f mm of %s (%s)"
                           % (" ".join(str(x) for x in cell), len(wires), sb.HOT_GAP_MM, ref, sb.HOT_PARTS[ref]))
                break
    return out


AWG24_OHM_PER_M = 0.0842   # 24 AWG copper at 20 C (the LED rail's wires, +5 V and GND)
U4_MIN_V = 4.5             # SN74AHCT125 at VCC 4.5 V at least (TI): the LED rail at U4, pin 14 to pin 7
LED_END_MIN_V = 4.5        # what the last LED (d7) must see at the full-white load: WS2812-family datasheets give
                           # VDD from 4.5 V (SparkFun COM-12986: 4.5-6 V), so no LED runs below its datasheet's range


def led_rail_drop(ws, led_ma):
    """Voltage (V) the LED rail loses between the logic board's +5 V / GND pads and the last LED while every LED
    draws ``led_ma``: each hop's 24 AWG +5 V and GND wire (its cut length) carries the current of the LEDs beyond
    it. The solder joints and the board's copper are left out (milliohms)."""
    hops = {}
    for w in ws:
        m = re.match(r"L(\d+)-(5V|GND)$", w["id"])
        if m:
            hops.setdefault(int(m.group(1)), 0.0)
            hops[int(m.group(1))] += w["length"] / 1000.0 * AWG24_OHM_PER_M
    n = len(hops)
    return sum(r * (n - k) * led_ma / 1000.0 for k, r in hops.items())


def load_check(ws, led_ma):
    """The bring-up's `load` measurement (BUILD.md 9.3): (the reading U4 pin 14 to pin 7 must reach, V; the drop
    to the last LED, V). The higher of U4's own minimum and the last LED's minimum plus the drop."""
    drop = led_rail_drop(ws, led_ma)
    need = max(U4_MIN_V, LED_END_MIN_V + drop)
    return math.ceil(need * 20.0 - 1e-6) / 20.0, drop      # rounded up to the 0.05 V a multimeter shows


# TE Connectivity RNF-100 datasheet: size -> (supplied ID at least, recovered ID at most, recovered wall), mm.
RNF100 = {"1/16": (1.60, 0.79, 0.43), "3/32": (2.36, 1.17, 0.51), "1/8": (3.18, 1.57, 0.51),
          "3/16": (4.75, 2.36, 0.51)}
TUBE_NAME = {"1/16": "1.6 mm", "3/32": "2.4 mm", "1/8": "3.2 mm", "3/16": "4.8 mm"}
LED_SLEEVE_TUBES = ("1/16", "3/32", "3/16")    # the RNF-100 sizes the BOM buys for the LED joints
CONDUCTOR_MM = {"28 AWG": 0.4, "26 AWG": 0.5, "24 AWG": 0.6}   # a stranded conductor across, about
JOINT_MM = 3.0              # the wire's stripped end (BUILD.md 5.1) laid along the leg's end
SLEEVE_ON_LEG_MM = 1.0      # a joint's sleeve reaches this far onto the bare leg ...
SLEEVE_ON_WIRE_MM = 2.0     # ... and this far onto the wires' insulation: LED_SLEEVE_MM in all
LED_SLEEVE_MM = JOINT_MM + SLEEVE_ON_LEG_MM + SLEEVE_ON_WIRE_MM
CAP_GAP_MM = 0.5            # between the capacitor's body and the nearest sleeve
SPUR_MARGIN_MM = 0.5        # across the spur, left free beside its contents
R1_BODY_MM = (6.5, 2.5)     # R1, 1/4 W: length, diameter (BOM: at most)
R1_GAP_MM = 1.0             # R1's body starts this far past the DIN leg's tip at LED0 (its sleeve ends there)
LEAD_MM = 0.6               # R1's and C1's leads


def tube_for(content_mm, sizes=None):
    """The smallest RNF-100 size of ``sizes`` (default LED_SLEEVE_TUBES) that TE's sizing guide allows over
    content ``content_mm`` across at its widest: the tube must shrink by at least 20 % of its supplied ID
    and keep at least 10 % of its recovery unused, so 1.1 x recovered ID <= content <= 0.8 x supplied ID
    (TE Connectivity, "How to select the correct size tubing"). None when no size fits."""
    for size in sorted(sizes or LED_SLEEVE_TUBES, key=lambda k: RNF100[k][0]):
        supplied, recovered, _ = RNF100[size]
        if 1.1 * recovered <= content_mm + 1e-9 and content_mm <= 0.8 * supplied + 1e-9:
            return size
    return None


def led_leg_wires(ws):
    """The wires soldered to each used LED leg: dict (LED index, leg) -> list of (insulation mm, conductor
    mm, what), what being 'wire', 'R1' (R1's lead takes the data wire's place at LED0's DIN), 'C1' (a lead
    of C1, at LED0's VDD and GND, on to C1's bay) or 'C' (a lead of the LED's 100 nF, along its VDD or GND
    leg from the bend into the joint)."""
    out = {}
    for w in ws:
        for end in (w["from"], w["to"]):
            m = re.match(r"LED(\d+) \((\w\d)\) (DIN|DOUT|VDD|GND)(.*)", end)
            if not m:
                continue
            key = (int(m.group(1)), m.group(3))
            if "R1" in m.group(4):
                out.setdefault(key, []).append((LEAD_MM, LEAD_MM, "R1"))
                continue
            out.setdefault(key, []).append((INSULATION_MM[w["gauge"]], CONDUCTOR_MM[w["gauge"]], "wire"))
            if "C1" in m.group(4):
                out[key].append((LEAD_MM, LEAD_MM, "C1"))
    for key, parts in out.items():
        if key[1] in ("VDD", "GND"):
            parts.append((LEAD_MM, LEAD_MM, "C"))
    return out


def _leg_sleeve(parts):
    """(content width, content height, tube size or None, whether R1) of the sleeve over a joint of ``parts``
    (led_leg_wires): the wires lie side by side, along the leg over the joint, beyond its tip after it."""
    joint = bl.LED_LEG_MM + sum(c for _, c, _ in parts)
    beyond = sum(i for i, _, k in parts if k != "C")
    w = max(joint, beyond)
    return w, max(bl.LED_LEG_MM, max(i for i, _, _ in parts)), tube_for(w), any(k == "R1" for _, _, k in parts)


def _pack(items, width):
    """Stack rectangles ``items`` [(w, h)] in layers across ``width`` (first fit, tallest first): the
    height they stand (mm), or None when one is wider than ``width``."""
    shelves = []
    for w, h in sorted(items, key=lambda it: -it[1]):
        if w > width + 1e-9:
            return None
        for sh in shelves:
            if sh[0] + w <= width + 1e-9:
                sh[0] += w
                break
        else:
            shelves.append([w, h])
    return sum(h for _, h in shelves)


def spur_sections(ws, feats=None, step=0.1):
    """The cross-section of every LED's spur along it, from the spur's round end behind the LED to where its
    wires turn into the ring channel (the spur's reach less board_layout.LEG_WIRE_TURN_MM), every ``step``
    mm: dict point -> list of (s mm from the legs' bend, items [(w, h, area)] in mm and mm^2, the capacitor's
    (width, thickness) where it lies on top of them, else None). Counted: the
    bare legs (LED_LEG_MM square) up to their sleeves, each joint's sleeve at its recovered size (content
    plus twice TE's recovered wall), the wires' insulation and C1's leads beyond the joints, R1's body at
    LED0, the 100 nF capacitor lying flat over the LED's base and the legs at the bend (LED_CAP_BODY_MM) and
    its leads along the VDD and GND legs."""
    feats = feats or {f.name: f for f in bl.layout(SIZE_MM)}
    legs = led_leg_wires(ws)
    chain = [n for n, _, _ in sorted(bn.cfg.POINTS, key=lambda t: t[1])]
    cap_len, cap_w, cap_t = bl.LED_CAP_BODY_MM
    out = {}
    for i, name in enumerate(chain):
        sp = feats["spur-" + name]
        _, x1, y1, x2, y2, hw = sp.prim
        s_end = math.hypot(x2 - x1, y2 - y1) + hw - bl.LEG_WIRE_TURN_MM
        parts = []
        for leg, length in bl.LED_LEGS_MM:
            ps = legs.get((i, leg))
            if not ps:
                continue                     # an unused leg is cut off at the bend
            w, h, size, r1 = _leg_sleeve(ps)
            t = RNF100[size][2] if size else 0.0
            lo = length - JOINT_MM - SLEEVE_ON_LEG_MM
            hi = length + (R1_GAP_MM if r1 else SLEEVE_ON_WIRE_MM)
            parts.append((lo, hi, w + 2 * t, h + 2 * t, ps, r1))
        rows = []
        n = int(round((s_end + hw) / step))
        for k in range(n + 1):
            s = -hw + k * step
            items = []
            cap = bl.LED_CAP_END_MM - cap_len <= s <= bl.LED_CAP_END_MM
            for lo, hi, w, h, ps, r1 in parts:
                if s < 0:
                    continue
                if s < lo:
                    items.append((bl.LED_LEG_MM, bl.LED_LEG_MM, bl.LED_LEG_MM ** 2))
                    if any(k == "C" for _, _, k in ps) and s > bl.LED_CAP_END_MM:
                        items.append((LEAD_MM, LEAD_MM, math.pi / 4 * LEAD_MM ** 2))
                elif s <= hi:
                    items.append((w, h, (w - h) * h + math.pi / 4 * h * h))
                elif r1 and s <= hi + R1_BODY_MM[0]:
                    items.append((R1_BODY_MM[1], R1_BODY_MM[1], math.pi / 4 * R1_BODY_MM[1] ** 2))
                elif r1:
                    d = INSULATION_MM[WIRE["led data"][1]]
                    items.append((d, d, math.pi / 4 * d * d))
                else:
                    items += [(d, d, math.pi / 4 * d * d) for d, _, k in ps if k != "C"]
            rows.append((s, items, (cap_w, cap_t) if cap else None))
        out[name] = rows
    return out


def spur_fill(ws, feats=None):
    """The fullest cross-section of every LED's spur: dict point -> (s mm from the bend, height mm its
    contents stand in layers, fraction of the spur's width x depth they take). See spur_sections."""
    feats = feats or {f.name: f for f in bl.layout(SIZE_MM)}
    out = {}
    for name, rows in spur_sections(ws, feats).items():
        sp = feats["spur-" + name]
        width, depth = 2 * sp.prim[5], sp.depth
        worst = None
        for s, items, cap in rows:
            h = _pack([(w, hh) for w, hh, _ in items], width - SPUR_MARGIN_MM)
            area = sum(a for _, _, a in items)
            if cap and h is not None:          # it lies on top of what is under it
                h, area = (h + cap[1] if cap[0] <= width - SPUR_MARGIN_MM else None), area + cap[0] * cap[1]
            key = (float("inf") if h is None else h, area / (width * depth))
            if worst is None or key > worst[1:]:
                worst = (s,) + key
        out[name] = worst
    return out


def spur_problems(ws, feats=None):
    """Why the LEDs' joints do not fit their spurs: list of str, empty when every sleeve's tube is one TE's
    guide allows (tube_for), every spur's fullest cross-section stands at least COVER_CLEARANCE_MM under the
    back face with SPUR_MARGIN_MM free across it and takes at most FILL_MAX of it, every sleeve ends where
    the straight run ends, and the capacitor leaves CAP_GAP_MM before the first sleeve (that its body lies in cut
    wood is board_layout.cap_room_problems)."""
    feats = feats or {f.name: f for f in bl.layout(SIZE_MM)}
    problems = []
    for (i, leg), ps in sorted(led_leg_wires(ws).items()):
        w, _, size, _ = _leg_sleeve(ps)
        if size is None:
            problems.append("LED%d %s: no RNF-100 tube of %s fits its %.1f mm joint (TE: 1.1 x recovered ID .. "
                            "0.8 x supplied ID)" % (i, leg, "/".join(LED_SLEEVE_TUBES), w))
    cap_end = bl.LED_CAP_END_MM
    first = min(mm for _, mm in bl.LED_LEGS_MM) - JOINT_MM - SLEEVE_ON_LEG_MM
    if first < cap_end + CAP_GAP_MM - 1e-9:
        problems.append("the 100 nF capacitor (to %.1f mm from the bend) lies where the first sleeve (from %.1f mm) "
                        "must slide" % (cap_end, first))
    longest = max(mm for _, mm in bl.LED_LEGS_MM) + SLEEVE_ON_WIRE_MM
    for name, (s, h, frac) in sorted(spur_fill(ws, feats).items()):
        sp = feats["spur-" + name]
        width, depth = 2 * sp.prim[5], sp.depth
        reach = math.hypot(sp.prim[3] - sp.prim[1], sp.prim[4] - sp.prim[2]) + sp.prim[5]
        if longest + bl.LEG_WIRE_TURN_MM > reach + 1e-9:
            problems.append("spur of %s: a sleeve ends %.1f mm from the bend, past its straight run (%.1f mm)"
                            % (name, longest, reach - bl.LEG_WIRE_TURN_MM))
        if h > depth - bl.COVER_CLEARANCE_MM + 1e-9:
            problems.append("spur of %s: at %.1f mm from the bend its contents stand %.1f mm high in layers across "
                            "%.1f mm; it is %.1f mm deep (%.1f mm under the cover)" % (
                                name, s, h, width - SPUR_MARGIN_MM, depth, bl.COVER_CLEARANCE_MM))
        if frac > FILL_MAX + 1e-9:
            problems.append("spur of %s: at %.1f mm from the bend its contents take %d %% of it (at most %d %%)"
                            % (name, s, round(100 * frac), round(100 * FILL_MAX)))
    return problems


def led_sleeves(ws):
    """The LED joints' sleeves by tube: dict RNF-100 size -> number of LED_SLEEVE_MM pieces (R1's sleeve at
    LED0's DIN is shorter: it ends at R1's body)."""
    out = {}
    for _, ps in led_leg_wires(ws).items():
        size = _leg_sleeve(ps)[2]
        out[size] = out.get(size, 0) + 1
    return out


def markdown(ws):
    """hardware/harness.md: the wire list by harness, with the harness BOM."""
    lines = ["# Wiring harness", "",
             "Generated by `tools/harness.py` from the board's geometry (`tools/board_layout.py`) and the logic",
             "board's pads (`tools/stripboard.py`); `make test` checks the lengths against the template's",
             "coordinates. Drawings: `make harness` (WireViz) writes `hardware/harness/*.svg`.", "",
             "Each length is the route along the channels plus %d mm (stripping, soldering and a service loop)," % SLACK_MM,
             "rounded up to 10 mm: cut every wire to it. Label each wire with its name in the first column",
             "(I-1, L0-5V, ...; a flag of tape) at both ends as you cut it. Colours: reed signal wires blue (outer ring), green (middle),",
             "yellow (inner); ground black; LED +5 V red, LED data white; buttons violet; reset grey.", ""]
    totals = {}
    for harness in ("inner ring", "middle ring", "outer ring", "LED chain", "buttons", "reset"):
        lines += ["## %s" % harness, "", "| wire | from | to | cut length (mm) | colour | gauge | runs through |",
                  "|---|---|---|---:|---|---|---|"]
        for w in [w for w in ws if w["harness"] == harness]:
            lines.append("| %s | %s | %s | %d | %s | %s | %s |" % (w["id"], w["from"], w["to"], w["length"],
                                                                   COLOUR_NAME[w["colour"]], w["gauge"], w["via"]))
            key = (w["gauge"], COLOUR_NAME[w["colour"]])
            totals[key] = totals.get(key, 0) + w["length"]
        lines.append("")
    counts, unused = led_leg_joints(ws)
    sleeves = led_sleeves(ws)
    legs = ", ".join("%s %g mm" % (leg, mm) for leg, mm in bl.LED_LEGS_MM)
    lines += ["LED leg joints (BUILD.md 5.5): legs cut %s from the bend; each joint a %g mm sleeve of" % (
              legs, LED_SLEEVE_MM), "TE RNF-100, the size TE's sizing guide allows over it: %d legs carry two wires "
              "(VDD and GND inside" % counts.get(2, 0), "the chain: the %s tube, %d pieces), %d legs one wire (26 AWG: "
              "the %s tube, %d pieces; 24 AWG at" % (TUBE_NAME["3/16"], sleeves.get("3/16", 0), counts.get(1, 0),
                                                     TUBE_NAME["1/16"], sleeves.get("1/16", 0)),
              "LED23: the %s tube, %d pieces); unused: %s (cut it off at the bend)." % (
                  TUBE_NAME["3/32"], sleeves.get("3/32", 0), ", ".join(unused)), ""]
    fill = spur_fill(ws)
    name, (s, h, frac) = max(fill.items(), key=lambda kv: kv[1][1:])
    sp = {f.name: f for f in bl.layout(SIZE_MM)}["spur-" + name]
    lines += ["Spur fill: the fullest LED spur is that of %s, %.1f mm from the bend: its legs, sleeves, wires and parts"
              % (name, s), "stand %.1f mm high in the %s x %s mm spur (at most %s: %s mm under the back cover) and "
              "take %d %% of it" % (h, bl._mm(2 * sp.prim[5]), bl._mm(sp.depth),
                                     bl._mm(sp.depth - bl.COVER_CLEARANCE_MM), bl._mm(bl.COVER_CLEARANCE_MM),
                                     round(100 * frac)),
              "(at most %d %%; `make test` checks every spur)." % round(100 * FILL_MAX), ""]
    r = Routes()
    cav = cavity_fill(ws, r)
    cell, (h, room, base, n) = max(((k, v) for k, v in cav.items() if k[0] != "plug"),
                                   key=lambda kv: (kv[1][0] / kv[1][1], kv[1][3]))
    ph, proom, _, pn = cav[("plug",)]
    where = ("column C%d past row %d" % (cell[1] + 1, cell[2] + 1) if cell[0] == "column" else
             "%s lane over column C%d" % (cell[0], cell[1] + 1))
    lines += ["In the cavity (BUILD.md 5.4) every wire that starts at a pad leaves it upright and is laid flat along its",
              "pad's column to the board's far or near edge (\"cavity: column C11 to the near lane\"), then along that "
              "edge's lane",
              "(over the board's first or last %d rows and the gap to the cavity's wall) to the column named, where it "
              "leaves" % LANE_ROWS,
              "the cavity: over the near wall into the front radial channel, over the far wall into the plug pocket, "
              "or up into",
              "the inner ring channel along the far wall beside the plug pocket. Lay the wires of a lane in the order "
              "of their",
              "pads from each end of the lane inwards, the pad farthest from the column where the wire leaves the "
              "lane first: each lies on those laid before it. No wire runs along the "
              "inner ring",
              "channel over the plug pocket: a wire bound past it dips into the far lane beside the Pico's USB end "
              "instead.", "",
              "Cavity fill: the fullest place is the %s: %d wires stand %.1f mm over the board (%.1f mm of it the part "
              "under" % (where, n, h, base),
              "them) of the %.1f mm up to %s mm under the back cover; over the micro-USB plug (at most %s x %s mm, "
              "centred on" % (room, bl._mm(bl.COVER_CLEARANCE_MM), bl._mm(bl.PLUG_MAX_MM[0]), bl._mm(bl.PLUG_MAX_MM[1])),
              "the Pico's socket) %d wires stand %.1f mm of the %.1f mm over it. `make test` checks every lane's every "
              "column." % (pn, ph, proom), ""]
    fill = channel_fill(ws)
    name, (frac, n) = max(fill.items(), key=lambda kv: kv[1][0])
    lines += ["Channel fill: at its fullest point the %s carries %d wires, whose insulation takes %d %% of its"
              % (_channel_name(name), n, round(100 * frac)), "cross-section (at most %d %%: `make test` checks "
              "every channel); lay them flat, side by side, in layers." % round(100 * FILL_MAX), ""]
    width, height = reed_joint_room_mm()
    joints = reed_joint_fill(ws)
    lines += ["## Reed lower leads", "",
              "Each reed's lower lead turns down into the ring channel named here (BUILD.md 6.3): the one its GND wire "
              "arrives along (at a corner reed the one of its two channels, at d1, d2 and d3 never the front radial "
              "channel), %s mm from the pocket's axis. The wires of that channel pass it on the far side from the "
              "pocket, in the %.1f mm beside its joint, up to %s mm under the back cover (`make test` checks every reed)."
              % (bl._mm(bl.REED_LEAD_RUN_MM), width, bl._mm(bl.COVER_CLEARANCE_MM)), "",
              "| reed | its lower lead stands in | wires passing beside it | they stand (mm, of %s) |" % bl._mm(height),
              "|---|---|---|---:|"]
    for point in bl.GEOMETRIES["standard"].names:
        name, ids, h = joints[point]
        lines.append("| %s | %s | %s | %.1f |" % (point, _channel_name(name), ", ".join(ids) or "none", h))
    lines.append("")
    lines += ["## Harness BOM: wire to buy", "",
              "Stranded hook-up wire, thin-wall PVC of UL style 1061 (BOM), at most %s across: the channels and the "
              "cavity are checked at those figures (not UL1007 in 28 or 26 AWG, nor silicone wire: both are thicker). "
              "The totals with 20 %% spare, in whole metres." % ", ".join(
                  "%.1f mm (%s)" % (mm, g) for g, mm in sorted(INSULATION_MM.items(), reverse=True)), "",
              "| gauge | colour | total cut length (m) | buy (m) |", "|---|---|---:|---:|"]
    for (gauge, colour), mm in sorted(totals.items()):
        lines.append("| %s | %s | %.2f | %d |" % (gauge, colour, mm / 1000.0, math.ceil(mm * 1.2 / 1000.0)))
    return "\n".join(lines) + "\n"


def _wireviz_end(text):
    """One end of a wire as a WireViz connector: (connector name, its type, its pin labels, the pin this end
    is). Short names, so that no label overflows its box: a pad by its hole, a reed, an LED, a switch by its
    reference, with their leads or legs as pins."""
    m = re.match(r"logic board (C\d+R\d+) \((.*)\)", text)
    if m:
        return m.group(1), "pad: " + m.group(2), ["1"], "1"
    m = re.match(r"reed switch (\w\d), lead (\d)", text)
    if m:
        return "reed " + m.group(1), "MDSR-10", ["lead 1", "lead 2"], "lead " + m.group(2)
    m = re.match(r"LED(\d+) \((\w\d)\) (DIN|VDD|GND|DOUT)", text)
    if m:
        return "LED%s %s" % (m.group(1), m.group(2)), "WS2812D-F5", ["DIN", "VDD", "GND", "DOUT"], m.group(3)
    m = re.match(r"(SW\d) \((\w+)\), leg (\d)", text)
    if m:
        return "%s %s" % (m.group(1), m.group(2)), "B3F-1072", ["leg 1"], "leg " + m.group(3)
    m = re.match(r"button carrier, GND strip \(row 2\)", text)
    if m:
        return "carrier GND", "row-2 strip", ["1"], "1"
    m = re.match(r"SW5 reset, leg (\d)", text)
    if m:
        return "SW5 reset", "B3F-1000", ["leg 1", "leg 2"], "leg " + m.group(1)
    raise ValueError("no connector for %r" % text)


def wireviz_yaml(ws, harness):
    """The WireViz source (str) of one harness: one connector per pad, reed, LED or switch, its leads as pins,
    one cable per wire; short labels and one font (WIREVIZ_FONT) so that no label overflows its box."""
    import yaml
    conns, cables, connections = {}, {}, []
    for w in [w for w in ws if w["harness"] == harness]:
        ends = []
        for text in (w["from"], w["to"]):
            name, kind, pins, pin = _wireviz_end(text)
            conns.setdefault(name, {"type": kind, "pinlabels": pins, "show_pincount": False})
            ends.append((name, conns[name]["pinlabels"].index(pin) + 1))
        cables[w["id"]] = {"wirecount": 1, "length": round(w["length"] / 1000.0, 3), "gauge": w["gauge"],
                           "colors": [w["colour"]], "notes": "%d mm" % w["length"]}
        connections.append([{ends[0][0]: [ends[0][1]]}, {w["id"]: [1]}, {ends[1][0]: [ends[1][1]]}])
    doc = {"metadata": {"title": "Morris board: %s harness" % harness},
           "options": {"fontname": WIREVIZ_FONT},
           "connectors": conns, "cables": cables, "connections": connections}
    return yaml.safe_dump(doc, sort_keys=True, allow_unicode=True)


WIREVIZ_FONT = "DejaVu Sans"    # Graphviz measures the labels in the font the SVG names (Debian's fonts-dejavu)


HARNESSES = ("inner ring", "middle ring", "outer ring", "LED chain", "buttons", "reset")


def led_leg_joints(ws):
    """Wires soldered to each LED leg: dict wire count (1 or 2) -> number of legs, and the list of unused
    legs ('LED23 DOUT'). led_sleeves gives the tube each joint takes."""
    legs = {}
    for w in ws:
        for end in (w["from"], w["to"]):
            m = re.match(r"LED(\d+) \((\w\d)\) (DIN|DOUT|VDD|GND)", end)
            if m:
                key = (int(m.group(1)), m.group(3))
                legs[key] = legs.get(key, 0) + 1
    counts = {}
    for n in legs.values():
        counts[n] = counts.get(n, 0) + 1
    leds = {k[0] for k in legs}
    unused = ["LED%d %s" % (i, leg) for i in sorted(leds) for leg in ("DIN", "DOUT", "VDD", "GND")
              if (i, leg) not in legs]
    return counts, unused


def expected():
    """Generated text files: dict path -> str. Raises ValueError when the LEDs' joints do not fit their
    spurs (spur_problems)."""
    ws = wires()
    problems = spur_problems(ws)
    if problems:
        raise ValueError("the LED joints do not fit:\n  " + "\n  ".join(problems))
    problems = cavity_problems(ws) + hot_part_problems(ws)
    if problems:
        raise ValueError("the wires do not fit the cavity:\n  " + "\n  ".join(problems))
    out = {os.path.join(HW, "harness.md"): markdown(ws)}
    for h in HARNESSES:
        out[os.path.join(OUT, h.replace(" ", "-") + ".yml")] = wireviz_yaml(ws, h)
    return out


def render(folder=OUT, names=HARNESSES):
    """Draw the harnesses with WireViz into ``folder`` (SVG, HTML, BOM TSV); returns the SVG paths."""
    from wireviz import wireviz
    paths = []
    for h in names:
        stem = h.replace(" ", "-")
        src = os.path.join(OUT, stem + ".yml")
        wireviz.parse(src, output_formats=("svg", "tsv"), output_dir=folder, output_name=stem)
        paths.append(os.path.join(folder, stem + ".svg"))
    return paths


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--render", action="store_true")
    a = ap.parse_args(argv)
    files = expected()
    if a.check:
        bad = [p for p, t in files.items() if not os.path.exists(p) or open(p, encoding="utf-8").read() != t]
        for p in bad:
            print("stale: " + os.path.relpath(p, ROOT))
        return 1 if bad else 0
    os.makedirs(OUT, exist_ok=True)
    for p, t in files.items():
        with open(p, "w", encoding="utf-8") as f:
            f.write(t)
        print("wrote " + os.path.relpath(p, ROOT))
    if a.render:
        for p in render():
            print("wrote " + os.path.relpath(p, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
