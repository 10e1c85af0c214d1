"""The simulator's web server (aiohttp): the page, its files and a WebSocket.

Routes: ``/`` (the page), ``/<file>`` for the files in ``host_sim/static``
only (a fixed list made at start-up: nothing else is reachable, so any other
path, ``..`` tricks included, is 404), ``/ws`` (WebSocket) and
``/api/state`` (the current state as JSON, for scripts).

WebSocket messages, one JSON object each, at most ``MAX_MESSAGE`` characters.
From the page:
  {"type": "lift", "point": "d2"}            a magnet leaves the switch at d2
                                              (points are names a1..g7; numbers are refused)
  {"type": "put", "point": "d3", "colour": "white"}   colour optional
  {"type": "button", "name": "new"|"undo"|"hint"|"ok"}   "hold_ms": n (optional): held
                                              n ms (OK held 2 s opens the board's menu)
  {"type": "new_game", "preset": "standard", "options": {...},
   "white": "human", "black": "computer", "level": 3, "learning": false}
                                              every field optional
  {"type": "settings", "learning": true, "level": 2}   settings that apply at once
                      (either or both; rules and players change with new_game)
  {"type": "resign", "side": "white"}   that side resigns (default: the side to move)
  {"type": "draw"}    the players agree to a draw
  {"type": "puzzle", "level": 1}   puzzle mode at difficulty 1..3 (0: back to the game),
                      as the board's settings menu does (teach/puzzle.py)
  {"type": "sim_options", "auto_remote": true}   simulator only: the computer moves
                      its own stones (false: carry its moves out by hand, as on the board)
  {"type": "sweep"}   take all stones off;   {"type": "tidy"}   set them as expected
  {"type": "clear"}   take all stones off after a game ("Clear the board for me"):
                      refused while a game is in progress
  {"type": "state"}   ask for the state now
  {"type": "export"}  the live game's record -> {"type": "record", "text", "filename"}
                      ({"what": "replay"}: the game being replayed)
  {"type": "import", "text": "..."}   a record, a Sanmill move list or a Sanmill
                      FEN (up to MAX_IMPORT characters): replay view at its start
  {"type": "review"}  replay view of the live game
  {"type": "replay", "action": "first"|"back"|"forward"|"last"|"goto", "index": n}
  {"type": "replay_exit", "continue": false|true}   back to the live game, or
                      continue playing from the replayed position (not when mirroring)
To the page: {"type": "hello", "catalogue": {...}, "languages": {...}} once,
{"type": "state", ...} whenever something changes (with "replay": the replay
view or null, and "mirror" when mirroring), {"type": "error", "message": ...}
for a message that was refused (and changed nothing).

Only the simulator's own pages may use it: a request whose ``Origin`` is another
site's (a page of any site open in the same browser) is refused with 403, the
WebSocket included, and so is one whose ``Host`` is a name other than
``localhost`` or an IP address (DNS rebinding), unless ``--allow-origin`` names it.
A message nested deeper than ``MAX_DEPTH`` is refused before it is parsed.

While the replay view is on, and always in mirror mode, physical actions
(lift, put, button, new_game, sweep, clear, tidy) are refused: the simulated board
is not touched. Other routes: ``/api/record`` (the live game's record as a
text download), ``/i18n/<lang>.json`` (the page's translations, see
host_sim/i18n.py).
"""
import asyncio
import ipaddress
import itertools
import json
import os
import re
import sys
import traceback
from urllib.parse import urlsplit

from aiohttp import web, WSMsgType

from .sim import Simulation, catalogue, build_rules, NAMES
from .records import load as load_record, Replay, RecordError
from . import i18n

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_MESSAGE = 4096
MAX_IMPORT = 65536     # an imported record may be longer than other messages
MAX_DEPTH = 16         # nesting of a message's JSON (a new_game message needs 2)
PHYSICAL = ("lift", "put", "button", "new_game", "sweep", "clear", "tidy", "resign", "draw", "settings",
            "sim_options", "puzzle")
TICK_MS = 20
TYPES = {
    ".html": "text/html", ".js": "text/javascript", ".css": "text/css",
    ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon",
}


