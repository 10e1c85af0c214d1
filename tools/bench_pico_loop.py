"""The Pico firmware's main-loop pass, part by part, on the MicroPython unix port, with Pico estimates.

Runs the firmware as tools/deploy.py builds it (.mpy, the engine's emitted code
for this host) with the Pico drivers of firmware/hw/ on the fake machine of
tests/fake_machine (its SPI, pins and LED output replaced by allocation-free
stand-ins: the figures are the firmware's Python, not the fake's), and prints
each part of a pass -- the scanner's hand-off, the protocol poll, the buttons,
the controller step, the LED frame, the engine slice, the link flush, gc --
its unix-port time and its Pico estimate with the factor used:

- bytecode x ``FACTOR`` (100: the rules core's bytecode perft, 7,400 leaves/s
  measured on an emulated RP2040, docs/pico.md);
- emitted code (viper: the LED frame, the book's symmetries) x ``FACTOR_VIPER``
  (145: the engine's search, 2,900 nodes/s there; its perft is 80x, the
  smaller factor is not used);
- the whole pass, calibrated: before issue 21 an idle pass took 12.1 ms
  (median) on the emulated RP2040 and ``BEFORE_IDLE_US`` in this harness
  (``--firmware`` of that commit): ``WHOLE`` ~457x; the loop's part of a
  thinking pass 5.4 ms there (9.4 ms less the 4 ms slice), ``BEFORE_THINK_US``
  here: ``WHOLE_THINK`` ~199x. Parts measured alone do not add up to the
  pass there, and the two calibrations disagree with each other (the same
  kind of work): the expected Pico figure is given as the range.

The whole pass is main.run's own loop (firmware/main.py: ``MainLoop.tick`` and
the Pico's part of a pass), run for a number of passes and stopped (``main_run``),
its pace sleeping on the bench clock; "main.run's part" is the same with the tick
a no-op. (Before 5 Dec 2026 a model of main.run's part stood beside the tick;
the calibration below was measured that way.)

Then: the heap allocated per idle pass (the stated bound: 0 bytes), the bytes
``gc.threshold`` counts per still pass and scanner tick (``counted_bytes``: a
MicroPython function whose frame takes more than 11 words gets it on the heap
at every call, freed on return -- ``gc.mem_alloc`` does not see it, the
threshold does, and a collection falls due; stated: 0), the
engine's share of the CPU while it thinks (``main.SLICE_MS`` slices), the
latencies (a stone put -> its LED frame; the default level's move lit after
the put), boot to the first LED frame and the time a resumed game adds.
host_sim/pico_timing.py models the Pico with the figures printed here.

Usage, from the repository root:
    .venv/bin/python tools/bench_pico_loop.py                 # this tree's firmware
    .venv/bin/python tools/bench_pico_loop.py --firmware DIR  # another tree's firmware/ (the
                                                              # pass figures only; for BEFORE_US)
"""
import sys

from heap_counted import counted_bytes

FACTOR = 100          # bytecode (docs/pico.md, "Pico speed factors")
FACTOR_VIPER = 145    # emitted code
# The whole pass, calibrated on issue 21's measurements of the firmware before it
# (emulated RP2040, medians) against the same passes in this harness (`--firmware`
# of commit 58dd098 on the unix port):
PICO_IDLE_BEFORE_US = 12100    # an idle pass (mean 13.0 ms)
PICO_THINK_BEFORE_US = 5400    # the loop's part of a thinking pass: 9.4 ms less its 4 ms slice
BEFORE_IDLE_US = 26.5          # ... here: 25.0-27.9 us in four runs
BEFORE_THINK_US = 27.2         # ... here: 26.9, 27.4 us
WHOLE = PICO_IDLE_BEFORE_US / BEFORE_IDLE_US        # ~457
WHOLE_THINK = PICO_THINK_BEFORE_US / BEFORE_THINK_US   # ~199
PICO_RESUME_BEFORE_MS = 1100   # what a saved game of 300 or 1,000 plies added to the boot (1.0-1.2 s)
BEFORE_RESUME_MS = 21.5        # ... the same here (`--firmware` of commit 58dd098: 21.7, 25.4; 21.3, 20.7)
WHOLE_RESUME = PICO_RESUME_BEFORE_MS / BEFORE_RESUME_MS   # ~51
RUNS = 300            # short runs per figure; the fastest counts (the machine is shared)
SPI_US = 32           # 32 bits at 1 MHz, the RP2040's SPI hardware
PICO_NODES_PER_S = 2900   # the engine standalone on the emulated RP2040 (engine/engine.py)
SCAN_HZ = 250


