"""Tiny simulated drivers for firmware tests under MicroPython and CPython
(the driver contracts of tests/driver_contract.py: sensors, lights, buttons, clock, store, link).
The host simulator's own drivers (host_sim/drivers.py) are CPython only."""

TICKS_MASK = (1 << 30) - 1
TICKS_HALF = 1 << 29


class Switches:
    """sensors: read() -> occupancy int (bit i = stone on point i); set ``occ``."""

    def __init__(self):
        self.occ = 0

    def read(self):
        return self.occ


class Lights:
    """lights: show(frame); keeps the last frame (24 (r, g, b)) and a count."""

    def __init__(self):
        self.frame = None
        self.shows = 0

    def show(self, frame):
        self.frame = [tuple(c) for c in frame[:24]]
        self.shows += 1


class Buttons:
    """buttons: read() -> names pressed since the last read (``pending``);
    held_ms(name) -> how long ``name`` is held (``down`` dict, ms)."""

    def __init__(self):
        self.pending = []
        self.down = {}

    def read(self):
        out = self.pending
        self.pending = []
        return out

    def held_ms(self, name):
        return self.down.get(name, 0)


class Clock:
    """clock: ms ticks set by the test (``now``), MicroPython wrap-around semantics."""

    def __init__(self, start=1000):
        self.now = start

    def ticks_ms(self):
        return self.now

    @staticmethod
    def ticks_diff(a, b):
        return ((a - b + TICKS_HALF) & TICKS_MASK) - TICKS_HALF

    @staticmethod
    def ticks_add(a, b):
        return (a + b) & TICKS_MASK


class Store:
    """store: save(bytes) / load() -> bytes or None, and the log (log_append,
    log_lines, log_clear), in memory."""

    def __init__(self, data=None):
        self.data = data
        self.log = []

    def log_append(self, data):
        self.log.extend(bytes(data).split(b"\n")[:-1])

    def log_lines(self):
        return list(self.log)

    def log_clear(self):
        self.log = []

    def save(self, data):
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("store.save needs bytes")
        self.data = bytes(data)

    def load(self):
        return self.data

    def clear(self):
        self.data = None

    def scratch(self):
        return Store()


class Link:
    """link: read_line() -> str or None from ``inbox``; write_line(text) to ``out``."""

    def __init__(self):
        self.inbox = []
        self.out = []

    def read_line(self):
        return self.inbox.pop(0) if self.inbox else None

    def write_line(self, text):
        self.out.append(text)