def _static_files():
    out = {}
    for name in sorted(os.listdir(STATIC)):
        path = os.path.join(STATIC, name)
        if os.path.isfile(path) and not name.startswith("."):
            out[name] = path
    return out


def _levels():
    try:
        from engine import TOP_LEVEL
    except ImportError:
        TOP_LEVEL = 5
    return list(range(1, TOP_LEVEL + 1))


def _level_names():
    """Level -> who it is for (engine.LEVEL_NAMES), for the page's level menu."""
    from engine import LEVEL_NAMES
    return {lv: LEVEL_NAMES[lv] for lv in _levels()}


class BadMessage(ValueError):
    """A WebSocket message that is refused."""


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]")


def json_depth(raw):
    """How deep the arrays and objects of JSON text ``raw`` nest (brackets inside strings
    are not counted; malformed text gives some number, the parser then refuses it)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", raw))
    return max(itertools.accumulate(1 if c in "[{" else -1 for c in brackets), default=0)


def loads_bounded(raw, max_depth=MAX_DEPTH):
    """``json.loads(raw)`` for untrusted text: BadMessage when it nests deeper than
    ``max_depth`` (the parser would recurse once a level) or is not JSON."""
    if json_depth(raw) > max_depth:
        raise BadMessage("message nested too deeply (at most %d levels)" % max_depth)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("message is not JSON")


def _literal_host(hostname):
    """True for "localhost" and IP addresses: names no other site's DNS can point here."""
    if hostname == "localhost":
        return True
    try:
        ipaddress.ip_address(hostname.strip("[]"))
        return True
    except ValueError:
        return False


def _hostname(host):
    """The name part of a Host header value ("127.0.0.1:8765" -> "127.0.0.1", "[::1]:80" -> "[::1]")."""
    host = (host or "").lower()
    if host.startswith("["):
        return host[:host.find("]") + 1]
    return host.rsplit(":", 1)[0] if ":" in host else host


