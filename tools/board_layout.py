#!/usr/bin/env python3
"""Every hole, pocket and channel of the wooden board, as geometry, and the check of the walls between them.

Usage:
    python tools/board_layout.py [--size 400mm]     # list the features and the thinnest walls

All figures in mm. Coordinates are board coordinates seen from the **front** (the playing face),
origin at the top-left corner, x to the right, y down (towards the player); the back view is
the mirror image x -> S - x (tools/template.py draws both). Depth is measured from the face a
feature is cut from: "back" features are routed or drilled from the back face, "through"
features go through the board.

The layout: the 7 x 7 grid has a pitch of S / 8 (50 mm at 400 mm) and a margin of one pitch.
Each point has a reed switch pocket under it; its WS2812D-F5 LED sits in a window 0.45 pitch
away at 22.5 degrees (off every line, the diagonals included, and outside the largest stone);
a spur channel joins the LED's counterbore to its ring channel. Each ring's square carries a
channel beside its line (ring_sides()), touching the side of each reed pocket. The electronics
cavity fills the inner square; a radial channel beside the d file joins it and the rings to
the buttons at the near edge, and the USB plug pocket, the cable channel (between the c and d
files, with the cable tie pocket and the reset button SW5) join it to the far edge. The back cover's
screws go into pilot holes near the edges.

``check(features)`` measures the wall between every pair of features whose depths overlap and
between every feature and the board edge; a pair that is meant to meet (a channel entering a
pocket) must really meet. ``layout(size)`` refuses (LayoutError) a layout with a wall thinner
than ``MIN_WALL_MM`` or a cavity too small for the logic board.
"""
import argparse
import math
import os
import re
import sys

from shapely.geometry import LineString, Point, box

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"),):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import board_config  # noqa: E402
from morris.geometry import GEOMETRIES  # noqa: E402

THICKNESS_MM = 18.0       # birch plywood: the sheet the generated tables are printed for
THICKNESS_RANGE_MM = (17.0, 19.0)   # measured sheets the tool lays out (BUILD.md 3.1: template.py --thickness)
REED_WOOD_MM = 3.0        # wood left over each reed switch, under the point ...
REED_WOOD_OPTIONS = (3.0, 2.0)      # ... or 2 mm when the depth test says so (sensing.md; template.py --reed-wood)
# Depths set from the top face: these features keep the wood under the top face whatever the sheet's
# thickness (the reed's distance to the stone, the buttons' plungers standing proud); every other depth is
# set from the back face and keeps its depth (it holds a part or wires that sit on its floor).
FACE_WOOD_MM = {"reed": None, "button-carrier": 8.0, "button-body": 4.5}   # None: REED_WOOD_MM (or the option)
COVER_MM = 3.0            # hardboard back cover; what stands above the back face must lie in a hole of it (check())
MIN_WALL_MM = 4.0         # thinnest wood allowed between two features (and to the board edge)
COLUMNS = "abcdefg"
STONE_PITCH = 0.64        # largest stone diameter, in pitches (32 mm at 400 mm)
LED_OFFSET_PITCH = 0.45   # LED window distance from the point centre, in pitches
LED_ANGLE_DEG = 22.5      # direction of the LED window, counter-clockwise from +x (right)

# Part-driven sizes (mm): diameter, depth.
REED_POCKET = (5.0, THICKNESS_MM - REED_WOOD_MM)   # vertical reed switch (glass 1.8 x 10.2 mm), flat floor (a slot
                                 # drill: no centre point goes deeper); leaves REED_WOOD_MM under the point
REED_GLASS_MM = 10.16            # MDSR-10 glass length, at most (Littelfuse datasheet); leads 0.43 mm
REED_LEAD_MM = 0.43
REED_LEAD_LEN_MM = 14.39         # each lead's length from the glass, at least (Littelfuse MDSR-10 datasheet: 14.39 mm
                                 # minimum; its 40.38 mm overall, nominal, less the 10.16 mm glass leaves 15.1 mm a
                                 # lead): what the lower lead has for its bend, its run into the ring channel and the
                                 # GND joint (reed_lead_problems())
REED_BEND_MM = 2.0               # a lead is bent no closer than this to the glass (BUILD.md 6.1, 6.3)
REED_UTURN_MAX_MM = 3.0          # the U-turned upper lead holds the glass 2-3 mm under the pocket bottom
REED_MOUTH = (6.0, 2.5)          # diameter, depth: a counterbore at the mouth of every reed pocket: it takes the dab of
                                 # hot glue that holds the reed (BUILD.md 6.3). It makes no room above the back face:
                                 # the lower lead's bend, fixed by the glass, stands up to 1.6 mm proud in a 17 mm
                                 # sheet and lies in the back cover's hole over the reed (COVER_REED_HOLE_D; check())
COVER_REED_HOLE_D = 10.0         # a hole through the back cover over every reed pocket (the 10 mm Forstner): the room
                                 # above the back face for the lower lead's bend; a felt pad closes it outside
COVER_ALIGN_MM = 1.0             # the cover's holes lie within this of their marks (the back view taped on, BUILD.md 10)
FELT_PAD_D = 25.0                # the self-adhesive felt pads (BOM): one under each stone, one over each cover reed hole
LED_BODY_D = 5.0                 # the WS2812D-F5's body below its rim, across (Worldsemi's F5 drawing) ...
LED_RIM_D = 5.8                  # ... and its rim (the flange at the legs' end)
LED_WINDOW_D = 5.0               # through the board (a whole-mm brad-point: BRAD_POINT_SET_MM): the body slides in, the
                                 # rim does not: it rests on the counterbore's floor (seat_problems())
LED_COUNTERBORE = (7.0, 8.0)     # its 5.8 mm rim rests on the floor: the dome 1-2 mm under the face of 18 mm
LED_DOME_MM = 9.0                # the WS2812D-F5 from its rim to the top of its dome, at most (1 mm under 18 mm)
SPUR_CHANNEL = (9.0, 6.0)        # width, depth: the LED's legs, its 100 nF, its joints' sleeves and its wires
                                 # to the ring channel (the 8 mm bit, two passes 1 mm apart; tools/harness.py
                                 # checks the cross-section: spur_fill); the depth is where the bent legs lie
LED_LEG_BEND_MM = LED_COUNTERBORE[1] - SPUR_CHANNEL[1]   # the legs bent this far from the rim lie on the spur's floor
SPUR_REACH_MM = 14.0             # a spur meets a vertical ring side this far from the point
LED_LEGS_MM = (("DIN", 6.0), ("VDD", 6.0), ("GND", 12.0), ("DOUT", 12.0))  # each LED leg cut this long
                                 # from its bend (BUILD.md 5.5.2): two pairs, whose legs lie side by side in
                                 # either leg order (DIN, VDD and GND, DOUT), staggered so that the sleeves of
                                 # the two pairs do not overlap; the longest must lie straight in the shortest spur
LED_LEG_MM = 0.5                 # an LED leg's width (a 5 mm LED's 0.5 mm leg)
LED_CAP_BODY_MM = (5.1, 5.1, 3.2)  # C10..C33 (KEMET C320, tools/stripboard.py): along its leads, across, thick
LED_CAP_END_MM = 1.5             # it lies flat over the LED's base, its leads' end of the body this far past the
                                 # bend; its leads lie along the VDD and GND legs into their joints (BUILD.md 5.5.3)
LED_CAP_RECESS = (10.0, SPUR_CHANNEL[1])   # diameter, depth: round the LED's counterbore, to the spur's floor, so
                                 # that the capacitor's body, laid back over the LED, lies in cut wood on every
                                 # spur (a 10 mm Forstner: the angled spurs have no round end; cap_room_problems)
CAP_ROOM_MM = 0.3                # wood kept clear of the capacitor's body all round
LEG_WIRE_TURN_MM = 1.5           # room beyond the longest leg's tip for its wire to turn along the ring channel
ROUTER_BIT_MM = 8.0              # the straight bit of the cavity and the pockets (BOM): it leaves inside
                                 # corners of half its diameter, which a part's square corners may meet
C1_BODY_MM = (5.0, 11.0)         # C1, 22 uF electrolytic (BOM): diameter, length; it lies at LED 0's joints
C1_BAY_MM = 15.0                 # LED 0's ring channel runs on this far beyond its end, past LED 0's spur:
                                 # C1 lies there, where no wire passes (with the wires it would stand
                                 # above the back face)
RING_CHANNEL = (6.0, 6.0)        # width, depth: the wires around a ring
RING_OFFSET_MM = 4.0             # ring channels run this far beside the line, away from the LEDs: the
                                 # channel grazes the reed pocket and leaves the glass in it alone
RADIAL_CHANNEL = (6.0, 6.0)      # width, depth: cavity to the rings and the buttons
USB_CHANNEL = (8.0, 10.0)        # width, depth: micro-USB cable (4.5 mm at most) to the far edge
CAVITY_DEPTH = 13.5              # leaves 4.5 mm of wood over the logic board (as over the buttons): room for the
                                 # wires over its parts (tools/harness.py: cavity_problems)
