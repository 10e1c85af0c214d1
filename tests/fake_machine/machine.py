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
    del MEM_WRITES[:]
    MACHINE[0] = "Raspberry Pi Pico with RP2040"
    _wdt["left"] = 0
    _wdt["ctrl"] = 0
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

    def _byte(self, w):
        v = 0
        for k in range(8):
            if self.mosi is not None:
                self.mosi.value((w >> (7 - k)) & 1)
            v = (v << 1) | self.miso.value()
            self.sck.value(1)
            self.sck.value(0)
        return v

    def readinto(self, buf, write=0):
        for i in range(len(buf)):
            buf[i] = self._byte(write)

    def write_readinto(self, wbuf, rbuf):
        for i in range(len(rbuf)):
            rbuf[i] = self._byte(wbuf[i])

    def read(self, n, write=0):
        b = bytearray(n)
        self.readinto(b, write)
        return bytes(b)

    def deinit(self):
        pass


class StubSPI:
    """An SPI stand-in for allocation tests and benchmarks of the scan path: a
    sound chain whose switch bytes are ``data[0..2]`` (U3, U2, U1); the fourth
    byte read back is the first one written (``readinto``, or ``echo`` False: a
    broken chain, ``data[3]``). Allocates nothing."""

    def __init__(self, data, echo=True):
        self.data = data
        self.echo = echo

    def readinto(self, buf, write=0):
        d = self.data
        for i in range(len(buf)):
            buf[i] = d[i]

    def write_readinto(self, wbuf, rbuf):
        d = self.data
        rbuf[0] = d[0]
        rbuf[1] = d[1]
        rbuf[2] = d[2]
        rbuf[3] = wbuf[0] if self.echo else d[3]


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


def timer_running():
    """True while some started timer is still active (a scan timer left running)."""
    return any(t.active for t in TIMERS)


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
# the board this fake pretends to be, as MicroPython's rp2 port names it (board + " with " + MCU);
# ``FakeSys`` stands in for ``sys`` where the firmware asks (tests set hw.sys = machine.FakeSys)
MACHINE = ["Raspberry Pi Pico with RP2040"]
WATCHDOG_CTRL = {"RP2040": 0x40058000,   # RP2040 datasheet 4.7.6: CTRL, bit 30 ENABLE
                 "RP2350": 0x400d8000}   # RP2350 datasheet 12.9.7: CTRL, bit 30 ENABLE
_wdt = {"left": 0, "ctrl": 0}    # ms until the hardware watchdog resets the chip; its CTRL address
MEM_WRITES = []                  # (address, value) of every machine.mem32 write


class _Impl:
    name = "micropython"

    @property
    def _machine(self):
        return MACHINE[0]


class FakeSys:
    """``sys`` of the fake board: ``implementation._machine`` is ``MACHINE[0]``."""
    implementation = _Impl()


class _Uname:
    @property
    def machine(self):
        return MACHINE[0]


class FakeOs:
    """``os`` of the fake board: ``uname().machine`` is ``MACHINE[0]``."""

    @staticmethod
    def uname():
        return _Uname()


def chip_ctrl():
    """The watchdog CTRL address of the chip MACHINE names (-1: another chip, whose
    watchdog no known address stops)."""
    text = MACHINE[0]
    mcu = text[text.rfind(" with ") + 6:] if " with " in text else ""
    for c in WATCHDOG_CTRL:
        if mcu.startswith(c):
            return WATCHDOG_CTRL[c]
    return -1


class _Mem32:
    """``machine.mem32``: 32-bit registers by address (0 until written); writes are
    recorded in MEM_WRITES (``set`` changes a register as the hardware does: not a
    write)."""

    def __init__(self):
        self.regs = {}

    def __getitem__(self, addr):
        return self.regs.get(addr, 0)

    def __setitem__(self, addr, value):
        MEM_WRITES.append((addr, value))
        self.regs[addr] = value

    def set(self, addr, value):
        self.regs[addr] = value

    def clear(self):
        self.regs.clear()


mem32 = _Mem32()


def reset_cause():
    return RESET_CAUSE[0]


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        WDTS.append(self)
        ctrl = chip_ctrl()
        _wdt["ctrl"] = ctrl
        mem32.set(ctrl, mem32[ctrl] | 1 << 30)    # the hardware sets it, not a write
        _wdt["left"] = timeout

    def feed(self):
        self.feeds += 1
        _wdt["left"] = self.timeout


