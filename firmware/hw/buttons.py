"""The board's push buttons (``board_config.BUTTON_PINS``), debounced by sample count.

Each button goes from its GPIO to GND with the internal pull-up
(``BUTTON_ACTIVE_LOW``). ``poll()`` samples all buttons once; a button
changes state only after ``stable`` equal samples in a row (at the 250 Hz
scan rate and ``BUTTON_DEBOUNCE_MS`` = 30 ms that is 8 samples). A press
is reported once, when it becomes stable; ``held_ms(name)`` tells how long a
button has been held (for long presses such as the settings menu).
"""
import machine

MAX_QUEUE = 16  # presses kept between reads; older ones are dropped


class Buttons:
    """Button events: ``read()`` -> list of names ("new", "undo", "hint", "ok") pressed
    since the last read, oldest first.

    ``sample_hz`` is how often ``poll()`` runs (the Scanner's rate); it turns
    ``BUTTON_DEBOUNCE_MS`` into a sample count and samples into ms. Until a
    Scanner drives ``poll()`` (``auto = False``), ``read()`` polls once itself.
    """

    def __init__(self, config, sample_hz=None):
        hz = sample_hz or config.SCAN_HZ
        self.names = tuple(sorted(config.BUTTON_PINS))
        Pin = machine.Pin
        self.pins = [Pin(config.BUTTON_PINS[n], Pin.IN, Pin.PULL_UP) for n in self.names]
        self.active = 0 if config.BUTTON_ACTIVE_LOW else 1
        self.stable = max(1, (config.BUTTON_DEBOUNCE_MS * hz + 999) // 1000)
        self.ms_per_sample = 1000 // hz
        n = len(self.names)
        self.down = [False] * n
        self.count = [0] * n
        self.held = [0] * n
        self.queue = []
        self.auto = False

    def poll(self):
        """Sample every button once (allocation-free but for a new press)."""
        for i in range(len(self.pins)):
            raw = self.pins[i].value() == self.active
            if raw != self.down[i]:
                self.count[i] += 1
                if self.count[i] >= self.stable:
                    self.down[i] = raw
                    self.count[i] = 0
                    self.held[i] = self.stable - 1
                    if raw and len(self.queue) < MAX_QUEUE:
                        self.queue.append(self.names[i])
            else:
                self.count[i] = 0
            if self.down[i]:
                self.held[i] += 1

    def read(self):
        """Names pressed since the last read, oldest first (a new list; an empty tuple
        when there was none)."""
        if not self.auto:
            self.poll()
        out = self.queue
        if not out:
            return ()             # no press: nothing allocated
        self.queue = []
        return out

    def held_ms(self, name):
        """How long (ms) ``name`` has been held down now; 0 when released.
        KeyError for an unknown name."""
        i = self.names.index(name) if name in self.names else -1
        if i < 0:
            raise KeyError(name)
        return self.held[i] * self.ms_per_sample if self.down[i] else 0