def _setup():
    for p in ("tests/fake_machine", "tests/firmware"):
        if p not in sys.path:
            sys.path.insert(0, p)


def Clock():
    """The board clock, moved by the bench (``now``): the tests' simple clock."""
    from simdrivers import Clock as C
    return C(0)


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


class _Stdin:
    """USB serial input with nothing waiting (allocation-free)."""

    def read(self, n=1):
        return b""


class _Poller:
    """select.poll on the serial port with nothing to read: ``poll`` allocates a list
    like the real one, ``ipoll`` yields nothing."""

    def poll(self, t=0):
        return []

    def ipoll(self, t=0):
        return ()


class _Stdout:
    def write(self, t):
        return len(t)


def _nothing():
    pass


def _time(fn, n):
    """Per-call us of ``fn()``, less an empty call's cost: the fastest of RUNS short runs
    of about ``n / 50`` calls (the machine is shared: a short run is the likeliest to
    run unpreempted, so the least is the uncontended time)."""
    k = max(5, n // 50)

    def least(f):
        best = None
        for _ in range(RUNS):
            t0 = _us()
            for _ in range(k):
                f()
            t = _diff(_us(), t0)
            if best is None or t < best:
                best = t
        return best
    return max(0, least(fn) - least(_nothing)) / k


def _row(name, us, factor, note=""):
    print("  %-34s %8.1f us   x%-4d = %7.2f ms %s" % (name, us, factor, us * factor / 1000, note))


class MemStore:
    def __init__(self, data=None):
        self.data = data

    def save(self, d):
        self.data = bytes(d)

    def load(self):
        return self.data


def drivers(clock):
    """The Pico drivers with allocation-free stand-ins for the fake's pins."""
    import machine
    import board_config as cfg
    import hw.lights
    hw.lights.FRAME_GAP_US = 0
    from hw.switches import Switches
    from hw.buttons import Buttons
    from hw.lights import Lights
    from hw.scanner import Scanner
    from hw.link import UsbLink
    from hw.watchdog import Watchdog
    machine.RECORD = False
    sw = Switches(cfg)
    sw.spi = machine.StubSPI(bytearray([0xFF, 0xFF, 0xFF, 0]))   # a sound chain: it echoes the tail
    sw.load = machine.StubPin()
    sw.scan()                              # two sound scans: no chain fault from the fake's first one
    sw.scan()
    bt = Buttons(cfg)
    bt.pins = [machine.StubPin() for _ in bt.pins]
    sc = Scanner(sw, bt, cfg.SCAN_HZ)
    sw.auto = bt.auto = True
    lights = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA, ma_per_channel=cfg.LED_MA_PER_CHANNEL,
                    gamma=2.2, brightness=64, out=_Out())
    link = UsbLink(inp=_Stdin(), out=_Stdout(), poller=_Poller(), clock=clock)
    real = machine.WDT
    machine.WDT = _Wdt                     # the driver around a stand-in of machine.WDT
    try:
        wd = Watchdog(5000)
    finally:
        machine.WDT = real
    return sw, bt, sc, lights, link, wd


class _Wdt:
    def __init__(self, timeout=0):
        pass

    def feed(self):
        pass


def make_loop(players, level=3, engine=None, store=None):
    import json
    import mainloop
    import settings
    clock = Clock()
    sw, bt, sc, lights, link, wd = drivers(clock)
    ss = MemStore(json.dumps(dict(settings.defaults(), players=list(players), level=level)).encode())
    kw = {} if engine is None else {"engine": engine}
    loop = mainloop.MainLoop(sw, lights, bt, clock, store or MemStore(), ss, link, wd, slice_ms=6, **kw)
    return loop, clock, sw, bt, sc, lights, link


