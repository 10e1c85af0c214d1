"""The 24 reed switches, read through three daisy-chained 74HC165 shift registers.

Circuit and bit order are those of ``board_config`` (its docstring): SH/LD
pulsed low loads all 24 inputs at once; then the chain is clocked, most
significant bit first: U3 input H (switch bit 23) comes out first, U1 input A
(bit 0) last. U1's SER is wired to the Pico's ``sr_tail`` pin (SPI0 TX), which
sends ``CHAIN_TAIL_BYTE`` (0xA5, ones and zeros) while the 32 bits are
clocked: the 8 bits after the 24 switch bits must read it back. A data line
that is open (floating with the pin's pull-up, pulled low or pulled high), a
chip that does not clock or load, or crossed SER/QH links cannot produce that
pattern, so such a scan is a *chain fault*: it is discarded (``errors``
counts it, ``fault`` is set until a good scan) and the last good reading
stays; a fault is never read as stones. ``sr_data`` has the internal pull-up
in both clocking modes (the RP2040 resets it to a pull-down).

Two ways to clock: hardware SPI0 in mode 0 (the default: a 4-byte
``readinto`` writing the tail pattern on TX, 32 us of clocking at 1 MHz;
with the button poll at most 0.16 ms a scan on the Pico -- an estimate,
docs/pico.md "Timing") or bit-banged GPIO (``use_spi=False``: 32 x 4 pin
calls, about 0.5-1 ms a scan on the Pico, also an estimate from the unix
port). ``board_config.SWITCH_SPI`` (if present) chooses. ``scan()`` allocates nothing (a preallocated buffer and
byte tables), so it may run in a timer callback.
"""
import machine
from hw import point_table


class Switches:
    """Occupancy sensor: ``read()`` -> int, bit i set when a stone stands on point i.

    ``config`` is the ``board_config`` module (pins, ``POINTS``,
    ``SWITCH_ACTIVE_LOW``, ``CHAIN_TAIL_BYTE``); ``use_spi`` True / False /
    None (= ``config.SWITCH_SPI``, default True); ``spi_baud`` in Hz. By default
    ``read()`` scans the chain itself; once a ``Scanner`` drives ``scan()`` from a
    timer (``auto = True``), ``read()`` returns the latest scan without touching
    the pins. ``scans`` / ``errors`` count good and discarded scans, ``fault``
    is True while the latest scan was discarded, ``last_tail`` is the tail byte
    it read. Raises ValueError for an inconsistent wiring table.
    """

    def __init__(self, config, use_spi=None, spi_baud=1000000):
        pins = config.PINS
        Pin = machine.Pin
        self.load = Pin(pins["sr_load"], Pin.OUT, value=1)
        if use_spi is None:
            use_spi = getattr(config, "SWITCH_SPI", True)
        self.use_spi = use_spi
        self.tail = config.CHAIN_TAIL_BYTE
        # the pull-up first: SPI keeps the pad's pull, the reset default is a pull-down
        data = Pin(pins["sr_data"], Pin.IN, Pin.PULL_UP)
        if use_spi:
            self.spi = machine.SPI(0, baudrate=spi_baud, polarity=0, phase=0,
                                   sck=Pin(pins["sr_clock"]), mosi=Pin(pins["sr_tail"]),
                                   miso=data)
            data.init(pull=Pin.PULL_UP)
            self.buf = bytearray(4)
        else:
            self.clk = Pin(pins["sr_clock"], Pin.OUT, value=0)
            self.ser = Pin(pins["sr_tail"], Pin.OUT, value=0)
            self.data = data
            self.bits = tuple((self.tail >> (7 - k)) & 1 for k in range(8))
        self.auto = False
        self.state = 0
        self.scans = 0
        self.errors = 0
        self.fault = False
        self.last_tail = self.tail
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

    def _byte(self):
        # put the tail pattern's bit on U1's SER and sample QH, then a rising
        # clock edge shifts both
        d = self.data
        c = self.clk
        s = self.ser
        bits = self.bits
        v = 0
        for k in range(8):
            s.value(bits[k])
            v = (v << 1) | d.value()
            c.value(1)
            c.value(0)
        return v

    def scan(self):
        """Read the chain once; returns and keeps the occupancy (int, 24 bits).

        A scan with a wrong tail byte is discarded: the previous reading is
        returned, ``errors`` grows and ``fault`` is set. Allocates nothing."""
        self.load.value(0)
        self.load.value(1)
        if self.use_spi:
            b = self.buf
            self.spi.readinto(b, self.tail)
            u3 = b[0]
            u2 = b[1]
            u1 = b[2]
            tail = b[3]
        else:
            u3 = self._byte()
            u2 = self._byte()
            u1 = self._byte()
            tail = self._byte()
        self.last_tail = tail
        if tail != self.tail:
            self.errors += 1
            self.fault = True
            return self.state
        self.fault = False
        self.state = self.t3[u3] | self.t2[u2] | self.t1[u1]
        self.scans += 1
        return self.state

    def read(self):
        """Occupancy bitmask (bit i = stone on point i), < 2**24."""
        if self.auto:
            return self.state
        return self.scan()
