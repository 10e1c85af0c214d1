"""Benchmark of learning mode's move quality: how long the judge (teach/judge.py on
the engine board, engine/judge.py) takes to judge every move of a position, per
phase, on the MicroPython unix port (the firmware as .mpy files with the host's
machine code, tools/deploy.py's build) and on CPython, with a Pico estimate.

Positions: every position of seeded games (the engine at level 2 mixed with
random moves, standard rules) from the fifth ply on. The judge runs in slices of
TEACH_MS (teach/__init__.py) as on the board; the time counted is the judge's own.

Pico estimate: the unix-port time x 145 (the engine's emitted search measured on an
emulated RP2040, MicroPython 1.28 rp2 build: about 2,900 nodes/s, 145x slower than
the unix port; the judge's work is the same viper move generator and make/unmake),
divided by the judge's share of a main-loop pass while a human thinks:
TEACH_MS / (TEACH_MS + 13 ms), 13 ms being the idle pass measured there inside the
running main loop.

    .venv/bin/python tools/bench_quality.py [--games N] [--no-mp]
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FACTOR = 145
IDLE_PASS_MS = 13

SCRIPT = r'''
import sys, gc
sys.path.insert(0, %(fw)r)
try:
    from time import ticks_us, ticks_diff
except ImportError:
    import time as _t
    def ticks_us():
        return int(_t.perf_counter() * 1000000)
    def ticks_diff(a, b):
        return a - b
from morris import Position, Rules
from morris.compat import XorShift16
from engine import Engine
from teach.judge import Judge
from teach import TEACH_MS
eng = Engine(2, seed=3, book=False, tt_size=64)
eng.reserve()
j = Judge(eng.blocks)
rng = XorShift16(11)
res = {}
for g in range(%(games)d):
    pos = Position(Rules("standard"))
    for ply in range(80):
        if pos.outcome() is not None:
            break
        lm = pos.legal_moves
        if ply >= 4:
            t = ticks_us()
            j.start(pos, lm)
            while not j.step(TEACH_MS):
                pass
            dt = ticks_diff(ticks_us(), t)
            k = "placement" if pos.hand[pos.turn] else "flying" if pos.flying(pos.turn) else "movement"
            res.setdefault(k, []).append((len(lm), dt))
        if rng.below(10) < 3:
            m = lm[rng.below(len(lm))]
        else:
            m = eng.think(pos)
        pos.push(m)
for k in ("placement", "movement", "flying"):
    v = res.get(k, [])
    if v:
        ts = sorted(x[1] for x in v)
        print("RESULT %%s %%d %%.1f %%.3f %%.3f %%.3f" %% (k, len(v), sum(x[0] for x in v) / len(v),
              sum(ts) / len(ts) / 1000, ts[len(ts) * 9 // 10] / 1000, ts[-1] / 1000))
'''


def run(cmd, label):
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if r.returncode:
        print(label, "failed:", r.stdout[-2000:], r.stderr[-2000:])
        return {}
    out = {}
    for ln in r.stdout.splitlines():
        if ln.startswith("RESULT "):
            k, n, moves, mean, p90, worst = ln.split()[1:]
            out[k] = (int(n), float(moves), float(mean), float(p90), float(worst))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--no-mp", action="store_true", help="CPython only")
    args = ap.parse_args(argv)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from teach import TEACH_MS
    share = TEACH_MS / (TEACH_MS + IDLE_PASS_MS)
    runs = [("CPython", [sys.executable, "-c", SCRIPT % {"fw": os.path.join(ROOT, "firmware"),
                                                          "games": args.games}])]
    if not args.no_mp:
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        import deploy
        out = os.path.join(ROOT, "build", "bench_quality_mpy")
        deploy.build(out, fw=os.path.join(ROOT, "firmware"), log=lambda *a: None, version="dev",
                     target="host")
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        runs.append(("MicroPython unix port (.mpy, host machine code)",
                     [mp, "-X", "heapsize=1M", "-c", SCRIPT % {"fw": out, "games": args.games}]))
    for label, cmd in runs:
        res = run(cmd, label)
        print("== %s: judging every move of a position (ms: mean, 90%%, worst)" % label)
        for k, (n, moves, mean, p90, worst) in res.items():
            print("  %-9s %4d positions, %4.1f moves: %7.2f %7.2f %7.2f" % (k, n, moves, mean, p90, worst))
            if label.startswith("MicroPython"):
                print("  %-9s Pico estimate x%d: %.2f s alone (90%%: %.2f, worst %.2f); in the main loop"
                      " at a %.0f%% share: %.2f s (90%%: %.2f, worst %.2f)" % (
                          "", FACTOR, mean * FACTOR / 1000, p90 * FACTOR / 1000, worst * FACTOR / 1000,
                          share * 100, mean * FACTOR / 1000 / share, p90 * FACTOR / 1000 / share,
                          worst * FACTOR / 1000 / share))


if __name__ == "__main__":
    main()
