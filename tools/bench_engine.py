"""Engine benchmark: nodes/s, time to depth, per-level cost, controller stall.

Runs unchanged under CPython and the MicroPython unix port::

    .venv/bin/python tools/bench_engine.py [max_depth]          # this interpreter
    .venv/bin/python tools/bench_engine.py --all [max_depth]    # the three speeds below
    .venv/bin/python tools/bench_engine.py --rules PRESET|all   # per preset, unix port
    .venv/bin/python tools/bench_engine.py --memory             # heap of top-level games, flash sizes
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

``--memory`` (from CPython; no search depth) plays, each in a fresh unix-port
process at a Pico-sized heap (``-X heapsize=192k``) from the .mpy files
tools/deploy.py builds for this host, two self-play games of the top level
with the opening book and the endgame table in use: the standard game from
the start (book moves counted) and one from ``ENDGAME_START`` (five black
stones against four white, nothing in hand: the game reaches three against
three; moves answered from the table counted, and the table's probes by the
search, by wrapping engine/endgame.py's ``Probe.probe_stones`` and
``Table.value`` in the child), and prints the peak live heap (gc.mem_alloc()
after gc.collect() after each move; also the peak before the collection)
against the project's limit (``LIVE_LIMIT``), with a Pico estimate by
docs/pico.md's model (tools/bench_pico_heap.py). The child process runs only
the game's functions (``_mp_call``), not this tool, whose code would lie in
the heap measured; what is in use before the firmware is imported is
printed. Then the flash: book.bin and endgame.bin (bytes,
records, positions / states), the engine's .mpy files built for the Pico
(armv6m) and the whole build against the Pico's filesystem (``PICO_FS``),
also measured on a littlefs formatted as the rp2 port does (unix port).

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
LOOP_SHARE = 0.78          # the engine's share of the Pico inside the main loop: engine/engine.py LOOP_SHARE (78 %)

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

# --memory: the project's limit on the peak live heap of a top-level self-play game at the
# 192 KB heap (tests/firmware/test_engine_selfplay.py LIVE_LIMIT; docs/engine.md "Tests")
LIVE_LIMIT = 120 * 1024
MEMORY_HEAP = "192k"       # the heap the firmware's MicroPython tests run at (docs/pico.md "Memory")
MEMORY_SEED = 5            # test_engine_selfplay's first game
# five black stones against four white, nothing in hand (seeded random play from the start,
# XorShift16(14)): the top level's self-play reaches three against three at ply 23
ENDGAME_START = "standard B../.../.W./BWB..W/.WB/.../B.. w 0/0 0/0 0/0 -/- -"
# the Pico's filesystem: MicroPython's rp2 Pico build (docs/engine.md, "Endgame table"),
# RPI_PICO's MICROPY_HW_FLASH_STORAGE_BYTES = 1408 * 1024, littlefs in 4,096-byte blocks
# (ports/rp2/rp2_flash.c: FLASH_SECTOR_SIZE) mounted with progsize=256 (ports/rp2/modules/_boot.py)
PICO_FS = 1408 * 1024
PICO_FS_BLOCK = 4096


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


def _mp_run(mp, root, path, args, heap="1m", fail="micropython bench failed: ", code=None):
    """Run this tool in the unix port ``mp`` (in ``root``, at ``heap``) with the firmware
    build ``path`` first on its path (None: none) and ``args`` -- or, given ``code``, that
    program (``-c``) instead of the tool; returns (its stdout, CPU seconds of the process:
    immune to a busy host). Exits with ``fail`` and its stderr when it fails."""
    import subprocess
    c0 = _child_cpu()
    cmd = ["-c", code] if code is not None else (["tools/bench_engine.py"] + (["--path", path] if path else [])
                                                 + list(args))
    r = subprocess.run([mp, "-X", "heapsize=" + heap] + cmd, cwd=root, capture_output=True, text=True)
    cpu = _child_cpu() - c0
    if r.returncode:
        sys.exit(fail + r.stderr[-2000:])
    return r.stdout, cpu


def _mp_call(mp, root, funcs, call, heap, fail, path=None):
    """Run ``call`` (the source of a call) in the unix port with only ``funcs`` (functions of
    this tool, from their source) defined, not the whole tool, whose code would lie in the
    heap a child measures; the build ``path`` first on sys.path. Returns ``_mp_run``'s."""
    import inspect
    code = ("import sys\n" + ("sys.path[:0] = [%r]\n" % path if path else "")
            + "".join(inspect.getsource(f) for f in funcs) + call + "\n")
    return _mp_run(mp, root, None, (), heap, fail, code=code)


