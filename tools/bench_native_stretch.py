"""How late a soft-timer callback (the switch scanner) can run while the engine thinks.

MicroPython runs scheduled callbacks -- the rp2 port's soft ``machine.Timer``
callbacks, hence firmware/hw/scanner.py's 250 Hz scan -- only at bytecode
jumps, never inside native or viper code. The engine's search loop is native
code; engine/search.py's ``run`` calls the bytecode ``serve()`` at least every
``SERVE_MS`` so that a scan waits at most that long plus one node. This
benchmark measures the longest stretch without such a point during real
searches, on the unix port (the same py/vm.c scheduler): a callback that
schedules itself again with ``micropython.schedule`` records the time between
its runs; each search is repeated and every gap keeps its shortest time (the
searches are deterministic), so that other load on the machine does not pass
for a long stretch. Two runs: the search as it was before issue 26 (``serve``
replaced by a function without a jump), and a build whose search serves at
every node (``SERVE_MS`` 0): its longest gap is the longest node (the stretch
between two chances to serve). On the Pico a scan then waits at most
``SERVE_MS`` + that node (the unix port's nodes are too short for its 2 ms
clock to matter here).

Usage, from the repository root:
    .venv/bin/python tools/bench_native_stretch.py            # builds .mpy files, runs the unix port
    .venv/bin/python tools/bench_native_stretch.py --nodes 3000 --runs 2   # short

Pico estimate: the host figure times 145 (docs/pico.md, "Pico speed factors":
the engine's emitted code runs about 145x slower on the emulated RP2040 than on
the unix port here), to compare with the scan period (4 ms at 250 Hz).
"""
import sys

IS_MP = sys.implementation.name == "micropython"
PICO_FACTOR = 145
PLIES = (0, 6, 12, 18, 24, 40)   # the bench positions: the start, then random play (seed 5) to these plies


def _positions():
    """The start, positions of random play (seed 5) at PLIES, and a flying one."""
    from morris import Position, Rules
    from morris.compat import XorShift16
    r = XorShift16(5)
    pos = Position(Rules("standard"))
    out = []
    for ply in range(max(PLIES) + 1):
        if ply in PLIES:
            out.append(pos.copy())
        if pos.outcome() is not None:
            break
        L = pos.legal_moves
        pos.push(L[r.below(len(L))])
    fly = _flying_position()
    if fly is not None:
        out.append(fly)
    return out


def _flying_position():
    """A movement position where the side to move has three stones (it flies):
    random play from the start (seed 3) until one side is down to three."""
    from morris import Position, Rules
    from morris.compat import XorShift16
    r = XorShift16(3)
    for _ in range(200):
        pos = Position(Rules("standard"))
        for _ in range(300):
            if pos.outcome() is not None:
                break
            if pos.flying(pos.turn) and pos.count[1 - pos.turn] > 3:
                return pos
            L = pos.legal_moves
            pos.push(L[r.below(len(L))])
    return None


