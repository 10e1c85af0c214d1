"""The RP2040 watchdog, fed by the main loop, and stopped when the REPL takes over.

MicroPython's ``machine.WDT`` cannot be stopped, and a timer that feeds it
dies with the next soft reset (every ``mpremote`` command without
``resume`` does one) while the hardware keeps counting: the board then
reset itself 5 s into a copy or a bring-up (issue 12, finding 2). ``stop()``
therefore clears the ENABLE bit of the watchdog's CTRL register (RP2040
datasheet 4.7.6: WATCHDOG_BASE 0x40058000, CTRL bit 30; "when not enabled
the watchdog timer is paused"): after Ctrl-C the REPL, soft resets and
``mpremote`` are safe until the next boot starts a watchdog again.
"""
import machine

MAX_TIMEOUT_MS = 8300          # the RP2040 watchdog's longest timeout (8.388 s)
WATCHDOG_CTRL = 0x40058000     # RP2040 datasheet 4.7.6: WATCHDOG_BASE + CTRL
CTRL_ENABLE = 1 << 30


class Watchdog:
    """``feed()`` at least every ``timeout_ms`` ms (1..8300) or the Pico resets;
    ``stop()`` pauses it for good (until the next reset)."""

    def __init__(self, timeout_ms=5000):
        if not 1 <= timeout_ms <= MAX_TIMEOUT_MS:
            raise ValueError("watchdog timeout must be 1..%d ms" % MAX_TIMEOUT_MS)
        self.timeout_ms = timeout_ms
        self.wdt = machine.WDT(timeout=timeout_ms)
        self.running = True

    def feed(self):
        """Restart the watchdog's countdown."""
        if self.running:
            self.wdt.feed()

    def stop(self):
        """Pause the hardware watchdog (Ctrl-C, the REPL, mpremote): no reset follows."""
        machine.mem32[WATCHDOG_CTRL] &= ~CTRL_ENABLE
        self.running = False


class NoWatchdog:
    """Stands in for ``Watchdog`` where there is none (simulator, tests, maintenance boot)."""

    running = False

    def feed(self):
        """Nothing to feed."""

    def stop(self):
        """Nothing to stop."""