PLUG_MAX_MM = (12.0, 9.0, 24.0)  # the micro-USB plug's body at most: width, thickness, length (BOM; typical plugs
                                 # measure 10-12 x 6-8 x 15-20 mm)
PLUG_POCKET = (13.0, 26.0, CAVITY_DEPTH)  # width, length, depth: the plug lies at the Pico's socket, on the cavity's
                                 # floor level; 0.5 mm beside it and 2 mm beyond it at most
CABLE_MM = (3.5, 5.5)            # the micro-USB cable's round jacket, thinnest and thickest (BOM)
CLAMP_POCKET = (26.0, 14.0, 11.0)  # width (x, across the cable), length (y), depth: the strain relief, two cable ties
                                  # cinched round the cable side by side, their heads on opposite sides: wider than the
                                  # USB channel, a pull on the cable presses them against the pocket's far wall
CLAMP_OFFSET_MM = 4.0             # the pocket's centre this far from the cable towards the d file: each side keeps
                                  # room for a tie's head (tie_room_mm(); check())
TIE_HEAD_MM = 3.5                 # a 2.5 mm cable tie's head, at least, across the tie's band (BOM: 2.5 x 100 mm)
TIE_HEAD_MAX_MM = (5.5, 5.0)      # ... and at most (BOM): along the cable, and its height over the cable's surface
                                  # with the band under it
TIE_GAP_MM = 2.0                  # the ties cinched this far from the pocket's far wall (BUILD.md 5.10)
TIE_BAND_MM = 1.0                 # the band's thickness
BUTTON_HOLE_D = 5.0              # B3F-1072 plunger (3.5 mm) through the face (a whole-mm brad-point)
BUTTON_PLUNGER_D = 3.5           # the B3F-1072's round plunger ...
BUTTON_SWITCH_MM = 6.0           # ... and its square body, 6 x 6 mm (Omron), whose top rests round the plunger hole
SEAT_LEDGE_MM = 0.3              # a part's shoulder rests on at least this much wood all round the hole it stands over
BUTTON_GRID_MM = 2.54            # the buttons sit on one stripboard carrier: their spacing is whole holes
BUTTON_BODY = (10.0, 13.5)       # diameter, depth: the switch body (6 x 6 x 3.5 mm)
BUTTON_CARRIER = (26.0, 10.0)    # height (y), depth: the 42 x 7 hole carrier strip with the four switches
                                 # (it reaches 6.4 mm towards the board's middle, 11.4 mm towards the edge)
SW5_POCKET = (16.0, 14.0, 8.0)   # width (x), height (y), depth: the reset button on its 6 x 5 hole carrier, filed to
                                 # 15.2 x 12.7 mm (tools/stripboard.py PIECES), which the pocket locates: the plunger at
                                 # its centre
COVER_SCREW = (2.0, 10.0)        # pilot hole for a 3.0 x 12 mm wood screw through the cover
SW5_COVER_HOLE_D = 4.0           # the hole in the back cover over SW5's plunger (a paper clip presses it)
EDGE_SCREW_MM = 15.0             # cover screws this far from the edges

# The bit that cuts each kind of feature (BUILD.md 3; the BOM's tools list is generated from it). Depths are
# to the floor; a slot drill and a router bit cut a flat floor, a brad-point's or a Forstner's centre spur
# goes deeper than the floor, which only matters where wood must stay under the floor (the reeds: a slot
# drill) or the floor carries a part that must lie flat (the LED counterbores: the spur is in the window).
BITS = {
    "reed": "5 mm slot drill (a two-flute centre-cutting end mill: flat end)",
    "reed-mouth": "6 mm brad-point",
    "led-window": "5 mm brad-point",
    "led-counterbore": "7 mm brad-point",
    "led-recess": "10 mm Forstner",
    "spur": "8 mm straight router bit, two passes 1 mm apart",
    "ring": "6 mm straight router bit",
    "c1-bay": "6 mm straight router bit",
    "radial": "6 mm straight router bit",
    "usb": "8 mm straight router bit",
    "cavity": "8 mm straight router bit",
    "plug": "8 mm straight router bit",
    "clamp": "8 mm straight router bit",
    "sw5": "8 mm straight router bit",
    "button-carrier": "8 mm straight router bit",
    "button-body": "10 mm Forstner",
    "button-hole": "5 mm brad-point",
    "cover-screw": "2 mm twist drill",
}
# The through holes drilled from the back face (in the pilot drilled from the top, the backer board under the top
# face): the LED window opens the counterbore's floor, whose edge is the LED's seat, with the bit's clean entry.
THROUGH_FROM_BACK = ("led-window",)
PILOT_D = 2.0                    # the pilot drilled through from the top at every LED window and button hole (BUILD.md
                                 # 3.2): it carries the front view's centres to the back
# Holes and pockets cut outside the board's template (BOM tools list): bit -> what it cuts.
COVER_HOLE_D = 3.2               # the back cover's screw holes (3.0 mm screws), countersunk
CARRIER_PILOT = (1.5, 5.0)       # pilots for the button carrier's screws: diameter, depth
STONE_POCKET = (9.0, 4.5)        # the magnet's pocket in a stone's base: diameter, depth at the floor's edge
ANGLED_SPUR_HOLE_D = 8.0         # the holes drilled along an angled spur's centre line, then pared to its 9 mm
ANGLED_SPUR_STEP_MM = 4.0        # their centres this far apart ...
ANGLED_SPUR_FIRST_MM = LED_CAP_RECESS[0] / 2 + 0.5   # ... the first this far from the LED's centre: its centre spur
                                 # 0.5 mm outside the capacitor recess's rim, in wood
BRAD_POINT_SET_MM = tuple(range(3, 11))   # the brad-point bits of a common set (3..10 mm in 1 mm steps): every
                                 # brad-point the build uses is one of them (BOM: no odd size to hunt for)
STONE_JIG_HOLE_MM = 32.0         # the stone jig's hole (Forstner): a 29..31 mm disc drops in (BUILD.md 2.2, 7.3)
DISC_D_MM = (29.0, 31.0)         # the stones' discs across, smallest and largest (BOM; BUILD.md 7.1 discards others):
                                 # in the jig the magnet lands within (hole - smallest) / 2 of the disc's centre
OTHER_BITS = (
    ("1.5 mm twist drill", "the button carrier's screw pilots, %g mm deep" % CARRIER_PILOT[1]),
    ("3.2 mm twist drill", "the carrier's two screw holes, the back cover's 8 screw holes and the spots for their "
                           "pilots in the board (BUILD.md 10)"),
    ("4 mm twist drill", "the back cover's reset hole"),
    ("%g mm brad-point" % STONE_POCKET[0], "the magnet pockets in the stones, %g mm deep" % STONE_POCKET[1]),
    ("%g mm brad-point" % ANGLED_SPUR_HOLE_D, "the holes along the angled LED spurs"),
    ("%g mm Forstner" % COVER_REED_HOLE_D, "the back cover's 24 reed holes"),
    ("32 mm Forstner", "the stone jig's hole"),
    ("countersink for 3 mm screws", "the back cover's screw holes"),
)

TOUCH_MM = 0.05           # features closer than this meet (the outlines are polygons of 32 segments a circle)

# The logic board (tools/stripboard.py) lies in the cavity with this much room around it, copper side
# down on the cavity floor: its 1.6 mm board stands on the solder joints and bridges of its copper side,
# and its tallest part keeps some room under the back cover.
CAVITY_CLEARANCE_MM = 1.5
STRIPBOARD_MM = 1.6
JOINTS_MM = 1.0
COVER_CLEARANCE_MM = 0.5


class LayoutError(ValueError):
    """A layout whose walls are thinner than MIN_WALL_MM, or whose cavity cannot take the logic board."""


class Feature:
    """One hole, pocket or channel.

    name: unique id (e.g. 'reed-a1'); kind: what it is ('reed', 'led-window', 'led-counterbore',
    'spur', 'ring', 'radial', 'usb', 'cavity', 'clamp', 'button-hole', 'button-body',
    'button-carrier', 'sw5', 'cover-screw', 'c1-bay'); side: 'back' or 'through'; prim: ('circle', cx, cy, r),
    ('rect', x0, y0, x1, y1) or ('slot', x1, y1, x2, y2, half_width), mm in front-view board
    coordinates; depth: mm from the back face ('through': the thickness); joins: names of the
    features it is meant to meet; edge: True if it is meant to reach the board edge."""

    def __init__(self, name, kind, side, prim, depth, joins=(), edge=False, note="", thickness=THICKNESS_MM):
        self.name, self.kind, self.side, self.prim, self.depth = name, kind, side, prim, depth
        self.joins, self.edge, self.note, self.thickness = set(joins), edge, note, thickness
        self.geom = _shape(prim)

    def z(self):
        """Depth interval (top, bottom) in mm from the front face."""
        if self.side == "through":
            return (0.0, self.thickness)
        return (self.thickness - self.depth, self.thickness)

    def face_wood(self):
        """The wood (mm) it leaves under the top face when its depth is set from the top face (FACE_WOOD_MM),
        else None (its depth is set from the back face)."""
        if self.side == "through" or self.kind not in FACE_WOOD_MM:
            return None
        return self.thickness - self.depth

    def size_text(self):
        """Its size as a maker reads it: 'Ø 5', '86 x 81.5' or '6 wide' (mm)."""
        p = self.prim
        if p[0] == "circle":
            return "Ø %s" % _mm(2 * p[3])
        if p[0] == "rect":
            return "%s x %s" % (_mm(p[3] - p[1]), _mm(p[4] - p[2]))
        return "%s wide" % _mm(2 * p[5])

    def __repr__(self):
        return "Feature(%s)" % self.name


