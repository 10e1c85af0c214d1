#!/usr/bin/env python3
"""Deep perft of every preset against Sanmill's reference (tests/data/variants.json).

    tools/variants_bench.py [--max-nodes N] [--depth D] [--engine [--micropython]] [PRESET ...]

For each preset (Sanmill's key, e.g. ``mul_mulan``, or all) and each of its
positions (the start, then the positions reached by play), counts
``perft_orders`` to the deepest depth whose reference count is at most
--max-nodes (default 6,000,000) and at most --depth, and prints one line per
count: preset, position, depth, ours, reference, ok/DIFF, seconds. Exits 1 on
any difference. The test suite checks the shallow depths
(tests/test_variants_reference.py, tests/test_engine_reference.py); this
runs the deep ones. ``--engine`` counts on the engine's board
(firmware/engine/board.py, engine/probe.py's ``perft_orders``) instead of
the rules core, ``--micropython`` there in the unix port with the engine's
machine code (tools/deploy.py's build for this host; seconds are then the
wall clock of the unix port).
"""
import argparse
import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules, play_record  # noqa: E402
from morris.perft import perft_orders  # noqa: E402

# Sanmill's preset keys that are not our names with '-' for '_'
PRESET = {"nine": "standard"}


def cases(data, key):
    """(label, action list or '', reference counts by depth) of one preset."""
    yield "start", "", data[key]["start_perft"]
    for i, case in enumerate(data[key]["positions"]):
        yield "%d:%s" % (i + 1, case["kind"]), case["actions"], case["perft"]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("presets", nargs="*", help="Sanmill preset keys (default: all 13)")
    ap.add_argument("--max-nodes", type=int, default=6000000, help="largest reference count to run")
    ap.add_argument("--depth", type=int, default=6, help="deepest depth to run")
    ap.add_argument("--engine", action="store_true", help="count on the engine board")
    ap.add_argument("--micropython", action="store_true", help="with --engine: in the MicroPython unix port")
    a = ap.parse_args(argv)
    if a.micropython and not a.engine:
        ap.error("--micropython counts on the engine board: add --engine")
    data = json.load(open(os.path.join(ROOT, "tests", "data", "variants.json")))
    keys = a.presets or list(data)
    bad = 0
    for key in keys:
        if key not in data:
            ap.error("unknown preset %r (known: %s)" % (key, ", ".join(data)))
        rules = Rules(PRESET.get(key, key.replace("_", "-")))
        for label, actions, want in cases(data, key):
            pos = play_record(Position(rules), actions) if actions else Position(rules)
            depth = len([n for n in want[:a.depth] if n <= a.max_nodes])
            if not depth:
                continue
            if a.micropython:
                got, dt = _mp_count(str(rules), actions, depth)
            else:
                t0 = time.perf_counter()
                if a.engine:
                    from engine.probe import BoardProbe
                    got = BoardProbe(rules).load(pos).perft_orders(depth)
                else:
                    got = perft_orders(pos, depth)
                dt = time.perf_counter() - t0
            ok = got == want[depth - 1]
            bad += not ok
            print("%-13s %-45s d%d %12d %12d %-4s %7.1fs" % (key, label, depth, got, want[depth - 1],
                                                            "ok" if ok else "DIFF", dt), flush=True)
    sys.exit(1 if bad else 0)


_MP = """
import sys, time
sys.path.insert(0, %r)
from morris import Position, Rules, play_record
from engine.probe import BoardProbe
pos = Position(Rules.parse(%r))
if %r:
    play_record(pos, %r)
t0 = time.ticks_ms()
n = BoardProbe(pos.rules).load(pos).perft_orders(%d)
print(n, time.ticks_diff(time.ticks_ms(), t0))
"""
_BUILD = []


def _mp_count(rules, actions, depth):
    """(count, seconds) of the engine board's perft_orders in the unix port."""
    import subprocess
    import tempfile
    if not _BUILD:
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        import deploy
        d = tempfile.mkdtemp(prefix="variants_bench_")
        deploy.build(d, target="host", log=lambda *x: None)
        _BUILD.append(d)
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-X", "heapsize=1m", "-c", _MP % (_BUILD[0], rules, actions, actions, depth)],
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit("micropython count failed: " + r.stderr[-2000:])
    n, ms = r.stdout.split()
    return int(n), int(ms) / 1000.0


if __name__ == "__main__":
    main()
