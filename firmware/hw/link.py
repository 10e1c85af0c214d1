"""The USB serial link: non-blocking lines in from ``sys.stdin``, queued lines out.

On the Pico both directions are the USB CDC console (the REPL's).

In: bytes, never text. ``sys.stdin.buffer`` is polled (``ipoll``, 0 ms:
nothing allocated) and read a byte at a time into a preallocated buffer while
bytes wait (at most ``MAX_BYTES_PER_READ`` a call), so ``read_line`` never
blocks: a lone UTF-8 lead byte cannot make it wait for the rest of a
character, and a byte that is not UTF-8 cannot raise in the port (the rp2
port's text mode raises UnicodeError). Lines end with LF (a CR before it is
dropped) and are decoded as UTF-8 when complete: a line that is not UTF-8
anywhere, or longer than ``max_line`` bytes (the rest of it is read and
dropped), raises ValueError from ``read_line`` -- the protocol answers it with
its one error reply. Ctrl-C never arrives here: MicroPython turns it into
KeyboardInterrupt.

Out: ``write_line`` queues the line as bytes (at most ``MAX_QUEUE`` lines;
further lines are dropped and counted) and writes what the port takes now.
The rp2 port's USB write waits (up to its 500 ms TX timeout) while its buffer
has less room than the piece, and its poll says "writable" when one byte
fits; so the link writes one byte after each poll that says so (``chunk`` 1)
and never waits: a host that opened the port and stopped reading fills the
buffer, the poll says no, and the pass goes on. Every write is tracked to the
byte (a port that takes part of a piece returns how much), so a line goes
out whole or is still being written -- never cut. A flush writes at most
``FLUSH_BYTES`` (the main loop flushes every pass); a write that still took
``STALL_MS`` (a port without a poll) stops writing for ``RETRY_MS``. When
writing resumes after drops, a line ``{"type": "dropped", "lines": N}`` goes
first.
"""
import sys

try:
    import select
except ImportError:  # pragma: no cover
    import uselect as select  # type: ignore

from morris.compat import ticks_ms, ticks_diff

MAX_BYTES_PER_READ = 64   # bytes taken from the port per read_line call (~3 ms on the Pico)
MAX_QUEUE = 16            # lines waiting to go out
CHUNK = 32                # bytes per write call on a port handed in that never waits
FLUSH_BYTES = 64          # bytes written per flush at most (~2 ms on the Pico, an estimate)
STALL_MS = 50             # a write this slow means the host stopped reading
RETRY_MS = 2000           # ... then no write for this long


def _always():
    return True


def utf8(buf, n):
    """True when the first ``n`` bytes of ``buf`` are UTF-8 as RFC 3629 defines it:
    no overlong forms, no surrogates (U+D800..DFFF), nothing above U+10FFFF --
    stricter than MicroPython's decoder, which lets surrogates through."""
    i = 0
    while i < n:
        b = buf[i]
        i += 1
        if b < 0x80:
            continue
        if 0xC2 <= b <= 0xDF:
            more, lo, hi = 1, 0x80, 0xBF
        elif 0xE0 <= b <= 0xEF:
            more = 2
            lo = 0xA0 if b == 0xE0 else 0x80
            hi = 0x9F if b == 0xED else 0xBF
        elif 0xF0 <= b <= 0xF4:
            more = 3
            lo = 0x90 if b == 0xF0 else 0x80
            hi = 0x8F if b == 0xF4 else 0xBF
        else:
            return False
        if i + more > n:
            return False
        c = buf[i]
        if not lo <= c <= hi:
            return False
        for k in range(1, more):
            if not 0x80 <= buf[i + k] <= 0xBF:
                return False
        i += more
    return True


def ready_fn(poller):
    """A callable -> bool: True when ``poller`` (a ``select.poll`` object) reports an
    event now (0 ms). With ``ipoll`` (MicroPython) a call allocates nothing; with
    ``poll`` only (CPython) each call builds a list."""
    poll = getattr(poller, "ipoll", None) or poller.poll

    def ready():
        for _ in poll(0):
            return True
        return False
    return ready