def _mm(v):
    return ("%.1f" % v).rstrip("0").rstrip(".")


def _shape(prim):
    if prim[0] == "circle":
        return Point(prim[1], prim[2]).buffer(prim[3], quad_segs=32)
    if prim[0] == "rect":
        return box(*prim[1:5])
    if prim[0] == "slot":
        return LineString([prim[1:3], prim[3:5]]).buffer(prim[5], quad_segs=16)
    raise ValueError(prim)


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
    return (p * (1 + COLUMNS.index(name[0])), size_mm - p * int(name[1]))


FLIPPED_ALSO = ("e3",)   # with c3 and d3 the whole front side of the inner ring has its LEDs in front


def led_angle(name, size_mm):
    """Direction (degrees, counter-clockwise from +x) of point ``name``'s LED window: LED_ANGLE_DEG, or the
    opposite direction on the same line (LED_ANGLE_DEG + 180) for the inner-ring points whose window
    would fall inside the inner square (c3, c4, d3; the electronics cavity needs it) and for e3, so
    the inner ring's front side has all its LEDs in front of it."""
    x, y = point_xy(name, size_mm)
    r = LED_OFFSET_PITCH * pitch(size_mm)
    a = math.radians(LED_ANGLE_DEG)
    lx, ly = x + r * math.cos(a), y - r * math.sin(a)
    (x0, y0), (x1, y1) = point_xy("c5", size_mm), point_xy("e3", size_mm)
    inside = x0 < lx < x1 and y0 < ly < y1
    return LED_ANGLE_DEG + (180.0 if inside or name in FLIPPED_ALSO else 0.0)


def led_xy(name, size_mm):
    """Centre of the LED window of point ``name`` in mm from the board's top-left corner: (x, y)."""
    x, y = point_xy(name, size_mm)
    r = LED_OFFSET_PITCH * pitch(size_mm)
    a = math.radians(led_angle(name, size_mm))
    return (x + r * math.cos(a), y - r * math.sin(a))


def button_positions(size_mm):
    """Button hole centres in the front margin right of d1: list of (label, (x, y)) in mm, top-left origin.

    Labels and order follow firmware/board_config.py BUTTON_PINS."""
    p = pitch(size_mm)
    d1x, _ = point_xy("d1", size_mm)
    step = round(0.6 * p / BUTTON_GRID_MM) * BUTTON_GRID_MM    # whole stripboard holes: one carrier strip
    return [(label, (d1x + step * (k + 1), size_mm - 0.45 * p))
            for k, label in enumerate(sorted(board_config.BUTTON_PINS, key=board_config.BUTTON_PINS.get))]


RINGS = {  # ring -> its corner points counter-clockwise from the lower left, and its side midpoints
    "outer": ("a1", "g1", "g7", "a7"),
    "middle": ("b2", "f2", "f6", "b6"),
    "inner": ("c3", "e3", "e5", "c5"),
}


def ring_sides(ring, size_mm):
    """The four channel centre lines of ``ring``: list of (side name, (x1, y1), (x2, y2), points on it).

    Vertical sides run RING_OFFSET_MM left of the line; horizontal sides RING_OFFSET_MM towards the
    front, or towards the back where the side's LEDs lie in front of it (the inner ring's front
    side). Each side runs from one neighbouring side's centre line to the other's, so that the
    four meet at the corners; a side whose corner has its LED beyond the corner goes on half a
    pitch that way, so that LED's spur meets it."""
    names = RINGS[ring]
    p = pitch(size_mm)
    geo = GEOMETRIES["standard"]
    sides = []
    for k in range(4):
        a, b = names[k], names[(k + 1) % 4]
        on = [n for n in geo.names if _on_segment(point_xy(n, size_mm), point_xy(a, size_mm), point_xy(b, size_mm))]
        sides.append((a, b, on))
    offset = {}                       # side index -> the coordinate of its centre line
    for k, (a, b, on) in enumerate(sides):
        (x1, y1), (x2, y2) = point_xy(a, size_mm), point_xy(b, size_mm)
        if y1 == y2:
            flipped = any(led_angle(n, size_mm) != LED_ANGLE_DEG for n in on)
            offset[k] = y1 + (-RING_OFFSET_MM if flipped else RING_OFFSET_MM)
        else:
            offset[k] = x1 - RING_OFFSET_MM
    out = []
    for k, (a, b, on) in enumerate(sides):
        (x1, y1), (x2, y2) = point_xy(a, size_mm), point_xy(b, size_mm)
        prev, nxt = offset[(k - 1) % 4], offset[(k + 1) % 4]
        if y1 == y2:
            lo_x, hi_x = min(prev, nxt, x1, x2), max(prev, nxt, x1, x2)
            lo, hi = (a, b) if x1 < x2 else (b, a)
            if led_xy(lo, size_mm)[0] < point_xy(lo, size_mm)[0]:
                lo_x = min(lo_x, point_xy(lo, size_mm)[0] - p / 2)
            if led_xy(hi, size_mm)[0] > point_xy(hi, size_mm)[0]:
                hi_x = max(hi_x, point_xy(hi, size_mm)[0] + p / 2)
            out.append(("%s-%s%s" % (ring, a, b), (lo_x, offset[k]), (hi_x, offset[k]), on))
        else:
            lo_y, hi_y = min(prev, nxt, y1, y2), max(prev, nxt, y1, y2)
            out.append(("%s-%s%s" % (ring, a, b), (offset[k], lo_y), (offset[k], hi_y), on))
    return out


def _on_segment(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    if abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) > 1e-9:
        return False
    return min(ax, bx) - 1e-9 <= px <= max(ax, bx) + 1e-9 and min(ay, by) - 1e-9 <= py <= max(ay, by) + 1e-9


def cavity_rect(size_mm):
    """Electronics cavity on the back as (x0, y0, x1, y1) in mm, front-view coordinates.

    The inner square less MIN_WALL_MM + 0.5 mm to the reed pockets of the c and e files (left and
    right) and of d5 (back), and to the inner ring's front channel."""
    wall = MIN_WALL_MM + 0.5
    r = REED_POCKET[0] / 2
    c4x, _ = point_xy("c4", size_mm)
    e4x, _ = point_xy("e4", size_mm)
    _, d5y = point_xy("d5", size_mm)
    front = [s for s in ring_sides("inner", size_mm) if "d3" in s[3]][0]
    return (c4x + r + wall, d5y + r + wall, e4x - r - wall, front[1][1] - RING_CHANNEL[0] / 2 - wall)


def usb_x(size_mm):
    """x (mm, front view) of the USB cable's path and the Pico's USB socket: midway between c5's LED
    capacitor recess and d5's reed mouth, each kept MIN_WALL_MM + 0.5 mm away."""
    wall = MIN_WALL_MM + 0.5
    lo = led_xy("c5", size_mm)[0] + LED_CAP_RECESS[0] / 2 + wall
    hi = point_xy("d5", size_mm)[0] - REED_MOUTH[0] / 2 - wall
    return (lo + hi) / 2


def _spur_target(name, sides, size_mm):
    """The spur of point ``name``'s LED: (start, end, side) in mm. It runs from the LED to the nearest side
    of its ring through the point, meeting a vertical side SPUR_REACH_MM along it (so that it passes
    its reed pocket at a distance), a horizontal side straight across; its round end reaches the
    channel's far edge."""
    x, y = point_xy(name, size_mm)
    lx, ly = led_xy(name, size_mm)
    best = None
    for side, (x1, y1), (x2, y2), on in sides:
        if name not in on:
            continue
        if x1 == x2:
            ty = y + math.copysign(SPUR_REACH_MM, ly - y)
            t = (x1, min(max(ty, min(y1, y2)), max(y1, y2)))
        else:
            t = (min(max(lx, min(x1, x2)), max(x1, x2)), y1)
        d = math.hypot(t[0] - lx, t[1] - ly)
        if best is None or d < best[0]:
            best = (d, t, side)
    d, (tx, ty), side = best
    ext = (RING_CHANNEL[0] - SPUR_CHANNEL[0]) / 2
    return (lx, ly), (tx + (tx - lx) / d * ext, ty + (ty - ly) / d * ext), side


def features(size_mm, thickness_mm=THICKNESS_MM, reed_wood_mm=REED_WOOD_MM):
    """Every feature of a board of side ``size_mm`` cut in a sheet ``thickness_mm`` thick, the reed pockets
    leaving ``reed_wood_mm`` under the points: list of Feature (not checked; see layout()). The depths set
    from the top face (FACE_WOOD_MM) follow the thickness; the others are the same for every sheet."""
    out = _features(size_mm)
    for f in out:
        f.thickness = thickness_mm
        if f.side == "through":
            f.depth = thickness_mm
        elif f.kind in FACE_WOOD_MM:
            f.depth = thickness_mm - (reed_wood_mm if f.kind == "reed" else FACE_WOOD_MM[f.kind])
    return out


