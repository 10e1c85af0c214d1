"""The board's netlist, as data: every component pin and the net it joins, from firmware/board_config.py.

One source for the generated documents (tools/hw_tables.py: tables and hardware/netlist.md), the KiCad
schematic (tools/kicad_sch.py), the logic board layout (tools/stripboard.py) and the harness
(tools/harness.py).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))

import board_config as cfg  # noqa: E402

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
    """Where switch bit ``bit`` is wired: (chip number 1..3, input letter 'A'..'H', chip pin, pull-up 'RNn.p').

    Each 74HC165 has two 4 x 10 kOhm bussed networks (SIP-5, pin 1 common) standing beside it on
    the logic board: RN(2u) on the side of inputs A..D (A on pin 5 .. D on pin 2) and RN(2u-1) on
    the side of E..H (E on pin 5 .. H on pin 2), so each pull-up shares a strip with its input."""
    chip = 1 + bit // 8
    k = bit % 8
    letter = "ABCDEFGH"[k]
    rn = "RN%d.%d" % (2 * chip, 5 - k) if k < 4 else "RN%d.%d" % (2 * chip - 1, 9 - k)
    return chip, letter, HC165_INPUT_PIN[letter], rn


def button_ref(name):
    """Reference designator of button ``name`` (SW1.. in BUTTON_PINS GPIO order)."""
    order = sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get)
    return "SW%d" % (1 + order.index(name))


# Raspberry Pi Pico / Pico 2 header: every pin's name (Pico and Pico 2 datasheets share the pinout).
PICO_PIN_NAMES = {1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6",
                  10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13",
                  18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19",
                  26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND",
                  34: "GP28", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS"}
PICO_GND_PINS = (3, 8, 13, 18, 23, 28, 33, 38)
# WS2812D-F5 (Worldsemi, 5 mm through-hole): 1 DIN, 2 VDD, 3 GND, 4 DOUT.
LED_PIN = {"DIN": 1, "VDD": 2, "GND": 3, "DOUT": 4}
# NDP6020P (onsemi, TO-220): 1 gate, 2 drain, 3 source.
Q1_PIN = {"G": 1, "D": 2, "S": 3}
# The soft start of the LED rail (tools/power_budget.py soft_start() computes its timing and inrush from these):
# R2 gate to GND, C6 source to gate (holds Q1 off at plug-in), C8 gate to drain (the Miller capacitor that sets
# the rail's ramp); C1 the rail's bulk capacitor at LED0. Values in ohm and farad.
SOFT_START = {"R2": 120e3, "C6": 1.0e-6, "C8": 56e-9, "C1": 22e-6}


def value_text(ref):
    """The value of soft-start part ``ref`` as a schematic writes it: '120k', '1uF', '56nF', '22uF'."""
    v = SOFT_START[ref]
    if ref.startswith("R"):
        return "%gk" % (v / 1e3)
    return "%guF" % (v * 1e6) if v >= 1e-6 else "%gnF" % (v * 1e9)


def led_cap_ref(led):
    """Reference designator of the 100 nF capacitor soldered across LED ``led``'s VDD and GND legs."""
    return "C%d" % (10 + led)


def netlist():
    """The board's netlist built from board_config: dict net name -> list of 'REF.pin' strings.

    Components: A1 Pico (or Pico 2), U1..U3 74HC165, U4 74AHCT125, 10k x 4 bussed
    networks RN1..RN6 (SIP-5, pin 1 common), R1 330 Ohm, F1 PTC fuse, Q1 + R2 + C6 + C8 the soft start of the
    LED rail, C1 bulk, C2..C5 100 nF, C7 RUN filter, LED0..LED23 WS2812D-F5 (1 DIN, 2 VDD, 3 GND,
    4 DOUT) each with its 100 nF (C10..C33), REED_<point>, SW1..SW4, SW5 reset (RUN to GND)."""
    nets = {}

    def add(net, *pins):
        nets.setdefault(net, []).extend(pins)

    leds = range(cfg.LED_COUNT)
    add("VBUS", "A1.%d" % PICO_POWER_PIN["VBUS"], "F1.1")
    add("VBUS_F", "F1.2", "Q1.%d" % Q1_PIN["S"], "C6.1")
    add("SOFT_G", "Q1.%d" % Q1_PIN["G"], "C6.2", "R2.1", "C8.1")
    add("+5V_LED", "Q1.%d" % Q1_PIN["D"], "U4.14", "C1.1", "C2.1", "C8.2",
        *["LED%d.%d" % (i, LED_PIN["VDD"]) for i in leds], *["%s.1" % led_cap_ref(i) for i in leds])
    add("+3V3", "A1.%d" % PICO_POWER_PIN["3V3(OUT)"], *["U%d.16" % u for u in (1, 2, 3)],
        *["RN%d.1" % n for n in range(1, 7)], "C3.1", "C4.1", "C5.1")
    gnd = ["A1.%d" % p for p in PICO_GND_PINS]
    for u in (1, 2, 3):
        gnd += ["U%d.8" % u, "U%d.15" % u]
    # U4's unused gates 2..4: inputs and output enables to GND (their outputs sit low, unconnected).
    gnd += ["U4.7", "U4.1", "U4.4", "U4.5", "U4.9", "U4.10", "U4.12", "U4.13", "C1.2", "C2.2", "C3.2", "C4.2", "C5.2", "R2.2", "C7.2"]
    gnd += ["LED%d.%d" % (i, LED_PIN["GND"]) for i in leds] + ["%s.2" % led_cap_ref(i) for i in leds]
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
    add("LED_DIN0", "R1.2", "LED0.%d" % LED_PIN["DIN"])
    for i in range(1, len(by_led)):
        add("LED_DIN%d" % i, "LED%d.%d" % (i - 1, LED_PIN["DOUT"]), "LED%d.%d" % (i, LED_PIN["DIN"]))
    for name, _, bit in sorted(cfg.POINTS, key=lambda r: r[2]):
        chip, _, pin, rn = switch_site(bit)
        add("PT_" + name, "U%d.%d" % (chip, pin), rn, "REED_%s.1" % name)
    for b in sorted(cfg.BUTTON_PINS, key=cfg.BUTTON_PINS.get):
        add("BTN_" + b.upper(), "A1.%d" % PICO_GPIO_PIN[cfg.BUTTON_PINS[b]], "%s.1" % button_ref(b))
    add("RUN", "A1.%d" % PICO_RUN_PIN, "SW5.1", "C7.1")
    gnd.append("SW5.2")
    add("GND", *gnd)
    return nets


