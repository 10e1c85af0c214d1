"""The 24 reed switches, read through three daisy-chained 74HC165 shift registers.

Circuit and bit order are those of ``board_config`` (its docstring): SH/LD
pulsed low loads all 24 inputs at once; then the chain is clocked 32 times,
most significant bit first: U3 input H (switch bit 23) comes out first, U1
input A (bit 0) 24th. U1's SER is wired to the Pico's ``sr_tail`` pin (SPI0
TX), so the 32 bits written during a scan (four bytes ``W0 W1 W2 W3``) enter
the chain while the 32 bits are read (``R0 R1 R2 R3`` = U3, U2, U1, tail).

The chain check (every scan; a scan that fails it is a *chain fault*: it is
discarded, ``errors`` counts it, ``fault`` is set, the last good reading
stays -- a fault is never read as stones):

- *it shifts*: the tail ``R3`` must be ``W0``, a byte that changes with every
  scan (``TAILS``: no byte equal to one of its own bit shifts, never 0x00 or
  0xFF, never one of this scan's ``W1..W3``). A data line that is open
  (floating to the pad's pull-up), pulled or stuck high or low, a chip that
  does not clock, SH/LD held low, U1's SER open, or a chain of the wrong
  length (a chip skipped, the data pin on U2's QH, links crossed into a loop)
  gives a constant, shifted or foreign byte there;
- *it loads*: after a scan the registers hold ``W1 W2 W3`` (U3, U2, U1), and a
  chip whose SH/LD does not load shifts them out at the next scan instead of
  its switches. ``W1..W3`` are what the chips read last with many bits flipped
  (``FLIPS``, alternating: all 8, then 6), so a chip that loaded reads back the
  bits left in it only if that many of its switches changed within two scan
  periods (8 ms); ``Rk == Wk+1`` of the previous scan is a fault (per chip, so
  one chip that does not load is found too);
- *twice*: a reading is taken only when the scan before also read the tail
  right (one scan period later), so a fault that matches one tail by chance
  (the tail changes every scan) never gives stones.

What no pattern can see: chips linked in another order (the chain still has 24
bits) put their switches on other points; the bring-up's ``switches`` step
names every point as it closes (hardware/BUILD.md).

``sr_data`` has the internal pull-up in both clocking modes (the RP2040 and
RP2350 reset it to a pull-down). Two ways to clock: hardware SPI0 in mode 0
(the default: a 4-byte ``write_readinto``, 32 us of clocking at 1 MHz; with the
check and the button poll about 0.2 ms a scan on the Pico -- an estimate,
docs/pico.md "Timing") or bit-banged GPIO (``use_spi=False``: 32 x 4 pin
calls, about 0.5-1 ms a scan on the Pico, also an estimate from the unix
port). ``board_config.SWITCH_SPI`` (if present) chooses. ``scan()`` allocates
nothing (preallocated buffers and byte tables), so it may run in a timer
callback.
"""
import machine
from hw import point_table
from morris.compat import const

try:
    import micropython  # viper compiles ptr8 itself
except ImportError:  # CPython: the decorator leaves the function as Python, ptr8 is the identity
    class micropython:  # noqa: N801 - stands in for the MicroPython module
        """The viper decorator as plain Python."""

        @staticmethod
        def viper(f):
            """Plain Python on CPython."""
            return f

    def ptr8(a):
        """Identity: viper compiles ``ptr8(x)`` to a raw byte pointer."""
        return a

# tail bytes: none equals a shift of itself by 1..7 bits with any fill (so a chain
# one or more bits too long or short cannot echo it), none is 0x00 or 0xFF
TAILS = bytes((0x01, 0x4f, 0xdc, 0x1d, 0xa8, 0xfa, 0x43, 0xd4, 0x17, 0x98, 0xf4, 0x3b, 0xca,
               0x0f, 0x7f, 0xec, 0x2f, 0xc2, 0x09, 0x5f, 0xe6, 0x27, 0xb8, 0x03, 0x53, 0xe0,
               0x1f, 0xac, 0xfc, 0x47, 0xd8, 0x19, 0xa0, 0xf6, 0x3d, 0xd0, 0x13, 0x80, 0xf0,
               0x35, 0xc4, 0x0b, 0x67, 0xe8, 0x2b, 0xbc, 0x05, 0x57, 0xe2, 0x23, 0xb0, 0xfe,
               0x4b, 0xda, 0x1b, 0xa4, 0xf8, 0x3f, 0xd2, 0x15, 0x90, 0xf2, 0x37, 0xc8, 0x0d,
               0x6f, 0xea, 0x2d, 0xc0, 0x07, 0x5b, 0xe4, 0x25, 0xb4))
