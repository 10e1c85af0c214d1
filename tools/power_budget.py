#!/usr/bin/env python3
"""Power budget of the board on a USB port, and the LED brightness cap derived from it.

Two port budgets (``PORTS``): 250 mA, the default -- MicroPython's rp2 port
declares 250 mA to the USB host in its configuration descriptor (bMaxPower),
so a host may enforce that -- and 500 mA, the option for a MicroPython build
that declares 500 mA or a 5 V supply that gives it (hardware/README.md,
"Power"). ``firmware/board_config.py`` keeps both results in
``POWER_OPTIONS`` and picks one with ``USB_BUDGET_MA``.

Usage:
    python tools/power_budget.py              # the figures for the board's port budget
    python tools/power_budget.py --soft-start # the LED rail's soft start: timing and inrush, worst cases
    python tools/power_budget.py --check      # also compare both options with firmware/board_config.py
    python tools/power_budget.py --markdown   # the table that hardware/README.md embeds (both ports)
    python tools/power_budget.py --usb-ma 1000  # what another supply would allow

Model: every load other than the LED colour channels is taken at its worst
case; what is left of the port budget after a safety margin is the LED colour
budget; the cap is the highest channel value at which all 24 LEDs at full
white (all three channels at the cap) stay inside it. A WS2812 channel draws
about LED_MA_PER_CHANNEL * value / 255 mA (linear PWM), so the colour current
of a frame is the sum of that over every channel of every LED.
"""
import argparse
import math
import os
import sys

# Figures (mA) and their sources.
USB_PORT_MA = 250.0          # MicroPython rp2's USB descriptor declares 250 mA (bMaxPower)
PORTS = (250, 500)           # the default, and the 500 mA option (USB 2.0 high-power port, 5 unit loads)
SAFETY_MARGIN = 0.20         # share of the port kept in reserve: LED spread, cable drop, PTC, ageing
LED_COUNT = 24
LED_MA_PER_CHANNEL = 20.0    # WS2812 (B, D-F5): ~20 mA per channel at 255, ~60 mA per LED at full white (datasheet/common measurements)
LED_IDLE_MA = 1.0            # WS2812 quiescent with all channels 0 (measured 0.6..1 mA; take 1 mA)
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
        ("WS2812D-F5 idle, %d x %.1f mA" % (LED_COUNT, LED_IDLE_MA), LED_COUNT * LED_IDLE_MA,
         "WS2812 IC, measured 0.6-1 mA"),
        ("74HC165 x %d" % HC165_COUNT, HC165_COUNT * HC165_MA, "SN74HC165 ICC max"),
        ("74AHCT125 (one 3.3 V input)", AHCT125_MA, "SN74AHCT125 ICC + delta-ICC"),
        ("reed pull-ups, %d x 3.3 V / %g kOhm" % (SWITCH_COUNT, PULLUP_KOHM),
         SWITCH_COUNT * 3.3 / PULLUP_KOHM, "Ohm's law, all closed"),
        ("buttons, 4 x 3.3 V / 50 kOhm", BUTTON_MA, "RP2040 pull-up"),
    ]


def other_ma():
    """The sum of loads(): mA the board draws besides the LEDs' colour current, at its worst case."""
    return sum(ma for _, ma, _ in loads())


def budget(usb_ma=USB_PORT_MA, margin=SAFETY_MARGIN):
    """The whole computation, as a dict of figures in mA (and the cap as an int 0..255).

    Keys: usb_ma, margin_ma, usable_ma, other_ma, led_budget_ma (float),
    led_budget_ma_int (floor), full_white_ma (24 LEDs at 255), cap (highest
    channel value keeping 24 full-white LEDs within the integer LED budget),
    led_at_cap_ma, total_at_cap_ma, loads (see loads())."""
    ls = loads()
    other = other_ma()
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


