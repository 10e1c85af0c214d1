"""Engine benchmark: nodes/s and time to depth over a fixed set of positions.

Runs unchanged under CPython and the MicroPython unix port::

    .venv/bin/python tools/bench_engine.py [max_depth]
    .venv/bin/micropython -X heapsize=1m tools/bench_engine.py [max_depth]
    .venv/bin/python tools/bench_engine.py --micropython [max_depth]   # both, one after the other
    add --depth-only to skip the per-level and stall parts (for timing the
    whole process with ``time``: nodes / user CPU seconds, immune to a busy host)

For each position: a fresh engine (no node or time limit) searches depth
1..max_depth (default 4) by iterative deepening; the line per depth gives the
cumulative time to reach it, the nodes and nodes/s. The total line gives
nodes/s over all positions and, under MicroPython, the Pico estimates with
the Pico speed factors of docs/pico.md: 82x (function calls, the engine's PICO_NODES_PER_S) and 58x
(lists/dicts) factors. Also times a think at every level over the bench
positions (mean nodes and host ms per move) and measures the controller
stall (see ``stall``). The heap is not the point here (1 MB for the timing
lists); the 192 KB heap test is tests/firmware/test_engine_selfplay.py.
"""
import sys

sys.path.insert(0, "firmware")
try:
    from time import ticks_ms, ticks_diff  # MicroPython
except ImportError:
    sys.path.insert(0, __file__.rsplit("/", 2)[0] + "/firmware" if "/" in __file__ else "firmware")
    from morris.compat import ticks_ms, ticks_diff

from morris import Position, Rules  # noqa: E402
from engine import Engine, TOP_LEVEL, level_budget  # noqa: E402

POSITIONS = (
    "standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -",
    "standard .../.../.../B.BW../BW./.W./.W. w 5/5 3/0 0/0 -/- c4,e4,c3",
    "standard B../B../.W./BBW.W./.WB/B.W/BWB w 1/1 2/0 0/0 -/- c4,e3",
    "standard .WB/W.W/.WB/BWB.B./WB./.W./W.B w 0/0 4/0 0/0 -/- b6-b4,a7-a4,d6-b6,g4-f4",
    "standard .WB/..B/W.B/..BBB./.../.WB/WB. w 0/0 2/0 0/0 -/- a4-a1,d5-e5",
    "wikipedia+double_mill=two+no_return=on BWW/BB./.../WB.B.W/W.W/.BW/BBB w 0/0 6/0 0/0 -/- f2,e4,d3,d6,d3-e3,b2-d2",
    "old-russian ..W/.BB/B../WB.WWB/BB./WWW/BW. w 0/0 8/0 2/400 -/- a4,a1,d1,d6,a4-a7,c3-d3,a7-a4,c4-c3",
    "schmidt BBW/.WB/WWW/B.W.W./.../B../..W w 0/0 3/0 0/0 -/- d2-b2,g4-f4,b4-a4",
)


