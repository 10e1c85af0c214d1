#!/usr/bin/env python3
"""The logic board on stripboard: parts, track cuts, wire links and the pads for the harness wires.

Usage:
    python tools/stripboard.py            # write hardware/stripboard.svg (both sides) and hardware/stripboard.md
    python tools/stripboard.py --check    # only check the layout against the netlist; exit 1 on a fault

The board is a 31 x 31 hole piece of 2.54 mm stripboard (78.7 x 78.7 mm), copper strips running
left-right. Holes are (column, row) from the top-left corner **seen from the component side**
with the USB end of the Pico at the top; that is how it lies in the cavity when you look at the
back of the game board (tools/template.py, back view).

What is placed by hand (``placement()``): every part's pins and body, the pads where the harness
wires are soldered (``pads()``), and the rows used as buses (``BUSES``) and the lane columns
(``LANES``). What is derived: the **track cuts** (a knife cut across the strip between two
holes, wherever two neighbouring parts on a strip belong to different nets), the copper-side
**bridges** (bare wire across two neighbouring strips of one net) and the **links** (insulated
wire on the component side, hole to hole, joining the strip pieces of one net along a shortest
tree; each runs along a column or a row, or bends once or twice over free holes; never across a
part's body nor over a hole with a lead in it). ``check()`` then rebuilds the connectivity from
holes, strips, cuts and links alone and compares it with the netlist (tools/board_netlist.py):
every net joined, no two nets touching, no hole used twice; ``body_faults()`` checks the parts'
outlines (no two overlap, nothing under a body, no diagonal link) and ``tallest_mm()`` gives the
height tools/board_layout.py checks against the cavity.
"""
import argparse
import heapq
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))

import board_netlist as bn  # noqa: E402

PITCH = 2.54
BOARD_THICK_MM = 1.6      # the stripboard (board_layout.STRIPBOARD_MM)
BRIDGE_WIRE_MM = 15.0     # a copper-side bridge's piece of bare wire: a staple 2.54 mm wide whose legs pass the
                          # board and stand out far enough to hold while soldering and to clip flush (stripboard.md 2)
BRIDGE_GRIP_MM = 3.0      # ... at least this much of each leg out of the component side
HOLE_D_MM = 1.0           # the holes of common 0.1 inch (Veroboard-pattern) stripboard (BOM)
LINK_WIRE_MM = 0.5        # the links' solid wire (BOM): a hole takes one, two side by side need 2 x this
LAP_STUB_MM = 2.0         # where two links meet in one lane hole, the first one's end is stripped this much more and
                          # this bare wire lies flat on the component side, bent over at the board towards its run
LAP_TAIL_MM = 6.0         # ... the second one's end is cut this far past the hole and stripped as far: laid flat beside
                          # the first one's bare wire and soldered to it, its loose tail clipped (shared_holes_text())
LAP_HOLD_MM = 3.0         # ... at least this much of that tail left past the joint to hold it by while soldering
COLS, ROWS = 31, 31
PICO_COL = 17            # the Pico's pins 1..20 stand in this column, pins 40..21 seven columns right
PICO_ROWS = 20           # ... in rows 1..20 (table rows; index 0..19)
CHIP_COL = 6             # each 74HC165's pin 1 column
CHIP_ROWS = (2, 12, 22)  # pin 1 rows of U3, U2, U1 (inner, middle, outer ring)
# Rows used as buses: (net, first col, last col). Rows 20 and 21 run under nothing but the Q1 body, the
# corridor from the Pico's right side (3V3) to the chips on its left.
LANES = {"SR_LOAD": 3, "SR_CLK": 2, "+3V3": 1, "GND": 0}   # left of the chips: one column per net; a lane
#                                                          hole may take two link ends of its net
BUSES = {0: ("SR_LOAD", 0, 15), 1: ("GND", 0, 15), 10: ("SR_CLK", 0, 15), 11: ("GND", 0, 15),
         20: ("+3V3", 0, 30), 21: ("GND", 0, 30)}


def outline_mm():
    """(width, height) of the board in mm once filed to size (BUILD.md 4.1): whole holes of 2.54 mm."""
    return piece_size("logic board")


# --- where each piece is cut from, and how it is filed ------------------------------------------------

# The stripboard the BOM buys: 100 x 160 mm, 39 strips of 63 holes, strips along the 160 mm side. Holes are
# numbered 1..63 along a strip, strips 1..39 across; the outer holes sit ORIGINAL_MARGIN_MM from the edges.
SOURCE_HOLES = (63, 39)
SOURCE_MM = (160.0, 100.0)
ORIGINAL_MARGIN_MM = tuple((mm - (n - 1) * PITCH) / 2 for mm, n in zip(SOURCE_MM, SOURCE_HOLES))   # 1.26, 1.74
SOURCE_TOL_MM = 0.2       # the board's size, either way (the margin of an original edge)
SNAP_MARGIN_MM = PITCH    # a piece scored and snapped along a line of holes loses that line: its edge runs
RAGGED_MM = 0.5           # through the lost holes' centres, and up to this much further where it broke beside them
FILE_MARGIN_MM = PITCH / 2   # a filed edge: half a pitch beyond its last holes' centres (a piece of N holes is then
FILE_TOL_MM = 0.2            # N x 2.54 mm across), filed until the caliper reads that, and no more than this over it
# The pieces (BUILD.md 4.1, generated): name -> (first and last hole along the strips, first and last strip, filed).
# Each piece's first hole is its column 1 and its first strip its row 1 (the logic board's row 1 is the Pico's USB
# end; the carriers' as in carriers.svg).
PIECES = {
    "logic board": ((1, 31), (1, 31), True),
    "button carrier": ((1, 42), (33, 39), False),
    "SW5 carrier": ((58, 63), (1, 5), True),
}
# The snaps, in order: each scored on both faces along a line of holes and snapped. ('along', n, (h0, h1)): along
# strip n, over holes h0..h1, which strip n loses; ('across', n, (s0, s1)): across strips s0..s1 at hole n, which
# each of them loses. Then what it parts.
SNAPS = (
    ("along", 32, (1, 63), "the whole board",
     "strips 1..31 (the logic board's and the SW5 carrier's) from strips 33..39 (the button carrier's)"),
    ("across", 32, (1, 31), "strips 1..31", "the logic board (holes 1..31) from holes 33..63"),
    ("across", 43, (33, 39), "strips 33..39", "the button carrier (holes 1..42) from holes 44..63 (spare)"),
    ("along", 6, (33, 63), "strips 1..31, holes 33..63", "strips 1..5 from strips 7..31 (spare)"),
    ("across", 57, (1, 5), "strips 1..5, holes 33..63", "the SW5 carrier (holes 58..63) from holes 33..56 (spare)"),
)


def piece_edges(name):
    """The four edges of piece ``name``: dict edge -> (how it is made, margin mm beyond its last holes' centres as
    cut, at most, margin once filed). Edges: 'first hole', 'last hole' (the ends across the strips), 'first
    strip', 'last strip' (the long edges along them). An edge on the board's own edge keeps ORIGINAL_MARGIN_MM
    (+ SOURCE_TOL_MM); a snapped one SNAP_MARGIN_MM + RAGGED_MM; a filed piece's edges are filed to
    FILE_MARGIN_MM unless they already lie within 0.1 mm of it."""
    (h0, h1), (s0, s1), filed = PIECES[name]
    out = {}
    for edge, at_source, axis in (("first hole", h0 == 1, 0), ("last hole", h1 == SOURCE_HOLES[0], 0),
                                  ("first strip", s0 == 1, 1), ("last strip", s1 == SOURCE_HOLES[1], 1)):
        if at_source:
            how, cut = "original", ORIGINAL_MARGIN_MM[axis] + SOURCE_TOL_MM
            nominal = ORIGINAL_MARGIN_MM[axis]
        else:
            how, cut, nominal = "snapped", SNAP_MARGIN_MM + RAGGED_MM, SNAP_MARGIN_MM
        target = FILE_MARGIN_MM if filed and nominal > FILE_MARGIN_MM + 0.1 else nominal
        out[edge] = (how, cut, target, nominal)
    return out


def piece_holes(name):
    """(holes along the strips, strips) of piece ``name``."""
    (h0, h1), (s0, s1), _ = PIECES[name]
    return (h1 - h0 + 1, s1 - s0 + 1)


def piece_size(name, stage="filed"):
    """(along the strips, across them) in mm of piece ``name``: 'filed' (what the tools place; a piece that is not
    filed keeps its nominal snapped and original edges), 'nominal cut' (as snapped, the breaks straight) or 'cut'
    (as snapped, at most: the breaks ragged, the board at its largest)."""
    n = piece_holes(name)
    e = piece_edges(name)
    k = {"filed": 2, "nominal cut": 3, "cut": 1}[stage]
    return ((n[0] - 1) * PITCH + e["first hole"][k] + e["last hole"][k],
            (n[1] - 1) * PITCH + e["first strip"][k] + e["last strip"][k])


