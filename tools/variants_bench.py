#!/usr/bin/env python3
"""Deep perft of every preset against Sanmill's reference (tests/data/variants.json).

    tools/variants_bench.py [--max-nodes N] [--depth D] [PRESET ...]

For each preset (Sanmill's key, e.g. ``mul_mulan``, or all) and each of its
positions (the start, then the positions reached by play), counts
``perft_orders`` to the deepest depth whose reference count is at most
--max-nodes (default 6,000,000) and at most --depth, and prints one line per
count: preset, position, depth, ours, reference, ok/DIFF, seconds. Exits 1 on
any difference. The test suite checks the shallow depths
(tests/test_variants_reference.py); this runs the deep ones.
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
    a = ap.parse_args(argv)
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
            t0 = time.perf_counter()
            got = perft_orders(pos, depth)
            dt = time.perf_counter() - t0
            ok = got == want[depth - 1]
            bad += not ok
            print("%-13s %-45s d%d %12d %12d %-4s %7.1fs" % (key, label, depth, got, want[depth - 1],
                                                            "ok" if ok else "DIFF", dt), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
