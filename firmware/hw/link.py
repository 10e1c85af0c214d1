"""The USB serial link: non-blocking lines in from ``sys.stdin``, queued lines out.

On the Pico both directions are the USB CDC console (the REPL's).

In: bytes, never text. ``sys.stdin.buffer`` is polled with ``select.poll``
(0 ms) and read one byte at a time while bytes wait, so ``read_line`` never
blocks: a lone UTF-8 lead byte cannot make it wait for the rest of a
character, and a byte that is not UTF-8 cannot raise (the rp2 port's text
mode raises UnicodeError). Lines end with LF (a CR before it is dropped); a
line is decoded as UTF-8 when complete, and a line that is not UTF-8 comes
out with every non-ASCII byte as "?" (so the protocol answers it as a bad
command). A line longer than ``max_line`` bytes is cut to ``max_line + 1``
characters so the reader can tell it was too long. Ctrl-C never arrives
here: MicroPython turns it into KeyboardInterrupt.

Out: ``write_line`` queues the line (at most ``MAX_QUEUE`` lines; further
lines are dropped and counted) and writes what the port takes now, in
``CHUNK`` byte pieces, each only while ``select.poll`` says the port can take
data. A host that opened the port and stopped reading fills the CDC buffer;
a write then blocks up to the port's TX timeout (500 ms on rp2), so after a
write slower than ``STALL_MS`` the link writes nothing for ``RETRY_MS`` and
keeps queueing (and dropping). When writing resumes after drops, a line
``{"type": "dropped", "lines": N}`` goes first.
"""
import sys

try:
    import select
except ImportError:  # pragma: no cover
    import uselect as select  # type: ignore

from morris.compat import ticks_ms, ticks_diff

MAX_BYTES_PER_READ = 256  # bytes taken from the port per read_line call
MAX_QUEUE = 16            # lines waiting to go out
CHUNK = 32                # bytes per write call
STALL_MS = 50             # a write this slow means the host stopped reading
RETRY_MS = 2000           # ... then no write for this long


def _always():
    return True


class UsbLink:
    """``read_line()`` -> str without its line end, or None; ``write_line(text)``.

    ``inp`` / ``out`` default to ``sys.stdin`` (its binary ``buffer`` where there
    is one) / ``sys.stdout``; ``poller`` to a ``select.poll()`` registered for
    ``inp``; ``out_ready`` is a callable -> bool, True when the port takes data
    now (default: ``select.poll`` POLLOUT on the default ``out``; always True
    for an ``out`` handed in). ``clock`` gives ``ticks_ms()``. ``dropped``
    counts lines not sent, ``stalls`` the writes that blocked."""

    def __init__(self, inp=None, out=None, poller=None, max_line=256, out_ready=None,
                 clock=None):
        if inp is None:
            inp = getattr(sys.stdin, "buffer", sys.stdin)
        self.inp = inp
        if poller is None:
            poller = select.poll()
            poller.register(inp, select.POLLIN)
        self.poller = poller
        self._ipoll = getattr(poller, "ipoll", None)   # bound once (issue 21: an idle pass allocates nothing)
        if out is None:
            out = sys.stdout
            if out_ready is None:
                op = select.poll()
                op.register(out, select.POLLOUT)
                out_ready = lambda: bool(op.poll(0))   # noqa: E731
        self.out = out
        self.out_ready = out_ready if out_ready is not None else _always
        self.ticks = clock.ticks_ms if clock is not None else ticks_ms
        self.max_line = max_line
        self.buf = bytearray(max_line + 1)
        self.n = 0
        self.lines = []
        self.queue = []
        self.pos = 0          # bytes of queue[0] already written
        self.dropped = 0
        self.stalls = 0
        self.stalled_at = None

    # ---- in ---------------------------------------------------------------
    def read_line(self):
        """The next complete line, or None when none has arrived (never blocks)."""
        if self.lines:
            return self.lines.pop(0)
        buf = self.buf
        inp = self.inp
        for _ in range(MAX_BYTES_PER_READ):
            if not self._ready():      # a method call: no bound method allocated
                break
            ch = inp.read(1)
            if not ch:
                break
            b = ch[0] if not isinstance(ch, str) else ord(ch) & 0xFF
            if b == 10:
                self.lines.append(self._decode())
                self.n = 0
                break
            if self.n <= self.max_line:
                buf[self.n] = b
                self.n += 1
        if self.lines:
            return self.lines.pop(0)
        return None

    def _ready(self):
        # a byte waits? ``ipoll`` (MicroPython) allocates nothing; ``poll`` makes a list
        ip = self._ipoll
        if ip is None:
            return bool(self.poller.poll(0))
        for _ in ip(0):
            return True
        return False

    def _decode(self):
        n = self.n
        if n and self.buf[n - 1] == 13:
            n -= 1
        raw = bytes(self.buf[:n])
        try:
            return raw.decode("utf-8")
        except ValueError:        # UnicodeError: not UTF-8 (a cut line may end mid-character)
            return "".join(chr(b) if b < 128 else "?" for b in raw)

    # ---- out --------------------------------------------------------------
    def write_line(self, text):
        """Queue ``text`` and a line end, and send what the port takes now."""
        if len(self.queue) >= MAX_QUEUE:
            self.dropped += 1
        else:
            self.queue.append(text + "\n")
        self.flush()

    def flush(self):
        """Write queued lines while the port takes them (never blocks for long)."""
        if self.stalled_at is not None:
            if ticks_diff(self.ticks(), self.stalled_at) < RETRY_MS:
                return
            self.stalled_at = None
        q = self.queue
        while q:
            if not self.out_ready():
                return
            if self.dropped and self.pos == 0:
                q.insert(0, '{"type": "dropped", "lines": %d}\n' % self.dropped)
                self.dropped = 0
            line = q[0]
            t0 = self.ticks()
            piece = line[self.pos:self.pos + CHUNK]
            self.out.write(piece)
            self.pos += len(piece)
            if self.pos >= len(line):
                q.pop(0)
                self.pos = 0
            if ticks_diff(self.ticks(), t0) >= STALL_MS:
                self.stalls += 1
                self.stalled_at = self.ticks()
                return
