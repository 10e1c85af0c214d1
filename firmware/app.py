"""The main-loop body shared by the Pico's ``main.py`` and the host simulator.

``App`` wires the drivers (see ../shared/DESIGN.md, "Contracts worth keeping
small") to the board controller and, for a side played by the computer, to
the engine::

    app = App(sensors, lights, buttons, clock, store, link,
              rules="standard", players=("human", "computer"), level=3)
    while True:
        app.tick()

Driver contracts used here:
- ``sensors.read()`` -> int, bit i set when a stone stands on point i;
- ``lights.show(frame)``, frame = 24 (r, g, b) tuples indexed by point;
- ``buttons.read()`` -> list of "new" / "undo" / "hint" / "ok" since the last read;
- ``clock.ticks_ms()`` and ``clock.ticks_diff(a, b)`` (MicroPython semantics);
- ``store.save(data)`` / ``store.load()`` (bytes, atomic), handed to the controller;
- ``link.read_line()`` -> str or None (non-blocking), ``link.write_line(text)``.

The link protocol is kept minimal here: every controller event goes out as
one JSON object per line; lines in are ``new``, ``undo``, ``hint`` or ``ok``
(pressed as buttons), ``move <text>`` (a move of a side played over the
link, player kind "remote") or ``status``. Anything else gets one
``{"type": "error", ...}`` line back and changes nothing.

Runs unchanged under MicroPython (no dataclasses, typing or f-strings).
"""
try:
    import json
except ImportError:  # very small MicroPython builds
    import ujson as json

from morris import Rules

HUMAN = "human"
COMPUTER = "computer"
REMOTE = "remote"
PLAYER_KINDS = (HUMAN, COMPUTER, REMOTE)
BUTTONS = ("new", "undo", "hint", "ok")
MAX_LINE = 200          # longest link line acted upon
LINES_PER_TICK = 4      # link lines read per tick at most


def _rules(rules):
    if rules is None:
        return Rules("standard")
    if isinstance(rules, str):
        return Rules.parse(rules)
    return rules


def _players(players):
    players = tuple(players)
    if len(players) != 2:
        raise ValueError("players must name two sides (white, black)")
    for p in players:
        if p not in PLAYER_KINDS:
            raise ValueError("player must be one of %s, got %r" % ("/".join(PLAYER_KINDS), p))
    return players


class App:
    """One board session: drivers in, controller and engine in the middle, LEDs out.

    ``rules`` is a ``Rules`` or its text form (``"wikipedia+no_return=on"``);
    ``players`` is (white, black), each "human", "computer" (the engine on
    this board) or "remote" (moves arrive over the link); ``level`` is the
    engine's level. ``slice_ms`` is how long the engine may think per tick.
    ``listener``, when set, is called with every controller event (a dict)
    after it has been forwarded to the link. ``engine`` is an engine object
    to use (``engine.Engine`` API: ``start``, ``step``, ``set_level``); by
    default ``Engine(level)`` is made when the computer first has to move.
    Raises ValueError for bad rules or players.
    """

    def __init__(self, sensors, lights, buttons, clock, store=None, link=None,
                 rules=None, players=(HUMAN, COMPUTER), level=3, slice_ms=4,
                 learning=False, settle_ms=80, listener=None, engine=None):
        self.sensors = sensors
        self.lights = lights
        self.buttons = buttons
        self.clock = clock
        self.store = store
        self.link = link
        self.players = _players(players)
        self.level = level
        self.slice_ms = slice_ms
        self.listener = listener
        self.engine = engine     # made on first need: no engine memory in human games
        self._search = None      # key of the position the engine is searching
        self.frame = None
        from board.controller import Controller
        self.controller = Controller(rules=_rules(rules), players=self.players,
                                     settle_ms=settle_ms, store=store, learning=learning,
                                     now_ms=clock.ticks_ms())

    # ---- the loop body ------------------------------------------------------
    def tick(self):
        """One pass of the main loop: read the drivers, step the controller, show
        its frame, let the computer think a slice, forward events. Returns the frame."""
        now = self.clock.ticks_ms()
        occ = self.sensors.read()
        pressed = list(self.buttons.read())
        if self.link is not None:
            self._poll_link(pressed)
        frame = self.controller.step(now, occ, pressed)
        self.frame = frame
        self.lights.show(frame)
        self._think()
        self._forward(self.controller.events())
        return frame

    def new_game(self, rules=None, players=None, level=None):
        """Start a new game, optionally with other rules, players or engine level."""
        if players is not None:
            self.players = _players(players)
        if level is not None and level != self.level:
            if self.engine is not None:
                self.engine.set_level(level)   # keeps its tables: no new allocation
            self.level = level
        self._search = None
        self.controller.new_game(_rules(rules) if rules is not None else None, players=self.players)
        self._forward(self.controller.events())

    def status(self):
        """The controller's status dict plus ``players`` and ``level``."""
        st = self.controller.status()
        st["players"] = list(self.players)
        st["level"] = self.level
        st["thinking"] = self._search is not None
        return st

    # ---- the computer opponent -------------------------------------------
    def _think(self):
        c = self.controller
        if not c.awaiting_remote():
            self._search = None
            return
        pos = c.position
        if self.players[pos.turn] != COMPUTER:
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

    # ---- the serial link ------------------------------------------------------
    def _poll_link(self, pressed):
        for _ in range(LINES_PER_TICK):
            line = self.link.read_line()
            if line is None:
                return
            self._command(line.strip(), pressed)

    def _command(self, line, pressed):
        if len(line) > MAX_LINE:
            self._send({"type": "error", "message": "line too long"})
        elif line in BUTTONS:
            pressed.append(line)
        elif line == "status":
            self._send(self._link_status())
        elif line.startswith("move "):
            pos = self.controller.position
            if not self.controller.awaiting_remote() or self.players[pos.turn] != REMOTE:
                self._send({"type": "error", "message": "not waiting for a remote move"})
                return
            text = line[5:].strip()
            try:
                pos.parse_move(text)
            except ValueError as e:
                self._send({"type": "error", "message": str(e)})
                return
            self.controller.remote_move(text)
        elif line:
            self._send({"type": "error", "message": "unknown command"})

    def _link_status(self):
        st = self.controller.status()
        out = {"type": "status"}
        for k in ("turn", "phase", "result", "message"):
            out[k] = st.get(k)
        out["record"] = self.controller.record()
        return out

    def _send(self, obj):
        if self.link is not None:
            try:
                self.link.write_line(json.dumps(obj))
            except (TypeError, ValueError):
                self.link.write_line(json.dumps({"type": obj.get("type"), "message": str(obj)}))

    def _forward(self, events):
        for ev in events:
            self._send(ev)
            if self.listener is not None:
                self.listener(ev)