class _Stop(Exception):
    """Ends a bench's run of main.run after its passes."""


class _Log:
    """main.run's boot log (hw.bootlog.BootLog): told once the run is healthy."""

    def healthy(self):
        pass


def main_run(loop, clock, sw, sc, lights, link, tick=None):
    """A callable ``go(k)``: main.run of firmware/main.py -- ``MainLoop.tick`` and the
    Pico's own part of each pass (Ctrl-C check, the link's flush, brightness, chain
    fault, the pace) -- for ``k`` passes on these drivers. Its pace sleeps on the
    bench clock (``clock.now`` advances by the sleep, no time passes). ``tick``
    replaces the pass's ``MainLoop.tick`` (main.run's part alone)."""
    import main
    d = {"clock": clock, "scanner": sc, "lights": lights, "sensors": sw, "link": link}

    def sleep(ms):
        clock.now += ms
    main._sleep_ms = sleep
    left = [0]
    real = tick or loop.tick

    def counted():
        real()
        left[0] -= 1
        if not left[0]:
            raise _Stop
    log = _Log()

    def go(k):
        left[0] = k
        loop.tick = counted          # main.run calls loop.tick(): this instance's
        try:
            main.run(loop, d, log)
        except _Stop:
            pass
        finally:
            del loop.tick
    return go


def _per_pass(go, k=40):
    """us per pass of ``go`` (``main_run``): the fastest of RUNS runs of ``k`` passes
    less the fastest run of one pass (main.run's start and the bench's stop), over
    k - 1; less the bench's own count per pass (``_counted``)."""
    def least(n):
        best = None
        for _ in range(RUNS):
            t0 = _us()
            go(n)
            t = _diff(_us(), t0)
            if best is None or t < best:
                best = t
        return best
    return max(0, (least(k) - least(1)) / (k - 1) - _counted())


def _counted():
    """us of the bench's wrapper around each pass's tick (main_run's ``counted``)."""
    left = [1 << 20]

    def counted():
        _nothing()
        left[0] -= 1
        if not left[0]:
            raise _Stop
    return _time(counted, 2000)


def per_pass_bytes(go, loop, n=90):
    """Bytes gc.threshold counts per still pass of ``go`` (``main_run``): ``n`` + 1
    passes less one, over ``n``, each run starting after a full pass (so none of
    them is one: mainloop.STILL_PASSES is 100)."""
    def run(k):
        if hasattr(loop, "_still"):
            loop._still = 1
        go(k)
    return (counted_bytes(lambda: run(n + 1), loop) - counted_bytes(lambda: run(1), loop)) / n


def passes():
    """The pass figures (also for another firmware tree: BEFORE_US)."""
    import gc
    print("an idle pass (human to move, board still), unix port -> Pico:")
    loop, clock, sw, bt, sc, lights, link = make_loop(("human", "human"))
    for _ in range(300):
        clock.now += 5
        loop.tick()
    go = main_run(loop, clock, sw, sc, lights, link)
    go(300)
    whole = _per_pass(go)
    c = loop.controller
    tick = loop.tick

    def idle_tick():
        clock.now += 5
        tick()
    parts = [("scanner hand-off (sensors.read)", sw.read), ("buttons.read", bt.read),
             ("protocol poll (nothing waiting)", loop.protocol.poll),
             ("watchdog feed", loop.watchdog.feed)]
    if hasattr(c, "still"):
        occ = sw.read()
        parts.append(("controller.still", lambda: c.still(occ)))
    parts.append(("controller.step (unchanged)", lambda: c.step(clock.now, sw.read(), ())))
    parts.append(("Lights.show (unchanged frame)", lambda: lights.show(loop.frame)))
    total = 0
    for name, fn in parts:
        us = _time(fn, 2000)
        total += us
        _row(name, us, FACTOR)
    run_part = _per_pass(main_run(loop, clock, sw, sc, lights, link, tick=_nothing))
    total += run_part
    _row("main.run's part (tick a no-op)", run_part, FACTOR)
    _row("sum of the parts", total, FACTOR)
    _row("MainLoop.tick alone", _time(idle_tick, 2000), FACTOR)
    _row("the whole idle pass (main.run)", whole, FACTOR, "(bytecode factor)")
    print("  %-34s %8.1f us   x%-4d = %7.2f ms (calibrated on the thinking pass before issue 21)"
          % ("the whole idle pass, calibrated", whole, WHOLE_THINK, whole * WHOLE_THINK / 1000))
    print("  %-34s %8.1f us   x%-4d = %7.2f ms (calibrated on the idle pass before issue 21)"
          % ("", whole, WHOLE, whole * WHOLE / 1000))
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    go(501)
    a1 = gc.mem_alloc()
    go(1)
    per = (a1 - a0 - (gc.mem_alloc() - a1)) / 500
    gc.enable()
    print("  heap allocated per idle pass: %.1f bytes (stated bound: 0)" % per)
    print("  bytes gc.threshold counts per still idle pass (heap frames, freed or not): %.0f"
          % per_pass_bytes(go, loop))
    return whole, per, loop, clock, lights, link


