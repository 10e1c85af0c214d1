"""Pico entry point: builds the drivers from ``board_config`` and runs the main loop.

MicroPython runs this file at power-up. Steps:

0. the engine's tables, first, while the heap is young (no fragmentation);
1. switches, buttons (scanned by a 250 Hz timer), LEDs, clock, the game and
   settings stores on littlefs, the USB serial link;
2. maintenance boot: with "new" held at power-up the game does not start
   (no watchdog; the REPL / mpremote are free) -- a lit ring says so;
3. the watchdog (``WATCHDOG_MS``) is started and fed by every loop pass;
4. ``MainLoop(...).run()``: the game, the engine in slices, the settings
   menu and the USB protocol, all from this one loop (no ``_thread``).

Ctrl-C (as ``mpremote`` sends) stops the loop; a timer then keeps feeding
the watchdog so the REPL stays usable until the next reset. Any other error
is printed and the watchdog resets the board, which resumes the saved game.
"""
import board_config as cfg

WATCHDOG_MS = 5000
MAINTENANCE_PROBE_MS = 200


def build(config=cfg, link=None):
    """The Pico drivers as a dict (sensors, lights, buttons, clock, store,
    settings_store, link, scanner); the scanner is not started. ``link``
    replaces the USB serial link (tests)."""
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
        "lights": Lights(config, budget_ma=config.LED_BUDGET_MA, ma_per_channel=config.LED_MA_PER_CHANNEL),
        "clock": Clock(),
        "store": FileStore(GAME_FILE),
        "settings_store": FileStore(SETTINGS_FILE),
        "link": link if link is not None else UsbLink(),
        "scanner": Scanner(sw, bt, config.SCAN_HZ),
    }


def maintenance_requested(d, sleep_ms):
    """True when "new" is held at power-up (sampled for MAINTENANCE_PROBE_MS)."""
    sleep_ms(MAINTENANCE_PROBE_MS)
    return d["buttons"].held_ms("new") > 0


def main():
    """Run the board until Ctrl-C (never returns otherwise)."""
    import gc
    import time
    # the engine first: its tables are the largest allocations and want a young heap
    from engine import Engine
    engine = Engine(level=cfg.DEFAULT_LEVEL)
    gc.collect()
    d = build()
    d["scanner"].start()
    if maintenance_requested(d, time.sleep_ms):  # type: ignore[attr-defined]
        d["scanner"].stop()
        d["lights"].show([(0, 0, 24)] * 24)
        print("maintenance boot: game not started, no watchdog")
        return
    from hw.watchdog import Watchdog
    from mainloop import MainLoop
    wd = Watchdog(WATCHDOG_MS)
    loop = MainLoop(d["sensors"], d["lights"], d["buttons"], d["clock"], d["store"],
                    d["settings_store"], d["link"], wd, engine=engine)
    try:
        loop.run()
    except KeyboardInterrupt:
        wd.keep_alive()
        d["scanner"].stop()
        d["lights"].off()
        print("stopped; the watchdog is fed by a timer until the next reset")


if __name__ == "__main__":
    main()
