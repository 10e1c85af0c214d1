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
        self.text = b""

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
        self.text += bytes(s)
        return len(s)


class BytePoll:
    def __init__(self, port):
        self.port = port

    def poll(self, timeout=0):
        return [(self.port, 1)] if self.port.pending else []


def _answered(raw):
    """Whether the link and protocol answer a received line of bytes ``raw`` (no LF):
    every line but a blank one -- a line that is not UTF-8 anywhere or is longer
    than the link's max_line gets the error reply (hw/link.py's docstring)."""
    if len(raw) > MAX_LINE + 1:
        return True
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if len(raw) > MAX_LINE:
        return True
    try:
        text = raw.decode("utf-8")       # CPython's decoder is RFC 3629's; MicroPython's is not
    except ValueError:
        return True
    from hw.link import utf8
    if len(text) != len(raw) and not utf8(raw, len(raw)):
        return True
    return bool(text.strip())


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
            self.loop.protocol.link.flush()    # main.py's part of a pass
            self._take()

    def drain(self, limit=5000):
        """Passes until every byte is read and written and a few quiet passes went by."""
        n = 0
        link = self.loop.protocol.link
        while (self.port.pending or link.queue) and n < limit:
            self.run(1)
            n += 1
        self.run(3)
        assert not self.port.pending and not link.queue

    def _take(self):
        parts = self.port.text.split(b"\n")
        self.port.text = parts[-1]              # a line still being written
        for line in parts[:-1]:
            obj = json.loads(line.decode())     # every line out is whole JSON
            if obj.get("type") not in EVENTS:
                self.replies.append(obj)


def _answers(data):
    """How many complete lines of ``data`` (bytes) the loop must answer (counted a
    line at a time: no list of every line beside the firmware on the 192 KB heap)."""
    n = start = 0
    while True:
        i = data.find(b"\n", start)
        if i < 0:
            return n
        if _answered(data[start:i]):
            n += 1
        start = i + 1


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
    assert got == _answers(bytes(data))
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
    assert _feed_and_count(rig, data) == _answers(data)
    assert _feed_and_count(rig, b'{"cmd": "state", "id": 1}\n') == 1
    assert rig.replies[-1]["type"] == "state"


def test_a_byte_that_is_not_utf8_anywhere_is_the_error_reply():
    """Issue 26, finding 6: a non-UTF-8 byte inside a string value was answered as a
    valid hello with id "caf?"; now any line that is not UTF-8 gets the error reply."""
    rig = Rig()
    for line in (b'{"cmd":"hello","id":"caf\xe9"}', b'{"cmd":"hello"}\xff', b'\xc3{"cmd":"state"}',
                 b'{"cmd":"hello","id":"\xed\xa0\x80"}'):
        assert _feed_and_count(rig, line + b"\n") == 1
        assert rig.replies[-1] == {"type": "error", "error": "line is not UTF-8"}, rig.replies[-1]
    assert _feed_and_count(rig, '{"cmd":"hello","id":"caf\u00e9"}\n'.encode()) == 1
    assert rig.replies[-1]["type"] == "hello" and rig.replies[-1]["id"] == "caf\u00e9"


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
        assert _feed_and_count(rig, data) == _answers(data)


def test_ten_kilobytes_without_a_line_end():
    rig = Rig()
    blob = bytearray(10240)
    for i in range(len(blob)):
        blob[i] = 0x41 + i % 26
    rig.port.feed(blob)
    rig.run(200)                     # read on, a bounded piece a pass: no answer, no stop
    assert rig.replies == [] and not rig.port.pending
    assert _feed_and_count(rig, b"\n") == 1               # the line ends: one answer
    assert rig.replies[-1]["type"] == "error" and "too long" in rig.replies[-1]["error"]
    assert _feed_and_count(rig, b'{"cmd": "hello"}\n') == 1 and rig.replies[-1]["type"] == "hello"