def _features(size_mm):
    geo = GEOMETRIES["standard"]
    out = []
    sides = {ring: ring_sides(ring, size_mm) for ring in RINGS}
    all_sides = [s for ss in sides.values() for s in ss]
    side_of = {}
    for name, _, _, on in all_sides:
        for n in on:
            side_of.setdefault(n, []).append(name)
    cx0, cy0, cx1, cy1 = cavity_rect(size_mm)
    cavity_geom = box(cx0, cy0, cx1, cy1)
    dx = point_xy("d1", size_mm)[0] - RING_OFFSET_MM        # the front radial channel beside the d file
    ux = usb_x(size_mm)
    buttons = button_positions(size_mm)
    by = buttons[0][1][1]
    front_radial = ["radial-front"]
    for n in geo.names:
        x, y = point_xy(n, size_mm)
        lx, ly = led_xy(n, size_mm)
        _, (tx, ty), side = _spur_target(n, all_sides, size_mm)
        spur = Feature("spur-" + n, "spur", "back", ("slot", lx, ly, tx, ty, SPUR_CHANNEL[0] / 2), SPUR_CHANNEL[1],
                       joins=["led-" + n, "ledcb-" + n, "ledrec-" + n, side], note="LED %s wires" % n)
        if spur.geom.distance(cavity_geom) < TOUCH_MM:
            spur.joins.add("cavity")
        out.append(spur)
        radial = front_radial if n in ("d1", "d2", "d3") else []
        out.append(Feature("reed-" + n, "reed", "back", ("circle", x, y, REED_POCKET[0] / 2), REED_POCKET[1],
                           joins=side_of[n] + radial + ["mouth-" + n], note="reed switch %s" % n))
        out.append(Feature("mouth-" + n, "reed-mouth", "back", ("circle", x, y, REED_MOUTH[0] / 2), REED_MOUTH[1],
                           joins=side_of[n] + radial + ["reed-" + n], note="reed %s mouth" % n))
        out.append(Feature("led-" + n, "led-window", "through", ("circle", lx, ly, LED_WINDOW_D / 2), THICKNESS_MM,
                           joins=["ledcb-" + n, "ledrec-" + n, "spur-" + n], note="LED window %s" % n))
        out.append(Feature("ledcb-" + n, "led-counterbore", "back", ("circle", lx, ly, LED_COUNTERBORE[0] / 2),
                           LED_COUNTERBORE[1], joins=["led-" + n, "ledrec-" + n, "spur-" + n], note="LED %s" % n))
        out.append(Feature("ledrec-" + n, "led-recess", "back", ("circle", lx, ly, LED_CAP_RECESS[0] / 2),
                           LED_CAP_RECESS[1], joins=["led-" + n, "ledcb-" + n, "spur-" + n],
                           note="LED %s capacitor recess" % n))
    side_feats = []
    for ring, ss in sides.items():
        for k, (name, (x1, y1), (x2, y2), on) in enumerate(ss):
            joins = [ss[k - 1][0], ss[(k + 1) % 4][0]] + ["reed-" + n for n in on]
            side_feats.append(Feature(name, "ring", "back", ("slot", x1, y1, x2, y2, RING_CHANNEL[0] / 2),
                                      RING_CHANNEL[1], joins=joins, note="%s ring channel" % ring))
    out += side_feats
    plug_top = cy0 - PLUG_POCKET[1]
    usb = Feature("usb", "usb", "back", ("slot", ux, plug_top, ux, -USB_CHANNEL[0], USB_CHANNEL[0] / 2),
                  USB_CHANNEL[1], joins=["plug", "clamp", "sw5"], edge=True,
                  note="USB cable and the wires to the back rings")
    plug = Feature("plug", "plug", "back", ("rect", ux - PLUG_POCKET[0] / 2, plug_top, ux + PLUG_POCKET[0] / 2, cy0),
                   PLUG_POCKET[2], joins=["cavity", "usb", "clamp"], note="the USB plug at the Pico")
    radial = Feature("radial-front", "radial", "back", ("slot", dx, cy1, dx, by, RADIAL_CHANNEL[0] / 2),
                     RADIAL_CHANNEL[1], joins=["cavity", "button-carrier", "reed-d1", "reed-d2", "reed-d3"],
                     note="wires to the front rings and the buttons")
    cav = Feature("cavity", "cavity", "back", ("rect", cx0, cy0, cx1, cy1), CAVITY_DEPTH,
                  joins=["radial-front", "plug"], note="electronics cavity")
    for f in side_feats:                    # channels the radial ones, the plug and the cavity cross
        for other in (usb, plug, radial, cav):
            if f.geom.distance(other.geom) < TOUCH_MM:
                f.joins.add(other.name)
    out += [cav, plug, usb, radial]
    out.append(_c1_bay(out, size_mm))
    cw, cl, cd = CLAMP_POCKET
    yc = plug_top - cl / 2
    cx = ux + CLAMP_OFFSET_MM
    out.append(Feature("clamp", "clamp", "back", ("rect", cx - cw / 2, yc - cl / 2, cx + cw / 2, yc + cl / 2), cd,
                       joins=["usb", "plug"], note="cable strain relief (ties)"))
    sw, sh, sd = SW5_POCKET
    x0 = ux + USB_CHANNEL[0] / 2 - 1.0
    y0 = MIN_WALL_MM + 6.0
    out.append(Feature("sw5", "sw5", "back", ("rect", x0, y0, x0 + sw, y0 + sh), sd, joins=["usb"],
                       note="reset button SW5 on its carrier"))
    bh = BUTTON_CARRIER[0] / 2
    bx0 = dx - RADIAL_CHANNEL[0] / 2 - 1.0
    bx1 = buttons[-1][1][0] + BUTTON_BODY[0] / 2 + 5.0
    out.append(Feature("button-carrier", "button-carrier", "back", ("rect", bx0, by - bh, bx1, by + bh),
                       BUTTON_CARRIER[1], joins=["radial-front"] + ["button-body-" + b for b, _ in buttons],
                       note="button carrier strip"))
    for label, (x, y) in buttons:
        out.append(Feature("button-body-" + label, "button-body", "back", ("circle", x, y, BUTTON_BODY[0] / 2),
                           BUTTON_BODY[1], joins=["button-carrier", "button-" + label], note="button %s body" % label))
        out.append(Feature("button-" + label, "button-hole", "through", ("circle", x, y, BUTTON_HOLE_D / 2),
                           THICKNESS_MM, joins=["button-body-" + label, "button-carrier"],
                           note="button %s plunger" % label))
    for k, (x, y) in enumerate(cover_screws(size_mm)):
        out.append(Feature("screw-%d" % (k + 1), "cover-screw", "back", ("circle", x, y, COVER_SCREW[0] / 2),
                           COVER_SCREW[1], note="cover screw %d" % (k + 1)))
    return out


def _c1_bay(feats, size_mm):
    """The bay for C1: LED 0's ring channel continued C1_BAY_MM beyond the end nearest LED 0's spur,
    same width and depth (a Feature joining that channel and the spur). Raises LayoutError when the
    spur meets its channel too far from an end for a bay there."""
    first = [n for n, led, _ in board_config.POINTS if led == 0][0]
    f = {x.name: x for x in feats}
    spur = f["spur-" + first]
    side = [f[j] for j in spur.joins if j in f and f[j].kind == "ring"][0]
    _, x1, y1, x2, y2, hw = side.prim
    tx, ty = spur.prim[3], spur.prim[4]
    (ex, ey), (ox, oy) = sorted(((x1, y1), (x2, y2)), key=lambda e: math.hypot(e[0] - tx, e[1] - ty))
    if math.hypot(ex - tx, ey - ty) > RING_CHANNEL[0]:
        raise LayoutError("LED 0 (%s): its spur meets %s away from an end: no room for C1's bay" % (first, side.name))
    d = math.hypot(ex - ox, ey - oy)
    bx, by = ex + (ex - ox) / d * C1_BAY_MM, ey + (ey - oy) / d * C1_BAY_MM
    side.joins.add("c1-bay")
    return Feature("c1-bay", "c1-bay", "back", ("slot", bx, by, ex, ey, hw), side.depth, joins=[side.name, spur.name],
                   note="C1 (22 uF) lies here")


def c1_room_mm(feats):
    """Length (mm) of the C1 bay clear of LED 0's spur: from the spur's side to the bay's closed end,
    at full width."""
    f = {x.name: x for x in feats}
    bay = f["c1-bay"]
    spur = [f[j] for j in bay.joins if f[j].kind == "spur"][0]
    _, bx, by, ex, ey, hw = bay.prim
    return math.hypot(spur.prim[3] - bx, spur.prim[4] - by) - spur.prim[5]