def markdown(budgets=None):
    """The power budget as a markdown table (str) with one column per port budget
    of ``PORTS``, as embedded in hardware/README.md."""
    bs = budgets or [budget(p) for p in PORTS]
    head = "| item | " + " | ".join("%.0f mA port" % b["usb_ma"] for b in bs) + " | source |"
    rows = [head, "|---|" + "---:|" * len(bs) + "---|"]

    def row(name, cells, src):
        rows.append("| %s | %s | %s |" % (name, " | ".join(cells), src))
    row("USB port", ["%.0f" % b["usb_ma"] for b in bs],
        "MicroPython declares 250 mA; 500 mA: option (below)")
    row("safety margin (%.0f %%)" % (100 * SAFETY_MARGIN), ["-%.1f" % b["margin_ma"] for b in bs], "reserve")
    for i, (name, ma, src) in enumerate(bs[0]["loads"]):
        row(name, ["-%.2f" % b["loads"][i][1] for b in bs], src)
    row("**LED colour budget** (`LED_BUDGET_MA`)", ["**%d**" % b["led_budget_ma_int"] for b in bs],
        "floor of what is left")
    row("24 LEDs at full white, value 255", ["%.0f" % b["full_white_ma"] for b in bs],
        "%d x 3 x %g mA" % (LED_COUNT, LED_MA_PER_CHANNEL))
    row("**brightness cap** (`BRIGHTNESS_CAP`, of 255)", ["**%d**" % b["cap"] for b in bs],
        "floor(255 x LED budget / full white)")
    row("24 LEDs at full white, at the cap", ["%.1f" % b["led_at_cap_ma"] for b in bs], "within the LED budget")
    row("whole board, worst case at the cap", ["%.1f" % b["total_at_cap_ma"] for b in bs], "within the usable current")
    return "\n".join(rows) + "\n"


# The soft start of the LED rail (Q1 NDP6020P with R2, C6, C8; hardware/README.md, "Soft start").
USB_VBUS_V = (4.75, 5.25)       # USB 2.0 VBUS at the device, min and max
USB_UNCONFIGURED_MA = 100.0     # USB 2.0: what a device may draw before the host configures it (one unit load)
Q1_VTH_V = (0.4, 1.0)           # NDP6020P |VGS(th)| at 250 uA, min and max (onsemi datasheet)
Q1_OVERDRIVE_V = 0.1            # |VGS| above threshold at the ramp's 10-40 mA: gFS 14 S at 12 A gives K ~ 4 A/V^2,
                                # sqrt(35 mA / K) = 0.09 V
Q1_CRSS_F = (0.0, 1.0e-9)       # Q1's own gate-drain capacitance adds to C8: 215 pF at -10 V, more near 0 V
Q1_FULL_ON_V = 2.5              # |VGS| at which the datasheet gives RDS(on) 0.075 Ohm
TOLERANCE = {"R": 0.05, "C": 0.10, "E": 0.20}   # metal film, X7R ceramic, electrolytic
RAIL_UP_MAX_MS = 50.0           # the LED rail is up well inside the 100 ms the firmware's first frame needs
FULL_ON_MAX_MS = 150.0          # Q1 fully on well before the first LED frame (300 ms after power-up, issue 21)


