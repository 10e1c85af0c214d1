"""The 24 LEDs through MicroPython's ``neopixel`` (``machine.bitstream``): no PIO, no DMA.

Safe mode's fallback (main.py): when the PIO + DMA driver (hw/lights.py)
cannot start, the crash-loop breaker still shows its pattern through this one.
No gamma and no brightness; the frames it is given are dim already. A frame
goes out with interrupts off (about 0.7 ms for 24 LEDs).
"""
import machine
import neopixel
from hw import point_table
from hw.lights import channel_order


class BitstreamLights:
    """``show(frame)``, frame = at least 24 (r, g, b) by point; ``off()``. ``config``
    is ``board_config`` (``led_data`` pin, ``LED_COUNT``, ``LED_ORDER``, ``POINTS``)."""

    def __init__(self, config):
        self.np = neopixel.NeoPixel(machine.Pin(config.PINS["led_data"]), config.LED_COUNT)
        self.np.ORDER = channel_order(config.LED_ORDER)
        self.leds, _ = point_table(config)
        self.brightness = 255

    def show(self, frame):
        """Send ``frame``; returns True (the frame is on the LEDs)."""
        np = self.np
        for p in range(len(self.leds)):
            c = frame[p]
            np[self.leds[p]] = (c[0], c[1], c[2])
        np.write()
        return True

    def off(self):
        """All LEDs dark."""
        self.show([(0, 0, 0)] * len(self.leds))
