#!/usr/bin/env python3
"""Generate the hardware documents' tables, netlist and KiCad schematic from firmware/board_config.py.

Usage:
    python tools/hw_tables.py            # rewrite the generated parts of hardware/
    python tools/hw_tables.py --check    # exit 1 and name the files that differ (what the tests run)

What it writes (everything the firmware's wiring tables decide, so docs and
firmware never disagree):
    hardware/README.md    the blocks between <!-- BEGIN GENERATED: name --> and
                          <!-- END GENERATED: name --> (pin map, point wiring,
                          LED chain, switch chain, power budget, soft start)
    hardware/netlist.md   the whole file: every net and what it connects
    hardware/BUILD.md, BOM.md, sensing.md   their generated blocks (drilling, positions, spurs, joins, schedule,
                          checks, the load reading; the bits; the sensing gap)
    hardware/kicad/       the KiCad 9 schematic project (tools/kicad_sch.py draws it)

The netlist itself is tools/board_netlist.py. hardware/schematic.svg and .pdf are
KiCad's plots of the schematic: `make schematic` (needs kicad-cli).
"""
import argparse
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import board_config as cfg  # noqa: E402
import board_layout  # noqa: E402
import kicad_sch  # noqa: E402
import power_budget  # noqa: E402
from morris.geometry import GEOMETRIES  # noqa: E402

from board_netlist import (  # noqa: E402
    PICO_GPIO_PIN, PICO_POWER_PIN, PICO_RUN_PIN, HC165_INPUT_PIN, RING_OF_CHIP, SIGNALS, switch_site, button_ref,
    PICO_PIN_NAMES, PICO_GND_PINS, LED_PIN, Q1_PIN, led_cap_ref, netlist, COMPONENTS)

HW = os.path.join(ROOT, "hardware")


# --- markdown ---------------------------------------------------------------

def pin_map_md():
    """Markdown table: every Pico pin used, its GPIO, net and destination."""
    rows = ["| signal | GPIO | Pico pin | net | connects to |", "|---|---:|---:|---|---|"]
    for key in ("sr_clock", "sr_load", "sr_data", "sr_tail", "led_data"):
        g = cfg.PINS[key]
        net, dest = SIGNALS[key]
        rows.append("| `%s` | GP%d | %d | %s | %s |" % (key, g, PICO_GPIO_PIN[g], net, dest))
    for b in sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get):
        g = cfg.BUTTON_PINS[b]
        rows.append("| button `%s` | GP%d | %d | BTN_%s | %s to GND (internal pull-up) |" % (
            b, g, PICO_GPIO_PIN[g], b.upper(), button_ref(b)))
    rows.append("| 5 V from USB | - | %d (VBUS) | VBUS | F1 -> Q1 (soft start) -> +5V_LED: LEDs, U4 |"
                % PICO_POWER_PIN["VBUS"])
    rows.append("| 3.3 V out | - | %d (3V3(OUT)) | +3V3 | U1..U3 VCC, RN1..RN6 common |" % PICO_POWER_PIN["3V3(OUT)"])
    rows.append("| reset | - | %d (RUN) | RUN | SW5 to GND (Pico's internal pull-up) |" % PICO_RUN_PIN)
    rows.append("| ground | - | %d (and 3, 8, 13, ...) | GND | everything |" % PICO_POWER_PIN["GND"])
    return "\n".join(rows) + "\n"


def points_md():
    """Markdown table: every point in point-number order with its LED index, switch bit and solder sites."""
    geo = GEOMETRIES["standard"]
    rows = ["| point | # | LED index | switch bit | 74HC165 | input | chip pin | pull-up | ring |",
            "|---|---:|---:|---:|---|---|---:|---|---|"]
    for i, name in enumerate(geo.names):
        bit = cfg.SWITCH_BIT[name]
        chip, letter, pin, rn = switch_site(bit)
        rows.append("| %s | %d | %d | %d | U%d | %s | %d | %s | %s |" % (
            name, i, cfg.LED_INDEX[name], bit, chip, letter, pin, rn, RING_OF_CHIP[chip]))
    return "\n".join(rows) + "\n"


def led_chain_md():
    """Markdown table: the LED chain in solder order, DOUT of each to DIN of the next."""
    rows = ["| LED index | point | DIN from |", "|---:|---|---|"]
    prev = "R1 (330 Ohm) <- U4 1Y"
    for name, led, _ in sorted(cfg.POINTS, key=lambda r: r[1]):
        rows.append("| %d | %s | %s |" % (led, name, prev))
        prev = "DOUT of LED %d (%s)" % (led, name)
    return "\n".join(rows) + "\n"