def _mp_count(mp, root, path, what, max_depth):
    """Run one count (``--count search|perft``) in the unix port from ``path``;
    returns (count, CPU seconds of the process: immune to a busy host)."""
    out, cpu = _mp_run(mp, root, path, ["--count", what, str(max_depth)])
    return int(out.split()[-1]), cpu


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
        out, cpu = _mp_run(mp, root, tmp, ["--rules-child", rules, str(depth), what],
                           fail="micropython bench failed (%s): " % rules)
        return [ln.split() for ln in out.splitlines()], cpu

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


def _array_bytes(eng):
    """Bytes of the engine's arrays and bytearrays (its TT and the board's blocks): the
    same size on the Pico as on the 64-bit port. Also run, from its source, in
    tools/bench_pico_heap.py's child."""
    from array import array
    tot = 0
    objs = [getattr(eng.searcher, k) for k in dir(eng.searcher)] + list(eng.blocks)
    for v in objs:
        for x in (v if isinstance(v, list) else [v]):
            if isinstance(x, bytearray):
                tot += len(x)
            elif isinstance(x, array):
                tot += 4 * len(x)
    return tot


def memory_child(start, seed, wrap):
    """Under MicroPython (``--memory``'s child, run by ``_mp_call``: only this function and
    ``_array_bytes`` are loaded, not the tool): one self-play game of the top level from
    ``start`` ("standard": the start; else a position text), the book and the endgame
    table in use as the level has them; prints ``MEM key value`` lines. ``wrap``: count
    the table's probes by wrapping engine/endgame.py's ``Probe.probe_stones`` (every
    probe of a position or of the search's state goes through it) and ``Table.value``
    (the file reads), each split into probes made by ``best_moves`` (the root's table
    answer in ``Engine.start``) and the others (the search's); the import of
    engine/endgame.py it needs then comes before the game."""
    import gc
    import sys
    gc.collect()
    base = gc.mem_alloc()  # the interpreter and this child's code, before the firmware
    from morris import Position, Rules
    from engine import Engine, TOP_LEVEL
    counts = {"root_probes": 0, "root_answers": 0, "search_probes": 0, "search_answers": 0,
              "root_reads": 0, "search_reads": 0}
    if wrap:
        from engine import endgame
        inside = [0]
        probe_stones = endgame.Probe.probe_stones
        value = endgame.Table.value
        best_moves = endgame.best_moves

        def counted_probe(self, me, op, ncp=0, p33=0):
            r = probe_stones(self, me, op, ncp, p33)
            k = "root_" if inside[0] else "search_"
            counts[k + "probes"] += 1
            if r is not None:
                counts[k + "answers"] += 1
            return r

        def counted_value(self, me, op):
            counts["root_reads" if inside[0] else "search_reads"] += 1
            return value(self, me, op)

        def counted_best(probe, position):
            inside[0] += 1
            try:
                return best_moves(probe, position)
            finally:
                inside[0] -= 1
        endgame.Probe.probe_stones = counted_probe
        endgame.Table.value = counted_value
        endgame.best_moves = counted_best   # engine.py imports it from the module at its first endgame
    pos = Position(Rules.parse(start)) if " " not in start else Position.from_text(start)
    print("MEM white_stones %d" % pos.count[0])
    print("MEM black_stones %d" % pos.count[1])
    gc.collect()
    eng = Engine(TOP_LEVEL, seed=seed)
    peak = peak_live = plies = book = table = at33 = 0
    while pos.outcome() is None and plies < 400:
        m = eng.think(pos)
        if eng.from_book:
            if pos.count[0] + pos.count[1] <= 7 and not (pos.hand[0] or pos.hand[1]):
                table += 1   # Engine.start's table answer (engine/endgame.py best_moves)
            else:
                book += 1
        pos.push(m)
        plies += 1
        if not at33 and pos.count[0] == 3 and pos.count[1] == 3 and not (pos.hand[0] or pos.hand[1]):
            at33 = plies
        used = gc.mem_alloc()
        if used > peak:
            peak = used
        gc.collect()
        live = gc.mem_alloc()
        if live > peak_live:
            peak_live = live
    oc = pos.outcome()
    for k, v in (("base", base), ("peak", peak), ("peak_live", peak_live), ("plies", plies), ("book", book),
                 ("table", table), ("at33", at33), ("arrays", _array_bytes(eng))):
        print("MEM %s %d" % (k, v))
    for k in counts:
        print("MEM %s %d" % (k, counts[k] if wrap else -1))
    print("MEM outcome %s" % ("none (ply cap)" if oc is None else "%s (%s)" % (oc.result(), oc.reason)))
    print("MEM modules %s" % ",".join(sorted(k for k in sys.modules)))
    from engine import search
    print("MEM loaded_from %s" % getattr(search, "__file__", "?"))


