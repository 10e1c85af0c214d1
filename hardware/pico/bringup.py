"""Hardware bring-up for the wooden board: checks the wiring with nothing but board_config.py.

Runs on the Pico under MicroPython, before (or instead of) the full firmware,
so a fault is found in the soldering and not in the game code. Every step
shows a light pattern and prints what it sees over USB; hardware/BUILD.md
explains each pattern and what to do when it looks wrong.

    mpremote cp firmware/board_config.py :board_config.py
    mpremote run hardware/pico/bringup.py            # all steps; new + ok together ends the switch step

Steps (``run()``; each also callable alone, e.g. ``run(("switches",))``):

1. ``chain``:    read 32 bits from the 74HC165 chain; the last 8 must be
                 ``CHAIN_TAIL_BYTE`` (0x00). All LEDs blink magenta if not.
2. ``colours``:  all LEDs red, then green, then blue, 1.5 s each.
3. ``walk``:     one LED at a time in point order a1, d1, g1, b2, ... g7.
4. ``load``:     all LEDs white at ``BRIGHTNESS_CAP`` for 5 s: the worst-case
                 current; the Pico must not reset.
5. ``switches``: every point shows its switch live: green = closed (stone),
                 dim blue = open; a held button turns all LEDs amber.
                 Ends when ``new`` and ``ok`` are held together.

Only ``machine``, ``neopixel``, ``time`` and ``board_config`` are imported.
"""
import time

import machine
import neopixel

import board_config as cfg

# Point names in point-number order (firmware/morris/geometry.py); a test checks they agree.
NAMES = ("a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
         "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7")

_sleep_ms = getattr(time, "sleep_ms", None) or (lambda ms: time.sleep(ms / 1000))


