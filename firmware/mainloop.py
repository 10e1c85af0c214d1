"""The board's main loop, shared by the Pico (``main.py``) and the host simulator.

``MainLoop`` owns one game session and everything around it: the settings
(``settings.py``), the button-and-LED settings menu (``menu.py``), the USB
protocol (``protocol.py``, docs/protocol.md) and the watchdog. The drivers
come in from outside (the Pico's ``hw/`` package, or the simulator's
``host_sim/drivers.py``); their contracts (tests/driver_contract.py):

- ``sensors.read()`` -> int, bit i set when a stone stands on point i;
- ``lights.show(frame)``, frame = 24 (r, g, b) tuples indexed by point;
- ``buttons.read()`` -> names ("new", "undo", "hint", "ok") pressed since the
  last read; ``buttons.held_ms(name)`` -> ms held now (drivers without it
  have no menu);
- ``clock.ticks_ms()`` / ``clock.ticks_diff(a, b)`` (MicroPython semantics);
- ``store`` / ``settings_store``: atomic ``save(bytes)`` / ``load()``;
- ``link.read_line()`` -> str or None (never blocks), ``link.write_line(text)``;
- ``watchdog.feed()``.

One pass (``tick``): feed the watchdog; handle waiting protocol lines; then
either the settings menu (buttons edit the settings, the LEDs show the menu)
or one game step: switches and buttons -> controller -> LED frame, a slice of
the engine's thinking (``slice_ms``) when the computer is to move,
controller events out over the link; ``overlay``, when set (main.py: a chain
fault), is shown instead of the game's frame. The menu opens when "ok" has
been held ``MENU_HOLD_MS`` (2 s) with the board empty. On MicroPython the
heap is collected by ``gc.threshold`` (after a 24th of the free heap is
allocated, at least ``GC_THRESHOLD`` bytes) rather than every few passes.
Pacing, the link's queued writes and the LED brightness are main.py's
(the Pico's) part of a pass. Runs unchanged under MicroPython.
"""
import gc

import settings as settings_mod
from protocol import Protocol

MENU_HOLD_MS = 2000
GC_THRESHOLD = 2048  # least bytes allocated between collections (gc.threshold: free heap / 24)
_MICRO = hasattr(gc, "mem_free")   # MicroPython (CPython's gc.collect is slow and not needed)
GAME_FILE = "game.rec"
SETTINGS_FILE = "settings.json"
COMPUTER = "computer"


class _NoWatchdog:
    def feed(self):
        pass


