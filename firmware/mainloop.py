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
heap is collected in an idle pass (the board still) once a 24th of the free
heap was allocated (at least ``GC_THRESHOLD`` bytes), with ``gc.threshold`` at
a quarter of it as the backstop; idle passes allocate nothing.
Pacing, the link's queued writes and the LED brightness are main.py's
(the Pico's) part of a pass. Runs unchanged under MicroPython.
"""
import gc

import settings as settings_mod
from protocol import Protocol
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


class DeferredStore:
    """The game store as the controller sees it: its writes (``save``, ``log_append``,
    ``log_clear``) are queued in order and written by ``flush`` -- which the main
    loop calls in a later pass than the one that completed the move, once the
    move's frame is on the LEDs and the engine is not thinking (issue 21: a save
    that erases a littlefs block held the move's pass for 268-379 ms on the
    emulated RP2040). Consecutive saves collapse into the last (each is the whole
    state). Reads (``load``, ``log_lines``) flush first. ``error``: the text of
    the last failed write, or None. Wraps any store of the controller's contract."""

    def __init__(self, store):
        self.store = store
        self.ops = []          # (kind, data): 0 save, 1 log_append, 2 log_clear
        self.mark = -1         # the main-loop pass that queued the first waiting write
        self.since = 0         # ... its time (ms ticks)
        self.error = None
        self.writes = 0
        if hasattr(store, "log_append"):
            self.log_append = self._log_append
            self.log_lines = self._log_lines
            self.log_clear = self._log_clear

    def save(self, data):
        """Queue ``data`` (bytes) as the stored state; TypeError for other data."""
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("store data must be bytes, got %s" % type(data).__name__)
        ops = self.ops
        if ops and ops[-1][0] == 0:
            ops[-1] = (0, data)
        else:
            ops.append((0, data))

    def _log_append(self, data):
        self.ops.append((1, data))

    def _log_clear(self):
        self.ops.append((2, None))

    def _log_lines(self):
        self.flush()
        return self.store.log_lines()

    def load(self):
        """The stored bytes (waiting writes first)."""
        self.flush()
        return self.store.load()

    def clear(self):
        """Forget waiting writes and the stored bytes."""
        self.ops = []
        self.store.clear()

    def scratch(self):
        """The wrapped store's scratch store (the self-test's round trip)."""
        return self.store.scratch()

    def flush(self):
        """Write what waits, in order; a failing write is kept in ``error`` (the game
        goes on: the controller's rule for a failing store)."""
        ops = self.ops
        if not ops:
            return
        self.ops = []
        self.mark = -1
        st = self.store
        for kind, data in ops:
            try:
                if kind == 0:
                    st.save(data)
                    self.error = None
                elif kind == 1:
                    st.log_append(data)
                else:
                    st.log_clear()
                self.writes += 1
            except Exception as e:  # noqa: BLE001  a failing store must not stop the game
                self.error = str(e)


