"""Tiny shims so firmware code runs unchanged on MicroPython and CPython.

Provides ``const`` and the ``ticks_*`` clock functions with MicroPython's
wrap-around semantics (ticks are ms modulo 2**30 on both sides, so they stay
small ints on the Pico).
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
    from time import ticks_ms, ticks_add, ticks_diff  # noqa: F401
except ImportError:  # CPython
    import time as _time

    def ticks_ms():
        """Milliseconds from an arbitrary origin, modulo 2**30 (MicroPython semantics)."""
        return int(_time.monotonic() * 1000) & _TICKS_MAX

    def ticks_add(ticks, delta):
        """``ticks + delta`` (ms) wrapped into the ticks period."""
        return (ticks + delta) & _TICKS_MAX

    def ticks_diff(end, start):
        """Signed difference ``end - start`` in ms, correct across one wrap-around."""
        return ((end - start + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF
