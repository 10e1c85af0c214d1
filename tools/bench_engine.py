"""Engine benchmark: nodes/s, time to depth, per-level cost, controller stall.

Runs unchanged under CPython and the MicroPython unix port::

    .venv/bin/python tools/bench_engine.py [max_depth]          # this interpreter
    .venv/bin/python tools/bench_engine.py --all [max_depth]    # the three speeds below
    .venv/bin/python tools/bench_engine.py --rules PRESET|all   # per preset, unix port
    micropython -X heapsize=1m tools/bench_engine.py --path DIR [max_depth]

``--rules PRESET`` (a rules text, or ``all`` for the 18 presets) runs in the
unix port from .mpy files built by tools/deploy.py (host arch, the engine's
emitted code) over the preset's bench positions (``preset_positions``: the
start, a placement position, the last placement turns and a movement
position, reached by seeded random play), each figure from its own process's
CPU time less the process's start-up: the search's nodes/s (top level to
``max_depth``, default 5), the engine board's perft leaves/s (start, depth
5), and per level the mean and worst nodes per move, the host ms per move
(mean nodes at the measured rate) and the Pico estimate: unix port nodes/s
/ ``PICO_FACTOR`` standalone, and ``LOOP_SHARE`` of that inside the board's
main loop, where the level's deadline caps a move's time.

``--all`` (from CPython) counts the search bench's nodes (top level to
``max_depth`` over the bench positions) and the engine board's perft leaves
(start, depth 4) on CPython, on the unix port from .mpy files built by
tools/deploy.py (host arch: the engine's @micropython.native / viper code
compiled to machine code) and on the unix port from a copy of the firmware
with the emitter decorators removed (bytecode only), each over its
process's CPU time (immune to a busy host), and prints the Pico estimates.

For each position: a fresh engine (no node or time limit) searches depth
1..max_depth (default 5) by iterative deepening; a line per position gives
the cumulative time and nodes per depth. The total line gives nodes/s.
Pico estimate (MicroPython only): nodes/s / ``PICO_FACTOR`` (100 for the
emitted code, an estimate: the issue-13 measurement gave 75x for the
bytecode search and 60x for the bytecode perft on an emulated RP2040; machine
code gains less from the host's caches and branch prediction than the
interpreter does, so the emitted code's ratio is taken larger) -- and
``LOOP_SHARE`` of that inside the board's main loop. ``levels`` thinks once per level per
bench position: mean and worst nodes per move and the worst Pico seconds in
the main loop (worst nodes / engine.engine.PICO_NODES_PER_S_LOOP). ``stall``: the
longest single node (the controller waits at most one node past its slice).
"""
import sys

try:
    from time import ticks_ms, ticks_diff  # MicroPython
except ImportError:
    from os.path import dirname, abspath, join
    sys.path.insert(0, join(dirname(dirname(abspath(__file__))), "firmware"))
    from morris.compat import ticks_ms, ticks_diff

PICO_FACTOR = 145          # unix port (emitted code) / RP2040: measured on an emulated RP2040 (docs/pico.md)
PICO_FACTOR_BYTECODE = 75  # measured in issue 13 for the bytecode search
PICO_FACTOR_PERFT = 80     # the engine board's perft: 110,000 leaves/s on the emulated RP2040 (docs/pico.md)
LOOP_SHARE = 0.7           # the engine's share of the Pico inside the main loop: engine/engine.py LOOP_SHARE (issue 21)

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
# the four positions of the Pico measurement (start, placement, two movement)
LEVEL_POSITIONS = POSITIONS[:4]


def bench(max_depth):
    """Print time to depth per position; return nodes/s at ``max_depth``."""
    from morris import Position
    from engine import Engine, TOP_LEVEL
    impl = sys.implementation.name
    print("engine bench on %s, depth 1..%d" % (impl, max_depth))
    eng = Engine(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, seed=1, book=False)
    tn = 0
    tms = 0
    for i, text in enumerate(POSITIONS):
        pos = Position.from_text(text)
        line = []
        best = "-"
        for d in range(1, max_depth + 1):
            eng.new_game()
            eng.set_level(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, depth=d)
            t0 = ticks_ms()
            m = eng.think(pos, 1000)
            dt = ticks_diff(ticks_ms(), t0)
            line.append("d%d %dms %dn" % (d, dt, eng.nodes))
            if d == max_depth:
                tn += eng.nodes
                tms += dt
                best = pos.move_text(m)
        print("  pos %d: %s  best %s" % (i + 1, "  ".join(line), best))
    nps = tn * 1000 // (tms if tms else 1)
    print("search: %d nodes in %d ms = %d nodes/s" % (tn, tms, nps))
    return nps


def perft_rate():
    """Engine-board perft from the start (depth 4) and a movement position (depth 3): leaf nodes/s."""
    from morris import Position
    from engine.probe import BoardProbe as Board
    out = []
    for text, depth in ((POSITIONS[0], 4), (POSITIONS[3], 3)):
        pos = Position.from_text(text)
        b = Board(pos.rules).load(pos)
        t0 = ticks_ms()
        n = b.perft(depth)
        dt = ticks_diff(ticks_ms(), t0)
        out.append(n * 1000 // (dt if dt else 1))
        print("perft (engine board) depth %d: %d leaves in %d ms = %d leaves/s" % (depth, n, dt, out[-1]))
    return out


def levels(nps_pico_loop=None):
    """Think once per level from the level positions; print nodes and Pico s per move."""
    from morris import Position
    from engine import Engine, TOP_LEVEL, level_budget, LEVEL_NAMES
    from engine.engine import PICO_NODES_PER_S_LOOP
    loop = PICO_NODES_PER_S_LOOP if nps_pico_loop is None else nps_pico_loop
    for lv in range(1, TOP_LEVEL + 1):
        depth, ms, cap, margin = level_budget(lv)
        tn = 0
        worst = 0
        tt = 0
        for text in LEVEL_POSITIONS:
            pos = Position.from_text(text)
            eng = Engine(lv, seed=1, book=False)
            t0 = ticks_ms()
            eng.think(pos, 1000)
            tt += ticks_diff(ticks_ms(), t0)
            tn += eng.nodes
            worst = eng.nodes if eng.nodes > worst else worst
        k = len(LEVEL_POSITIONS)
        print("level %d (%s): budget %d ms / %d nodes; mean %d, worst %d nodes per move;"
              " host %d ms per move; Pico in the main loop at %d nodes/s: worst %d ms"
              % (lv, LEVEL_NAMES[lv], ms, cap, tn // k, worst, tt // k, loop, worst * 1000 // loop))


def _us():
    try:
        from time import ticks_us
        return ticks_us()
    except ImportError:
        import time
        return int(time.perf_counter() * 1000000)


def stall(runs=3):
    """The longest single node (one node per ``step(0)``, minimum over ``runs``), host us."""
    from morris import Position
    from engine import Engine, TOP_LEVEL
    eng = Engine(TOP_LEVEL, seed=1, book=False)
    worst = 0
    for text in LEVEL_POSITIONS:
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
                    best[i] = min(best[i], times[i])
        worst = max(worst, max(best))
    print("controller stall: longest node %d us on the host" % worst)
    return worst


def run_here(max_depth, with_levels=True):
    """The bench on this interpreter; returns (search nodes/s, perft start leaves/s)."""
    nps = bench(max_depth)
    pr = perft_rate()
    if sys.implementation.name == "micropython":
        from engine.emit import emitted
        from engine.board import gen
        code = "emitted machine code" if emitted(gen) else "bytecode only"
        print("engine code: %s" % code)
        f = PICO_FACTOR if emitted(gen) else PICO_FACTOR_BYTECODE
        print("Pico estimate (/%d): search %d nodes/s (%d in the main loop), perft %d leaves/s"
              % (f, nps // f, nps // f // 2, pr[0] // f))
        if with_levels:
            levels(nps // f // 2)
    elif with_levels:
        levels()
    if with_levels:
        stall()
    print("RESULT %d %d" % (nps, pr[0]))
    return nps, pr[0]


def _child_cpu():
    import resource
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _mp_count(mp, root, path, what, max_depth):
    """Run one count (``--count search|perft``) in the unix port from ``path``;
    returns (count, CPU seconds of the process: immune to a busy host)."""
    import subprocess
    c0 = _child_cpu()
    r = subprocess.run([mp, "-X", "heapsize=1m", "tools/bench_engine.py", "--path", path, "--count", what,
                        str(max_depth)], cwd=root, capture_output=True, text=True)
    cpu = _child_cpu() - c0
    if r.returncode:
        sys.exit("micropython bench failed: " + r.stderr[-2000:])
    return int(r.stdout.split()[-1]), cpu


def _count(what, max_depth):
    """Print the number of nodes of the search bench (``search``) or the perft from the start (``perft``)."""
    from morris import Position
    if what == "search":
        from engine import Engine, TOP_LEVEL
        eng = Engine(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, depth=max_depth, seed=1, book=False)
        n = 0
        for text in POSITIONS:
            eng.new_game()
            eng.think(Position.from_text(text), 1000)
            n += eng.nodes
    else:
        from engine.probe import BoardProbe as Board
        pos = Position.from_text(POSITIONS[0])
        n = Board(pos.rules).load(pos).perft(4)
    print("COUNT %d" % n)


def _all(max_depth):
    import os
    import re
    import tempfile
    import time
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    sys.path.insert(0, here)
    import deploy
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    rows = []
    print("nodes/s below are counts over the process's CPU time (user + system), not the wall clock")
    t0 = time.process_time()
    from morris import Position
    from engine import Engine, TOP_LEVEL
    from engine.probe import BoardProbe as Board
    eng = Engine(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, depth=max_depth, seed=1, book=False)
    n = 0
    for text in POSITIONS:
        eng.new_game()
        eng.think(Position.from_text(text), 1000)
        n += eng.nodes
    t1 = time.process_time()
    pos = Position.from_text(POSITIONS[0])
    leaves = Board(pos.rules).load(pos).perft(4)
    t2 = time.process_time()
    rows.append(("CPython", n, t1 - t0, leaves, t2 - t1))
    with tempfile.TemporaryDirectory() as tmp:
        emitted_dir = os.path.join(tmp, "emitted")
        deploy.build(emitted_dir, target="host", log=lambda *a: None)
        plain_src = os.path.join(tmp, "plain_src")
        for d, _, files in os.walk(deploy.FIRMWARE):
            for f in files:
                if f.endswith(".py"):
                    src = os.path.join(d, f)
                    dst = os.path.join(plain_src, os.path.relpath(src, deploy.FIRMWARE))
                    os.makedirs(os.path.dirname(dst), exist_ok=True)
                    with open(src) as fi, open(dst, "w") as fo:
                        for line in fi:
                            if re.match(r"\s*@micropython\.(native|viper)\s*$", line):
                                continue  # bytecode only
                            if line.strip().startswith("import micropython  # viper compiles ptr32"):
                                line = line.replace("import micropython", "from .emit import micropython, ptr32, ptr16")
                            fo.write(line)  # (plain functions call emit.py's ptr32 / ptr16)
        plain_dir = os.path.join(tmp, "plain")
        deploy.build(plain_dir, fw=plain_src, target="host", log=lambda *a: None)
        for label, path in (("unix port, emitters", emitted_dir), ("unix port, bytecode only", plain_dir)):
            sn, sc = _mp_count(mp, root, path, "search", max_depth)
            pn, pc = _mp_count(mp, root, path, "perft", max_depth)
            rows.append((label, sn, sc, pn, pc))
    print("search: top level, depth %d, %d bench positions; perft: engine board, start, depth 4"
          % (max_depth, len(POSITIONS)))
    rates = []
    for label, sn, sc, pn, pc in rows:
        rates.append((sn / sc, pn / pc))
        print("  %-26s search %7d nodes in %6.2f s = %8.0f nodes/s   perft %7d leaves in %5.2f s = %9.0f leaves/s"
              % (label, sn, sc, sn / sc, pn, pc, pn / pc))
    e, b = rates[1], rates[2]
    print("  Pico estimate, emitted code (unix port / %d): search %.0f nodes/s (%.0f in the main loop);"
          " perft (/ %d) %.0f leaves/s" % (PICO_FACTOR, e[0] / PICO_FACTOR, e[0] / PICO_FACTOR * LOOP_SHARE,
                                          PICO_FACTOR_PERFT, e[1] / PICO_FACTOR_PERFT))
    print("  Pico estimate, bytecode only (unix port / %d): search %.0f nodes/s, perft %.0f leaves/s"
          % (PICO_FACTOR_BYTECODE, b[0] / PICO_FACTOR_BYTECODE, b[1] / PICO_FACTOR_BYTECODE))
    print("  emitters / bytecode on the unix port: search x%.1f, perft x%.1f" % (e[0] / b[0], e[1] / b[1]))


def preset_positions(rules_text):
    """The bench positions of ``rules_text``: (label, Position) for the start, 6 plies
    in, the last placement turn before the board fills or the hands empty, and 10
    plies into the movement phase, reached by random play seeded with XorShift16(7)
    (the same on both interpreters); a game that ends early keeps fewer."""
    from morris import Position, Rules
    from morris.compat import XorShift16
    rules = Rules.parse(rules_text)
    out = [("start", Position(rules))]
    for seed in range(7, 40):
        pos = Position(rules)
        rng = XorShift16(seed)
        marks = {}
        moving = 0
        for ply in range(200):
            if pos.outcome() is not None:
                break
            placing = pos.hand[0] or pos.hand[1]
            if ply == 6:
                marks["placement"] = pos.copy()
            if placing and pos.hand[0] + pos.hand[1] <= 2 and "late placement" not in marks:
                marks["late placement"] = pos.copy()
            if not placing:
                moving += 1
                if moving == 10:
                    marks["movement"] = pos.copy()
                    break
            moves = pos.legal_moves
            pos.push(moves[rng.below(len(moves))])
        if len(marks) == 3:
            return out + [(k, marks[k]) for k in ("placement", "late placement", "movement")]
    return out + sorted(marks.items())


def rules_child(rules_text, depth, what):
    """Under MicroPython: one part of the per-preset bench (``--rules``): ``search`` (nodes
    of the top level to ``depth`` over the bench positions), ``perft`` (engine-board
    leaves from the start, depth 5), ``levels`` (nodes per move of each level) or
    ``none`` (the positions only: the start-up time the parent subtracts)."""
    from morris import Position
    from engine import Engine, TOP_LEVEL
    from engine.probe import BoardProbe
    positions = preset_positions(rules_text)
    if what == "search":
        eng = Engine(TOP_LEVEL, nodes=10 ** 8, ms=10 ** 8, depth=depth, seed=1, book=False)
        n = 0
        for _, pos in positions:
            eng.new_game()
            eng.think(pos, 1000)
            n += eng.nodes
        print("COUNT %d %d" % (n, len(positions)))
    elif what == "perft":
        pos = positions[0][1]
        print("COUNT %d" % BoardProbe(pos.rules).load(pos).perft(5))
    elif what == "levels":
        for lv in range(1, TOP_LEVEL + 1):
            counts = []
            for _, pos in positions:
                e = Engine(lv, seed=1, book=False)
                e.think(pos, 1000)
                counts.append(e.nodes)
            print("LEVEL %d %d %d" % (lv, sum(counts) // len(counts), max(counts)))


def bench_rules(presets, depth):
    """``--rules``: every preset of ``presets`` in the unix port (emitted code), printed per preset."""
    import os
    import subprocess
    import tempfile
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    sys.path.insert(0, here)
    import deploy
    from engine import LEVEL_NAMES, level_budget
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    print("unix port, the engine's emitted code (tools/deploy.py --target host); rates over each process's CPU time")
    print("Pico estimate: unix port nodes/s / %d (the emitted search's measured factor); inside the board's main"
          " loop x %.1f; a move's time = its nodes at that rate (the level's ms deadline caps it on the board)"
          % (PICO_FACTOR, LOOP_SHARE))

    def child(tmp, rules, what):
        c0 = _child_cpu()
        r = subprocess.run([mp, "-X", "heapsize=1m", "tools/bench_engine.py", "--path", tmp, "--rules-child",
                            rules, str(depth), what], cwd=root, capture_output=True, text=True)
        if r.returncode:
            sys.exit("micropython bench failed (%s): %s" % (rules, r.stderr[-2000:]))
        return [ln.split() for ln in r.stdout.splitlines()], _child_cpu() - c0

    with tempfile.TemporaryDirectory() as tmp:
        deploy.build(tmp, target="host", log=lambda *a: None)
        for rules in presets:
            _, base = child(tmp, rules, "none")  # start-up and the positions: not counted
            out, cpu = child(tmp, rules, "search")
            nodes, npos = int(out[-1][1]), int(out[-1][2])
            nps = nodes / max(cpu - base, 1e-3)
            out, cpu = child(tmp, rules, "perft")
            lps = int(out[-1][1]) / max(cpu - base, 1e-3)
            out, _ = child(tmp, rules, "levels")
            pico = nps / PICO_FACTOR
            print("%s: search %.0f nodes/s (top level, depth %d, %d positions: %d nodes), engine-board perft"
                  " %.0f leaves/s (start, depth 5); Pico %.0f nodes/s, %.0f in the main loop"
                  % (rules, nps, depth, npos, nodes, lps, pico, pico * LOOP_SHARE))
            for lv in out:
                n, mean, worst = (int(x) for x in lv[1:])
                _, ms, cap, _ = level_budget(n)
                loop_s = worst / (pico * LOOP_SHARE)
                capped = loop_s * 1000 > ms
                print("  level %d (%s): cap %d nodes, deadline %d ms; nodes per move mean %d, worst %d; host %.0f ms"
                      " per move (mean); Pico, worst move: %.1f s standalone, %.1f s in the main loop%s"
                      % (n, LEVEL_NAMES[n], cap, ms, mean, worst, 1000.0 * mean / nps,
                         worst / pico, min(loop_s, ms / 1000.0),
                         " (the deadline: %.0f of its nodes)" % (worst * ms / (loop_s * 1000)) if capped else ""))


def _cpython_args(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("max_depth", nargs="?", type=int, default=5, help="search depth of the bench (default 5)")
    ap.add_argument("--all", action="store_true",
                    help="CPython, the unix port with and without the emitters, and the Pico estimates")
    ap.add_argument("--rules", help="a rules text or 'all': per-preset figures in the unix port")
    a = ap.parse_args(argv)
    if not 1 <= a.max_depth <= 20:
        ap.error("max_depth must be 1..20")
    if a.rules and a.rules != "all":
        from morris import Rules
        try:
            Rules.parse(a.rules)
        except ValueError as e:
            ap.error(str(e))
    return a


def main():
    args = list(sys.argv[1:])
    if sys.implementation.name != "micropython":
        a = _cpython_args(args)
        if a.rules:
            from morris import PRESETS
            bench_rules(PRESETS if a.rules == "all" else [a.rules], a.max_depth)
        elif a.all:
            _all(a.max_depth)
        else:
            run_here(a.max_depth)
        return
    # under MicroPython (no argparse): [--path DIR] [--count WHAT] [max_depth], as _all runs it
    if "--path" in args:
        i = args.index("--path")
        sys.path.insert(0, args[i + 1])
        del args[i:i + 2]
    if "firmware" not in sys.path:
        sys.path.append("firmware")
    if "--rules-child" in args:
        i = args.index("--rules-child")
        rules_child(args[i + 1], int(args[i + 2]), args[i + 3])
        return
    if "--count" in args:
        i = args.index("--count")
        what = args[i + 1]
        del args[i:i + 2]
        _count(what, int(args[0]) if args else 5)
        return
    run_here(int(args[0]) if args else 5)

main()