NTAILS = const(74)    # len(TAILS) (viper code needs a constant)
FLIPS = (0xFF, 0xDB)   # what W1..W3 flip of the last reading, scan by scan
SHIFTS = 0       # a chain fault kind (``why``): the written bits did not come back in the tail
LOADS = 1        # a chip returned the bits the previous scan left in it: it does not load


@micropython.viper
def _judge(w, r, left, kmp: int) -> int:
    """One scan's check and the next scan's bytes (module doc), in place: ``w`` the 4
    bytes just sent (becomes the next ones), ``r`` the 4 read, ``left`` the 3 bytes
    the chips held (becomes what they hold now); ``kmp`` = k | m << 8 | primed << 16:
    ``k`` the tail's index in TAILS, ``m`` the flip mask, ``primed`` 1 once a scan
    has left known bits in the chips (one argument: ``scan``'s frame stays on the C
    stack). Returns verdict | chips << 2 | next k << 8; verdict 0 passed, 1 SHIFTS,
    2 LOADS (chips: bit c - 1 for Uc)."""
    pw = ptr8(w)
    pr = ptr8(r)
    pl = ptr8(left)
    pt = ptr8(TAILS)
    k = kmp & 0xFF
    m = (kmp >> 8) & 0xFF
    res = 0
    if pr[3] != pw[0]:
        res = 1
    elif kmp >> 16:
        c = 0
        if pr[0] == pl[0]:
            c = 4
        if pr[1] == pl[1]:
            c |= 2
        if pr[2] == pl[2]:
            c |= 1
        if c:
            res = 2 | c << 2
    pl[0] = pw[1]
    pl[1] = pw[2]
    pl[2] = pw[3]
    b1 = pr[0] ^ m
    b2 = pr[1] ^ m
    b3 = pr[2] ^ m
    pw[1] = b1
    pw[2] = b2
    pw[3] = b3
    old = pw[0]
    t = pt[k]
    while t == b1 or t == b2 or t == b3 or t == old:
        k += 1
        if k == NTAILS:
            k = 0
        t = pt[k]
    pw[0] = t
    return res | k << 8


