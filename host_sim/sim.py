"""The simulated board: drivers, the firmware's App, and the physical state.

The firmware never learns stone colours (reed switches sense occupancy
only); the simulator remembers which colour the user physically put where,
purely for drawing. Physical actions (lift / put / button) are queued and
applied one at a time, each after the previous change has stood longer
than the controller's debounce, as a person's hand would.
"""
import json

from . import drivers
from app import App, PLAYER_KINDS
from morris import Rules, PRESETS, VARIATIONS, OPTIONS, WHITE, BLACK, NONE, split_move
from morris.rules import preset_values

NAMES = Rules("standard").geo.names
COLOURS = ("white", "black")
SETTLE_MS = 80
GAP_MS = SETTLE_MS + 40      # a physical action waits this long after the previous one
MAX_QUEUE = 64
EVENT_LOG = 40
# marks of the replay and mirror views (the firmware's own are board.leds.DESCRIPTIONS)
VIEW_MEANINGS = {"last_from": "the last move came from here", "last_to": "the last move went here"}


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


class Simulation:
    """One simulated board running the firmware ``App``.

    ``manual_clock=True`` gives a clock that moves only in ``step`` (headless
    and tests); otherwise real time. ``store`` defaults to memory.
    """

    def __init__(self, rules=None, players=("human", "computer"), level=3,
                 manual_clock=False, store=None, slice_ms=8, learning=False):
        self.switches = drivers.SimSwitches()
        self.lights = drivers.SimLights()
        self.buttons = drivers.SimButtons()
        self.clock = drivers.SimClock(manual=manual_clock)
        self.store = store if store is not None else drivers.MemoryStore()
        self.link = drivers.SimLink()
        self.colours = {}          # point -> "white" / "black" as physically put
        self.held = []             # colours of lifted stones still in the hand
        self.queue = []            # pending (kind, arg, colour)
        self.events = []           # recent controller events, newest last
        self.serial = []           # recent lines the firmware wrote to the link
        self.serial_total = 0
        self.firmware_error = None
        self._last_change = self.clock.ticks_ms() - GAP_MS
        self.slice_ms = slice_ms
        self.app = self._make_app(rules if rules is not None else Rules("standard"), players,
                                  level, learning)

    def _make_app(self, rules, players, level, learning):
        return App(self.switches, self.lights, self.buttons, self.clock, self.store, self.link,
                   rules=rules, players=players, level=level, slice_ms=self.slice_ms,
                   learning=learning, settle_ms=SETTLE_MS, listener=self._on_event)

    # ---- game records --------------------------------------------------------------
    def record_text(self, tags=None):
        """The current game as a record (docs/records.md)."""
        from .records import game_record
        return game_record(self.app.controller, self.app.players, self.app.level, tags)

    def continue_from(self, start, moves):
        """Continue play from ``start`` (a Position) after ``moves`` (texts): the game
        is stored as the board's saved game and the firmware restarts, so the
        controller resumes it (once the stones match, which this helper then
        arranges, as the "Set stones as expected" helper does)."""
        from .records import continue_store_bytes
        data = continue_store_bytes(start, moves)
        app = self.app
        self.store.save(data)
        self.queue = []
        self.app = self._make_app(start.rules, app.players, app.level,
                                  bool(getattr(app.controller, "learning", False)))
        if self.app.controller.record() != list(moves):
            raise ValueError("the firmware did not take the game to continue")
        self.app.tick()
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

    def press(self, name):
        """Queue pressing one of the board's buttons (new, undo, hint, ok)."""
        if name not in drivers.BUTTON_NAMES:
            raise ValueError("no button named %r" % (name,))
        self._enqueue(("button", name, None))

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
        c = self.app.controller
        exp = c.expected_occupancy()
        pos = c.position
        lit = c.status().get("lit", {})
        colours = {}
        for p in range(len(NAMES)):
            if not exp >> p & 1:
                continue
            meaning = lit.get(NAMES[p])
            if meaning == "place_white":
                colours[p] = "white"
            elif meaning == "place_black":
                colours[p] = "black"
            elif p in self.colours and self.switches.read() >> p & 1:
                colours[p] = self.colours[p]
            elif pos.bb[WHITE] >> p & 1:
                colours[p] = "white"
            elif pos.bb[BLACK] >> p & 1:
                colours[p] = "black"
            else:
                colours[p] = COLOURS[pos.turn]
        self.queue = []
        self.held = []
        self.colours = colours
        self.switches.set(exp)
        self._last_change = self.clock.ticks_ms()

    def new_game(self, rules=None, players=None, level=None, learning=None):
        """Sweep the board and start a new game (rules as ``Rules`` or text);
        ``learning`` switches the dim lighting of movable stones on or off."""
        if players is not None:
            players = tuple(players)
            for k in players:
                if k not in PLAYER_KINDS:
                    raise ValueError("bad player %r" % (k,))
        self.sweep()
        if learning is not None:
            self.app.controller.learning = bool(learning)
        self.app.new_game(rules=rules, players=players, level=level)

    def _apply(self, kind, arg, colour):
        if kind == "button":
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
        c = self.app.controller
        meaning = c.status().get("lit", {}).get(NAMES[p])
        if meaning == "place_white":
            return "white"
        if meaning == "place_black":
            return "black"
        if meaning == "missing":
            pos = c.position
            if pos.bb[WHITE] >> p & 1:
                return "white"
            if pos.bb[BLACK] >> p & 1:
                return "black"
        if meaning == "remote_to":
            return COLOURS[c.position.turn]
        return None

    def _box_colour(self, p):
        """Colour of a stone taken from the box for point ``p``: the one the LEDs
        ask for, the one the game has there, else the side to move's."""
        c = self.app.controller
        meaning = c.status().get("lit", {}).get(NAMES[p])
        if meaning == "place_white":
            return "white"
        if meaning == "place_black":
            return "black"
        pos = c.position
        if pos.bb[WHITE] >> p & 1:
            return "white"
        if pos.bb[BLACK] >> p & 1:
            return "black"
        return COLOURS[pos.turn]

    def _on_event(self, ev):
        if ev.get("type") in ("move", "new_game", "undo", "resumed"):
            self.held = []          # captured stones leave the hand for the tray
        self.events.append(ev)
        del self.events[:-EVENT_LOG]

    # ---- time ------------------------------------------------------------------
    def step(self, dt_ms=20):
        """Apply the next queued action when its time has come, then run one
        firmware tick. A manual clock first advances by ``dt_ms``."""
        if self.clock.manual:
            self.clock.advance(dt_ms)
        now = self.clock.ticks_ms()
        if self.queue and self.clock.ticks_diff(now, self._last_change) >= GAP_MS:
            kind, arg, colour = self.queue.pop(0)
            self._apply(kind, arg, colour)
            if kind != "button":
                self._last_change = now
        frame = self.app.tick()
        lines = self.link.take()
        if lines:
            self.serial_total += len(lines)
            self.serial = (self.serial + lines)[-EVENT_LOG:]
        return frame

    def settle(self, dt_ms=20, extra_ms=None):
        """Run a manual clock until the queue is empty and ``extra_ms`` more have
        passed (default: the debounce plus the controller's commit delay plus 100 ms)."""
        if extra_ms is None:
            extra_ms = SETTLE_MS + getattr(self.app.controller, "commit_ms", 0) + 100
        n = 0
        while self.queue:
            self.step(dt_ms)
            n += 1
            if n > 10000:
                raise RuntimeError("queue does not drain")
        for _ in range(max(1, extra_ms // dt_ms)):
            self.step(dt_ms)

    def play_by_hand(self, text):
        """Carry out move ``text`` (legal in the controller's position) as a person
        would: its lifts and puts (``physical_actions``), then ``settle``."""
        for kind, p, colour in physical_actions(self.app.controller.position, text):
            if kind == "lift":
                self.lift(p)
            else:
                self.put(p, colour)
        self.settle()

    # ---- what the page shows ----------------------------------------------------
    def state(self):
        """Everything the page draws, as a JSON-ready dict."""
        app = self.app
        c = app.controller
        pos = c.position
        rules = pos.rules
        occ = self.switches.read()
        stones = []
        for p in range(len(NAMES)):
            stones.append(self.colours.get(p, "white") if occ >> p & 1 else None)
        out = pos.outcome()
        try:
            st = app.status()
        except Exception as e:  # the page must keep working whatever the controller says
            st = {"message": "status unavailable: %s" % e}
        return {
            "type": "state",
            "stones": stones,
            "leds": [list(col) for col in self.lights.colours],
            "held": list(self.held),
            "queued": len(self.queue),
            "turn": COLOURS[pos.turn],
            "in_hand": list(pos.hand),
            "on_board": list(pos.count),
            "captured": [rules.stones - pos.hand[i] - pos.count[i] for i in (0, 1)],
            "record": list(c.record()),
            "result": out.result() if out else None,
            "reason": out.reason if out else None,
            "winner": (COLOURS[out.winner] if out.winner is not None else "draw") if out else None,
            "message": st.get("message", ""),
            "status": _jsonable(st),
            "expected": c.expected_occupancy(),
            "occupancy": occ,
            "planned": self._planned(),
            "firmware_error": self.firmware_error,
            "awaiting_remote": bool(c.awaiting_remote()),
            "settings": {
                "rules": str(rules), "preset": rules.preset, "options": dict(rules.values),
                "players": list(app.players), "level": app.level,
                "learning": bool(getattr(c, "learning", False)),
            },
            "events": _jsonable(self.events[-8:]),
            "serial": self.serial[-8:],
            "hint": self._hint(),
        }

    def _hint(self):
        """The last hint event while it still applies (no move, undo or new game since):
        its answers to "can I close a mill now?" (``mill_now``) and "can the
        opponent close one on the next move?" (``threats``)."""
        for ev in reversed(self.events):
            t = ev.get("type")
            if t == "hint":
                return _jsonable(ev)
            if t in ("move", "undo", "new_game", "resumed"):
                return None
        return None


def catalogue():
    """Presets, their options, the named variations and the option values, for the page."""
    opts = {}
    for k, v in OPTIONS.items():
        opts[k] = {"range": list(v)} if isinstance(v[0], int) else {"values": list(v)}
    from board import leds
    return {
        "points": list(NAMES),
        "meanings": dict(leds.DESCRIPTIONS, **VIEW_MEANINGS),
        "blinking": [leds.MEANINGS[c] for c in leds.BLINKING],
        "presets": {k: preset_values(k) for k in PRESETS},
        "variations": {k: [list(kv) for kv in v] for k, v in VARIATIONS.items()},
        "options": opts,
        "players": list(PLAYER_KINDS[:2]),
        "buttons": list(drivers.BUTTON_NAMES),
    }


def _jsonable(obj):
    return json.loads(json.dumps(obj, default=str))


def physical_actions(pos, text):
    """The physical steps of move ``text`` in position ``pos``: a list of
    ("lift"|"put", point, colour), e.g. 'd2-d3xa1' -> lift d2, put d3, lift a1."""
    frm, to, caps = split_move(pos.geo, text)
    mover = COLOURS[pos.turn]
    acts = []
    if frm != NONE:
        acts.append(("lift", frm, mover))
    acts.append(("put", to, mover))
    for c in caps:
        acts.append(("lift", c, COLOURS[1 - pos.turn]))
    return acts