def lfs_child(src, blocks, block):
    """Under MicroPython (``--memory``'s flash check, run by ``_mp_call``): a fresh littlefs of ``blocks``
    blocks of ``block`` bytes, formatted and mounted as the rp2 port does
    (``VfsLfs2(bdev, progsize=256)``, ports/rp2/modules/_boot.py), over a RAM block
    device; every file under ``src`` copied in; prints ``LFS blocks used``."""
    import os

    class RAMDev:
        def __init__(self):
            self.data = bytearray(blocks * block)

        def readblocks(self, n, buf, off=0):
            a = n * block + off
            buf[:] = self.data[a:a + len(buf)]

        def writeblocks(self, n, buf, off=0):
            a = n * block + (off or 0)
            self.data[a:a + len(buf)] = buf

        def ioctl(self, op, arg):
            if op == 4:
                return blocks
            if op == 5:
                return block
            if op == 6:
                a = arg * block
                self.data[a:a + block] = b"\xff" * block
            return 0

    dev = RAMDev()
    os.VfsLfs2.mkfs(dev, progsize=256)
    os.mount(os.VfsLfs2(dev, progsize=256), "/flash")
    empty = os.statvfs("/flash")
    buf = bytearray(1024)

    def copy(d, rel):
        for e in os.ilistdir(d):
            name = e[0]
            if e[1] == 0x4000:
                os.mkdir("/flash" + rel + "/" + name)
                copy(d + "/" + name, rel + "/" + name)
            else:
                with open(d + "/" + name, "rb") as fi, open("/flash" + rel + "/" + name, "wb") as fo:
                    while True:
                        n = fi.readinto(buf)
                        if not n:
                            break
                        fo.write(buf if n == len(buf) else buf[:n])
    copy(src, "")
    full = os.statvfs("/flash")
    print("LFS %d %d %d" % (full[2], empty[2] - empty[3], full[2] - full[3]))
    os.umount("/flash")


def _book_figures(path):
    """(records from the header, positions = distinct keys of the records, rules) of a book file."""
    from engine.book import Book, RECORD
    b = Book(path)
    try:
        keys = set()
        b.f.seek(b.base)
        for _ in range(b.count):
            keys.add(b.f.read(RECORD)[:8])
        return b.count, len(keys), b.rules
    finally:
        b.close()


def _table_figures(path):
    """([(stones to move, opponent's, states)], rules) of an endgame table file: its part
    headers (engine/endgame.py ``Table.parts``); a part's states are its value bytes (one a
    state), from its values' offset to the next part's map or values, or the file's end."""
    import os
    from engine.endgame import Table
    t = Table(path)
    try:
        size = os.path.getsize(path)
        offsets = sorted(set(o for mo, vo, _ in t.parts.values() for o in (mo, vo)) | {size})
        parts = []
        for key in sorted(t.parts):
            vo = t.parts[key][1]
            parts.append((key >> 4, key & 15, min(o for o in offsets if o > vo) - vo))
        return parts, t.rules_text
    finally:
        t.close()


def _native(src):
    """True when the firmware source file ``src`` has @micropython.native / viper code."""
    import re
    with open(src) as f:
        return re.search(r"^\s*@micropython\.(native|viper)\b", f.read(), re.M) is not None


def _k(n):
    """``n`` with thousands separators."""
    return "{:,}".format(n)


