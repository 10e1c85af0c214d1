"""Simulated drivers behind the same small contracts as the Pico drivers (firmware/hw/).

Each class offers the small interface the firmware uses (the contract) and,
separately, the "physical" side a test or the web page drives: a magnet over
a reed switch, a finger on a button, the colours the LEDs actually show.

Contracts (shared with the Pico drivers; checked by tests/driver_contract.py):
- sensors: ``read()`` -> int, bit i set when a stone stands on point i
- lights: ``show(frame)``, frame = 24 (r, g, b) with 0..255 channels
- buttons: ``read()`` -> list of button names pressed since the last read,
  ``held_ms(name)`` -> ms the button has been held now (0: released)
- clock: ``ticks_ms()``, ``ticks_add(t, ms)``, ``ticks_diff(a, b)`` (MicroPython wrap-around)
- store: ``save(data)`` atomic, ``load()`` -> bytes or None, ``clear()``,
  ``scratch()`` -> a store of the same kind for the self-test's round trip
  (optionally the log and ``pieces`` / ``set_aside``: board/controller.py)
- link: ``read_line()`` -> str or None (never blocks), ``write_line(text)``
- watchdog: ``feed()``, ``stop()``
"""
import os
import time

POINTS = 24
FULL = (1 << POINTS) - 1
BUTTON_NAMES = ("new", "undo", "hint", "ok")
TICKS_PERIOD = 1 << 30
_TICKS_MAX = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD // 2


class SimSwitches:
    """24 reed switches; the physical side is ``lift``, ``put`` and ``set``."""

    def __init__(self, occupancy=0):
        self.occupancy = occupancy & FULL

    def read(self):
        """Bitmask of occupied points (bit i = point i)."""
        return self.occupancy

    # physical side
    def put(self, point):
        """A stone (magnet) now stands on ``point``."""
        self.occupancy |= 1 << _point(point)

    def lift(self, point):
        """The stone on ``point`` was lifted."""
        self.occupancy &= ~(1 << _point(point))

    def set(self, mask):
        """Set the whole occupancy at once (as if many stones moved together)."""
        self.occupancy = mask & FULL


class SimLights:
    """24 RGB LEDs; ``colours`` holds what they show now, ``shows`` counts updates."""

    def __init__(self, n=POINTS):
        self.n = n
        self.colours = [(0, 0, 0)] * n
        self.shows = 0

    def show(self, frame):
        """Show ``frame`` (at least ``n`` (r, g, b) colours, channels clamped to 0..255)."""
        out = []
        for i in range(self.n):
            r, g, b = frame[i]
            out.append((_clamp(r), _clamp(g), _clamp(b)))
        self.colours = out
        self.shows += 1


class SimButtons:
    """The board's push buttons; the physical side is ``press(name)`` (a short press),
    ``push(name)`` and ``release(name)`` (a press held until released).

    ``clock`` (a SimClock) times how long a button is held (``held_ms``); without
    one a held button reads as held 0 ms."""

    def __init__(self, clock=None):
        self.clock = clock
        self._pending = []
        self._down = {}            # name -> ticks_ms when pushed

    def read(self):
        """Button names pressed since the last read, oldest first."""
        out = self._pending
        self._pending = []
        return out

    def held_ms(self, name):
        """How long (ms) ``name`` has been held down now; 0 when released.
        KeyError for an unknown name."""
        if name not in BUTTON_NAMES:
            raise KeyError(name)
        t = self._down.get(name)
        if t is None or self.clock is None:
            return 0
        return max(1, self.clock.ticks_diff(self.clock.ticks_ms(), t))

    # physical side
    def press(self, name):
        """Press and release button ``name`` (one of BUTTON_NAMES); ValueError otherwise."""
        self.push(name)
        self.release(name)

    def push(self, name):
        """Push button ``name`` down and keep it down (the press counts now)."""
        if name not in BUTTON_NAMES:
            raise ValueError("no button named %r" % (name,))
        if name not in self._down:
            self._pending.append(name)
            self._down[name] = self.clock.ticks_ms() if self.clock is not None else 0

    def release(self, name):
        """Let button ``name`` go."""
        self._down.pop(name, None)


