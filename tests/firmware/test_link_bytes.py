"""Issue 12, finding 13: every byte the USB line can bring is survived. The main loop
(MainLoop on tiny simulated drivers) reads the Pico's link driver (hw/link.py) over
a byte-level fake port, fed every single byte value and random byte strings --
invalid UTF-8, lone lead bytes, lines of 64-byte multiples, 10 KB without a line
end -- and answers each complete line exactly once, and never stops. Runs under
CPython (pytest) and the MicroPython unix port (tests/mprun.py)."""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

from mainloop import MainLoop
from hw.link import UsbLink
from morris.compat import XorShift16
from simdrivers import Switches, Lights, Buttons, Clock, Store

EVENTS = ("move", "mistake", "fixed", "result", "new_game", "undo", "hint", "resumed", "resume", "menu",
          "chain", "dropped")
MAX_LINE = 256     # the link's max_line (the default)


class BytePort:
    """The PC side of the USB serial port, in bytes: ``feed`` bytes in; ``text`` out."""

    def __init__(self):
        self.data = b""
        self.pos = 0
        self.text = []

    @property
    def pending(self):
        """True while bytes wait."""
        return self.pos < len(self.data)

    def feed(self, data):
        self.data = bytes(self.data[self.pos:]) + bytes(data)
        self.pos = 0

    def read(self, n=1):
        out = self.data[self.pos:self.pos + n]
        self.pos += len(out)
        return out

    def write(self, s):
        self.text.append(s)


class BytePoll:
    def __init__(self, port):
        self.port = port

    def poll(self, timeout=0):
        return [(self.port, 1)] if self.port.pending else []


def _decoded(raw):
    """What the link makes of a received line's bytes (hw/link.py's docstring)."""
    kept = raw[:MAX_LINE + 1]
    if kept.endswith(b"\r"):
        kept = kept[:-1]
    try:
        return kept.decode("utf-8")
    except ValueError:
        return "".join(chr(b) if b < 128 else "?" for b in kept)


def _answered(raw):
    return bool(_decoded(raw).strip())


class Rig:
    def __init__(self):
        self.port = BytePort()
        self.clock = Clock(0)
        link = UsbLink(inp=self.port, out=self.port, poller=BytePoll(self.port))
        self.loop = MainLoop(Switches(), Lights(), Buttons(), self.clock, Store(), Store(), link)
        self.replies = []

    def run(self, passes):
        for _ in range(passes):
            self.clock.now += 10
            self.loop.tick()
            self._take()

    def drain(self, limit=5000):
        """Passes until every byte is read and a few quiet passes went by."""
        n = 0
        while self.port.pending and n < limit:
            self.run(1)
            n += 1
        self.run(3)
        assert not self.port.pending

    def _take(self):
        text = "".join(self.port.text)
        self.port.text = []
        for line in text.split("\n"):
            if line:
                obj = json.loads(line)          # every line out is JSON
                if obj.get("type") not in EVENTS:
                    self.replies.append(obj)


def _lines(data):
    """The complete lines of ``data`` (bytes): what the loop must answer."""
    parts = data.split(b"\n")
    return [p for p in parts[:-1] if _answered(p)]


def _feed_and_count(rig, data):
    n0 = len(rig.replies)
    rig.port.feed(data)
    rig.drain()
    return len(rig.replies) - n0


def test_every_single_byte_value():
    rig = Rig()
    data = bytearray()
    for b in range(256):
        data += bytes([b]) + b"\n"
    got = _feed_and_count(rig, bytes(data))
    assert got == len(_lines(bytes(data)))
    assert all(r["type"] == "error" for r in rig.replies)
    assert _feed_and_count(rig, b'{"cmd": "hello", "id": 7}\n') == 1
    assert rig.replies[-1]["type"] == "hello" and rig.replies[-1]["id"] == 7


def test_invalid_utf8_lone_lead_bytes_and_64_byte_multiples():
    rig = Rig()
    cases = [b"\xe9", b"\xff", b"\xf0", b"\xc3", b"\xe2\x82", b"\xf0\x9f\x98", b"\xed\xa0\x80",
             b"\xc0\xaf", b"ok\xf0", b"\xf0" * 63, b"\xff\xfe" * 64]
    for k in (1, 2, 4, 8):
        cases.append(b"x" * (64 * k - 1))      # with the line end: 64-byte multiples
        cases.append(b"\xe9" * (64 * k))
    data = b"".join(c + b"\n" for c in cases)
    assert _feed_and_count(rig, data) == len(_lines(data))
    assert _feed_and_count(rig, b'{"cmd": "state", "id": 1}\n') == 1
    assert rig.replies[-1]["type"] == "state"


def test_random_byte_strings():
    rig = Rig()
    rng = XorShift16(12)
    for _ in range(12):
        data = bytearray()
        for _ in range(10):
            n = rng.below(300)
            line = bytearray(n)
            for i in range(n):
                b = rng.below(256)
                line[i] = b if b != 10 else 0x80
            data += line + b"\n"
        data = bytes(data)
        assert _feed_and_count(rig, data) == len(_lines(data))


def test_ten_kilobytes_without_a_line_end():
    rig = Rig()
    blob = bytearray(10240)
    for i in range(len(blob)):
        blob[i] = 0x41 + i % 26
    rig.port.feed(blob)
    rig.run(60)                      # read on, a bounded piece a pass: no answer, no stop
    assert rig.replies == [] and not rig.port.pending
    assert _feed_and_count(rig, b"\n") == 1               # the line ends: one answer
    assert rig.replies[-1]["type"] == "error" and "too long" in rig.replies[-1]["error"]
    assert _feed_and_count(rig, b'{"cmd": "hello"}\n') == 1 and rig.replies[-1]["type"] == "hello"
