"""The 24 WS2812B LEDs, driven by a PIO state machine fed by DMA.

A PIO program (``_ws2812``, the RP2040 datasheet's WS2812 program with 8-bit
autopull) makes the 800 kHz waveform on ``led_data``; a DMA channel copies
the 72-byte frame buffer into its TX FIFO (byte writes are replicated across
the 32-bit FIFO word, the program takes the top 8 bits). The CPU only
starts the transfer: interrupts stay on and the 0.72 ms frame goes out while
the main loop runs on. Without ``rp2.DMA`` (MicroPython before 1.22)
``StateMachine.put`` fills the FIFO instead (interrupts on, the CPU waits
about 0.7 ms).  ``FRAME_GAP_US`` is read when a driver is made (the fake
machine of the tests sets it to 0: its frames go out at once).

Frames are prepared without allocation, in machine code (viper: ``_same``,
``_fill``, ``_scale``): ``show`` compares the frame with the
last one shown channel by channel, maps each value through a 256-byte table
(gamma 2.2 and the brightness level, ``set_brightness``; a channel that is on
stays at least 1) into a
preallocated buffer, and scales the frame down when its modelled current
(sum of ``ma_per_channel`` * value / 255 over the bytes *sent*) exceeds
``budget_ma``. A new frame is not started while the previous one is still
going out or within ``FRAME_GAP_US`` of its start (data + the WS2812B reset
time); ``show`` then returns False and the caller's next pass shows it.
"""
import machine
import rp2
from hw import point_table
try:
    from time import ticks_us, ticks_diff   # not morris.compat: the start-up frame comes before the rules core
    import micropython
except ImportError:  # CPython (tests): the clock shims and plain-Python stand-ins of the emitters
    from morris.compat import ticks_us, ticks_diff

    class micropython:  # noqa: N801
        """``viper`` leaves the function as plain Python."""

        @staticmethod
        def viper(f):
            """Plain Python on CPython."""
            return f

    def ptr8(a):
        """Identity: a viper cast of a bytearray; plain Python indexes it directly."""
        return a

FREQ = 8000000          # PIO clock: 10 cycles per 1.25 us WS2812 bit
FRAME_GAP_US = 1100     # 72 bytes x 10 us + the WS2812B reset (>= 280 us)
PIO0_TXF0 = 0x50200010  # RP2040 datasheet 3.7: PIO0 base + TXF0, +4 per state machine
DREQ_PIO0_TX0 = 0       # RP2040 datasheet 2.5.3.1: DREQ of PIO0 state machine 0's TX FIFO
GAMMA = 2.2


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=8)
def _ws2812():
    # T1 = 2, T2 = 5, T3 = 3 cycles (RP2040 datasheet 3.6.2): 1.25 us a bit at 8 MHz
    wrap_target()                                   # type: ignore[name-defined]  # noqa: F821
    label("bitloop")                                # type: ignore[name-defined]  # noqa: F821
    out(x, 1).side(0)[2]                            # type: ignore[name-defined]  # noqa: F821
    jmp(not_x, "do_zero").side(1)[1]                # type: ignore[name-defined]  # noqa: F821
    jmp("bitloop").side(1)[4]                       # type: ignore[name-defined]  # noqa: F821
    label("do_zero")                                # type: ignore[name-defined]  # noqa: F821
    nop().side(0)[4]                                # type: ignore[name-defined]  # noqa: F821
    wrap()                                          # type: ignore[name-defined]  # noqa: F821


def channel_order(order):
    """Byte position on the wire of red, green, blue (and white) for a wire order
    such as "GRB" (neopixel's ``ORDER`` form). ValueError for a bad order."""
    if len(order) not in (3, 4) or sorted(order) != sorted("RGBW"[:len(order)]):
        raise ValueError("LED order must be a permutation of RGB or RGBW, got %r" % (order,))
    return tuple(order.index(c) for c in "RGBW"[:len(order)]) + ((3,) if len(order) == 3 else ())


def level_table(brightness, gamma):
    """256-byte table: channel value -> value sent, ``round((v / 255) ** gamma
    * brightness)`` (gamma None or 1: linear), ``brightness`` 0..255; a channel
    that is on is sent as at least 1 (brightness > 0), so no colour goes dark
    at a low brightness (board/leds.py's palette is designed on these values)."""
    t = bytearray(256)
    for v in range(256):
        x = v / 255
        if gamma:
            x = x ** gamma
        t[v] = int(x * brightness + 0.5) or (1 if v and brightness else 0)
    return t


@micropython.viper
def _same(frame, n: int, seen) -> int:
    # 1 when the first n colours of frame equal the clamped values in seen
    s = ptr8(seen)  # noqa: F821
    p = 0
    while p < n:
        c = frame[p]
        i = 3 * p
        if int(c[0]) != s[i] or int(c[1]) != s[i + 1] or int(c[2]) != s[i + 2]:
            return 0
        p += 1
    return 1


@micropython.viper
def _fill(frame, n: int, seen, at, table, buf) -> int:
    # clamp each channel into seen, map it through table into buf at its wire
    # offset; returns the sum of the values sent
    s = ptr8(seen)  # noqa: F821
    a = ptr8(at)  # noqa: F821
    t = ptr8(table)  # noqa: F821
    b = ptr8(buf)  # noqa: F821
    total = 0
    p = 0
    while p < n:
        c = frame[p]
        i = 3 * p
        k = 0
        while k < 3:
            v = int(c[k])
            if v < 0:
                v = 0
            elif v > 255:
                v = 255
            s[i + k] = v
            w = t[v]
            b[a[i + k]] = w
            total += w
            k += 1
        p += 1
    return total


