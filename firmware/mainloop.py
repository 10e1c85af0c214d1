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
heap is collected in an idle pass (the board still) once a 48th of the free
heap was allocated, before ``gc.threshold`` (a 24th, at least ``GC_THRESHOLD``
bytes) collects in a busy pass; idle passes allocate nothing.
Pacing, the link's queued writes and the LED brightness are main.py's
(the Pico's) part of a pass. Runs unchanged under MicroPython.
"""
import gc

import settings as settings_mod
from protocol import Protocol
from deferred import DeferredStore
from stats import PassStats
from morris.compat import ticks_us, ticks_diff

MENU_HOLD_MS = 2000
SAVE_WAIT_MS = 2000  # a save waits for the engine at most this long (then it goes in a thinking pass)
STILL_PASSES = 100   # idle passes that skip the game step in a row (then one full pass: LED refresh)
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
                 engine=None, prepare=False):
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
            # the saved game's load below: a collection per eighth of the free heap (a few in
            # all; at free/24 the full heap was collected a score of times, see below; with
            # none until the heap is full its live objects scatter)
            gc.threshold(max(GC_THRESHOLD, gc.mem_free() // 8))  # type: ignore[attr-defined]
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
        self.saves = DeferredStore(store) if store is not None else None
        self.controller = Controller(rules=Rules.parse(s["rules"]), players=self.players,
                                     settle_ms=settle_ms, store=self.saves, learning=s["learning"],
                                     now_ms=clock.ticks_ms(), budget_ma=budget)
        self.stats = PassStats()
        self._job = None          # a reply built over several passes (selftest): (generator, done)
        self._prep = None         # the engine made ready a step per idle pass (generator)
        self._ready = not prepare  # ... done (code, tables, opening book), or not asked for
        self._calm = False        # the last full pass left nothing to do (no search, save, job)
        self._still = 0           # 1 + idle passes in a row that skipped the game step (0: none may)
        self._held = getattr(buttons, "held_ms", None)   # bound once: no allocation per pass
        if _MICRO:
            # only now the loop's collections. At free/24 before the load, the full heap was
            # collected a score of times while the saved game was parsed (~60 KB of
            # short-lived objects on the Pico): a resume added 1.0-1.2 s whatever the
            # game's length (issue 21)
            gc.collect()
            free = gc.mem_free()  # type: ignore[attr-defined]
            # collections go in idle passes (the board still: nobody waits for the ~13-20 ms
            # a collection takes on the Pico) once free/48 bytes were allocated, before the
            # threshold (free/24, the heap's tidiness at the 192 KB test heap) is reached
            self.stats.gc_step = max(GC_THRESHOLD // 2, free // 48)
            self.stats.gc_low = free - self.stats.gc_step
            gc.threshold(max(GC_THRESHOLD, free // 24))  # type: ignore[attr-defined]
        self.overlay = None      # a frame shown instead of the game's (main.py: chain fault)
        self.protocol = Protocol(self, link) if link is not None else None
        self.bootlog = None      # main.py's hw.bootlog.BootLog: reset causes for selftest
        self.boot_info = {}      # main.py: reset_cause, boots, crash_streak for hello

    # ---- the loop ----------------------------------------------------------
    def tick(self):
        """One pass of the main loop (see module doc). While the board is still and
        nothing is due (``Controller.still``, no search, save, job or menu), a pass
        feeds the watchdog, polls the link, reads the buttons and the switches, and
        ends (the game is stepped every ``STILL_PASSES``-th such pass)."""
        t0 = ticks_us()
        st = self.stats
        if self.stats.was == 1:
            st.think(self.stats.eng, ticks_diff(t0, self.stats.t0))
        self.stats.t0 = t0
        self.watchdog.feed()
        self.ticks += 1
        n = self._still
        p = self.protocol
        if n and n < STILL_PASSES and self.overlay is None and self.menu is None:
            line = None if p is None else p.link.read_line()
            if line is None:
                pressed = self.buttons.read()
                if not pressed and not self._pressed and self.controller.still(self.sensors.read()):
                    self._still = n + 1      # nothing changed and nothing is due: the game step is skipped
                    self._check_hold()
                    self.stats.what = "idle"
                    if n & 15 == 0 and _MICRO and gc.mem_free() < self.stats.gc_low:  # type: ignore[attr-defined]
                        self._collect()
                    k = 0
                    if self._search is not None:     # the engine's slice: all the pass does
                        k = 1
                        self.stats.what = "thinking"
                        self._slice(self.engine, self.controller)
                        if self.saves is not None and self.saves.ops:
                            self._write()
                    self.stats.was = k
                    st.add(k, ticks_diff(ticks_us(), t0), "idle" if k == 0 else self.stats.what)
                    return
                self._full(pressed, False)
                return
            if p is not None:
                p.handle(line)
                p.poll()
            self._full(self.buttons.read(), True)
            return
        busy = p is not None and p.poll()
        self._full(self.buttons.read(), busy)

    def _full(self, pressed, busy):
        # the pass with the game step (module doc)
        t0 = self.stats.t0
        self.stats.what = "idle"
        self.stats.eng = -1
        if self._job is not None:
            self._run_job()
            busy = True
        if self._pressed:
            pressed = self._pressed + list(pressed)
            self._pressed = []
        occ = self.sensors.read()
        if self.menu is not None:
            for b in pressed:
                self._menu_press(b)
            if self.menu is not None:
                self.lights.show(self.menu.frame())
            self._still = 0
        else:
            self.frame = self.controller.step(self.clock.ticks_ms(), occ, pressed)
            self.lights.show(self.frame if self.overlay is None else self.overlay)
            self._think()
            self._forward()
            self._check_hold()
            self._write()
            self._calm = (self._search is None and self._prep is None and self._job is None
                          and (self.saves is None or not self.saves.ops)
                          and (self._ready or COMPUTER not in self.players))
            quiet = self._calm or (self._search is not None and self._job is None)
            self._still = 1 if not busy and not pressed and quiet else 0
        k = 0 if self.stats.eng < 0 else 1
        self.stats.was = k
        self.stats.add(k, ticks_diff(ticks_us(), t0), self.stats.what)

    def _collect(self):
        # a collection in an idle pass (see __init__)
        t = ticks_us()
        gc.collect()
        self.stats.gc_last = ticks_diff(ticks_us(), t)
        self.stats.gc_low = gc.mem_free() - self.stats.gc_step  # type: ignore[attr-defined]
        self.stats.what = "gc"

    def _write(self):
        # the saved game's waiting writes, out of the pass that completed the move
        q = self.saves
        if q is None or not q.ops:
            return
        if q.mark < 0:
            q.mark = self.ticks
            q.since = self.clock.ticks_ms()
            return
        if self._search is not None and self.clock.ticks_diff(self.clock.ticks_ms(), q.since) < SAVE_WAIT_MS:
            return
        t = ticks_us()
        q.flush()
        us = self.stats.save_last = ticks_diff(ticks_us(), t)
        st = self.stats
        st.saves += 1
        if us > st.save_max:
            st.save_max = us
        self.stats.what = "save"
        self.controller.store_error = q.error

    def _run_job(self):
        job = self._job
        if job is None:
            return
        gen, done = job
        self.stats.what = "job"
        try:
            next(gen)
        except StopIteration:
            self._job = None
            done(None)
        except Exception as e:  # noqa: BLE001  a fault below: an error reply, the loop goes on
            self._job = None
            done(e)

    # ---- the computer opponent -------------------------------------------
    def thinking(self):
        """True while the engine searches the computer's move."""
        return self._search is not None

    def thought(self):
        """True when the last pass ran a slice of the engine's thinking."""
        return self.stats.was == 1

    def _think(self):
        c = self.controller
        pos = c.position
        if not c.awaiting_remote() or self.players[pos.turn] != COMPUTER:
            self._search = None
            if not self._ready and COMPUTER in self.players:
                self._prepare()
            return
        key = (id(pos), pos.zkey, pos.turn, pos.ncp)   # a new game, undo or move changes it
        eng = self.engine
        if self._search != key:
            if eng is None or not self._ready:
                while self._prepare():     # a computer to move before the engine was ready
                    pass
                eng = self.engine
            self.stats.search_at = self.clock.ticks_ms()
            eng.start(pos)   # the engine searches a private copy
            self._search = key
        self.stats.what = "thinking"
        self._slice(eng, c)

    def _slice(self, eng, c):
        # one slice of the engine's thinking; its move handed to the controller when done
        t = ticks_us()
        m = eng.step(self.slice_ms)
        self.stats.eng = ticks_diff(ticks_us(), t)
        if m is None:
            return
        self._search = None
        self._searched(eng)
        if m in c.position.legal_moves:
            c.remote_move(m)

    def _searched(self, eng):
        st = self.stats
        st.searches += 1
        ms = self.clock.ticks_diff(self.clock.ticks_ms(), self.stats.search_at)
        if eng.from_book:
            how = "book"
        elif eng.nodes >= eng.node_cap:
            how = "node cap"
        elif ms >= eng.ms:
            how = "deadline"
        else:
            how = "depth"
        st.search = {"level": eng.level, "nodes": eng.nodes, "depth": eng.depth, "ms": ms,
                     "nodes_per_s": eng.nodes * 1000 // ms if ms > 0 else None, "ended_by": how}

    def _prepare(self):
        """One step of making the engine ready (True while steps remain): one per idle
        pass (firmware/warmup.py); all at once when the computer must move."""
        if self._prep is None:
            from warmup import steps
            self._prep = steps(self)
        self.stats.what = "prepare"
        try:
            next(self._prep)
            return True
        except StopIteration:
            self._prep = None
            self._ready = True
            import sys
            sys.modules.pop("warmup", None)
            return False

    # ---- settings, new games and the menu ----------------------------------------
    def _check_hold(self):
        held = self._held
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
        if what == "save":
            self.new_game(values)

    def new_game(self, values, first=None):
        """Save ``values`` (a checked settings dict) as the settings and start a new game
        with them (``first``: 0/1 or "white"/"black" for rules that draw the first
        player by lot); True when it started at once (empty board), False when
        it waits for the board to be cleared."""
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
        level and the LED brightness apply at once, rules and players with the next
        game. Returns None or the store's error text."""
        self.settings = dict(values)
        if "brightness" not in self.settings:
            self.settings["brightness"] = settings_mod.DEFAULT_BRIGHTNESS
        self.controller.set_learning(values["learning"])
        self.set_level(values["level"])
        return settings_mod.save(self.settings_store, self.settings)

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

    def run_job(self, gen, done):
        """Run generator ``gen`` a step per pass (the loop goes on meanwhile: the
        protocol's selftest), then ``done(None)``, or ``done(exception)`` when a step
        raised. False (nothing started) while another job runs."""
        if self._job is not None:
            return False
        self._job = (gen, done)
        return True

    # ---- events -----------------------------------------------------------------
    def _forward(self):
        events = self.controller.events()
        if self.protocol is not None:
            for ev in events:
                self.protocol.event(ev)

    def _send(self, obj):
        if self.protocol is not None:
            self.protocol.send(obj)