def fit_size(name):
    """(along, across) in mm of piece ``name`` at its largest as it goes in: a filed piece FILE_TOL_MM over its
    filed size, one that is not filed as cut at its largest. Every fit check uses it (tools/board_layout.py)."""
    if PIECES[name][2]:
        return tuple(v + FILE_TOL_MM for v in piece_size(name))
    return piece_size(name, "cut")


def filing_steps(name):
    """The filing of piece ``name`` as a maker does it with the caliper: list of (edge, mm to file off, the caliper
    reading across the piece after it), the edges across the strips first."""
    if not PIECES[name][2]:
        return []
    e = piece_edges(name)
    size = list(piece_size(name, "nominal cut"))
    out = []
    for axis, edges in ((0, ("last hole", "first hole")), (1, ("last strip", "first strip"))):
        for edge in sorted(edges, key=lambda x: e[x][0] != "snapped"):
            off = e[edge][3] - e[edge][2]
            if off > 1e-9:
                size[axis] -= off
                out.append((edge, off, size[axis]))
    return out


def cut_faults():
    """What is wrong with the cutting plan: list of str. Every piece lies on the board; two pieces keep at least one
    lost line of holes between them (the snap line); every snap runs along a line of holes no piece keeps; a filed
    edge only loses board (its margin as cut is at least the filed one); and each piece has the holes the tools
    use (the logic board COLS x ROWS, the carriers' as tools/carriers.py draws them)."""
    out = []
    names = list(PIECES)
    for n in names:
        (h0, h1), (s0, s1), _ = PIECES[n]
        if not (1 <= h0 <= h1 <= SOURCE_HOLES[0] and 1 <= s0 <= s1 <= SOURCE_HOLES[1]):
            out.append("%s lies off the board" % n)
        for edge, (how, cut, target, nominal) in piece_edges(n).items():
            if target > nominal + 1e-9:
                out.append("%s: its %s edge would have to grow to be filed to %.2f mm" % (n, edge, target))
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            (ah, as_, _), (bh, bs, _) = PIECES[a], PIECES[b]
            apart_h = bh[0] - ah[1] >= 2 or ah[0] - bh[1] >= 2
            apart_s = bs[0] - as_[1] >= 2 or as_[0] - bs[1] >= 2
            if not (apart_h or apart_s):
                out.append("%s and %s share a line of holes: no snap between them" % (a, b))
    for kind, line, (lo, hi), _, _ in SNAPS:
        for n in names:
            (h0, h1), (s0, s1), _ = PIECES[n]
            on, across = ((s0, s1), (h0, h1)) if kind == "along" else ((h0, h1), (s0, s1))
            if on[0] <= line <= on[1] and lo <= across[1] and across[0] <= hi:
                out.append("snap %s %d runs through the %s" % (kind, line, n))
    if piece_holes("logic board") != (COLS, ROWS):
        out.append("the logic board piece is not %d x %d holes" % (COLS, ROWS))
    return out


# --- placement ------------------------------------------------------------------------------------

def _dip(c, r, n):
    """Pins of a DIP-n with pin 1 at (c, r), pins down the left column, back up the right one 3 apart."""
    half = n // 2
    pins = {k + 1: (c, r + k) for k in range(half)}
    pins.update({n - k: (c + 3, r + k) for k in range(half)})
    return pins


