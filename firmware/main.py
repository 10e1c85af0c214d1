"""Pico entry point: builds the drivers from ``board_config`` and runs the main loop.

MicroPython runs this file at power-up. Every step below but the first runs
inside the one ``try`` of ``main()``: an error at any of them is logged and
resets the board, so the crash-loop breaker (step 2) counts it; Ctrl-C at any
of them stops whatever already runs (scanner, watchdog). Steps (issue 21: lit
at once, playable before the engine is ready; issue 26: every step behind the
breaker):

0. the LEDs first: the start-up pattern (``STARTUP``, every LED a dim blue-white)
   goes out through the PIO before anything else is imported -- not even the
   rules core -- so the board lights within about 300 ms of power-up (a PIO
   that fails here is left to step 3, which the breaker covers);
1. the boot log (``hw.bootlog``, ``boot.json``): this boot and its reset
   cause (watchdog resets included) are written to flash (a failure to
   record the boot does not stop it);
2. crash-loop breaker, checked at once, before any step that could fail
   again: after ``bootlog.LIMIT`` (3) resets in a row that ended a run before
   it was up ``bootlog.HEALTHY_MS`` (errors caught here or watchdog resets),
   the saved game is not resumed but kept, the four outer corners blink red,
   and there is no watchdog: "ok" tries again, "new" puts the saved game
   aside (``game.rec.bad``) for a new one, Ctrl-C gives the REPL. Safe mode
   makes its own LEDs, buttons and clock (the boot that crashed may have
   failed building them): the LEDs through PIO, or through
   ``machine.bitstream`` when PIO fails (``hw.bitstream``);
3. switches, buttons (scanned by a 250 Hz timer), LEDs, clock, the game and
   settings stores on littlefs, the USB serial link;
4. maintenance boot: with "new" held at power-up the game does not start
   (no watchdog; the REPL / mpremote are free) -- a blue ring says so;
5. the health check (``selftest.health``): a chain fault blinks every LED
   magenta, chattering switches blink amber, switches reading closed while
   no game is saved blink white (1 s), then the game starts anyway;
6. the main loop is built -- this loads the saved game (its last moves only:
   bounded time whatever the game's length) -- and only then the
   watchdog (``WATCHDOG_MS``) starts: a slow or failing load cannot become
   a watchdog reset loop;
7. ``run``: the main loop's passes until Ctrl-C, each followed by a sleep
   to ``PASS_MS`` from its start when the engine is not thinking. The
   engine (its code, tables and opening book) is made ready by the loop
   itself, a step per idle pass, while the human can already play.

Ctrl-C (as ``mpremote`` sends; from a timer callback it is re-raised by the
scanner) stops the loop and *stops* the watchdog, so the REPL, soft resets and
mpremote are safe until the next boot. Any other error is logged to flash,
printed, and the board resets (``machine.reset()``); the breaker stops a
repeating one.
"""
import board_config as cfg

WATCHDOG_MS = 5000
MAINTENANCE_PROBE_MS = 200
HEALTH_MS = 300
BOOT_FILE = "boot.json"
ERROR_POINTS = ("a1", "g1", "a7", "g7")
SAFE_WAIT_MS = None          # safe mode waits this long for a button (None: forever)
GAMMA = 2.2                  # LED gamma (hw/lights.py); the brightness comes from the settings
SLICE_MS = 8                 # engine thinking per pass: ~70 % of the CPU while it thinks (docs/pico.md)
PASS_MS = 5                  # an idle pass is paced to this period (stone -> LEDs: settle + ~2 passes)
CHAIN_BLINK_MS = 250         # the chain-fault blink
STARTUP = (2, 3, 6)          # the start-up pattern: (r, g, b) as sent, every LED (0.86 mA each, 21 mA in all:
                             # inside the 100 mA before the host configures the board, hardware/README.md)