def bench_memory():
    """``--memory``: the top level's heap in two self-play games (unix port, 192 KB heap,
    the host build's .mpy files) and the flash the engine and the firmware take (the
    Pico build's files), each figure printed with what it measures."""
    import os
    import tempfile
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    sys.path.insert(0, here)
    import deploy
    import bench_pico_heap
    from engine import TOP_LEVEL, LEVEL_NAMES
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    scale = bench_pico_heap.SCALE
    bare = bench_pico_heap.PICO_BARE_FREE
    cap = int(MEMORY_HEAP[:-1]) * 1024
    with tempfile.TemporaryDirectory() as tmp:
        host = os.path.join(tmp, "host")
        pico = os.path.join(tmp, "pico")
        deploy.build(host, target="host", log=lambda *a: None)
        pico_march = deploy.march("pico")
        shipped = deploy.build(pico, arch=pico_march, log=lambda *a: None)
        print("heap: top level %d (%s), book and endgame table in use; whole self-play games, each in a fresh"
              " MicroPython unix port process (%d-bit, %s) at -X heapsize=%s, from the .mpy files tools/deploy.py"
              " builds for this host (--target host) with book.bin and endgame.bin beside them"
              % (TOP_LEVEL, LEVEL_NAMES[TOP_LEVEL], 64 if sys.maxsize > 2 ** 32 else 32, deploy.march("host"),
                 MEMORY_HEAP))
        print("  peak live: gc.mem_alloc() after gc.collect() after each move; peak before the collection:"
              " gc.mem_alloc() after each move, the move's garbage included (the child collects after every"
              " move; the heap's cap is %s bytes)" % _k(cap))
        results = []
        for label, start, wrap in (("standard game from the start", "standard", False),
                                   ("endgame", ENDGAME_START, True)):
            out, _ = _mp_call(mp, root, (_array_bytes, memory_child),
                              "memory_child(%r, %d, %r)" % (start, MEMORY_SEED, wrap), MEMORY_HEAP,
                              "micropython memory game failed (%s): " % label, path=host)
            r = {}
            for ln in out.splitlines():
                if ln.startswith("MEM "):
                    _, k, v = ln.split(" ", 2)
                    r[k] = int(v) if v.lstrip("-").isdigit() else v
            results.append((label, r))
            if start == "standard":
                print("  %s (seed %d): %d plies, %s; %d book moves, %d moves answered from the endgame table"
                      " (from_book with seven stones or fewer on the board, nothing in hand)"
                      % (label, MEMORY_SEED, r["plies"], r["outcome"], r["book"], r["table"]))
            else:
                print("  %s from %r (white %d stones, black %d, nothing in hand; seed %d): %d plies, %s; three"
                      " against three from ply %s; %d moves answered from the table (from_book with seven stones"
                      " or fewer), %d book moves"
                      % (label, start, r["white_stones"], r["black_stones"], MEMORY_SEED, r["plies"],
                         r["outcome"], r["at33"] or "- (not reached)", r["table"], r["book"]))
                probed = r["search_probes"] > 0 or r["search_reads"] > 0
                print("    table probes (engine/endgame.py's Probe.probe_stones and Table.value wrapped in the child):"
                      " by the root's best_moves %s (%s answered, %s file reads), by the search %s (%s answered,"
                      " %s file reads): the search %s the table"
                      % (_k(r["root_probes"]), _k(r["root_answers"]), _k(r["root_reads"]), _k(r["search_probes"]),
                         _k(r["search_answers"]), _k(r["search_reads"]), "probed" if probed else "did not probe"))
            live = r["peak_live"]
            print("    peak live heap %s bytes, limit: under %d KB = %s bytes (tests/firmware/test_engine_selfplay.py):"
                  " %s; of it %s bytes in use before the firmware was imported (the interpreter and this child's"
                  " code), %s the firmware and the game"
                  % (_k(live), LIVE_LIMIT // 1024, _k(LIVE_LIMIT), "met" if live < LIVE_LIMIT else "NOT met",
                     _k(r["base"]), _k(live - r["base"])))
            print("    peak before the collection %s bytes" % _k(r["peak"]))
            if not str(r.get("loaded_from", "")).endswith(".mpy"):
                print("    warning: engine/search was loaded from %s, not a .mpy file" % r.get("loaded_from"))
        print("  Pico (RP2040, 32-bit): %s bytes free after a bare boot (docs/pico.md: emulated RP2040, MicroPython"
              " 1.28). The unix port is 64-bit: objects and pointers up to twice the Pico's size, so the same"
              " objects take less there; but the Pico loads the engine's native machine code into its heap, which"
              " the unix port keeps outside it." % _k(bare))
        print("    estimate of the firmware-and-game share by docs/pico.md's model (tools/bench_pico_heap.py: the"
              " engine's arrays 1:1, the rest x %.2f -- calibrated once, on main's boot, not on a game -- plus the"
              " armv6m .mpy size of each loaded module with native code, an upper bound for that code):" % scale)
        for label, r in results:
            native = 0
            names = []
            for m in r["modules"].split(","):
                rel = m.replace(".", "/")
                for cand in (rel + ".py", rel + "/__init__.py"):
                    src = os.path.join(deploy.FIRMWARE, cand)
                    if m.split(".")[0] in ("engine", "morris") and os.path.exists(src) and _native(src):
                        native += os.path.getsize(os.path.join(pico, cand[:-3] + ".mpy"))
                        names.append(cand[:-3] + ".mpy")
            share = r["peak_live"] - r["base"]
            arr = r["arrays"]
            est = int(arr + (share - arr) * scale + native)
            print("    %s: ~%s bytes = arrays %s + %.2f x %s + native %s (%s); the rest of the firmware (main"
                  " loop, controller, drivers) needs its share of the %s bytes too (docs/pico.md, \"Heap after"
                  " boot\")" % (label, _k(est), _k(arr), scale, _k(share - arr), _k(native), ", ".join(names),
                                _k(bare)))
        print("flash: the Pico build's files (tools/deploy.py, deploy.march(\"pico\") = %s) against the Pico's"
              " 1,408 KB filesystem (%s bytes: MicroPython's rp2 Pico build, docs/engine.md; RPI_PICO's"
              " MICROPY_HW_FLASH_STORAGE_BYTES = 1408 * 1024)" % (pico_march, _k(PICO_FS)))
        size = {p: os.path.getsize(os.path.join(pico, p)) for p in shipped}
        from engine.book import RECORD
        records, positions, brules = _book_figures(os.path.join(pico, "engine", "book.bin"))
        print("  engine/book.bin: %s bytes: %s records of %d bytes (its header), %s positions (distinct keys of the"
              " records), rules %s" % (_k(size["engine/book.bin"]), _k(records), RECORD, _k(positions), brules))
        parts, trules = _table_figures(os.path.join(pico, "engine", "endgame.bin"))
        print("  engine/endgame.bin: %s bytes: %s (its part headers; a value byte a state), rules %s"
              % (_k(size["engine/endgame.bin"]),
                 ", ".join("part %d against %d, %s states" % (a, b, _k(n)) for a, b, n in parts), trules))
        mpys = sorted(p for p in shipped if p.startswith("engine/") and p.endswith(".mpy"))
        nat = [p for p in mpys if _native(os.path.join(deploy.FIRMWARE, p[:-4] + ".py"))]
        emt = sum(size[p] for p in mpys)
        print("  engine .mpy files (%s; * = with native machine code): %s; total %s bytes"
              % (pico_march, ", ".join("%s%s %s" % (p[7:], "*" if p in nat else "", _k(size[p])) for p in mpys),
                 _k(emt)))
        data = [p for p in shipped if p.endswith(deploy.DATA_EXT)]
        edata = sum(size[p] for p in data if p.startswith("engine/"))
        print("  engine total: %s bytes (.mpy %s + book and table %s)" % (_k(emt + edata), _k(emt), _k(edata)))
        allmpy = [p for p in shipped if p.endswith(".mpy")]
        srcs = [p for p in shipped if p not in allmpy and p not in data]
        total = sum(size.values())
        print("  whole firmware: %d files, %s bytes = %d .mpy files %s + %s (source) %s + data %s (%s): %.1f%% of"
              " the %s bytes, %s left"
              % (len(shipped), _k(total), len(allmpy), _k(sum(size[p] for p in allmpy)), ", ".join(srcs),
                 _k(sum(size[p] for p in srcs)), _k(sum(size[p] for p in data)), ", ".join(data),
                 100.0 * total / PICO_FS, _k(PICO_FS), _k(PICO_FS - total)))
        blocks = PICO_FS // PICO_FS_BLOCK
        out, _ = _mp_call(mp, root, (lfs_child,), "lfs_child(%r, %d, %d)" % (pico, blocks, PICO_FS_BLOCK), "4m",
                          "micropython littlefs check failed: ")
        n, empty, used = (int(x) for x in out.split("LFS ")[1].split()[:3])
        print("  on a littlefs formatted as the rp2 port does (VfsLfs2, %d blocks of %s bytes, progsize=256), in the"
              " unix port: the build's files take %d blocks (%s bytes: a file takes whole blocks, small ones aside,"
              " and a folder its metadata), the empty filesystem %d; %d blocks (%s bytes) left for saved games,"
              " settings and logs"
              % (n, _k(PICO_FS_BLOCK), used - empty, _k((used - empty) * PICO_FS_BLOCK), empty,
                 n - used, _k((n - used) * PICO_FS_BLOCK)))


def _cpython_args(argv):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("max_depth", nargs="?", type=int, default=5, help="search depth of the bench (default 5)")
    ap.add_argument("--all", action="store_true",
                    help="CPython, the unix port with and without the emitters, and the Pico estimates")
    ap.add_argument("--rules", help="a rules text or 'all': per-preset figures in the unix port")
    ap.add_argument("--memory", action="store_true",
                    help="the top level's peak heap in self-play games (unix port, 192 KB heap) and the flash sizes")
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
        if a.memory:
            bench_memory()
        elif a.rules:
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

if __name__ == "__main__":
    main()
