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
TEACH_MS = 16        # the teacher's search per pass while a human thinks (teach/quality.py)


class _NoWatchdog:
    def feed(self):
        pass


class MainLoop:
    """One board: drivers in (module doc), the game session inside.

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
        self.teacher = None      # teach/quality.py's Quality while learning mode is on
        self.puzzles = None      # teach/puzzle.py's Puzzles while puzzle mode is on
        self._kept_store = None  # ... the saved game's store, kept out of the puzzles' way
        self.overlay = None      # a frame shown instead of the game's (main.py: chain fault)
        self.protocol = Protocol(self, link) if link is not None else None
        if s.get("puzzle"):
            self.set_puzzle(s["puzzle"])
        self.bootlog = None      # main.py's hw.bootlog.BootLog: reset causes for selftest
        self.boot_info = {}      # main.py: reset_cause, boots, crash_streak for hello

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
        if self.puzzles is not None:
            self._puzzle_step(now, pressed)
        else:
            self._teach()
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

    # ---- teaching (teach/): learning mode's move quality ------------------------
    def _teach(self):
        """Learning mode on: the move quality judges the human's moves in this pass's
        slice (its code is imported while learning mode is on, and dropped after)."""
        c = self.controller
        t = self.teacher
        if not c.learning or (t is not None and c.result is not None):
            if t is not None:       # learning mode off, or the game over: its heap back
                self.teacher = None
                c.teacher = None
                c._serial += 1
                import sys
                for name in ("teach.quality", "teach.judge", "engine.judge"):
                    sys.modules.pop(name, None)
            return
        if t is None:
            if not c.human_to_move():
                return              # imported only once there is a move to judge
            if _MICRO:
                gc.collect()        # its code and blocks find room in a tidy heap
            from teach.quality import Quality
            # the computer opponent's board blocks, idle while a human is to move
            t = self.teacher = Quality(getattr(self.engine, "blocks", None))
            c.teacher = t
        t.step(c, TEACH_MS)

    # ---- teaching (teach/): puzzles -----------------------------------------------
    def set_puzzle(self, level):
        """Puzzle mode at difficulty ``level`` (1..3; 0: off, back to the saved game).
        ValueError when the board has no puzzles of that level."""
        c = self.controller
        if not level:
            if self.puzzles is not None:
                self.puzzles = None
                c.teacher = None
                c.store = self._kept_store
                self._kept_store = None
                import sys
                sys.modules.pop("teach.puzzle", None)
                c.reload(self.players)
            return
        from teach.puzzle import Puzzles
        p = Puzzles(level, self.settings.get("tried", 0), self.settings.get("solved", 0))
        if self.puzzles is None:
            self._kept_store = c.store
            c.store = None              # the saved game stays as it was
        self.teacher = None             # no move quality: it would give the answer away
        self.puzzles = p
        c.teacher = p
        p.begin(c, self.clock.ticks_ms())

    def _puzzle_step(self, now, pressed):
        p = self.puzzles
        if p.step(self.controller, now, pressed) == "leave":
            values = dict(self.settings)
            values["puzzle"] = 0
            self.save_settings(values)
            return
        if p.changed:
            p.changed = False
            values = dict(self.settings)
            values["solved"] = p.solved
            values["tried"] = p.tried
            self.settings = values
            settings_mod.save(self.settings_store, values)

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
        old = self.settings.get("puzzle", 0)
        self.settings = dict(values)
        for k in ("brightness", "puzzle", "solved", "tried"):
            if k not in self.settings:
                self.settings[k] = settings_mod.defaults()[k] if k != "puzzle" else old
        self.controller.set_learning(values["learning"])
        self.set_level(values["level"])
        err = settings_mod.save(self.settings_store, self.settings)
        if self.settings["puzzle"] != old or (self.settings["puzzle"] and self.puzzles is None):
            self.set_puzzle(self.settings["puzzle"])
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
