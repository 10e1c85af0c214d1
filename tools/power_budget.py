#!/usr/bin/env python3
"""Power budget of the board on a 500 mA USB port, and the LED brightness cap derived from it.

Usage:
    python tools/power_budget.py              # print the figures and the derived cap
    python tools/power_budget.py --check      # also compare with firmware/board_config.py (exit 1 on mismatch)
    python tools/power_budget.py --markdown   # the table that hardware/README.md embeds
    python tools/power_budget.py --usb-ma 1000  # what a stronger supply would allow (the firmware keeps 500)

Model: every load other than the LED colour channels is taken at its worst
case; what is left of the port budget after a safety margin is the LED colour
budget; the cap is the highest channel value at which all 24 LEDs at full
white (all three channels at the cap) stay inside it. A WS2812B channel draws
about LED_MA_PER_CHANNEL * value / 255 mA (linear PWM), so the colour current
of a frame is the sum of that over every channel of every LED.
"""
import argparse
import math
import os
import sys

# Figures (mA) and their sources.
USB_PORT_MA = 500.0          # USB 2.0 high-power port (USB 2.0 spec, 5 unit loads of 100 mA)
SAFETY_MARGIN = 0.20         # share of the port kept in reserve: LED spread, cable drop, PTC, ageing
LED_COUNT = 24
LED_MA_PER_CHANNEL = 20.0    # WS2812B: ~20 mA per channel at 255, ~60 mA per LED at full white (datasheet/common measurements)
LED_IDLE_MA = 1.0            # WS2812B quiescent with all channels 0 (measured 0.6..1 mA; take 1 mA)
PICO_MA = 40.0               # Raspberry Pi Pico running MicroPython at 125 MHz with USB serial:
                             # the datasheet's busy-workload figures stay below this; conservative
HC165_MA = 0.08              # 74HC165 static supply current, max over temperature (TI SN74HC165: 80 uA at 85 C)
HC165_COUNT = 3
AHCT125_MA = 0.04 + 1.35     # 74AHCT125 ICC 40 uA + delta-ICC 1.35 mA for the one input driven at 3.3 V (TI SN74AHCT125)
PULLUP_KOHM = 10.0           # reed switch pull-ups to 3.3 V, all 24 closed as the worst case
SWITCH_COUNT = 24
BUTTON_MA = 4 * 3.3 / 50.0   # 4 buttons held, RP2040 internal pull-ups ~50 kOhm (RP2040 datasheet)


def loads():
    """Worst-case loads other than the LED colour channels: list of (name, mA, source) tuples.

    The 3.3 V loads are counted 1:1 at 5 V, which overstates them (the Pico's
    buck converter turns 3.3 V current into less 5 V current)."""
    return [
        ("Raspberry Pi Pico (RP2040, flash, regulator)", PICO_MA, "Pico datasheet, conservative"),
        ("WS2812B idle, %d x %.1f mA" % (LED_COUNT, LED_IDLE_MA), LED_COUNT * LED_IDLE_MA, "WS2812B, measured 0.6-1 mA"),
        ("74HC165 x %d" % HC165_COUNT, HC165_COUNT * HC165_MA, "SN74HC165 ICC max"),
        ("74AHCT125 (one 3.3 V input)", AHCT125_MA, "SN74AHCT125 ICC + delta-ICC"),
        ("reed pull-ups, %d x 3.3 V / %g kOhm" % (SWITCH_COUNT, PULLUP_KOHM),
         SWITCH_COUNT * 3.3 / PULLUP_KOHM, "Ohm's law, all closed"),
        ("buttons, 4 x 3.3 V / 50 kOhm", BUTTON_MA, "RP2040 pull-up"),
    ]


def budget(usb_ma=USB_PORT_MA, margin=SAFETY_MARGIN):
    """The whole computation, as a dict of figures in mA (and the cap as an int 0..255).

    Keys: usb_ma, margin_ma, usable_ma, other_ma, led_budget_ma (float),
    led_budget_ma_int (floor), full_white_ma (24 LEDs at 255), cap (highest
    channel value keeping 24 full-white LEDs within the integer LED budget),
    led_at_cap_ma, total_at_cap_ma, loads (see loads())."""
    ls = loads()
    other = sum(ma for _, ma, _ in ls)
    margin_ma = usb_ma * margin
    usable = usb_ma - margin_ma
    led_budget = usable - other
    if led_budget <= 0:
        raise ValueError("no current left for the LEDs: %.1f mA" % led_budget)
    led_int = int(math.floor(led_budget))
    full_white = LED_COUNT * 3 * LED_MA_PER_CHANNEL
    cap = min(255, int(math.floor(255.0 * led_int / full_white)))
    led_at_cap = full_white * cap / 255.0
    return {
        "usb_ma": usb_ma, "margin_ma": margin_ma, "usable_ma": usable, "other_ma": other,
        "led_budget_ma": led_budget, "led_budget_ma_int": led_int, "full_white_ma": full_white,
        "cap": cap, "led_at_cap_ma": led_at_cap, "total_at_cap_ma": other + led_at_cap,
        "loads": ls,
    }


