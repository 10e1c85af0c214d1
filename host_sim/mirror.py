"""Mirror mode: show a real board's game live from its USB serial protocol, read-only.

``python -m host_sim --mirror PORT`` opens PORT with pyserial (a device such
as ``/dev/ttyACM0``, a pseudo-terminal, or any pyserial URL), asks the board
for its state once (``{"cmd": "state"}``, a read-only command of
docs/protocol.md) and from then on only listens to the board's event lines:

- ``new_game`` (rules, first, position), ``move`` (move, by, position),
  ``undo`` / ``resumed`` (record, position): the game, replayed here with
  the rules core and checked against the position text the board sends (on
  a mismatch the mirror asks for the state again);
- ``result``, ``mistake`` / ``fixed`` (points, what), ``hint`` (mill_now,
  threats), ``menu``: shown as words and highlighted points.

The page shows the same board as the simulator but accepts no physical
actions (no clicks, no buttons, no new game): ``Mirror.read_only`` is True and
the server refuses those messages. The protocol does not send the LED
frame, so the mirror marks what the events say (the page marks the last move): a mill just
formed, mistakes, hints.
"""
import json
import time

from morris import Position, Rules, WHITE, BLACK, PRESETS

COLOURS = ("white", "black")
EVENT_LOG = 40
FLASH_S = 1.5
REOPEN_S = 2.0
MAX_LINE = 65536

# LED colours for what the mirror marks (the default palette of firmware/board/leds.py)
from board.legend import table as _led_table

_PAL = _led_table()


def _colour(meaning):
    row = _PAL.get(meaning)
    return list(row["rgb"]) if row else [255, 255, 255]


