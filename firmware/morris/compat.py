"""Tiny shims so firmware code runs unchanged on MicroPython and CPython.

Provides ``const``, the ``ticks_*`` clock functions with MicroPython's
wrap-around semantics (ticks are ms modulo 2**30 on both sides, so they stay
small ints on the Pico), ``XorShift16``, a small-int random generator that
gives the same numbers on both interpreters, and ``forget``, which unloads a
module after a use (RAM on the Pico).
"""
SPACE = " \t\n\r\v\f"    # ASCII whitespace: the only whitespace both interpreters agree on

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython
    def const(x):
        """Return ``x``; MicroPython folds it into bytecode."""
        return x



def forget(*names):
    """Unload the modules ``names`` ("morris.presets", "board.mistake", ...) after a use:
    out of ``sys.modules`` and off their package (an import binds a submodule to its
    package too, so popping ``sys.modules`` alone frees nothing), so that their code
    and data leave the heap unless something else holds them; their next import loads
    them again. A name not loaded is skipped. (morris/presets.py held 5,440 bytes of the
    unix port's heap.)"""
    import sys
    for name in names:
        sys.modules.pop(name, None)
        pkg, _, attr = name.rpartition(".")
        parent = sys.modules.get(pkg)
        if parent is not None:
            try:
                delattr(parent, attr)
            except (AttributeError, KeyError):     # not bound (MicroPython says KeyError)
                pass


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