def angled_spur_stations(feats):
    """The drill stations of the angled spurs (BUILD.md 3.9: drilled and chiselled, no guide follows them): dict
    spur name -> list of (x, y) in front-view board mm, from the LED to the ring channel. The centres lie on the
    spur's centre line ANGLED_SPUR_STEP_MM apart, the first ANGLED_SPUR_FIRST_MM from the LED's centre (its centre
    spur just outside the rim of the LED's capacitor recess, its own rim well inside it), the last the last one whose
    centre lies in solid wood (outside the ring channel and every other cut). Every other one is drilled first (the
    first and the last among them), each centre spur in wood; the ones between lie where those holes' rims touch (the
    holes are twice the step across), centred by eye (BUILD.md 3.9). Raises LayoutError when the first hole does not
    reach into the recess or the last one does not break into the ring channel."""
    byname = {f.name: f for f in feats}
    others = [f for f in feats if f.kind != "spur" and f.side in ("back", "through")]
    out = {}
    r = ANGLED_SPUR_HOLE_D / 2
    for f in feats:
        if f.kind != "spur":
            continue
        _, x1, y1, x2, y2, _ = f.prim
        if abs(x1 - x2) < 1e-6 or abs(y1 - y2) < 1e-6:
            continue
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        near = [g for g in others if g.geom.distance(f.geom) < TOUCH_MM]
        pts = []
        k = 0
        while ANGLED_SPUR_FIRST_MM + k * ANGLED_SPUR_STEP_MM <= length:
            d = ANGLED_SPUR_FIRST_MM + k * ANGLED_SPUR_STEP_MM
            x, y = x1 + ux * d, y1 + uy * d
            if any(g.geom.distance(Point(x, y)) < TOUCH_MM for g in near):
                break
            pts.append((x, y))
            k += 1
        ring = [byname[j] for j in f.joins if j in byname and byname[j].kind == "ring"][0]
        rec = byname["ledrec-" + f.name[5:]]
        if not pts or Point(*pts[0]).distance(rec.geom) > r - 1.0 or Point(*pts[-1]).distance(ring.geom) >= r:
            raise LayoutError("%s: its %g mm holes every %g mm do not join its LED's capacitor recess to %s" % (
                f.name, ANGLED_SPUR_HOLE_D, ANGLED_SPUR_STEP_MM, ring.name))
        out[f.name] = pts
    return out


def spur_reach_mm(feats):
    """Shortest distance (mm) from an LED's axis to the far wall of the ring channel its spur joins, over
    all spurs: the room for its legs, bent at the LED and laid straight along the spur floor."""
    return min(math.hypot(f.prim[3] - f.prim[1], f.prim[4] - f.prim[2]) + f.prim[5]
               for f in feats if f.kind == "spur")


def _corners_clear(gaps, r):
    """True when a part's square corner, ``gaps`` = (gx, gy) mm from the pocket's corner along its two
    walls, stays clear of the round corner of radius ``r`` a router bit leaves there."""
    gx, gy = gaps
    return gx >= r or gy >= r or (r - gx) ** 2 + (r - gy) ** 2 <= r * r


def tight_corners(size_mm):
    """Pockets whose part's square corners meet the round inside corners of ROUTER_BIT_MM: list of
    feature kinds ('sw5', 'plug', 'cavity'), which BUILD.md 3.6 has the maker square with a chisel. The
    SW5 carrier (6 x 5 holes, filed to size: tools/stripboard.py fit_size) lies centred in its pocket, the micro-USB plug (11 x 20 mm at most) at the
    cavity's end of its pocket, the logic board where logic_board_rect puts it."""
    r = ROUTER_BIT_MM / 2
    f = {x.name: x for x in features(size_mm)}
    out = []
    _, x0, y0, x1, y1 = f["sw5"].prim
    carrier = _stripboard().fit_size("SW5 carrier")        # filed to size, at its largest
    gaps = ((x1 - x0 - carrier[0]) / 2, (y1 - y0 - carrier[1]) / 2)
    if not _corners_clear(gaps, r):
        out.append("sw5")
    if not _corners_clear(((PLUG_POCKET[0] - PLUG_MAX_MM[0]) / 2, PLUG_POCKET[1] - PLUG_MAX_MM[2]), r):
        out.append("plug")
    cx0, cy0, cx1, cy1 = cavity_rect(size_mm)
    bx0, by0, bx1, by1 = logic_board_rect(size_mm)
    if not all(_corners_clear((gx, gy), r) for gx in (bx0 - cx0, cx1 - bx1) for gy in (by0 - cy0, cy1 - by1)):
        out.append("cavity")
    return out


def cover_screws(size_mm):
    """Centres of the back cover's 8 screws (mm, front-view coordinates): corners and edge middles,
    the middles moved a quarter pitch off the d file's channels."""
    s, e, p = size_mm, EDGE_SCREW_MM, pitch(size_mm)
    return [(e, e), (s - e, e), (e, s - e), (s - e, s - e),
            (e, s / 2), (s - e, s / 2), (s / 2 - 2 * p, e), (s / 2 - 2 * p, s - e)]


FEET_INSET_MM = 28.0     # the rubber feet's centres, this far in from both edges at each corner (BUILD.md 10; the
                         # back view and the cover DXF mark them): clear of the corner screw and the felt pad over the
                         # corner reed's hole by FOOT_CLEARANCE_MM, and of the pad even if measured to the foot's edge
FOOT_D = 15.0            # a rubber foot's diameter (BOM)
FOOT_CLEARANCE_MM = 5.0  # a foot stuck by hand lands within this of its mark: it keeps this much from a felt pad
                         # and a screw's countersink (cover_problems())


def cover_feet(size_mm):
    """Centres of the four rubber feet on the back cover's outside (mm, front-view coordinates)."""
    e = FEET_INSET_MM
    return [(e, e), (size_mm - e, e), (e, size_mm - e), (size_mm - e, size_mm - e)]


def sw5_plunger(size_mm):
    """Centre of SW5's plunger (mm, front-view coordinates): where the back cover gets its pen hole."""
    f = {x.name: x for x in features(size_mm)}["sw5"].prim
    return ((f[1] + f[3]) / 2, (f[2] + f[4]) / 2)


def walls(feats, size_mm):
    """Every wall: list of (mm, feature a, feature b or 'edge') for pairs whose depths overlap and that are
    not meant to meet, thinnest first; and a list of problems with the pairs that are meant to meet."""
    board = box(0, 0, size_mm, size_mm)
    out, problems = [], []
    names = {f.name for f in feats}
    for f in feats:
        for j in f.joins:
            if j not in names:
                problems.append("%s joins %s, which does not exist" % (f.name, j))
    for i, a in enumerate(feats):
        if not a.edge:
            out.append((a.geom.distance(board.exterior) if board.contains(a.geom) else 0.0, a, "edge"))
        for b in feats[i + 1:]:
            joined = b.name in a.joins or a.name in b.joins
            za, zb = a.z(), b.z()
            overlap = za[0] < zb[1] + MIN_WALL_MM and zb[0] < za[1] + MIN_WALL_MM
            d = a.geom.distance(b.geom)
            if joined:
                if d >= TOUCH_MM:
                    problems.append("%s and %s should meet but are %.1f mm apart" % (a.name, b.name, d))
            elif overlap:
                out.append((d, a, b))
    out.sort(key=lambda w: w[0])
    return out, problems