class Switches:
    """Occupancy sensor: ``read()`` -> int, bit i set when a stone stands on point i.

    ``config`` is the ``board_config`` module (pins, ``POINTS``,
    ``SWITCH_ACTIVE_LOW``); ``use_spi`` True / False / None (=
    ``config.SWITCH_SPI``, default True); ``spi_baud`` in Hz. By default
    ``read()`` scans the chain itself; once a ``Scanner`` drives ``scan()`` from a
    timer (``auto = True``), ``read()`` returns the latest scan without touching
    the pins. ``scans`` / ``errors`` count taken and discarded scans, ``fault``
    is True while the latest scan failed the check; for the diagnosis of the
    latest scan: ``got`` (the 4 bytes read), ``tail`` (the tail byte it sent),
    ``why`` (SHIFTS, LOADS, or None when it passed) and for LOADS ``chips`` (bit
    c - 1 set for each chip Uc that returned the bits left in it). The constructor scans once (the check needs
    a previous scan); ``read()`` without a Scanner scans again (twice at most)
    when a scan was not taken but read its tail right (the first after a fault,
    or one where many of a chip's switches changed at once, as tests do), so it
    answers at once. ``taken``: the latest scan's reading was taken. Raises ValueError for an inconsistent
    wiring table.
    """

    def __init__(self, config, use_spi=None, spi_baud=1000000):
        pins = config.PINS
        Pin = machine.Pin
        self.load = Pin(pins["sr_load"], Pin.OUT, value=1)
        if use_spi is None:
            use_spi = getattr(config, "SWITCH_SPI", True)
        self.use_spi = use_spi
        # the pull-up first: SPI keeps the pad's pull, the reset default is a pull-down
        data = Pin(pins["sr_data"], Pin.IN, Pin.PULL_UP)
        if use_spi:
            self.spi = machine.SPI(0, baudrate=spi_baud, polarity=0, phase=0,
                                   sck=Pin(pins["sr_clock"]), mosi=Pin(pins["sr_tail"]),
                                   miso=data)
            data.init(pull=Pin.PULL_UP)
        else:
            self.clk = Pin(pins["sr_clock"], Pin.OUT, value=0)
            self.ser = Pin(pins["sr_tail"], Pin.OUT, value=0)
            self.data = data
        self.sent = bytearray((TAILS[0], 0x5a, 0xc3, 0x96))   # this scan's W0..W3
        self.got = bytearray(4)
        self.left = bytearray(3)
        self.k = 0              # index of the tail in TAILS
        self.tail_ok = False    # the previous scan read its tail right
        self.flip = 0           # which of FLIPS the last scan used
        self.primed = 0         # 1: a scan has left known bits in the chips
        self.why = None
        self.taken = False
        self.tail = 0
        self.chips = 0
        self.auto = False
        self.state = 0
        self.scans = 0
        self.errors = 0
        self.fault = False
        leds, bits = point_table(config)
        # byte tables: chip c (U1 = 0), raw byte value v -> occupancy mask
        active = 0 if config.SWITCH_ACTIVE_LOW else 1
        point_of_bit = [0] * config.SWITCH_COUNT
        for p in range(len(bits)):
            point_of_bit[bits[p]] = p
        tables = []
        for chip in range(config.SHIFT_REGISTERS):
            t = [0] * 256
            for v in range(256):
                m = 0
                for k in range(8):
                    if (v >> k) & 1 == active:
                        m |= 1 << point_of_bit[chip * 8 + k]
                t[v] = m
            tables.append(t)
        self.t1, self.t2, self.t3 = tables[0], tables[1], tables[2]
        self.scan()

    def _byte(self, w):
        # put bit k of w on U1's SER and sample QH, then a rising clock edge shifts both
        d = self.data
        c = self.clk
        s = self.ser
        v = 0
        for k in range(7, -1, -1):
            s.value((w >> k) & 1)
            v = (v << 1) | d.value()
            c.value(1)
            c.value(0)
        return v

    def scan(self):
        """Read the chain once and check it (module doc); returns and keeps the
        occupancy (int, 24 bits). A scan that fails the check, or follows one that
        failed, returns the previous reading. Allocates nothing, not even its frame
        (it runs every 4 ms: docs/pico.md, "Timing")."""
        w = self.sent
        r = self.got
        self.load.value(0)
        self.load.value(1)
        if self.use_spi:
            self.spi.write_readinto(w, r)
        else:
            r[0] = self._byte(w[0])
            r[1] = self._byte(w[1])
            r[2] = self._byte(w[2])
            r[3] = self._byte(w[3])
        self.tail = w[0]
        self.flip ^= 1
        v = self.k | FLIPS[self.flip] << 8 | self.primed << 16
        v = _judge(w, r, self.left, v)
        self.primed = 1
        self.k = v >> 8
        self.taken = False
        if v & 3:
            self._failed(v)
            return self.state
        self.why = None
        self.fault = False
        if self.tail_ok:        # the scan before read its tail right too
            self.state = self.t3[r[0]] | self.t2[r[1]] | self.t1[r[2]]
            self.scans += 1
            self.taken = True
        self.tail_ok = True
        return self.state

    def _failed(self, v):
        # a scan that failed the check (v: _judge's verdict): counted, the fault set, the
        # reading discarded; a tail read right still primes the next scan's reading
        why = (v & 3) - 1
        if why == LOADS:
            self.chips = v >> 2 & 7
        self.why = why
        self.tail_ok = why != SHIFTS
        self.errors += 1
        self.fault = True

    def read(self):
        """Occupancy bitmask (bit i = stone on point i), < 2**24."""
        if self.auto:
            return self.state
        s = self.scan()
        for _ in range(2):
            if self.taken or self.why == SHIFTS:
                break
            s = self.scan()
        return s