def _dip_body(c, r, n):
    """The outline of a DIP-n with pin 1 at (c, r): 7.62 mm rows, a 19.3 mm long body (TI's N package)."""
    over = (19.3 - (n // 2 - 1) * PITCH) / 2 / PITCH
    return ("rect", c - 0.3, r - over, c + 3.3, r + n // 2 - 1 + over)


def _sip(c, r, flip=False):
    """Pins of a SIP-5 standing in column c: pin 1 at row r (or at row r + 4 when flipped)."""
    return {k + 1: (c, r + (4 - k if flip else k)) for k in range(5)}


def _col_body(c, r0, r1):
    return ("rect", c - 0.45, r0 - 0.45, c + 0.45, r1 + 0.45)


# A radial ceramic capacitor (KEMET Goldmax C320): body 5.08 mm along its leads, 3.18 mm thick.
CAP_HALF = (2.54 / PITCH, 1.59 / PITCH)


def _cap(a, b):
    """A radial capacitor with its leads in holes ``a`` and ``b`` (neighbours, or two holes apart with the
    leads bent out): (pins, body)."""
    (c1, r1), (c2, r2) = a, b
    cx, cy = (c1 + c2) / 2.0, (r1 + r2) / 2.0
    along, across = CAP_HALF
    hx, hy = (along, across) if r1 == r2 else (across, along)
    return ({1: a, 2: b}, ("rect", cx - hx, cy - hy, cx + hx, cy + hy))


def _chip_group(u, c, r):
    """A 74HC165 (pin 1 at (c, r)), its two networks and its decoupling capacitor."""
    parts = {"U%d" % u: (_dip(c, r, 16), _dip_body(c, r, 16))}
    parts["RN%d" % (2 * u - 1)] = (_sip(c - 1, r + 2, flip=True), _col_body(c - 1, r + 2, r + 6))  # E..H, COM r+6
    parts["RN%d" % (2 * u)] = (_sip(c + 5, r + 1), _col_body(c + 5, r + 1, r + 5))               # A..D, COM r+1
    parts["C%d" % (2 + u)] = _cap((c + 6, r), (c + 6, r - 1))   # VCC (row r) to the GND strip above
    return parts


# Height of each part above the component side (mm), the tallest ones as the datasheets give them: the
# board lies copper side down in the cavity, so these decide the room under the back cover
# (tools/board_layout.py checks it).
HEIGHT_MM = {
    "A1": 4.0,     # Pico soldered flat: 1 mm board + its micro-USB receptacle; header pins clipped 1 mm above it
    "U": 5.08,     # SN74HC165N / SN74AHCT125N, PDIP soldered straight in: seated height 5.08 max (TI)
    "RN": 5.08,    # Bourns 4605X: 5.08 max
    "C": 7.5,      # KEMET C320 radial, pushed down to the board: body and lead meniscus
    "Q1": 4.9,     # NDP6020P, TO-220 lying on its tab: 4.83 max
    "F1": 4.0,     # MF-R050 lying flat: 3.1 mm thick, on its bent leads
    "R2": 2.6,     # 1/4 W metal film resistor lying flat: 2.3 mm body
}


def height_mm(ref):
    """Height (mm) of part ``ref`` above the component side (HEIGHT_MM)."""
    for key in (ref, ref.rstrip("0123456789")):
        if key in HEIGHT_MM:
            return HEIGHT_MM[key]
    raise KeyError(ref)


def mounting(ref):
    """How part ``ref`` goes on the board, in a few words (stripboard.md's parts table)."""
    pins, _ = placement()[ref]
    if ref == "A1":
        return "flat on the board on header pins without their spacer (BUILD.md 4.4), USB end at row 1"
    if ref == "Q1":
        d, _, what = metal_gaps()[0]
        before, least = q1_gap_before_pico()
        return ("lying on its metal tab, marking up, legs towards row %d bent down 3 mm from the body, the gate leg "
                "one row further; its bare tab %.1f mm from %s as drawn (at least %.1f measured once both are in, "
                "BUILD.md 4.6); before the Pico is in, %.1f mm from the near edge of row %d's holes (at least %.1f: "
                "measure it before soldering Q1)" % (ROWS, d, what, METAL_GAP_MM, before, PICO_ROWS, least))
    if ref == "F1":
        return "lying flat over rows 15..19, its leads bent down at the body's base"
    if ref == "R2":
        return "lying flat, leads bent down 10.16 mm apart"
    if ref.startswith("RN"):
        return "standing, the dot (pin 1) at pin 1's hole"
    if ref.startswith("U"):
        return "soldered straight in, the notch at pin 1's end"
    (c1, r1), (c2, r2) = pins[1], pins[2]
    if abs(c1 - c2) + abs(r1 - r2) > 1:
        return "standing, pushed down to the board, its leads bent out to the holes two apart"
    return "standing, pushed down to the board"


def tallest_mm():
    """The tallest part on the board: (mm, ref)."""
    return max((height_mm(ref), ref) for ref in placement())


def placement():
    """Every part on the board (computed once): see _placement()."""
    if not _PLACEMENT:
        _PLACEMENT.append(_placement())
    return _PLACEMENT[0]


_PLACEMENT = []


def _placement():
    """Every part on the board: dict ref -> (pins {pin number: (col, row)}, body).

    A body is ('rect', c0, r0, c1, r1) in hole units, or a tuple of them, the part's outline on the board
    (a lying part's bent leads included): no link may cross it, no other pin, pad or link end may lie under it, and no
    two bodies may overlap (check())."""
    parts = {}
    pc = PICO_COL
    pico = {k: (pc, k - 1) for k in range(1, 21)}
    pico.update({k: (pc + 7, 40 - k) for k in range(21, 41)})
    # The Pico (51 x 21 mm): its pins 1.61 mm in from its long edges and 1.37 mm from its USB end.
    parts["A1"] = (pico, ("rect", pc - 0.63, -0.54, pc + 7.63, 19.54))
    for u, r in zip((3, 2, 1), CHIP_ROWS):
        parts.update(_chip_group(u, CHIP_COL, r))
    parts["U4"] = (_dip(18, 22, 14), _dip_body(18, 22, 14))
    # Q1 lies flat on its metal tab, marking up, legs pointing down (towards row 31), bent down into the
    # board 3 mm from the body: drain and source into row 29, the gate leg bent one row further, into
    # row 30. Its 10.4 x 15.5 mm body with the tab lies over rows 22..27, right of U4 and below the Pico:
    # the tab (the drain, bare metal) keeps METAL_GAP_MM from the Pico's corner (clearance_faults()).
    g, d, s = (25, 29), (26, 28), (27, 28)
    parts["Q1"] = ({bn.Q1_PIN["G"]: g, bn.Q1_PIN["D"]: d, bn.Q1_PIN["S"]: s},
                   (("rect", 23.9, 20.7, 28.1, 26.85),            # the body and its tab
                    ("rect", 24.8, 26.85, 27.2, 27.5),             # the legs between the body and the holes
                    ("rect", 24.8, 27.5, 25.2, 28.5)))             # the gate leg passing over row 29
    parts["C8"] = _cap((24, 29), (24, 28))                  # gate to drain
    parts["C6"] = _cap((29, 28), (29, 29))                  # source to gate
    # R2 lies flat along the board's last row (leads 10.16 mm apart): GND end left, gate end right.
    parts["R2"] = ({2: (19, 30), 1: (23, 30)}, ("rect", 19.4, 29.55, 22.6, 30.45))
    # F1 lies flat, its leads in row 14 (5.08 mm apart) bent down at its base, its 7.4 x 12.7 mm body
    # over rows 15..19 right of the Pico, where no wire of the harness passes (a tripped PTC runs hot:
    # harness.hot_part_problems()).
    parts["F1"] = ({1: (26, 13), 2: (28, 13)}, ("rect", 25.5, 13.5, 28.5, 18.7))
    parts["C2"] = _cap((22, 22), (22, 21))                  # U4: +5V_LED (its pin 14's strip) to the GND bus
    parts["C7"] = _cap((26, 10), (26, 12))                  # RUN to GND at the Pico: leads bent out to two holes
    return parts


def pads():
    """The harness pads: dict pad name -> ((col, row), [off-board 'REF.pin', ...])."""
    out = {}
    c = CHIP_COL
    for u, r in zip((3, 2, 1), CHIP_ROWS):
        ring = bn.RING_OF_CHIP[u]
        for k, letter in enumerate("ABCDEFGH"):
            bit = 8 * (u - 1) + k
            name = [n for n, _, b in bn.cfg.POINTS if b == bit][0]
            row = r + (5 - k if k < 4 else k - 2)    # A..D rows r+5..r+2 on the right, E..H rows r+2..r+5 left
            col = c + 4 if k < 4 else c - 2
            out["reed " + name] = ((col, row), ["REED_%s.1" % name])
        pts = [n for n, _, b in bn.cfg.POINTS if 8 * (u - 1) <= b < 8 * u]
        out["GND %s ring" % ring] = ((c - 2, r + 7), ["REED_%s.2" % n for n in pts])
    leds = range(bn.cfg.LED_COUNT)
    out["LED data"] = ((17, 24), ["R1.1"])
    out["LED +5V"] = ((29, 22), ["LED%d.%d" % (i, bn.LED_PIN["VDD"]) for i in leds]
                      + ["%s.1" % bn.led_cap_ref(i) for i in leds] + ["C1.1"])
    out["LED GND"] = ((17, 26), ["LED%d.%d" % (i, bn.LED_PIN["GND"]) for i in leds]
                      + ["%s.2" % bn.led_cap_ref(i) for i in leds] + ["C1.2"])
    buttons = sorted(bn.cfg.BUTTON_PINS, key=bn.cfg.BUTTON_PINS.get)
    for b in buttons:
        row = bn.PICO_GPIO_PIN[bn.cfg.BUTTON_PINS[b]] - 1
        out["button " + b] = ((PICO_COL - 1, row), ["%s.1" % bn.button_ref(b)])
    out["buttons GND"] = ((PICO_COL - 1, 17), ["%s.2" % bn.button_ref(b) for b in buttons])
    out["reset"] = ((28, 10), ["SW5.1"])
    out["reset GND"] = ((30, 12), ["SW5.2"])     # off the column of F1's lead below (hot_zones())
    return out


INTERNAL = {"A1": [list(bn.PICO_GND_PINS)]}   # pins a part joins itself (the Pico's ground plane)


# --- derivation: cuts and links ---------------------------------------------------------------------

class LayoutFault(ValueError):
    """The layout cannot be built as placed (a hole used twice, no room for a cut or a link)."""


def _holes():
    """Every used hole: dict (col, row) -> (owner, pin or pad name, net)."""
    nets = bn.netlist()
    pin_net = {p: n for n, ps in nets.items() for p in ps}
    used = {}

    def take(hole, owner, what, net):
        c, r = hole
        if not (0 <= c < COLS and 0 <= r < ROWS):
            raise LayoutFault("%s %s at %s is off the board" % (owner, what, hole))
        if hole in used:
            raise LayoutFault("hole %s used by %s %s and %s %s" % (hole, used[hole][0], used[hole][1], owner, what))
        used[hole] = (owner, what, net)

    for ref, (pins, _) in placement().items():
        for n, hole in pins.items():
            key = "%s.%s" % (ref, n)
            take(hole, ref, n, pin_net.get(key, "NC:" + key))
    for name, (hole, offboard) in pads().items():
        nets_of = {pin_net[p] for p in offboard}
        if len(nets_of) != 1:
            raise LayoutFault("pad %s reaches pins of several nets: %s" % (name, sorted(nets_of)))
        take(hole, "pad", name, nets_of.pop())
    return used


def rects(body):
    """A body's rectangles: list of ('rect', c0, r0, c1, r1)."""
    return [body] if body[0] == "rect" else list(body)


def _covered():
    """Holes under a part's body (no link end there): set of (col, row)."""
    out = set()
    for ref, (pins, body) in placement().items():
        for _, c0, r0, c1, r1 in rects(body):
            for c in range(COLS):
                for r in range(ROWS):
                    if c0 < c < c1 and r0 < r < r1 and (c, r) not in pins.values():
                        out.add((c, r))
    return out


_DERIVED = []


def derive():
    """Cuts and links from the placement (computed once): (cuts, links, used); see _derive()."""
    if not _DERIVED:
        _DERIVED.append(_derive())
    return _DERIVED[0]


def _derive():
    """Cuts and links from the placement: (cuts, links, used).

    cuts: sorted list of (row, col) meaning a cut between holes (col, row) and (col + 1, row);
    links: list of (net, (c1, r1), (c2, r2)); used: the holes as in _holes() plus link ends."""
    used = _holes()
    covered = _covered()
    marked = dict(used)
    marked.update(_bus_holes(used))
    cuts = []
    for r in range(ROWS):
        cuts += _row_cuts(r, marked, covered, used)
    links = build_order(_links(used, marked, cuts, covered))
    return sorted(cuts), links, used


def _bus_holes(used):
    """The free holes of the bus rows left of the Pico: dict hole -> ('bus', row, net)."""
    return {(c, r): ("bus", r, net) for r, (net, c0, c1) in BUSES.items() for c in range(c0, c1 + 1)
            if (c, r) not in used}


def _row_cuts(r, marked, covered, used):
    """Cuts of row ``r``: one between every two neighbouring runs of different nets, placed so that each
    run keeps a free hole for a link where the gap allows it. ``marked``: the used holes and the bus
    holes (which carry a net but stay free for links)."""
    occ = [(c, marked[(c, r)][2]) for c in range(COLS) if (c, r) in marked]
    if not occ:
        return []
    runs = [[occ[0]]]
    for c, net in occ[1:]:
        if net == runs[-1][-1][1]:
            runs[-1].append((c, net))
        else:
            runs.append([(c, net)])

    def free(c0, c1):
        return [c for c in range(c0, c1) if (c, r) not in used and (c, r) not in covered]
    count = {}
    for _, _, net in marked.values():
        count[net] = count.get(net, 0) + 1
    # A run whose net has holes elsewhere needs a free hole for its link; others count as served.
    have = [len(free(run[0][0], run[-1][0] + 1)) + (0 if count[run[0][1]] > len(run) else 99) for run in runs]
    have[0] += len(free(0, runs[0][0][0]))
    have[-1] += len(free(runs[-1][-1][0] + 1, COLS))
    need = [count[run[0][1]] > len(run) for run in runs]

    def after(k):
        """Free holes right of run k, up to the next run (or the board's end)."""
        end = runs[k + 1][0][0] if k + 1 < len(runs) else COLS
        return free(runs[k][-1][0] + 1, end)
    cuts = []
    for i in range(len(runs) - 1):
        ca, cb = runs[i][-1][0], runs[i + 1][0][0]
        gap = free(ca + 1, cb)
        if not gap:
            cut = ca
        elif need[i] and not need[i + 1]:
            cut = cb - 1
            have[i] += len(gap)
        elif need[i + 1] and not need[i]:
            cut = ca
            have[i + 1] += len(gap)
        elif len(gap) >= 2:
            cut = gap[len(gap) // 2 - 1]
            have[i] += 1
            have[i + 1] += 1
        elif have[i] == 0 and not (runs[i][0][1] == "GND" and not after(i + 1)):
            # one free hole between two runs that both need one: the left run takes it, unless it is GND
            # (which bridges reach from its neighbouring strips) and the right run has no other free hole
            cut = gap[0]
            have[i] += 1
        else:
            cut = ca
            have[i + 1] += 1
        cuts.append((r, cut))
    return cuts


def segments(cuts):
    """Strip pieces: dict (row, first col) -> list of holes (col, row) on that piece."""
    cut_at = {}
    for r, c in cuts:
        cut_at.setdefault(r, set()).add(c)
    segs = {}
    for r in range(ROWS):
        start = 0
        for c in range(COLS):
            segs.setdefault((r, start), []).append((c, r))
            if c in cut_at.get(r, ()):
                start = c + 1
    return segs


_BODY_RECTS = []      # every part's body rectangles, and
_LINK_HOT_ZONES = []  # _link_hot_zones(), computed once for the router (_crosses_body)

# Parts that run hot in a fault, and why. The harness's wires lie in bundles, pressed together under the back cover:
# none may pass within HOT_GAP_MM of their outline (harness.hot_part_problems()). A link lies alone and flat on the
# board: its insulation keeps at least LINK_HOT_AIR_MM of air to their outline (hot_faults()).
HOT_PARTS = {"F1": "a tripped PTC holds a fault's current down at 100-125 degC (Bourns MF-R series application "
                   "note), above the harness wires' PVC (80 degC)"}
HOT_GAP_MM = PITCH
LINK_OD_MM = 1.0          # a link's 0.5 mm solid wire in its PTFE insulation, across at most (BOM; harness.LINK_MM)
LINK_HOT_AIR_MM = 0.5


def hot_zones(gap_mm=HOT_GAP_MM, place=None):
    """Every hot part's outline and its leads (a lead runs nearly as hot as the body; LEAD_RADIUS_MM round its
    hole) grown by ``gap_mm``: list of (ref, ('rect', c0, r0, c1, r1)) in hole units."""
    place = place or placement()
    g = gap_mm / PITCH
    lead = LEAD_RADIUS_MM / PITCH
    out = []
    for ref in HOT_PARTS:
        pins, body = place[ref]
        boxes = [r[1:] for r in rects(body)] + [(c - lead, r - lead, c + lead, r + lead) for c, r in pins.values()]
        out += [(ref, ("rect", c0 - g, r0 - g, c1 + g, r1 + g)) for c0, r0, c1, r1 in boxes]
    return out


def _link_hot_zones():
    """Where a link's centre line may not run: hot_zones() at half a link's width plus LINK_HOT_AIR_MM."""
    return hot_zones(LINK_OD_MM / 2 + LINK_HOT_AIR_MM)


def _run_in_zone(a, b, zone):
    """True if the insulated run of the link a-b (its ends' holes left out: a link's end is bare, soldered in a
    strip that may be a hot part's own) passes inside ``zone``."""
    _, c0, r0, c1, r1 = zone
    (x1, y1), (x2, y2) = a, b
    lo_x, hi_x = min(x1, x2) + (0.5 if x1 != x2 else 0), max(x1, x2) - (0.5 if x1 != x2 else 0)
    lo_y, hi_y = min(y1, y2) + (0.5 if y1 != y2 else 0), max(y1, y2) - (0.5 if y1 != y2 else 0)
    return max(lo_x, c0) < min(hi_x, c1) + (1e-9 if lo_x == hi_x else 0) and \
        max(lo_y, r0) < min(hi_y, r1) + (1e-9 if lo_y == hi_y else 0)


def hot_faults(links=None):
    """Links whose insulated run keeps less than LINK_HOT_AIR_MM of air to a hot part (HOT_PARTS): list of str."""
    links = derive()[1] if links is None else links
    out = []
    for k, (net, a, b, kind, via) in enumerate(links):
        pts = [a] + list(via) + [b]
        for p, q in zip(pts, pts[1:]):
            for ref, zone in _link_hot_zones():
                if _run_in_zone(p, q, zone):
                    out.append("link %d (%s) keeps less than %.1f mm of air to %s (%s)"
                               % (k + 1, net, LINK_HOT_AIR_MM, ref, HOT_PARTS[ref]))
    return out


def _crosses_body(a, b):
    """True if the straight link a-b (along a row or a column) runs over some part's body or its insulated run
    passes near a hot part (hot_zones())."""
    if not _BODY_RECTS:
        _BODY_RECTS.extend(r for _, body in placement().values() for r in rects(body))
        _LINK_HOT_ZONES.extend(_link_hot_zones())
    if any(_run_in_zone(a, b, zone) for _, zone in _LINK_HOT_ZONES):
        return True
    (x1, y1), (x2, y2) = a, b
    for _, c0, r0, c1, r1 in _BODY_RECTS:
        if x1 == x2:
            if c0 < x1 < c1 and max(min(y1, y2), r0) < min(max(y1, y2), r1):
                return True
        elif y1 == y2:
            if r0 < y1 < r1 and max(min(x1, x2), c0) < min(max(x1, x2), c1):
                return True
        else:
            raise ValueError("a link runs along a row or a column: %s-%s" % (a, b))
    return False


def _passes_over(a, b, holes):
    """True if the straight link a-b passes within half a pitch of one of ``holes`` (a lead stands there)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    for h in holes:
        if h == a or h == b:
            continue
        t = ((h[0] - ax) * dx + (h[1] - ay) * dy) / L2
        if 0.0 < t < 1.0 and math.hypot(ax + t * dx - h[0], ay + t * dy - h[1]) < 0.5:
            return True
    return False


def _holes_between(p, q):
    """The holes a straight leg p-q (along a row or a column) passes over, its two ends left out."""
    (c1, r1), (c2, r2) = p, q
    if c1 == c2:
        return {(c1, r) for r in range(min(r1, r2) + 1, max(r1, r2))}
    return {(c, r1) for c in range(min(c1, c2) + 1, max(c1, c2))}


def _collinear_overlap(a, b):
    """True if the straight legs ``a`` and ``b`` ((hole, hole) each) lie on one row or column and share more
    than a single hole: one link would lie on top of the other over the same holes."""
    (p1, q1), (p2, q2) = a, b
    for axis in (0, 1):
        other = 1 - axis
        if p1[axis] == q1[axis] == p2[axis] == q2[axis]:
            lo = max(min(p1[other], q1[other]), min(p2[other], q2[other]))
            hi = min(max(p1[other], q1[other]), max(p2[other], q2[other]))
            return hi > lo
    return False


def stacked(links):
    """Pairs of links of which one lies on top of the other: list of (k, j), link k (an index into the
    'link' items of ``links``) under link j because an end or a bend of k is in a hole j passes over, or
    because k lies along j over the same holes with its ends within j's. Link k goes in first."""
    items = [x for x in links if x[3] == "link"]
    legs = [list(zip([a] + list(via) + [b], list(via) + [b])) for _, a, b, _, via in items]
    over = [set().union(*(_holes_between(p, q) for p, q in ls)) for ls in legs]
    out = []
    for k, (_, a, b, _, via) in enumerate(items):
        points = {a, b} | set(via)
        for j in range(len(items)):
            if j != k and (points & over[j] or (any(_collinear_overlap(x, y) for x in legs[k] for y in legs[j])
                                                and not ({items[j][1], items[j][2]} | set(items[j][4])) & over[k])):
                out.append((k, j))
    return sorted(set(out))


def build_order(links):
    """``links`` with its 'link' items in the order they are fitted: every link that lies under another
    (stacked()) before it, otherwise in the order they were placed. Raises LayoutFault when two links
    each lie under the other."""
    items = [x for x in links if x[3] == "link"]
    before = {j: set() for j in range(len(items))}
    for k, j in stacked(links):
        before[j].add(k)
    order, done = [], set()
    while len(order) < len(items):
        ready = [j for j in range(len(items)) if j not in done and before[j] <= done]
        if not ready:
            raise LayoutFault("links lie under each other: %s" % sorted(
                (k, j) for j in range(len(items)) if j not in done for k in before[j] if k not in done))
        order.append(ready[0])
        done.add(ready[0])
    return [x for x in links if x[3] != "link"] + [items[j] for j in order]


def _links(used, marked, cuts, covered):
    """Links joining every net's strip pieces: greedy shortest trees, nets taken in a few fixed orders
    until one order places them all (each order is deterministic). Each link is first sought without
    lying on a placed one (_links_in_order's strict search), and only where none exists lying under or
    over one: build_order() then fits the lower one first."""
    import random
    nets = sorted({n for _, _, n in marked.values() if not n.startswith("NC:")})
    # Nets whose pieces lie far apart first (they need the long corridors), then the rest.
    spread = {}
    for hole, (_, _, net) in marked.items():
        lo, hi = spread.get(net, (hole, hole))
        spread[net] = ((min(lo[0], hole[0]), min(lo[1], hole[1])), (max(hi[0], hole[0]), max(hi[1], hole[1])))
    wide = sorted(nets, key=lambda n: (n in ("GND", "+3V3"), -(spread[n][1][0] - spread[n][0][0]
                                                               + spread[n][1][1] - spread[n][0][1]), n))
    orders = [wide, sorted(nets, key=lambda n: (n != "GND", n)), nets[:]]
    rnd = random.Random(20)
    for _ in range(60):
        o = nets[:]
        rnd.shuffle(o)
        orders.append(o)
    fault = None
    for order in orders:
        try:
            return _links_in_order(used, marked, cuts, covered, order)
        except LayoutFault as e:
            fault = fault or e
    raise fault


def _links_in_order(used, marked, cuts, covered, order):
    segs = segments(cuts)
    seg_of = {h: k for k, hs in segs.items() for h in hs}
    net_segs = {}
    for hole, (_, _, net) in marked.items():
        if not net.startswith("NC:"):
            net_segs.setdefault(net, set()).add(seg_of[hole])
    taken = set(used)
    ends = {}                                       # lane hole -> number of link ends in it
    under = set()                                   # holes a placed link passes over: no end or bend there
    laid = []                                       # the placed links' straight legs: ((c1, r1), (c2, r2))
    bridged = set()                                 # holes a copper-side bridge's ends fill: nothing else goes in
    links = []
    joined = {}                                     # pieces a part joins inside itself (the Pico's GND)
    where = {"%s.%s" % (ref, n): h for ref, (pins, _) in placement().items() for n, h in pins.items()}
    lane_cols = set(LANES.values())

    def usable(h, net, strict=True):
        if h in covered or h in used or h in bridged or (strict and h in under):
            return False
        if h[0] in lane_cols:
            return LANES.get(net) == h[0] and ends.get(h, 0) < 2
        return h not in taken

    def search(tree, rest, net, strict):
        """The shortest link joining ``tree`` to a piece of ``rest``: (length, a, b, piece, via) or None.
        Strict: no end or bend in a hole a placed link passes over, and no leg along a placed one (no
        stacking); else a link may lie under a placed one (build_order() then fits it first)."""
        # Candidates by length: a straight link, else an L (one bend, +0.5) or a Z (two bends, +1),
        # each bend over a free hole; the shortest that crosses no body and passes over no lead wins.
        heap = []
        for sg in tree:
            ta = [a for a in segs[sg] if usable(a, net, strict)]
            for t in rest:
                tb = [b for b in segs[t] if usable(b, net, strict)]
                for a in ta:
                    for b in tb:
                        dxy = abs(a[0] - b[0]) + abs(a[1] - b[1])
                        straight = a[0] == b[0] or a[1] == b[1]
                        heap.append((dxy if straight else dxy + 0.5, a, b, 0, (), t))
        heapq.heapify(heap)
        blocked = taken | set(ends)
        while heap:
            d, a, b, stage, via, t = heapq.heappop(heap)
            if stage == 0 and not (a[0] == b[0] or a[1] == b[1]):
                dxy = d - 0.5
                for v in ((a[0], b[1]), (b[0], a[1])):
                    heapq.heappush(heap, (dxy + 0.5, a, b, 1, (v,), t))
                for m in range(min(a[1], b[1]) + 1, max(a[1], b[1])):
                    heapq.heappush(heap, (dxy + 1.0, a, b, 1, ((a[0], m), (b[0], m)), t))
                for m in range(min(a[0], b[0]) + 1, max(a[0], b[0])):
                    heapq.heappush(heap, (dxy + 1.0, a, b, 1, ((m, a[1]), (m, b[1])), t))
                continue
            path = [a] + list(via) + [b]
            if any(v in blocked or v in bridged or v in covered or (strict and v in under) for v in via):
                continue
            if all(not _crosses_body(p, q) and not _passes_over(p, q, blocked)
                   and not (strict and any(_collinear_overlap((p, q), leg) for leg in laid))
                   for p, q in zip(path, path[1:])):
                return (d, a, b, t, via)
        return None
    for ref, groups in INTERNAL.items():
        for g in groups:
            pcs = {seg_of[where["%s.%s" % (ref, n)]] for n in g}
            for pc in pcs:
                joined[pc] = pcs
    for net in [n for n in order if n in net_segs]:
        group = sorted(net_segs[net])
        if len(group) < 2:
            continue
        # Copper-side bridges first: a short bare wire across two neighbouring strips of the same net, its two
        # ends in two holes that take nothing else (no lead, pad, link end or bend: bridge_faults()).
        def bridge_free(h):
            return h not in covered and h not in used and h not in taken and h not in bridged and not ends.get(h)
        comp = {g: g for g in group}

        def root(g):
            while comp[g] != g:
                g = comp[g]
            return g
        for g in group:
            for pc in joined.get(g, ()):
                if pc in comp:
                    comp[root(pc)] = root(g)
        for g in group:
            for (c, r) in segs[g]:
                below = seg_of.get((c, r + 1))
                if below in comp and root(below) != root(g) and bridge_free((c, r)) and bridge_free((c, r + 1)):
                    comp[root(below)] = root(g)
                    bridged.update({(c, r), (c, r + 1)})
                    links.append((net, (c, r), (c, r + 1), "bridge", ()))
        start = next((joined[g] for g in group if g in joined), {group[0]})
        tree = {g for g in group if root(g) in {root(x) for x in start}}
        rest = set(group) - tree
        merged = {}
        for g in rest:
            merged.setdefault(root(g), set()).add(g)
        while rest:
            # Candidates by length: a straight link, else an L (one bend, +0.5) or a Z (two bends, +1),
            # each bend over a free hole; the shortest that crosses no body and passes over no lead wins.
            best = search(tree, rest, net, strict=True) or search(tree, rest, net, strict=False)
            if best is None:
                raise LayoutFault("net %s: no free holes to link its strip pieces %s" % (net, sorted(rest)))
            _, a, b, t, via = best
            for h in (a, b):
                if h[0] in lane_cols:
                    ends[h] = ends.get(h, 0) + 1
                else:
                    taken.add(h)
            taken.update(via)
            path = [a] + list(via) + [b]
            for p, q in zip(path, path[1:]):
                laid.append((p, q))
                under.update(_holes_between(p, q))
            links.append((net, a, b, "link", via))
            for g in merged[root(t)]:
                tree.add(g)
                rest.discard(g)
    return links


# --- the check: connectivity from holes, strips, cuts and links only ---------------------------

def connectivity(cuts, links):
    """Groups of connected holes: dict hole -> group id (union-find over strips minus cuts, plus links)."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        parent[find(a)] = find(b)

    cut = set(cuts)
    for r in range(ROWS):
        for c in range(COLS - 1):
            find((c, r))
            if (r, c) not in cut:
                union((c, r), (c + 1, r))
    for _, a, b, _, _ in links:
        union(a, b)
    return {h: find(h) for h in parent}


def _overlap(r1, r2):
    """True if two body rectangles ('rect', c0, r0, c1, r1) share some area."""
    return r1[1] < r2[3] and r2[1] < r1[3] and r1[2] < r2[4] and r2[2] < r1[4]


def body_faults(place=None, links=None):
    """Faults of the parts' physical outlines: list of str (empty when none collide).

    No two bodies overlap; no pin of another part, pad or link end lies under a body; every link
    runs along rows and columns (straight, or bent over the holes it names). ``place`` and
    ``links`` default to placement() and the derived links."""
    place = place or placement()
    faults = []
    refs = sorted(place)
    for i, a in enumerate(refs):
        for b in refs[i + 1:]:
            if any(_overlap(x, y) for x in rects(place[a][1]) for y in rects(place[b][1])):
                faults.append("bodies of %s and %s overlap" % (a, b))
    links = derive()[1] if links is None else links
    holes = [(h, "%s.%s" % (ref, n), ref) for ref, (pins, _) in place.items() for n, h in pins.items()]
    holes += [(h, "pad " + name, None) for name, (h, _) in pads().items()]
    holes += [(h, "link end", None) for _, a, b, kind, _ in links if kind == "link" for h in (a, b)]
    for ref, (_, body) in place.items():
        for _, c0, r0, c1, r1 in rects(body):
            for (c, r), what, owner in holes:
                if owner != ref and c0 < c < c1 and r0 < r < r1:
                    faults.append("%s lies under %s's body" % (what, ref))
    for net, a, b, kind, via in links:
        path = [a] + list(via) + [b]
        if any(p[0] != q[0] and p[1] != q[1] for p, q in zip(path, path[1:])):
            faults.append("link %s-%s of %s runs diagonally" % (_name(a), _name(b), net))
    return faults


# Bare metal on the component side that lies on the board: part -> index of its body rectangle that is bare
# metal, and its net. Q1 lies on its tab, the drain (+5V_LED); its plastic body does not shield the tab's
# edges, which stand on the board.
EXPOSED_METAL = {"Q1": (0, "+5V_LED")}
BARE_EDGES = {"A1": "the Pico's edge"}   # parts whose outline carries bare metal: the Pico's castellated pads
METAL_GAP_MM = 1.0         # bare metal to any other part's outline or lead of another net, at least ...
PLACEMENT_TOL_MM = 1.0     # ... after this much misplacement: the legs bent 3 mm from the body +-0.5 mm
                           # (BUILD.md 4.3.6), the TO-220 body and tab +-0.5 mm long (onsemi's drawing)
LEAD_RADIUS_MM = 0.5       # a lead or a pad's solder around a hole's centre


def metal_gaps(place=None):
    """Every part's bare metal (EXPOSED_METAL) against the outline of every part with bare edges (BARE_EDGES)
    and every other part's lead of another net: list of (mm, part, what), nearest first, in mm from the
    metal's edge. Link ends and harness wires are left out: their insulation is pushed down to the board
    (BUILD.md 4.3.1, 5.2), so no bare copper stands on the component side there."""
    place = place or placement()
    nets = {p: n for n, ps in bn.netlist().items() for p in ps}
    out = []
    for ref, (k, net) in EXPOSED_METAL.items():
        _, c0, r0, c1, r1 = rects(place[ref][1])[k]

        def gap(x0, y0, x1, y1):
            return math.hypot(max(c0 - x1, x0 - c1, 0.0), max(r0 - y1, y0 - r1, 0.0)) * PITCH
        for other, (pins, body) in place.items():
            if other == ref:
                continue
            if other in BARE_EDGES:
                out += [(gap(*r[1:]), ref, BARE_EDGES[other]) for r in rects(body)]
            for n, (c, r) in pins.items():
                if nets.get("%s.%s" % (other, n)) != net:
                    out.append((gap(c, r, c, r) - LEAD_RADIUS_MM, ref, "%s pin %s (%s)" % (other, n, _name((c, r)))))
    return sorted(out)


PICO_PLAY_MM = 0.3         # the Pico on 0.64 mm square header pins in 1.0 mm holes may sit 0.18 mm off, and its
                           # routed outline +-0.1 mm (Raspberry Pi's Pico datasheet: 51 x 21 mm)


def q1_gap_before_pico(place=None):
    """Q1's tab end to the near edge of the holes of the Pico's last row (row PICO_ROWS), as drawn and at least: (mm,
    mm). Measured before the Pico goes in, so that Q1 is set right before it is soldered: the Pico's edge lies
    1.37 mm past that row's hole centres (its pins 1.37 mm from its USB end, Raspberry Pi's Pico datasheet), so
    the least is METAL_GAP_MM + PLACEMENT_TOL_MM plus the Pico's overhang past the holes' edge and PICO_PLAY_MM.
    Raises ValueError when the Pico's edge is not what lies nearest Q1's tab."""
    place = place or placement()
    what = metal_gaps(place)[0][2]
    if what != BARE_EDGES["A1"]:
        raise ValueError("Q1's tab lies nearest %s, not the Pico's edge" % what)
    tab_r0 = rects(place["Q1"][1])[EXPOSED_METAL["Q1"][0]][2]
    pico_r1 = rects(place["A1"][1])[0][4]
    hole_edge = PICO_ROWS - 1 + HOLE_D_MM / 2 / PITCH
    overhang = (pico_r1 - hole_edge) * PITCH
    return (tab_r0 - hole_edge) * PITCH, METAL_GAP_MM + PLACEMENT_TOL_MM + overhang + PICO_PLAY_MM


def clearance_faults(place=None):
    """Bare metal nearer another part's bare metal than METAL_GAP_MM + PLACEMENT_TOL_MM: list of str."""
    need = METAL_GAP_MM + PLACEMENT_TOL_MM
    return ["%s's bare tab is %.2f mm from %s (at least %.1f mm: %.1f mm apart after %.1f mm misplacement)"
            % (ref, d, what, need, METAL_GAP_MM, PLACEMENT_TOL_MM)
            for d, ref, what in metal_gaps(place) if d < need - 1e-9]


def bridge_faults(links=None):
    """Bridges that share a hole: list of str. A bridge's two ends fill their holes from the copper side (BUILD.md
    4.2), before any part goes in, so neither hole may take a part's lead, a harness pad's wire, a link's end or
    bend, the other end of another bridge, or lie under a part's body."""
    links = derive()[1] if links is None else links
    bridges = [(k, a, b) for k, (_, a, b, _) in enumerate((n, a, b, kind) for n, a, b, kind, _ in links
                                                            if kind == "bridge")]
    other = {}
    for h, (owner, what, _) in _holes().items():
        other[h] = "%s %s" % (owner, what) if owner != "pad" else "pad %s" % what
    for net, a, b, kind, via in links:
        if kind == "link":
            for h in (a, b):
                other.setdefault(h, "an end of a link of %s" % net)
            for h in via:
                other.setdefault(h, "a bend of a link of %s" % net)
    covered = _covered()
    out, seen = [], {}
    for k, a, b in bridges:
        for h in (a, b):
            if h in other:
                out.append("bridge B%d: its hole %s takes %s too" % (k + 1, _name(h), other[h]))
            if h in covered:
                out.append("bridge B%d: its hole %s lies under a part" % (k + 1, _name(h)))
            if h in seen:
                out.append("bridges B%d and B%d share hole %s" % (seen[h] + 1, k + 1, _name(h)))
            seen[h] = k
    return out


def stack_faults(links=None):
    """Links fitted in the wrong order: list of str. A link that lies under another (stacked()) must come
    first in table 3 (its number is lower)."""
    links = derive()[1] if links is None else links
    return ["link %d lies under link %d but comes after it" % (k + 1, j + 1) for k, j in stacked(links) if k > j]


def check(cuts=None, links=None):
    """Faults of the layout against the netlist: list of str (empty when the board is right).

    Built only from the drawn facts: which part pin or pad sits in which hole, the strips, the cuts
    and the links. Each net's pins on the board and the pads of its off-board pins must be
    connected; no two nets may be; every off-board pin of a net that has pins on the board must be
    reached by a pad; links must not end under a part's body or share a hole."""
    d_cuts, d_links, _ = derive()
    cuts = d_cuts if cuts is None else cuts
    links = d_links if links is None else links
    faults = []
    nets = bn.netlist()
    place = placement()
    group = connectivity(cuts, links)
    where = {}                                  # netlist pin -> hole
    for ref, (pins, _) in place.items():
        for n, hole in pins.items():
            where["%s.%s" % (ref, n)] = hole
    reached = {}
    for name, (hole, offboard) in pads().items():
        for p in offboard:
            reached[p] = hole
    ends = [h for _, a, b, kind, _ in links if kind == "link" for h in (a, b)]
    occupied = set(where.values()) | {h for h, _ in pads().values()}
    for h in ends:
        if h in occupied:
            faults.append("link end in an occupied hole %s" % (h,))
    lane_cols = set(LANES.values())
    shared = [h for h in set(ends) if ends.count(h) > (2 if h[0] in lane_cols else 1)]
    if shared:
        faults.append("too many link ends in holes %s" % sorted(shared)[:5])
    covered = _covered()
    for h in ends:
        if h in covered:
            faults.append("link end under a part's body at %s" % (h,))
    internal = {}
    for ref, groups in INTERNAL.items():
        for g in groups:
            for n in g:
                internal["%s.%s" % (ref, n)] = "%s:%s" % (ref, g[0])
    # union the internal joins on top of the copper
    merged = {}

    def root(h):
        return merged.get(group[h], group[h])
    for key, tag in internal.items():
        first = [k for k, t in internal.items() if t == tag][0]
        a, b = group[where[key]], group[where[first]]
        if a != b:
            for k, v in list(merged.items()):
                if v == a:
                    merged[k] = b
            merged[a] = b
    net_of_group = {}
    for net, pins in nets.items():
        holes = [where[p] for p in pins if p in where] + [reached[p] for p in pins if p in reached and p not in where]
        on_board = [p for p in pins if p in where]
        if not on_board:
            continue
        missing = [p for p in pins if p not in where and p not in reached]
        if missing:
            faults.append("net %s: off-board pins %s reach no pad" % (net, missing[:4]))
        roots = {root(h) for h in holes}
        if len(roots) > 1:
            faults.append("net %s is open: %d separate pieces" % (net, len(roots)))
        for g in roots:
            if g in net_of_group and net_of_group[g] != net:
                faults.append("nets %s and %s are shorted" % (net_of_group[g], net))
            net_of_group[g] = net
    for key, hole in where.items():
        g = root(hole)
        net = next((n for n, ps in nets.items() if key in ps), None)
        if net is None and g in net_of_group:
            faults.append("unconnected pin %s touches net %s" % (key, net_of_group[g]))
    faults += hot_faults(links)
    return faults


# --- drawing --------------------------------------------------------------------------------------

def _svg(cuts, links, mirror=False):
    import xml.etree.ElementTree as ET
    ns = "http://www.w3.org/2000/svg"
    ET.register_namespace("", ns)
    m = 6.0
    w, h = COLS * PITCH, ROWS * PITCH
    svg = ET.Element("{%s}svg" % ns, {"width": "%gmm" % (w + 2 * m), "height": "%gmm" % (h + 2 * m + 8),
                                      "viewBox": "0 0 %g %g" % (w + 2 * m, h + 2 * m + 8)})

    def el(tag, parent=svg, text=None, **kw):
        e = ET.SubElement(parent, "{%s}%s" % (ns, tag), {k.rstrip("_").replace("_", "-"): str(v) for k, v in kw.items()})
        if text is not None:
            e.text = text
        return e

    def xy(c, r):
        x = c * PITCH + PITCH / 2
        if mirror:
            x = w - x
        return m + x, m + r * PITCH + PITCH / 2
    el("rect", x=0, y=0, width=w + 2 * m, height=h + 2 * m + 8, fill="white")
    el("rect", x=m, y=m, width=w, height=h, fill="#f3e2c7", stroke="#886633", stroke_width=0.3)
    for r in range(ROWS):
        x0, y = xy(0, r)
        x1, _ = xy(COLS - 1, r)
        el("line", class_="strip", x1=min(x0, x1) - 1.0, y1=y, x2=max(x0, x1) + 1.0, y2=y, stroke="#d9a066",
           stroke_width=1.6)
        el("text", x=m - 1.2 if not mirror else m + w + 1.2, y=y + 0.6, font_size=1.4,
           text_anchor="end" if not mirror else "start", font_family="sans-serif", text=str(r + 1))
    for c in range(COLS):
        x, _ = xy(c, 0)
        el("text", x=x, y=m - 1.2, font_size=1.4, text_anchor="middle", font_family="sans-serif", text=str(c + 1))
        for r in range(ROWS):
            hx, hy = xy(c, r)
            el("circle", cx=hx, cy=hy, r=0.45, fill="white", stroke="#886633", stroke_width=0.1)
    if mirror:
        bridges = [x for x in links if x[3] == "bridge"]
        for k, (net, a, b, kind, _) in enumerate(bridges):
            (xa, ya), (xb, yb) = xy(*a), xy(*b)
            el("line", class_="bridge", x1=xa, y1=ya, x2=xb, y2=yb, stroke="#0044cc", stroke_width=0.7)
            for px, py in ((xa, ya), (xb, yb)):          # its legs fill both holes: nothing else goes in
                el("circle", class_="bridge-leg", cx=px, cy=py, r=0.6, fill="#0044cc")
            el("text", class_="bridge-number", x=xa + 1.0, y=(ya + yb) / 2 + 0.5, font_size=1.3, fill="#0044cc",
               font_family="sans-serif", font_weight="bold", text="B%d" % (k + 1))
    for r, c in cuts:
        (xa, y), (xb, _) = xy(c, r), xy(c + 1, r)
        xm = (xa + xb) / 2
        el("line", class_="cut", x1=xm, y1=y - 1.2, x2=xm, y2=y + 1.2, stroke="#cc0000", stroke_width=0.5)
    if not mirror:
        for ref, (pins, body) in placement().items():
            for _, c0, r0, c1, r1 in rects(body):
                (xa, ya), (xb, yb) = xy(c0, r0), xy(c1, r1)
                el("rect", x=min(xa, xb), y=ya, width=abs(xb - xa), height=yb - ya,
                   fill="#dddddd", fill_opacity=0.6, stroke="#333333", stroke_width=0.25)
            pts = [xy(*p) for p in pins.values()]
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            if len(pts) <= 3:
                _, c0, r0, c1, r1 = rects(body)[0]
                cx, cy = xy((c0 + c1) / 2, (r0 + r1) / 2)
            for n, p in pins.items():
                el("circle", class_="pin", cx=xy(*p)[0], cy=xy(*p)[1], r=0.7, fill="#222222")
                if ref in ("A1", "U1", "U2", "U3", "U4", "Q1") or ref.startswith("RN"):
                    el("text", x=xy(*p)[0] + 0.9, y=xy(*p)[1] - 0.5, font_size=0.9, font_family="sans-serif",
                       fill="#555555", text=str(n))
            el("text", class_="ref", x=cx, y=cy + 0.5, font_size=1.6 if len(pts) > 3 else 1.1,
               text_anchor="middle", font_family="sans-serif", font_weight="bold", text=ref)
        tops = {j for _, j in stacked(links)}
        for k, (net, a, b, kind, via) in enumerate([x for x in links if x[3] == "link"]):
            colour = LINK_COLOURS[k % len(LINK_COLOURS)]
            path = [xy(*h) for h in [a] + list(via) + [b]]
            if k in tops:                   # a link lying on another: drawn 0.6 mm aside between its ends, so both show
                path = [path[0]] + [(px + STACK_OFFSET_MM, py + STACK_OFFSET_MM) for px, py in path] + [path[-1]]
            el("polyline", class_="link", data_link=str(k + 1), points=" ".join("%.3f,%.3f" % p for p in path),
               fill="none", stroke=colour, stroke_width=0.55, stroke_linecap="round", stroke_linejoin="round")
            for px, py in (path[0], path[-1]):
                el("circle", cx=px, cy=py, r=0.6, fill=colour)
            # The number sits on the link's longest leg, a third of the way along (clear of other labels).
            (x1, y1), (x2, y2) = max(zip(path, path[1:]), key=lambda s: math.hypot(s[1][0] - s[0][0], s[1][1] - s[0][1]))
            lx, ly = x1 + (x2 - x1) / 3, y1 + (y2 - y1) / 3
            el("circle", cx=lx, cy=ly, r=1.0, fill="white", stroke=colour, stroke_width=0.25)
            el("text", class_="link-number", x=lx, y=ly + 0.45, font_size=1.2, text_anchor="middle", fill=colour,
               font_family="sans-serif", font_weight="bold", text=str(k + 1))
        for k, (net, a, b, kind, _) in enumerate([x for x in links if x[3] == "bridge"]):
            for hole in (a, b):                           # a bridge's leg, clipped flush: the hole is taken
                el("circle", class_="bridge-leg", cx=xy(*hole)[0], cy=xy(*hole)[1], r=0.55, fill="none",
                   stroke="#0044cc", stroke_width=0.3)
        for name, (hole, _) in pads().items():
            x, y = xy(*hole)
            el("rect", class_="pad", x=x - 0.9, y=y - 0.9, width=1.8, height=1.8, fill="none", stroke="#aa00aa",
               stroke_width=0.35)
    title = ("copper side (mirrored): red = cut, blue = bridge Bn of table 2 (its legs fill both holes)" if mirror else
             "component side, USB at the top: links numbered as in table 3, pads purple, blue rings: bridge legs")
    lines = wrap_text(title, LEGEND_FONT_MM, w)
    for k, line in enumerate(lines):
        el("text", class_="legend", x=m, y=h + 2 * m + 3 + k * LEGEND_FONT_MM * 1.3, font_size=LEGEND_FONT_MM,
           font_family="sans-serif", text=line)
    total = h + 2 * m + 3 + (len(lines) - 1) * LEGEND_FONT_MM * 1.3 + 5
    svg.set("height", "%gmm" % total)
    svg.set("viewBox", "0 0 %g %g" % (w + 2 * m, total))
    svg[0].set("height", "%g" % total)
    ET.indent(svg)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="utf-8") + b"\n"


STACK_OFFSET_MM = 0.6
LEGEND_FONT_MM = 2.2


def text_width(text, font_size):
    """Approximate advance width (mm) of ``text`` in DejaVu Sans at ``font_size`` mm (as tools/template.py measures
    its labels): capitals and digits 0.68 em, spaces 0.32 em, the rest 0.56 em."""
    return font_size * sum(0.32 if ch == " " else 0.68 if (ch.isupper() or ch.isdigit()) else 0.56 for ch in text)


def wrap_text(text, font_size, width):
    """``text`` broken at spaces into lines no wider than ``width`` mm at ``font_size`` (text_width): list of str."""
    lines = [""]
    for word in text.split():
        trial = (lines[-1] + " " + word).strip()
        if lines[-1] and text_width(trial, font_size) > width:
            lines.append(word)
        else:
            lines[-1] = trial
    return lines


def bridge_leg_out_mm():
    """How far (mm) each leg of a copper-side bridge stands out of the component side before it is clipped: half of
    BRIDGE_WIRE_MM less the staple's 2.54 mm back, less the board."""
    return (BRIDGE_WIRE_MM - PITCH) / 2 - BOARD_THICK_MM
LINK_COLOURS = ("#008800", "#c0392b", "#1f5fbf", "#b36b00", "#7d3c98", "#117a65", "#a93226", "#2e4053")


def _name(hole):
    return "C%dR%d" % (hole[0] + 1, hole[1] + 1)


def shared_holes(links):
    """The lane holes that take the ends of two links (LANES: a lane hole may): list of (hole, [link numbers as
    table 3 numbers them, the first fitted first]), by hole."""
    out = {}
    for k, (_, a, b, _, _) in enumerate([x for x in links if x[3] == "link"]):
        for h in (a, b):
            out.setdefault(h, []).append(k + 1)
    return sorted(((h, ks) for h, ks in out.items() if len(ks) > 1), key=lambda x: (x[0][0], x[0][1]))


def shared_holes_text(links):
    """How the second link end of every shared lane hole is joined (stripboard.md 3, BUILD.md 4.3.1), as one
    paragraph (str): the holes named; the first link's end goes through with 2 mm more stripped, bent flat towards
    its run; the second one's end goes into no hole: laid flat beside that bare wire and soldered to it, and only
    its own loose tail is clipped (nothing of the first link is cut)."""
    shared = shared_holes(links)
    if not shared:
        return "No hole takes two link ends."
    assert 2 * LINK_WIRE_MM > HOLE_D_MM - 0.01, "two links fit one hole: say so instead"
    assert LAP_TAIL_MM >= HOLE_D_MM / 2 + LAP_STUB_MM + LAP_HOLD_MM, "the second end does not reach past the joint"
    names = ["%s (links %d and %d)" % (_name(h), ks[0], ks[1]) for h, ks in shared]
    return ("%s lane holes take the ends of two links of one net: %s. A hole is %.1f mm across (BOM) and takes one "
            "%g mm wire, not two. In each of them the link with the lower number (fitted first) goes in as usual, "
            "cut to the same length, but stripped %g mm at that end instead of 3: push it in until %g mm of bare wire "
            "stands out of the component side, bend that bare wire over flat on the board towards the link's own run "
            "(the bend at the board: the link lies flat, its insulation starting %g mm from the hole) and solder it on "
            "the copper side as usual. The second link's end goes into no hole: cut it %g mm past that hole's centre "
            "and strip those %g mm, lay it flat on the board across the hole, its bare wire beside the first link's "
            "%g mm of bare wire and touching it along its length, and solder the two together there on the component "
            "side. Cut nothing of the first link: clip only the second link's loose tail (about %g mm of bare wire past "
            "the joint), lifted away from the first link with the pliers, where the first link's bare wire ends." % (
                {6: "Six"}.get(len(shared), str(len(shared))), ", ".join(names[:-1]) + " and " + names[-1],
                HOLE_D_MM, LINK_WIRE_MM, 3 + LAP_STUB_MM, LAP_STUB_MM, LAP_STUB_MM, LAP_TAIL_MM, LAP_TAIL_MM,
                LAP_STUB_MM, LAP_TAIL_MM - LAP_STUB_MM))


def markdown(cuts, links):
    """hardware/stripboard.md: the build tables (parts, cuts, links, pads), holes named column letter + row."""
    lines = ["# Logic board on stripboard", "",
             "Generated by `tools/stripboard.py` from the netlist; `make test` checks its connectivity against",
             "the netlist. Drawing: [`stripboard.svg`](stripboard.svg) (component side) and",
             "[`stripboard-copper.svg`](stripboard-copper.svg) (copper side, mirrored, for the cuts).", "",
             "Board: %d x %d holes of 2.54 mm stripboard, strips running left-right: snapped out of the 100 x 160 mm"
             % (COLS, ROWS),
             "board and filed to %.1f x %.1f mm (BUILD.md 4.1: where it is cut from, and each edge's filing). A hole is"
             % outline_mm(),
             "named C<column>R<row>: columns 1..%d from the left, rows 1..%d from the top, seen from the component" % (
                 COLS, ROWS),
             "side with the Pico's USB end at the top. Mark column 1 and row 1 on the board with a pen first.",
             "", "## 1. Cut the strips (copper side)", "",
             "Score each strip twice with a sharp knife **between** the two holes named and lift the copper",
             "between the scores; check with the multimeter that the two holes are no longer connected.", "",
             "| # | between | and |", "|---:|---|---|"]
    for k, (r, c) in enumerate(cuts):
        lines.append("| %d | %s | %s |" % (k + 1, _name((c, r)), _name((c + 1, r))))
    lines += ["", "## 2. Bridges (bare tinned wire on the copper side, across two neighbouring strips)", "",
              "Cut a %g mm piece of the bare 0.5 mm wire and bend it into a U. Push its two legs into the two holes"
              % BRIDGE_WIRE_MM,
              "named **from the copper side** and press its back flat on the copper across the two strips with the",
              "flat-nose pliers: the holes bend it to the 2.54 mm staple, and each leg stands about %.0f mm out of the"
              % bridge_leg_out_mm(),
              "component side, enough to hold. Solder both holes on the copper side and clip the legs flush on the",
              "component side. Its two holes take",
              "nothing else: no part's lead, harness wire, link end or other bridge goes into them (`tools/stripboard.py`",
              "checks it: bridge_faults), so the bridges go in before the parts.", "",
              "| # | net | between | and |", "|---:|---|---|---|"]
    for k, (net, a, b, _, _) in enumerate([x for x in links if x[3] == "bridge"]):
        lines.append("| B%d | %s | %s | %s |" % (k + 1, net, _name(a), _name(b)))
    over = {}
    for k, j in stacked(links):
        over.setdefault(j, []).append(k)
    lines += ["", "## 3. Links (0.5 mm solid wire, PTFE or FEP insulated: BOM; component side)", "",
              "Each link runs straight along a column or a row, or bends at the holes named under \"bend at\"",
              "(lay the wire flat and bend it 90 degrees over that hole; it goes into no hole there). Cut each link",
              "to length, strip 3 mm at both ends, push the ends through from the component side until the",
              "insulation touches the board, and solder them on the copper side. **Fit them in the order of the",
              "table.** No link has an end",
              "or a bend in a hole another link passes over, except where the last column names the links it lies",
              "over: those have lower numbers and are already in place; lay this one flat on top of them (the",
              "drawing shows it beside them, slightly offset).", "",
              "**Two links in one hole.** In the lane columns C1..C4 two links of the same net may end in one hole.",
              shared_holes_text(links), "",
              "| # | net | from | bend at | to | lies over |", "|---:|---|---|---|---|---|"]
    for k, (net, a, b, _, via) in enumerate([x for x in links if x[3] == "link"]):
        lines.append("| %d | %s | %s | %s | %s | %s |" % (
            k + 1, net, _name(a), ", ".join(_name(v) for v in via) or "-", _name(b),
            ", ".join("link %d" % (u + 1) for u in sorted(over.get(k, ()))) or "-"))
    lines += ["", "## 4. Parts (component side)", "",
              "Lowest first (BUILD.md 4.3). Heights are above the board; the tallest is %.1f mm (%s)." % tallest_mm(),
              "", "| part | value | pin: hole | mounting | height (mm) |", "|---|---|---|---|---:|"]
    for ref, (pins, _) in sorted(placement().items(), key=lambda kv: bn_order(kv[0])):
        lines.append("| %s | %s | %s | %s | %s |" % (
            ref, bn.part_value(ref), ", ".join("%s: %s" % (n, _name(h)) for n, h in sorted(pins.items())),
            mounting(ref), ("%.1f" % height_mm(ref)).rstrip("0").rstrip(".")))
    lines += ["", "## 5. Harness pads", "",
              "Each harness wire goes into its pad's hole from the component side and is soldered on the copper",
              "side, before the board goes into the cavity (BUILD.md 5.2).", "",
              "Before the wires go in, check each pad with the multimeter against the part pin of its net on",
              "the board (last column): 0 Ohm.", "",
              "| pad | hole | wire goes to | check 0 Ohm to |", "|---|---|---|---|"]
    for name, (hole, off) in pads().items():
        lines.append("| %s | %s | %s | %s |" % (name, _name(hole), ", ".join(off[:3]) + (" ..." if len(off) > 3 else ""),
                                                pad_check_pin(name)))
    return "\n".join(lines) + "\n"


def pad_check_pin(pad):
    """The on-board pin a maker measures a harness pad against (0 Ohm): str such as 'U3 pin 11'.

    Taken from the netlist: the pad's net, its pins on a part of this board (chips first, then the Pico).
    Raises LayoutFault when the net reaches no part on the board."""
    off = pads()[pad][1]
    net = [pins for pins in bn.netlist().values() if off[0] in pins][0]
    on_board = [p.rsplit(".", 1) for p in net if p.rsplit(".", 1)[0] in placement() and p not in off]
    if not on_board:
        raise LayoutFault("pad %s: its net reaches no part on the board" % pad)
    ref, pin = min(on_board, key=lambda rp: (not rp[0].startswith("U"), rp[0] != "A1", bn_order(rp[0]), int(rp[1])))
    return "%s pin %s" % (ref, pin)


def bn_order(ref):
    """Sort key for references: letters, then number."""
    import re
    m = re.match(r"([A-Z]+)(\d+)", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def expected():
    """Generated files: dict path -> bytes."""
    cuts, links, _ = derive()
    hw = os.path.join(ROOT, "hardware")
    return {os.path.join(hw, "stripboard.svg"): _svg(cuts, links),
            os.path.join(hw, "stripboard-copper.svg"): _svg(cuts, links, mirror=True),
            os.path.join(hw, "stripboard.md"): markdown(cuts, links).encode("utf-8")}


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)
    try:
        cuts, links, _ = derive()
    except LayoutFault as e:
        print("layout fault: %s" % e)
        return 1
    faults = (check(cuts, links) + body_faults() + clearance_faults() + stack_faults() + bridge_faults()
              + cut_faults())
    for f in faults:
        print("FAULT: " + f)
    print("%d cuts, %d links, %d faults" % (len(cuts), len(links), len(faults)))
    if faults or a.check:
        return 1 if faults else 0
    for path, data in expected().items():
        with open(path, "wb") as f:
            f.write(data)
        print("wrote " + os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