def check(feats, size_mm, logic_board_mm=None, cover=None):
    """Problems of a layout: list of str (empty when every wall is at least MIN_WALL_MM, every
    intended joint meets, no pocket leaves less than 3 mm of wood, whatever stands above the back face
    lies in a hole of the back cover (``cover``: its holes, default cover_holes(); reed_room_problems()),
    the cable ties' heads fit their pocket, the carriers fit theirs at their real size, and the cavity
    takes the logic board of ``logic_board_mm`` = (width, height) at its largest (filed to size,
    tools/stripboard.py fit_size) with CAVITY_CLEARANCE_MM around it and its tallest part, on its joints,
    under the back cover with COVER_CLEARANCE_MM to spare)."""
    ws, problems = walls(feats, size_mm)
    for d, a, b in ws:
        if d < MIN_WALL_MM - 1e-9:
            problems.append("wall %.2f mm < %.1f mm between %s and %s" % (
                d, MIN_WALL_MM, a.name, b if isinstance(b, str) else b.name))
    if any(f.kind == "c1-bay" for f in feats) and c1_room_mm(feats) < C1_BODY_MM[1] - 1e-9:
        problems.append("C1's bay leaves %.1f mm clear of LED 0's spur; C1 is %.1f mm long" % (
            c1_room_mm(feats), C1_BODY_MM[1]))
    spurs = [f for f in feats if f.kind == "spur"]
    longest = max(mm for _, mm in LED_LEGS_MM)
    if spurs and longest + LEG_WIRE_TURN_MM > spur_reach_mm(spurs) + 1e-9:
        problems.append("an LED leg of %.1f mm (and %.1f mm for its wire to turn) does not lie straight in the "
                        "shortest spur: %.1f mm from the LED to the ring channel's far wall"
                        % (longest, LEG_WIRE_TURN_MM, spur_reach_mm(spurs)))
    problems += reed_room_problems(feats, size_mm, cover)
    problems += reed_lead_problems(feats)
    problems += seat_problems(feats)
    problems += cap_room_problems(feats)
    problems += cover_problems(size_mm)
    problems += tie_problems(feats)
    problems += carrier_fit_problems(feats, size_mm)
    stopper = CABLE_MM[0] + 2 * TIE_HEAD_MM + 2 * TIE_BAND_MM
    if stopper < USB_CHANNEL[0] + 1.0 - 1e-9:
        problems.append("two cable ties round a %.1f mm cable measure %.1f mm across: they would slip into the %.1f mm USB "
                        "channel" % (CABLE_MM[0], stopper, USB_CHANNEL[0]))
    if CABLE_MM[1] > USB_CHANNEL[0] - 1.0 + 1e-9 or PLUG_MAX_MM[0] > PLUG_POCKET[0] - 1.0 + 1e-9 \
            or PLUG_MAX_MM[2] > PLUG_POCKET[1] - 1.0 + 1e-9:
        problems.append("the USB cable or its plug does not fit its channel or pocket")
    thickness = feats[0].thickness if feats else THICKNESS_MM
    lo, hi = THICKNESS_RANGE_MM
    if not lo - 1e-9 <= thickness <= hi + 1e-9:
        problems.append("a %.1f mm sheet is outside the %.1f..%.1f mm this layout is checked for" % (thickness, lo, hi))
    if thickness - LED_COUNTERBORE[1] < LED_DOME_MM - 1e-9:
        problems.append("in a %.1f mm sheet the LEDs' domes (%.1f mm over their rims, %.1f mm from the back face) stand "
                        "above the top face" % (thickness, LED_DOME_MM, LED_COUNTERBORE[1]))
    for f in feats:
        if f.side == "back" and f.depth > f.thickness - 2.0 + 1e-9:
            problems.append("%s is %.1f mm deep: less than 2 mm of wood left" % (f.name, f.depth))
        elif f.side == "back" and f.kind != "reed" and f.depth > f.thickness - 3.0 + 1e-9:
            problems.append("%s is %.1f mm deep: less than 3 mm of wood left" % (f.name, f.depth))
    if logic_board_mm:
        cav = [f for f in feats if f.kind == "cavity"][0].geom
        x0, y0, x1, y1 = logic_board_rect(size_mm)
        fw, fh = _stripboard().fit_size("logic board")
        x0, y1 = x1 - fw, y0 + fh                      # at its largest: filed FILE_TOL_MM over its size
        room = cav.buffer(-CAVITY_CLEARANCE_MM, join_style=2)
        board = box(x0, y0 + CAVITY_CLEARANCE_MM - LOGIC_BOARD_TOP_GAP_MM, x1, y1)
        if not room.contains(board):
            problems.append("the logic board (%.1f x %.1f mm at x %.1f..%.1f, y %.1f..%.1f) does not fit the cavity "
                            "with %.1f mm around it" % (x1 - x0, y1 - y0, x0, x1, y0, y1, CAVITY_CLEARANCE_MM))
        tall, ref = _stripboard().tallest_mm()
        stack = JOINTS_MM + STRIPBOARD_MM + tall + COVER_CLEARANCE_MM
        depth = [f for f in feats if f.kind == "cavity"][0].depth
        if stack > depth + 1e-9:
            problems.append("the logic board's tallest part (%s, %.1f mm) needs a cavity %.1f mm deep, it is %.1f mm"
                            % (ref, tall, stack, depth))
    return problems


# The parts that rest on a step of the wood (BUILD.md 5.5.4, 5.7): (part, what passes the hole and its size across at
# most, the shoulder that rests and its size across at least, the hole's kind, the pocket's kind the shoulder lies in).
SEATS = (
    ("LED", "its body", LED_BODY_D, "its rim", LED_RIM_D, "led-window", "led-counterbore"),
    ("button", "its plunger", BUTTON_PLUNGER_D, "its body", BUTTON_SWITCH_MM, "button-hole", "button-body"),
)


def seat_problems(feats):
    """Parts that do not rest where BUILD.md seats them: list of str. For each of SEATS the part's narrow end passes
    the hole, its shoulder fits the pocket and stands SEAT_LEDGE_MM on the wood all round the hole (a shoulder as wide
    as the hole, or narrower, slides through and nothing but its legs or wires would hold it)."""
    out = []
    d = {}
    for f in feats:
        if f.prim[0] == "circle":
            d.setdefault(f.kind, 2 * f.prim[3])
    for part, narrow, n_mm, shoulder, s_mm, hole, pocket in SEATS:
        if hole not in d or pocket not in d:
            continue
        if d[hole] < n_mm - 1e-9:
            out.append("the %s's %s (%.1f mm) does not pass its Ø %.1f hole" % (part, narrow[4:], n_mm, d[hole]))
        if s_mm - d[hole] < 2 * SEAT_LEDGE_MM - 1e-9:
            out.append("the %s does not rest on %s: %.1f mm across over a Ø %.1f hole (at least %.1f mm of wood all "
                       "round it needed): it slides through" % (part, shoulder, s_mm, d[hole], SEAT_LEDGE_MM))
        if s_mm * (math.sqrt(2) if part == "button" else 1.0) > d[pocket] + 1e-9:
            out.append("the %s's %s (%.1f mm) does not fit its Ø %.1f pocket" % (part, shoulder[4:], s_mm, d[pocket]))
    return out


def cap_room_problems(feats):
    """LEDs whose 100 nF capacitor (LED_CAP_BODY_MM, laid back over the LED with its lead end LED_CAP_END_MM past the
    legs' bend: BUILD.md 5.5.3) does not lie in cut wood with CAP_ROOM_MM to spare: list of str. The cut counted is
    what every spur's cutting leaves for certain: the capacitor recess, the counterbore and the spur's straight part
    ahead of the LED's centre (a spur's round end behind the centre is not: the angled spurs' holes start ahead of
    it, and two router passes 1 mm apart leave less than a 4.5 mm round end); the recess is as deep as the spur."""
    from shapely.geometry import Polygon
    out = []
    byname = {f.name: f for f in feats}
    length, width, _ = LED_CAP_BODY_MM
    for f in feats:
        if f.kind != "spur":
            continue
        n = f.name[5:]
        _, x1, y1, x2, y2, hw = f.prim
        d = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / d, (y2 - y1) / d

        def at(s, t):
            return (x1 + ux * s - uy * t, y1 + uy * s + ux * t)
        ahead = Polygon([at(0, -hw), at(d, -hw), at(d, hw), at(0, hw)])
        rec, cb = byname.get("ledrec-" + n), byname["ledcb-" + n]
        cut = ahead.union(cb.geom)
        if rec is not None:
            cut = cut.union(rec.geom)
            if rec.depth < f.depth - 1e-9:
                out.append("LED %s: its capacitor recess (%.1f mm deep) is shallower than its spur (%.1f mm)"
                           % (n, rec.depth, f.depth))
        s0, s1 = LED_CAP_END_MM - length, LED_CAP_END_MM
        body = Polygon([at(s0, -width / 2), at(s1, -width / 2), at(s1, width / 2), at(s0, width / 2)])
        if not cut.buffer(-CAP_ROOM_MM, quad_segs=32).contains(body):
            out.append("LED %s: its capacitor's body (%.1f mm behind the legs' bend, %.1f mm across) meets wood: it needs "
                       "%.1f mm of cut all round it" % (n, -s0, width, CAP_ROOM_MM))
    return out


def cover_holes(size_mm):
    """Every hole through the back cover: list of (name, kind, x, y, diameter) in mm, front-view coordinates: the
    8 screw holes ('screw', COVER_HOLE_D), the reset hole over SW5's plunger ('reset') and one over every reed
    pocket ('reed', COVER_REED_HOLE_D: the room above the back face for the reed's lower-lead bend)."""
    out = [("screw-%d" % (k + 1), "screw", x, y, COVER_HOLE_D) for k, (x, y) in enumerate(cover_screws(size_mm))]
    out.append(("reset", "reset") + tuple(sw5_plunger(size_mm)) + (SW5_COVER_HOLE_D,))
    out += [("reed-" + n, "reed") + tuple(point_xy(n, size_mm)) + (COVER_REED_HOLE_D,)
            for n in GEOMETRIES["standard"].names]
    return out


