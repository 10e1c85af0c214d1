"""The USB serial protocol: JSON lines (docs/protocol.md).

Every line in is one JSON object with a ``"cmd"`` and that command's fields
(and optionally an ``"id"``, a string of up to 32 characters or an integer,
echoed in the reply). Every command gets exactly one reply line: its result
(``"type"`` = "ok", "state", "settings", "hello" or "selftest") or, for a
line that is not a valid command, ``{"type": "error", "error": "..."}`` and
nothing changes. Game events (moves, mistakes, results, undo, new game,
resumed, hints) go out as they happen, one JSON object a line, with the
position text added to those that change the position.

Commands (fields in brackets are optional):

- ``hello``: protocol version, firmware, commands;
- ``state``: the game: position text, record, turn, phase, result, players...;
- ``new`` [rules | preset [options]] [players] [level] [learning] [first]: new
  game (starts when the board is empty); the choices are saved as the settings;
- ``undo``: take back the last move (the LEDs show how);
- ``hint``: show a hint on the board (a "hint" event follows);
- ``press`` button: as if a board button ("new", "undo", "hint", "ok") was pressed;
- ``move`` move: the move of a side played over the link ("remote");
- ``settings`` [set]: read, or change and save, the settings (learning mode
  and level at once, rules and players with the next game);
- ``resign`` [side]: the side to move (or ``side``) resigns;
- ``draw``: the players agree to a draw;
- ``record``: the game so far as record text (docs/records.md);
- ``selftest``: driver checks (switch chain, scan rate, LEDs, store, memory);
  built over several passes while the loop goes on (the reply comes when done);
- ``stats`` [reset]: the main loop's pass times and the engine's share of the
  CPU while it thinks, measured on the board (``mainloop.PassStats``, the
  reply built by ``stats.report``).

Runs unchanged under MicroPython.
"""
import sys
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json  # type: ignore

import settings as settings_mod
from morris import Rules

PROTOCOL = 1
FIRMWARE = "morris-board "   # + version.VERSION (firmware/version.py; loaded when asked)
MAX_LINE = 256          # longest line acted upon (characters)
LINES_PER_POLL = 4      # lines handled per main-loop pass
BUTTONS = ("new", "undo", "hint", "ok")
# command -> optional fields (besides "cmd" and "id")
COMMANDS = {
    "hello": (),
    "state": (),
    "new": ("rules", "preset", "options", "players", "level", "learning", "first"),
    "undo": (),
    "hint": (),
    "press": ("button",),
    "move": ("move",),
    "settings": ("set",),
    "selftest": (),
    "stats": ("reset",),
    "record": (),
    "resign": ("side",),
    "draw": (),
}
REQUIRED = {"press": ("button",), "move": ("move",)}
POSITION_EVENTS = ("move", "undo", "new_game", "resumed")


class CommandError(Exception):
    """A line that is not a valid command; the message goes back in the error reply."""


