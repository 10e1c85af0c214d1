"""The board clock: MicroPython's ``time.ticks_*`` (ms modulo 2**30 on the rp2 port)."""
from morris.compat import ticks_ms, ticks_add, ticks_diff


class Clock:
    """``ticks_ms()`` -> int in [0, 2**30); ``ticks_diff(end, start)`` -> signed ms and
    ``ticks_add(t, ms)`` with wrap-around. ``source`` replaces ``time.ticks_ms``
    (tests give a fake one); differences always use the wrap-around arithmetic."""

    def __init__(self, source=None):
        self._src = source if source is not None else ticks_ms

    def ticks_ms(self):
        """Milliseconds now, modulo 2**30."""
        return self._src()

    @staticmethod
    def ticks_diff(end, start):
        """Signed ``end - start`` in ms, right across one wrap-around."""
        return ticks_diff(end, start)

    @staticmethod
    def ticks_add(t, delta):
        """``t + delta`` ms, wrapped into the ticks period."""
        return ticks_add(t, delta)