class MainLoop:
    """One board: drivers in (module doc), the game session inside.

    ``teacher`` (teach/quality.py's move quality while learning mode is on) and
    ``puzzles`` (teach/puzzle.py's session while puzzle mode is on) are None, as
    class defaults (no room in the instance's dict until used: teach/ sets them).

    ``store`` keeps the game record, ``settings_store`` the settings;
    ``link`` is the USB serial line (or None: no protocol); ``watchdog`` has
    ``feed()`` (None: nothing to feed); ``slice_ms`` is the engine's thinking time per pass (ms);
    ``settle_ms`` the switch settle time (ms, default
    ``board_config.SETTLE_MS``); ``engine`` an ``engine.Engine`` made
    beforehand (main.py makes it first thing, while the heap is young and
    its tables find contiguous room; None: one is made when a computer
    first has to move). Rules, players, engine level and learning mode come
    from the settings (defaults from board_config). Attributes the protocol
    and tests read: ``controller``, ``players`` (white, black), ``level``,
    ``settings``, ``menu`` (the open ``menu.Menu`` or None), ``frame``.
    """

    def __init__(self, sensors, lights, buttons, clock, store=None, settings_store=None,
                 link=None, watchdog=None, slice_ms=10, settle_ms=None,
                 engine=None):
        self.sensors = sensors
        self.lights = lights
        self.buttons = buttons
        self.clock = clock
        self.store = store
        self.settings_store = settings_store
        self.watchdog = watchdog if watchdog is not None else _NoWatchdog()
        self.slice_ms = slice_ms
        if settle_ms is None:
            try:
                import board_config
                settle_ms = board_config.SETTLE_MS
            except ImportError:  # pragma: no cover
                settle_ms = 80
        self.settings = settings_mod.load(settings_store)
        if _MICRO:
            gc.collect()       # the loader's and the settings' leftovers go before the game's tables
            # a collection after free/24 bytes allocated (the Pico: ~6 KB, ~130 idle passes);
            # a tighter heap collects sooner and stays tidier
            gc.threshold(max(GC_THRESHOLD, gc.mem_free() // 24))  # type: ignore[attr-defined]
        s = self.settings
        self.players = tuple(s["players"])
        self.level = s["level"]
        self.engine = engine     # made on first need: no engine memory in human games
        if engine is not None and getattr(engine, "level", None) != self.level:
            engine.set_level(self.level)     # allocates: only when it changes
        self._search = None      # key of the position the engine is searching
        self._pressed = []       # presses handed in over the link, for the next game step
        self.frame = None
        self.menu = None
        self.ticks = 0
        self._latched = False    # the menu-opening hold was used; wait for release
        from board.controller import Controller
        from morris import Rules
        # an LED driver with a budget caps the current of what it really sends
        # (after gamma and brightness); the controller then leaves colours alone
        budget = -1 if getattr(lights, "budget", None) is not None else None
        self.controller = Controller(rules=Rules.parse(s["rules"]), players=self.players,
                                     settle_ms=settle_ms, store=store, learning=s["learning"],
                                     now_ms=clock.ticks_ms(), budget_ma=budget)
        self.overlay = None      # a frame shown instead of the game's (main.py: chain fault)
        self.protocol = Protocol(self, link) if link is not None else None
        if s["puzzle"]:
            import teach
            teach.set_puzzle(self, s["puzzle"])
        self.bootlog = None      # main.py's hw.bootlog.BootLog: reset causes for selftest
        self.boot_info = {}      # main.py: reset_cause, boots, crash_streak for hello

    teacher = None
    puzzles = None

    # ---- the loop ----------------------------------------------------------
    def tick(self):
        """One pass of the main loop (see module doc)."""
        self.watchdog.feed()
        self.ticks += 1
        if self.protocol is not None:
            self.protocol.poll()
        pressed = self.buttons.read()
        if self._pressed:
            pressed = self._pressed + list(pressed)
            self._pressed = []
        if self.menu is not None:
            for b in pressed:
                self._menu_press(b)
            if self.menu is not None:
                self.lights.show(self.menu.frame())
            return
        now = self.clock.ticks_ms()
        # in puzzle mode the buttons are the puzzles' (OK next, Hint answer, New leave)
        self.frame = self.controller.step(now, self.sensors.read(),
                                          pressed if self.puzzles is None else ())
        self.lights.show(self.frame if self.overlay is None else self.overlay)
        self._think()
        c = self.controller
        if self.puzzles is not None or self.teacher is not None or (c.learning and c.result is None):
            import teach
            teach.step(self, now, pressed)
        self._forward()
        self._check_hold()

    # ---- the computer opponent -------------------------------------------
    def thinking(self):
        """True while the engine searches the computer's move."""
        return self._search is not None

    def _think(self):
        c = self.controller
        pos = c.position
        if not c.awaiting_remote() or self.players[pos.turn] != COMPUTER:
            self._search = None
            return
        key = (id(pos), pos.zkey, pos.turn, pos.ncp)   # a new game, undo or move changes it
        if self._search != key:
            if self.engine is None:
                from engine import Engine
                self.engine = Engine(level=self.level)
            self.engine.start(pos)   # the engine searches a private copy
            self._search = key
        m = self.engine.step(self.slice_ms)
        if m is None:
            return
        self._search = None
        if m in pos.legal_moves:
            c.remote_move(m)

    # ---- settings, new games and the menu ----------------------------------------
    def _check_hold(self):
        held = getattr(self.buttons, "held_ms", None)
        if held is None:
            return
        h = held("ok")
        if h == 0:
            self._latched = False
        elif (h >= MENU_HOLD_MS and not self._latched
              and self.controller.settled == 0 and self.sensors.read() == 0):
            self._latched = True
            self.open_menu()

    def open_menu(self):
        """Open the settings menu (the game pauses)."""
        from menu import Menu   # imported when first used: RAM
        from version import VERSION
        self.menu = Menu(self.settings)
        self._send({"type": "menu", "open": True, "firmware": VERSION})

    def _menu_press(self, b):
        menu = self.menu
        if menu is None:       # closed by an earlier press of the same pass
            return
        what = menu.press(b)
        if what is None:
            return
        values = menu.values
        self.menu = None
        self._send({"type": "menu", "open": False, "saved": what == "save"})
        if what == "save" and values.get("puzzle"):
            self.save_settings(values)      # puzzles instead of a new game
        elif what == "save":
            self.new_game(values)

    def new_game(self, values, first=None):
        """Save ``values`` (a checked settings dict) as the settings and start a new game
        with them (``first``: 0/1 or "white"/"black" for rules that draw the first
        player by lot); True when it started at once (empty board), False when
        it waits for the board to be cleared."""
        values = dict(values)
        values["puzzle"] = 0                # a new game ends the puzzles
        self.save_settings(values)
        c = self.controller
        started = c.settled == 0
        self.players = tuple(values["players"])
        self._search = None
        from morris import Rules
        c.new_game(Rules.parse(values["rules"]), players=self.players, first=first)
        self._forward()
        return started

    def save_settings(self, values):
        """Keep ``values`` as the settings and store them; learning mode, the engine
        level, the LED brightness and puzzle mode apply at once, rules and players
        with the next game. Returns None or the store's error text."""
        old = self.settings["puzzle"]
        s = settings_mod.defaults()
        s["puzzle"] = old
        s.update(values)
        self.settings = s
        self.controller.set_learning(values["learning"])
        self.set_level(values["level"])
        err = settings_mod.save(self.settings_store, s)
        if s["puzzle"] != old or (old and self.puzzles is None):
            import teach            # puzzle mode on or off (teach/__init__.py)
            teach.set_puzzle(self, s["puzzle"])
        return err


    def set_level(self, level):
        """Play at engine ``level`` from now on (a search under way starts again)."""
        if level != self.level:
            if self.engine is not None:
                self.engine.set_level(level)   # keeps its tables: no new allocation
            self.level = level
            self._search = None

    def press(self, name):
        """A button press from elsewhere (the protocol), handled in the next game step."""
        self._pressed.append(name)

    def selftest(self):
        """The protocol's "selftest": ``selftest.check`` of these drivers (dict with "ok")."""
        import sys
        import selftest   # imported when asked and dropped again: RAM
        try:
            return selftest.check(self.sensors, self.lights, self.store, bootlog=self.bootlog)
        finally:
            sys.modules.pop("selftest", None)

    # ---- events -----------------------------------------------------------------
    def _forward(self):
        events = self.controller.events()
        if self.protocol is not None:
            for ev in events:
                self.protocol.event(ev)

    def _send(self, obj):
        if self.protocol is not None:
            self.protocol.send(obj)
