"""Tiny simulated drivers for tests/mpgame.py (MicroPython and CPython)."""


class Sw:
    def __init__(self):
        self.occ = 0

    def read(self):
        return self.occ


class Lights:
    def __init__(self):
        self.frame = None
        self.shows = 0

    def show(self, frame):
        self.frame = [tuple(c) for c in frame[:24]]
        self.shows += 1


class Buttons:
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
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    @staticmethod
    def ticks_diff(a, b):
        return ((a - b + (1 << 29)) & ((1 << 30) - 1)) - (1 << 29)

    @staticmethod
    def ticks_add(a, b):
        return (a + b) & ((1 << 30) - 1)


class Store:
    def __init__(self, data=None):
        self.data = data

    def save(self, data):
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("bytes")
        self.data = bytes(data)

    def load(self):
        return self.data

    def clear(self):
        self.data = None


class Link:
    def __init__(self):
        self.inbox = []
        self.out = []

    def read_line(self):
        return self.inbox.pop(0) if self.inbox else None

    def write_line(self, text):
        self.out.append(text)


def setup(clock, link):
    """Drivers and the robot's hooks: (sw, lights, buttons, link, phys, set_occ,
    link_out, link_in, link_clear)."""
    sw = Sw()
    lights = Lights()
    buttons = Buttons()
    phys = sw

    def set_occ(mask):
        sw.occ = mask

    def link_out():
        return link.out

    def link_in(text):
        link.inbox.append(text)

    def link_clear():
        link.out = []
    return sw, lights, buttons, link, phys, set_occ, link_out, link_in, link_clear
