"""The board's main loop around ``App``: settings, the settings menu, the USB protocol,
the watchdog. Used by main.py on the Pico and by tests with simulated drivers.

Per pass (``tick``): feed the watchdog; handle waiting protocol lines; then
either the settings menu (buttons edit settings, LEDs show the menu) or one
``App.tick()`` (switches -> controller -> LEDs, an engine slice, events out).
The menu opens when "ok" has been held ``MENU_HOLD_MS`` (2 s) with the board
empty (``buttons.held_ms`` is needed for that; drivers without it have no menu).
Runs unchanged under MicroPython.
"""
import gc

import settings as settings_mod
from app import App
from protocol import Protocol

MENU_HOLD_MS = 2000
GC_EVERY = 4    # passes between garbage collections (a tidy heap fragments less)
_MICRO = hasattr(gc, "mem_free")   # MicroPython (CPython's gc.collect is slow and not needed)
GAME_FILE = "game.rec"
SETTINGS_FILE = "settings.json"


class _Tap:
    """The buttons App reads: presses from the driver plus injected ones (protocol)."""

    def __init__(self, buttons):
        self.buttons = buttons
        self.injected = []

    def read(self):
        out = list(self.buttons.read())
        if self.injected:
            out = self.injected + out
            self.injected = []
        return out


class _NoWatchdog:
    def feed(self):
        pass


class MainLoop:
    """One board: drivers in (see ../shared/DESIGN.md contracts), the game session inside.

    ``store`` keeps the game record, ``settings_store`` the settings (both
    atomic ``save(bytes)`` / ``load()``); ``link`` the USB serial line (or
    None); ``watchdog`` has ``feed()``; ``selftest`` is a callable -> dict for
    the protocol's "selftest" command (None: a check of the drivers at hand);
    ``slice_ms`` is the engine's thinking time per pass (ms); ``settle_ms``
    the switch settle time (ms); ``engine`` an ``engine.Engine`` made
    beforehand (main.py makes it first thing, while the heap is young and
    its tables find contiguous room; None: the App makes one when a computer
    first plays). Settings come from ``settings_store`` (defaults from
    board_config).
    """

    def __init__(self, sensors, lights, buttons, clock, store=None, settings_store=None,
                 link=None, watchdog=None, selftest=None, slice_ms=10, settle_ms=None,
                 engine=None):
        self.sensors = sensors
        self.lights = lights
        self.buttons = buttons
        self.clock = clock
        self.store = store
        self.settings_store = settings_store
        self.watchdog = watchdog if watchdog is not None else _NoWatchdog()
        self._selftest = selftest
        self.slice_ms = slice_ms
        if settle_ms is None:
            try:
                import board_config
                settle_ms = board_config.SETTLE_MS
            except ImportError:  # pragma: no cover
                settle_ms = 80
        self.settle_ms = settle_ms
        self.settings = settings_mod.load(settings_store)
        if _MICRO:
            gc.collect()       # the loader's and the settings' leftovers go before the game's tables
        self.tap = _Tap(buttons)
        self.protocol = Protocol(self, link) if link is not None else None
        self.menu = None
        self.ticks = 0
        self._latched = False   # the menu-opening hold was used; wait for release
        s = self.settings
        self.app = App(sensors, lights, self.tap, clock, store, None, rules=s["rules"],
                       players=s["players"], level=s["level"], slice_ms=slice_ms,
                       learning=s["learning"], settle_ms=settle_ms, listener=self._event)
        if engine is not None:
            if getattr(engine, "level", None) != self.app.level:
                engine.set_level(self.app.level)     # allocates: only when it changes
            self.app.engine = engine

    # ---- the loop ----------------------------------------------------------
    def tick(self):
        """One pass of the main loop (see module doc)."""
        self.watchdog.feed()
        self.ticks += 1
        if self.protocol is not None:
            self.protocol.poll()
        if self.menu is not None:
            for b in self.tap.read():
                self._menu_press(b)
            if self.menu is not None:
                self.lights.show(self.menu.frame())
            return
        self.app.tick()
        self._check_hold()
        if self.ticks % GC_EVERY == 0 and _MICRO:
            gc.collect()

    def run(self, ticks=None):
        """Run ``tick`` forever (or ``ticks`` times)."""
        n = 0
        while ticks is None or n < ticks:
            self.tick()
            n += 1

    # ---- settings and the menu ---------------------------------------------------
    def _check_hold(self):
        held = getattr(self.buttons, "held_ms", None)
        if held is None:
            return
        h = held("ok")
        if h == 0:
            self._latched = False
        elif (h >= MENU_HOLD_MS and not self._latched
              and self.app.controller.settled == 0 and self.sensors.read() == 0):
            self._latched = True
            self.open_menu()

    def open_menu(self):
        """Open the settings menu (the game pauses)."""
        from menu import Menu   # imported when first used: RAM
        self.menu = Menu(self.settings)
        self._send({"type": "menu", "open": True})

    def _menu_press(self, b):
        menu = self.menu
        if menu is None:
            return
        what = menu.press(b)
        if what is None:
            return
        values = menu.values
        self.menu = None
        self._send({"type": "menu", "open": False, "saved": what == "save"})
        if what == "save":
            self.new_game(values)

    def new_game(self, values):
        """Save ``values`` (a checked settings dict) as the settings and start a new game
        with them; True when it started at once (empty board), False when it waits
        for the board to be cleared."""
        self.save_settings(values)
        app = self.app
        started = app.controller.settled == 0
        app.controller.learning = values["learning"]
        app.new_game(rules=values["rules"], players=values["players"], level=values["level"])
        return started

    def save_settings(self, values):
        """Keep ``values`` as the settings and store them; None or the store's error text."""
        self.settings = dict(values)
        return settings_mod.save(self.settings_store, self.settings)

    def press(self, name):
        """A button press from elsewhere (the protocol), handled on the next pass."""
        self.tap.injected.append(name)

    def selftest(self):
        """Driver checks for the protocol's "selftest" command (dict with "ok")."""
        if self._selftest is not None:
            return self._selftest()
        out = {"ok": True, "occupancy": self.sensors.read()}
        try:
            import gc
            gc.collect()
            out["mem_free"] = gc.mem_free()  # type: ignore[attr-defined]
        except (ImportError, AttributeError):
            pass
        return out

    # ---- events -----------------------------------------------------------------
    def _event(self, ev):
        if self.protocol is not None:
            self.protocol.event(ev)

    def _send(self, obj):
        if self.protocol is not None:
            self.protocol.send(obj)
