"""The hardware watchdog, fed by the main loop, and stopped when the REPL takes over.

MicroPython's ``machine.WDT`` cannot be stopped, and a timer that feeds it
dies with the next soft reset (every ``mpremote`` command without
``resume`` does one) while the hardware keeps counting: the board then
reset itself 5 s into a copy or a bring-up (issue 12, finding 2). ``stop()``
therefore clears the ENABLE bit (bit 30: "when not enabled the watchdog timer
is paused") of the watchdog's CTRL register, whose address depends on the
chip ``hw.chip()`` finds: RP2040 datasheet 4.7.6, WATCHDOG_BASE 0x40058000;
RP2350 datasheet 12.9.7, WATCHDOG_BASE 0x400d8000 (CTRL at offset 0 on both,
ENABLE bit 30 on both). On any other chip ``stop()`` writes nothing -- a wrong
address lands in another peripheral (on the RP2350, 0x40058000 is a PLL) --
and says so: the watchdog then keeps counting, and a maintenance boot (hold
"new" at power-up: no watchdog) gives a REPL. After Ctrl-C on a Pico or Pico
2 the REPL, soft resets and ``mpremote`` are safe until the next boot starts a
watchdog again.
"""
import machine
from hw import chip

MAX_TIMEOUT_MS = 8300          # machine.WDT's longest timeout on the RP2040 (8.388 s; RP2350: 16.7 s)
WATCHDOG_CTRL = {"RP2040": 0x40058000,   # RP2040 datasheet 4.7.6: WATCHDOG_BASE + CTRL
                 "RP2350": 0x400d8000}   # RP2350 datasheet 12.9.7: WATCHDOG_BASE + CTRL
CTRL_ENABLE = 1 << 30


def pause():
    """Clear the ENABLE bit of the watchdog of the chip ``hw.chip()`` finds (harmless
    when none runs). True when done; False on another chip (nothing written)."""
    ctrl = WATCHDOG_CTRL.get(chip())
    if ctrl is None:
        return False
    machine.mem32[ctrl] &= ~CTRL_ENABLE
    return True


class Watchdog:
    """``feed()`` at least every ``timeout_ms`` ms (1..8300) or the Pico resets;
    ``stop()`` pauses it for good (until the next reset). ValueError for a
    timeout out of range."""

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
        """Pause the hardware watchdog (Ctrl-C, the REPL, mpremote): no reset follows.
        Returns True when it is paused; False on a chip other than the RP2040 and
        RP2350 (nothing written: it keeps counting, feeding ends)."""
        self.running = False
        return pause()


class NoWatchdog:
    """Stands in for ``Watchdog`` where there is none (simulator, tests, maintenance boot)."""

    running = False

    def feed(self):
        """Nothing to feed."""

    def stop(self):
        """Nothing to stop; True (nothing is counting)."""
        return True
