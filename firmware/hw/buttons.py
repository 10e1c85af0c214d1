"""The board's push buttons (``board_config.BUTTON_PINS``), debounced by time.

Each button goes from its GPIO to GND with the internal pull-up
(``BUTTON_ACTIVE_LOW``). ``poll()`` samples all buttons once (the Scanner
calls it at 250 Hz); a button changes state once its pin has read the new
level for ``BUTTON_DEBOUNCE_MS`` (30 ms) by the clock (``time.ticks_ms``),
however many samples that took: while the engine thinks the timer's samples
come late and then back to back (MicroPython runs soft-timer callbacks only
between bytecodes), and a count of samples would then be a shorter time. The
time runs from the first sample that saw the new level, so a press counts at
least 30 ms after it began. A press is reported once, when it becomes stable;
``held_ms(name)`` tells how long a button has been held by the clock (for long
presses such as the settings menu). Presses wait in a ring of ``MAX_QUEUE``
(a press beyond it is dropped); polling allocates nothing.

The clock is read only while it matters: when a sample sees a level change,
and while a button's level differs from its debounced state (the 30 ms a
press or release takes to count); a sample of buttons that rest reads only
the pins. ``read()`` with no press waiting and ``held_ms`` of a released
button read no clock either, and every method's frame fits MicroPython's C
stack (no heap frame per call: docs/pico.md, "Timing").
"""
import machine
from morris.compat import ticks_ms, ticks_diff

MAX_QUEUE = 16  # presses kept between reads; later ones are dropped
_NONE = ()      # read() with no press


class Buttons:
    """Button events: ``read()`` -> list of names ("new", "undo", "hint", "ok") pressed
    since the last read, oldest first.

    ``config`` is ``board_config`` (``BUTTON_PINS``, ``BUTTON_ACTIVE_LOW``,
    ``BUTTON_DEBOUNCE_MS``); ``clock`` gives ``ticks_ms()`` (default
    ``time.ticks_ms``; tests hand in a fake). Until a Scanner drives ``poll()``
    (``auto = False``), ``read()`` polls once itself.
    """

    def __init__(self, config, clock=None):
        self.names = tuple(sorted(config.BUTTON_PINS))
        Pin = machine.Pin
        self.pins = [Pin(config.BUTTON_PINS[n], Pin.IN, Pin.PULL_UP) for n in self.names]
        self.active = 0 if config.BUTTON_ACTIVE_LOW else 1
        self.debounce_ms = config.BUTTON_DEBOUNCE_MS
        self.ticks = clock.ticks_ms if clock is not None else ticks_ms
        n = len(self.names)
        now = self.ticks()
        self.index = {}              # name -> its index in names, pins and the lists below
        for i in range(n):
            self.index[self.names[i]] = i
        self.down = [False] * n
        self.raw = [False] * n       # the level of the latest sample
        self.since = [now] * n       # when the latest sample's level was first seen
        self.moving = 0              # bit i: button i's level differs from its debounced state
        self.ring = [0] * MAX_QUEUE  # indices of presses not yet read
        self.head = 0
        self.count = 0
        self.auto = False

    def poll(self):
        """Sample every button once (allocates nothing; the clock is read only at a
        level change and while a change waits to count: module doc)."""
        raw = self.raw
        for i in range(len(raw)):
            if (self.pins[i].value() == self.active) != raw[i]:
                raw[i] = not raw[i]
                self._edge(i)
        if self.moving:
            self._settle()

    def _edge(self, i):
        # button i's level changed: its time runs from now; it moves while the new
        # level differs from its debounced state (a bounce back ends the move)
        self.since[i] = self.ticks()
        if self.raw[i] != self.down[i]:
            self.moving |= 1 << i
        else:
            self.moving &= ~(1 << i)

    def _settle(self):
        # the moving buttons whose level has held debounce_ms by the clock change state
        now = self.ticks()
        for i in range(len(self.raw)):
            if self.moving >> i & 1 and ticks_diff(now, self.since[i]) >= self.debounce_ms:
                self.moving &= ~(1 << i)
                self.down[i] = self.raw[i]
                if self.raw[i]:
                    self._press(i)

    def _press(self, i):
        # a press of button i waits in the ring (dropped when the ring is full)
        if self.count < MAX_QUEUE:
            self.ring[(self.head + self.count) % MAX_QUEUE] = i
            self.count += 1

    def read(self):
        """Names pressed since the last read, oldest first (a new list; an empty tuple
        when there was none)."""
        if not self.auto:
            self.poll()
        if not self.count:
            return _NONE          # no press: nothing allocated
        return self._take()

    def _take(self):
        # the waiting presses as a new list, oldest first; the ring emptied
        n = self.count
        out = []                  # a loop, not a comprehension: that would make cells at every call
        for k in range(n):
            out.append(self.names[self.ring[(self.head + k) % MAX_QUEUE]])
        self.head = (self.head + n) % MAX_QUEUE
        self.count -= n
        return out

    def held_ms(self, name):
        """How long (ms, by the clock) ``name`` has been held down now, from the first
        sample that saw it pressed; 0 when released. KeyError for an unknown name."""
        i = self.index[name]
        if not self.down[i]:
            return 0
        return ticks_diff(self.ticks(), self.since[i])
