"""A fake ``machine`` module for CPython and the MicroPython unix port.

Records pin traffic and models the board's peripherals at pin level, so the
Pico drivers (firmware/hw/) run unchanged in tests:

- ``TRAFFIC``: list of (pin id, op, value) for every pin write ("w"), read
  ("r") and bitstream ("bitstream", bytes);
- ``ShiftChain``: daisy-chained 74HC165s on three pins (SH/LD, CLK, QH);
  ``set_input(chip, letter, level)`` / ``set_switch(bit, closed)`` is the
  physical side;
- ``Pin`` levels set by a test (``set_level``) stand for buttons;
- ``SPI`` clocks the same pins as a bit-banged read would (mode 0);
- ``Timer`` keeps its callback for ``fire_timers()``; ``WDT`` counts feeds.

``reset_board()`` forgets every pin, device, timer and the traffic.
"""

RECORD = True     # False: keep no traffic log and only the last bitstream (long runs)
TRAFFIC = []
STREAMS = []      # (pin id, bytes) per bitstream call
TIMERS = []
WDTS = []
_levels = {}      # pin id -> level driven or set from outside
_modes = {}
_devices = {}     # pin id -> device with write(pin, v) / read(pin)
RESETS = []
PULLS = {}        # pin id -> the pad's pull (Pin.PULL_UP / PULL_DOWN / None)


def reset_board():
    """Forget all pins, devices, timers, watchdogs and recorded traffic; record again."""
    global RECORD, RECORD_STREAMS
    RECORD = True
    RECORD_STREAMS = True
    del TRAFFIC[:]
    del STREAMS[:]
    del TIMERS[:]
    del WDTS[:]
    del RESETS[:]
    _levels.clear()
    _modes.clear()
    PULLS.clear()
    mem32.clear()
    _wdt["left"] = 0
    RESET_CAUSE[0] = PWRON_RESET
    _devices.clear()


def set_level(pin_id, level):
    """The outside world drives input ``pin_id`` to ``level`` (0/1)."""
    _levels[pin_id] = 1 if level else 0


def attach(device, *pin_ids):
    """Connect ``device`` (write(pin, v), read(pin)) to the given pins."""
    for p in pin_ids:
        _devices[p] = device


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        self.id = id
        if id not in _levels:
            _levels[id] = 1 if pull == Pin.PULL_UP else 0
        if id not in PULLS:
            PULLS[id] = Pin.PULL_DOWN      # the RP2040's reset default for a GPIO pad
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        if mode != -1:
            _modes[self.id] = mode
        if pull != -1:
            PULLS[self.id] = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        dev = _devices.get(self.id)
        if v is None:
            level = dev.read(self.id) if dev is not None else _levels.get(self.id, 0)
            if RECORD:
                TRAFFIC.append((self.id, "r", level))
            return level
        v = 1 if v else 0
        _levels[self.id] = v
        if RECORD:
            TRAFFIC.append((self.id, "w", v))
        if dev is not None:
            dev.write(self.id, v)
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def high(self):
        self.value(1)

    def low(self):
        self.value(0)

    def irq(self, handler=None, trigger=0, hard=False):
        return None

    def __repr__(self):
        return "Pin(%d)" % self.id


def bitstream(pin, encoding, timing, buf):
    """Record the bytes a WS2812 chain would receive."""
    record_stream(pin, buf)


RECORD_STREAMS = True
FRAMES = [0]      # frames sent (counted even when RECORD_STREAMS is False)


def record_stream(pin, buf):
    """The bytes ``buf`` went out on ``pin`` (WS2812 chain): kept in STREAMS (with
    RECORD False only the last one); nothing allocated when RECORD_STREAMS is False."""
    FRAMES[0] += 1
    if not RECORD_STREAMS:
        return
    data = bytes(buf)
    if RECORD:
        TRAFFIC.append((pin.id, "bitstream", data))
    else:
        del STREAMS[:]
    STREAMS.append((pin.id, data))


class SPI:
    """SPI controller 0/1 in mode 0 on real pin objects: each bit puts the written
    byte's bit on MOSI (most significant first) and samples MISO, then a rising and
    a falling SCK edge (what a 74HC165 chain sees)."""

    def __init__(self, id, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.sck = sck
        self.mosi = mosi
        self.miso = miso
        if sck is not None:
            sck.init(Pin.OUT, value=polarity)
        if mosi is not None:
            mosi.init(Pin.OUT, value=0)

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            v = 0
            for k in range(8):
                if self.mosi is not None:
                    self.mosi.value((write >> (7 - k)) & 1)
                v = (v << 1) | self.miso.value()
                self.sck.value(1)
                self.sck.value(0)
            buf[i] = v

    def read(self, n, write=0):
        b = bytearray(n)
        self.readinto(b, write)
        return bytes(b)

    def deinit(self):
        pass


class StubSPI:
    """An SPI stand-in that answers ``readinto`` with fixed bytes (``data``) and
    allocates nothing: for allocation tests and benchmarks of the scan path."""

    def __init__(self, data):
        self.data = data

    def readinto(self, buf, write=0):
        d = self.data
        for i in range(len(buf)):
            buf[i] = d[i]


class StubPin:
    """A pin stand-in reading ``level`` and ignoring writes, allocation-free."""

    def __init__(self, level=1):
        self.level = level

    def value(self, v=None):
        return self.level


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, mode=PERIODIC, freq=-1, period=-1, callback=None, **kw):
        self.mode = mode
        self.freq = freq
        self.period = period
        self.callback = callback
        self.active = True
        TIMERS.append(self)

    def init(self, mode=PERIODIC, freq=-1, period=-1, callback=None, **kw):
        self.mode = mode
        self.freq = freq
        self.period = period
        self.callback = callback
        self.active = True

    def deinit(self):
        self.active = False


