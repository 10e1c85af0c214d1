"""Tiny shims so firmware code runs unchanged on MicroPython and CPython.

Provides ``const``, the ``ticks_*`` clock functions with MicroPython's
wrap-around semantics (ticks are ms modulo 2**30 on both sides, so they stay
small ints on the Pico), ``XorShift16``, a small-int random generator that
gives the same numbers on both interpreters, and the text helpers the readers
use so that both interpreters read every text alike (``words``, ``strip``,
``shown``: CPython's ``str.split()`` also splits at Unicode spaces and
\\x1c..\\x1f, its ``repr`` keeps printable non-ASCII characters).
"""
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython
    def const(x):
        """Return ``x``; MicroPython folds it into bytecode."""
        return x

TICKS_PERIOD = 1 << 30
_TICKS_MAX = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD // 2

try:
    from time import ticks_ms, ticks_us, ticks_add, ticks_diff  # noqa: F401
except ImportError:  # CPython
    import time as _time

    def ticks_ms():
        """Milliseconds from an arbitrary origin, modulo 2**30 (MicroPython semantics)."""
        return int(_time.monotonic() * 1000) & _TICKS_MAX

    def ticks_us():
        """Microseconds from an arbitrary origin, modulo 2**30 (MicroPython semantics)."""
        return int(_time.monotonic() * 1000000) & _TICKS_MAX

    def ticks_add(ticks, delta):
        """``ticks + delta`` (ms) wrapped into the ticks period."""
        return (ticks + delta) & _TICKS_MAX

    def ticks_diff(end, start):
        """Signed difference ``end - start`` in ms, correct across one wrap-around."""
        return ((end - start + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


class XorShift16:
    """16-bit xorshift (shifts 7, 9, 8; period 65535): identical sequences on
    CPython and MicroPython, small ints only. ``seed``: any int (0 becomes 1)."""

    def __init__(self, seed=1):
        self.x = seed & 0xFFFF or 1

    def next(self):
        """Advance and return the new state, 1..65535."""
        x = self.x
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        self.x = x
        return x

    def below(self, n):
        """A number in 0..n-1 (n >= 1)."""
        return self.next() % n


SPACE = " \t\n\r\v\f"    # ASCII whitespace: the only whitespace both interpreters agree on


def words(text):
    """``text`` (str) split at ASCII whitespace: list of non-empty str."""
    for ch in "\t\n\r\v\f":
        if ch in text:
            text = text.replace(ch, " ")
    return [w for w in text.split(" ") if w]


def strip(text):
    """``text`` without leading and trailing ASCII whitespace."""
    return text.strip(SPACE)


def shown(text, limit=40):
    """``text`` in single quotes for a message, the same on both interpreters: at
    most ``limit`` characters (then "..."), quote, backslash and everything
    outside printable ASCII escaped (\\xNN, \\uNNNN, \\UNNNNNNNN)."""
    out = ["'"]
    for ch in text[:limit]:
        o = ord(ch)
        if ch == "'" or ch == "\\":
            out.append("\\" + ch)
        elif 32 <= o < 127:
            out.append(ch)
        elif o < 256:
            out.append("\\x%02x" % o)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            out.append("\\U%08x" % o)
    if len(text) > limit:
        out.append("...")
    out.append("'")
    return "".join(out)


def is_ascii_word(text):
    """True when every character of ``text`` is printable ASCII (no space)."""
    for ch in text:
        if not 32 < ord(ch) < 127:
            return False
    return True