def reed_room_problems(feats, size_mm=None, cover=None):
    """Reeds whose lower-lead bend has no room: list of str. The bend stands reed_bend_proud_mm() above the back
    face (a pocket or counterbore below the face makes no room above it), and so does the lead's run from it over
    to the ring channel (REED_LEAD_RUN_MM); it needs COVER_CLEARANCE_MM more, and when that is above the face, a hole
    through the cover (``cover``, or cover_holes(size_mm)) over the reed's mouth and the lead's run, COVER_ALIGN_MM
    to spare all round, no deeper than the cover is thick (a felt pad closes it outside)."""
    if cover is None:
        cover = cover_holes(size_mm)
    holes = [Point(x, y).buffer(d / 2, quad_segs=32) for _, kind, x, y, d in cover if kind == "reed"]
    bad = []
    for f in (x for x in feats if x.kind == "reed"):
        need = reed_bend_proud_mm(f.depth) + COVER_CLEARANCE_MM
        if need <= 1e-9:
            continue
        reach = max(REED_MOUTH[0] / 2, REED_LEAD_RUN_MM + REED_LEAD_MM)     # the mouth, the lead's run at the bend's height
        foot = Point(f.prim[1], f.prim[2]).buffer(reach + COVER_ALIGN_MM, quad_segs=32)
        if not any(h.contains(foot) for h in holes):
            bad.append((f, "no hole in the back cover over it: nothing below the back face makes room above it"))
        elif need > COVER_MM + 1e-9:
            bad.append((f, "more than the %.1f mm cover's hole takes" % COVER_MM))
    if not bad:
        return []
    f, why = bad[0]
    return ["%d reeds' lower-lead bends (%s: %.1f mm proud of the back face in a %.1f mm sheet, and %.1f mm to spare) "
            "have %s" % (len(bad), f.name, reed_bend_proud_mm(f.depth), f.thickness, COVER_CLEARANCE_MM, why)]


def cover_problems(size_mm):
    """The back cover's outside: the felt pads over the reed holes clear of the feet, the screw heads' countersinks
    and the reset hole, and inside the cover: list of str."""
    out = []
    pads = [Point(x, y).buffer(FELT_PAD_D / 2) for _, kind, x, y, _ in cover_holes(size_mm) if kind == "reed"]
    feet = [Point(x, y).buffer(FOOT_D / 2) for x, y in cover_feet(size_mm)]
    sinks = [Point(x, y).buffer(d) for _, kind, x, y, d in cover_holes(size_mm) if kind == "screw"]
    near = [(foot, p.distance(foot)) for foot in feet for p in pads + sinks]
    if any(d < FOOT_CLEARANCE_MM - 1e-9 for _, d in near):
        out.append("a rubber foot keeps only %.1f mm from a felt pad or a screw's countersink (%.1f mm needed: a foot "
                   "stuck by hand lands within that of its mark)" % (min(d for _, d in near), FOOT_CLEARANCE_MM))
    others = list(feet)
    others += [Point(x, y).buffer(d if kind == "screw" else d / 2) for _, kind, x, y, d in cover_holes(size_mm)
               if kind in ("screw", "reset")]
    edge = box(0, 0, size_mm, size_mm).buffer(-2.0)
    for k, p in enumerate(pads):
        if not edge.contains(p) or any(p.intersects(o) for o in others) or any(p.intersects(q) for q in pads[k + 1:]):
            out.append("a felt pad over a reed hole of the back cover meets a foot, a screw, the reset hole, another "
                       "pad or the edge")
            break
    return out


def tie_room_mm(feats):
    """Room (mm) from the USB cable's axis to the tie pocket's two side walls: (towards the c file, towards the
    d file)."""
    f = {x.name: x for x in feats}
    _, x0, _, x1, _ = f["clamp"].prim
    ux = f["usb"].prim[1]
    return (ux - x0, x1 - ux)


def tie_problems(feats):
    """The two cable ties in their pocket: each head, on its side of the thickest cable, fits between the cable
    and the side wall, and the two ties side by side fit between the far wall and the plug pocket: list of str."""
    f = {x.name: x for x in feats}
    if "clamp" not in f:
        return []
    need = CABLE_MM[1] / 2 + TIE_HEAD_MAX_MM[1] + 0.5
    out = ["the cable tie pocket leaves %.1f mm from the cable's axis to its %s wall; a tie's head on a %.1f mm cable "
           "needs %.1f mm" % (room, side, CABLE_MM[1], need)
           for room, side in zip(tie_room_mm(feats), ("c-file", "d-file")) if room < need - 1e-9]
    _, _, y0, _, y1 = f["clamp"].prim
    if TIE_GAP_MM + 2 * TIE_HEAD_MAX_MM[0] > y1 - y0 + 1e-9:
        out.append("two ties' heads (%.1f mm each along the cable) do not fit the %.1f mm long tie pocket"
                   % (TIE_HEAD_MAX_MM[0], y1 - y0))
    return out


def carrier_fit_problems(feats, size_mm):
    """The carriers at their real size (tools/stripboard.py fit_size: the SW5 carrier filed, the button carrier
    as snapped) in their pockets: list of str. The SW5 carrier lies centred; the button carrier where its
    switches' bodies sit in their pockets, its edges as carriers.svg orients it (row 1 towards the board's
    middle, column 1 nearest d1)."""
    sb = _stripboard()
    f = {x.name: x for x in feats}
    out = []
    if "sw5" in f:
        _, x0, y0, x1, y1 = f["sw5"].prim
        w, h = sb.fit_size("SW5 carrier")
        if w > x1 - x0 - 0.2 + 1e-9 or h > y1 - y0 - 0.2 + 1e-9:
            out.append("the SW5 carrier (%.1f x %.1f mm at its largest) does not fit its %.1f x %.1f mm pocket"
                       % (w, h, x1 - x0, y1 - y0))
    if "button-carrier" in f:
        _, x0, y0, x1, y1 = f["button-carrier"].prim
        e = sb.piece_edges("button carrier")
        cols, rows = sb.piece_holes("button carrier")
        xs = [x for _, (x, _) in button_positions(size_mm)]
        by = button_positions(size_mm)[0][1][1]
        first, last = 4.5, cols - 1.5            # the first and last switch's centre column (carriers.py)
        left = xs[0] - (first - 1) * BUTTON_GRID_MM - e["first hole"][1]
        right = xs[-1] + (cols - last) * BUTTON_GRID_MM + e["last hole"][1]
        top = by - 2 * BUTTON_GRID_MM - e["first strip"][1]
        bottom = by + (rows - 3) * BUTTON_GRID_MM + e["last strip"][1]
        if left < x0 + 0.2 or right > x1 - 0.2 or top < y0 + 0.2 or bottom > y1 - 0.2:
            out.append("the button carrier as snapped (%.1f x %.1f mm) does not fit its pocket"
                       % (right - left, bottom - top))
    return out


DRILLED = ("reed", "reed-mouth", "led-window", "led-counterbore", "led-recess", "button-body", "button-hole", "cover-screw")
THROAT_MARGIN_MM = 5.0   # the drill press's throat beyond the farthest hole centre from an edge (the bit, the clamp)


def _bit(kind):
    return BITS[kind].split(",")[0]


def deepest_cuts(size_mm=400.0):
    """The deepest cut (mm, from the face it is cut from) each bit of BITS makes over every sheet the tool accepts
    (THICKNESS_RANGE_MM) and every wood option: dict bit -> (mm, feature kind)."""
    out = {}
    for t in THICKNESS_RANGE_MM:
        for w in REED_WOOD_OPTIONS:
            for f in features(size_mm, t, w):
                d = f.depth
                bit = _bit(f.kind)
                if d > out.get(bit, (0.0, ""))[0] + 1e-9:
                    out[bit] = (d, f.kind)
    return out


def drill_throat_mm(size_mm=400.0):
    """The farthest any hole a drill press drills in the board (DRILLED, and the holes along the angled spurs) lies
    from the nearest board edge, in mm: (mm, feature name). A bench drill press needs a throat (column to spindle)
    of this plus THROAT_MARGIN_MM."""
    best = (0.0, "")
    for f in features(size_mm):
        if f.kind in DRILLED and f.prim[0] == "circle":
            pts = [f.prim[1:3]]
        elif f.kind == "spur" and abs(f.prim[1] - f.prim[3]) > 1e-6 and abs(f.prim[2] - f.prim[4]) > 1e-6:
            pts = [f.prim[1:3], f.prim[3:5]]
        else:
            continue
        for x, y in pts:
            d = min(x, y, size_mm - x, size_mm - y)
            if d > best[0]:
                best = (d, f.name)
    return best


def tool_requirements(size_mm=400.0):
    """What the tools must reach, from the layout: dict with 'throat' (a bench drill press's throat, mm, rounded up
    to 5 mm), 'reed reach' (how deep the reed pockets' slot drill must reach, mm), 'router' (dict bit -> the
    cutting length it needs, mm: its deepest cut + 1 mm, rounded up to whole mm) and 'plunge' (True: the cavity
    and the pockets start inside the board, so the router plunges)."""
    cuts = deepest_cuts(size_mm)
    throat = math.ceil((drill_throat_mm(size_mm)[0] + THROAT_MARGIN_MM) / 5.0) * 5.0
    router = {bit: float(math.ceil(mm + 1.0)) for bit, (mm, _) in cuts.items() if "router" in bit}
    return {"throat": throat, "reed reach": cuts[_bit("reed")][0], "router": router, "plunge": True}


GUIDE_STOCK_MM = 150.0   # what many stock parallel edge guides reach, from the fence to the bit's centre (BOM)