def soft_start(parts=None):
    """The soft start's figures at three corners: dict 'fast', 'typical', 'slow' -> dict of figures.

    Circuit: Q1's source on VBUS_F, drain on +5V_LED; C6 source to gate, C8 gate to drain, R2 gate to GND.
    At plug-in VBUS steps up and the gate follows through C6: |VGS| starts at VBUS * C8 / (C6 + C8), below
    the threshold, so Q1 is off. R2 then pulls the gate down with tau = R2 (C6 + C8); when |VGS| reaches
    the plateau (threshold + overdrive) the drain starts to rise and C8 holds the gate there (the Miller
    plateau): R2's current (VBUS - Vp) / R2 flows through C8, so the rail rises at dV/dt = (VBUS - Vp) /
    (R2 C8), whatever Q1's transconductance, and the rail's capacitance draws C_rail dV/dt. Then the gate
    goes on down with tau until Q1 is fully on.

    ``parts``: dict like board_netlist.SOFT_START (ohm, farad). Each corner's dict (times ms, currents mA,
    voltages V): vbus, vgs_plug (|VGS| just after plug-in with this corner's parts: VBUS C8 / (C6 + C8)),
    vgs_plug_worst (the same at the worst case for staying off, the same in every corner), vth_min, delay_ms, ramp_ms, rail_up_ms,
    full_on_ms, charge_ma (the rail's charging current), usb_ma (all the board draws meanwhile: charge and
    every load of loads() at its worst case)."""
    here = os.path.dirname(os.path.abspath(__file__))
    if here not in sys.path:
        sys.path.insert(0, here)
    import board_netlist
    p = dict(board_netlist.SOFT_START, **(parts or {}))
    rail = {"C1": (p["C1"], "E"), "LEDs": (LED_COUNT * 100e-9, "C"), "C2": (100e-9, "C")}
    tol = TOLERANCE
    idle = other_ma()      # the Pico, the LEDs' idle current, the chips, every pull-up: the same in every corner
    out = {}
    for corner, s in (("fast", -1), ("typical", 0), ("slow", 1)):
        # s = -1: the corner that draws most current (small R2 and C8, large rail and VBUS, low threshold);
        # s = +1: the one that takes longest.
        r2 = p["R2"] * (1 + s * tol["R"])
        c6 = p["C6"] * (1 + s * tol["C"])
        c8 = p["C8"] * (1 + s * tol["C"]) + {-1: Q1_CRSS_F[0], 0: 0.2e-9, 1: Q1_CRSS_F[1]}[s]
        c_rail = sum(c * (1 - s * tol[k]) for c, k in rail.values())
        vbus = {-1: USB_VBUS_V[1], 0: 5.0, 1: USB_VBUS_V[0]}[s]
        vp = {-1: Q1_VTH_V[0], 0: sum(Q1_VTH_V) / 2, 1: Q1_VTH_V[1]}[s] + (Q1_OVERDRIVE_V if s >= 0 else 0.0)
        # |VGS| at plug-in, this corner's parts; and the worst case for staying off, whatever the corner: the
        # largest C8 (with Q1's own capacitance) against the smallest C6, at the highest VBUS.
        c6_plug = p["C6"] * (1 - tol["C"])
        c8_plug = p["C8"] * (1 + tol["C"]) + Q1_CRSS_F[1]
        tau = r2 * (c6 + c8)
        vg0 = vbus * c6 / (c6 + c8)
        delay = tau * math.log(vg0 / (vbus - vp))
        rate = (vbus - vp) / (r2 * c8)              # V/s on the rail during the plateau
        ramp = vbus / rate
        full = tau * math.log((vbus - vp) / (vbus - Q1_FULL_ON_V))
        charge = c_rail * rate * 1e3
        out[corner] = {
            "vbus": vbus, "vgs_plug": vbus * c8 / (c6 + c8),
            "vgs_plug_worst": USB_VBUS_V[1] * c8_plug / (c6_plug + c8_plug), "vth_min": Q1_VTH_V[0],
            "delay_ms": delay * 1e3, "ramp_ms": ramp * 1e3, "rail_up_ms": (delay + ramp) * 1e3,
            "full_on_ms": (delay + ramp + full) * 1e3, "charge_ma": charge,
            "usb_ma": charge + idle, "c_rail_uf": c_rail * 1e6,
        }
    return out


def soft_start_check(figures=None):
    """Problems of the soft start against its limits: list of str (empty when it meets them all):
    Q1 off at plug-in, the rail up within RAIL_UP_MAX_MS and Q1 fully on within FULL_ON_MAX_MS at the
    slow corner, and the whole board inside USB_UNCONFIGURED_MA during the ramp at the fast corner."""
    f = figures or soft_start()
    errs = []
    if f["fast"]["vgs_plug_worst"] >= f["fast"]["vth_min"]:
        errs.append("Q1 conducts at plug-in: |VGS| %.2f V >= %.2f V" % (f["fast"]["vgs_plug_worst"],
                                                                         f["fast"]["vth_min"]))
    if f["slow"]["rail_up_ms"] > RAIL_UP_MAX_MS:
        errs.append("LED rail up after %.0f ms > %.0f ms" % (f["slow"]["rail_up_ms"], RAIL_UP_MAX_MS))
    if f["slow"]["full_on_ms"] > FULL_ON_MAX_MS:
        errs.append("Q1 fully on after %.0f ms > %.0f ms" % (f["slow"]["full_on_ms"], FULL_ON_MAX_MS))
    if f["fast"]["usb_ma"] > USB_UNCONFIGURED_MA:
        errs.append("%.0f mA from USB during the ramp > %.0f mA" % (f["fast"]["usb_ma"], USB_UNCONFIGURED_MA))
    return errs