class PassStats:
    """Pass-time and engine-share figures of the running main loop, for the protocol's
    "stats" (docs/protocol.md) -- measured on the board itself (us of
    ``ticks_us``), so that a Pico names the part that is slow. Kept in small ints
    (sums halve with their counts before they could reach 2**28)."""

    def __init__(self):
        self.reset()

    def reset(self):
        """Start counting afresh."""
        self.n = [0, 0]          # passes: idle, thinking
        self.us = [0, 0]         # their time in MainLoop.tick
        self.max = [0, 0]
        self.engine_us = 0       # time in Engine.step
        self.wall_us = 0         # time from a thinking pass's start to the next pass's start
        self.longest = 0
        self.longest_what = ""
        self.saves = 0
        self.save_max = 0
        self.searches = 0
        self.search = None       # the last search: dict

    def add(self, k, us, what):
        """A pass of kind ``k`` (0 idle, 1 thinking) took ``us``; ``what`` it did."""
        n = self.n
        t = self.us
        if t[k] > 1 << 28:
            t[k] >>= 1
            n[k] >>= 1
        n[k] += 1
        t[k] += us
        if us > self.max[k]:
            self.max[k] = us
        if us > self.longest:
            self.longest = us
            self.longest_what = what

    def think(self, engine_us, wall_us):
        """One thinking pass's engine slice and its period (us)."""
        if self.wall_us > 1 << 28:
            self.wall_us >>= 1
            self.engine_us >>= 1
        self.engine_us += engine_us
        self.wall_us += wall_us

    def report(self):
        """The figures as a dict (allocates: for the protocol only)."""
        n, us, mx = self.n, self.us, self.max
        out = {"idle_passes": n[0], "idle_mean_us": us[0] // n[0] if n[0] else 0,
               "idle_max_us": mx[0], "thinking_passes": n[1],
               "thinking_mean_us": us[1] // n[1] if n[1] else 0, "thinking_max_us": mx[1],
               "engine_share": self.engine_us * 100 // self.wall_us if self.wall_us else None,
               "longest_pass_us": self.longest, "longest_pass": self.longest_what,
               "saves": self.saves, "save_max_us": self.save_max, "searches": self.searches,
               "last_search": self.search}
        return out


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
            gc.threshold(-1)   # the saved game's load below runs without threshold collections
        s = self.settings
        self.players = tuple(s["players"])
        self.level = s["level"]
        self.engine = engine     # made on first need: no engine memory in human games
        if engine is not None and getattr(engine, "level", None) != self.level:
            engine.set_level(self.level)     # allocates: only when it changes
        self._search = None      # key of the position the engine is searching
        self._engine_us = -1     # the engine's time in this pass (us), -1: it did not think
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
        self._t0 = ticks_us()     # the start of the last pass
        self._was = -1            # ... its kind: -1 none yet, 0 idle, 1 thinking
        self._what = ""           # what the pass did (for the longest pass)
        self._job = None          # a reply built over several passes (selftest): (generator, done)
        self._prep = None         # the engine made ready a step per idle pass (generator)
        self._ready = False       # ... done: code, tables and opening book
        self._search_at = 0       # when the current search started (ms ticks)
        self._calm = False        # the last full pass left nothing to do (no search, save, job)
        self._still = 0           # 1 + idle passes in a row that skipped the game step (0: none may)
        self._held = getattr(buttons, "held_ms", None)   # bound once: no allocation per pass
        self.save_us = 0          # the store's time of the last save (us)
        if _MICRO:
            # only now a collection after free/24 bytes allocated (the Pico: ~4-6 KB). Set
            # before the load, it collected the full heap a score of times while the saved
            # game was parsed (~70 KB of short-lived objects on the Pico): a resume added
            # 1.0-1.2 s whatever the game's length (issue 21)
            gc.collect()
            free = gc.mem_free()  # type: ignore[attr-defined]
            # collections go in idle passes (the board still: nobody waits for the ~20 ms
            # a collection takes on the Pico) once free/24 bytes were allocated; the
            # threshold, at free/4, is only the backstop for a long busy stretch
            self._gc_step = max(GC_THRESHOLD, free // 24)
            self._gc_low = free - self._gc_step
            gc.threshold(max(GC_THRESHOLD, free // 4))  # type: ignore[attr-defined]
        self.gc_us = 0            # the last idle-pass collection's time (us)
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
        if self._was == 1:
            st.think(self._engine_us, ticks_diff(t0, self._t0))
        self._t0 = t0
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
                    self._what = "idle"
                    if n & 15 == 0 and _MICRO and gc.mem_free() < self._gc_low:  # type: ignore[attr-defined]
                        self._collect()
                    k = 0
                    if self._search is not None:     # the engine's slice: all the pass does
                        k = 1
                        self._what = "thinking"
                        self._slice(self.engine, self.controller)
                        if self.saves is not None and self.saves.ops:
                            self._write()
                    self._was = k
                    st.add(k, ticks_diff(ticks_us(), t0), "idle" if k == 0 else self._what)
                    return
                self._full(pressed, False)
                return
            p.handle(line)
            p.poll()
            self._full(self.buttons.read(), True)
            return
        busy = p is not None and p.poll()
        self._full(self.buttons.read(), busy)

    def _full(self, pressed, busy):
        # the pass with the game step (module doc)
        t0 = self._t0
        self._what = "idle"
        self._engine_us = -1
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
        k = 0 if self._engine_us < 0 else 1
        self._was = k
        self.stats.add(k, ticks_diff(ticks_us(), t0), self._what)

    def _collect(self):
        # a collection in an idle pass (see __init__)
        t = ticks_us()
        gc.collect()
        self.gc_us = ticks_diff(ticks_us(), t)
        self._gc_low = gc.mem_free() - self._gc_step  # type: ignore[attr-defined]
        self._what = "gc"

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
        us = self.save_us = ticks_diff(ticks_us(), t)
        st = self.stats
        st.saves += 1
        if us > st.save_max:
            st.save_max = us
        self._what = "save"
        self.controller.store_error = q.error

    def _run_job(self):
        gen, done = self._job
        self._what = "job"
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
        return self._was == 1

    def _think(self):
        c = self.controller
        pos = c.position
        if not c.awaiting_remote() or self.players[pos.turn] != COMPUTER:
            self._search = None
            if COMPUTER in self.players and not self._ready:
                self._prepare()
            return
        key = (id(pos), pos.zkey, pos.turn, pos.ncp)   # a new game, undo or move changes it
        eng = self.engine
        if self._search != key:
            if not self._ready:
                while self._prepare():     # a computer to move before the engine was ready
                    pass
                eng = self.engine
            self._search_at = self.clock.ticks_ms()
            eng.start(pos)   # the engine searches a private copy
            self._search = key
        self._what = "thinking"
        self._slice(eng, c)

    def _slice(self, eng, c):
        # one slice of the engine's thinking; its move handed to the controller when done
        t = ticks_us()
        m = eng.step(self.slice_ms)
        self._engine_us = ticks_diff(ticks_us(), t)
        if m is None:
            return
        self._search = None
        self._searched(eng)
        if m in c.position.legal_moves:
            c.remote_move(m)

    def _searched(self, eng):
        st = self.stats
        st.searches += 1
        ms = self.clock.ticks_diff(self.clock.ticks_ms(), self._search_at)
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
        pass, so a human plays from power-up while the engine's code, tables and
        opening book are loaded (issue 21); all at once when the computer must move."""
        if self._prep is None:
            self._prep = self._prep_steps()
        self._what = "prepare"
        try:
            next(self._prep)
            return True
        except StopIteration:
            self._prep = None
            return False

    def _prep_steps(self):
        if self.engine is None:
            from engine import Engine
            yield
            self.engine = Engine(level=self.level)
            yield
        self.engine.reserve()
        yield
        if self.engine.use_book:
            from engine import book
            for _ in book.open_steps():
                yield
        self._ready = True

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

    def selftest(self):
        """The protocol's "selftest": ``selftest.check`` of these drivers (dict with "ok")."""
        import selftest   # imported when first used: RAM
        return selftest.check(self.sensors, self.lights, self.store, bootlog=self.bootlog)

    def start_selftest(self, done):
        """The protocol's "selftest" over several passes (the loop goes on meanwhile:
        ``selftest.check_steps``); ``done(result dict, None)`` when it is complete, or
        ``done(None, exception)`` when it failed. False (nothing started) while another
        such reply is being built."""
        if self._job is not None:
            return False
        import selftest   # imported when first used: RAM
        out = {}
        self._job = (selftest.check_steps(out, self.sensors, self.lights, self.store,
                                          bootlog=self.bootlog, clock=self.clock),
                     lambda e: done(out if e is None else None, e))
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
