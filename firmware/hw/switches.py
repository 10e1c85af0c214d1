"""The 24 reed switches, read through three daisy-chained 74HC165 shift registers.

Circuit and bit order are those of ``board_config`` (its docstring): SH/LD
pulsed low loads all 24 inputs at once; then the chain is clocked, most
significant bit first: U3 input H (switch bit 23) comes out first, U1 input A
(bit 0) last; 8 more clocks read U1's grounded SER (``CHAIN_TAIL_BYTE``), a
cheap check that the chain is connected and clocking. A scan whose tail is
wrong is discarded (``errors`` counts them) and the last good reading stays.

Two ways to clock: hardware SPI0 in mode 0 (the default: a 4-byte
``readinto``, 32 us of clocking at 1 MHz, about 0.1 ms a scan with the
Python around it) or bit-banged GPIO (``use_spi=False``: 96 pin calls, about
0.5-1 ms a scan on the Pico -- from 12 us on the unix port times the Pico speed
factors of docs/pico.md, 43x-82x -- so 12-25 % of the CPU at 250 Hz). ``board_config.SWITCH_SPI``
(if present) chooses; the tail-byte check guards both.
"""
import machine
from hw import point_table


class Switches:
    """Occupancy sensor: ``read()`` -> int, bit i set when a stone stands on point i.

    ``config`` is the ``board_config`` module (pins, ``POINTS``,
    ``SWITCH_ACTIVE_LOW``, ``CHAIN_TAIL_BYTE``); ``use_spi`` True / False /
    None (= ``config.SWITCH_SPI``, default True); ``spi_baud`` in Hz. By default ``read()`` scans the
    chain itself; once a ``Scanner`` drives ``scan()`` from a timer
    (``auto = True``), ``read()`` returns the latest scan without touching
    the pins. ``scans`` / ``errors`` count good and discarded scans;
    ``last_tail`` is the tail byte of the last scan.
    Raises ValueError for an inconsistent wiring table.
    """

    def __init__(self, config, use_spi=None, spi_baud=1000000):
        pins = config.PINS
        Pin = machine.Pin
        self.load = Pin(pins["sr_load"], Pin.OUT, value=1)
        if use_spi is None:
            use_spi = getattr(config, "SWITCH_SPI", True)
        self.use_spi = use_spi
        if use_spi:
            self.spi = machine.SPI(0, baudrate=spi_baud, polarity=0, phase=0,
                                   sck=Pin(pins["sr_clock"]), miso=Pin(pins["sr_data"]))
            self.buf = bytearray(4)
        else:
            self.clk = Pin(pins["sr_clock"], Pin.OUT, value=0)
            self.data = Pin(pins["sr_data"], Pin.IN)
        self.tail = config.CHAIN_TAIL_BYTE
        self.auto = False
        self.state = 0
        self.scans = 0
        self.errors = 0
        self.last_tail = self.tail   # the tail byte of the last scan (the bring-up prints it)
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
        # sample QH, then a rising clock edge shifts the next bit in
        d = self.data
        c = self.clk
        v = 0
        for _ in range(8):
            v = (v << 1) | d.value()
            c.value(1)
            c.value(0)
        return v

    def scan(self):
        """Read the chain once; returns and keeps the occupancy (int, 24 bits).

        A scan with a wrong tail byte is discarded: the previous reading is
        returned and ``errors`` grows."""
        self.load.value(0)
        self.load.value(1)
        if self.use_spi:
            b = self.buf
            self.spi.readinto(b, 0)
            u3, u2, u1, tail = b[0], b[1], b[2], b[3]
        else:
            u3 = self._byte()
            u2 = self._byte()
            u1 = self._byte()
            tail = self._byte()
        self.last_tail = tail
        if tail != self.tail:
            self.errors += 1
            return self.state
        self.state = self.t3[u3] | self.t2[u2] | self.t1[u1]
        self.scans += 1
        return self.state

    def read(self):
        """Occupancy bitmask (bit i = stone on point i), < 2**24."""
        if self.auto:
            return self.state
        return self.scan()
