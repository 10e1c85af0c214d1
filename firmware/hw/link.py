"""The USB serial link: non-blocking lines in from ``sys.stdin``, lines out on ``sys.stdout``.

On the Pico both are the USB CDC console (the REPL's). Input is polled with
``select.poll`` (0 ms timeout) and read one character at a time while
characters wait, so ``read_line`` never blocks; Ctrl-C still reaches
MicroPython as KeyboardInterrupt (mpremote relies on it). Lines end with LF
(a CR before it is dropped); a line longer than ``max_line`` characters is
cut to ``max_line + 1`` characters so the reader can tell it was too long.
"""
import sys

try:
    import select
except ImportError:  # pragma: no cover
    import uselect as select  # type: ignore

MAX_CHARS_PER_READ = 256  # characters taken from the port per read_line call


class UsbLink:
    """``read_line()`` -> str without its line end, or None; ``write_line(text)``.

    ``inp`` / ``out`` default to ``sys.stdin`` / ``sys.stdout``; ``poller`` to
    a ``select.poll()`` registered for ``inp`` (tests pass fakes)."""

    def __init__(self, inp=None, out=None, poller=None, max_line=256):
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        if poller is None:
            poller = select.poll()
            poller.register(self.inp, select.POLLIN)
        self.poller = poller
        self.max_line = max_line
        self.buf = []
        self.lines = []

    def read_line(self):
        """The next complete line, or None when none has arrived (never blocks)."""
        if self.lines:
            return self.lines.pop(0)
        buf = self.buf
        for _ in range(MAX_CHARS_PER_READ):
            if not self.poller.poll(0):
                break
            ch = self.inp.read(1)
            if not ch:
                break
            if isinstance(ch, bytes):
                ch = ch.decode()
            if ch == "\n":
                line = "".join(buf)
                self.buf = buf = []
                if line.endswith("\r"):
                    line = line[:-1]
                self.lines.append(line)
                break
            if len(buf) <= self.max_line:
                buf.append(ch)
        if self.lines:
            return self.lines.pop(0)
        return None

    def write_line(self, text):
        """Send ``text`` and a line end."""
        self.out.write(text)
        self.out.write("\n")
