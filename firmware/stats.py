"""The main loop's pass-time and engine-share figures (``PassStats``) and the protocol's
"stats" reply (``report``, docs/protocol.md)."""
from morris.compat import ticks_us


class PassStats:
    """Pass-time and engine-share figures of the running main loop, for the protocol's
    "stats" (docs/protocol.md, firmware/stats.py) -- measured on the board itself (us of
    ``ticks_us``), so that a Pico names the part that is slow. Kept in small ints
    (sums halve with their counts before they could reach 2**28)."""

    def __init__(self):
        self.t0 = ticks_us()     # the start of the last pass
        self.was = -1            # ... its kind: -1 none yet, 0 idle, 1 thinking
        self.what = ""           # what the pass did (for the longest pass)
        self.eng = -1            # the engine's time in this pass (us), -1: it did not think
        self.search_at = 0       # when the current search started (ms ticks)
        self.save_last = 0       # the store's time of the last save (us)
        self.gc_last = 0         # the last idle-pass collection's time (us)
        self.gc_step = self.gc_low = 0   # idle collections: every gc_step bytes, below gc_low free
        self.reset()

    def reset(self):
        """Start counting afresh."""
        self.n = [0, 0]          # passes: idle, thinking
        self.us = [0, 0]         # their time in MainLoop.tick
        self.max = [0, 0]
        self.engine_us = 0       # time in Engine.step
        self.wall_us = 0         # time from a thinking pass's start to the next pass's start
        self.longest = 0
        self.longest_what = ""
        self.saves = 0
        self.save_max = 0
        self.searches = 0
        self.search = None       # the last search: dict

    def add(self, k, us, what):
        """A pass of kind ``k`` (0 idle, 1 thinking) took ``us``; ``what`` it did."""
        n = self.n
        t = self.us
        if t[k] > 1 << 28:
            t[k] >>= 1
            n[k] >>= 1
        n[k] += 1
        t[k] += us
        if us > self.max[k]:
            self.max[k] = us
        if us > self.longest:
            self.longest = us
            self.longest_what = what

    def think(self, engine_us, wall_us):
        """One thinking pass's engine slice and its period (us)."""
        if self.wall_us > 1 << 28:
            self.wall_us >>= 1
            self.engine_us >>= 1
        self.engine_us += engine_us
        self.wall_us += wall_us


def report(st):
    """The figures of ``st`` (a ``stats.PassStats``) as a dict: passes idle and
    thinking (count, mean and longest us), the engine's share of the CPU while it
    thinks (%: its slices' time over the thinking passes' wall time), the longest
    pass and what it did, saves, searches and the last one."""
    n, us, mx = st.n, st.us, st.max
    return {"type": "stats", "idle_passes": n[0], "idle_mean_us": us[0] // n[0] if n[0] else 0,
            "idle_max_us": mx[0], "thinking_passes": n[1],
            "thinking_mean_us": us[1] // n[1] if n[1] else 0, "thinking_max_us": mx[1],
            "engine_share": st.engine_us * 100 // st.wall_us if st.wall_us else None,
            "longest_pass_us": st.longest, "longest_pass": st.longest_what,
            "saves": st.saves, "save_max_us": st.save_max, "searches": st.searches,
            "last_search": st.search}