def _human(ref):
    """The value of soft-start part ``ref`` as the documents write it: '120 kOhm', '1 uF', '56 nF'."""
    text = value_text(ref)
    return text.replace("k", " kOhm") if ref.startswith("R") else text[:-2] + " " + text[-2:]


def part_value(ref):
    """The value a maker reads on part ``ref`` of the logic board (stripboard.md's parts table): '100 nF',
    '120 kOhm', '74HC165' ... Soft-start values come from SOFT_START."""
    if ref in SOFT_START:
        return _human(ref)
    for prefix, value in (("A1", "Pico or Pico 2"), ("U4", "74AHCT125"), ("U", "74HC165"), ("RN", "4 x 10 kOhm, bussed"),
                          ("F1", "PTC 0.5 A hold (MF-R050)"), ("Q1", "NDP6020P"), ("R1", "330 Ohm")):
        if ref.startswith(prefix):
            return value
    if ref in ("C2", "C3", "C4", "C5", "C7") or (ref.startswith("C") and 10 <= int(ref[1:]) < 10 + cfg.LED_COUNT):
        return "100 nF"
    raise KeyError(ref)


# Reference -> (part, value, footprint-ish package) for every component, in netlist.md's order.
COMPONENTS = (
    ("A1", "Raspberry Pi Pico (RP2040) or Pico 2 (RP2350), MicroPython", "1"),
    ("U1, U2, U3", "74HC165 8-bit parallel-in/serial-out shift register, at 3.3 V (U1 outer, U2 middle, U3 inner ring)", "3"),
    ("U4", "74AHCT125 quad buffer, at 5 V: 3.3 V -> 5 V level shifter for the LED data", "1"),
    ("RN1..RN6", "10 kOhm x 4 bussed resistor network, SIP-5, pin 1 common: reed pull-ups, two per 74HC165", "6"),
    ("R1", "330 Ohm series resistor in the LED data line, at the first LED", "1"),
    ("F1", "PTC resettable fuse, 0.5 A hold / 1 A trip, VBUS -> VBUS_F", "1"),
    ("Q1", "NDP6020P P-channel MOSFET (1 G, 2 D, 3 S): soft start of the LED rail, VBUS_F -> +5V_LED", "1"),
    ("R2", "%s, gate of Q1 to GND (soft start)" % _human("R2"), "1"),
    ("C6", "%s ceramic, source to gate of Q1 (soft start: holds Q1 off at plug-in)" % _human("C6"), "1"),
    ("C8", "%s ceramic, gate to drain of Q1 (soft start: sets the rail's ramp)" % _human("C8"), "1"),
    ("C1", "%s 25 V low-impedance electrolytic across +5V_LED/GND at the first LED (behind the soft start)"
     % _human("C1"), "1"),
    ("C2..C5", "100 nF ceramic decoupling at U4, U1, U2, U3", "4"),
    ("C7", "100 nF ceramic, RUN to GND at the Pico (the reset wire's noise filter)", "1"),
    ("LED0..LED23", "WS2812D-F5 5 mm addressable RGB LED (1 DIN, 2 VDD, 3 GND, 4 DOUT)", "24"),
    ("C10..C33", "100 nF ceramic across VDD/GND of LED0..LED23, at the LED", "24"),
    ("REED_<point>", "reed switch, normally open, one per point", "24"),
    ("SW1..SW4", "push buttons (new, undo, hint, ok), to GND", "4"),
    ("SW5", "reset push button, Pico RUN (pin 30) to GND, in a pocket in the back face near the far edge", "1"),
)