@micropython.viper
def _scale(buf, n: int, num: int, den: int):
    # every byte x num // den (the current cap)
    b = ptr8(buf)  # noqa: F821
    j = 0
    while j < n:
        b[j] = b[j] * num // den
        j += 1


class Ws2812Pio:
    """The chain's output: ``start(buf)`` sends a 3-bytes-per-LED buffer through PIO
    state machine ``sm_id`` (0) on pin ``pin``; ``busy()`` while a frame goes out."""

    def __init__(self, pin, sm_id=0, gap_us=1100):
        self.gap_us = gap_us
        self.sm = rp2.StateMachine(sm_id, _ws2812, freq=FREQ, sideset_base=machine.Pin(pin))
        self.sm.active(1)
        self.dma = None
        self.started = ticks_us()
        Dma = getattr(rp2, "DMA", None)
        if Dma is not None:
            self.dma = Dma()
            self.ctrl = self.dma.pack_ctrl(size=0, inc_write=False, treq_sel=DREQ_PIO0_TX0 + sm_id)
            self.fifo = PIO0_TXF0 + 4 * sm_id

    def busy(self):
        """True while the last frame (and its reset gap) is still going out."""
        if self.dma is not None and self.dma.active():
            return True
        return ticks_diff(ticks_us(), self.started) < self.gap_us

    def start(self, buf):
        """Start sending ``buf`` (bytearray, wire order); do not change it while busy()."""
        self.started = ticks_us()
        if self.dma is not None:
            self.dma.config(read=buf, write=self.fifo, count=len(buf), ctrl=self.ctrl, trigger=True)
        else:
            self.sm.put(buf, 24)


class Lights:
    """LED output: ``show(frame)``, frame = at least 24 (r, g, b), indexed by point.

    Channels are clamped to 0..255, mapped through gamma and the brightness
    level (``brightness`` 0..255 = the value a channel at 255 is sent as;
    ``gamma`` None = linear, the default, so a driver made without them shows
    frames unchanged), and, with ``budget_ma`` set, scaled down (hues kept)
    when the current of the bytes sent (``ma_per_channel`` mA per channel at
    255) would exceed it. Entries past the 24th are ignored. ``out`` replaces
    the PIO output (an object with ``busy()`` / ``start(buf)``).
    """

    def __init__(self, config, budget_ma=None, ma_per_channel=20, refresh=50,
                 brightness=255, gamma=None, out=None):
        self.out = out if out is not None else Ws2812Pio(config.PINS["led_data"], gap_us=FRAME_GAP_US)
        order = channel_order(config.LED_ORDER)
        self.leds, _ = point_table(config)
        self.n = len(self.leds)
        # wire offset of each point's red, green and blue byte
        self.at = bytearray(3 * self.n)
        for p in range(self.n):
            for k in range(3):
                self.at[3 * p + k] = 3 * self.leds[p] + order[k]
        self.buf = bytearray(3 * config.LED_COUNT)
        self._seen = bytearray(3 * self.n)   # clamped values of the frame last shown
        self._fresh = False                  # _seen holds a frame
        self._last = None                    # the frame object last shown (callers do not change it)
        self.budget = budget_ma
        self.ma = ma_per_channel
        self.refresh = refresh
        self.gamma = gamma
        self.table = level_table(brightness, gamma)
        self.brightness = brightness
        self._since = 0
        self.writes = 0
        self.deferred = 0

    def set_brightness(self, brightness):
        """Send a channel at 255 as ``brightness`` (0..255) from the next frame on.
        ValueError out of range. Allocates the new table (not for the hot path)."""
        if not 0 <= brightness <= 255:
            raise ValueError("brightness must be 0..255")
        self.table = level_table(brightness, self.gamma)
        self.brightness = brightness
        self._fresh = False

    def show(self, frame):
        """Show ``frame`` (sequence of >= 24 colours, each a 3-sequence of ints 0..255).

        Returns True when the frame is (already) on the LEDs, False when it must
        wait for the previous frame to finish (call again next pass). A frame equal
        to the last one shown is rewritten only every ``refresh`` calls; the very
        same list object (the controller's unchanged frame) costs one identity
        test, so a caller must not change a frame it has shown.
        Allocates nothing."""
        n = self.n
        seen = self._seen
        self._since += 1
        if self._fresh and self._since < self.refresh:
            if frame is self._last:      # the controller hands back its unchanged frame
                return True
            if _same(frame, n, seen):
                return True
        if self.out.busy():
            self.deferred += 1
            return False
        buf = self.buf
        total = _fill(frame, n, seen, self.at, self.table, buf)
        if self.budget is not None and total * self.ma > self.budget * 255:
            _scale(buf, len(buf), self.budget * 255, total * self.ma)
        self._fresh = True
        self._since = 0
        self._last = frame
        self.out.start(buf)
        self.writes += 1
        return True

    def off(self):
        """All LEDs dark (waits for a frame still going out)."""
        dark = ((0, 0, 0),) * self.n
        while not self.show(dark):
            pass
