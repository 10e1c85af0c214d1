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
    "led-counterbore": "LED counterbore (its rim)", "spur": "LED spur channel", "ring": "ring channel",
    "c1-bay": "C1 bay (LED 0's ring channel on beyond LED 0's spur)", "radial": "front radial channel (to the buttons)",
    "usb": "USB cable channel (to the back edge)", "cavity": "electronics cavity",
    "plug": "USB plug pocket (at the cavity's back wall)", "clamp": "cable tie pocket (the strain relief)",
    "sw5": "reset button (SW5) pocket",
    "button-hole": "button plunger hole", "button-body": "button body pocket", "button-carrier": "button carrier pocket",
    "cover-screw": "back cover screw pilot hole"}


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
    out.append("- every LED spur meets its LED's counterbore and its ring channel; every reed pocket its mouth "
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
    "template": 60, "depth test": 45, "sheet": 30, "marking out": 60,
    "reed pocket": 3, "LED window": 3, "button hole": 5, "straight spur": 6, "angled spur": 15, "ring channel": 12,
    "pocket": 20, "cavity": 60, "channel": 15, "pilot": 1, "finish": 100,
    "cut": 1, "bridge": 2, "link": 3, "part": 3, "Pico": 40, "board checks": 30,
    "wire": 3, "pad wire": 2, "LED": 18, "LED test": 30, "carrier": 45, "laying": 90,
    "reed": 13, "stones": 60, "stone": 5, "power checks": 30, "bring-up": 60, "cover": 45, "windows": 30,
}
DAY_H = 8.0       # working hours a build day holds in the plan


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
    rows = [
        ("1", "print, cut and tape the template", m["template"]),
        ("2", "the depth test on the offcut", m["depth test"]),
        ("3.1-3.8", "cut the sheet, mark out; %d reed pockets, %d LED windows, %d button holes, the cavity, %d pockets"
         % (kinds["reed"], kinds["led-window"], kinds["button-hole"], pockets),
         m["sheet"] + m["marking out"] + kinds["reed"] * m["reed pocket"] + kinds["led-window"] * m["LED window"]
         + kinds["button-hole"] * m["button hole"] + m["cavity"] + pockets * m["pocket"]),
        ("3.9-3.11", "%d spurs (%d at an angle), %d ring channels, %d other channels, %d cover pilots; sanding, lines, "
         "varnish" % (len(spurs), angled, kinds["ring"], channels, kinds["cover-screw"]),
         (len(spurs) - angled) * m["straight spur"] + angled * m["angled spur"] + kinds["ring"] * m["ring channel"]
         + channels * m["channel"] + kinds["cover-screw"] * m["pilot"] + m["finish"]),
        ("4", "%d cuts, %d bridges, %d links, %d parts, the Pico, the checks" % (len(cuts), n_bridges, n_links, parts),
         len(cuts) * m["cut"] + n_bridges * m["bridge"] + n_links * m["link"] + parts * m["part"] + m["Pico"]
         + m["board checks"]),
        ("5.1", "%d wires cut, flagged at both ends, stripped and tinned" % len(ws), len(ws) * m["wire"]),
        ("5.2-5.4", "%d wires soldered to the board, the one-LED test, the board in its cavity" % pads,
         pads * m["pad wire"] + m["LED test"]),
        ("5.5", "%d LEDs with their joints" % cfg.LED_COUNT, cfg.LED_COUNT * m["LED"]),
        ("5.7-5.10", "the button and SW5 carriers, the USB cable", m["carrier"]),
        ("6", "%d reed switches: tested, bent, sleeved, fitted, wired; every wire tacked into its channel"
         % len(cfg.POINTS), len(cfg.POINTS) * m["reed"] + m["laying"]),
        ("7", "the jig, stain, %d stones, felt" % len(cfg.POINTS), m["stones"] + len(cfg.POINTS) * m["stone"]),
        ("8", "the multimeter checks of the wired board", m["power checks"]),
        ("9", "flash, deploy, bring-up", m["bring-up"]),
        ("10", "the back cover, the LED windows", m["cover"] + m["windows"]),
    ]
    return [(sec, what, minutes / 60.0) for sec, what, minutes in rows]


# The plan: which steps each build day takes, and what cures overnight.
PLAN = (
    ("the evening before", "the test stone (7.2-7.4, one magnet): its epoxy cures overnight", ()),
    ("weekend 1, Saturday", "1, 2, 3.1-3.8", ("1", "2", "3.1-3.8")),
    ("weekend 1, Sunday", "3.9-3.11 (the varnish's first coat dries while you rout; the second overnight)",
     ("3.9-3.11",)),
    ("weekend 2, Saturday", "4 and 7 (the stones cure during the week)", ("4", "7")),
    ("weekend 2, Sunday", "5.1-5.4", ("5.1", "5.2-5.4")),
    ("weekend 3, Saturday", "5.5-5.10", ("5.5", "5.7-5.10")),
    ("weekend 3, Sunday", "6, 8, 9", ("6", "8", "9")),
    ("the evening after", "10 (the LED windows' epoxy cures overnight before the first game)", ("10",)),
)


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
            "| Q1's tab to the Pico's nearest edge, with the caliper | %.1f mm or more | re-bend Q1's legs (4.3.6) |"
            % (stripboard.METAL_GAP_MM + stripboard.PLACEMENT_TOL_MM)]
    return "\n".join(rows) + "\n"


def load_check_md():
    """BUILD.md 9.3: what the `load` step's reading at U4 must reach, and why it covers the last LED (the drop along
    the LED rail's 24 AWG wires, from the harness's cut lengths, at each port budget's brightness cap)."""
    import harness
    ws = harness.wires()
    parts = []
    need = 0.0
    for port in power_budget.PORTS:
        b = power_budget.budget(port)
        per = 3 * power_budget.LED_MA_PER_CHANNEL * b["cap"] / 255.0 + power_budget.LED_IDLE_MA
        v, drop = harness.load_check(ws, per)
        need = max(need, v)
        parts.append("%.2f V with the %d mA budget (%.1f mA a LED)" % (drop, port, per))
    return ("Clip the multimeter's leads to U4 pin 14 (+) and pin 7 (-) with crocodile clips before you start the step; "
            "it must read **%.1f V or more** (the 74AHCT125's minimum) while all LEDs are white. The rail's 24 AWG "
            "wires then lose at most %s between the logic board and the last LED (d7, computed from the harness's "
            "lengths by tools/harness.py), which so sees %.1f V or more: nothing needs probing at the LEDs. Run the "
            "step again as often as you like: `.venv/bin/python -m mpremote exec \"import selftest; "
            "selftest.bringup(('load',))\"`.\n" % (need, " or ".join(parts), harness.LED_END_MIN_V))


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


BUILD_BLOCKS = {"drilling": drilling_md, "positions": positions_md, "spurs": spurs_md, "joins": joins_md,
                "schedule": schedule_md, "board-checks": board_checks_md, "load-check": load_check_md}
BOM_BLOCKS = {"bits": bits_md}
SENSING_BLOCKS = {"gap": sensing_gap_md}


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
