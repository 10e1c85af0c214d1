"""The 24 WS2812B LEDs, driven through MicroPython's ``neopixel`` module.

On the rp2 port ``NeoPixel.write()`` bit-bangs the chain with
``machine.bitstream`` (interrupts off, about 0.72 ms for 24 LEDs), so
``show`` only writes when the frame changed (and every ``refresh`` shows
anyway, to repair a pixel upset by noise).
"""
import machine
import neopixel
from hw import point_table


def channel_order(order):
    """neopixel ``ORDER`` tuple for a wire order such as "GRB": position on the
    wire of red, green, blue (and white). ValueError for a bad order."""
    if len(order) not in (3, 4) or sorted(order) != sorted("RGBW"[:len(order)]):
        raise ValueError("LED order must be a permutation of RGB or RGBW, got %r" % (order,))
    return tuple(order.index(c) for c in "RGBW"[:len(order)]) + ((3,) if len(order) == 3 else ())


class Lights:
    """LED output: ``show(frame)``, frame = at least 24 (r, g, b), indexed by point.

    Channels are clamped to 0..255; entries past the 24th (status pixels)
    are ignored. ``budget_ma``, when set, is a safety net behind the
    controller's own cap: a frame whose colour current (sum over LEDs and
    channels of ``ma_per_channel`` * value / 255, mA) exceeds it is scaled
    down, hues kept. The controller already caps its frames to the same
    budget (board.leds.cap_frame), so on the board this changes nothing.
    """

    def __init__(self, config, budget_ma=None, ma_per_channel=20, refresh=50):
        self.np = neopixel.NeoPixel(machine.Pin(config.PINS["led_data"]), config.LED_COUNT)
        self.np.ORDER = channel_order(config.LED_ORDER)
        self.leds, _ = point_table(config)
        self.n = len(self.leds)
        self.budget = budget_ma
        self.ma = ma_per_channel
        self.refresh = refresh
        self._seen = [None] * self.n  # type: list
        self._since = 0
        self.writes = 0

    def show(self, frame):
        """Show ``frame`` (sequence of >= 24 colours, each a 3-sequence of ints 0..255).

        A frame equal to the last one shown costs one list comparison (the
        controller hands back the same frame while nothing changes); it is
        rewritten only every ``refresh`` calls."""
        n = self.n
        self._since += 1
        if self._since < self.refresh and frame[:n] == self._seen:   # one C-level compare
            return
        cur = [0] * (3 * n)
        total = 0
        for p in range(n):
            c = frame[p]
            for k in range(3):
                v = int(c[k])
                v = 0 if v < 0 else 255 if v > 255 else v
                cur[3 * p + k] = v
                total += v
        if self.budget is not None and total * self.ma > self.budget * 255:
            num = self.budget * 255
            den = total * self.ma
            for i in range(len(cur)):
                cur[i] = cur[i] * num // den
        # a copy of tuples: later edits by the caller show nothing (list colours never
        # compare equal to it, so a frame of lists is always written: correct, slower)
        self._seen = [tuple(frame[p]) for p in range(n)]
        self._since = 0
        np = self.np
        leds = self.leds
        for p in range(n):
            np[leds[p]] = (cur[3 * p], cur[3 * p + 1], cur[3 * p + 2])
        np.write()
        self.writes += 1

    def off(self):
        """All LEDs dark."""
        self.show([(0, 0, 0)] * self.n)
