"""The simulated board: the firmware's main loop on simulated drivers, and the physical state.

``Simulation`` runs ``mainloop.MainLoop`` -- what the Pico runs above its
drivers: settings, the button-and-LED menu, the USB protocol, the watchdog --
on the drivers of ``host_sim.drivers``. Everything the simulator learns about
the game it learns as a PC would, over the simulated serial link in the JSON
lines of docs/protocol.md (``ask``); everything it does to the game it does
as a person would (stones on switches, buttons) or as a PC would (protocol
commands such as "new").

The firmware never learns stone colours (reed switches sense occupancy
only); the simulator remembers which colour the user physically put where,
purely for drawing. Physical actions (lift / put / button) are queued and
applied one at a time, each after the previous change has stood longer
than the controller's debounce, as a person's hand would.
"""
import json

from . import drivers
import board_config
from mainloop import MainLoop
import settings as settings_mod
from morris import Rules, Position, PRESETS, VARIATIONS, OPTIONS, WHITE, BLACK, NONE, split_move
from morris.rules import preset_values

PLAYER_KINDS = settings_mod.PLAYER_KINDS
NAMES = Rules("standard").geo.names
COLOURS = ("white", "black")
SETTLE_MS = board_config.SETTLE_MS   # the board's switch settle time (MainLoop's default)
GAP_MS = SETTLE_MS + 40      # a physical action waits this long after the previous one
MAX_QUEUE = 64
EVENT_LOG = 40
PLACE_COLOURS = {"place_white": "white", "place_black": "black"}   # LED meanings asking for a colour
EVENT_TYPES = ("move", "mistake", "fixed", "result", "new_game", "undo", "hint", "resumed", "resume", "menu")
MAX_PASSES = 8               # main-loop passes a command may take to be answered (a selftest: 3)
AUTO_MOVE_MS = 900     # the computer's move stays lit this long before it moves its own stones
AUTO_LOOK_MS = 100     # ... looked for this often (a "state" request over the link)
PASS_US = 5000         # the Pico timing model: one paced pass (main.PASS_MS)


def point_index(p):
    """Point number from an int 0..23 or a name like 'd2'; ValueError otherwise."""
    if isinstance(p, bool):
        raise ValueError("bad point %r" % (p,))
    if isinstance(p, int):
        if 0 <= p < len(NAMES):
            return p
    elif isinstance(p, str) and p.strip().lower() in NAMES:
        return NAMES.index(p.strip().lower())
    raise ValueError("bad point %r" % (p,))


def build_rules(preset="standard", options=None):
    """A ``Rules`` from a preset name and a dict (or KEY=VALUE list) of options; ValueError if bad."""
    opts = {}
    if isinstance(options, dict):
        opts = dict(options)
    elif options:
        for item in options:
            if "=" not in item:
                raise ValueError("option must be KEY=VALUE, got %r" % item)
            k, v = item.split("=", 1)
            opts[k.strip()] = v.strip()
    return Rules(preset, **opts)


class BoardError(ValueError):
    """The board answered a protocol command with an error (the message is its text)."""


