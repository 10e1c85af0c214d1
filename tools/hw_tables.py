#!/usr/bin/env python3
"""Generate the hardware documents' tables, netlist and schematic from firmware/board_config.py.

Usage:
    python tools/hw_tables.py            # rewrite the generated parts of hardware/
    python tools/hw_tables.py --check    # exit 1 and name the files that differ (what the tests run)

What it writes (everything the firmware's wiring tables decide, so docs and
firmware never disagree):
    hardware/README.md    the blocks between <!-- BEGIN GENERATED: name --> and
                          <!-- END GENERATED: name --> (pin map, point wiring,
                          LED chain, switch chain, power budget)
    hardware/netlist.md   the whole file: every net and what it connects
    hardware/schematic.svg  the whole file: net-label schematic of the board
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import board_config as cfg  # noqa: E402
import power_budget  # noqa: E402
from morris.geometry import GEOMETRIES  # noqa: E402

HW = os.path.join(ROOT, "hardware")

# Raspberry Pi Pico header: GPIO -> physical pin (Pico datasheet, pinout).
PICO_GPIO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
                 12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
                 22: 29, 26: 31, 27: 32, 28: 34}
PICO_POWER_PIN = {"VBUS": 40, "VSYS": 39, "GND": 38, "3V3_EN": 37, "3V3(OUT)": 36}
PICO_RUN_PIN = 30    # RUN: low resets the RP2040 (Pico datasheet); SW5 is the board's reset button
# 74HC165 (DIP-16 / SOIC-16): parallel input -> package pin.
HC165_INPUT_PIN = {"A": 11, "B": 12, "C": 13, "D": 14, "E": 3, "F": 4, "G": 5, "H": 6}
RING_OF_CHIP = {1: "outer", 2: "middle", 3: "inner"}

SIGNALS = {  # PINS key -> (net name, what it drives)
    "sr_clock": ("SR_CLK", "CLK (pin 2) of U1, U2, U3"),
    "sr_load": ("SR_LOAD", "SH/LD (pin 1) of U1, U2, U3"),
    "sr_data": ("SR_DATA", "QH (pin 9) of U3 (internal pull-up)"),
    "sr_tail": ("SR_TAIL", "SER (pin 10) of U1 (the tail pattern, SPI0 TX)"),
    "led_data": ("LED_DATA_3V3", "1A (pin 2) of U4 74AHCT125"),
}


def switch_site(bit):
    """Where switch bit ``bit`` is wired: (chip number 1..3, input letter 'A'..'H', chip pin, RN pin)."""
    chip = 1 + bit // 8
    letter = "ABCDEFGH"[bit % 8]
    return chip, letter, HC165_INPUT_PIN[letter], 2 + bit % 8


def button_ref(name):
    """Reference designator of button ``name`` (SW1.. in BUTTON_PINS GPIO order)."""
    order = sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get)
    return "SW%d" % (1 + order.index(name))


def netlist():
    """The board's netlist built from board_config: dict net name -> list of 'REF.pin' strings.

    Components: A1 Pico, U1..U3 74HC165, U4 74AHCT125, RN1..RN3 10k x 8 bussed
    networks (pin 1 common), R1 330 Ohm, F1 PTC fuse, C1 bulk, C2..C5 100 nF,
    LED0..LED23 WS2812B (1 VDD, 2 DOUT, 3 VSS, 4 DIN), REED_<point>, SW1..SW4,
    SW5 reset (RUN to GND)."""
    nets = {}

    def add(net, *pins):
        nets.setdefault(net, []).extend(pins)

    add("VBUS", "A1.%d" % PICO_POWER_PIN["VBUS"], "F1.1")
    add("+5V_LED", "F1.2", "U4.14", "U4.4", "U4.10", "U4.13", "C1.1", "C2.1",
        *["LED%d.1" % i for i in range(cfg.LED_COUNT)])
    add("+3V3", "A1.%d" % PICO_POWER_PIN["3V3(OUT)"], *["U%d.16" % u for u in (1, 2, 3)],
        *["RN%d.1" % u for u in (1, 2, 3)], "C3.1", "C4.1", "C5.1")
    gnd = ["A1.%d" % PICO_POWER_PIN["GND"]]
    for u in (1, 2, 3):
        gnd += ["U%d.8" % u, "U%d.15" % u]
    gnd += ["U4.7", "U4.1", "U4.5", "U4.9", "U4.12", "C1.2", "C2.2", "C3.2", "C4.2", "C5.2"]
    gnd += ["LED%d.3" % i for i in range(cfg.LED_COUNT)]
    for name, _, _ in cfg.POINTS:
        gnd.append("REED_%s.2" % name)
    for b in sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get):
        gnd.append("%s.2" % button_ref(b))
    for key in ("sr_clock", "sr_load", "sr_data", "sr_tail", "led_data"):
        net = SIGNALS[key][0]
        add(net, "A1.%d" % PICO_GPIO_PIN[cfg.PINS[key]])
    add("SR_CLK", "U1.2", "U2.2", "U3.2")
    add("SR_LOAD", "U1.1", "U2.1", "U3.1")
    add("SR_DATA", "U3.9")
    add("SR_TAIL", "U1.10")
    add("SR_Q1", "U1.9", "U2.10")
    add("SR_Q2", "U2.9", "U3.10")
    add("LED_DATA_3V3", "U4.2")
    add("LED_DATA_5V", "U4.3", "R1.1")
    by_led = sorted(cfg.POINTS, key=lambda r: r[1])
    add("LED_DIN0", "R1.2", "LED0.4")
    for i in range(1, len(by_led)):
        add("LED_DIN%d" % i, "LED%d.2" % (i - 1), "LED%d.4" % i)
    for name, _, bit in sorted(cfg.POINTS, key=lambda r: r[2]):
        chip, _, pin, rn = switch_site(bit)
        add("PT_" + name, "U%d.%d" % (chip, pin), "RN%d.%d" % (chip, rn), "REED_%s.1" % name)
    for b in sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get):
        add("BTN_" + b.upper(), "A1.%d" % PICO_GPIO_PIN[cfg.BUTTON_PINS[b]], "%s.1" % button_ref(b))
    add("RUN", "A1.%d" % PICO_RUN_PIN, "SW5.1")
    gnd.append("SW5.2")
    add("GND", *gnd)
    return nets


COMPONENTS = (
    ("A1", "Raspberry Pi Pico (RP2040), MicroPython", "1"),
    ("U1, U2, U3", "74HC165 8-bit parallel-in/serial-out shift register, at 3.3 V (U1 outer, U2 middle, U3 inner ring)", "3"),
    ("U4", "74AHCT125 quad buffer, at 5 V: 3.3 V -> 5 V level shifter for the LED data", "1"),
    ("RN1, RN2, RN3", "10 kOhm x 8 bussed resistor network, SIP-9, pin 1 common: reed pull-ups", "3"),
    ("R1", "330 Ohm series resistor in the LED data line, at the first LED", "1"),
    ("F1", "PTC resettable fuse, 0.5 A hold / 1 A trip, VBUS -> +5V_LED", "1"),
    ("C1", "47 uF 10 V low-ESR electrolytic across +5V_LED/GND at the first LED (USB inrush: see README)", "1"),
    ("C2..C5", "100 nF ceramic decoupling at U4, U1, U2, U3", "4"),
    ("LED0..LED23", "WS2812B on a small PCB with its own 100 nF (1 VDD, 2 DOUT, 3 VSS, 4 DIN)", "24"),
    ("REED_<point>", "reed switch, normally open, one per point", "24"),
    ("SW1..SW4", "push buttons (new, undo, hint, ok), to GND", "4"),
    ("SW5", "reset push button, Pico RUN (pin 30) to GND, recessed in the back edge", "1"),
)


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
    rows.append("| 5 V from USB | - | %d (VBUS) | VBUS | F1 -> +5V_LED: LEDs, U4 |" % PICO_POWER_PIN["VBUS"])
    rows.append("| 3.3 V out | - | %d (3V3(OUT)) | +3V3 | U1..U3 VCC, RN1..RN3 common |" % PICO_POWER_PIN["3V3(OUT)"])
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
        rows.append("| %s | %d | %d | %d | U%d | %s | %d | RN%d.%d | %s |" % (
            name, i, cfg.LED_INDEX[name], bit, chip, letter, pin, chip, rn, RING_OF_CHIP[chip]))
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


BLOCKS = {
    "pin-map": pin_map_md,
    "points": points_md,
    "led-chain": led_chain_md,
    "switch-chain": switch_chain_md,
    "power": power_md,
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


# --- schematic SVG ------------------------------------------------------------

def _esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class _Svg:
    def __init__(self):
        self.items = []

    def line(self, x1, y1, x2, y2, w=1.2, color="#000"):
        self.items.append('<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>' % (
            x1, y1, x2, y2, color, w))

    def rect(self, x, y, w, h, fill="#fffbe6", stroke="#800000"):
        self.items.append('<rect x="%g" y="%g" width="%g" height="%g" fill="%s" stroke="%s" stroke-width="1.5"/>' % (
            x, y, w, h, fill, stroke))

    def circle(self, x, y, r, fill="#000"):
        self.items.append('<circle cx="%g" cy="%g" r="%g" fill="%s"/>' % (x, y, r, fill))

    def text(self, x, y, s, size=11, anchor="start", color="#000", weight="normal"):
        self.items.append('<text x="%g" y="%g" font-size="%g" text-anchor="%s" fill="%s" font-weight="%s">%s</text>' % (
            x, y, size, anchor, color, weight, _esc(s)))

    def label(self, x, y, net, side="right"):
        """A net label: a flag with the net name, wire end at (x, y)."""
        color = "#00529b"
        if side == "right":
            self.text(x + 4, y + 4, net, 10, "start", color)
        else:
            self.text(x - 4, y + 4, net, 10, "end", color)

    def chip(self, x, y, ref, part, left, right, width=150):
        """A box with pins: left/right = list of (pin number, pin name, net or None)."""
        n = max(len(left), len(right))
        h = 20 * n + 20
        self.rect(x, y, width, h)
        self.text(x + width / 2, y - 18, ref, 12, "middle", weight="bold")
        self.text(x + width / 2, y - 5, part, 10, "middle")
        for k, (pin, name, net) in enumerate(left):
            py = y + 20 + 20 * k
            self.line(x - 30, py, x, py)
            self.text(x + 4, py + 4, name, 10)
            self.text(x - 4, py - 3, str(pin), 8, "end", "#800000")
            if net:
                self.label(x - 30, py, net, "left")
        for k, (pin, name, net) in enumerate(right):
            py = y + 20 + 20 * k
            self.line(x + width, py, x + width + 30, py)
            self.text(x + width - 4, py + 4, name, 10, "end")
            self.text(x + width + 4, py - 3, str(pin), 8, "start", "#800000")
            if net:
                self.label(x + width + 30, py, net, "right")
        return h

    def resistor(self, x, y1, y2):
        """Vertical resistor between y1 and y2 at x (zigzag)."""
        mid = (y1 + y2) / 2
        self.line(x, y1, x, mid - 10)
        pts = [(x, mid - 10)]
        for k in range(6):
            pts.append((x + (5 if k % 2 == 0 else -5), mid - 10 + (k + 0.5) * 20 / 6))
        pts.append((x, mid + 10))
        for a, b in zip(pts, pts[1:]):
            self.line(a[0], a[1], b[0], b[1], 1)
        self.line(x, mid + 10, x, y2)

    def switch(self, x1, y, x2):
        """Horizontal normally-open switch between x1 and x2 at height y."""
        mid = (x1 + x2) / 2
        self.line(x1, y, mid - 8, y)
        self.circle(mid - 8, y, 2)
        self.line(mid - 8, y, mid + 8, y - 8, 1.2)
        self.circle(mid + 8, y, 2)
        self.line(mid + 8, y, x2, y)

    def ground(self, x, y):
        self.line(x - 8, y, x + 8, y, 1.5)
        self.line(x - 5, y + 3, x + 5, y + 3, 1.2)
        self.line(x - 2, y + 6, x + 2, y + 6, 1)

    def render(self, w, h):
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
                'font-family="sans-serif">\n<rect x="0" y="0" width="%d" height="%d" fill="white"/>\n%s\n</svg>\n' % (
                    w, h, w, h, w, h, "\n".join(self.items)))


def schematic_svg():
    """The whole hardware/schematic.svg (str): a net-label schematic built from netlist()."""
    nets = netlist()
    pin_net = {}
    for net, pins in nets.items():
        for p in pins:
            pin_net[p] = net
    s = _Svg()
    W, H = 1500, 1480
    s.text(20, 30, "Electronic Nine Men's Morris board: schematic (net labels join wires of the same name)", 16,
           weight="bold")
    s.text(20, 50, "Generated by tools/hw_tables.py from firmware/board_config.py. Nets: hardware/netlist.md.", 11)

    # Pico: pins used.
    used = sorted((PICO_GPIO_PIN[g], "GP%d" % g) for g in list(cfg.PINS.values()) + list(cfg.BUTTON_PINS.values()))
    right = [(pin, name, pin_net.get("A1.%d" % pin)) for pin, name in used]
    left = [(PICO_POWER_PIN[n], n, pin_net.get("A1.%d" % PICO_POWER_PIN[n])) for n in ("VBUS", "3V3(OUT)", "GND")]
    s.chip(120, 110, "A1", "Raspberry Pi Pico", left, right)

    # Buttons.
    bx, by = 120, 440
    s.text(bx, by - 20, "Buttons (internal pull-ups, active low)", 12, weight="bold")
    for k, b in enumerate(sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get)):
        y = by + 34 * k
        net = "BTN_" + b.upper()
        s.label(bx, y, net, "left")
        s.switch(bx, y, bx + 90)
        s.ground(bx + 90, y)
        s.text(bx + 110, y + 4, "%s (%s)" % (button_ref(b), b), 10)

    # Power.
    px, py = 40, 640
    s.text(px, py - 20, "Power and decoupling", 12, weight="bold")
    s.label(px + 60, py, "VBUS", "left")
    s.line(px + 60, py, px + 90, py)
    s.rect(px + 90, py - 7, 40, 14, "#ffffff", "#000000")
    s.text(px + 110, py - 12, "F1 PTC 0.5 A", 9, "middle")
    s.line(px + 130, py, px + 170, py)
    s.label(px + 170, py, "+5V_LED", "right")
    caps = (("C1", "47 uF", "+5V_LED", "at LED0"), ("C2", "100 nF", "+5V_LED", "at U4"),
            ("C3", "100 nF", "+3V3", "at U1"), ("C4", "100 nF", "+3V3", "at U2"), ("C5", "100 nF", "+3V3", "at U3"))
    for k, (ref, val, net, where) in enumerate(caps):
        x = px + 40 + 60 * k
        y = py + 50
        s.text(x, y - 12, net, 9, "middle", "#00529b")
        s.line(x, y - 8, x, y + 10)
        s.line(x - 10, y + 10, x + 10, y + 10, 2)
        s.line(x - 10, y + 16, x + 10, y + 16, 2)
        s.line(x, y + 16, x, y + 30)
        s.ground(x, y + 30)
        s.text(x, y + 52, ref, 9, "middle")
        s.text(x, y + 63, val, 9, "middle")
        s.text(x, y + 74, where, 8, "middle", "#555")

    # Level shifter and series resistor.
    ux, uy = 120, 870
    left = [(2, "1A", pin_net["U4.2"]), (1, "1OE", "GND"), (14, "VCC", "+5V_LED"), (7, "GND", "GND")]
    right = [(3, "1Y", pin_net["U4.3"]), (5, "2A,3A,4A (9,12)", "GND"), (4, "2OE,3OE,4OE (10,13)", "+5V_LED")]
    s.chip(ux, uy, "U4", "74AHCT125 (3.3 V -> 5 V)", left, right, 170)
    s.text(ux, uy + 130, "R1 330 Ohm: LED_DATA_5V -> LED_DIN0, soldered at LED0", 10)

    # Shift registers, each input with its reed switch to GND and its pull-up.
    by_bit = {bit: name for name, _, bit in cfg.POINTS}
    places = {3: (620, 110), 2: (620, 360), 1: (620, 610)}
    for chip in (3, 2, 1):
        x, y = places[chip]
        left = [(1, "SH/LD", pin_net["U%d.1" % chip]), (2, "CLK", pin_net["U%d.2" % chip]),
                (15, "CLK INH", "GND"), (10, "SER", pin_net["U%d.10" % chip]),
                (9, "QH", pin_net["U%d.9" % chip]), (16, "VCC", "+3V3"), (8, "GND", "GND")]
        right = [(HC165_INPUT_PIN[letter], letter, None) for letter in "ABCDEFGH"]
        s.chip(x, y, "U%d" % chip, "74HC165, %s ring, bits %d..%d" % (
            RING_OF_CHIP[chip], 8 * (chip - 1), 8 * chip - 1), left, right, 130)
        x0 = x + 160
        for k in range(8):
            yy = y + 20 + 20 * k
            bit = 8 * (chip - 1) + k
            name = by_bit[bit]
            s.line(x0, yy, x0 + 70, yy)
            s.switch(x0 + 70, yy, x0 + 130)
            s.text(x0 + 134, yy + 4, "GND", 8, "start", "#00529b")
            s.text(x0 + 35, yy - 3, "PT_%s" % name, 8, "middle", "#00529b")
            s.text(x0 + 165, yy + 4, name, 10, "start", "#006400", "bold")
            s.text(x0 + 190, yy + 4, "reed switch, bit %d, pull-up RN%d.%d 10k to +3V3" % (bit, chip, 2 + k),
                   8, "start", "#555")

    # LED chain.
    lx, ly = 560, 1070
    s.text(lx, ly - 40, "WS2812B chain in solder order (DOUT -> DIN), all VDD on +5V_LED, VSS on GND, "
           "colour order %s" % cfg.LED_ORDER, 12, weight="bold")
    s.label(lx - 10, ly + 12, "LED_DIN0", "left")
    s.line(lx - 10, ly + 12, lx, ly + 12)
    per_row = 8
    for name, led, _ in sorted(cfg.POINTS, key=lambda r: r[1]):
        r, c = divmod(led, per_row)
        x = lx + c * 110
        y = ly + r * 110
        s.rect(x, y, 70, 50, "#f0f8ff", "#000080")
        s.text(x + 35, y + 20, "LED%d" % led, 10, "middle", weight="bold")
        s.text(x + 35, y + 36, name, 11, "middle", "#006400")
        s.text(x + 3, y + 62, "DIN", 8)
        s.text(x + 67, y + 62, "DOUT", 8, "end")
        if c < per_row - 1 and led < cfg.LED_COUNT - 1:
            s.line(x + 70, y + 12, x + 110, y + 12)
        elif led < cfg.LED_COUNT - 1:
            s.line(x + 70, y + 12, x + 85, y + 12)
            s.line(x + 85, y + 12, x + 85, y + 80)
            s.line(x + 85, y + 80, lx - 10, y + 80)
            s.line(lx - 10, y + 80, lx - 10, y + 122)
            s.line(lx - 10, y + 122, lx, y + 122)
    return s.render(W, H)


# --- writing and checking ---------------------------------------------------------

def _replace_blocks(text):
    for name, fn in BLOCKS.items():
        pat = re.compile(r"(<!-- BEGIN GENERATED: %s -->\n).*?(<!-- END GENERATED: %s -->)" % (
            re.escape(name), re.escape(name)), re.S)
        if not pat.search(text):
            raise ValueError("hardware/README.md lacks the generated block %r" % name)
        body = fn()
        text = pat.sub(lambda m: m.group(1) + body + m.group(2), text)
    return text


def expected():
    """Every generated file's expected content: dict path -> str."""
    readme = os.path.join(HW, "README.md")
    with open(readme, encoding="utf-8") as f:
        current = f.read()
    return {
        readme: _replace_blocks(current),
        os.path.join(HW, "netlist.md"): netlist_md(),
        os.path.join(HW, "schematic.svg"): schematic_svg(),
    }


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
