"""Per-point debounce of the 24-bit occupancy word from the reed switches.

A point's settled state follows its raw state once the raw state has stayed
unchanged for ``settle_ms`` milliseconds. Each point settles on its own, so a
bouncing or noisy switch does not hold back the others, and a stone sliding
across an empty point (a passage shorter than ``settle_ms``) never shows up
in the settled word. Times are MicroPython ticks (ms, wrap-around safe via
``ticks_diff``).
"""
from morris.compat import ticks_diff


class Debouncer:
    """Settle filter for an ``n``-bit occupancy word.

    ``Debouncer(settle_ms=80, now_ms=0, n=24)``; ``update(now_ms, raw)`` -> the
    settled occupancy (int, bit i = point i). ``settled`` holds the last result,
    ``raw`` the last raw word. Allocation-free after construction.
    """

    def __init__(self, settle_ms=80, now_ms=0, n=24):
        if settle_ms < 0:
            raise ValueError("settle_ms must be >= 0")
        self.settle_ms = settle_ms
        self.n = n
        self.raw = 0
        self.settled = 0
        self.since = [now_ms] * n   # time of the last raw change per point

    def update(self, now_ms, raw):
        """Feed the raw word read at ``now_ms``; return the settled word."""
        changed = raw ^ self.raw
        since = self.since
        if changed:
            self.raw = raw
            for i in range(self.n):
                if changed >> i & 1:
                    since[i] = now_ms
        pend = raw ^ self.settled
        if pend:
            s = self.settled
            settle = self.settle_ms
            for i in range(self.n):
                if pend >> i & 1 and ticks_diff(now_ms, since[i]) >= settle:
                    s ^= 1 << i
            self.settled = s
        return self.settled

    def stable(self):
        """True when every point has settled (the raw word equals the settled word)."""
        return self.raw == self.settled
