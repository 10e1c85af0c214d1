"""A timing model of the Pico running the board's main loop: the simulator (``--pico-timing``)
and the tests run the firmware on a clock that moves as the Pico's would.

Each part's Pico cost comes from the pass benchmark (``tools/bench_pico_loop.py``:
unix-port times x the Pico factors of docs/pico.md, the whole pass calibrated
on issue 21's measurement on an emulated RP2040). ``PicoClock`` is the board's
clock: ``ticks_ms`` for the main loop's drivers, ``engine_ticks`` for the
engine, whose search reads the clock before every node -- so every call
there stands for one node at the Pico's speed inside the loop (the scanner's
timer takes its share of each slice); ``step_ticks`` for engine/engine.py's own
readings (a slice's start and end, the opening book's steps), each ``STEP_US``.
Until 6 Dec 2026 those cost a node each too: two a slice, about 10 % of the
engine's nodes in the model, which then gave the engine 69 % of the CPU
where the pass bench gives 79-85 %. ``after_pass(thinking)`` moves the
clock by the pass's own cost and, when the engine did not think, on to the
pace (``PASS_MS``) as main.py sleeps. ``install`` puts ``engine_ticks`` into the
engine's modules (their ``ticks_ms``), ``uninstall`` takes it out again.

Runs under CPython and MicroPython (tests/same_game.py plays the board's side in
the unix port). No firmware module depends on it.
"""
import sys

PICO_NODES_PER_S = 2900    # the engine standalone on the emulated RP2040 (engine/engine.py)
IDLE_PASS_US = 1100        # an idle pass (tools/bench_pico_loop.py after loop-share: 0.8-1.1 ms at x199)
THINK_PASS_US = 1340       # the loop's part of a thinking pass (the same bench: 0.80-1.34 ms at x199)
SCANNER_SHARE = 8          # % of the CPU the 250 Hz scan timer takes (the same bench: 6-8 %)
PASS_MS = 5                # main.py: an idle pass is paced to this period
NODE_US = 1000000 * 100 // (PICO_NODES_PER_S * (100 - SCANNER_SHARE))   # one node inside a slice
STEP_US = 100              # engine/engine.py's own clock reading and the work between two (a book step)


class PicoClock:
    """Milliseconds (``ticks_ms``) of a modelled Pico, from ``start_ms``; ``us`` is the
    model's time in microseconds. ``slow`` multiplies every cost (1: the model;
    the tests also run a Pico slower than measured)."""

    def __init__(self, start_ms=1000, slow=1):
        self.us = start_ms * 1000
        self.slow = slow
        self._start = 0
        self._saved = []

    def ticks_ms(self):
        """The board's clock (ms)."""
        return self.us // 1000

    @staticmethod
    def ticks_diff(a, b):
        """``a - b`` (ms; the model never wraps)."""
        return a - b

    @staticmethod
    def ticks_add(a, b):
        """``a + b`` (ms)."""
        return a + b

    def engine_ticks(self):
        """The engine's clock: each reading is one node searched (or one book step)."""
        self.us += NODE_US * self.slow
        return self.us // 1000

    def step_ticks(self):
        """engine/engine.py's clock: each reading is ``STEP_US`` of its own work."""
        self.us += STEP_US * self.slow
        return self.us // 1000

    def before_pass(self):
        """Call before ``MainLoop.tick``."""
        self._start = self.us

    def after_pass(self, thinking):
        """Call after ``MainLoop.tick``: the pass's own cost, then the pace when idle."""
        self.us += (THINK_PASS_US if thinking else IDLE_PASS_US) * self.slow
        if not thinking:
            end = self._start + PASS_MS * 1000
            if self.us < end:
                self.us = end

    def install(self):
        """The engine reads this clock (every loaded ``engine.*`` module's ``ticks_ms``:
        ``step_ticks`` in engine/engine.py, ``engine_ticks`` in the others)."""
        for name in list(sys.modules):
            mod = sys.modules[name]
            if name.startswith("engine.") and getattr(mod, "ticks_ms", None) is not None:
                self._saved.append((mod, mod.ticks_ms))
                mod.ticks_ms = self.step_ticks if name == "engine.engine" else self.engine_ticks

    def uninstall(self):
        """The engine's own clock again."""
        for mod, f in self._saved:
            mod.ticks_ms = f
        self._saved = []
