"""Pico drivers: the only firmware modules that import ``machine`` or ``rp2``.

Each driver meets one small contract, the same the host simulator's
drivers meet (tests/driver_contract.py checks both):

- ``switches.Switches``: ``read()`` -> int, bit i set when a stone stands on point i
  (three daisy-chained 74HC165, bit-banged or through SPI0);
- ``lights.Lights``: ``show(frame)``, frame = 24 (r, g, b) indexed by point
  (WS2812B chain through a PIO state machine fed by DMA, gamma and brightness);
- ``buttons.Buttons``: ``read()`` -> button names pressed since the last read
  (debounced by the clock: time.ticks_ms);
- ``clock.Clock``: ``ticks_ms()``, ``ticks_add()``, ``ticks_diff()`` (wrap-around);
- ``store.FileStore``: atomic ``save(bytes)`` / ``load()`` on littlefs (write, flush,
  rename over the old file), ``scratch()`` (a store beside it, for the self-test);
- ``link.UsbLink``: non-blocking ``read_line()`` / ``write_line(text)`` over USB serial
  (bytes in; queued, never blocking writes out);
- ``watchdog.Watchdog``: ``feed()`` from the main loop, ``stop()`` for the REPL
  (its register chosen by ``chip()``: RP2040 or RP2350);
- ``bootlog.BootLog``: reset causes and the crash-loop count in flash;
- ``scanner.Scanner``: a ``machine.Timer`` that scans switches and buttons at
  ``board_config.SCAN_HZ`` (250 Hz) whatever the main loop is doing.

Wiring (pins, LED index and switch bit of every point, colour order,
brightness) comes from ``board_config`` only; ``point_table()`` turns it into
per-point lists ordered by the rules core's point numbers. ``chip()`` names
the microcontroller MicroPython says it runs on (the Pico's RP2040 or the Pico
2's RP2350): anything chip-specific is chosen by it, never assumed.
"""
import os
import sys

CHIPS = ("RP2040", "RP2350")


def chip(machine_text=None):
    """"RP2040", "RP2350" or None (another chip, or not a board): the chip named
    after " with " in ``machine_text``, by default ``sys.implementation._machine``
    (else ``os.uname().machine``), e.g. "Raspberry Pi Pico with RP2040",
    "Raspberry Pi Pico2 with RP2350", "... with RP2350-RISCV" (MicroPython's rp2
    port: board name + " with " + MCU name)."""
    if machine_text is None:
        machine_text = getattr(sys.implementation, "_machine", None)
        if machine_text is None:
            try:
                machine_text = os.uname().machine
            except (AttributeError, OSError):
                return None
    i = machine_text.rfind(" with ")
    if i < 0:
        return None
    mcu = machine_text[i + 6:]
    for c in CHIPS:
        if mcu.startswith(c):
            return c
    return None


def point_names():
    """Point names in the rules core's order (index = point number), 24 of them."""
    from morris.geometry import GEOMETRIES
    return GEOMETRIES["standard"].names


def point_table(config):
    """(led_index, switch_bit) lists indexed by point number, from ``config.POINTS``.

    Raises ValueError when the table does not name every point exactly once,
    or an LED index / switch bit is out of range or used twice."""
    names = point_names()
    n = len(names)
    leds = [-1] * n
    bits = [-1] * n
    index = {}
    for i in range(n):
        index[names[i]] = i
    for row in config.POINTS:
        name, led, bit = row
        p = index.get(name)
        if p is None:
            raise ValueError("board_config: no point named %r" % (name,))
        if leds[p] >= 0:
            raise ValueError("board_config: point %s listed twice" % name)
        leds[p] = led
        bits[p] = bit
    for p in range(n):
        if leds[p] < 0:
            raise ValueError("board_config: point %s missing" % names[p])
    for what, vals, top in (("LED index", leds, config.LED_COUNT),
                            ("switch bit", bits, config.SWITCH_COUNT)):
        seen = set()
        for v in vals:
            if not 0 <= v < top or v in seen:
                raise ValueError("board_config: bad or repeated %s %r" % (what, v))
            seen.add(v)
    return leds, bits