class Protocol:
    """Reads commands from ``link`` and acts on ``host`` (the main loop); sends events.

    ``host`` (the ``mainloop.MainLoop``) provides: ``controller``, ``players``,
    ``level``, ``settings`` (dict), ``menu`` (None or the open menu),
    ``thinking()`` -> bool, ``new_game(values, first)`` -> bool (True: started
    now), ``save_settings(values)`` -> None or error text, ``press(name)``
    (a button press for the next pass), ``run_job(generator)`` -> bool
    (the selftest over passes), ``stats`` (mainloop.PassStats), ``sensors``,
    ``lights``, ``store``, ``bootlog``, ``clock``.
    ``link``: ``read_line()`` / ``write_line(text)``.
    """

    def __init__(self, host, link):
        self.host = host
        self.link = link
        self._ident = None     # the id of the command being handled (for a later reply)

    # ---- in --------------------------------------------------------------
    def poll(self):
        """Handle up to LINES_PER_POLL waiting lines (never blocks); True when there
        was a line (``read_line``)."""
        for k in range(LINES_PER_POLL):
            line = self.read_line()
            if line is None:
                return k > 0
            self.handle(line)
        return True

    def read_line(self):
        """The link's next line (str) or None (never blocks). A line the link cannot
        read (ValueError from its ``read_line``: not UTF-8, too long) gets the error
        reply with the link's reason (its ``error``), and None comes back."""
        try:
            return self.link.read_line()
        except ValueError:     # not bound "as": that makes a frame MicroPython puts on the heap
            self._unreadable()
        return None

    def _unreadable(self):
        # the error reply to a line the link could not read
        self.send({"type": "error", "error": getattr(self.link, "error", None) or "line unreadable"})

    def handle(self, line):
        """Act on one line; sends and returns the one reply dict (None for a blank line)."""
        if not line.strip():
            return None
        reply = None
        ident = None
        cmd = None
        try:
            if len(line) > MAX_LINE:
                raise CommandError("line too long (max %d characters)" % MAX_LINE)
            try:
                obj = json.loads(line)
            except Exception:
                raise CommandError("not JSON")
            if not isinstance(obj, dict):
                raise CommandError("a command is a JSON object")
            if "id" in obj:
                ident = obj["id"]
                if not ((isinstance(ident, str) and len(ident) <= 32)
                        or (type(ident) is int and -(1 << 29) < ident < (1 << 29))):
                    ident = None
                    raise CommandError("id must be a string (up to 32) or a small integer")
            cmd = obj.get("cmd")
            if not isinstance(cmd, str) or cmd not in COMMANDS:
                cmd = None
                raise CommandError("unknown command; known: " + " ".join(sorted(COMMANDS)))
            allowed = COMMANDS[cmd]
            for k in obj:
                if k != "cmd" and k != "id" and k not in allowed:
                    raise CommandError("unknown field %r for %s" % (k, cmd))
            for k in REQUIRED.get(cmd, ()):
                if k not in obj:
                    raise CommandError("%s needs %r" % (cmd, k))
            self._ident = ident
            reply = getattr(self, "_cmd_" + cmd)(obj)
            if reply is None:          # the reply follows when it is ready (selftest)
                return None
        except CommandError as e:
            reply = {"type": "error", "error": str(e)}
            if cmd is not None:
                reply["cmd"] = cmd
        except Exception as e:  # a fault below (e.g. MemoryError): still one reply, loop goes on
            reply = {"type": "error", "error": "internal error: %s" % e}
            if cmd is not None:
                reply["cmd"] = cmd
        if ident is not None:
            reply["id"] = ident
        self.send(reply)
        return reply

    # ---- commands: validate everything first, then act -------------------------
    def _cmd_hello(self, obj):
        from version import VERSION
        out = {"type": "hello", "protocol": PROTOCOL, "firmware": FIRMWARE + VERSION,
               "commands": sorted(COMMANDS)}
        out.update(self.host.boot_info)    # the Pico: reset cause, boots, crash streak
        return out

    def _cmd_state(self, obj):
        return self.state()

    def _cmd_new(self, obj):
        values = dict(self.host.settings)
        if "rules" in obj and ("preset" in obj or "options" in obj):
            raise CommandError("give either rules or preset/options")
        if "options" in obj and "preset" not in obj:
            raise CommandError("options need a preset")
        if "rules" in obj:
            values["rules"] = self._check("rules", obj["rules"])
        elif "preset" in obj:
            preset = obj["preset"]
            options = obj.get("options", {})
            if not isinstance(preset, str) or not isinstance(options, dict):
                raise CommandError("preset must be a name and options an object")
            try:
                for k in options:
                    v = options[k]
                    if not isinstance(v, str) and type(v) is not int:
                        raise ValueError("option %s needs a text or integer value" % k)
                rules = Rules(preset, **options)
            except (ValueError, TypeError) as e:
                raise CommandError(str(e))
            values["rules"] = str(rules)
        for k in ("players", "level", "learning"):
            if k in obj:
                values[k] = self._check(k, obj[k])
        first = obj.get("first")
        if "first" in obj and first != "white" and first != "black":
            raise CommandError("first must be white or black")
        started = self.host.new_game(values, first)
        return {"type": "ok", "cmd": "new", "started": bool(started), "rules": values["rules"]}

    def _cmd_undo(self, obj):
        if not self.host.controller.undo():
            raise CommandError("nothing to undo now")
        return {"type": "ok", "cmd": "undo"}

    def _cmd_hint(self, obj):
        self.host.controller.hint()
        return {"type": "ok", "cmd": "hint"}

    def _cmd_press(self, obj):
        b = obj["button"]
        if b not in BUTTONS:
            raise CommandError("button must be one of " + "/".join(BUTTONS))
        self.host.press(b)
        return {"type": "ok", "cmd": "press", "button": b}

    def _cmd_move(self, obj):
        text = obj["move"]
        if not isinstance(text, str) or not 0 < len(text) <= 16:
            raise CommandError("move must be move text such as 'd2', 'd2-d3' or 'd2-d3xa1'")
        host = self.host
        c = host.controller
        pos = c.position
        if not c.awaiting_remote() or host.players[pos.turn] != "remote":
            raise CommandError("not waiting for a move over the link")
        try:
            m = pos.parse_move(text)
        except ValueError as e:
            raise CommandError(str(e))
        canonical = pos.move_text(m)
        c.remote_move(m)
        return {"type": "ok", "cmd": "move", "move": canonical}

    def _cmd_resign(self, obj):
        side = obj.get("side")
        if side is not None and side not in ("white", "black"):
            raise CommandError("side must be white or black")
        if not self.host.controller.resign(side):
            raise CommandError("no game going on to resign")
        return {"type": "ok", "cmd": "resign"}

    def _cmd_draw(self, obj):
        if not self.host.controller.agree_draw():
            raise CommandError("no game going on to draw")
        return {"type": "ok", "cmd": "draw"}

    def _cmd_settings(self, obj):
        values = dict(self.host.settings)
        if "set" in obj:
            new = obj["set"]
            if not isinstance(new, dict) or not new:
                raise CommandError("set must be an object of settings")
            for k in new:
                if k not in settings_mod.KEYS:
                    raise CommandError("unknown setting %r" % (k,))
                values[k] = self._check(k, new[k])
            err = self.host.save_settings(values)
            if err is not None:
                raise CommandError("settings not saved: " + err)
        out = {"type": "settings"}
        for k in settings_mod.KEYS:
            out[k] = values[k]
        return out

    def _cmd_record(self, obj):
        host = self.host
        names = []
        for kind in host.players:
            names.append("computer level %d" % host.level if kind == "computer" else kind)
        text = host.controller.export_record({"Event": "Morris board game", "Site": "Morris board",
                                             "White": names[0], "Black": names[1]})
        return {"type": "record", "text": text}

    def _cmd_selftest(self, obj):
        import selftest   # for the check only, and dropped again (heap)
        gen = selftest.replying(self.host, self._ident, self.send)
        sys.modules.pop("selftest", None)
        if not self.host.run_job(gen):
            raise CommandError("a self-test is already running")
        return None

    def _cmd_stats(self, obj):
        reset = obj.get("reset", False)
        if reset is not True and reset is not False:
            raise CommandError("reset must be true or false")
        st = self.host.stats
        import stats      # for the reply only, and dropped again (heap)
        out = stats.report(st)
        sys.modules.pop("stats", None)
        if reset:
            self.host.stats = type(st)()    # a new one counts afresh
        return out

    @staticmethod
    def _check(key, value):
        try:
            return settings_mod.check(key, value)
        except ValueError as e:
            raise CommandError(str(e))

    # ---- out -------------------------------------------------------------
    def state(self):
        """The "state" reply: the game as a dict."""
        host = self.host
        c = host.controller
        st = c.status()
        out = {"type": "state", "position": c.position.text()}
        for k in ("turn", "phase", "state", "result", "reason", "message", "in_hand",
                  "on_board", "record", "first", "rules", "learning", "remote", "awaiting_remote",
                  "lifted", "mistakes", "hint"):
            out[k] = st.get(k)
        for k in ("quality", "puzzle"):      # learning mode's move quality, puzzle mode
            if st.get(k) is not None:
                out[k] = st[k]
        out["players"] = list(host.players)
        out["level"] = host.level
        out["thinking"] = host.thinking()
        out["lit"] = st.get("lit")
        out["occupancy"] = c.settled
        out["expected"] = c.expected_occupancy()
        menu = host.menu
        out["menu"] = None if menu is None else {"item": menu.key(), "values": menu.values}
        return out

    def event(self, ev):
        """Send a controller event (dict with "type"), with the position text added
        to those that change the position. A "move" event goes out without the
        whole record (the move and the position say it all; "state" has the record).
        A "new_game" event names the players as the settings do ("computer", not
        the controller's "remote" for any side whose moves it is handed)."""
        t = ev.get("type")
        if t in POSITION_EVENTS:
            ev = dict(ev)
            if t == "move":
                ev.pop("record", None)
            elif t == "new_game":
                ev["players"] = list(self.host.players)
            ev["position"] = self.host.controller.position.text()
        self.send(ev)

    def send(self, obj):
        """Write ``obj`` as one JSON line."""
        try:
            text = json.dumps(obj)
        except (TypeError, ValueError):
            text = json.dumps({"type": "error", "error": "unserialisable reply"})
        self.link.write_line(text)