def markdown(b=None):
    """The power budget as a markdown table (str), as embedded in hardware/README.md."""
    b = b or budget()
    rows = ["| item | mA | source |", "|---|---:|---|",
            "| USB port | %.0f | USB 2.0 |" % b["usb_ma"],
            "| safety margin (%.0f %%) | -%.1f | reserve |" % (100 * b["margin_ma"] / b["usb_ma"], b["margin_ma"])]
    for name, ma, src in b["loads"]:
        rows.append("| %s | -%.2f | %s |" % (name, ma, src))
    rows += [
        "| **LED colour budget** (`LED_BUDGET_MA`) | **%d** | floor of %.2f |" % (b["led_budget_ma_int"], b["led_budget_ma"]),
        "| 24 LEDs at full white, value 255 | %.0f | %d x 3 x %g mA |" % (b["full_white_ma"], LED_COUNT, LED_MA_PER_CHANNEL),
        "| **brightness cap** (`BRIGHTNESS_CAP`) | **%d** / 255 | floor(255 x %d / %.0f) |" % (
            b["cap"], b["led_budget_ma_int"], b["full_white_ma"]),
        "| 24 LEDs at full white, value %d | %.1f | within the LED budget |" % (b["cap"], b["led_at_cap_ma"]),
        "| whole board, worst case at the cap | %.1f | within %.0f mA usable |" % (b["total_at_cap_ma"], b["usable_ma"]),
    ]
    return "\n".join(rows) + "\n"


def report(b):
    """Human-readable figures (str)."""
    out = ["Power budget (mA) on a %.0f mA USB port" % b["usb_ma"],
           "  safety margin            %7.1f" % b["margin_ma"],
           "  usable                   %7.1f" % b["usable_ma"]]
    for name, ma, _ in b["loads"]:
        out.append("  - %-45s %7.2f" % (name, ma))
    out += ["  other loads total        %7.2f" % b["other_ma"],
            "  LED colour budget        %7.2f  -> LED_BUDGET_MA = %d" % (b["led_budget_ma"], b["led_budget_ma_int"]),
            "  24 LEDs full white @255  %7.1f" % b["full_white_ma"],
            "  brightness cap           %7d  -> BRIGHTNESS_CAP = %d (%.0f %% of full)" % (b["cap"], b["cap"], 100.0 * b["cap"] / 255),
            "  24 LEDs full white @cap  %7.1f" % b["led_at_cap_ma"],
            "  whole board worst case   %7.1f" % b["total_at_cap_ma"]]
    return "\n".join(out)


def firmware_config():
    """The firmware's board configuration module (firmware/board_config.py), imported from the repository."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    fw = os.path.join(root, "firmware")
    if fw not in sys.path:
        sys.path.insert(0, fw)
    import board_config
    return board_config


def check(b):
    """Differences between the computed figures and firmware/board_config.py: list of str (empty when they agree)."""
    cfg = firmware_config()
    errs = []
    for name, want in (("BRIGHTNESS_CAP", b["cap"]), ("LED_BUDGET_MA", b["led_budget_ma_int"]),
                       ("USB_BUDGET_MA", int(b["usb_ma"])), ("LED_MA_PER_CHANNEL", int(LED_MA_PER_CHANNEL)),
                       ("LED_IDLE_MA", int(LED_IDLE_MA)), ("LED_COUNT", LED_COUNT)):
        got = getattr(cfg, name, None)
        if got != want:
            errs.append("board_config.%s = %r, power budget gives %r" % (name, got, want))
    return errs


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--usb-ma", type=float, default=USB_PORT_MA, help="port budget in mA (default 500)")
    ap.add_argument("--margin", type=float, default=SAFETY_MARGIN, help="safety margin share (default 0.20)")
    ap.add_argument("--check", action="store_true", help="compare with firmware/board_config.py")
    ap.add_argument("--markdown", action="store_true", help="print the markdown table instead")
    a = ap.parse_args(argv)
    b = budget(a.usb_ma, a.margin)
    print(markdown(b) if a.markdown else report(b))
    if a.check:
        errs = check(b)
        for e in errs:
            print("MISMATCH: " + e)
        if errs:
            return 1
        print("firmware/board_config.py agrees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