class StubEngine:
    """An engine whose search never ends and costs nothing: the loop's own part of a
    thinking pass, measured alone (the same on every firmware tree)."""
    level = 3
    use_book = False
    from_book = False
    nodes = depth = score = 0
    node_cap = 1 << 20
    ms = 1 << 20

    def set_level(self, level, *a):
        self.level = level

    def reserve(self):
        pass

    def start(self, pos):
        pass

    def step(self, ms):
        return None


def thinking_pass():
    """us of a pass of main.run while the engine thinks, less the engine's slice (a
    stub); and the bytes gc.threshold counts per such pass."""
    loop, clock, sw, bt, sc, lights, link = make_loop(("computer", "human"), engine=StubEngine())
    go = main_run(loop, clock, sw, sc, lights, link)
    go(50)
    assert loop.thinking()
    us = _per_pass(go)
    counted = per_pass_bytes(go, loop)
    return us, counted


def main():
    _setup()
    import gc
    import board.controller  # noqa: F401  (the code first, as on the Pico's young heap)
    import protocol  # noqa: F401
    gc.collect()
    import board_config as cfg
    full = "--passes-only" not in sys.argv
    print("MicroPython unix port, the firmware as .mpy (%s); Pico factors: bytecode x%d, emitted x%d,"
          " whole pass x%.0f" % ("this tree" if full else "another tree", FACTOR, FACTOR_VIPER, WHOLE))
    sw, bt, sc, lights0, link0, wd0 = drivers(Clock())
    tick = _time(lambda: sc._tick(None), 2000)
    tick_pico = tick * FACTOR + SPI_US
    print("scanner timer (scan + button poll, every %d ms): %.1f us -> Pico %.2f ms (x%d + %d us SPI) ="
          " %.1f %% of the CPU" % (1000 // cfg.SCAN_HZ, tick, tick_pico / 1000, FACTOR, SPI_US,
                                   tick_pico * cfg.SCAN_HZ / 10000))

    def ticks():
        for _ in range(20):
            sc._tick(None)
    print("  bytes gc.threshold counts per scanner tick (heap frames, freed or not): %d"
          % (counted_bytes(ticks) // 20))
    whole, per, loop, clock, lights, link = passes()
    tp, tcount = thinking_pass()
    print("the loop's part of a thinking pass (main.run, the engine a stub): %.1f us -> Pico %.2f ms (x%d),"
          " %.2f ms (x%.0f calibrated)" % (tp, tp * FACTOR / 1000, FACTOR, tp * WHOLE_THINK / 1000, WHOLE_THINK))
    print("  bytes gc.threshold counts per still thinking pass (heap frames, freed or not): %.0f" % tcount)
    if not full:
        boot_and_resume()
        return
    idle_pico = whole * WHOLE_THINK / 1000
    import mainloop
    print("a full pass (every %d idle passes, and whenever something changed):" % mainloop.STILL_PASSES)
    loop._still = mainloop.STILL_PASSES

    def full_pass():
        loop._still = mainloop.STILL_PASSES
        clock.now += 5
        loop.tick()
    fp = _time(full_pass, 1000)
    _row("MainLoop.tick, full game step", fp, FACTOR)
    print("  %-34s %8.1f us   x%-4d = %7.2f ms (calibrated)" % ("", fp, WHOLE_THINK, fp * WHOLE_THINK / 1000))
    frames = ([(255, 110, 0)] * 24, [(0, 90, 255)] * 24)
    k = [0]

    def show():
        k[0] ^= 1
        lights.show(frames[k[0]])
    sh = _time(show, 1000)
    print("a changed LED frame:")
    _row("Lights.show (viper: clamp, gamma, order)", sh, FACTOR_VIPER, "then 0.72 ms by DMA, CPU free")
    c = loop.controller
    import board.leds as leds
    n = [0]

    def render():                 # the controller painting a changed frame (a blink flips)
        n[0] += 1
        c._serial += 1
        c._render()
    rd = _time(render, 500)
    _row("controller frame (paint, colours, cap)", rd, FACTOR)
    assert leds  # noqa
    p = loop.protocol
    p.handle('{"cmd": "state"}')          # the first one loads the message module (kept)
    link.queue = []
    st_us = _time(lambda: (p.handle('{"cmd": "state"}'), link.queue.clear()), 250)
    print("a \"state\" reply (status, position text, record, JSON): %.0f us -> Pico ~%.0f ms (x%d),"
          " ~%.0f ms (x%.0f calibrated)" % (st_us, st_us * FACTOR / 1000, FACTOR, st_us * WHOLE_THINK / 1000,
                                          WHOLE_THINK))
    gc.collect()
    t0 = _us()
    gc.collect()
    gcu = _diff(_us(), t0)
    print("gc.collect() of this heap: %d us (Pico ~%.0f ms at x%d); a still pass that allocates nothing"
          " (frames included) never makes one due" % (gcu, gcu * FACTOR / 1000, FACTOR))
    print("  bytes gc.threshold counts in a full pass: %d" % counted_bytes(full_pass, loop))
    think(idle_pico, tick_pico, tp)
    boot_and_resume()


def think(idle_pico, tick_pico, tp):
    """The engine's share while it thinks, and the latencies."""
    import main
    import board_config as cfg
    from engine import level_budget
    slice_ms = main.SLICE_MS
    scan = tick_pico * SCAN_HZ / 1e6
    print("while the engine thinks (slices of %d ms, the scanner takes %.1f %% of each):" % (slice_ms, scan * 100))
    share = 0
    for f, how in ((FACTOR, "bytecode"), (WHOLE_THINK, "calibrated")):
        oh = tp * f / 1000
        sh = slice_ms * (1 - scan) / (slice_ms + oh)
        print("  pass %.1f ms = slice + %.2f ms (x%.0f, %s): engine share %.0f %%" % (
            slice_ms + oh, oh, f, how, sh * 100))
        share = sh
    oh_pico = tp * WHOLE_THINK / 1000
    nps = PICO_NODES_PER_S * share
    print("  engine in the loop: ~%.0f nodes/s (%d standalone x %.0f %%)" % (nps, PICO_NODES_PER_S, share * 100))
    for lv in (1, 2, 3, 4, 5):
        depth, ms, cap, margin = level_budget(lv)
        print("  level %d: node cap %5d -> %5.0f ms in the loop (deadline %d ms: binds below %.0f nodes/s)"
              % (lv, cap, cap * 1000 / nps, ms, cap * 1000 / ms))
    scan = 1000 / SCAN_HZ
    period = max(main.PASS_MS, idle_pico)
    lat = scan + period + cfg.SETTLE_MS + period + idle_pico
    print("stone put -> changed LED frame: <= scan %.0f + pass period %.1f (debounce starts) + settle %d +"
          " pass period %.1f + the pass %.1f = %.0f ms (goal settle + 20 = %d)"
          % (scan, period, cfg.SETTLE_MS, period, idle_pico, lat, cfg.SETTLE_MS + 20))
    depth, ms, cap, margin = level_budget(3)
    lit = lat + cap * 1000 / nps + slice_ms + oh_pico
    print("level 3 move lit after the put: <= %.0f (put -> frame) + %.0f (node cap %d at %.0f nodes/s) +"
          " one pass = %.0f ms (deadline-bound worst: %.0f ms; goal 1,000)"
          % (lat, cap * 1000 / nps, cap, nps, lit, lat + ms + slice_ms + oh_pico))


def boot_and_resume():
    """Boot to the first LED frame, and what resuming a long game adds (unix port)."""
    import gc
    print("boot (unix port, .mpy files, the fake machine imported first; Pico: x%d bytecode, imports included):"
          % FACTOR)
    print("  first LED frame: %s" % _BOOT)
    sys.path.insert(0, "tools")
    import bench_resume as br
    import json
    import mainloop
    import settings
    ss = json.dumps(dict(settings.defaults(), players=["human", "computer"])).encode()
    base = None
    for plies in (0, 300, 1000):
        store = br.saved_game("standard", plies)[0] if plies else br.MemStore()
        best = None
        for _ in range(15):
            sys.modules.pop("board.resume", None)
            gc.collect()
            gc.threshold(-1)
            clock = Clock()
            sw, bt, sc, lights, link, wd = drivers(clock)
            t0 = _us()
            loop = mainloop.MainLoop(sw, lights, bt, clock, store, MemStore(ss), link, wd, slice_ms=8)
            t = _diff(_us(), t0)
            best = t if best is None or t < best else best
            del loop
        if base is None:
            base = best
            print("  the main loop built, no saved game: %.1f ms" % (best / 1000))
            continue
        add = best - base
        print("  a saved game of %4d plies adds %5.1f ms (resume's code loaded, the last moves parsed):"
              " Pico ~%4.0f ms (x%d), ~%4.0f ms (x%.0f calibrated)"
              % (plies, add / 1000, add * FACTOR / 1000, FACTOR, add * WHOLE_RESUME / 1000, WHOLE_RESUME))


_BOOT = "not measured"


def _run_micropython(fw=None):
    import os
    import subprocess
    import time
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bindir = os.path.dirname(sys.executable)
    sys.path.insert(0, os.path.join(root, "tools"))
    import deploy
    out = os.path.join(root, "build", "bench_mpy")
    deploy.build(out, fw=fw or deploy.FIRMWARE, log=lambda *a: None, version="dev", target="host")
    for name in ("bench_pico_loop", "bench_resume", "heap_counted"):
        subprocess.run([os.path.join(bindir, "mpy-cross"), "-o", os.path.join(out, name + ".mpy"),
                        os.path.join(root, "tools", name + ".py")], check=True)
    mp = os.path.join(bindir, "micropython")
    boot = "not measured"
    if fw is None:       # boot to the first frame: a fresh interpreter, main.startup() first thing
        code = ("import sys; sys.path[:0] = [%r, 'tests/fake_machine']; import machine, rp2, time;"
                " t0 = time.ticks_us(); import main; main.startup(); print(time.ticks_diff(time.ticks_us(), t0))"
                % out)
        best = None
        for _ in range(5):
            r = subprocess.run([mp, "-X", "heapsize=240k", "-c", code], cwd=root, capture_output=True,
                               text=True)
            us = int(r.stdout.split()[-1])
            best = us if best is None or us < best else best
        boot = ("import main + main.startup() %.2f ms -> Pico ~%.0f ms at x%d, after MicroPython's own"
                " start (goal: 300 ms from power-up)" % (best / 1000, best * FACTOR / 1000, FACTOR))
    code = ("import sys; sys.path[:0] = [%r]; import bench_pico_loop as b; b._BOOT = %r; b.main()"
            % (out, boot))
    args = [mp, "-X", "heapsize=320k", "-c", code]
    if fw is not None:
        code = code.replace("b.main()", "sys.argv.append('--passes-only'); b.main()")
        args[-1] = code
    t = time.time()
    r = subprocess.run(args, cwd=root, capture_output=True, text=True)
    print(r.stdout.rstrip())
    if r.returncode:
        print(r.stderr.rstrip())
    print("(%.0f s)" % (time.time() - t))
    return r.returncode


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main()
    else:
        fw = sys.argv[sys.argv.index("--firmware") + 1] if "--firmware" in sys.argv else None
        sys.exit(_run_micropython(fw))