def _scale(rgb):
    """An (r, g, b) colour given at full scale, scaled down to the brightness cap."""
    c = cfg.BRIGHTNESS_CAP
    return (rgb[0] * c // 255, rgb[1] * c // 255, rgb[2] * c // 255)


RED = _scale((255, 0, 0))
GREEN = _scale((0, 255, 0))
BLUE = _scale((0, 0, 255))
WHITE = _scale((255, 255, 255))
MAGENTA = _scale((255, 0, 255))
AMBER = _scale((255, 120, 0))
DIM_BLUE = (0, 0, max(1, cfg.BRIGHTNESS_CAP // 12))
OFF = (0, 0, 0)


def channel_order(order):
    """neopixel ORDER tuple for a wire byte order such as 'GRB': offsets of r, g, b, w."""
    return (order.index("R"), order.index("G"), order.index("B"), 3)


class Board:
    """The board's pins, LED chain and switch chain, from board_config."""

    def __init__(self):
        Pin = machine.Pin
        p = cfg.PINS
        self.load = Pin(p["sr_load"], Pin.OUT, value=1)
        self.clk = Pin(p["sr_clock"], Pin.OUT, value=0)
        self.data = Pin(p["sr_data"], Pin.IN, Pin.PULL_UP)  # a broken line reads 1s: tail check fails
        self.np = neopixel.NeoPixel(Pin(p["led_data"], Pin.OUT), cfg.LED_COUNT)
        self.np.ORDER = channel_order(cfg.LED_ORDER)
        self.buttons = {}
        for name in cfg.BUTTON_PINS:
            self.buttons[name] = Pin(cfg.BUTTON_PINS[name], Pin.IN, Pin.PULL_UP)

    def read_raw(self, nbits=32):
        """Load the inputs and clock ``nbits`` bits out, first bit most significant: int."""
        self.load.value(0)
        self.load.value(1)
        v = 0
        for _ in range(nbits):
            v = (v << 1) | self.data.value()
            self.clk.value(1)
            self.clk.value(0)
        return v

    def closed_points(self, word):
        """Names of the points whose switch reads closed in a 24-bit switch word: list."""
        active = 0 if cfg.SWITCH_ACTIVE_LOW else 1
        return [n for n in NAMES if (word >> cfg.SWITCH_BIT[n]) & 1 == active]

    def pressed(self):
        """Names of the buttons held now: list."""
        active = 0 if cfg.BUTTON_ACTIVE_LOW else 1
        return [n for n in sorted(self.buttons) if self.buttons[n].value() == active]

    def fill(self, colour):
        """Every LED one colour, shown."""
        for i in range(cfg.LED_COUNT):
            self.np[i] = colour
        self.np.write()

    def show_points(self, colours):
        """Show a dict point name -> colour; other LEDs off."""
        for i in range(cfg.LED_COUNT):
            self.np[i] = OFF
        for name in colours:
            self.np[cfg.LED_INDEX[name]] = colours[name]
        self.np.write()


def step_chain(b):
    """Step 1: chain integrity. Returns True when the tail byte is right."""
    raw = b.read_raw(32)
    word, tail = raw >> 8, raw & 0xFF
    print("chain: switch word 0x%06x, tail 0x%02x (want 0x%02x)" % (word, tail, cfg.CHAIN_TAIL_BYTE))
    if tail == cfg.CHAIN_TAIL_BYTE:
        print("chain: OK, closed now: %s" % (" ".join(b.closed_points(word)) or "none"))
        return True
    if tail == 0xFF:
        print("chain: FAULT: data line stuck high: check U3 QH -> GP%d, U1 SER to GND, CLK and SH/LD wiring"
              % cfg.PINS["sr_data"])
    else:
        print("chain: FAULT: tail bits wrong: a chip is not clocking or SER/QH links are crossed")
    for _ in range(3):
        b.fill(MAGENTA)
        _sleep_ms(300)
        b.fill(OFF)
        _sleep_ms(300)
    return False


def step_colours(b):
    """Step 2: colour order. All red, green, blue in turn."""
    for name, colour in (("red", RED), ("green", GREEN), ("blue", BLUE)):
        print("colours: all LEDs should be %s" % name)
        b.fill(colour)
        _sleep_ms(1500)
    b.fill(OFF)
    return True


def step_walk(b, ms=400):
    """Step 3: LED order. One LED at a time in point order."""
    for name in NAMES:
        print("walk: %s (LED %d)" % (name, cfg.LED_INDEX[name]))
        b.show_points({name: WHITE})
        _sleep_ms(ms)
    b.fill(OFF)
    return True


def step_load(b, ms=5000):
    """Step 4: worst-case current. All white at the cap."""
    print("load: all %d LEDs white at %d/255 for %d s; the Pico must not reset" % (
        cfg.LED_COUNT, cfg.BRIGHTNESS_CAP, ms // 1000))
    b.fill(WHITE)
    _sleep_ms(ms)
    b.fill(OFF)
    print("load: OK (still running)")
    return True


def step_switches(b, max_ms=None, period_ms=20):
    """Step 5: live switches and buttons until new + ok are held (or max_ms passes)."""
    print("switches: put a stone on each point; green = closed. Hold new + ok to end.")
    last = None
    last_buttons = []
    t = 0
    while max_ms is None or t < max_ms:
        word = b.read_raw(24)
        closed = b.closed_points(word)
        held = b.pressed()
        if closed != last:
            print("switches: closed %s" % (" ".join("%s(bit %d)" % (n, cfg.SWITCH_BIT[n]) for n in closed) or "none"))
            last = closed
        if held != last_buttons:
            print("buttons: %s" % (" ".join(held) or "none"))
            last_buttons = held
        if "new" in held and "ok" in held:
            break
        if held:
            b.fill(AMBER)
        else:
            colours = {}
            for n in NAMES:
                colours[n] = DIM_BLUE
            for n in closed:
                colours[n] = GREEN
            b.show_points(colours)
        _sleep_ms(period_ms)
        t += period_ms
    b.fill(OFF)
    return True


STEPS = (("chain", step_chain), ("colours", step_colours), ("walk", step_walk),
         ("load", step_load), ("switches", step_switches))


def run(names=None, board=None):
    """Run the named steps (all by default) in order; returns a dict step name -> bool."""
    b = board or Board()
    out = {}
    for name, fn in STEPS:
        if names is None or name in names:
            out[name] = fn(b)
    print("bring-up: " + " ".join("%s=%s" % (n, "ok" if out[n] else "FAULT") for n, _ in STEPS if n in out))
    return out


if __name__ == "__main__":
    run()