def measure(nodes, runs, use_serve):
    """Longest gaps (host us) between runs of a self-rescheduling callback during
    searches of ``nodes`` nodes from each bench position (``use_serve`` False:
    ``serve`` replaced by a function without a jump); returns (worst, lines)."""
    import gc
    import micropython
    from array import array
    from time import ticks_us, ticks_diff
    from engine import Engine, TOP_LEVEL
    import engine.search as search
    keep = search.serve
    if not use_serve:
        search.serve = lambda: None       # no jump: what the search was before
    n_max = 6 * nodes + 1000
    gaps = array("H", bytes(2 * n_max))
    st = [0, 0, False, False]             # last, index, on, first run

    def cb(_):
        if not st[2]:
            return
        t = ticks_us()
        d = ticks_diff(t, st[0])
        st[0] = t
        i = st[1]
        if i < n_max:
            if d > 65535:
                d = 65535
            if st[3] or d < gaps[i]:
                gaps[i] = d
        st[1] = i + 1
        micropython.schedule(cb, 0)

    eng = Engine(TOP_LEVEL, seed=1, book=False, nodes=nodes, ms=10 ** 7)
    positions = _positions()
    worst = 0
    lines = []
    for pos in positions:
        count = 0
        for rep in range(runs):
            eng.new_game()
            eng.start(pos)
            gc.collect()
            gc.disable()
            st[0] = ticks_us()
            st[1] = 0
            st[2] = True
            st[3] = rep == 0
            micropython.schedule(cb, 0)
            while eng.step(50) is None:
                pass
            st[2] = False
            gc.enable()
            count = st[1] if rep == 0 else min(count, st[1])
        w = 0
        for i in range(1, min(count, n_max)):
            if gaps[i] > w:
                w = gaps[i]
        worst = max(worst, w)
        lines.append("  %-44s %6d nodes, %6d callback runs, longest gap %5d us (Pico ~%.1f ms)"
                     % (pos.text()[:44], eng.nodes, count, w, w * PICO_FACTOR / 1000))
    search.serve = keep
    return worst, lines


def main(argv):
    nodes = 20000
    runs = 3
    i = 0
    while i < len(argv):
        if argv[i] == "--nodes":
            nodes = int(argv[i + 1])
            i += 1
        elif argv[i] == "--runs":
            runs = int(argv[i + 1])
            i += 1
        i += 1
    from engine.emit import emitted
    from engine.board import gen
    print("engine code: %s; %d nodes a search, shortest of %d runs per gap"
          % ("emitted machine code" if emitted(gen) else "bytecode only", nodes, runs))
    import engine.search as search
    every = search.SERVE_MS == 0
    worst, lines = measure(nodes, runs, every)
    if every:
        print("serving at every node (a build with SERVE_MS 0): the longest node")
    else:
        print("without serve() (the search before issue 26): the longest native stretch")
    for ln in lines:
        print(ln)
    pico = worst * PICO_FACTOR / 1000
    print("  longest: %d us on the unix port; Pico estimate (x%d) %.1f ms" % (worst, PICO_FACTOR, pico))
    if every:
        print("  a scan waits on the Pico at most SERVE_MS (2 ms) + the longest node: ~%.1f ms"
              " (the scan period: 4 ms)" % (2 + pico))
    print("RESULT %d" % worst)


def _cpython(argv):
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.join(root, "tools"))
    import deploy
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        sys.exit("no micropython binary next to %s (make test installs it)" % sys.executable)
    import shutil
    import tempfile
    fw = os.path.join(root, "firmware")
    tmp = tempfile.mkdtemp(prefix="bench-stretch-")
    try:
        every = os.path.join(tmp, "firmware")          # the search serving at every node
        shutil.copytree(fw, every, ignore=shutil.ignore_patterns("__pycache__"))
        p = os.path.join(every, "engine", "search.py")
        text = open(p).read()
        if "SERVE_MS = const(2)" not in text:
            sys.exit("engine/search.py has no 'SERVE_MS = const(2)'")
        with open(p, "w") as f:
            f.write(text.replace("SERVE_MS = const(2)", "SERVE_MS = const(0)"))
        code = 0
        for src, name in ((fw, "before"), (every, "every")):
            out = os.path.join(tmp, "build-" + name)
            deploy.build(out, fw=src, log=lambda *a: None, version="dev", target="host")
            run = ("import sys; sys.path[:0] = [%r, %r]; import bench_native_stretch as b; b.main(%r)"
                   % (out, os.path.join(root, "tools"), list(argv)))
            r = subprocess.run([mp, "-X", "heapsize=4m", "-c", run], cwd=root)
            code = code or r.returncode
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(code)


if __name__ == "__main__":
    if "-h" in sys.argv or "--help" in sys.argv:
        print(__doc__)
        sys.exit(0)
    if IS_MP:
        main(sys.argv[1:])
    else:
        _cpython(sys.argv[1:])