class Mirror:
    """A read-only view of a board behind a serial ``port``.

    ``serial_factory(port)`` opens the port (default: pyserial's
    ``serial_for_url`` with a zero timeout); the object needs ``read(n)``,
    ``in_waiting``, ``write(bytes)`` and ``close()``. ``step()`` reads what
    has arrived; ``state()`` is the page's state dict (as ``Simulation.state``).
    """

    read_only = True

    def __init__(self, port, serial_factory=None, baudrate=115200):
        self.port = port
        self.baudrate = baudrate
        self._factory = serial_factory
        self.ser = None
        self.connected = False
        self.error = None
        self._buf = b""
        self._opened_at = 0.0
        self.rules = Rules("standard")
        self.game = Position(self.rules)      # replayed from the events
        self.moves = []
        self.first = "white"                  # who moved first: the board's (state, new_game)
        self.players = ["human", "human"]
        self.level = None
        self.learning = False
        self.board_message = ""
        self.result = None
        self.reason = None
        self.mistake = None
        self.hint = None
        self.menu_open = False
        self.flash = None                     # (mill points mask, until)
        self.synced = False
        self.events = []
        self.serial = []
        self.lines = 0
        self._open()

    # ---- the serial port --------------------------------------------------------------
    def _open(self):
        self._opened_at = time.monotonic()
        try:
            if self._factory is not None:
                self.ser = self._factory(self.port)
            else:
                import serial
                self.ser = serial.serial_for_url(self.port, baudrate=self.baudrate, timeout=0)
            self.connected = True
            self.error = None
            self.request_state()
        except Exception as e:  # no board yet: retried by step()
            self.ser = None
            self.connected = False
            self.error = "cannot open %s: %s" % (self.port, e)

    def request_state(self):
        """Ask the board for its state (the only command the mirror sends; read-only)."""
        self._write({"cmd": "state", "id": "mirror"})

    def _write(self, obj):
        if self.ser is None:
            return
        try:
            self.ser.write((json.dumps(obj) + "\n").encode())
        except Exception as e:
            self._lost(e)

    def _lost(self, e):
        self.connected = False
        self.error = "lost %s: %s" % (self.port, e)
        try:
            self.ser.close()
        except Exception:
            pass
        self.ser = None

    def close(self):
        """Close the port."""
        if self.ser is not None:
            try:
                self.ser.close()
            except Exception:
                pass
        self.ser = None
        self.connected = False

    def step(self, dt_ms=None):
        """Read every line that has arrived and act on it (never blocks)."""
        if self.ser is None:
            if time.monotonic() - self._opened_at >= REOPEN_S:
                self._open()
            return None
        try:
            waiting = self.ser.in_waiting
            data = self.ser.read(waiting or 1) if waiting else b""
        except Exception as e:
            self._lost(e)
            return None
        if data:
            self._buf += data
            while b"\n" in self._buf:
                line, self._buf = self._buf.split(b"\n", 1)
                self.feed_line(line.decode("utf-8", "replace").strip("\r"))
            if len(self._buf) > MAX_LINE:
                self._buf = b""
        return None

    # ---- the board's lines ----------------------------------------------------------
    def feed_line(self, line):
        """Act on one line from the board (JSON event or reply; anything else is logged)."""
        if not line.strip():
            return
        self.lines += 1
        self.serial = (self.serial + [line])[-EVENT_LOG:]
        try:
            ev = json.loads(line)
        except ValueError:
            return
        if not isinstance(ev, dict):
            return
        t = ev.get("type")
        if t in ("move", "new_game", "undo", "resumed", "result", "mistake", "fixed", "hint", "menu"):
            self.events = (self.events + [ev])[-EVENT_LOG:]
        try:
            getattr(self, "_on_" + str(t), self._on_other)(ev)
        except (ValueError, TypeError, KeyError) as e:
            self.error = "could not follow the board (%s): asking for its state" % e
            self.request_state()

    def _on_other(self, ev):
        pass

    def _on_state(self, ev):
        pos_text = ev.get("position")
        record = ev.get("record") or []
        self._rebuild(pos_text, record, ev.get("first"))
        self.players = list(ev.get("players") or self.players)
        self.level = ev.get("level", self.level)
        self.learning = bool(ev.get("learning", self.learning))
        self.board_message = ev.get("message") or ""
        self.result = ev.get("result")
        self.reason = ev.get("reason")
        self.synced = True
        self.error = None

    def _rebuild(self, pos_text, record, first=None):
        """The game from the board's position text, record (moves from the start) and
        first player (the state's "first": from the game, not from counting; a board
        that does not send it: white)."""
        end = Position.from_text(pos_text)
        self.rules = end.rules
        if first is not None:
            self.first = first
        game = Position(end.rules, 1 if self.first == "black" else 0)
        try:
            for m in record:
                game.push_text(m)
            ok = _board(game) == _board(end)
        except ValueError:
            ok = False
        if ok:
            self.game = game
            self.moves = list(record)
        else:            # a game set up from a position: show the position only
            self.game = end
            self.moves = []
        self.flash = None

    def _on_new_game(self, ev):
        pos = Position.from_text(ev["position"])
        self.rules = pos.rules
        self.game = pos
        self.moves = []
        self.first = ev.get("first") or ("white", "black")[pos.turn]
        if ev.get("players"):
            self.players = list(ev["players"])
        self.result = self.reason = None
        self.mistake = self.hint = None
        self.flash = None
        self.synced = True

    def _on_move(self, ev):
        text = ev["move"]
        pos = self.game
        mover = pos.turn
        m = pos.push_text(text)
        self.moves.append(pos.move_text(m))
        self.mistake = None
        self.hint = None
        to = m & 31
        geo = pos.geo
        own = pos.bb[mover]
        mill = 0
        for li in geo.lines_at[to]:
            ln = geo.lines[li]
            if own & ln == ln:
                mill |= ln
        self.flash = (mill, time.monotonic() + FLASH_S) if mill else None
        want = ev.get("position")
        if want and _board(Position.from_text(want)) != _board(pos):
            raise ValueError("the board's position differs after %s" % text)
        out = pos.outcome()
        if out is not None:
            self.result, self.reason = out.result(), out.reason

    def _on_undo(self, ev):
        self._rebuild(ev["position"], ev.get("record") or [])
        self.result = self.reason = None
        self.mistake = self.hint = None

    def _on_resumed(self, ev):
        self._rebuild(ev["position"], ev.get("record") or [])

    def _on_result(self, ev):
        self.result = ev.get("result")
        self.reason = ev.get("reason")

    def _on_mistake(self, ev):
        self.mistake = {"points": list(ev.get("points") or []), "what": ev.get("what") or ""}

    def _on_fixed(self, ev):
        self.mistake = None

    def _on_hint(self, ev):
        self.hint = {"turn": ev.get("turn"), "mill_now": list(ev.get("mill_now") or []),
                     "threats": list(ev.get("threats") or []), "moves": len(self.moves)}

    def _on_menu(self, ev):
        self.menu_open = bool(ev.get("open"))

    # ---- records ------------------------------------------------------------------------
    def record_text(self, tags=None):
        """The mirrored game as a record (docs/records.md)."""
        from morris.record import write_record
        from .records import today
        pos = self.game
        n = len(self.moves)
        start = pos.copy()
        all_tags = {"Event": "Morris board game (mirrored)", "Site": "board on %s" % self.port,
                    "Date": today(), "White": self.players[0], "Black": self.players[1]}
        if tags:
            all_tags.update(tags)
        if n:
            return write_record(self.moves, rules=pos.rules, first=self.first, tags=all_tags)
        return write_record([], start=start, tags=all_tags)

    # ---- what the page shows ------------------------------------------------------------
    def message(self):
        """The line the page shows: the mistake, the result, or the board's state."""
        if not self.connected:     # the port's error is for the terminal (self.error), not the page
            return "Waiting for the board"
        if self.mistake:
            return self.mistake["what"]
        if self.result:
            return "Game over: %s (%s)" % (self.result, self.reason)
        if not self.synced:
            return "Waiting for the board"
        pos = self.game
        who = COLOURS[pos.turn].capitalize()
        if pos.hand[pos.turn]:
            return "%s to place a stone (%d in hand)" % (who, pos.hand[pos.turn])
        if pos.flying(pos.turn):
            return "%s flies: lift a stone" % who
        return "%s to move: lift a stone" % who

    def state(self):
        """Everything the page draws, as a JSON-ready dict (the keys of Simulation.state)."""
        pos = self.game
        geo = pos.geo
        stones = []
        occ = pos.bb[0] | pos.bb[1]
        for p in range(geo.n):
            stones.append("white" if pos.bb[WHITE] >> p & 1 else "black" if pos.bb[BLACK] >> p & 1 else None)
        lit = {}      # (the page marks the last move itself, from the record)
        if self.flash is not None and time.monotonic() < self.flash[1]:
            for p in range(geo.n):
                if self.flash[0] >> p & 1:
                    lit[geo.names[p]] = "mill"
        if self.hint is not None and self.hint.get("moves") == len(self.moves):
            for nm in self.hint["threats"]:
                lit[nm] = "hint_threat"
            for nm in [self.hint["to"]] if self.hint.get("to") else self.hint["mill_now"]:
                lit[nm] = "hint_mill"
            if self.hint.get("from"):
                lit[self.hint["from"]] = "hint_from"
        if self.mistake:
            for nm in self.mistake["points"]:
                lit[nm] = "remove"
        leds = []
        for p in range(geo.n):
            m = lit.get(geo.names[p])
            leds.append(_colour(m) if m else [0, 0, 0])
        out = self.result
        winner = None
        if out:
            winner = "draw" if out == "1/2-1/2" else "white" if out == "1-0" else "black"
        if pos.outcome() is None and out is None:
            phase = "placement" if pos.hand[pos.turn] else "flying" if pos.flying(pos.turn) else "movement"
        else:
            phase = "game over"
        rules = pos.rules
        status = {"message": self.message(), "lit": lit, "phase": phase,
                  "state": "mistake" if self.mistake else "over" if out else "idle",
                  "mistakes": [self.mistake] if self.mistake else [], "thinking": False}
        return {
            "type": "state",
            "stones": stones,
            "leds": leds,
            "held": [],
            "queued": 0,
            "turn": COLOURS[pos.turn],
            "in_hand": list(pos.hand),
            "on_board": list(pos.count),
            "captured": [rules.stones - pos.hand[i] - pos.count[i] for i in (0, 1)],
            "record": list(self.moves),
            "result": out,
            "reason": self.reason,
            "winner": winner,
            "message": self.message(),
            "status": status,
            "expected": occ,
            "occupancy": occ,
            "planned": occ,
            "firmware_error": None,
            "awaiting_remote": False,
            "settings": {"rules": str(rules), "preset": rules.preset, "options": dict(rules.values),
                         "players": list(self.players), "level": self.level or 0,
                         "learning": self.learning},
            "events": self.events[-8:],
            "serial": self.serial[-8:],
            "hint": self.hint if self.hint is not None and self.hint.get("moves") == len(self.moves) else None,
            "mirror": {"port": self.port, "connected": self.connected, "synced": self.synced,
                       "lines": self.lines, "error": self.error, "menu": self.menu_open},
        }


def _board(pos):
    return (pos.bb[0], pos.bb[1], pos.hand[0], pos.hand[1], pos.turn)


__all__ = ["Mirror", "PRESETS"]