class UsbLink:
    """``read_line()`` -> str without its line end, or None; ValueError for a line
    that is not UTF-8 or too long; ``write_line(text)``; ``flush()``.

    ``inp`` / ``out`` default to ``sys.stdin`` / ``sys.stdout`` (their binary
    ``buffer`` where there is one); ``inp`` needs ``readinto`` (or ``read``),
    ``out`` ``write`` returning the bytes taken (None: all). ``poller``: a poll
    object for ``inp`` (default: ``select.poll()`` with POLLIN). ``out_ready``
    is a callable -> bool, True when the port takes a byte now: by default
    ``sys.stdout`` polled for POLLOUT (``ready_fn``); for an ``out`` handed in
    without it, always. ``chunk``: bytes per write (default 1 where the link
    asks the port, else ``CHUNK``). ``clock``
    gives ``ticks_ms()``. ``dropped`` counts lines not sent, ``stalls`` the
    writes that took less than the piece or ``STALL_MS``; ``error`` is the reason
    of the last ValueError ``read_line`` raised (for a caller that catches it
    without binding it: protocol.py)."""

    def __init__(self, inp=None, out=None, poller=None, max_line=256, out_ready=None,
                 clock=None, chunk=None):
        if inp is None:
            inp = getattr(sys.stdin, "buffer", sys.stdin)
        self.inp = inp
        if poller is None:
            poller = select.poll()
            poller.register(inp, select.POLLIN)
        self._in_ready = ready_fn(poller)
        self._poll_in = getattr(poller, "ipoll", None) or poller.poll   # bound once: read_line's test
        if out is None:
            out = getattr(sys.stdout, "buffer", sys.stdout)   # bytes: no CR added to LF
            if out_ready is None:
                op = select.poll()
                op.register(sys.stdout, select.POLLOUT)       # the same port (its text face polls)
                out_ready = ready_fn(op)
        if chunk is None:
            chunk = 1 if out_ready is not None else CHUNK
        self.chunk = chunk
        self.out = out
        self.out_ready = out_ready if out_ready is not None else _always
        self.ticks = clock.ticks_ms if clock is not None else ticks_ms
        self.max_line = max_line
        self.buf = bytearray(max_line + 1)
        self.one = bytearray(1)
        self._read = getattr(inp, "readinto", None)
        self.n = 0
        self.over = False        # the line in progress is longer than max_line
        self.lines = []          # complete lines not yet returned (str, or ValueError)
        self.error = None        # the reason read_line gave for the last line it refused (str)
        self.queue = []          # lines to write, as bytes
        self.pos = 0             # bytes of queue[0] already written
        self.dropped = 0
        self.stalls = 0
        self.stalled_at = None

    # ---- in ---------------------------------------------------------------
    def _byte(self):
        # one byte from the port, or -1
        if self._read is not None:
            one = self.one
            if not self._read(one):
                return -1
            return one[0]
        ch = self.inp.read(1)
        if not ch:
            return -1
        return ch[0] if not isinstance(ch, str) else ord(ch) & 0xFF

    def read_line(self):
        """The next complete line (str), or None when none has arrived (never
        blocks). ValueError (the line is consumed) for a line that is not UTF-8 or
        is longer than ``max_line`` bytes. With nothing waiting (a pass's usual
        case) it is one poll of the port: no byte read, no clock, nothing allocated."""
        if not self.lines:
            for _ in self._poll_in(0):      # a byte waits
                self._take()
                break
            if not self.lines:
                return None
        line = self.lines.pop(0)
        if isinstance(line, ValueError):
            self.error = line.args[0]
            raise line
        return line

    def _take(self):
        # the waiting bytes into buf (at most MAX_BYTES_PER_READ), up to a line's end;
        # the poll that called this said the first one waits
        buf = self.buf
        ready = self._in_ready
        for k in range(MAX_BYTES_PER_READ):
            if k and not ready():
                break
            b = self._byte()
            if b < 0:
                break
            if b == 10:
                self.lines.append(self._decode())
                self.n = 0
                self.over = False
                break
            if self.n <= self.max_line:
                buf[self.n] = b
                self.n += 1
            else:
                self.over = True

    def _decode(self):
        n = self.n
        if n and self.buf[n - 1] == 13:
            n -= 1
        if self.over or n > self.max_line:
            return ValueError("line too long (max %d bytes)" % self.max_line)
        try:
            text = bytes(self.buf[:n]).decode("utf-8")
        except ValueError:        # UnicodeError: a byte that is not UTF-8 somewhere in the line
            return ValueError("line is not UTF-8")
        if len(text) != n and not utf8(self.buf, n):    # not ASCII: check it as RFC 3629 does
            return ValueError("line is not UTF-8")
        return text

    # ---- out --------------------------------------------------------------
    def write_line(self, text):
        """Queue ``text`` and a line end, and send what the port takes now."""
        if len(self.queue) >= MAX_QUEUE:
            self.dropped += 1
        else:
            self.queue.append(text.encode() + b"\n")
        self.flush()

    def flush(self):
        """Write queued bytes while the port takes them, at most FLUSH_BYTES (never
        waits on a port that polls; a line is never cut). With nothing queued (a
        pass's usual case) it tests one list and returns."""
        if self.queue:
            self._send()

    def _send(self):
        # flush's work: the queue is not empty
        if self.stalled_at is not None:
            if ticks_diff(self.ticks(), self.stalled_at) < RETRY_MS:
                return
            self.stalled_at = None
        q = self.queue
        budget = FLUSH_BYTES
        while q and budget > 0:
            if not self.out_ready():
                return
            if self.dropped and self.pos == 0:
                q.insert(0, ('{"type": "dropped", "lines": %d}\n' % self.dropped).encode())
                self.dropped = 0
            line = q[0]
            pos = self.pos
            if self.chunk == 1:
                piece = self.one
                piece[0] = line[pos]
            else:
                piece = line[pos:pos + self.chunk]
            t0 = self.ticks()
            n = self.out.write(piece)
            if n is None:
                n = len(piece)
            pos += n
            budget -= n if n > 0 else 1
            if pos >= len(line):
                q.pop(0)
                pos = 0
            self.pos = pos
            if n < len(piece) or ticks_diff(self.ticks(), t0) >= STALL_MS:
                self.stalls += 1
                self.stalled_at = self.ticks()
                return