class Simulation:
    """One simulated board running the firmware's ``MainLoop``.

    ``rules`` (Rules or text), ``players`` (white, black), ``level`` and
    ``learning`` are written to the board's settings store before it boots,
    as if chosen at the board earlier. ``manual_clock=True`` gives a clock
    that moves only in ``step`` (headless and tests); otherwise real time.
    ``store`` (the saved game) and ``settings_store`` default to memory.
    ``auto_remote``: a simulator-only convenience, the wooden board has none:
    the computer's move, once lit for ``AUTO_MOVE_MS``, is carried out on the
    simulated board by the simulator (as a helper's hand would), instead of
    waiting for the user to do it.
    ``seed``: the engine's seed (None: from the clock), so a game can be replayed
    as the board played it. ``pico_timing``: the board's clock and the engine's
    run on host_sim/pico_timing.py's model of the Pico (a manual clock: ``step``
    runs modelled passes until ``dt_ms`` have passed), to show what the board
    would do -- the same moves (the node cap ends every search) at the Pico's pace.
    Raises ValueError for bad settings.
    """

    def __init__(self, rules=None, players=("human", "computer"), level=3,
                 manual_clock=False, store=None, slice_ms=8, learning=False, settings_store=None,
                 auto_remote=False, seed=None, pico_timing=False):
        self.pico = None
        self.engine = None
        if seed is not None or pico_timing:
            from engine import Engine
            self.engine = Engine(level=level, seed=seed)
            self.engine.reserve()
        if pico_timing:
            from . import pico_timing as pt
            import main as pico_main
            self.pico = pt.PicoClock()
            self.pico.install()
            slice_ms = pico_main.SLICE_MS
            manual_clock = True
        self.clock = drivers.SimClock(manual=manual_clock)
        if self.pico is not None:
            self.clock.ticks_ms = self.pico.ticks_ms
        self.switches = drivers.SimSwitches()
        self.lights = drivers.SimLights()
        self.buttons = drivers.SimButtons(self.clock)
        self.store = store if store is not None else drivers.MemoryStore()
        self.settings_store = settings_store if settings_store is not None else drivers.MemoryStore()
        self.link = drivers.SimLink()
        self.watchdog = drivers.SimWatchdog(self.clock)
        self.colours = {}          # point -> "white" / "black" as physically put
        self.held = []             # colours of lifted stones still in the hand
        self.queue = []            # pending (kind, arg, colour)
        self.events = []           # recent controller events, newest last
        self.serial = []           # recent event lines the firmware wrote to the link
        self.serial_total = 0
        self.firmware_error = None
        self.boots = 0
        self.slice_ms = slice_ms
        self._next_id = 0
        self._waiting = []         # ids of the commands of ``request`` not answered yet
        self._replies = {}
        self._answers = []         # replies to the lines of ``exchange``
        self._board = None         # the last "state" reply while no pass ran since
        self._last_board = None    # the last "state" reply the board gave
        self._release = None       # (button, ticks_ms) of a held button to let go
        self._last_change = self.clock.ticks_ms() - GAP_MS
        self.auto_remote = bool(auto_remote)
        self._auto = None          # ((record length, move), since ms, done) of the computer's move
        self._auto_at = self._last_change   # when it last looked for one
        rules = rules if rules is not None else Rules("standard")
        values = {"rules": rules if isinstance(rules, str) else str(rules), "players": list(players),
                  "level": level, "learning": bool(learning)}
        for k in values:
            values[k] = settings_mod.check(k, values[k])
        settings_mod.save(self.settings_store, values)
        self._boot()

    def _boot(self):
        """Power the board up (again): a fresh MainLoop on the same drivers and stores."""
        self.loop = MainLoop(self.switches, self.lights, self.buttons, self.clock, self.store,
                             self.settings_store, self.link, self.watchdog,
                             slice_ms=self.slice_ms, engine=self.engine, prepare=True)
        self.watchdog.feed()
        self._board = None
        self.boots += 1

    # ---- the serial link: docs/protocol.md -----------------------------------------
    def request(self, *commands):
        """Send protocol commands (dicts with "cmd" and its fields) over the link and
        run main-loop passes until each has its reply; returns the replies in order.
        RuntimeError when the board does not answer."""
        ids = []
        for obj in commands:
            self._next_id = self._next_id % 100000 + 1
            line = dict(obj)
            line["id"] = self._next_id
            ids.append(self._next_id)
            self._waiting.append(self._next_id)
            self.link.feed(json.dumps(line) + "\n")
        for _ in range(MAX_PASSES + len(commands)):
            if all(i in self._replies for i in ids):
                break
            self._pass()
        out = [self._replies.pop(i, None) for i in ids]
        if None in out:
            raise RuntimeError("the board did not answer %s" % commands[out.index(None)].get("cmd"))
        return out

    def exchange(self, line):
        """Send ``line`` (text, as a PC program would write it) and return the board's
        reply to it (dict, exactly as written), after the pass that answered it.
        RuntimeError when no reply comes."""
        self._answers = []
        self.link.feed(line + "\n")
        for _ in range(MAX_PASSES):
            self._pass()
            if self._answers:
                return self._answers.pop(0)
        raise RuntimeError("the board did not answer %r" % line[:40])

    def ask(self, cmd, **fields):
        """One protocol command and its reply (dict); BoardError for an error reply."""
        obj = dict(fields)
        obj["cmd"] = cmd
        reply = self.request(obj)[0]
        if reply.get("type") == "error":
            raise BoardError(reply.get("error", "error"))
        return reply

    def board(self):
        """The board's "state" reply (docs/protocol.md), asked anew after every pass."""
        if self._board is None:
            self._board = self.ask("state")
        return self._board

    def position(self):
        """The game's ``Position``, from the position text of the board's "state" reply."""
        return Position.from_text(self.board()["position"])

    def _pass(self):
        """One pass of the firmware's main loop, then read what it wrote."""
        if self.pico is not None:
            self.pico.before_pass()
            self.loop.tick()
            self.pico.after_pass(self.loop.thought())
        else:
            self.loop.tick()
        self._board = None
        for line in self.link.take():
            try:
                obj = json.loads(line)
            except ValueError:
                obj = None
            if isinstance(obj, dict) and obj.get("id") in self._waiting:
                self._waiting.remove(obj["id"])
                self._replies[obj.pop("id")] = obj
                continue
            if isinstance(obj, dict) and obj.get("type") not in EVENT_TYPES:
                self._answers.append(obj)          # the reply to a line of ``exchange``
                continue
            self.serial_total += 1
            self.serial = (self.serial + [line])[-EVENT_LOG:]
            if isinstance(obj, dict) and obj.get("type") in EVENT_TYPES:
                self._on_event(obj)

    # ---- game records --------------------------------------------------------------
    def record_text(self, tags=None):
        """The current game as a record (docs/records.md): the board's "record" reply
        with the simulator's tags (and ``tags``) set."""
        from .records import retag, today
        text = self.ask("record")["text"]
        all_tags = {"Event": "Morris board simulator game", "Site": "host simulator", "Date": today()}
        if tags:
            all_tags.update(tags)
        return retag(text, all_tags)

    def continue_from(self, start, moves):
        """Continue play from ``start`` (a Position) after ``moves`` (texts): the game
        is stored as the board's saved game and the board restarts, so the
        controller resumes it (once the stones match, which this helper then
        arranges, as the "Set stones as expected" helper does)."""
        from .records import continue_store_bytes
        data = continue_store_bytes(start, moves)
        values = settings_mod.load(self.settings_store)
        values["rules"] = str(start.rules)
        settings_mod.save(self.settings_store, values)
        self.store.save(data)
        self.queue = []
        self._boot()
        if self.board()["record"] != list(moves):
            raise ValueError("the firmware did not take the game to continue")
        self._pass()
        self.tidy()

    # ---- physical actions ------------------------------------------------------
    def _planned(self):
        occ = self.switches.read()
        for kind, p, _ in self.queue:
            if kind == "lift":
                occ &= ~(1 << p)
            elif kind == "put":
                occ |= 1 << p
        return occ

    def _enqueue(self, item):
        if len(self.queue) >= MAX_QUEUE:
            raise ValueError("too many actions waiting")
        self.queue.append(item)

    def lift(self, point):
        """Queue lifting the stone on ``point`` (name or number); ValueError if none stands there."""
        p = point_index(point)
        if not self._planned() >> p & 1:
            raise ValueError("no stone on %s to lift" % NAMES[p])
        self._enqueue(("lift", p, None))

    def put(self, point, colour=None):
        """Queue putting a stone on ``point``: the last lifted one, else ``colour``,
        else one of the side to move's colour from the box. ValueError if occupied."""
        p = point_index(point)
        if colour is not None and colour not in COLOURS:
            raise ValueError("colour must be white or black, got %r" % (colour,))
        if self._planned() >> p & 1:
            raise ValueError("%s already holds a stone" % NAMES[p])
        self._enqueue(("put", p, colour))

    def press(self, name, hold_ms=0):
        """Queue pressing one of the board's buttons (new, undo, hint, ok), held
        ``hold_ms`` ms (0: a short press)."""
        if name not in drivers.BUTTON_NAMES:
            raise ValueError("no button named %r" % (name,))
        if isinstance(hold_ms, bool) or not isinstance(hold_ms, int) or not 0 <= hold_ms <= 10000:
            raise ValueError("hold_ms must be 0..10000")
        self._enqueue(("button", name, hold_ms))

    def sweep(self):
        """Take every stone off the board (and out of the hand); drop queued actions."""
        self.queue = []
        self.switches.set(0)
        self.colours = {}
        self.held = []
        self._last_change = self.clock.ticks_ms()

    def tidy(self):
        """Set the stones exactly as the controller expects them (a helper for
        putting things right in one go; the real board needs a hand). Colours
        come from the game, or from the LEDs asking for a white / black stone."""
        st = self.board()
        exp = st["expected"]
        game = physical_colours(Position.from_text(st["position"]))
        lit = st.get("lit") or {}
        colours = {}
        for p in range(len(NAMES)):
            if not exp >> p & 1:
                continue
            meaning = lit.get(NAMES[p])
            if meaning in PLACE_COLOURS:
                colours[p] = PLACE_COLOURS[meaning]
            elif p in self.colours and self.switches.read() >> p & 1:
                colours[p] = self.colours[p]
            elif game[p]:
                colours[p] = game[p]
            else:
                colours[p] = st["turn"]
        self.queue = []
        self.held = []
        self.colours = colours
        self.switches.set(exp)
        self._last_change = self.clock.ticks_ms()

    def new_game(self, rules=None, players=None, level=None, learning=None, first=None):
        """Sweep the board and start a new game with the protocol's "new" command
        (rules as ``Rules`` or text; ``learning`` switches the dim lighting of
        movable stones; ``first`` "white"/"black" for rules that draw lots).
        The choices become the board's settings. BoardError (a ValueError) for
        choices the board refuses."""
        fields = {}
        if rules is not None:
            fields["rules"] = rules if isinstance(rules, str) else str(rules)
        if players is not None:
            fields["players"] = list(players)
        if level is not None:
            fields["level"] = level
        if learning is not None:
            fields["learning"] = bool(learning)
        if first is not None:
            fields["first"] = first
        self.sweep()
        return self.ask("new", **fields)

    def apply_settings(self, learning=None, level=None):
        """Settings that apply at once, mid-game (learning mode, the engine level), with
        the protocol's "settings" command; they are saved as the board's settings.
        BoardError for values the board refuses."""
        new = {}
        if learning is not None:
            new["learning"] = bool(learning)
        if level is not None:
            new["level"] = level
        if new:
            self.ask("settings", set=new)

    def set_puzzle(self, level):
        """Puzzle mode at difficulty ``level`` (1..3; 0: back to the saved game), with the
        protocol's "settings" command, as the board's menu does (teach/puzzle.py)."""
        self.ask("settings", set={"puzzle": level})

    def resign(self, side=None):
        """``side`` ("white"/"black"; None: the side to move) resigns (protocol "resign");
        BoardError when no game is going on."""
        self.ask("resign", **({"side": side} if side else {}))

    def agree_draw(self):
        """The players agree to a draw (protocol "draw"); BoardError when no game is going on."""
        self.ask("draw")

    def _auto_move(self, now):
        """Carry out the computer's lit move when ``auto_remote`` is on (see the class doc)."""
        st = self.board()
        move = st.get("remote")
        if not move or st["players"][0 if st["turn"] == "white" else 1] != "computer":
            self._auto = None
            return
        key = (len(st["record"]), move)
        if self._auto is None or self._auto[0] != key:
            self._auto = (key, now, False)
            return
        if self._auto[2] or self.clock.ticks_diff(now, self._auto[1]) < AUTO_MOVE_MS:
            return
        self._auto = (key, now, True)
        for kind, p, colour in physical_actions(Position.from_text(st["position"]), move):
            self._enqueue((kind, p, colour))

    def _apply(self, kind, arg, colour):
        if kind == "button":
            if colour:
                self.buttons.push(arg)
                self._release = (arg, self.clock.ticks_add(self.clock.ticks_ms(), colour))
            else:
                self.buttons.press(arg)
        elif kind == "lift":
            if self.switches.read() >> arg & 1:
                self.switches.lift(arg)
                self.held.append(self.colours.pop(arg, "white"))
        elif kind == "put":
            if not self.switches.read() >> arg & 1:
                if colour is None:
                    colour = self._asked_colour(arg)
                if colour is None:
                    colour = self.held.pop() if self.held else self._box_colour(arg)
                elif colour in self.held:
                    self.held.remove(colour)
                self.colours[arg] = colour
                self.switches.put(arg)

    def _asked_colour(self, p):
        """The colour the LEDs ask for on point ``p`` (undo / resume / a missing
        stone), or None when they ask for none in particular."""
        st = self.board()
        meaning = (st.get("lit") or {}).get(NAMES[p])
        if meaning in PLACE_COLOURS:
            return PLACE_COLOURS[meaning]
        if meaning == "missing":
            return self._game_colour(st, p)
        if meaning == "remote_to":
            return st["turn"]
        return None

    def _box_colour(self, p):
        """Colour of a stone taken from the box for point ``p``: the one the LEDs
        ask for, the one the game has there, else the side to move's."""
        st = self.board()
        meaning = (st.get("lit") or {}).get(NAMES[p])
        return PLACE_COLOURS.get(meaning) or self._game_colour(st, p) or st["turn"]

    @staticmethod
    def _game_colour(st, p):
        """The colour the game has on point ``p`` (from the state's position text), or None."""
        return physical_colours(Position.from_text(st["position"]))[p]

    def _on_event(self, ev):
        if ev.get("type") in ("move", "new_game", "undo", "resumed"):
            self.held = []          # captured stones leave the hand for the tray
        self.events.append(ev)
        del self.events[:-EVENT_LOG]

    # ---- time ------------------------------------------------------------------
    def step(self, dt_ms=20):
        """Apply the next queued action when its time has come, then run one
        pass of the firmware's main loop. A manual clock first advances by
        ``dt_ms``. When the watchdog was not fed in time (the process stalled
        longer than its timeout), the board restarts, as the Pico would."""
        if self.pico is not None:        # modelled passes until dt_ms have passed
            end = self.pico.us + dt_ms * 1000
            while self.pico.us < end - PASS_US:
                self._pass()
        elif self.clock.manual:
            self.clock.advance(dt_ms)
        now = self.clock.ticks_ms()
        if self._release is not None and self.clock.ticks_diff(now, self._release[1]) >= 0:
            self.buttons.release(self._release[0])
            self._release = None
        if self.queue and self.clock.ticks_diff(now, self._last_change) >= GAP_MS:
            kind, arg, colour = self.queue.pop(0)
            self._apply(kind, arg, colour)
            if kind != "button":
                self._last_change = now
        if self.watchdog.expired():
            self.firmware_error = "watchdog: the main loop stalled; the board restarted"
            self._boot()
        if (self.auto_remote and not self.queue
                and self.clock.ticks_diff(now, self._auto_at) >= AUTO_LOOK_MS):
            self._auto_at = now
            self._auto_move(now)
        self._pass()
        return self.lights.colours

    def settle(self, dt_ms=20, extra_ms=None):
        """Run a manual clock until the queue is empty and ``extra_ms`` more have
        passed (default: the debounce plus the controller's commit delay plus 100 ms)."""
        if extra_ms is None:
            extra_ms = SETTLE_MS + getattr(self.loop.controller, "commit_ms", 0) + 100
        n = 0
        while self.queue or self._release is not None:
            self.step(dt_ms)
            n += 1
            if n > 10000:
                raise RuntimeError("queue does not drain")
        for _ in range(max(1, extra_ms // dt_ms)):
            self.step(dt_ms)

    def play_by_hand(self, text):
        """Carry out move ``text`` (legal in the board's position) as a person
        would: its lifts and puts (``physical_actions``), then ``settle``; when
        the board then asks for a stone out of a hand, or ``text`` declines an
        optional capture, "ok" after it."""
        for kind, p, colour in physical_actions(self.position(), text):
            if kind == "lift":
                self.lift(p)
            else:
                self.put(p, colour)
        self.settle()
        state = self.board()["state"]
        if state == "hand" or (state == "capture" and "x" not in text.lower()):
            # a stone left a hand (placing_mill: hand): "ok" once it is put away
            # (the simulator's hand is the box); or an optional capture declined
            self.press("ok")
            self.settle()

    # ---- what the page shows ----------------------------------------------------
    def state(self):
        """Everything the page draws, as a JSON-ready dict: the board's "state"
        reply (as ``status``, and its main fields at the top level) plus the
        physical board (stones and their colours, LED colours, the hand)."""
        try:
            st = self.board()
            self._last_board = st
        except (BoardError, RuntimeError) as e:   # the page must keep working: show the fault
            self.firmware_error = "firmware error: %s" % e
            st = self._last_board
        rules = Rules.parse(st["rules"])
        occ = self.switches.read()
        stones = []
        for p in range(len(NAMES)):
            stones.append(self.colours.get(p, "white") if occ >> p & 1 else None)
        result = st.get("result")
        winner = None
        if result:
            winner = "draw" if result == "1/2-1/2" else "white" if result == "1-0" else "black"
        status = dict(st)
        del status["type"]
        return {
            "type": "state",
            "stones": stones,
            "leds": [list(col) for col in self.lights.colours],
            "held": list(self.held),
            "queued": len(self.queue),
            "turn": st["turn"],
            "in_hand": list(st["in_hand"]),
            "on_board": list(st["on_board"]),
            "captured": [rules.stones - st["in_hand"][i] - st["on_board"][i] for i in (0, 1)],
            "record": list(st["record"]),
            "result": result,
            "reason": st.get("reason"),
            "winner": winner,
            "message": menu_message(st["menu"]) if st.get("menu") else st.get("message", ""),
            "status": status,
            "expected": st["expected"],
            "occupancy": occ,
            "planned": self._planned(),
            "firmware_error": self.firmware_error,
            "awaiting_remote": bool(st["awaiting_remote"]),
            "settings": {
                "rules": str(rules), "preset": rules.preset, "options": dict(rules.values),
                "players": list(st["players"]), "level": st["level"],
                "learning": bool(st["learning"]),
            },
            "events": _jsonable(self.events[-8:]),
            "serial": self.serial[-8:],
            "hint": st.get("hint"),
            "sim": {"auto_remote": self.auto_remote},
        }


MENU_MESSAGE = ("Settings menu: {0} = {1} (Hint: next value, Undo: previous, "
                "OK: next setting, then save; New: leave without saving)")


def menu_message(menu):
    """The page's line for the board's open settings menu (the "menu" of a state reply:
    the setting being edited and the values so far), worded as host_sim/i18n.py
    translates it."""
    key = menu["item"]
    value = menu["values"][key]
    if isinstance(value, list):
        value = "White: %s, Black: %s" % (value[0], value[1])
    elif isinstance(value, bool):
        value = "on" if value else "off"
    elif key == "puzzle":
        value = ("off", "easy", "medium", "hard")[value]
    return MENU_MESSAGE.replace("{0}", key).replace("{1}", str(value))


def catalogue():
    """Points, the LED table (board.legend.table()), presets, their options, the named
    variations and the option values, for the page."""
    opts = {}
    for k, v in OPTIONS.items():
        opts[k] = {"range": list(v)} if isinstance(v[0], int) else {"values": list(v)}
    from board import legend
    return {
        "points": list(NAMES),
        "table": legend.table(),
        "presets": {k: preset_values(k) for k in PRESETS},
        "variations": {k: [list(kv) for kv in v] for k, v in VARIATIONS.items()},
        "options": opts,
        "players": list(PLAYER_KINDS[:2]),
        "buttons": list(drivers.BUTTON_NAMES),
    }


def _jsonable(obj):
    return json.loads(json.dumps(obj, default=str))


def physical_colours(pos):
    """Per physical point (``NAMES`` order): "white", "black" or None -- the game's
    stones wherever its board's points lie (Six Men's Morris: the inner squares)."""
    idx = pos.geo.index
    out = []
    for name in NAMES:
        i = idx.get(name)
        out.append(None if i is None else "white" if pos.bb[WHITE] >> i & 1
                   else "black" if pos.bb[BLACK] >> i & 1 else None)
    return out


def physical_actions(pos, text):
    """The physical steps of move ``text`` in position ``pos``: a list of
    ("lift"|"put", physical point, colour), e.g. 'd2-d3xa1' -> lift d2, put d3,
    lift a1; a removal-only turn 'xa1' (owed at a full board) -> lift a1, whose
    stone it is from the position. Physical points are numbered as the 24-point
    board's (``NAMES``) whatever board the game uses."""
    frm, to, caps = split_move(pos.geo, text)
    names = pos.geo.names
    mover = COLOURS[pos.turn]
    acts = []
    if frm != NONE:
        acts.append(("lift", NAMES.index(names[frm]), mover))
    if to != NONE:
        acts.append(("put", NAMES.index(names[to]), mover))
    for c in caps:
        colour = COLOURS[WHITE if pos.bb[WHITE] >> c & 1 else BLACK]
        acts.append(("lift", NAMES.index(names[c]), colour))
    return acts
