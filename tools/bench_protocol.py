#!/usr/bin/env python3
"""Round trips of the USB protocol (docs/protocol.md) in the host simulator.

The simulator runs the firmware's MainLoop on simulated drivers and talks to
it over its simulated serial link, as a PC talks to the board. Prints, on
this host (CPython):

- per command (hello, state, hint, record, settings): the wall time of one
  exchange -- the line fed in, one main-loop pass that answers it, the reply
  parsed (median and max over ``--runs``);
- a move's latency: a stone put on an empty point by a simulated switch
  event, until the board's "move" event comes out over the link -- in board
  time (the switch settle time plus main-loop passes of ``--tick`` ms) and
  in host wall time for those passes;
- the wall time of one main-loop pass with nothing to do.

    .venv/bin/python tools/bench_protocol.py [--runs 200] [--tick 20]
"""
import argparse
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import host_sim  # noqa: E402,F401  (firmware/ on sys.path)
from host_sim.sim import Simulation, NAMES, SETTLE_MS  # noqa: E402


def _ms(seconds):
    return seconds * 1000.0


def exchange_times(sim, line, runs):
    """Wall ms of ``runs`` exchanges of ``line``."""
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        reply = sim.exchange(line)
        out.append(_ms(time.perf_counter() - t))
        assert reply.get("type") != "error", reply
    return out


def move_latency(sim, point, tick):
    """(board ms, host wall ms, passes) from putting a stone on ``point`` to the move event."""
    n0 = sim.serial_total            # event lines the board wrote so far

    def moved():
        new = sim.serial_total - n0
        return new > 0 and any(json.loads(ln)["type"] == "move" for ln in sim.serial[-min(new, 40):])
    sim.switches.put(NAMES.index(point))
    board_ms = 0
    passes = 0
    t = time.perf_counter()
    while not moved():
        sim.step(tick)
        board_ms += tick
        passes += 1
        if board_ms > 10000:
            raise RuntimeError("no move event")
    return board_ms, _ms(time.perf_counter() - t), passes


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=200, help="exchanges per command (default 200)")
    ap.add_argument("--tick", type=int, default=20, help="board ms per main-loop pass (default 20)")
    a = ap.parse_args(argv)
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    for p in ("d2", "d6", "b4"):                        # a game under way
        sim.play_by_hand(p)
    print("protocol round trip in the simulator (CPython %s), %d runs each:"
          % (sys.version.split()[0], a.runs))
    for cmd in ("hello", "state", "hint", "record", "settings"):
        ts = exchange_times(sim, json.dumps({"cmd": cmd, "id": 1}), a.runs)
        print("  %-9s median %.3f ms  max %.3f ms" % (cmd, statistics.median(ts), max(ts)))
    sim.settle()
    lat = [move_latency(sim, p, a.tick) for p in ("f4", "a4", "g7", "a7")]
    board = [x[0] for x in lat]
    wall = [x[1] for x in lat]
    print("move latency (stone put -> 'move' event on the link), %d placements:" % len(lat))
    print("  board time %d..%d ms (settle time %d ms + passes of %d ms), host wall %.2f..%.2f ms for %d..%d passes"
          % (min(board), max(board), SETTLE_MS, a.tick, min(wall), max(wall),
             min(x[2] for x in lat), max(x[2] for x in lat)))
    ts = []
    for _ in range(a.runs):
        t = time.perf_counter()
        sim.step(a.tick)
        ts.append(_ms(time.perf_counter() - t))
    print("one idle main-loop pass (sim.step): median %.3f ms  max %.3f ms" % (statistics.median(ts), max(ts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
