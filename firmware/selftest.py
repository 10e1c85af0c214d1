"""The board's self-test: one module, two entry points, both through the real drivers.

``bringup(steps=None, seconds=60, load_ms=5000)`` -- board bring-up, before a game: an
interactive walk through the hardware that prints what it sees and shows
light patterns (hardware/BUILD.md explains each one and what to do when it
looks wrong). ``tools/deploy.py --selftest`` runs it through
``mpremote run firmware/selftest.py``; at the REPL ``import selftest;
selftest.bringup(("walk",))`` runs one step. Steps, in order:

1. ``chain``:    100 scans of the 74HC165 chain; every one must pass the
                 chain check of hw/switches.py (prints the scan time);
                 otherwise it prints what the fault looks like
                 (``diagnose``) and all LEDs blink magenta 3 times.
2. ``colours``:  all LEDs red, then green, then blue, 1.5 s each (``LED_ORDER``).
3. ``walk``:     one white LED at a time in point order a1, d1, g1, b2, ... g7,
                 each printed with its LED index.
4. ``load``:     all LEDs white at ``BRIGHTNESS_CAP`` for ``load_ms`` (5 s;
                 hardware/BUILD.md 9.3 measures the rail over 30 s): the
                 worst-case current; the Pico must not reset.
5. ``switches``: every point shows its switch live (green = closed, dim blue =
                 open; all amber while a button is held); each closing and
                 opening is printed with its switch bit and chip input
                 ("U2.B"). Ends when ``new`` and ``ok`` are held together (or
                 after ``seconds``); lists the switches never seen closed.

The last line reads ``bring-up: chain=ok colours=ok walk=ok load=ok
switches=ok``. The bring-up feeds the watchdog while it runs (a game may
have started it) and stops it at the end (``hw.watchdog``), so mpremote and
soft resets are safe until the next boot.

``check(sensors, lights=None, store=None, window_ms=100, bootlog=None)`` --
the firmware's own check, non-interactive: the USB protocol's "selftest"
command (main.py hands it the Pico drivers and the boot log; the simulator
its simulated ones): firmware version, chain, chain errors since boot, scan
rate, store, free memory, reset causes.

``health(sensors, ms=300)`` -- main.py's automatic check at power-up: chain
faults, switches reading closed, chattering switches.

``diagnose(switches)`` -- what the latest failed scan of the chain says about
the wiring, in words (hardware/BUILD.md's bring-up table lists each case).
"""
import board_config as cfg

STEPS = ("chain", "colours", "walk", "load", "switches")
SCANS = 100
WDT_MS = 8000


