"""The RP2040 watchdog, fed by the main loop.

Once started, the rp2 watchdog cannot be stopped (until a reset). If the
main loop stops (Ctrl-C from ``mpremote`` for a deploy or a REPL session),
``keep_alive()`` hands feeding to a ``machine.Timer`` so the board does not
reset under the user's hands; a soft or hard reset ends that.
"""
import machine

MAX_TIMEOUT_MS = 8300  # the RP2040 watchdog's longest timeout (8.388 s)


class Watchdog:
    """``feed()`` at least every ``timeout_ms`` ms (1..8300) or the Pico resets."""

    def __init__(self, timeout_ms=5000):
        if not 1 <= timeout_ms <= MAX_TIMEOUT_MS:
            raise ValueError("watchdog timeout must be 1..%d ms" % MAX_TIMEOUT_MS)
        self.timeout_ms = timeout_ms
        self.wdt = machine.WDT(timeout=timeout_ms)
        self.timer = None

    def feed(self):
        """Restart the watchdog's countdown."""
        self.wdt.feed()

    def keep_alive(self):
        """Feed from a timer from now on (for the REPL after the main loop stopped)."""
        if self.timer is None:
            wdt = self.wdt
            self.timer = machine.Timer(-1, period=max(1, self.timeout_ms // 4),
                                       mode=machine.Timer.PERIODIC,
                                       callback=lambda t: wdt.feed())


class NoWatchdog:
    """Stands in for ``Watchdog`` where there is none (simulator, tests, maintenance boot)."""

    def feed(self):
        """Nothing to feed."""

    def keep_alive(self):
        """Nothing to keep alive."""