class SimClock:
    """Milliseconds modulo 2**30 like MicroPython's ticks.

    Real time by default; ``manual=True`` makes a clock that only moves with
    ``advance(ms)`` (for headless runs and tests). ``start`` sets the first
    reading of a manual clock (e.g. close to the wrap-around).
    """

    def __init__(self, manual=False, start=0):
        self.manual = manual
        self._now = start & _TICKS_MAX
        self._origin = time.monotonic()

    def ticks_ms(self):
        """Current time in ms, 0 <= t < 2**30."""
        if self.manual:
            return self._now
        return (self._now + int((time.monotonic() - self._origin) * 1000)) & _TICKS_MAX

    @staticmethod
    def ticks_add(ticks, delta):
        """``ticks + delta`` wrapped into the ticks period."""
        return (ticks + delta) & _TICKS_MAX

    @staticmethod
    def ticks_diff(end, start):
        """Signed ``end - start`` in ms, correct across one wrap-around."""
        return ((end - start + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF

    def advance(self, ms):
        """Move a manual clock on by ``ms`` (a real-time clock gains an offset)."""
        self._now = (self._now + int(ms)) & _TICKS_MAX


class SimWatchdog:
    """The watchdog: ``feed()`` at least every ``timeout_ms`` of ``clock`` time, or
    ``expired()`` turns true (the simulator then resets the board, as the RP2040's
    watchdog would). ``feeds`` counts the feeds."""

    def __init__(self, clock, timeout_ms=5000):
        self.clock = clock
        self.timeout_ms = timeout_ms
        self.feeds = 0
        self.fed_at = clock.ticks_ms()

    def feed(self):
        """Restart the countdown."""
        self.feeds += 1
        self.fed_at = self.clock.ticks_ms()

    def stop(self):
        """Stop counting (the REPL took over after the main loop stopped)."""
        self.timeout_ms = None

    def expired(self):
        """True when the last feed is longer ago than the timeout."""
        if self.timeout_ms is None:
            return False
        return self.clock.ticks_diff(self.clock.ticks_ms(), self.fed_at) > self.timeout_ms


class MemoryStore:
    """The game-record store kept in memory (lost when the process ends)."""

    def __init__(self):
        self._data = None
        self._log = []

    def save(self, data):
        """Replace the stored bytes with ``data``."""
        self._data = bytes(data)

    def log_append(self, data):
        """Append ``data`` (whole lines, bytes) to the log."""
        self._log.extend(bytes(data).splitlines())

    def log_lines(self):
        """The log's lines (bytes), oldest first."""
        return list(self._log)

    def log_clear(self):
        """Forget the log."""
        self._log = []

    def load(self):
        """The stored bytes, or None when nothing was saved."""
        return self._data

    def clear(self):
        """Forget the stored bytes."""
        self._data = None

    def scratch(self):
        """Another store of the same kind, for the self-test's round trip."""
        return MemoryStore()


class _Synced:
    """A file written through to the disk at each flush (the store's commit points)."""

    def __init__(self, f):
        self.f = f

    def write(self, data):
        return self.f.write(data)

    def flush(self):
        self.f.flush()
        os.fsync(self.f.fileno())

    def close(self):
        self.f.close()


def _host_files():
    from hw.store import OsFiles

    class HostFiles(OsFiles):
        """The store's file operations on a PC's disk: written files are synced."""

        def open(self, path, mode):
            f = open(path, mode)
            return _Synced(f) if "w" in mode or "a" in mode else f
    return HostFiles()


class FileStore:
    """The game store on a folder of the PC (``--state-dir``): the firmware's own store
    (firmware/hw/store.py: atomic save, the log of a long game, bounded reads,
    a game set aside), its files synced to the disk. A state file of an earlier
    simulator (the saved game's bytes without the store's header) is read too."""

    def __init__(self, path):
        from hw.store import FileStore as Store
        self.path = os.path.abspath(path)
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self._store = Store(self.path, _host_files())

    def __getattr__(self, name):        # save, log_append, log_lines, log_clear
        return getattr(self._store, name)

    def _raw(self):
        """An earlier simulator's state file: the bytes alone, or None."""
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        return data if data[:1] == b"[" else None

    def load(self):
        """The stored bytes, or None when nothing was saved."""
        data = self._store.load()
        return data if data is not None else self._raw()

    def pieces(self, n=256):
        """The stored bytes in pieces of ``n`` (hw/store.py), or None."""
        p = self._store.pieces(n)
        if p is not None:
            return p
        data = self._raw()
        return None if data is None else iter([data])

    def set_aside(self):
        """Keep a saved game that cannot be resumed under another name (hw/store.py);
        an earlier simulator's file too. The new name, or None."""
        name = self._store.set_aside()
        if name is None and self._raw() is not None:
            name = self.path + ".aside"
            os.replace(self.path, name)
        return name

    def scratch(self):
        """A store of the same kind beside this one, for the self-test's round trip."""
        return FileStore(self.path + ".selftest")

    def clear(self):
        """Remove the files if present."""
        self._store.clear()

class SimLink:
    """A serial line: the firmware side reads and writes whole lines, never blocking.

    The other end (the PC, a test) uses ``feed(text)`` (bytes as they arrive,
    possibly part of a line) and ``take()`` (lines the firmware wrote).
    """

    def __init__(self, max_line=1024):
        self.max_line = max_line
        self._buf = ""
        self._in = []
        self._out = []

    def read_line(self):
        """The next complete line without its end-of-line, or None if none has arrived.

        A line longer than ``max_line`` is cut to that length."""
        if self._in:
            return self._in.pop(0)
        return None

    def write_line(self, text):
        """Send ``text`` as one line."""
        self._out.append(str(text))

    # the other end
    def feed(self, text):
        """Characters arriving from the PC; complete lines become readable."""
        self._buf += text
        while True:
            i = self._buf.find("\n")
            if i < 0:
                break
            line = self._buf[:i].rstrip("\r")
            self._buf = self._buf[i + 1:]
            self._in.append(line[:self.max_line])
        if len(self._buf) > self.max_line:  # a runaway line: keep its start only
            self._buf = self._buf[:self.max_line]

    def take(self):
        """Lines the firmware wrote since the last call, oldest first."""
        out = self._out
        self._out = []
        return out


def _clamp(v):
    v = int(v)
    return 0 if v < 0 else 255 if v > 255 else v


def _point(p):
    p = int(p)
    if not 0 <= p < POINTS:
        raise ValueError("no point %r" % p)
    return p