class SimServer:
    """Owns one Simulation, steps it every ``tick_ms`` and keeps the pages in sync."""

    def __init__(self, sim, tick_ms=TICK_MS, allow_origins=()):
        self.sim = sim
        self.allow_origins = {o.rstrip("/").lower() for o in allow_origins}
        self.tick_ms = tick_ms
        self.clients = set()
        self.files = _static_files()
        self._last = None
        self._task = None
        self._errors = set()
        self.ticks = 0
        self.replay = None
        self.read_only = bool(getattr(sim, "read_only", False))

    # ---- aiohttp application ------------------------------------------------
    def make_app(self):
        """The aiohttp Application with every route and the stepping task
        (the translation catalogues are compiled first when out of date)."""
        i18n.compile_catalogues()
        app = web.Application(client_max_size=64 * 1024, middlewares=[self._guard])
        app.router.add_get("/", self.index)
        app.router.add_get("/ws", self.websocket)
        app.router.add_get("/api/state", self.api_state)
        app.router.add_get("/api/record", self.api_record)
        app.router.add_get("/i18n/{lang}.json", self.api_i18n)
        app.router.add_get("/{name}", self.static)
        app.on_startup.append(self._start)
        app.on_cleanup.append(self._stop)
        return app

    def refusal(self, request):
        """Why ``request`` is refused (text), or None to serve it: a foreign ``Origin``
        (another site's page), a cross-site fetch, or a ``Host`` that is a name other than
        localhost or an IP address (a DNS-rebinding page) and not named by ``allow_origins``."""
        host = (request.host or "").lower()
        name = _hostname(host)
        known = any(urlsplit(o).netloc == host for o in self.allow_origins)
        origin = request.headers.get("Origin")
        if origin is not None:
            origin = origin.rstrip("/").lower()
            if origin in self.allow_origins:
                return None
            if origin != "%s://%s" % (request.scheme, host) or not (_literal_host(name) or known):
                return "refused: a page of another site (%s) may not use the simulator" % origin[:80]
            return None
        if not (_literal_host(name) or known):
            return ("refused: unknown host name %r; open the simulator by its address (http://127.0.0.1:PORT/)"
                    " or name it with --allow-origin" % host[:80])
        if (request.headers.get("Sec-Fetch-Site") == "cross-site"
                and request.headers.get("Sec-Fetch-Mode") != "navigate"):
            return "refused: a page of another site may not use the simulator"
        return None

    @web.middleware
    async def _guard(self, request, handler):
        why = self.refusal(request)
        if why is not None:
            return web.Response(status=403, text=why + "\n")
        return await handler(request)

    async def _start(self, app):
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _stop(self, app):
        if self._task:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        for ws in list(self.clients):
            await ws.close()

    async def index(self, request):
        """The page."""
        return self._file("index.html")

    async def static(self, request):
        """One of the package's static files, by exact name; 404 for anything else."""
        return self._file(request.match_info.get("name", ""))

    def _file(self, name):
        path = self.files.get(name)
        if path is None:
            raise web.HTTPNotFound()
        ctype = TYPES.get(os.path.splitext(name)[1], "application/octet-stream")
        with open(path, "rb") as f:
            body = f.read()
        return web.Response(body=body, content_type=ctype,
                            headers={"Cache-Control": "no-cache"})

    async def api_state(self, request):
        """The current state as JSON."""
        return web.json_response(self.state())

    async def api_record(self, request):
        """The live game's record as a text file download."""
        text = self.sim.record_text()
        return web.Response(text=text, content_type="text/plain", charset="utf-8",
                            headers={"Content-Disposition": 'attachment; filename="%s"' % _filename(),
                                     "Cache-Control": "no-cache"})

    async def api_i18n(self, request):
        """The page's translations for one language: {"lang", "name", "messages": {msgid: text}}."""
        lang = request.match_info.get("lang", "")
        if lang not in i18n.LANGUAGES:
            raise web.HTTPNotFound()
        return web.json_response(i18n.catalogue_json(lang))

    def state(self):
        """The page's state: the board (simulated or mirrored) plus the replay view."""
        st = self.sim.state()
        st["replay"] = self.replay.state() if self.replay is not None else None
        st["mode"] = "mirror" if self.read_only else "simulator"
        return st

    # ---- stepping ---------------------------------------------------------------
    async def _run(self):
        period = self.tick_ms / 1000.0
        loop = asyncio.get_running_loop()
        nxt = loop.time()
        while True:
            self.step()
            await self.broadcast()
            nxt += period
            delay = nxt - loop.time()
            if delay < 0:
                nxt = loop.time()
                delay = 0
            await asyncio.sleep(delay)

    def step(self):
        """One simulator step; a firmware exception is reported once and play goes on."""
        try:
            self.sim.step()
            self.ticks += 1
        except Exception as e:  # keep serving the page; show the bug
            key = repr(e)
            if key not in self._errors:
                self._errors.add(key)
                traceback.print_exc()
                self.sim.firmware_error = "firmware error: %s" % key[:300]

    async def broadcast(self, force=False):
        """Send the state to every page if it changed (or ``force``)."""
        if not self.clients:
            return
        text = json.dumps(self.state())
        if text == self._last and not force:
            return
        self._last = text
        for ws in list(self.clients):
            try:
                await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                self.clients.discard(ws)

    # ---- WebSocket -------------------------------------------------------------------
    async def websocket(self, request):
        """The live connection of one page."""
        ws = web.WebSocketResponse(max_msg_size=1 << 20, heartbeat=30)
        await ws.prepare(request)
        self.clients.add(ws)
        try:
            await ws.send_json({"type": "hello", "catalogue": catalogue(), "levels": _levels(),
                                "level_names": _level_names(),
                                "languages": i18n.language_names(), "mode": "mirror" if self.read_only
                                else "simulator"})
            await ws.send_str(json.dumps(self.state()))
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        reply = self.handle(msg.data)
                    except BadMessage as e:
                        await ws.send_json({"type": "error", "message": str(e)})
                        continue
                    except Exception as e:  # a bug: say so, keep the connection and the game
                        traceback.print_exc()
                        await ws.send_json({"type": "error", "message": "internal error: %r" % e})
                        continue
                    await ws.send_str(json.dumps(reply or self.state()))
                elif msg.type == WSMsgType.BINARY:
                    await ws.send_json({"type": "error", "message": "binary messages are not accepted"})
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            self.clients.discard(ws)
        return ws

    def handle(self, raw):
        """Act on one page message (text); returns a reply dict or None (reply: the state).

        Raises BadMessage, having changed nothing, for anything malformed."""
        if len(raw) > MAX_IMPORT:
            raise BadMessage("message too large (%d characters, at most %d)" % (len(raw), MAX_IMPORT))
        data = loads_bounded(raw)
        if not isinstance(data, dict):
            raise BadMessage("message must be a JSON object")
        kind = data.get("type")
        if kind != "import" and len(raw) > MAX_MESSAGE:
            raise BadMessage("message too large (%d characters, at most %d)" % (len(raw), MAX_MESSAGE))
        sim = self.sim
        if kind in PHYSICAL:
            if self.read_only:
                raise BadMessage("mirror mode is read-only: play on the board itself")
            if self.replay is not None:
                raise BadMessage("replay view: leave the replay to touch the board")
        try:
            if kind in ("export", "import", "review", "replay", "replay_exit"):
                return self._records(kind, data)
            if kind == "lift":
                sim.lift(_point(data))
            elif kind == "put":
                sim.put(_point(data), data.get("colour"))
            elif kind == "button":
                sim.press(data.get("name"), data.get("hold_ms", 0))
            elif kind == "new_game":
                self._new_game(data)
            elif kind == "sweep":
                sim.sweep()
            elif kind == "clear":
                if sim.board()["state"] not in ("over", "clear"):
                    raise BadMessage("the board is cleared for you only when the game is over")
                sim.sweep()
            elif kind == "settings":
                self._settings(data)
            elif kind == "resign":
                side = data.get("side")
                if side not in (None, "white", "black"):
                    raise BadMessage("side must be white or black")
                sim.resign(side)
            elif kind == "draw":
                sim.agree_draw()
            elif kind == "sim_options":
                auto = data.get("auto_remote")
                if not isinstance(auto, bool):
                    raise BadMessage("auto_remote must be true or false")
                sim.auto_remote = auto
            elif kind == "tidy":
                sim.tidy()
            elif kind == "puzzle":
                level = data.get("level")
                if type(level) is not int or not 0 <= level <= 3:
                    raise BadMessage("puzzle level must be 0..3")
                sim.set_puzzle(level)
            elif kind == "state":
                return self.state()
            else:
                raise BadMessage("unknown message type %r" % (kind,)[:80])
        except BadMessage:
            raise
        except (ValueError, TypeError) as e:
            raise BadMessage(str(e)[:200])
        return None

    def _records(self, kind, data):
        sim = self.sim
        if kind == "export":
            if data.get("what") == "replay":
                if self.replay is None:
                    raise BadMessage("no replay to export")
                text = self.replay.record_text()
            else:
                text = sim.record_text()
            return {"type": "record", "text": text, "filename": _filename()}
        if kind == "import":
            text = data.get("text")
            if not isinstance(text, str):
                raise BadMessage("import needs the record as text")
            rules = data.get("rules")
            if rules is not None and not isinstance(rules, str):
                raise BadMessage("rules must be a rules text")
            try:
                tags, start, moves = load_record(text, rules)
            except RecordError as e:
                raise BadMessage("record refused: %s" % e)
            self.replay = Replay(tags, start, moves)
            self.replay.go("first")
            return None
        if kind == "review":
            tags, start, moves = load_record(sim.record_text())
            self.replay = Replay(tags, start, moves, source="live")
            return None
        if self.replay is None:
            raise BadMessage("no replay is on")
        if kind == "replay":
            self.replay.go(data.get("action"), data.get("index"))
            return None
        # replay_exit
        cont = data.get("continue", False)
        if not isinstance(cont, bool):
            raise BadMessage("continue must be true or false")
        if cont:
            if self.read_only:
                raise BadMessage("mirror mode is read-only: cannot continue here")
            r = self.replay
            sim.continue_from(r.start, r.moves[:r.index])
        self.replay = None
        return None

    def _settings(self, data):
        learning = data.get("learning")
        level = data.get("level")
        if learning is not None and not isinstance(learning, bool):
            raise BadMessage("learning must be true or false")
        if level is not None and (not isinstance(level, int) or isinstance(level, bool)
                                  or level not in _levels()):
            raise BadMessage("level must be one of %s" % _levels())
        self.sim.apply_settings(learning=learning, level=level)

    def _new_game(self, data):
        for k in data:
            if k not in _NEW_GAME_FIELDS:
                raise BadMessage("unknown field %r for new_game (known: %s)" % (k, ", ".join(_NEW_GAME_FIELDS[1:])))
        cur = self.sim.state()["settings"]
        preset = data.get("preset", cur["rules"].split("+")[0])
        options = data.get("options", {})
        if not isinstance(preset, str) or not isinstance(options, dict):
            raise BadMessage("new_game needs a preset name and an options object")
        for k, v in options.items():
            if not isinstance(v, (str, int)) or isinstance(v, bool):
                raise BadMessage("option %s: value must be text or a number" % k)
        rules = build_rules(preset, {k: str(v) for k, v in options.items()})
        white = data.get("white", cur["players"][0])
        black = data.get("black", cur["players"][1])
        for p in (white, black):
            if p not in ("human", "computer"):
                raise BadMessage("player must be human or computer, got %r" % (p,))
        level = data.get("level", cur["level"])
        if not isinstance(level, int) or isinstance(level, bool) or level not in _levels():
            raise BadMessage("level must be one of %s" % _levels())
        learning = data.get("learning", cur.get("learning", False))
        if not isinstance(learning, bool):
            raise BadMessage("learning must be true or false")
        self.sim.new_game(rules=rules, players=(white, black), level=level, learning=learning)