def fire_timers(times=1):
    """Run every active timer's callback ``times`` times (as the scheduler would)."""
    for _ in range(times):
        for t in TIMERS:
            if t.active and t.callback is not None:
                t.callback(t)


# ---- the watchdog as hardware: it keeps counting through a soft reset ----------------
PWRON_RESET = 1
WDT_RESET = 3
RESET_CAUSE = [PWRON_RESET]      # what reset_cause() answers (tests set it per boot)
WATCHDOG_CTRL = 0x40058000       # RP2040 datasheet 4.7.6: CTRL, bit 30 ENABLE
_wdt = {"left": 0}               # ms until the hardware watchdog resets the chip


class _Mem32(dict):
    """``machine.mem32``: 32-bit registers by address (0 until written)."""

    def __getitem__(self, addr):
        return dict.get(self, addr, 0)


mem32 = _Mem32()


def reset_cause():
    return RESET_CAUSE[0]


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        WDTS.append(self)
        mem32[WATCHDOG_CTRL] = mem32[WATCHDOG_CTRL] | 1 << 30
        _wdt["left"] = timeout

    def feed(self):
        self.feeds += 1
        _wdt["left"] = self.timeout


def elapse(ms):
    """``ms`` ms pass with nobody feeding: True (and "watchdog" in RESETS) when the
    enabled hardware watchdog runs out meanwhile."""
    if not mem32[WATCHDOG_CTRL] >> 30 & 1:
        return False
    _wdt["left"] -= ms
    if _wdt["left"] <= 0:
        RESETS.append("watchdog")
        return True
    return False


def soft_reset_board():
    """What a soft reset (Ctrl-D, mpremote without ``resume``) does to the hardware:
    every timer is gone; the watchdog, once enabled, keeps counting."""
    for t in TIMERS:
        t.active = False


def reset():
    RESETS.append("reset")
    raise SystemExit("machine.reset()")


def soft_reset():
    RESETS.append("soft_reset")
    raise SystemExit("machine.soft_reset()")


def freq(hz=None):
    return 125000000


def unique_id():
    return b"\xe6\x61\x00\x00\x00\x00\x00\x01"


def idle():
    pass


class ShiftChain:
    """``chips`` daisy-chained 74HC165: U1's QH feeds U2's SER, ..., the last chip's QH
    is the data pin; U1's SER is the ``ser`` pin (the Pico's ``sr_tail``; None: GND).

    Pin behaviour (datasheet): while SH/LD is low the registers follow the
    parallel inputs A..H; on a rising CLK edge with SH/LD high every register
    shifts A <- SER, B <- A, ..., H <- G. QH shows register H. Inputs float
    high (pull-ups) until ``set_input`` pulls them low (a closed switch).
    ``open_data(level)`` cuts the data line: the pin then reads ``level`` (0 or
    1: pulled low / high from outside) or, with ``level=None``, floats to its
    pad's pull (``PULLS``)."""

    def __init__(self, load, clock, data, chips=3, ser=None):
        self.load_pin = load
        self.clock_pin = clock
        self.data_pin = data
        self.ser_pin = ser
        self.open = False
        self.open_level = None
        self.chips = chips
        self.inputs = [[1] * 8 for _ in range(chips)]
        self.regs = [[0] * 8 for _ in range(chips)]
        self.load = 1
        self.clk = 0
        self.loads = 0
        self.edges = 0
        attach(self, load, clock, data)

    def open_data(self, level=None):
        """Cut the data line (see class doc); ``close_data()`` mends it."""
        self.open = True
        self.open_level = level

    def close_data(self):
        self.open = False

    def set_input(self, chip, letter, level):
        """Chip ``chip`` (1 = U1), input ``letter`` (A..H) at ``level``."""
        self.inputs[chip - 1]["ABCDEFGH".index(letter)] = 1 if level else 0
        if not self.load:
            self._latch()

    def set_switch(self, bit, closed):
        """Switch bit ``bit`` (on U(1 + bit // 8), input "ABCDEFGH"[bit % 8]) closed or open."""
        self.set_input(1 + bit // 8, "ABCDEFGH"[bit % 8], 0 if closed else 1)

    def _latch(self):
        for c in range(self.chips):
            self.regs[c] = list(self.inputs[c])

    def write(self, pin, v):
        if pin == self.load_pin:
            self.load = v
            if not v:
                self.loads += 1
                self._latch()
        elif pin == self.clock_pin:
            if v and not self.clk and self.load:
                self.edges += 1
                outs = [r[7] for r in self.regs]
                for c in range(self.chips):
                    ser = outs[c - 1] if c else (
                        0 if self.ser_pin is None else _levels.get(self.ser_pin, 0))
                    self.regs[c] = [ser] + self.regs[c][:7]
            self.clk = v

    def read(self, pin):
        if pin == self.data_pin:
            if self.open:
                if self.open_level is not None:
                    return self.open_level
                return 1 if PULLS.get(pin) == Pin.PULL_UP else 0
            return self.regs[self.chips - 1][7]
        if pin == self.load_pin:
            return self.load
        return self.clk