def bench(max_depth):
    """Print time to depth per position; return (total nodes, total ms)."""
    impl = sys.implementation.name
    print("engine bench on %s, depth 1..%d" % (impl, max_depth))
    eng = Engine(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8)
    tn = 0
    tms = 0
    alln = 0
    allms = 0
    for i, text in enumerate(POSITIONS):
        pos = Position.from_text(text)
        line = []
        for d in range(1, max_depth + 1):
            eng.new_game()
            eng.set_level(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, depth=d)
            t0 = ticks_ms()
            m = eng.think(pos, 1000)
            dt = ticks_diff(ticks_ms(), t0)
            line.append("d%d %dms %dn" % (d, dt, eng.nodes))
            alln += eng.nodes
            allms += dt
            if d == max_depth:
                tn += eng.nodes
                tms += dt
                best = pos.move_text(m)
        print("  pos %d: %s  best %s" % (i + 1, "  ".join(line), best))
    nps = tn * 1000 // (tms if tms else 1)
    print("total at depth %d: %d nodes in %d ms = %d nodes/s" % (max_depth, tn, tms, nps))
    print("all depths: %d nodes in %d ms = %d nodes/s (divide the nodes by the process's"
          " user CPU time for a figure immune to a busy host)" % (alln, allms, alln * 1000 // (allms if allms else 1)))
    if impl == "micropython":
        print("Pico estimate: %d nodes/s (/82, calls: engine.PICO_NODES_PER_S), %d nodes/s (/58, lists)"
              % (nps // 82, nps // 58))
    return tn, tms


def levels():
    """Think once per level from a few positions; print nodes and host ms per move."""
    eng = Engine(1)
    for lv in range(1, TOP_LEVEL + 1):
        depth, ms, cap, amp = level_budget(lv)
        tn = 0
        tt = 0
        for text in POSITIONS:
            pos = Position.from_text(text)
            eng.new_game()
            eng.set_level(lv)
            t0 = ticks_ms()
            eng.think(pos, 1000)
            tt += ticks_diff(ticks_ms(), t0)
            tn += eng.nodes
        k = len(POSITIONS)
        print("level %d: budget %d Pico ms / %d nodes; mean %d nodes, %d host ms per move"
              % (lv, ms, cap, tn // k, tt // k))


def _us():
    """A microsecond clock (ticks_us on MicroPython, perf_counter on CPython)."""
    try:
        from time import ticks_us
        return ticks_us()
    except ImportError:
        import time
        return int(time.perf_counter() * 1000000)


def stall(slice_ms=4, factor=82, runs=3):
    """The longest controller stall while the top level thinks.

    A controller loop calling ``step(0)`` makes the engine search exactly one
    node per call, so each call's duration is one node's work, the part of a
    stall beyond the slice budget (``step(b)`` returns at the first node past
    ``b`` ms). The search is deterministic, so the loop is run ``runs`` times
    and each node's time is the minimum over the runs (removing the host
    OS's preemptions). Pico stall estimate: ``slice_ms`` (the board's slice,
    firmware/mainloop.py) + the longest node x ``factor`` (82, the slowest of
    the Pico speed factors in docs/pico.md)."""
    eng = Engine(TOP_LEVEL)
    worst = 0
    worst_at = None
    total = 0
    count = 0
    for text in POSITIONS:
        pos = Position.from_text(text)
        best = None
        for _ in range(runs):
            eng.new_game()
            eng.start(pos)
            times = []
            while True:
                t0 = _us()
                r = eng.step(0)
                times.append(_us() - t0)
                if r is not None:
                    break
            if best is None:
                best = times
            else:
                for i in range(min(len(best), len(times))):
                    if times[i] < best[i]:
                        best[i] = times[i]
        for t in best:
            total += t
            count += 1
            if t > worst:
                worst = t
                worst_at = text
    print("controller stall: %d nodes, one node per step(0): mean %d us, longest %d us on the host"
          % (count, total // count, worst))
    print("  longest at: %s" % worst_at)
    print("  Pico estimate: slice %d ms + longest node %d ms (x%d) = %d ms"
          % (slice_ms, worst * factor // 1000, factor, slice_ms + worst * factor // 1000))


def main():
    args = [a for a in sys.argv[1:]]
    if "--micropython" in args:
        args.remove("--micropython")
        import subprocess
        import os
        here = os.path.dirname(os.path.abspath(__file__))
        root = os.path.dirname(here)
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        subprocess.run([sys.executable, os.path.join(here, "bench_engine.py")] + args, cwd=root, check=True)
        subprocess.run([mp, "-X", "heapsize=1m", "tools/bench_engine.py"] + args, cwd=root, check=True)
        return
    only = "--depth-only" in args
    if only:
        args.remove("--depth-only")
    max_depth = int(args[0]) if args else 4
    bench(max_depth)
    if not only:
        levels()
        stall()


main()