def guide_passes(size_mm=400.0):
    """Every straight router pass a guide sets (the features a router bit cuts, BITS; the angled spurs are drilled
    and chiselled): list of (mm from the nearer parallel board edge to the bit's centre line, feature name). A
    channel as wide as its bit is one pass along its centre line, a wider one (the spurs) two passes, one at each
    edge; a pocket's four walls are four passes (its inside is cleared freehand between them)."""
    out = []
    for f in features(size_mm):
        if "router" not in BITS.get(f.kind, ""):
            continue
        r = float(BITS[f.kind].split()[0]) / 2
        p = f.prim
        if p[0] == "slot":
            _, x1, y1, x2, y2, hw = p
            if abs(x1 - x2) > 1e-6 and abs(y1 - y2) > 1e-6:
                continue
            c = x1 if abs(x1 - x2) < 1e-6 else y1
            lines = [c] if hw <= r + 1e-6 else [c - (hw - r), c + (hw - r)]
        else:
            _, x0, y0, x1, y1 = p
            lines = [x0 + r, x1 - r, y0 + r, y1 - r]
        out += [(min(c, size_mm - c), f.name) for c in lines]
    return sorted(out, reverse=True)


def guide_reach_mm(size_mm=400.0):
    """The reach (mm, fence to the bit's centre, rounded up to 5 mm) a parallel edge guide needs for every pass of
    guide_passes(), and the farthest pass: (mm, (pass mm, feature name))."""
    far = guide_passes(size_mm)[0]
    return math.ceil(far[0] / 5.0 - 1e-9) * 5.0, far


def reed_bend_proud_mm(pocket_depth_mm):
    """How far (mm) the reed switch's lower-lead bend stands above the back face, at worst, in a reed
    pocket ``pocket_depth_mm`` deep: the U-turn above the glass (at most REED_UTURN_MAX_MM), the glass
    (REED_GLASS_MM), then REED_BEND_MM of straight lead and the bend's outside (one lead thickness).
    Negative: the bend lies that far below the face."""
    return REED_UTURN_MAX_MM + REED_GLASS_MM + REED_BEND_MM + REED_LEAD_MM - pocket_depth_mm


REED_JOINT_MM = 3.0      # the GND wires' joint along the reed's lower lead's last 3 mm (BUILD.md 6.3, 6.4)
REED_LEAD_RUN_MM = 3.0   # the lower lead runs this far from its bend (the pocket's axis) over towards the ring channel
                         # before it turns down into it: just past the pocket's edge (its end lands on the channel's
                         # floor, not in the pocket), so that the channel's wires pass beside it on the far side
                         # (tools/harness.py: reed_joint_problems), and, where the bend stands proud, inside the back
                         # cover's reed hole
REED_LEAD_STEP_MM = 0.5  # the lower lead's cut length is given to this, rounded down (its end then stands at most
                         # this far above the channel's floor)


def reed_lead_past_bend_mm():
    """The lower lead left past its bend (mm), at least: the lead's shortest length from the glass
    (REED_LEAD_LEN_MM) less the REED_BEND_MM of straight lead before the bend and the bend itself (one lead
    thickness)."""
    return REED_LEAD_LEN_MM - REED_BEND_MM - REED_LEAD_MM


def reed_lower_lead_need_mm(pocket_depth_mm):
    """How much lower lead (mm past its bend) reaches the ring channel's floor, in a reed pocket ``pocket_depth_mm``
    deep, the bend at its highest (reed_bend_proud_mm): REED_LEAD_RUN_MM over towards the ring channel, then straight
    down into the channel to its floor (RING_CHANNEL deep). The lead's last REED_JOINT_MM, standing in the channel
    down to its floor, carry the GND wires' joint."""
    return REED_LEAD_RUN_MM + reed_bend_proud_mm(pocket_depth_mm) + RING_CHANNEL[1]


def reed_lower_lead_mm(pocket_depth_mm):
    """How long (mm past its bend) the reed's lower lead is cut in a reed pocket ``pocket_depth_mm`` deep:
    reed_lower_lead_need_mm rounded down to REED_LEAD_STEP_MM, so that its end rests on the channel's floor or
    stands at most REED_LEAD_STEP_MM above it. A lower bend (a 2 mm U-turn) meets the floor up to 1 mm early: that
    much is nipped off (BUILD.md 6.3)."""
    need = reed_lower_lead_need_mm(pocket_depth_mm)
    return math.floor(need / REED_LEAD_STEP_MM + 1e-9) * REED_LEAD_STEP_MM


def reed_lower_lead_range_mm():
    """The lower lead's cut length (reed_lower_lead_mm) over every sheet the tool accepts and both wood options:
    (shortest, longest) in mm."""
    lengths = [reed_lower_lead_mm(t - w) for t in THICKNESS_RANGE_MM for w in REED_WOOD_OPTIONS]
    return min(lengths), max(lengths)


def reed_lead_problems(feats):
    """Reeds whose lower lead cannot be laid as BUILD.md 6.3 says: list of str. The lead must reach the ring
    channel's floor from its bend at its highest (reed_lower_lead_need_mm no longer than reed_lead_past_bend_mm),
    and its part standing in the channel, with the bend at its lowest (the U-turn 1 mm shorter), must still hold
    the REED_JOINT_MM joint below the back face."""
    out = []
    reeds = [f for f in feats if f.kind == "reed"]
    if not reeds:
        return out
    depth = reeds[0].depth
    need, have = reed_lower_lead_need_mm(depth), reed_lead_past_bend_mm()
    if need > have + 1e-9:
        out.append("the reeds' lower leads need %.1f mm past the bend to reach the ring channel's floor in a %.1f mm "
                   "deep pocket; an MDSR-10 leaves %.1f mm (%.2f mm of lead, %.1f mm to the bend)"
                   % (need, depth, have, REED_LEAD_LEN_MM, REED_BEND_MM))
    lo, hi = RING_OFFSET_MM - RING_CHANNEL[0] / 2, RING_OFFSET_MM + RING_CHANNEL[0] / 2
    if not (max(REED_POCKET[0] / 2, lo) + REED_LEAD_MM <= REED_LEAD_RUN_MM <= hi - REED_LEAD_MM):
        out.append("the reeds' lower leads turn down %.1f mm from the pocket's axis: not onto the ring channel's floor "
                   "(%.1f..%.1f mm, the pocket's edge at %.1f mm)" % (REED_LEAD_RUN_MM, lo, hi, REED_POCKET[0] / 2))
    low = reed_bend_proud_mm(depth) - 1.0 + RING_CHANNEL[1]
    if low < REED_JOINT_MM + REED_LEAD_STEP_MM - 1e-9:
        out.append("the reeds' lower leads stand only %.1f mm in the ring channel in a %.1f mm deep pocket: the %.1f mm "
                   "GND joint does not fit" % (low, depth, REED_JOINT_MM))
    return out


def logic_board_size():
    """Outline (width, height) in mm of the logic board that goes into the cavity (tools/stripboard.py)."""
    return _stripboard().outline_mm()


def _stripboard():
    if os.path.join(ROOT, "tools") not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "tools"))
    import stripboard
    return stripboard


LOGIC_BOARD_TOP_GAP_MM = 0.5    # the board's top edge (the Pico's USB end) this far from the cavity's far wall


def logic_board_rect(size_mm):
    """Where the logic board lies in the cavity, component side up: (x0, y0, x1, y1) in mm, front-view
    coordinates. Placed so that the Pico's USB socket faces the plug pocket (usb_x)."""
    sb = _stripboard()
    w, h = sb.outline_mm()
    pico_centre = (sb.PICO_COL + 3.5 + 0.5) * sb.PITCH        # from the board's left edge, component side
    # The component side faces the back: its left edge is at the front view's right.
    x1 = usb_x(size_mm) + pico_centre
    y0 = cavity_rect(size_mm)[1] + LOGIC_BOARD_TOP_GAP_MM
    return (x1 - w, y0, x1, y0 + h)


def hole_xy(col, row, size_mm):
    """Front-view position (mm) of logic board hole (col, row) as tools/stripboard.py numbers them."""
    sb = _stripboard()
    x0, y0, x1, _ = logic_board_rect(size_mm)
    return (x1 - (col + 0.5) * sb.PITCH, y0 + (row + 0.5) * sb.PITCH)


def layout(size_mm, thickness_mm=THICKNESS_MM, reed_wood_mm=REED_WOOD_MM):
    """The checked features of a board of side ``size_mm`` in a sheet ``thickness_mm`` thick, the reeds under
    ``reed_wood_mm`` of wood; raises LayoutError naming every problem."""
    feats = features(size_mm, thickness_mm, reed_wood_mm)
    problems = check(feats, size_mm, logic_board_size())
    if problems:
        raise LayoutError("layout at %g mm (a %g mm sheet) refused:\n  " % (size_mm, thickness_mm)
                          + "\n  ".join(problems))
    return feats


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="400mm")
    a = ap.parse_args(argv)
    size = parse_size(a.size)
    try:
        feats = layout(size)
    except LayoutError as e:
        print(e)
        return 1
    ws, _ = walls(feats, size)
    print("%d features, %d walls checked; minimum %.1f mm" % (len(feats), len(ws), MIN_WALL_MM))
    for d, x, y in ws[:12]:
        print("  %6.2f mm  %s - %s" % (d, x.name, y if isinstance(y, str) else y.name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