def switch_chain_md():
    """Markdown table: the shift-register chain, one row per chip, inputs A..H and bits."""
    rows = ["| chip | ring | SER (pin 10) from | QH (pin 9) to | A | B | C | D | E | F | G | H | bits |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    by_bit = {bit: name for name, _, bit in cfg.POINTS}
    ser = {1: "Pico GP%d (`sr_tail`)" % cfg.PINS["sr_tail"], 2: "U1 QH", 3: "U2 QH"}
    qh = {1: "U2 SER", 2: "U3 SER", 3: "Pico GP%d (`sr_data`)" % cfg.PINS["sr_data"]}
    for chip in (1, 2, 3):
        names = [by_bit[8 * (chip - 1) + k] for k in range(8)]
        rows.append("| U%d | %s | %s | %s | %s | %d..%d |" % (
            chip, RING_OF_CHIP[chip], ser[chip], qh[chip], " | ".join(names), 8 * (chip - 1), 8 * chip - 1))
    return "\n".join(rows) + "\n"


def power_md():
    """Markdown table of the power budget (from tools/power_budget.py)."""
    return power_budget.markdown()


FEATURE_NAMES = {
    "reed": "reed switch pocket", "reed-mouth": "reed pocket's mouth counterbore", "led-window": "LED window",
    "led-counterbore": "LED counterbore (its rim)", "led-recess": "LED capacitor recess (round its counterbore)",
    "spur": "LED spur channel", "ring": "ring channel",
    "c1-bay": "C1 bay (LED 0's ring channel on beyond LED 0's spur)", "radial": "front radial channel (to the buttons)",
    "usb": "USB cable channel (to the far edge)", "cavity": "electronics cavity",
    "plug": "USB plug pocket (at the cavity's far wall)", "clamp": "cable tie pocket (the strain relief)",
    "sw5": "reset button (SW5) pocket",
    "button-hole": "button plunger hole", "button-body": "button body pocket", "button-carrier": "button carrier pocket",
    "cover-screw": "back cover screw pilot hole (section 10, through the cover)"}


def drilling_md(size_mm=400.0, thickness_mm=board_layout.THICKNESS_MM, reed_wood_mm=board_layout.REED_WOOD_MM):
    """Markdown table of every kind of hole, pocket and channel (tools/board_layout.py) at ``size_mm`` in a sheet
    ``thickness_mm`` thick: how many, the face it is cut from, its size, its depth, the face the depth is set
    from (a thinner or thicker sheet changes only the depths set from the top face) and the bit."""
    feats = board_layout.layout(size_mm, thickness_mm, reed_wood_mm)
    rows = ["| feature | how many | cut from | size (mm) | depth (mm) | with another sheet | bit |",
            "|---|---:|---|---|---:|---|---|"]
    seen = {}
    for f in feats:
        seen.setdefault(f.kind, []).append(f)
    for kind, fs in seen.items():
        f = fs[0]
        side = {"back": "back", "through": "top, through"}[f.side]
        if kind in board_layout.THROUGH_FROM_BACK:
            side = "back, through"
        wood = f.face_wood()
        if f.side == "through":
            rule = "through"
        elif wood is None:
            rule = "the same depth"
        else:
            rule = "the thickness less %s (%s under the top face)" % (_fmt(wood), _fmt(wood))
        rows.append("| %s | %d | %s | %s | %s | %s | %s |" % (
            FEATURE_NAMES[kind], len(fs), side, f.size_text(), "through" if f.side == "through" else _fmt(f.depth),
            rule, board_layout.BITS[kind]))
    return "\n".join(rows) + "\n"


def spurs_md(size_mm=400.0):
    """Markdown table of every LED spur's centre line as the back view shows it (mm from the board's left edge
    and from the far edge): from the LED's centre to the end in its ring channel, its direction and how it is
    cut (an edge guide along a board edge, or a straight batten clamped along it)."""
    feats = board_layout.layout(size_mm)
    rows = ["| spur of | from (LED centre) x, y | to x, y | direction | guide |", "|---|---|---|---|---|"]
    for f in sorted((x for x in feats if x.kind == "spur"), key=lambda x: GEOMETRIES["standard"].index[x.name[5:]]):
        _, x1, y1, x2, y2, _ = f.prim
        bx1, bx2 = size_mm - x1, size_mm - x2
        ang = math.degrees(math.atan2(-(y2 - y1), bx2 - bx1)) % 360
        straight = abs(x1 - x2) < 1e-6 or abs(y1 - y2) < 1e-6
        rows.append("| %s | %s, %s | %s, %s | %s | %s |" % (
            f.name[5:], _fmt(bx1), _fmt(y1), _fmt(bx2), _fmt(y2),
            ("%g degrees" % round(ang, 1)) if not straight else ("across the board" if abs(y1 - y2) < 1e-6 else
                                                                 "towards the %s edge" % ("far" if y2 < y1 else "near")),
            "router, edge guide" if straight else "drill and chisel"))
    rows += ["", "Directions as the back view shows them: 0 degrees points right, 90 degrees towards the far edge."]
    stations = board_layout.angled_spur_stations(feats)
    counts = {}
    for name in sorted(stations, key=lambda n: GEOMETRIES["standard"].index[n[5:]]):
        counts.setdefault(len(stations[name]), []).append(name[5:])
    rows += ["", "The angled spurs' %g mm holes (step 9), one at each brown cross of the back view: %s; %d in all. The "
             "first is centred %g mm from the LED's centre (%g mm outside the rim of its %g mm capacitor recess), each next "
             "one %g mm further, the last is the last one centred in solid wood before the ring channel (it breaks into "
             "the channel). The circled crosses are drilled first, each in its awl mark; each other cross lies where the "
             "rims of the two circled holes either side touch, so the first pass drills its mark away and step 9 "
             "centres that hole by eye." % (
                 board_layout.ANGLED_SPUR_HOLE_D,
                 "; ".join("%s %d each" % (", ".join(names[:-1]) + " and " + names[-1], n) if len(names) > 1 else "%s %d" % (names[0], n)
                           for n, names in sorted(counts.items(), reverse=True)),
                 sum(len(p) for p in stations.values()), board_layout.ANGLED_SPUR_FIRST_MM,
                 board_layout.ANGLED_SPUR_FIRST_MM - board_layout.LED_CAP_RECESS[0] / 2,
                 board_layout.LED_CAP_RECESS[0], board_layout.ANGLED_SPUR_STEP_MM)]
    assert board_layout.ANGLED_SPUR_HOLE_D == 2 * board_layout.ANGLED_SPUR_STEP_MM, \
        "the second pass's centres are where the first pass's rims touch: say otherwise"
    return "\n".join(rows) + "\n"


def joins_md(size_mm=400.0):
    """The features that meet on purpose (no wall between them), as a list: the cavity, pockets and channels
    by name, and one line for the kinds every point repeats; then the thinnest wall everywhere else."""
    feats = {f.name: f for f in board_layout.layout(size_mm)}
    meets = {n: set() for n in feats}
    for f in feats.values():
        for j in f.joins:
            meets[f.name].add(j)
            meets[j].add(f.name)

    def name(f):
        if f.kind == "ring":
            return "the %s ring channel %s-%s" % (f.name.split("-")[0], f.name[-4:-2], f.name[-2:])
        if f.kind == "spur":
            return "the spur of " + f.name[5:]
        if f.kind == "reed-mouth":
            return "the mouth counterbore of " + f.name[6:]
        if f.kind == "sw5":
            return "the reset button (SW5) pocket"
        return "the " + FEATURE_NAMES[f.kind].split(" (")[0]
    out = []
    for key in ("cavity", "plug", "usb", "clamp", "sw5", "radial-front", "c1-bay", "button-carrier"):
        f = feats[key]
        parts = sorted({name(feats[j]) for j in meets[key]
                        if feats[j].kind not in ("reed", "reed-mouth", "button-body", "button-hole")})
        if key == "radial-front":
            parts.append("the mouth counterbores of d1, d2 and d3")
        if key == "button-carrier":
            parts.append("the four button body pockets")
        text = name(f)
        out.append("- %s%s meets %s;" % (text[0].upper(), text[1:], ", ".join(parts[:-1]) + " and " + parts[-1]
                                        if len(parts) > 1 else parts[0]))
    out.append("- every LED spur meets its LED's capacitor recess and counterbore, and its ring channel; every LED's "
               "capacitor recess its counterbore; every reed pocket its mouth "
               "counterbore, and the mouth counterbore the ring channels beside it; the ring channels meet at the "
               "corners.")
    walls, _ = board_layout.walls(list(feats.values()), size_mm)
    d, a, b = walls[0]
    out += ["", "Everywhere else at least %s mm of wood stands between two features whose depths overlap, and "
                "between a feature and the board edge; the thinnest wall is %s mm (%s and %s)." % (
                    _fmt(board_layout.MIN_WALL_MM), _fmt(round(d + 1e-9, 1)), name(a),
                    "the board edge" if isinstance(b, str) else name(b))]
    return "\n".join(out) + "\n"


def _fmt(v):
    return ("%.1f" % v).rstrip("0").rstrip(".")


def positions_md(size_mm=400.0):
    """Markdown table: where the single features lie, in mm from the far (back) edge and from the left edge
    as the top face is seen (front view) and as the back face is seen (back view, mirrored)."""
    f = {x.name: x for x in board_layout.layout(size_mm)}
    rows = ["| feature | from the far edge (y) | from the left edge, front view (x) | from the left edge, back view |",
            "|---|---|---|---|"]

    def span(a, b):
        return "%s .. %s" % (_fmt(min(a, b)), _fmt(max(a, b)))

    def add(label, name):
        p = f[name].prim
        if p[0] == "rect":
            x0, y0, x1, y1 = p[1:]
        elif p[0] == "slot" and p[1] == p[3]:          # along y: its edges across, its centre line's ends along
            hw = p[5]
            x0, x1 = p[1] - hw, p[1] + hw
            y0, y1 = max(0.0, min(p[2], p[4])), max(p[2], p[4])
        elif p[0] == "slot":                           # along x
            hw = p[5]
            x0, x1 = min(p[1], p[3]), max(p[1], p[3])
            y0, y1 = p[2] - hw, p[2] + hw
        else:
            x0, y0, x1, y1 = p[1] - p[3], p[2] - p[3], p[1] + p[3], p[2] + p[3]
        rows.append("| %s | %s | %s | %s |" % (label, span(y0, y1), span(x0, x1),
                                             span(size_mm - x0, size_mm - x1)))
    add("electronics cavity", "cavity")
    add("USB plug pocket", "plug")
    add("USB cable channel (to the far edge)", "usb")
    add("cable tie pocket (the strain relief)", "clamp")
    add("reset button (SW5) pocket", "sw5")
    add("front radial channel", "radial-front")
    add("button carrier pocket", "button-carrier")
    add("C1 bay (beyond LED 0's spur)", "c1-bay")
    for ring in ("outer", "middle", "inner"):       # the edge guide's settings for the long channels
        for name, _, _, _ in board_layout.ring_sides(ring, size_mm):
            add("%s ring channel %s-%s" % (ring, name[-4:-2], name[-2:]), name)
    for label, (x, y) in board_layout.button_positions(size_mm):
        rows.append("| button %s (centre of its holes) | %s | %s | %s |" % (label, _fmt(y), _fmt(x), _fmt(size_mm - x)))
    x0, y0, x1, y1 = board_layout.logic_board_rect(size_mm)
    rows.append("| logic board in the cavity (the Pico's USB end at the far side) | %s | %s | %s |" % (
        span(y0, y1), span(x0, x1), span(size_mm - x0, size_mm - x1)))
    rows += ["", "A channel's span across it is its two edges (the router's edge guide is set to them); along it,",
             "the ends of its centre line (the bit cuts half its width further, to round ends)."]
    return "\n".join(rows) + "\n"


# --- the build's schedule, checks and measurements --------------------------------------------------------

# Minutes a first-time maker takes for one of each unit of work (the schedule's assumptions, stated in BUILD.md).
MINUTES = {
    "template": 60, "depth test": 45, "sheet": 45, "jig": 15, "discs": 10, "disc": 4, "test stone": 20,
    "marking out": 60,
    "reed pocket": 3, "LED window": 5, "button hole": 5, "straight spur": 6, "angled spur": 15, "ring channel": 12,
    "pocket": 20, "cavity": 60, "channel": 15, "pilot": 1, "finish": 100,
    "cut": 1, "bridge": 2, "link": 3, "part": 3, "Pico": 40, "board checks": 30,
    "wire": 3, "pad wire": 2, "LED": 18, "LED test": 30, "USB cable": 15, "carrier": 30, "laying": 90,
    "reed": 16, "stones": 30, "stone": 3, "stone finish": 2, "power checks": 30, "bring-up": 60, "cover": 45, "cover reed hole": 2,
    "windows": 30,
}
DAY_H = 8.0       # working hours a build day holds in the plan
DISC_SPARES = 4   # the BOM's 24 (+4) wooden discs: BUILD.md 2.3 cuts, measures and sorts them all (7.1)


def schedule():
    """The build's work by BUILD.md section (or group of steps), counted from the design: list of (steps, what,
    hours), in build order."""
    import harness
    import stripboard
    feats = board_layout.layout(400.0)
    kinds = {}
    for f in feats:
        kinds[f.kind] = kinds.get(f.kind, 0) + 1
    spurs = [f for f in feats if f.kind == "spur"]
    angled = sum(1 for f in spurs if abs(f.prim[1] - f.prim[3]) > 1e-6 and abs(f.prim[2] - f.prim[4]) > 1e-6)
    pockets = kinds["plug"] + kinds["clamp"] + kinds["sw5"] + kinds["button-carrier"]
    channels = kinds["usb"] + kinds["radial"] + kinds["c1-bay"]
    cuts, links, _ = stripboard.derive()
    n_links = sum(1 for x in links if x[3] == "link")
    n_bridges = len(links) - n_links
    parts = len(stripboard.placement()) - 1
    ws = harness.wires()
    pads = sum(1 for w in ws if w["from"].startswith("logic board"))
    m = MINUTES
    discs = len(cfg.POINTS) + DISC_SPARES
    rows = [
        ("2.1-2.3", "cut the sheet, plane it to 400 x 400 mm and measure it, the stone jig, all %d discs cut, measured "
         "and sorted (7.1), the test stone (one magnet)" % discs,
         m["sheet"] + m["jig"] + m["discs"] + discs * m["disc"] + m["test stone"]),
        ("2.4", "the depth test on the strip", m["depth test"]),
        ("1", "print the template for the sheet and the depth test's wood, cut and tape it", m["template"]),
        ("3.1-3.8", "the depths for the sheet, mark out; %d reed pockets, %d LED windows, %d button holes, the cavity, "
         "%d pockets" % (kinds["reed"], kinds["led-window"], kinds["button-hole"], pockets),
         m["marking out"] + kinds["reed"] * m["reed pocket"] + kinds["led-window"] * m["LED window"]
         + kinds["button-hole"] * m["button hole"] + m["cavity"] + pockets * m["pocket"]),
        ("3.9-3.11", "%d spurs (%d at an angle), %d ring channels, %d other channels; sanding, lines, "
         "varnish" % (len(spurs), angled, kinds["ring"], channels),
         (len(spurs) - angled) * m["straight spur"] + angled * m["angled spur"] + kinds["ring"] * m["ring channel"]
         + channels * m["channel"] + m["finish"]),
        ("4", "%d cuts, %d bridges, %d links, %d parts, the Pico, the checks" % (len(cuts), n_bridges, n_links, parts),
         len(cuts) * m["cut"] + n_bridges * m["bridge"] + n_links * m["link"] + parts * m["part"] + m["Pico"]
         + m["board checks"]),
        ("5.1", "%d wires cut, flagged at both ends, stripped and tinned" % len(ws), len(ws) * m["wire"]),
        ("5.2-5.4, 5.10", "%d wires soldered to the board, the one-LED test, the board in its cavity, the USB cable "
         "and its strain relief (5.10, before any wire goes into a channel)" % pads,
         pads * m["pad wire"] + m["LED test"] + m["USB cable"]),
        ("5.5", "%d LEDs with their joints" % cfg.LED_COUNT, cfg.LED_COUNT * m["LED"]),
        ("5.7-5.8", "the button and SW5 carriers", m["carrier"]),
        ("6", "%d reed switches: U-turned, tested, soldered to their wires and sleeved, fitted, wired; every wire "
         "tacked into its channel"
         % len(cfg.POINTS), len(cfg.POINTS) * m["reed"] + m["laying"]),
        ("7.2-7.4", "12 discs stained, the jig set for each group, %d stones (the test stone is made): drilled, "
         "magnets set in epoxy" % (len(cfg.POINTS) - 1), m["stones"] + (len(cfg.POINTS) - 1) * m["stone"]),
        ("7.4-7.5", "the %d stones cured: bases sanded, felt pads; then the check of all %d (the test stone too)"
         % (len(cfg.POINTS) - 1, len(cfg.POINTS)),
         (len(cfg.POINTS) - 1) * m["stone finish"]),
        ("8", "the multimeter checks of the wired board", m["power checks"]),
        ("9", "deploy and bring-up (MicroPython flashed since 5.3)", m["bring-up"]),
        ("10", "the back cover (%d reed holes and their felt pads, %d screw pilots drilled through it into the board), "
         "the LED windows" % (kinds["reed"], kinds["cover-screw"]),
         m["cover"] + kinds["reed"] * m["cover reed hole"] + kinds["cover-screw"] * m["pilot"] + m["windows"]),
    ]
    return [(sec, what, round(minutes / 60.0, 1)) for sec, what, minutes in rows]   # rows and days add up as shown


# The plan: which steps each build day takes, and what cures overnight.
PLAN = (
    ("the evening before", "2.1-2.3: the sheet cut and measured, the stone jig, the test stone from the discs, all "
     "cut, measured and sorted first as 7.1 says (its epoxy cures overnight)", ("2.1-2.3",)),
    ("weekend 1, Saturday", "2.4, then 1 (the template printed for the sheet and the wood the depth test chose), "
     "3.1-3.8", ("2.4", "1", "3.1-3.8")),
    ("weekend 1, Sunday", "3.9-3.11 (every cut first; then the chips cleaned out, the top sanded, the lines and "
     "the varnish's first coat, the second 2 h later, dry overnight)", ("3.9-3.11",)),
    ("weekend 2, Saturday", "4 and 7.2-7.4 (first the 12 discs stained, 7.2: they dry while 4 is built; the stones "
     "cure during the week)", ("4", "7.2-7.4")),
    ("weekend 2, Sunday", "5.1-5.4 and 5.10 (the USB cable, before any wire goes into a channel)",
     ("5.1", "5.2-5.4, 5.10")),
    ("weekend 3, Saturday", "7.4-7.5 (the stones, cured), then 5.5, 5.7-5.8", ("7.4-7.5", "5.5", "5.7-5.8")),
    ("weekend 3, Sunday", "6", ("6",)),
    ("the evening after", "8, 9, 10 (the checks, the bring-up, the back cover; the LED windows' epoxy cures "
     "overnight before the first game)", ("8", "9", "10")),
)


# What each step of the schedule needs and makes (BUILD.md): a name ending in '*' is ready only the next day (it
# cures overnight: epoxy, varnish). plan_faults() walks PLAN and checks that every step's inputs exist before it.
STEP_IO = {
    "2.1-2.3": ((), ("board blank", "strip", "sheet thickness", "stone jig", "sorted discs", "test stone*")),
    "1": (("sheet thickness", "reed wood"), ("template",)),
    "2.4": (("strip", "test stone"), ("reed wood",)),
    "3.1-3.8": (("board blank", "template", "sheet thickness", "reed wood"), ("pockets",)),
    "3.9-3.11": (("pockets",), ("routed board*",)),
    "4": ((), ("logic board", "carrier pieces")),
    "7.2-7.4": (("stone jig", "sorted discs", "test stone"), ("stones in epoxy*",)),
    "7.4-7.5": (("stones in epoxy",), ("stones",)),
    "5.1": ((), ("wires",)),
    "5.2-5.4, 5.10": (("logic board", "wires", "routed board"), ("board in its cavity", "USB cable")),
    "5.5": (("board in its cavity", "USB cable"), ("LEDs",)),
    "5.7-5.8": (("carrier pieces", "board in its cavity", "USB cable"), ("buttons",)),
    "6": (("board in its cavity", "USB cable", "strip", "reed wood", "test stone"), ("reeds",)),
    "8": (("LEDs", "reeds", "buttons"), ("checked board",)),
    "9": (("checked board",), ("brought-up board",)),
    "10": (("brought-up board", "template"), ("closed board*",)),
}


def plan_faults(plan=PLAN):
    """Steps of ``plan`` whose inputs do not exist yet when the day comes (STEP_IO): list of str. Within a day the
    steps run in the order listed; what cures ('*') is there from the next day."""
    have, out = set(), []
    for day, _, keys in plan:
        curing = set()
        for key in keys:
            needs, makes = STEP_IO[key]
            for n in needs:
                if n not in have:
                    out.append("%s: step %s needs the %s, %s" % (day, key, n, "still curing" if n in curing else
                                                               "which no step before it makes"))
            for m in makes:
                (curing if m.endswith("*") else have).add(m.rstrip("*"))
        have |= curing
    return out


def plan_hours():
    """Hours of work on each day of PLAN: list of (day, steps text, hours); every step of schedule() is in one day."""
    hours = {sec: h for sec, _, h in schedule()}
    days = [k for _, _, keys in PLAN for k in keys]
    assert sorted(days) == sorted(hours), (days, sorted(hours))
    return [(day, text, sum(hours[k] for k in keys)) for day, text, keys in PLAN]


def schedule_md():
    """BUILD.md's schedule: hours by step (counted from the design, at MINUTES per unit of work) and the plan
    over three weekends."""
    rows = ["| steps | work | hours |", "|---|---|---:|"]
    total = 0.0
    for sec, what, h in schedule():
        rows.append("| %s | %s | %.1f |" % (sec, what, h))
        total += h
    rows.append("| | **in all** | **%.0f** |" % total)
    rows += ["", "| day | steps | hours of work |", "|---|---|---:|"]
    for day, text, h in plan_hours():
        rows.append("| %s | %s | %s |" % (day, text, "%.1f" % h if h else "1"))
    rows += ["", "The hours assume %s; a maker who has built such things before is quicker." % ", ".join(
        "%s %d min" % (k, v) for k, v in (("a reed pocket", MINUTES["reed pocket"]), ("a spur", MINUTES["straight spur"]),
                                         ("an angled spur", MINUTES["angled spur"]), ("a link", MINUTES["link"]),
                                         ("a wire", MINUTES["wire"]), ("an LED", MINUTES["LED"]),
                                         ("a reed switch", MINUTES["reed"])))]
    return "\n".join(rows) + "\n"


def total_hours():
    """The build's hours of work in all (schedule())."""
    return sum(h for _, _, h in schedule())


def board_checks_md():
    """BUILD.md 4.6: the multimeter checks of the logic board alone, before it is ever powered (the Q1 holes from
    tools/stripboard.py)."""
    import stripboard
    from board_netlist import Q1_PIN
    q1 = stripboard.placement()["Q1"][0]

    def hole(pin):
        return stripboard._name(q1[Q1_PIN[pin]])
    rows = ["| check | expect | if not |", "|---|---|---|",
            "| Pico VBUS (pin 40) to GND | not a short (more than about 1 kOhm) | a bridge at F1 or the Pico's row |",
            "| +5V_LED (U4 pin 14) to GND | not a short | a bridge at U4, C2 or Q1's drain |",
            "| +3V3 (Pico pin 36) to GND | not a short | a bridge near a 74HC165 or a resistor network |",
            "| +3V3 (Pico pin 36) to +5V_LED (U4 pin 14) | not a short | a bridge between the rails |",
            "| U1 pin 10 to the Pico's GP7 (pin 10) | 0 Ohm | U1 SER carries the tail pattern: link it to `sr_tail`, "
            "not to GND |",
            "| U1 pin 10 to GND | not a short | U1 SER must not be grounded |",
            "| Q1 gate (%s) to GND | about 120 kOhm | R2 missing or wrong, or C8 shorted |" % hole("G"),
            "| Q1 gate to source (%s) | not a short (the reading climbs while C6 charges) | C6 shorted |" % hole("S"),
            "| Q1 gate to drain (%s) | not a short (the reading climbs while C8 charges) | C8 shorted |" % hole("D"),
            "| Q1's tab to the Pico's nearest edge, with the caliper | %.1f mm or more (table 4 draws %.1f: the "
            "rest is the room for misplacement, used up once both are in) | desolder Q1 (the desoldering braid), "
            "bend its legs again nearer the body and solder it again (4.3.6) |"
            % (stripboard.METAL_GAP_MM, stripboard.metal_gaps()[0][0])]
    return "\n".join(rows) + "\n"


USB_VBUS_MIN_V = 4.75     # USB 2.0: VBUS at the device, at least
F1_OHM_MAX = 0.77         # Bourns MF-R050 new, at most (MF-R series datasheet: 0.41-0.77 Ohm initial at 23 degC, R1
                          # at most 1.17 Ohm one hour after a trip; README.md, "LEDs")
F1_OHM_TRIPPED_MAX = 1.17
Q1_OHM_MAX = 0.075        # NDP6020P fully on, at most (README.md, "Soft start")


def q1_hole(pin):
    """The logic board hole of Q1's leg ``pin`` ('G', 'D' or 'S'): 'C28R29' (tools/stripboard.py)."""
    import stripboard
    from board_netlist import Q1_PIN
    return stripboard._name(stripboard.placement()["Q1"][0][Q1_PIN[pin]])


def q1_loss_limit_v():
    """What Q1 may lose (V, source to tab) under the `load` step's rail current with the default budget: its
    fully-on resistance at most Q1_OHM_MAX, rounded up to 0.01 V (BUILD.md 9.3 and the troubleshooting table)."""
    return math.ceil(rail_check()[0]["q1"] * 100.0 - 1e-9) / 100.0


def rail_check():
    """The bring-up's `load` reading for each port budget: list of dicts with port (mA), per_led (mA), wires (V lost
    along the rail's 24 AWG wires to the last LED), need (V the reading on the +5V_LED rail must reach: the last LED's datasheet
    minimum plus the wires' loss, never below U4's own minimum, rounded up to 0.05 V), rail (mA through F1 and Q1:
    the LEDs at the cap, idle, and U4), f1q1 (V F1 and Q1 lose at it) and vbus (V VBUS must reach at the Pico for the
    reading to pass: need + f1q1)."""
    import harness
    ws = harness.wires()
    out = []
    for port in power_budget.PORTS:
        b = power_budget.budget(port)
        per = 3 * power_budget.LED_MA_PER_CHANNEL * b["cap"] / 255.0 + power_budget.LED_IDLE_MA
        need, drop = harness.load_check(ws, per)
        rail = b["led_at_cap_ma"] + power_budget.LED_COUNT * power_budget.LED_IDLE_MA + power_budget.AHCT125_MA
        f1q1 = rail / 1000.0 * (F1_OHM_MAX + Q1_OHM_MAX)
        out.append({"port": port, "per_led": per, "wires": drop, "need": need, "rail": rail, "f1q1": f1q1,
                    "q1": rail / 1000.0 * Q1_OHM_MAX,
                    "vbus": need + f1q1})
    return out


def load_check_md():
    """BUILD.md 9.3: what the `load` step's reading on the LED rail (at Q1's tab, the rail at U4) must reach for each port budget (the last LED's datasheet
    minimum plus the drop along the LED rail's 24 AWG wires, from the harness's cut lengths), and what to do when it
    does not (Q1's source leg, F1's output, tells Q1 from what lies before it: the Pico's VBUS pin lies under the
    far lane's wires). The probe points take a hand-held probe with no other net within its reach: Q1's tab
    (+5V_LED, the drain), the Pico's debug GND hole and Q1's source leg (its neighbour is the drain)."""
    import harness
    import stripboard
    rc = rail_check()
    d, o = rc[0], rc[-1]
    return ("Hold the multimeter's probes by hand on the two points below; no crocodile clips on the logic board: its "
            "pins are 2.54 mm apart, and a clip on U4 pin 14 (+5V_LED) also touches pin 13 (tied to GND) and shorts the "
            "LED rail under its full load. Each point takes a probe with no other net within its reach:\n\n"
            "- **+5V_LED: Q1's metal tab** (its drain), the bare metal beyond its plastic body, round the tab's hole. "
            "It lies flat on the board below the Pico, at least %.1f mm from any other part or lead (4.3.6, 4.6).\n"
            "- **GND: the middle one of the Pico's three debug holes**, at the Pico's end away from the USB socket, "
            "marked GND between SWCLK and SWDIO: the probe's tip rests in the hole.\n\n"
            "The full bring-up of 9.2 runs the `load` step with the board face up: watch there only that no LED "
            "flickers and the Pico does not reset. For the reading, lay the board face down on the towel, rest the "
            "black probe's tip in the debug hole, then start the step on its own for 30 s: `.venv/bin/python -m "
            "mpremote exec \"import selftest; selftest.bringup(('load',), load_ms=30000)\"`, and hold the red probe "
            "on the tab. While all LEDs are white it must read at least **%.2f V** with the default %d mA budget (**%.2f V** with "
            "the %d mA option). That is, rounded up to the next 0.05 V, %.1f V at the last LED (d7: WS2812-family datasheets give their characteristics from VDD %.1f V) plus "
            "what the rail's 24 AWG wires lose between the logic board and d7 at that budget (%s; computed from the "
            "harness's lengths by tools/harness.py), and never below the 74AHCT125's own %.1f V: nothing needs probing "
            "at the LEDs. Run the step again as often as you like.\n\n"
            "If it reads lower, find where the volts go, during the same step. The Pico's VBUS (pin 40) "
            "lies under the far lane's wires (harness.md, \"In the cavity\"); **Q1's source leg** (%s: F1's output) "
            "lies clear of them: the right-hand one of Q1's two legs in row %s, bare from its plastic body to the board. Its "
            "neighbour, the drain leg, is the tab's own net: a probe that slips onto it reads 0 V and shorts nothing.\n\n"
            "- Hold the red probe on the source leg and the black one on the tab: that is what Q1 itself loses. Fully "
            "on, Q1 (at most %.3f Ohm) loses %.3f V of the rail's %.0f mA; more than **%.2f V**: Q1 is not fully on (the "
            "Q1 checks of 4.6).\n"
            "- Q1 within %.2f V: the volts are lost before it, in the USB port, the cable or F1 (at most %.2f Ohm new: "
            "%.2f V; up to %.2f Ohm for an hour after a trip). Use a data cable of at most 1 m, another USB port of the "
            "computer, or a powered USB hub (one with its own mains adapter) between the computer and the board, and "
            "measure again. If the tab still reads low behind a powered hub, F1 tripped within the last hour (leave the "
            "board unplugged an hour and measure again) or is faulty: replace F1.\n\n"
            "With VBUS at %.2f V (USB's minimum) or more at the Pico the default budget always passes (F1 and Q1 lose "
            "at most %.2f V of the rail's %.0f mA: the tab then reads %.2f V or more). The %d mA "
            "option (`USB_BUDGET_MA = %d`, deployed again, with a MicroPython build that declares 500 mA: README.md, "
            "\"Power budget\") is only for a board whose reading with it reaches %.2f V: "
            "that needs VBUS at %.2f V or more under the load, which a powered hub gives and many computer ports do "
            "not; otherwise keep %d mA. A board deployed with the option plays only from that port or hub, never "
            "from the mains adapter (README.md, \"Away from the computer\").\n"
            % (stripboard.METAL_GAP_MM, d["need"], d["port"], o["need"], o["port"],
               harness.LED_END_MIN_V, harness.LED_END_MIN_V,
               " or ".join("%.2f V at %d mA (%.1f mA a LED)" % (r["wires"], r["port"], r["per_led"]) for r in rc),
               harness.U4_MIN_V, q1_hole("S"), q1_hole("S")[q1_hole("S").index("R") + 1:], Q1_OHM_MAX, d["q1"],
               d["rail"], q1_loss_limit_v(), q1_loss_limit_v(), F1_OHM_MAX, d["rail"] / 1000.0 * F1_OHM_MAX,
               F1_OHM_TRIPPED_MAX, USB_VBUS_MIN_V, d["f1q1"] + 0.005, d["rail"], USB_VBUS_MIN_V - d["f1q1"], o["port"], o["port"], o["need"], math.ceil(o["vbus"] * 100.0) / 100.0, d["port"]))


def bits_md():
    """BOM.md's drill and router bits: every bit the layout's features need (board_layout.BITS) and the others
    (board_layout.OTHER_BITS), each with what it cuts."""
    uses = {}
    for kind, bit in board_layout.BITS.items():
        name = FEATURE_NAMES[kind]
        uses.setdefault(bit.split(", ")[0], []).append(name if kind == "sw5" else name.split(" (")[0])
    for bit, what in board_layout.OTHER_BITS:
        uses.setdefault(bit, []).append(what)
    rows = ["| bit | cuts |", "|---|---|"]
    for bit in sorted(uses, key=lambda b: (("router" in b), ("Forstner" in b), float(b.split()[0]) if b[0].isdigit()
                                           else 99.0, b)):
        rows.append("| %s | %s |" % (bit, "; ".join(uses[bit])))
    return "\n".join(rows) + "\n"


def board_pieces_md():
    """BUILD.md 4.1: where the logic board and the two carriers are snapped out of the 100 x 160 mm stripboard, in
    which order, and how the logic board and the SW5 carrier are filed to the size the tools place (each edge, the
    caliper's reading after it), from tools/stripboard.py (PIECES, SNAPS)."""
    import stripboard as sb

    def edge_name(name, edge):
        (h0, h1), (s0, s1), _ = sb.PIECES[name]
        how = sb.piece_edges(name)[edge][0]
        where = {"first hole": "end at hole %d" % h0, "last hole": "end at hole %d" % h1,
                 "first strip": "long edge at strip %d" % s0, "last strip": "long edge at strip %d" % s1}[edge]
        return "the %s (%s)" % (where, "the board's own edge" if how == "original" else "snapped")
    rows = ["| # | score and snap | on | parts |", "|---:|---|---|---|"]
    for k, (kind, line, (lo, hi), on, what) in enumerate(sb.SNAPS):
        snap = ("along strip %d (holes %d..%d)" % (line, lo, hi) if kind == "along"
                else "across strips %d..%d at hole %d" % (lo, hi, line))
        rows.append("| %d | %s | %s | %s |" % (k + 1, snap, on, what))
    rows += ["", "| piece | holes (along x across the strips) | cut from | as snapped (mm) | then | size (mm) |",
             "|---|---|---|---|---|---|"]
    for name, ((h0, h1), (s0, s1), filed) in sb.PIECES.items():
        n = sb.piece_holes(name)
        cut = sb.piece_size(name, "nominal cut")
        steps = sb.filing_steps(name)
        if steps:
            then = "; ".join("file %.2f mm off %s: the caliper %s reads **%.1f**" % (
                off, edge_name(name, edge), "along the strips" if edge.endswith("hole") else "across them", reading)
                for edge, off, reading in steps)
        else:
            then = "nothing: its snapped edges stay (its pocket takes it as it is)"
        rows.append("| %s | %d x %d | holes %d..%d of strips %d..%d | %s x %s | %s | %s x %s |" % (
            name, n[0], n[1], h0, h1, s0, s1, _fmt(round(cut[0], 1)), _fmt(round(cut[1], 1)), then,
            _fmt(round(sb.piece_size(name)[0], 1)), _fmt(round(sb.piece_size(name)[1], 1))))
    return ("Lay the stripboard component side up (the side without copper), its strips running left-right, and number "
            "its holes 1..%d from the left and its strips 1..%d from the top with a pen along two edges (it is %g x %g "
            "mm; its outer holes sit %.2f mm from its ends and %.2f mm from its long edges). Every piece keeps that "
            "orientation: its first hole is its column 1, its first strip its row 1 (stripboard.md's C1R1, "
            "carriers.svg's). Snap it "
            "in this order: score with a knife on both faces along the line of holes named and snap it over a table "
            "edge. That line of holes is lost: the new edge runs through its holes' centres, %.2f mm from the last "
            "holes kept (up to %.1f mm more where it breaks raggedly).\n\n%s\n\n"
            "File with a flat file, each edge straight and square to the strips, until the caliper across the piece "
            "reads the figure given, the snapped edges first; stop within %.1f mm over it (the tools check every fit "
            "at that size). A filed edge then runs %.2f mm beyond its last holes' centres. carriers.svg draws where "
            "each piece lies on the board and its filed outline.\n"
            % (sb.SOURCE_HOLES[0], sb.SOURCE_HOLES[1], sb.SOURCE_MM[0], sb.SOURCE_MM[1], sb.ORIGINAL_MARGIN_MM[0],
               sb.ORIGINAL_MARGIN_MM[1], sb.SNAP_MARGIN_MM, sb.RAGGED_MM, "\n".join(rows), sb.FILE_TOL_MM,
               sb.FILE_MARGIN_MM))


def tools_md():
    """BOM.md's machines and the bits' dimensions that matter, from the layout (board_layout.tool_requirements):
    the drill press's throat, the plunge router and its bits' cutting lengths, the slot drill's reach, the
    brad-point set."""
    req = board_layout.tool_requirements()
    d, far = board_layout.drill_throat_mm()
    f = {x.name: x for x in board_layout.features(400.0)}[far]
    what = "the holes along the angled spur of " + far[5:] if f.kind == "spur" else board_layout.BITS[f.kind]
    r8, r6 = (req["router"]["%d mm straight router bit" % w] for w in (8, 6))
    deep = board_layout.deepest_cuts()
    deep8 = deep["8 mm straight router bit"]
    reach = req["reed reach"]
    reach_g, (far_mm, far_name) = board_layout.guide_reach_mm()
    beyond = guide_beyond()
    n_beyond = len({n for mm, n in board_layout.guide_passes() if mm > board_layout.GUIDE_STOCK_MM + 1e-9})
    brads = sorted({float(b.split()[0]) for b in list(board_layout.BITS.values()) + [b for b, _ in board_layout.OTHER_BITS]
                    if "brad-point" in b})
    return ("- **A bench drill press with a depth stop and a throat of at least %d mm** (column to spindle axis; a "
            "swing of %d mm): the farthest hole from an edge, %s, lies %.1f mm in. Most small bench drills have less "
            "and cannot reach the inner ring.\n"
            "- **A plunge router** (the cavity, the pockets and the spurs start inside the board, so the bit plunges "
            "in) with a depth stop and a parallel edge guide; its collet takes the bits' shanks (8 mm or 1/4 in). "
            "**The guide must reach %d mm** from its fence to the bit's centre: the farthest pass, at %s, lies %.1f mm "
            "from the nearer edge, and %d cuts lie beyond the %d mm many stock guides reach (BUILD.md 3, \"The "
            "router's guide\"). With a shorter guide: a **straight batten** about 1 m long (an aluminium "
            "straightedge, or a straight strip of plywood about 60 mm wide) clamped to the board guides the router's "
            "base for those cuts, and **two small blocks** of scrap clamped on the board stop it at the cuts' closed "
            "ends: **four clamps** in all (two for the batten, two for the blocks; the same serve the backer board "
            "and the stone jig).\n"
            "- Straight router bits, two flutes: the **8 mm one with a cutting length of at least %d mm** (its deepest "
            "cut, the %s, is %.1f mm) and the **6 mm one with at least %d mm**.\n"
            "- The reed pockets' **5 mm slot drill must reach %.0f mm** into a 5 mm hole (a %.0f mm sheet with %.0f mm "
            "of wood left): one with a **5 mm shank** (the shank follows the cutter into the pocket), at least 50 mm "
            "long, held with at least %.0f mm standing out of the chuck; or a long-series one whose flutes are at "
            "least %.0f mm long. A 5 mm cutter on a 6 mm shank with shorter flutes cannot reach. Lift it out every "
            "3 mm to clear the chips.\n"
            "- The brad-point bits are whole millimetres, all from one common set of %d..%d mm in 1 mm steps: the %s "
            "mm ones are used (no odd size to hunt for).\n"
            % (req["throat"], 2 * req["throat"], what, d, reach_g, beyond[0][1], far_mm, n_beyond,
               board_layout.GUIDE_STOCK_MM, r8, hw_feature(deep8[1]), deep8[0], r6, reach,
               board_layout.THICKNESS_RANGE_MM[1], min(board_layout.REED_WOOD_OPTIONS), reach + 5.0, reach + 1.0,
               board_layout.BRAD_POINT_SET_MM[0], board_layout.BRAD_POINT_SET_MM[-1],
               ", ".join(_fmt(b) for b in brads[:-1]) + " and " + _fmt(brads[-1])))


def guide_beyond(size_mm=400.0):
    """The routed cuts whose farthest pass lies beyond board_layout.GUIDE_STOCK_MM from the nearer edge, as a maker
    names them: list of (mm, name) from the farthest; the spurs and the inner ring channels grouped."""
    far = {}
    for mm, name in board_layout.guide_passes(size_mm):
        far.setdefault(name, mm)
    feats = {f.name: f for f in board_layout.features(size_mm)}
    groups = {}
    for name, mm in far.items():
        if mm <= board_layout.GUIDE_STOCK_MM + 1e-9:
            continue
        f = feats[name]
        key = (f.kind if f.kind in ("spur", "ring") else name, round(mm, 1))
        groups.setdefault(key, []).append(name)
    out = []
    for (kind, mm), names in groups.items():
        if kind == "spur":
            pts = [n[5:] for n in sorted(names, key=lambda n: GEOMETRIES["standard"].index[n[5:]])]
            text = "the spur%s of %s" % ("s" if len(pts) > 1 else "", ", ".join(pts[:-1]) + " and " + pts[-1]
                                         if len(pts) > 1 else pts[0])
        elif kind == "ring":
            sides = ["%s-%s" % (n[-4:-2], n[-2:]) for n in sorted(names)]
            text = "the %s ring channel%s %s" % (names[0].split("-")[0], "s" if len(sides) > 1 else "",
                                                 ", ".join(sides[:-1]) + " and " + sides[-1]
                                                 if len(sides) > 1 else sides[0])
        elif feats[kind].kind == "sw5":
            text = "the reset button (SW5) pocket"
        else:
            text = "the " + hw_feature(feats[kind].kind)
        out.append((mm, text))
    return sorted(out, reverse=True)


def guide_md(size_mm=400.0):
    """BUILD.md 3: how far the router's guide must reach (board_layout.guide_passes) and what to do with a shorter
    one: a batten clamped to the board, stop blocks at the closed ends."""
    reach, _ = board_layout.guide_reach_mm(size_mm)
    beyond = guide_beyond(size_mm)
    items = "; ".join("%s %s" % (text, _fmt(mm)) for mm, text in beyond)
    return ("Every routed cut but the angled spurs is a straight pass at a set distance from the nearer board edge: "
            "the bit's centre half the bit's width inside the edges and walls the positions table gives (a channel as "
            "wide as its bit is one pass along its centre line; a spur two, one at each edge; a pocket four, its "
            "walls). An edge "
            "guide that does them all reaches **%d mm** from its fence to the bit's centre. These cuts lie beyond the "
            "%d mm many stock guides reach (the farthest pass from the nearer edge, mm): %s.\n\n"
            "For every cut beyond your guide's reach, guide the router's base along a **straight batten** (BOM) "
            "instead. Once, rout a short test groove in the strip with each bit against the batten and measure from "
            "the groove's edge to the batten: that is the batten's offset for that bit. Then for each cut pencil the "
            "cut's edge on the board (the positions table), clamp the batten parallel to it at the offset (measure "
            "at both ends), its clamps clear of the router's path, and rout with the base pressed against it; a spur's "
            "second pass moves the batten 1 mm. **Closed ends** (a pocket's walls, a channel that ends inside the "
            "board): pencil the end, set the bit on the mark and clamp a block against the router's base there, at "
            "each end of the pass; plunge against one block, rout to the other, lift the bit. A pocket: its four walls "
            "so, then clear the inside freehand in passes no deeper than 4 mm, the base resting on the wood round "
            "it.\n" % (reach, board_layout.GUIDE_STOCK_MM, items))


def hw_feature(kind):
    """A feature kind's name for prose: 'electronics cavity'."""
    return FEATURE_NAMES[kind].split(" (")[0]


def reed_bend_md():
    """sensing.md: where the reed's lower-lead bend lies for every sheet the tool accepts and both wood options
    (board_layout.reed_bend_proud_mm), and what takes it when it stands above the back face: the back cover's
    hole over the reed, not a pocket below the face."""
    bl = board_layout
    lo, hi = bl.THICKNESS_RANGE_MM
    sheets = [lo, bl.THICKNESS_MM, hi]
    woods = sorted(bl.REED_WOOD_OPTIONS, reverse=True)
    rows = ["| sheet (mm) | " + " | ".join("%s mm of wood over the reed" % _fmt(w) for w in woods) + " |",
            "|---:|" + "---|" * len(woods)]
    for t in sheets:
        cells = []
        for w in woods:
            v = bl.reed_bend_proud_mm(t - w)
            cells.append("%.1f mm %s" % (abs(v), "**above** the back face" if v > 1e-9 else "under it"))
        rows.append("| %s | %s |" % (_fmt(t), " | ".join(cells)))
    worst = bl.reed_bend_proud_mm(lo - max(woods))
    total = bl.REED_UTURN_MAX_MM + bl.REED_GLASS_MM + bl.REED_BEND_MM + bl.REED_LEAD_MM
    leads = ["| sheet (mm) | " + " | ".join("%s mm of wood over the reed" % _fmt(w) for w in woods) + " |",
             "|---:|" + "---:|" * len(woods)]
    for t in sheets:
        leads.append("| %s | %s |" % (_fmt(t), " | ".join("%s mm" % _fmt(bl.reed_lower_lead_mm(t - w))
                                                          for w in woods)))
    return ("The lower lead's bend is fixed by the glass, not by the pocket: the U-turn holds the glass up to %s mm under "
            "the pocket's floor, the glass is %s mm long, and the bend lies %s mm past it (plus the lead's %s mm): "
            "%.1f mm from the floor at most. The pocket is the sheet's thickness less the wood left over the reed "
            "deep, so in the thinner sheets the bend stands above the back face:\n\n%s\n\n"
            "A counterbore or a deeper mouth below the back face makes no room above it. The room is in the back "
            "cover: a Ø %s mm hole through it over every reed pocket (%s mm deep, the cover's thickness; a felt pad "
            "closes it outside) takes the bend in every sheet the tool accepts: up to %.1f mm proud, it stays %.1f mm "
            "under the pad (%.1f mm at least); `tools/board_layout.py` refuses a layout whose cover leaves a reed's bend without such a hole "
            "(reed_room_problems).\n\n"
            "The lower lead's length follows the bend's height too (BUILD.md 6.3). An MDSR-10's lead is at least %s mm "
            "long (Littelfuse's datasheet), so %s mm of it are left past a bend %s mm from the glass. From the bend it "
            "runs %s mm over towards the ring channel (past the pocket's edge, inside the cover's hole) and straight down into the "
            "channel to its floor (%s mm under the back face); its last %s mm, standing in the channel, take the GND "
            "wires' joint (their stripped ends turned up along it from the floor), %s mm or more under the back face. "
            "Cut it this long past the bend (the bend taken at its highest, rounded down to %s mm: the end rests on the "
            "floor or stands up to %s mm above it; a bend up to 1 mm lower meets the floor that much early: nip the "
            "rest off). `tools/board_layout.py` refuses a sheet that would ask for more lead than an MDSR-10 has "
            "(reed_lead_problems):\n\n"
            "%s\n" % (
                _fmt(bl.REED_UTURN_MAX_MM), "%g" % bl.REED_GLASS_MM, _fmt(bl.REED_BEND_MM), "%g" % bl.REED_LEAD_MM,
                total, "\n".join(rows), _fmt(bl.COVER_REED_HOLE_D), _fmt(bl.COVER_MM), worst, bl.COVER_MM - worst,
                bl.COVER_CLEARANCE_MM, "%g" % bl.REED_LEAD_LEN_MM, "%g" % round(bl.reed_lead_past_bend_mm(), 2),
                _fmt(bl.REED_BEND_MM), _fmt(bl.REED_LEAD_RUN_MM), _fmt(bl.RING_CHANNEL[1]), _fmt(bl.REED_JOINT_MM),
                _fmt(bl.RING_CHANNEL[1] - bl.REED_JOINT_MM - bl.REED_LEAD_STEP_MM), _fmt(bl.REED_LEAD_STEP_MM),
                _fmt(bl.REED_LEAD_STEP_MM), "\n".join(leads)))


def sensing_gap_md():
    """sensing.md's gap from the magnet to the reed's glass, from the layout's figures, and the depth test's margin."""
    wood = board_layout.REED_WOOD_MM
    bend = (board_layout.REED_BEND_MM, board_layout.REED_UTURN_MAX_MM)
    cover = board_layout.STONE_POCKET[1] - MAGNET_MM[1]
    gap = (wood + bend[0] + cover + FELT_MM, wood + bend[1] + cover + FELT_MM)
    extra = DEPTH_TEST_MARGIN_MM
    return ("The gap from the magnet to the glass: %s mm of wood, %s-%s mm of the upper lead's U-turn, %s mm of epoxy "
            "over the magnet and %s mm of felt: **%s-%s mm** (plus any varnish). The depth test asks the switch to "
            "close with the stone %s mm above the surface, at %s-%s mm: **%.2f-%.2f times** the gap in play.\n" % (
                _fmt(wood), _fmt(bend[0]), _fmt(bend[1]), _fmt(cover), _fmt(FELT_MM), _fmt(gap[0]), _fmt(gap[1]),
                _fmt(extra), _fmt(gap[0] + extra), _fmt(gap[1] + extra), (gap[1] + extra) / gap[1],
                (gap[0] + extra) / gap[0]))


MAGNET_MM = (8.0, 3.0)         # the stones' NdFeB disc: diameter, thickness (BOM)
FELT_MM = 1.0                  # the felt pad under each stone (BOM)
DEPTH_TEST_MARGIN_MM = 3.0     # the depth test: the switch closes with the stone this far above the surface


def shared_holes_md():
    """BUILD.md 4.3.1: the lane holes that take two link ends and how the second end is joined (tools/stripboard.py:
    shared_holes_text), wrapped and indented as the step's text."""
    import textwrap
    import stripboard
    _, links, _ = stripboard.derive()
    return textwrap.fill(stripboard.shared_holes_text(links), 96, initial_indent="      ",
                         subsequent_indent="      ") + "\n      "


BUILD_BLOCKS = {"drilling": drilling_md, "positions": positions_md, "guide": guide_md, "spurs": spurs_md, "joins": joins_md,
                "schedule": schedule_md, "board-checks": board_checks_md, "load-check": load_check_md,
                "board-pieces": board_pieces_md, "shared-holes": shared_holes_md}
BOM_BLOCKS = {"bits": bits_md, "tools": tools_md}
SENSING_BLOCKS = {"gap": sensing_gap_md, "reed-bend": reed_bend_md}


BLOCKS = {
    "pin-map": pin_map_md,
    "points": points_md,
    "led-chain": led_chain_md,
    "switch-chain": switch_chain_md,
    "power": power_md,
    "soft-start": power_budget.soft_start_markdown,
}


def netlist_md():
    """The whole hardware/netlist.md (str)."""
    out = ["# Netlist",
           "",
           "Generated by `tools/hw_tables.py` from `firmware/board_config.py`; do not edit by hand.",
           "Pin numbers are package pins (Pico header pins for A1). The schematic",
           "(`schematic.svg`) uses the same net names as labels.",
           "",
           "## Components",
           "",
           "| ref | part | qty |",
           "|---|---|---:|"]
    out += ["| %s | %s | %s |" % c for c in COMPONENTS]
    out += ["", "## Nets", "", "| net | pins |", "|---|---|"]
    for net, pins in sorted(netlist().items(), key=lambda kv: _net_key(kv[0])):
        out.append("| %s | %s |" % (net, ", ".join(pins)))
    return "\n".join(out) + "\n"


def _net_key(net):
    m = re.match(r"(\D+)(\d+)$", net)
    return (m.group(1), int(m.group(2))) if m else (net, -1)


# --- writing and checking ---------------------------------------------------------

def _replace_blocks(text, blocks=None, where="hardware/README.md"):
    for name, fn in (BLOCKS if blocks is None else blocks).items():
        pat = re.compile(r"(<!-- BEGIN GENERATED: %s -->\n).*?(<!-- END GENERATED: %s -->)" % (
            re.escape(name), re.escape(name)), re.S)
        if not pat.search(text):
            raise ValueError("%s lacks the generated block %r" % (where, name))
        body = fn()
        text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
    return text


def expected():
    """Every generated file's expected content: dict path -> str."""
    readme = os.path.join(HW, "README.md")
    with open(readme, encoding="utf-8") as f:
        current = f.read()
    build = os.path.join(HW, "BUILD.md")
    with open(build, encoding="utf-8") as f:
        build_text = f.read()
    out = {
        readme: _replace_blocks(current),
        build: _replace_blocks(build_text, BUILD_BLOCKS, "hardware/BUILD.md"),
        os.path.join(HW, "netlist.md"): netlist_md(),
    }
    for name, blocks in (("BOM.md", BOM_BLOCKS), ("sensing.md", SENSING_BLOCKS)):
        path = os.path.join(HW, name)
        with open(path, encoding="utf-8") as f:
            out[path] = _replace_blocks(f.read(), blocks, "hardware/" + name)
    out.update({os.path.join(kicad_sch.KICAD_DIR, name): text for name, text in kicad_sch.project_files().items()})
    return out


def stale():
    """Paths whose content differs from what the generator produces: list of str."""
    out = []
    for path, want in expected().items():
        try:
            with open(path, encoding="utf-8") as f:
                have = f.read()
        except FileNotFoundError:
            have = None
        if have != want:
            out.append(path)
    return out


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check; exit 1 if a file is stale")
    a = ap.parse_args(argv)
    if a.check:
        bad = stale()
        for p in bad:
            print("stale: %s (run: python tools/hw_tables.py)" % os.path.relpath(p, ROOT))
        if not bad:
            print("hardware docs match firmware/board_config.py")
        return 1 if bad else 0
    for path, want in expected().items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(want)
        print("wrote " + os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