def startup(config=cfg):
    """Step 0: the start-up pattern on every LED, at once (before the rules core is
    imported). Returns the LED output (``hw.lights.Ws2812Pio``) for ``build``."""
    from hw.lights import Ws2812Pio, FRAME_GAP_US, channel_order
    out = Ws2812Pio(config.PINS["led_data"], gap_us=FRAME_GAP_US)
    order = channel_order(config.LED_ORDER)
    buf = bytearray(3 * config.LED_COUNT)
    for i in range(config.LED_COUNT):
        for k in range(3):
            buf[3 * i + order[k]] = STARTUP[k]
    out.start(buf)
    return out


def build(config=cfg, link=None, out=None):
    """The Pico drivers as a dict (sensors, lights, buttons, clock, store,
    settings_store, link, scanner); the scanner is not started. ``link``
    replaces the USB serial link (tests); ``out`` is the LED output ``startup``
    made (None: a new one)."""
    from hw.switches import Switches
    from hw.buttons import Buttons
    from hw.lights import Lights
    from hw.clock import Clock
    from hw.store import FileStore
    from hw.link import UsbLink
    from hw.scanner import Scanner
    from mainloop import GAME_FILE, SETTINGS_FILE
    sw = Switches(config)
    bt = Buttons(config)
    return {
        "sensors": sw,
        "buttons": bt,
        "lights": Lights(config, budget_ma=config.LED_BUDGET_MA, ma_per_channel=config.LED_MA_PER_CHANNEL,
                         gamma=GAMMA, out=out),
        "clock": Clock(),
        "store": FileStore(GAME_FILE),
        "settings_store": FileStore(SETTINGS_FILE),
        "link": link if link is not None else UsbLink(),
        "scanner": Scanner(sw, bt, config.SCAN_HZ),
    }


def _sleep_ms(ms):
    import time
    time.sleep_ms(ms)  # type: ignore[attr-defined]


def maintenance_requested(d, sleep_ms):
    """True when "new" is held at power-up (sampled for MAINTENANCE_PROBE_MS)."""
    sleep_ms(MAINTENANCE_PROBE_MS)
    return d["buttons"].held_ms("new") > 0


def _points_frame(mask, colour):
    return [colour if mask >> i & 1 else (0, 0, 0) for i in range(24)]


def blink(lights, mask, colour, times=3, ms=170):
    """Blink the points of ``mask`` in ``colour`` ``times`` times (about 1 s); the LED
    driver applies gamma and keeps the current budget."""
    dark = [(0, 0, 0)] * 24
    lit = _points_frame(mask, colour)
    for _ in range(times):
        for f in (lit, dark):
            while not lights.show(f):
                pass
            _sleep_ms(ms)


def show_health(d, h, game_saved):
    """Light what the power-up health check found (see module doc, step 5)."""
    from hw import point_names
    names = point_names()
    lights = d["lights"]
    if h["chain"] != "ok":
        print("health: switch chain: %s" % h["chain"])
        blink(lights, 0xFFFFFF, (255, 0, 255))
    if h["chatter"]:
        print("health: chattering switches: %s" % h["chatter"])
        mask = 0
        for n in h["chatter"]:
            mask |= 1 << names.index(n)
        blink(lights, mask, (255, 120, 0))
    if h["closed"] and not game_saved and h["chain"] == "ok":
        print("health: switches closed on an empty board: %s" % " ".join(
            names[i] for i in range(24) if h["closed"] >> i & 1))
        blink(lights, h["closed"], (255, 255, 255))


