"""On-device self-test of the board's hardware.

Interactive (``tools/deploy.py --selftest`` runs it through ``mpremote run``,
or ``import selftest; selftest.run()`` at the REPL):

1. every LED in turn, along the chain: red, green, blue (a dead or swapped
   LED, or a wrong colour order, shows at once); the console names each point;
2. the switch chain's integrity (the 8 tail bits must read CHAIN_TAIL_BYTE)
   and the time of one scan (the scan rate it allows);
3. for ``seconds`` seconds (or until "ok" is held 2 s): every closed switch
   lights its point green and is printed as it closes and opens (point, switch
   bit, chip and input); button presses are printed.

Then all LEDs go dark and a timer keeps feeding the watchdog (the self-test
starts it, so it also survives a board whose game had started one) until the
next reset (``mpremote reset``).

``quick(...)`` is the non-interactive part for the USB protocol's
"selftest" command: chain integrity, scan rate, store round trip, free memory.
"""
import board_config as cfg

SWEEP_MS = 120


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
    """"U2.B"-style name of switch bit ``bit``."""
    return "U%d.%s" % (1 + bit // 8, "ABCDEFGH"[bit % 8])


def quick(sensors, lights=None, store=None, window_ms=100):
    """Non-interactive checks; returns a dict with "ok" (bool) and the findings:
    "chain" (tail check of a fresh scan), "scans_per_s" (timer scans counted
    over ``window_ms`` ms, when a Scanner runs), "store" (round trip in a
    scratch file), "mem_free" (bytes)."""
    ticks_ms, ticks_diff = _ticks()
    out = {"ok": True}  # type: dict
    errors = getattr(sensors, "errors", None)
    if errors is not None:
        e0, s0 = sensors.errors, sensors.scans
        t0 = ticks_ms()
        if not sensors.auto:
            sensors.scan()
        _sleep_ms(window_ms)
        dt = max(1, ticks_diff(ticks_ms(), t0))
        if not sensors.auto:
            sensors.scan()
        good = sensors.scans - s0
        bad = sensors.errors - e0
        out["chain"] = "ok" if bad == 0 else "tail byte wrong in %d of %d scans" % (bad, good + bad)
        out["scans_per_s"] = good * 1000 // dt
        if bad:
            out["ok"] = False
    out["occupancy"] = sensors.read()
    if store is not None:
        try:
            from hw.store import FileStore
            path = getattr(store, "path", "game.rec") + ".selftest"
            s = FileStore(path, getattr(store, "files", None))
            s.save(b"selftest")
            good = s.load() == b"selftest"
            s.clear()
            out["store"] = "ok" if good else "read back wrong"
            if not good:
                out["ok"] = False
        except Exception as e:
            out["store"] = "failed: %s" % e
            out["ok"] = False
    try:
        import gc
        gc.collect()
        out["mem_free"] = gc.mem_free()  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        pass
    return out


def run(seconds=60, config=cfg):
    """The interactive self-test (see module doc); prints as it goes, returns a dict."""
    import machine
    from hw.switches import Switches
    from hw.lights import Lights
    from hw.buttons import Buttons
    from hw import point_names
    ticks_ms, ticks_diff = _ticks()
    wdt = machine.WDT(timeout=8000)
    names = point_names()
    index = {}
    for i in range(len(names)):
        index[names[i]] = i
    sw = Switches(config)
    bt = Buttons(config)
    lights = Lights(config, budget_ma=config.LED_BUDGET_MA)
    cap = config.BRIGHTNESS_CAP
    dark = [(0, 0, 0)] * 24
    print("self-test: LEDs along the chain (red, green, blue each)")
    for name, led, bit in sorted(config.POINTS, key=lambda r: r[1]):
        print("  LED %2d = %s" % (led, name))
        for colour in ((cap, 0, 0), (0, cap, 0), (0, 0, cap)):
            f = list(dark)
            f[index[name]] = colour
            lights.show(f)
            wdt.feed()
            _sleep_ms(SWEEP_MS)
    lights.show(dark)
    print("self-test: switch chain")
    t0 = ticks_ms()
    for _ in range(100):
        sw.scan()
    dt = max(1, ticks_diff(ticks_ms(), t0))
    chain_ok = sw.errors == 0
    print("  %s; one scan (%s) takes %d us (max %d scans/s)" % (
        "chain ok" if chain_ok else "TAIL BYTE WRONG in %d of 100 scans: check the chain" % sw.errors,
        "SPI" if sw.use_spi else "bit-banged", dt * 10, 100000 // dt))
    print("self-test: close switches (a stone on a point); hold ok 2 s to end")
    last = sw.scan()
    start = ticks_ms()
    seen = 0
    while ticks_diff(ticks_ms(), start) < seconds * 1000:
        wdt.feed()
        occ = sw.scan()
        bt.poll()
        for b in bt.read():
            print("  button %s" % b)
        if bt.held_ms("ok") >= 2000:
            break
        changed = occ ^ last
        for name, led, bit in config.POINTS:
            p = index[name]
            if changed >> p & 1:
                state = "closed" if occ >> p & 1 else "opened"
                print("  %s %s (switch bit %d, %s)" % (state, name, bit, where(bit)))
                if occ >> p & 1:
                    seen |= 1 << p
        if changed:
            lights.show([(0, cap, 0) if occ >> i & 1 else (0, 0, 0) for i in range(24)])
        last = occ
        _sleep_ms(4)
    lights.show(dark)
    missing = [names[i] for i in range(24) if not seen >> i & 1]
    print("self-test done: %d of 24 switches seen closed%s" % (
        24 - len(missing), (" (never: %s)" % " ".join(missing)) if missing else ""))
    t = machine.Timer(-1, period=2000, mode=machine.Timer.PERIODIC, callback=lambda _t: wdt.feed())
    print("the watchdog is fed by a timer until reset (mpremote reset)")
    return {"chain_ok": chain_ok, "seen": 24 - len(missing), "timer": t}


if __name__ == "__main__":
    run()