def _scale(rgb):
    """An (r, g, b) colour given at full scale, scaled down to the brightness cap."""
    c = cfg.BRIGHTNESS_CAP
    return (rgb[0] * c // 255, rgb[1] * c // 255, rgb[2] * c // 255)


RED = _scale((255, 0, 0))
GREEN = _scale((0, 255, 0))
BLUE = _scale((0, 0, 255))
WHITE = _scale((255, 255, 255))
MAGENTA = _scale((255, 0, 255))
AMBER = _scale((255, 120, 0))
DIM_BLUE = (0, 0, max(1, cfg.BRIGHTNESS_CAP // 12))
OFF = (0, 0, 0)


def _sleep_ms(ms):
    import time
    f = getattr(time, "sleep_ms", None)
    if f is not None:
        f(ms)
    else:
        time.sleep(ms / 1000)


def _ticks():
    from morris.compat import ticks_ms, ticks_diff
    return ticks_ms, ticks_diff


def where(bit):
    """"U2.B"-style name of switch bit ``bit`` (chip U1..U3, input A..H)."""
    return "U%d.%s" % (1 + bit // 8, "ABCDEFGH"[bit % 8])


def diagnose(sw, config=cfg):
    """The latest failed scan of ``sw`` (an hw.switches.Switches) in words: which
    wiring faults read like this (hardware/BUILD.md, bring-up table). "ok" when it
    passed."""
    from hw.switches import SHIFTS, LOADS
    p = config.PINS
    r = sw.got
    qh = [n for n, led, bit in config.POINTS if bit == config.SWITCH_COUNT - 1][0]   # U3.H
    if sw.why is None:
        return "ok"
    if sw.why == LOADS:
        chips = " ".join("U%d" % c for c in (3, 2, 1) if sw.chips >> (c - 1) & 1)
        return ("no load: %s returned the bits shifted in by the previous scan, not the switches: "
                "SH/LD (pin 1) open or not reaching GP%d" % (chips, p["sr_load"]))
    if sw.why != SHIFTS:
        return "unknown"
    if r[0] == r[1] == r[2] == r[3] == 0xFF:
        return ("every bit reads 1 (an empty board's switches do: put a stone on %s and run "
                "again to narrow it down): the data line (U3 QH, pin 9 -> GP%d) open or stuck "
                "high, no chip clocking (CLK, pin 2 <- GP%d) or loading right (SH/LD, pin 1 <- "
                "GP%d; crossed with CLK?), U1's SER (pin 10) open, or the chips unpowered"
                % (qh, p["sr_data"], p["sr_clock"], p["sr_load"]))
    if r[0] == r[1] == r[2] == r[3] == 0:
        return ("every bit reads 0: the data line (GP%d) stuck low (a short to GND), or no chip "
                "clocking (CLK, GP%d) or SH/LD (GP%d) held low while a stone stands on %s"
                % (p["sr_data"], p["sr_clock"], p["sr_load"], qh))
    if r[3] in (0, 0xFF) and r[2] != r[3]:
        return ("the switches read but the tail reads all %s: U1's SER (pin 10) open or not "
                "reaching GP%d, or U1 (or U2) not clocking" % ("1" if r[3] else "0", p["sr_tail"]))
    if r[2] == sw.tail:
        return ("the chain is 16 bits long: U2 left out (U1's QH wired to U3's SER) or the data "
                "pin on U2's QH")
    if r[1] == sw.tail:
        return "the chain is 8 bits long: the data pin on U1's QH"
    return ("the tail read 0x%02x for 0x%02x: SER / QH links crossed between the chips, or a "
            "chip not clocking" % (r[3], sw.tail))


# ---- the firmware's own check (the protocol's "selftest") ------------------------------

def health(sensors, ms=300, period_ms=4):
    """Power-up health check: samples ``sensors.read()`` every ``period_ms`` for
    ``ms`` ms (the Scanner running, or scanning on demand). Returns a dict:
    "ok" (bool), "chain" ("ok" or what went wrong), "closed" (occupancy mask
    read at the end), "chatter" (dict point name -> changes seen; a switch
    nobody touches should show none), "samples"."""
    from hw import point_names
    names = point_names()
    e0 = getattr(sensors, "errors", 0)
    last = sensors.read()
    counts = [0] * 24
    n = max(1, ms // period_ms)
    for _ in range(n):
        _sleep_ms(period_ms)
        occ = sensors.read()
        ch = occ ^ last
        if ch:
            for i in range(24):
                if ch >> i & 1:
                    counts[i] += 1
        last = occ
    bad = getattr(sensors, "errors", 0) - e0
    out = {"ok": True, "closed": last, "samples": n, "chain": "ok", "chatter": {}}
    if bad or getattr(sensors, "fault", False):
        out["chain"] = "chain fault in %d scans: %s" % (bad, diagnose(sensors))
        out["ok"] = False
    for i in range(24):
        if counts[i]:
            out["chatter"][names[i]] = counts[i]
            out["ok"] = False
    return out


def check(sensors, lights=None, store=None, window_ms=100, bootlog=None):
    """Non-interactive checks; returns a dict with "ok" (bool) and the findings:
    "firmware" (version), "chain" (tail check of fresh scans), "chain_errors"
    (discarded scans since boot) and "scans_per_s" (scans counted over
    ``window_ms`` ms) for a switch driver that counts its scans (``errors``,
    ``scans``), "occupancy" (int), "store" (a round trip through a scratch
    store of the same kind: ``store.scratch()``), "mem_free" (bytes,
    MicroPython), and with ``bootlog`` (hw.bootlog.BootLog) its summary:
    "boots", "reset_cause", "crash_streak", "resets". Blocks for the window;
    the main loop runs ``check_steps`` instead."""
    out = {}
    for _ in check_steps(out, sensors, lights, store, window_ms, bootlog):
        _sleep_ms(4)
    return out


def check_steps(out, sensors, lights=None, store=None, window_ms=100, bootlog=None, clock=None):
    """``check`` as a generator that fills ``out``: it yields while the scan window
    runs and between the store round trip's steps, so the main loop keeps its passes
    (one step each; issue 21: the blocking check held a pass 358-388 ms on the
    emulated RP2040). ``clock`` gives ``ticks_ms`` / ``ticks_diff`` (default
    ``time``'s)."""
    from version import VERSION
    if clock is None:
        ticks_ms, ticks_diff = _ticks()
    else:
        ticks_ms, ticks_diff = clock.ticks_ms, clock.ticks_diff
    out["ok"] = True
    out["firmware"] = VERSION
    errors = getattr(sensors, "errors", None)
    if errors is not None:
        e0, s0 = sensors.errors, sensors.scans
        t0 = ticks_ms()
        if not sensors.auto:
            sensors.scan()
        while ticks_diff(ticks_ms(), t0) < window_ms:
            yield
            if not sensors.auto:
                sensors.scan()
        dt = max(1, ticks_diff(ticks_ms(), t0))
        good = sensors.scans - s0
        bad = sensors.errors - e0
        out["chain"] = "ok" if bad == 0 else "chain fault in %d of %d scans: %s" % (
            bad, good + bad, diagnose(sensors))
        out["chain_errors"] = sensors.errors
        out["scans_per_s"] = good * 1000 // dt
        if bad:
            out["ok"] = False
    out["occupancy"] = sensors.read()
    if store is not None:
        try:
            s = store.scratch()
            s.save(b"selftest")       # a pass each: a littlefs write may erase a block
            yield
            good = s.load() == b"selftest"
            yield
            s.clear()
            out["store"] = "ok" if good else "read back wrong"
            if not good:
                out["ok"] = False
        except Exception as e:
            out["store"] = "failed: %s" % e
            out["ok"] = False
        yield
    if bootlog is not None:
        out.update(bootlog.summary())
    yield
    try:
        import gc
        gc.collect()
        out["mem_free"] = gc.mem_free()  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        pass


def replying(host, ident, send):
    """The protocol's "selftest" as a main-loop job (a generator, ``MainLoop.run_job``):
    ``check_steps`` on ``host``'s ``sensors``, ``lights``, ``store``, ``bootlog`` and
    ``clock``, then ``send`` (a callable taking the reply dict) of the "selftest"
    reply, or of an "internal error" reply when a check raised; ``ident``: the
    command's id (None: none) for the reply."""
    res = {}
    try:
        for _ in check_steps(res, host.sensors, host.lights, host.store, bootlog=host.bootlog,
                             clock=host.clock):
            yield
        out = {"type": "selftest"}
        out.update(res)
    except Exception as e:  # noqa: BLE001  a fault below: an error reply, the loop goes on
        out = {"type": "error", "error": "internal error: %s" % e, "cmd": "selftest"}
    if ident is not None:
        out["id"] = ident
    send(out)


# ---- board bring-up, before a game -----------------------------------------------------

class Bench:
    """What the bring-up works with: the real drivers (``switches``, ``lights``
    without a current budget, ``buttons`` sampled by ``poll()``), the point
    names, and the watchdog it feeds while it pauses."""

    def __init__(self, config=cfg):
        from hw.watchdog import Watchdog
        from hw.switches import Switches
        from hw.lights import Lights
        from hw.buttons import Buttons
        from hw import point_names
        self.config = config
        self.switches = Switches(config)
        self.lights = Lights(config)
        self.buttons = Buttons(config)
        self.buttons.auto = True          # poll() below samples them
        self.names = point_names()
        self.wdt = Watchdog(WDT_MS)

    def pause(self, ms):
        """Sleep ``ms`` ms, feeding the watchdog at least once a second."""
        while ms > 0:
            self.wdt.feed()
            n = ms if ms < 1000 else 1000
            _sleep_ms(n)
            ms -= n
        self.wdt.feed()

    def fill(self, colour):
        """Every LED one colour."""
        self._show([colour] * 24)

    def _show(self, frame):
        while not self.lights.show(frame):   # the previous frame is still going out
            pass

    def show(self, colours):
        """A dict point name -> colour; the other LEDs dark."""
        f = [OFF] * 24
        for i in range(24):
            c = colours.get(self.names[i])
            if c is not None:
                f[i] = c
        self._show(f)

    def held(self):
        """Names of the buttons held now (after one sample): list."""
        b = self.buttons
        b.poll()
        return [n for n in b.names if b.held_ms(n) > 0]


def step_chain(bench):
    """Step 1: chain integrity and scan time. True when every tail byte was right."""
    ticks_ms, ticks_diff = _ticks()
    sw = bench.switches
    e0 = sw.errors
    t0 = ticks_ms()
    for _ in range(SCANS):
        sw.scan()
    dt = max(1, ticks_diff(ticks_ms(), t0))
    bad = sw.errors - e0
    how = "SPI" if sw.use_spi else "bit-banged"
    if bad == 0:
        print("chain: OK, the check passed in %d scans; one scan (%s) takes %d us (max %d scans/s)"
              % (SCANS, how, dt * 1000 // SCANS, SCANS * 1000 // dt))
        closed = [bench.names[i] for i in range(24) if sw.state >> i & 1]
        print("chain: closed now: %s" % (" ".join(closed) or "none"))
        return True
    r = sw.got
    print("chain: FAULT in %d of %d scans; the last read %02x %02x %02x, tail %02x for %02x"
          % (bad, SCANS, r[0], r[1], r[2], r[3], sw.tail))
    print("chain: %s" % diagnose(sw, bench.config))
    for _ in range(3):
        bench.fill(MAGENTA)
        bench.pause(300)
        bench.fill(OFF)
        bench.pause(300)
    return False


def step_colours(bench):
    """Step 2: colour order. All red, green, blue in turn."""
    for name, colour in (("red", RED), ("green", GREEN), ("blue", BLUE)):
        print("colours: all LEDs should be %s" % name)
        bench.fill(colour)
        bench.pause(1500)
    bench.fill(OFF)
    return True


def step_walk(bench, ms=400):
    """Step 3: LED order. One LED at a time in point order."""
    index = {}
    for name, led, bit in bench.config.POINTS:
        index[name] = led
    for name in bench.names:
        print("walk: %s (LED %d)" % (name, index[name]))
        bench.show({name: WHITE})
        bench.pause(ms)
    bench.fill(OFF)
    return True


def step_load(bench, ms=5000):
    """Step 4: worst-case current. All white at the cap."""
    print("load: all 24 LEDs white at %d/255 for %d s; the Pico must not reset" % (
        bench.config.BRIGHTNESS_CAP, ms // 1000))
    bench.fill(WHITE)
    bench.pause(ms)
    bench.fill(OFF)
    print("load: OK (still running)")
    return True


def step_switches(bench, seconds=60, period_ms=20):
    """Step 5: live switches and buttons until new + ok are held (or ``seconds`` pass)."""
    ticks_ms, ticks_diff = _ticks()
    print("switches: put a stone on each point; green = closed. Hold new + ok to end.")
    bits = {}
    for name, led, bit in bench.config.POINTS:
        bits[name] = bit
    names = bench.names
    last = bench.switches.scan()
    shown = None
    last_held = []
    seen = 0
    start = ticks_ms()
    while ticks_diff(ticks_ms(), start) < seconds * 1000:
        occ = bench.switches.scan()
        held = bench.held()
        changed = occ ^ last
        for i in range(24):
            if changed >> i & 1:
                state = "closed" if occ >> i & 1 else "opened"
                print("switches: %s %s (switch bit %d, %s)" % (state, names[i], bits[names[i]],
                                                                where(bits[names[i]])))
        seen |= occ
        last = occ
        if held != last_held:
            print("buttons: %s" % (" ".join(held) or "none"))
            last_held = held
        if "new" in held and "ok" in held:
            break
        picture = (-1, 0) if held else (occ, 1)
        if picture != shown:
            if held:
                bench.fill(AMBER)
            else:
                colours = {}
                for i in range(24):
                    colours[names[i]] = GREEN if occ >> i & 1 else DIM_BLUE
                bench.show(colours)
            shown = picture
        bench.pause(period_ms)
    bench.fill(OFF)
    missing = [names[i] for i in range(24) if not seen >> i & 1]
    print("switches: %d of 24 seen closed%s" % (
        24 - len(missing), (" (never: %s)" % " ".join(missing)) if missing else ""))
    return True


def bringup(steps=None, seconds=60, bench=None, load_ms=5000):
    """Run the named bring-up steps (all by default) in order (see module doc);
    ``seconds`` bounds the switch step, ``load_ms`` is how long the load step
    holds every LED white (ms: hardware/BUILD.md 9.3 measures the rail then). Prints as it goes; returns a dict
    step name -> bool (True: passed); the watchdog is stopped at the end."""
    b = bench or Bench()
    out = {}
    for name in STEPS:
        if steps is not None and name not in steps:
            continue
        if name == "chain":
            out[name] = step_chain(b)
        elif name == "colours":
            out[name] = step_colours(b)
        elif name == "walk":
            out[name] = step_walk(b)
        elif name == "load":
            out[name] = step_load(b, load_ms)
        else:
            out[name] = step_switches(b, seconds)
    print("bring-up: " + " ".join("%s=%s" % (n, "ok" if out[n] else "FAULT") for n in STEPS if n in out))
    b.wdt.stop()
    print("the watchdog is stopped until the next reset")
    return out


if __name__ == "__main__":
    bringup()
