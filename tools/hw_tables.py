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
    hardware/kicad/       the KiCad 9 schematic project (tools/kicad_sch.py draws it)

The netlist itself is tools/board_netlist.py. hardware/schematic.svg and .pdf are
KiCad's plots of the schematic: `make schematic` (needs kicad-cli).
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


def drilling_md(size_mm=400.0):
    """Markdown table of every kind of hole, pocket and channel (tools/board_layout.py) at ``size_mm``."""
    feats = board_layout.layout(size_mm)
    rows = ["| feature | how many | cut from | size (mm) | depth (mm) |", "|---|---:|---|---|---:|"]
    seen = {}
    for f in feats:
        seen.setdefault(f.kind, []).append(f)
    names = {"reed": "reed switch pocket", "led-window": "LED window", "led-counterbore": "LED counterbore (its rim)",
             "spur": "LED spur channel", "ring": "ring channel",
             "c1-bay": "C1 bay (LED 0's ring channel on beyond LED 0's spur)",
             "radial": "front radial channel (to the buttons)",
             "usb": "USB cable channel (to the back edge)", "cavity": "electronics cavity",
             "plug": "USB plug pocket (at the cavity's back wall)", "clamp": "cable clamp pocket",
             "sw5": "reset button (SW5) pocket", "button-hole": "button plunger hole", "button-body": "button body pocket",
             "button-carrier": "button carrier pocket", "cover-screw": "back cover screw pilot hole"}
    for kind, fs in seen.items():
        f = fs[0]
        size = f.size_text()
        side = {"back": "back", "through": "top, through"}[f.side]
        rows.append("| %s | %d | %s | %s | %s |" % (names[kind], len(fs), side, size,
                                                  "through" if f.side == "through" else _fmt(f.depth)))
    return "\n".join(rows) + "\n"


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
    add("cable clamp pocket", "clamp")
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


BUILD_BLOCKS = {"drilling": drilling_md, "positions": positions_md}


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
