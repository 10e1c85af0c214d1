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
the engine's thinking (``slice_ms``) when the computer is to move, the
teaching step while learning or puzzle mode is on (teach/, imported only then),
controller events out over the link; ``overlay``, when set (main.py: a chain
fault), is shown instead of the game's frame. The menu opens when "ok" has
been held ``MENU_HOLD_MS`` (2 s) with the board empty. On MicroPython the
heap is collected in an idle pass (the board still) once a 48th of the free
heap was allocated, before ``gc.threshold`` (a 24th, at least ``GC_THRESHOLD``
bytes) collects in a busy pass; a still pass allocates nothing, not even a
frame (MicroPython puts a function's frame of more than 11 words on the heap
at every call, and ``gc.threshold`` counts it: the pass's functions are kept
small), so the free heap (``gc.mem_free``, a walk of the heap's table) is
looked at only in the first idle still pass after a full pass.
Pacing, the link's queued writes and the LED brightness are main.py's
(the Pico's) part of a pass. Runs unchanged under MicroPython.
"""
import gc

import settings as settings_mod
from protocol import Protocol
from deferred import DeferredStore
from morris.compat import ticks_us, ticks_diff

MENU_HOLD_MS = 2000
STILL_PASSES = 100   # idle passes that skip the game step in a row (then one full pass: LED refresh)
GC_THRESHOLD = 2048  # least bytes allocated between collections (gc.threshold: free heap / 24)
_MICRO = hasattr(gc, "mem_free")   # MicroPython (CPython's gc.collect is slow and not needed)
GAME_FILE = "game.rec"
SETTINGS_FILE = "settings.json"
COMPUTER = "computer"


class _NoWatchdog:
    def feed(self):
        pass


class PassStats:
    """Pass-time and engine-share figures of the running main loop, measured on the
    board itself (us of ``ticks_us``), so that a Pico names the part that is slow;
    the protocol's "stats" reply (stats.py, docs/protocol.md) reads them, and a new
    one counts afresh. ``n``, ``us``, ``max``: count, summed and longest time of the
    idle [0] and thinking [1] passes; ``engine_us`` / ``wall_us``: the thinking
    passes' engine slices and periods; ``longest`` (us) and ``longest_what``: the
    longest pass and what it did; ``saves`` / ``save_max`` (us) / ``save_last``
    (us); ``gc_last``: the last idle-pass collection (us); ``searches`` and
    ``search``: the last one as (level, nodes, depth, ms, how: an index of
    ``stats.ENDED_BY``) or None. Small ints (sums halve with their counts before
    they could reach 2**28)."""

    def __init__(self):
        self.t0 = ticks_us()     # the start of the last pass
        self.was = -1            # ... its kind: -1 none yet, 0 idle, 1 thinking
        self.what = ""           # what the pass did (for the longest pass)
        self.eng = -1            # the engine's time in this pass (us), -1: it did not think
        self.search_at = 0       # when the current search started (ms ticks)
        self.n = [0, 0]
        self.us = [0, 0]
        self.max = [0, 0]
        self.engine_us = self.wall_us = self.longest = self.gc_last = 0
        self.longest_what = ""
        self.saves = self.save_max = self.save_last = self.searches = 0
        self.search = None


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
        self._job = None          # a reply built over several passes (selftest): a generator
        # the engine made ready (code, tables, opening book) a step per idle pass: None
        # not begun, a generator under way, True done or not asked for
        self._prep = None if prepare else True
        self._gc_step = self._gc_low = 0   # idle collections: every _gc_step bytes, below _gc_low free
        self._gc_due = False      # a full pass ran since the free heap was last looked at
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
            self._gc_step = max(GC_THRESHOLD // 2, free // 48)
            self._gc_low = free - self._gc_step
            gc.threshold(max(GC_THRESHOLD, free // 24))  # type: ignore[attr-defined]
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
        """One pass of the main loop (see module doc). While the board is still and
        nothing is due (``Controller.still``, no search, save, job, menu or teaching
        work: ``teach.due``), a pass
        feeds the watchdog, polls the link, reads the buttons and the switches, and
        ends (the game is stepped every ``STILL_PASSES``-th such pass). No function
        of a pass puts its frame on the heap (MicroPython does that for a frame of
        more than 11 words: an allocation at every call, and gc.threshold counts it)."""
        t = ticks_us()
        st = self.stats
        if st.was == 1:            # the last pass thought: its slice and its whole period
            if st.wall_us > 1 << 28:
                st.wall_us >>= 1
                st.engine_us >>= 1
            st.engine_us += st.eng
            st.wall_us += ticks_diff(t, st.t0)
        st.t0 = t
        st.what = "idle"
        st.eng = -1
        self.watchdog.feed()
        self.ticks += 1
        n = self._still
        if n and n < STILL_PASSES and self.overlay is None and self.menu is None:
            self._quiet(n)
        else:
            p = self.protocol
            self._full(self.buttons.read(), p is not None and p.poll())
        st = self.stats            # (a "stats" reset makes a new one)
        n = 0 if st.eng < 0 else 1
        st.was = n
        self._count(st, n)

    def _count(self, st, k):
        # the pass's time into the figures of its kind k (0 idle, 1 thinking)
        us = ticks_diff(ticks_us(), st.t0)
        a = st.us
        if a[k] > 1 << 28:
            a[k] >>= 1
            st.n[k] >>= 1
        st.n[k] += 1
        a[k] += us
        if us > st.max[k]:
            st.max[k] = us
        if us > st.longest:
            st.longest = us
            st.longest_what = st.what

    def _quiet(self, n):
        # a pass that may skip the game step (the n-th in a row, n >= 1): the link, the
        # buttons and the switches looked at; the game stepped only when one of them
        # has news; the engine's slice when it thinks
        p = self.protocol
        line = None if p is None else p.read_line()
        if line is not None and p is not None:
            p.handle(line)
            p.poll()
            self._full(self.buttons.read(), True)
            return
        line = self.buttons.read()          # (the presses)
        if line or self._pressed or not self.controller.still(self.sensors.read()):
            self._full(line, False)
            return
        self._still = n + 1      # nothing changed and nothing is due: the game step is skipped
        self._check_hold()
        if self._search is not None:     # the engine's slice: all the pass does
            self.stats.what = "thinking"
            self._slice(self._write())
        elif self._gc_due:
            self._gc_due = False
            if _MICRO and gc.mem_free() < self._gc_low:  # type: ignore[attr-defined]
                self._collect()

    def _full(self, pressed, busy):
        # the pass with the game step (module doc); it may allocate: the next idle
        # still pass looks at the free heap (a still pass allocates nothing)
        self._gc_due = True
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
            return
        now = self.clock.ticks_ms()
        # in puzzle mode the buttons are the puzzles' (OK next, Hint answer, New leave)
        self.frame = self.controller.step(now, occ, pressed if self.puzzles is None else ())
        self.lights.show(self.frame if self.overlay is None else self.overlay)
        self._think(self._write())
        c = self.controller
        due = False         # teaching has work for the next pass (teach.due)
        if self.puzzles is not None or self.teacher is not None or (c.learning and c.result is None):
            import teach
            if self.stats.what == "idle":
                self.stats.what = "teaching"
            teach.step(self, now, pressed)
            due = teach.due(self)
        self._forward()
        self._check_hold()
        # the next passes may skip the game step: nothing to do but the search, if any
        quiet = self._job is None and not due and (self._search is not None or (
            not (self.saves is not None and self.saves.ops)
            and (self._prep is True or COMPUTER not in self.players)))
        self._still = 1 if not busy and not pressed and quiet else 0

    def _collect(self):
        # a collection in an idle pass (see __init__)
        t = ticks_us()
        gc.collect()
        self.stats.gc_last = ticks_diff(ticks_us(), t)
        self._gc_low = gc.mem_free() - self._gc_step  # type: ignore[attr-defined]
        self.stats.what = "gc"

    def _write(self):
        # the saved game's waiting writes in the pass after the one that queued them
        # (the move's frame is on the LEDs by then), thinking or not: at most the
        # move in progress is lost to a power cut. Returns the ms left for the
        # engine's slice in this pass
        q = self.saves
        if q is None or not q.ops:
            return self.slice_ms
        if q.mark < 0:
            q.mark = 1
            return self.slice_ms
        t = ticks_us()
        q.flush()
        st = self.stats
        us = st.save_last = ticks_diff(ticks_us(), t)
        st.saves += 1
        if us > st.save_max:
            st.save_max = us
        st.what = "save"
        self.controller.store_error = q.error
        return max(1, self.slice_ms - us // 1000)

    def _run_job(self):
        self.stats.what = "job"
        try:
            next(self._job)  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001  StopIteration, or a fault the job did not answer
            self._job = None

    # ---- the computer opponent -------------------------------------------
    def thinking(self):
        """True while the engine searches the computer's move."""
        return self._search is not None

    def thought(self):
        """True when the last pass ran a slice of the engine's thinking."""
        return self.stats.was == 1

    def _think(self, ms):
        c = self.controller
        pos = c.position
        if not c.awaiting_remote() or self.players[pos.turn] != COMPUTER:
            self._search = None
            if self._prep is not True and COMPUTER in self.players:
                self._prepare()
            return
        key = (id(pos), pos.zkey, pos.turn, pos.ncp)   # a new game, undo or move changes it
        eng = self.engine
        if self._search != key:
            if eng is None or self._prep is not True:
                while self._prepare():     # a computer to move before the engine was ready
                    pass
                eng = self.engine
            self.stats.search_at = self.clock.ticks_ms()
            eng.start(pos)   # the engine searches a private copy
            self._search = key
        if self.stats.what == "idle":      # (not "save": that pass also wrote)
            self.stats.what = "thinking"
        self._slice(ms)

    def _slice(self, ms):
        # one slice (ms) of the engine's thinking; its move handed to the controller when done
        t = ticks_us()
        m = self.engine.step(ms)
        self.stats.eng = ticks_diff(ticks_us(), t)
        if m is not None:
            self._found(m)

    def _found(self, m):
        # the search ended with move m: its figures kept, the move played
        eng = self.engine
        c = self.controller
        self._search = None
        st = self.stats
        st.searches += 1
        ms = self.clock.ticks_diff(self.clock.ticks_ms(), st.search_at)
        # how it ended (stats.ENDED_BY): book, node cap, deadline, depth
        how = 0 if eng.from_book else 1 if eng.nodes >= eng.node_cap else 2 if ms >= eng.ms else 3
        st.search = (eng.level, eng.nodes, eng.depth, ms, how)
        if m in c.position.legal_moves:
            c.remote_move(m)

    def _prepare(self):
        """One step of making the engine ready (True while steps remain): one per idle
        pass (firmware/warmup.py); all at once when the computer must move."""
        p = self._prep
        if p is None or p is True:
            from warmup import steps
            p = self._prep = steps(self)
        self.stats.what = "prepare"
        try:
            next(p)  # type: ignore[arg-type]
            return True
        except StopIteration:
            self._prep = True
            import sys
            sys.modules.pop("warmup", None)
            return False

    # ---- settings, new games and the menu ----------------------------------------
    def _check_hold(self):
        # "ok" held MENU_HOLD_MS on an empty board opens the menu (once per hold). With
        # stones on the board and no hold in use nothing can come of it: not asked
        held = self._held
        if held is None or (not self._latched and self.controller.settled != 0):
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

    def run_job(self, gen):
        """Run generator ``gen`` a step per pass (the loop goes on meanwhile: the
        protocol's selftest, which sends its own reply) until it ends or raises.
        False (nothing started) while another job runs."""
        if self._job is not None:
            return False
        self._job = gen
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