def watchdog_enabled():
    """True while the started hardware watchdog counts (its ENABLE bit set)."""
    return bool(WDTS) and bool(mem32[_wdt["ctrl"]] >> 30 & 1)


def elapse(ms):
    """``ms`` ms pass with nobody feeding: True (and "watchdog" in RESETS) when the
    enabled hardware watchdog runs out meanwhile."""
    if not watchdog_enabled():
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
    """``chips`` daisy-chained 74HC165 as wired on the board: U1's QH feeds U2's SER,
    ..., the last chip's QH is the data pin; U1's SER is the ``ser`` pin (the Pico's
    ``sr_tail``; None: tied to GND); every chip's SH/LD and CLK are the ``load``
    and ``clock`` pins.

    Pin behaviour (datasheet): while SH/LD is low the registers follow the
    parallel inputs A..H (and QH shows input H); on a rising CLK edge with SH/LD
    high every register shifts A <- SER, B <- A, ..., H <- G. QH shows register
    H. Inputs float high (pull-ups) until ``set_input`` pulls them low (a closed
    switch). Registers power up holding ``power_on`` (bits).

    ``wiring`` says where each net comes from: for chip c (1..chips) ``("ser",
    c)``, ``("clk", c)``, ``("ld", c)``, and ``"data"`` (the Pico's data pin);
    a source is ``("pin", id)`` (a Pico pin's level), ``("qh", c)`` (chip c's
    QH), ``("level", 0 or 1)`` (stuck, or an open input) or ``("pull",)`` (the
    data pin's own pad pull: ``PULLS``). ``fault(kind)`` rewires it for one
    wiring fault of ``FAULTS``; ``open_data(level)`` / ``close_data()`` cut and
    mend the data line (``level`` None: it floats to its pad's pull)."""

    # kind -> what goes wrong (hardware/BUILD.md's bring-up table names each)
    FAULTS = {
        "no_load": "SH/LD open: no chip loads (pulled high, the chain only shifts)",
        "no_load_u2": "U2's SH/LD open: U2 does not load",
        "load_low": "SH/LD stuck low: every chip loads, none shifts",
        "no_clock": "CLK open: no chip shifts",
        "no_clock_u2": "U2's CLK open: U2 does not shift",
        "ser_open_low": "U1's SER open, floating low",
        "ser_open_high": "U1's SER open, floating high",
        "qh_open": "U3's QH not reaching the data pin: it floats to the pad's pull-up",
        "stuck_high": "data line shorted to 3V3",
        "stuck_low": "data line shorted to GND",
        "swap_load_clock": "SR_LOAD and SR_CLK crossed: the load pin clocks, the clock pin loads",
        "swap_data_tail": "SR_DATA and SR_TAIL crossed: the Pico reads U1's open SER",
        "tap_u2": "the data pin on U2's QH: U3 left out at the end (16-bit chain)",
        "skip_u2": "U1's QH to U3's SER: U2 left out (16-bit chain)",
        "loop": "U2's and U3's SER links crossed into a loop",
    }

    def __init__(self, load, clock, data, chips=3, ser=None, power_on=0):
        self.load_pin = load
        self.clock_pin = clock
        self.data_pin = data
        self.ser_pin = ser
        self.chips = chips
        self.inputs = [[1] * 8 for _ in range(chips)]
        self.regs = [[(power_on >> (8 * c + k)) & 1 for k in range(8)] for c in range(chips)]
        self.loads = 0
        self.edges = 0
        self.wiring = {"data": ("qh", chips)}
        for c in range(1, chips + 1):
            self.wiring[("ser", c)] = ("qh", c - 1) if c > 1 else (
                ("level", 0) if ser is None else ("pin", ser))
            self.wiring[("clk", c)] = ("pin", clock)
            self.wiring[("ld", c)] = ("pin", load)
        self._clk = [0] * (chips + 1)
        self._ld = [1] * (chips + 1)
        self._ser = [0] * (chips + 1)
        self._rise = [0] * (chips + 1)
        self._compile()
        attach(self, load, clock, data)

    def _compile(self):
        # the wiring as lists by chip (no tuple built per pin write)
        w = self.wiring
        r = range(1, self.chips + 1)
        self._src_ld = [None] + [w[("ld", c)] for c in r]
        self._src_clk = [None] + [w[("clk", c)] for c in r]
        self._src_ser = [None] + [w[("ser", c)] for c in r]
        self._src_data = w["data"]

    def fault(self, kind):
        """Rewire for the wiring fault ``kind`` (a key of FAULTS)."""
        w = self.wiring
        n = self.chips
        if kind not in self.FAULTS:
            raise ValueError("no such fault: %r" % (kind,))
        if kind in ("no_load", "load_low", "no_clock"):
            what, level = ("clk", 0) if kind == "no_clock" else ("ld", 1 if kind == "no_load" else 0)
            for c in range(1, n + 1):
                w[(what, c)] = ("level", level)
        elif kind == "no_load_u2":
            w[("ld", 2)] = ("level", 1)
        elif kind == "no_clock_u2":
            w[("clk", 2)] = ("level", 0)
        elif kind in ("ser_open_low", "ser_open_high"):
            w[("ser", 1)] = ("level", 1 if kind.endswith("high") else 0)
        elif kind == "qh_open":
            w["data"] = ("pull",)
        elif kind in ("stuck_high", "stuck_low"):
            w["data"] = ("level", 1 if kind.endswith("high") else 0)
        elif kind == "swap_load_clock":
            for c in range(1, n + 1):
                w[("clk", c)] = ("pin", self.load_pin)
                w[("ld", c)] = ("pin", self.clock_pin)
        elif kind == "swap_data_tail":
            w["data"] = ("pull",)
            w[("ser", 1)] = ("level", 1)
        elif kind == "tap_u2":
            w["data"] = ("qh", 2)
        elif kind == "skip_u2":
            w[("ser", 3)] = ("qh", 1)
        elif kind == "loop":
            w[("ser", 2)] = ("qh", 3)
            w[("ser", 3)] = ("qh", 2)
        self._compile()
        self._settle()

    def open_data(self, level=None):
        """Cut the data line (see class doc); ``close_data()`` mends it."""
        self.wiring["data"] = ("pull",) if level is None else ("level", level)
        self._compile()

    def close_data(self):
        self.wiring["data"] = ("qh", self.chips)
        self._compile()

    def set_input(self, chip, letter, level):
        """Chip ``chip`` (1 = U1), input ``letter`` (A..H) at ``level``."""
        self.inputs[chip - 1]["ABCDEFGH".index(letter)] = 1 if level else 0
        self._settle()

    def set_switch(self, bit, closed):
        """Switch bit ``bit`` (on U(1 + bit // 8), input "ABCDEFGH"[bit % 8]) closed or open."""
        self.set_input(1 + bit // 8, "ABCDEFGH"[bit % 8], 0 if closed else 1)

    def _level(self, src):
        kind = src[0]
        if kind == "pin":
            return _levels.get(src[1], 0)
        if kind == "qh":
            c = src[1]
            if not self._ld[c]:
                return self.inputs[c - 1][7]     # loading: QH shows input H
            return self.regs[c - 1][7]
        if kind == "level":
            return src[1]
        return 1 if PULLS.get(self.data_pin) == Pin.PULL_UP else 0

    def _settle(self):
        """Apply the pin levels: load chips whose SH/LD is low, shift on rising edges
        (in place: the MicroPython game tests run this at a Pico-sized heap)."""
        n = self.chips
        ld = self._ld
        clk = self._clk
        ser = self._ser
        rise = self._rise
        for c in range(1, n + 1):
            v = self._level(self._src_ld[c])
            if c == 1 and not v and ld[c]:
                self.loads += 1
            ld[c] = v
        for c in range(1, n + 1):
            ser[c] = self._level(self._src_ser[c])     # every chip sees the levels before the edge
            v = self._level(self._src_clk[c])
            rise[c] = 1 if v and not clk[c] and ld[c] else 0
            clk[c] = v
        shifted = False
        for c in range(1, n + 1):
            r = self.regs[c - 1]
            if rise[c]:
                for k in range(7, 0, -1):
                    r[k] = r[k - 1]
                r[0] = ser[c]
                shifted = True
            if not ld[c]:
                src = self.inputs[c - 1]
                for k in range(8):
                    r[k] = src[k]
        if shifted:
            self.edges += 1

    def write(self, pin, v):
        self._settle()

    def read(self, pin):
        if pin == self.data_pin:
            return self._level(self._src_data)
        return _levels.get(pin, 0)
