"""Timer-driven scanning: switches and buttons sampled at ``board_config.SCAN_HZ``.

A ``machine.Timer`` calls ``scan()`` of the switches and ``poll()`` of the
buttons; their ``read()`` then return the latest state without touching the
pins. 250 Hz = one scan every 4 ms; an SPI scan plus the button poll took
0.46 ms on the emulated RP2040 before this driver's allocation-free rewrite
(11 % of the CPU; issue 12).

On the rp2 port ``Timer(-1)`` is a soft timer: its interrupt only schedules
the callback, and MicroPython runs scheduled callbacks at bytecode jumps and
while it waits (``time.sleep_ms``, a blocking USB write) -- never inside
native or viper code, a C call that does not wait (a garbage collection), or
a flash write. So a scan comes late by the longest such stretch and late
scans then run back to back: the engine's native search loop calls
``engine.search.serve`` at least every 2 ms (a scan waits at most about
3.5 ms while the computer thinks: an estimate, docs/pico.md "Timing"); the
buttons are debounced by the clock, not by samples (hw/buttons.py).

Ctrl-C arriving while the callback runs raises KeyboardInterrupt inside it,
where MicroPython would print and drop it: ``_tick`` catches it and sets
``interrupted``; the main loop calls ``check()`` every pass, which raises it
there, so one Ctrl-C always stops the loop.
"""
import machine


class Scanner:
    """Runs ``switches.scan()`` and ``buttons.poll()`` at ``hz`` (Hz) from a timer.

    ``interrupted`` is True when a KeyboardInterrupt hit the callback and was
    not yet re-raised by ``check()``."""

    def __init__(self, switches, buttons, hz):
        self.switches = switches
        self.buttons = buttons
        self.hz = hz
        self.timer = None
        self.interrupted = False
        self._cb = self._tick  # bound once: no allocation per timer tick

    def _tick(self, _timer):
        try:
            self.switches.scan()
            if self.buttons is not None:
                self.buttons.poll()
        except KeyboardInterrupt:
            self.interrupted = True

    def check(self):
        """Raise the KeyboardInterrupt a timer callback caught (once); else nothing."""
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt

    def start(self):
        """Start the timer; the drivers switch to returning the latest scan."""
        self.switches.scan()
        self.switches.auto = True
        if self.buttons is not None:
            self.buttons.auto = True
        self.timer = machine.Timer(-1, freq=self.hz, mode=machine.Timer.PERIODIC, callback=self._cb)

    def stop(self):
        """Stop the timer; ``read()`` scans on demand again."""
        if self.timer is not None:
            self.timer.deinit()
            self.timer = None
        self.switches.auto = False
        if self.buttons is not None:
            self.buttons.auto = False
