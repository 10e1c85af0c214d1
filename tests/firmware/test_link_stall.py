"""Issue 26, acceptance 3: the USB link never cuts a line and never makes a pass wait
for a host that stopped reading. ``CdcPort`` models the rp2 port's USB CDC output as
MicroPython drives it (shared/tinyusb/mp_usbd_cdc.c): a 256-byte buffer the host
drains; the poll says "writable" while one byte fits; a write waits (the fake clock
runs) while its piece (up to 64 bytes) does not fit, up to the 500 ms TX timeout,
then takes what fits and returns that count. Runs under CPython (pytest) and the
MicroPython unix port (tests/mprun.py)."""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

from hw.link import UsbLink, MAX_QUEUE

SCAN_PERIOD_MS = 4


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    @staticmethod
    def ticks_diff(a, b):
        return a - b


class CdcPort:
    """See the module doc. ``reading`` False: the host opened the port and stopped
    reading. ``got`` is what the host received."""

    SIZE = 256
    PACKET = 64
    TIMEOUT_MS = 500

    def __init__(self, clock):
        self.clock = clock
        self.fifo = bytearray()
        self.reading = True
        self.got = bytearray()
        self.writes = 0

    def _host(self):
        if self.reading:
            self.got += self.fifo
            self.fifo = bytearray()

    def free(self):
        self._host()
        return self.SIZE - len(self.fifo)

    def ready(self):
        return self.free() > 0

    def write(self, piece):
        self.writes += 1
        piece = piece.encode() if isinstance(piece, str) else bytes(piece)
        i = 0
        while i < len(piece):
            k = min(len(piece) - i, self.PACKET)
            t0 = self.clock.now
            while k > self.free() and self.clock.now - t0 < self.TIMEOUT_MS:
                self.clock.now += 1          # the port waits, a millisecond at a time
            k = min(k, self.free())
            if k == 0:
                break
            self.fifo += piece[i:i + k]
            i += k
        return i


class NoInput:
    def read(self, n=1):
        return b""

    def poll(self, t=0):
        return []


def _lines(port):
    """The host's complete lines, each parsed (a cut line fails here)."""
    port._host()
    text = bytes(port.got).decode()
    assert text.endswith("\n"), text[-80:]
    return [json.loads(ln) for ln in text.split("\n")[:-1]]


def _line(k):
    return json.dumps({"type": "move", "move": "d%d" % (k % 7 + 1), "n": k,
                       "position": "standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -",
                       "id": "caf\u00e9 %d" % k})


def test_a_write_that_times_out_part_way_never_cuts_a_line():
    """A port handed in without a poll (32-byte pieces): the host stops reading, a
    write takes part of its piece after the 500 ms timeout -- the link goes on from
    that byte (after RETRY_MS), so every line the host gets is whole."""
    clock = Clock()
    port = CdcPort(clock)
    inp = NoInput()
    link = UsbLink(inp=inp, out=port, poller=inp, clock=clock)
    port.reading = False
    for k in range(12):
        link.write_line(_line(k))
        link.flush()
    assert link.stalls >= 1 and 0 < link.pos, (link.stalls, link.pos)   # stopped mid-line
    port.reading = True
    for _ in range(400):
        clock.now += 20
        link.flush()
    got = _lines(port)
    ns = [e["n"] for e in got if e.get("type") == "move"]
    assert ns == list(range(len(ns))) and len(ns) >= 12 - link.dropped
    assert all(e["id"] == "caf\u00e9 %d" % e["n"] for e in got if e.get("type") == "move")


def test_a_stalled_host_never_makes_a_pass_longer_than_the_scan_period():
    """The Pico's configuration (the link asks the port before every byte): a host
    that stops reading for 8 s never makes a flush wait -- each pass stays within
    the scan period --, lines beyond the queue are dropped and announced, and what
    arrives is whole lines."""
    clock = Clock()
    port = CdcPort(clock)
    inp = NoInput()
    link = UsbLink(inp=inp, out=port, poller=inp, out_ready=port.ready, clock=clock)
    assert link.chunk == 1
    port.reading = False
    longest = 0
    k = 0
    while clock.now < 8000:
        t0 = clock.now
        if clock.now % 100 == 0:
            link.write_line(_line(k))       # an event every 100 ms
            k += 1
        link.flush()
        longest = max(longest, clock.now - t0)
        clock.now += 5                      # the pass's pace
    assert longest <= SCAN_PERIOD_MS, longest
    assert link.dropped > 0 and len(link.queue) == MAX_QUEUE
    port.reading = True
    while link.queue:
        t0 = clock.now
        link.flush()
        longest = max(longest, clock.now - t0)
        clock.now += 5
    assert longest <= SCAN_PERIOD_MS, longest
    got = _lines(port)
    dropped = [e for e in got if e["type"] == "dropped"]
    ns = [e["n"] for e in got if e["type"] == "move"]
    assert len(dropped) == 1 and dropped[0]["lines"] == k - len(ns)
    assert ns == sorted(ns) and ns[0] == 0 and len(ns) >= MAX_QUEUE


KNOWN = ((b"A", True), (b"\xc3\xa9", True), (b"\xe2\x82\xac", True), (b"\xf0\x9f\x98\x80", True),
         (b"\xef\xbf\xbf", True), (b"\xf4\x8f\xbf\xbf", True), (b"\xed\x9f\xbf", True),
         (b"\xc0\x80", False), (b"\xc1\xbf", False), (b"\xe0\x9f\xbf", False), (b"\xed\xa0\x80", False),
         (b"\xed\xbf\xbf", False), (b"\xf0\x8f\xbf\xbf", False), (b"\xf4\x90\x80\x80", False),
         (b"\xf5\x80\x80\x80", False), (b"\xff", False), (b"\x80", False), (b"\xc3", False),
         (b"\xe2\x82", False), (b"\xc3\x41", False), (b"\xe2\x82\x41", False))


def test_strict_utf8_check():
    """hw.link.utf8 is RFC 3629's UTF-8: known sequences on both interpreters, and
    under CPython (whose decoder is RFC 3629's) every 1-4 byte sequence built from a
    spread of lead and continuation bytes."""
    import sys
    from hw.link import utf8
    for raw, want in KNOWN:
        assert utf8(raw, len(raw)) == want, raw
    if sys.implementation.name != "cpython":
        return                          # MicroPython's decoder lets surrogates and overlong forms in
    marks = (0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
             0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF)
    conts = (0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0)
    bad = n = 0
    for a in marks:
        for b in conts:
            for tail in (b"", b"\x80", b"\xbf", b"\x41", b"\x80\x80", b"\xbf\x80", b"\x41\x80"):
                raw = bytes([a, b]) + tail
                try:
                    raw.decode("utf-8")
                    want = True
                except ValueError:
                    want = False
                assert utf8(raw, len(raw)) == want, raw
                bad += not want
                n += 1
    assert bad > n // 2