_NEW_GAME_FIELDS = ("type", "preset", "options", "white", "black", "level", "learning")


def _point(data):
    """The point of a lift / put message: a name like "d2" only (a number is refused)."""
    p = data.get("point")
    if not isinstance(p, str) or p.strip().lower() not in NAMES:
        raise BadMessage("bad point %r" % (p,))
    return p.strip().lower()


def _filename():
    import time
    return time.strftime("morris-%Y%m%d-%H%M.txt")


def make_simulation(args):
    """A Simulation from the parsed command line (defaults: standard, human v computer),
    or a Mirror of a real board with ``--mirror PORT``."""
    if getattr(args, "mirror", None):
        from .mirror import Mirror
        return Mirror(args.mirror)
    from .drivers import FileStore
    rules = build_rules(args.rules, args.option)
    players = (args.white or "human", args.black or "computer")
    store = None
    if getattr(args, "state_dir", None):
        store = FileStore(os.path.join(args.state_dir, "game.txt"))
    return Simulation(rules=rules, players=players, level=args.level, store=store,
                      learning=getattr(args, "learning", False),
                      auto_remote=not getattr(args, "by_hand", False))


def run(args):
    """Serve the simulator until interrupted; prints the URL to open. Returns the exit code."""
    server = SimServer(make_simulation(args), allow_origins=getattr(args, "allow_origin", None) or ())
    if server.read_only and not server.sim.connected:
        print("error: --mirror: %s (is the board plugged in, is this its serial port?)" % server.sim.error,
              file=sys.stderr)
        return 1
    app = server.make_app()

    async def main():
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, args.host, args.port)
        try:
            await site.start()
        except OSError as e:
            print("error: cannot listen on %s:%s: %s" % (args.host, args.port, e.strerror or e),
                  file=sys.stderr)
            await runner.cleanup()
            return 1
        port = runner.addresses[0][1] if runner.addresses else args.port
        host = args.host if ":" not in args.host else "[%s]" % args.host
        st = server.sim.state()["settings"]
        if server.read_only:
            print("Mirroring the board on %s (read-only)" % args.mirror)
        else:
            print("Nine Men's Morris board simulator: %s, White %s, Black %s, level %d"
                  % (st["rules"], st["players"][0], st["players"][1], st["level"]))
        print("Open http://%s:%d/ in a browser (Ctrl+C to stop)" % (host, port), flush=True)
        try:
            while True:
                await asyncio.sleep(3600)
        finally:
            await runner.cleanup()

    try:
        return asyncio.run(main())
    except KeyboardInterrupt:
        print("stopped")
        return 0