def soft_start_markdown(figures=None):
    """The soft start's figures as the markdown table hardware/README.md embeds (str)."""
    f = figures or soft_start()
    cs = ("fast", "typical", "slow")
    rows = ["| figure | fast corner | typical | slow corner | limit |", "|---|---:|---:|---:|---|"]

    def row(name, key, fmt, limit):
        rows.append("| %s | %s | %s |" % (name, " | ".join(fmt % f[c][key] for c in cs), limit))
    row("VBUS at the board (V)", "vbus", "%.2f", "USB 2.0: 4.75..5.25")
    row("LED rail capacitance (uF)", "c_rail_uf", "%.1f", "C1 + 24 x 100 nF + C2, with tolerances")
    row("\\|VGS\\| just after plug-in (V)", "vgs_plug", "%.2f",
        "at worst %.2f (C6 -10 %%, C8 +10 %% with Q1's %.0f nF, VBUS %.2f V): below Q1's threshold, %.1f V at "
        "least: Q1 stays off" % (f["fast"]["vgs_plug_worst"], Q1_CRSS_F[1] * 1e9, USB_VBUS_V[1], Q1_VTH_V[0]))
    row("delay: plug-in to the rail starting to rise (ms)", "delay_ms", "%.1f", "")
    row("ramp: the rail rising from 0 to VBUS (ms)", "ramp_ms", "%.1f", "")
    row("**LED rail up** (ms after plug-in)", "rail_up_ms", "**%.0f**", "at most %.0f" % RAIL_UP_MAX_MS)
    row("Q1 fully on, \\|VGS\\| 2.5 V (ms after plug-in)", "full_on_ms", "%.0f",
        "at most %.0f (first LED frame: 300 ms)" % FULL_ON_MAX_MS)
    row("rail charging current during the ramp (mA)", "charge_ma", "%.1f", "")
    row("**whole board from USB during the ramp** (mA)", "usb_ma", "**%.0f**",
        "at most %.0f (unconfigured USB device)" % USB_UNCONFIGURED_MA)
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


def check(b=None):
    """Differences between the computed figures and firmware/board_config.py: list of str
    (empty when they agree). Both ``PORTS`` options are checked against
    ``POWER_OPTIONS``; ``b`` (default: the budget of the board's ``USB_BUDGET_MA``)
    against the values in force."""
    cfg = firmware_config()
    b = b or budget(getattr(cfg, "USB_BUDGET_MA", USB_PORT_MA))
    errs = []
    opts = getattr(cfg, "POWER_OPTIONS", {})
    for port in PORTS:
        pb = budget(port)
        want = (pb["led_budget_ma_int"], pb["cap"])
        if opts.get(port) != want:
            errs.append("board_config.POWER_OPTIONS[%d] = %r, power budget gives %r" % (port, opts.get(port), want))
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
    ap.add_argument("--usb-ma", type=float, default=None,
                    help="port budget in mA (default: board_config.USB_BUDGET_MA)")
    ap.add_argument("--margin", type=float, default=SAFETY_MARGIN, help="safety margin share (default 0.20)")
    ap.add_argument("--check", action="store_true", help="compare with firmware/board_config.py")
    ap.add_argument("--markdown", action="store_true", help="print the markdown table instead")
    ap.add_argument("--soft-start", action="store_true", help="the soft start's timing and inrush (and its check)")
    a = ap.parse_args(argv)
    if a.soft_start:
        print(soft_start_markdown())
        errs = soft_start_check()
        for e in errs:
            print("FAIL: " + e)
        return 1 if errs else 0
    usb = a.usb_ma if a.usb_ma is not None else getattr(firmware_config(), "USB_BUDGET_MA", USB_PORT_MA)
    b = budget(usb, a.margin)
    print(markdown() if a.markdown else report(b))
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