def safe_mode(d, log):
    """The crash-loop breaker's state (module doc, step 2). Returns when nothing is
    pressed within SAFE_WAIT_MS (tests); a button ends in machine.reset()."""
    import machine
    from hw import point_names
    from mainloop import GAME_FILE
    names = point_names()
    mask = 0
    for n in ERROR_POINTS:
        mask |= 1 << names.index(n)
    print("safe mode: %d resets in a row; the saved game is kept, not resumed" % log.data["streak"])
    print("  press ok to try again, new to put the saved game aside; Ctrl-C for the REPL")
    clock = d["clock"]
    t0 = clock.ticks_ms()
    on = [(255, 0, 0) if mask >> i & 1 else (0, 0, 0) for i in range(24)]
    dark = [(0, 0, 0)] * 24
    k = 0
    buttons = d.get("buttons")
    while SAFE_WAIT_MS is None or clock.ticks_diff(clock.ticks_ms(), t0) < SAFE_WAIT_MS:
        d["lights"].show(on if k % 10 < 5 else dark)
        k += 1
        for b in (buttons.read() if buttons is not None else ()):
            if b == "new":
                import os
                try:
                    os.rename(GAME_FILE, GAME_FILE + ".bad")
                except OSError:
                    pass
            if b in ("new", "ok"):
                log.reset_streak()
                machine.reset()
        _sleep_ms(50)


def safe_drivers(out=None):
    """Drivers for safe mode, each made on its own (the boot that crashed may have
    failed at any of them): "clock", "lights" (hw.lights on ``out``, the LED output
    ``startup`` made, or a new one; hw.bitstream when the PIO driver cannot start),
    "buttons" (missing when they cannot be made)."""
    from hw.clock import Clock
    d = {"clock": Clock()}  # type: dict
    try:
        from hw.lights import Lights
        d["lights"] = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA, ma_per_channel=cfg.LED_MA_PER_CHANNEL, out=out)
    except Exception as e:  # noqa: BLE001  any failure: the simplest LED driver there is
        print("safe mode: LEDs through PIO failed (%s); using machine.bitstream" % e)
        from hw.bitstream import BitstreamLights
        d["lights"] = BitstreamLights(cfg)
    try:
        from hw.buttons import Buttons
        d["buttons"] = Buttons(cfg)
    except Exception as e:  # noqa: BLE001
        print("safe mode: no buttons (%s): Ctrl-C for the REPL, or the reset button" % e)
    return d


def stop_for_repl(d, wd):
    """Ctrl-C: the watchdog stopped, the scanner and LEDs off (whichever were
    started: ``d`` may hold only some drivers; a Ctrl-C inside the watchdog's start
    leaves ``wd`` None, so the hardware watchdog is paused in any case); the REPL is
    free."""
    from hw.watchdog import pause
    stopped = pause() or wd is None
    if wd is not None:
        wd.stop()
    if "scanner" in d:
        d["scanner"].stop()
    if "lights" in d:
        d["lights"].off()
    if stopped:
        print("stopped; the watchdog is off until the next reset")
    else:
        print("stopped; the watchdog cannot be stopped on this chip (%s): it resets the board in "
              "%d s -- hold new at power-up for a maintenance boot" % (_chip_name(), WATCHDOG_MS // 1000))


def _chip_name():
    import sys
    return getattr(sys.implementation, "_machine", "?")


def crashed(d, log, e):
    """Any error in ``main()`` but Ctrl-C: the scanner stopped (if started), the error
    printed and written to the boot log (made here when the error came before it),
    then ``machine.reset()``; the crash-loop breaker counts it."""
    import gc
    import machine
    if "scanner" in d:
        try:
            d["scanner"].stop()
        except Exception:  # noqa: BLE001  going down anyway
            pass
    try:
        import sys
        sys.print_exception(e)  # type: ignore[attr-defined]
    except AttributeError:
        pass
    try:
        gc.collect()
        if log is None:
            from hw.bootlog import BootLog
            from hw.store import FileStore
            log = BootLog(FileStore(BOOT_FILE))
        log.crash(e)
    except Exception:  # noqa: BLE001  no room even to log: reset anyway
        pass
    machine.reset()


def run(loop, d, log):
    """The main loop's passes and the Pico's part of each (module doc, step 7):
    Ctrl-C from a timer callback re-raised, the link's queued lines written, the
    brightness setting on the LEDs, a chain fault shown (every LED blinking
    magenta instead of the game's frame) and reported (``chain`` event), the
    pace, and the boot log told when the run became healthy. Raises
    KeyboardInterrupt on Ctrl-C. A pass's part here is a few attribute tests when
    nothing changed: the brightness is looked up when the settings change (the
    loop replaces them as a whole), the overlay set while a fault lasts, the run's
    health and the pace looked at after a pass the engine did not think in."""
    from hw.bootlog import HEALTHY_MS
    from settings import BRIGHTNESS
    clock = d["clock"]
    scanner = d["scanner"]
    lights = d["lights"]
    sensors = d["sensors"]
    flush = getattr(d["link"], "flush", None)
    blink = ([(255, 0, 255)] * 24, [(0, 0, 0)] * 24)
    t0 = clock.ticks_ms()
    well = False
    fault = False
    shown = None                      # the settings whose brightness the LEDs have
    while True:
        start = clock.ticks_ms()
        loop.tick()
        if scanner.interrupted:       # Ctrl-C in the timer's callback
            scanner.check()
        if flush is not None:
            flush()
        if loop.settings is not shown:
            shown = loop.settings
            b = BRIGHTNESS[shown["brightness"] - 1]
            if lights.brightness != b:
                lights.set_brightness(b)
        if sensors.fault != fault:
            fault = sensors.fault
            loop._send({"type": "chain", "ok": not fault})
            loop.overlay = None
        if fault:
            loop.overlay = blink[start // CHAIN_BLINK_MS & 1]
        if not loop.thinking():       # the engine's slice is the pace while it thinks
            now = clock.ticks_ms()
            if not well and clock.ticks_diff(now, t0) >= HEALTHY_MS:
                log.healthy()
                well = True
            ms = PASS_MS - clock.ticks_diff(now, start)
            if ms > 0:
                _sleep_ms(ms)


def main():
    """Start the board (module doc); returns after Ctrl-C, a maintenance boot or
    safe mode; resets the board after any other error, at any step."""
    try:
        out = startup()                   # step 0: lit before anything else loads
    except Exception as e:  # noqa: BLE001  step 3 makes the LEDs again, under the breaker
        print("start-up pattern not shown: %s" % e)
        out = None
    import gc
    d = {}           # the drivers made so far: what Ctrl-C or an error has to stop
    wd = None
    log = None
    try:
        from hw.bootlog import BootLog
        from hw.store import FileStore
        log = BootLog(FileStore(BOOT_FILE))
        try:
            print("boot %d: %s" % (log.data["boots"] + 1, log.boot()))
        except Exception as e:  # noqa: BLE001  a boot not written down still boots
            print("boot log not written: %s" % e)
        if log.tripped():
            d.update(safe_drivers(out))
            safe_mode(d, log)
            return
        d.update(build(out=out))
        d["scanner"].start()
        if maintenance_requested(d, _sleep_ms):
            d["scanner"].stop()
            d["lights"].show([(0, 0, 24)] * 24)
            print("maintenance boot: game not started, no watchdog")
            return
        import sys
        import selftest
        show_health(d, selftest.health(d["sensors"], HEALTH_MS), d["store"].load() is not None)
        del selftest
        sys.modules.pop("selftest", None)    # its code is needed again only for a "selftest" (heap)
        from hw.watchdog import Watchdog
        from mainloop import MainLoop
        gc.collect()
        loop = MainLoop(d["sensors"], d["lights"], d["buttons"], d["clock"], d["store"],
                        d["settings_store"], d["link"], None, slice_ms=SLICE_MS, prepare=True)
        loop.bootlog = log
        info = log.summary()
        loop.boot_info = {"reset_cause": info["reset_cause"], "boots": info["boots"],
                          "crash_streak": info["crash_streak"]}
        from board.gamelog import seed
        seed(loop.controller, d["clock"].ticks_ms(), d["sensors"].read())
        wd = Watchdog(WATCHDOG_MS)        # after the load: see module doc, step 6
        loop.watchdog = wd
        run(loop, d, log)
    except KeyboardInterrupt:
        stop_for_repl(d, wd)
    except Exception as e:  # noqa: BLE001  logged, then a clean restart
        crashed(d, log, e)


if __name__ == "__main__":
    main()
