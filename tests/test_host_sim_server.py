"""The simulator's web server: refuses malformed messages without changing
anything, serves nothing outside host_sim/static, binds to loopback by default.
Uses aiohttp's test utilities (TestServer / TestClient) on a loopback port."""
import asyncio
import json
import os
import re
import subprocess
import sys
import time

from aiohttp.test_utils import TestClient, TestServer
from yarl import URL

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim.__main__ import parser, DEFAULT_HOST
from host_sim.server import SimServer, MAX_MESSAGE
from host_sim.sim import Simulation, NAMES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(coro):
    return asyncio.run(coro)


async def _client(players=("human", "human")):
    server = SimServer(Simulation(players=players))
    client = TestClient(TestServer(server.make_app(), host="127.0.0.1"))
    await client.start_server()
    return server, client


async def _recv(ws, kind, timeout=5.0):
    """Next message of type ``kind`` (others are skipped)."""
    end = time.monotonic() + timeout
    while True:
        msg = await asyncio.wait_for(ws.receive_json(), max(0.05, end - time.monotonic()))
        if msg.get("type") == kind:
            return msg


def _physical(state):
    keys = ("stones", "record", "planned", "queued", "occupancy", "held", "settings", "in_hand")
    return {k: state[k] for k in keys}


MALFORMED = [
    ("not JSON", "{this is not json"),
    ("not an object", "[1, 2, 3]"),
    ("unknown type", json.dumps({"type": "teleport", "point": "d2"})),
    ("no type", json.dumps({"point": "d2"})),
    ("bad point name", json.dumps({"type": "put", "point": "z9"})),
    ("bad point number", json.dumps({"type": "put", "point": 24})),
    ("negative point", json.dumps({"type": "lift", "point": -1})),
    ("point of wrong type", json.dumps({"type": "put", "point": [1]})),
    ("boolean point", json.dumps({"type": "put", "point": True})),
    ("numeric point", json.dumps({"type": "put", "point": 5})),
    ("numeric point zero", json.dumps({"type": "put", "point": 0})),
    ("numeric lift", json.dumps({"type": "lift", "point": 1})),
    ("numeric string", json.dumps({"type": "put", "point": "5"})),
    ("lift from empty point", json.dumps({"type": "lift", "point": "a1"})),
    ("bad colour", json.dumps({"type": "put", "point": "a1", "colour": "green"})),
    ("bad button", json.dumps({"type": "button", "name": "self-destruct"})),
    ("bad preset", json.dumps({"type": "new_game", "preset": "chess"})),
    ("bad option", json.dumps({"type": "new_game", "preset": "standard", "options": {"gravity": "on"}})),
    ("bad option value", json.dumps({"type": "new_game", "options": {"double_mill": "three"}})),
    ("bad player", json.dumps({"type": "new_game", "white": "robot"})),
    ("bad level", json.dumps({"type": "new_game", "level": 99})),
    ("bad learning", json.dumps({"type": "new_game", "learning": "yes"})),
    ("unknown new_game field", json.dumps({"type": "new_game", "players": ["x", "y"]})),
    ("oversized", json.dumps({"type": "put", "point": "d2", "pad": "x" * (MAX_MESSAGE + 10)})),
    ("huge", "x" * 200000),
]


def test_malformed_messages_get_an_error_and_change_nothing():
    async def go():
        server, client = await _client()
        try:
            ws = await client.ws_connect("/ws")
            hello = await _recv(ws, "hello")
            assert "d2" in hello["catalogue"]["points"]
            await _recv(ws, "state")
            await ws.send_str(json.dumps({"type": "put", "point": "d2"}))
            for _ in range(100):      # let the stone settle into a recorded move
                await asyncio.sleep(0.02)
                if server.sim.state()["record"] == ["d2"]:
                    break
            before = _physical(server.sim.state())
            assert before["record"] == ["d2"]
            for name, raw in MALFORMED:
                await ws.send_str(raw)
                reply = await _recv(ws, "error")
                assert reply["message"], name
                if name.startswith("numeric"):
                    assert reply["message"].startswith("bad point"), (name, reply)
                assert _physical(server.sim.state()) == before, name
            await ws.send_bytes(b"\x00\x01binary")
            assert (await _recv(ws, "error"))["message"]
            # the connection still works: a good message is answered with the state
            await ws.send_str(json.dumps({"type": "state"}))
            st = await _recv(ws, "state")
            assert st["record"] == ["d2"]
            assert _physical(server.sim.state()) == before
            await ws.close()
        finally:
            await client.close()
    run(go())


def test_good_messages_play_a_move_and_press_buttons():
    async def go():
        server, client = await _client()
        try:
            ws = await client.ws_connect("/ws")
            await _recv(ws, "state")
            await ws.send_str(json.dumps({"type": "put", "point": "D2 "}))   # a name, any case
            await ws.send_str(json.dumps({"type": "put", "point": "d6", "colour": "black"}))
            for _ in range(150):
                await asyncio.sleep(0.02)
                if len(server.sim.state()["record"]) == 2:
                    break
            st = server.sim.state()
            assert st["record"] == ["d2", "d6"]
            assert st["stones"][4] == "white"
            await ws.send_str(json.dumps({"type": "button", "name": "hint"}))
            await ws.send_str(json.dumps({"type": "new_game", "preset": "wikipedia",
                                          "options": {"no_return": "on"}, "white": "human",
                                          "black": "human", "level": 2}))
            for _ in range(150):
                await asyncio.sleep(0.02)
                st = server.sim.state()
                if st["settings"]["rules"] == "wikipedia+no_return=on" and st["record"] == []:
                    break
            assert st["settings"]["rules"] == "wikipedia+no_return=on"
            assert st["settings"]["level"] == 2
            assert st["record"] == [] and st["occupancy"] == 0
            await ws.close()
        finally:
            await client.close()
    run(go())


TRAVERSALS = [
    "/../pyproject.toml",
    "/..%2f..%2fpyproject.toml",
    "/%2e%2e/%2e%2e/pyproject.toml",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/static/../../Makefile",
    "/..\\..\\Makefile",
    "/server.py",
    "/__init__.py",
    "/sim.py",
    "/%2fetc%2fpasswd",
    "//etc/passwd",
    "/etc/passwd",
    "/app.js/../../server.py",
    "/.hidden",
    "/index.html%00.py",
]


def test_path_traversal_is_404_and_static_files_are_served():
    async def go():
        server, client = await _client()
        try:
            for path in ("/", "/index.html", "/app.js", "/style.css", "/favicon.svg"):
                r = await client.get(path)
                assert r.status == 200, path
                await r.read()
            base = str(client.make_url("/"))[:-1]
            for path in TRAVERSALS:
                r = await client.session.get(URL(base + path, encoded=True))
                body = await r.text()
                assert r.status == 404, (path, r.status)
                assert "[project]" not in body and "root:" not in body and "import" not in body
        finally:
            await client.close()
    run(go())


def test_api_state_is_json():
    async def go():
        server, client = await _client()
        try:
            r = await client.get("/api/state")
            st = await r.json()
            assert st["type"] == "state" and len(st["stones"]) == 24 and len(st["leds"]) == 24
        finally:
            await client.close()
    run(go())


def test_default_bind_is_loopback():
    args = parser().parse_args([])
    assert DEFAULT_HOST == "127.0.0.1" and args.host == "127.0.0.1"
    assert args.rules == "standard" and args.black is None and args.white is None


def _listening(port):
    """Local addresses (hex ip) listening on ``port`` from /proc/net/tcp{,6}."""
    out = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(name) as f:
                rows = f.read().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            parts = row.split()
            ip, p = parts[1].split(":")
            if int(p, 16) == port and parts[3] == "0A":
                out.append(ip)
    return out


def test_started_simulator_prints_url_and_listens_on_loopback_only():
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "--port", "0"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        t = time.time()
        lines = []
        while time.time() - t < 30:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            m = re.search(r"http://([0-9.]+):(\d+)/", line)
            if m:
                url = m.group(0)
                break
        assert url, "".join(lines)
        host, port = m.group(1), int(m.group(2))
        assert host == "127.0.0.1"
        assert "standard" in "".join(lines) and "Black computer" in "".join(lines)
        if os.path.exists("/proc/net/tcp"):
            addrs = _listening(port)
            assert addrs and all(a == "0100007F" for a in addrs), addrs
        import urllib.request
        with urllib.request.urlopen(url + "api/state", timeout=10) as r:
            st = json.loads(r.read())
        assert st["settings"]["players"] == ["human", "computer"]
    finally:
        proc.terminate()
        proc.wait(10)


def test_holding_ok_opens_the_boards_menu_and_the_page_shows_it():
    """OK held 2 s on the empty board opens the firmware's settings menu: the LEDs show
    it (d5 = rules, a7 = its first choice), the page's line says it; the buttons then
    edit the settings, and saving starts a new game with them (over docs/protocol.md)."""
    server = SimServer(Simulation(players=("human", "computer"), manual_clock=True))
    sim = server.sim
    sim.settle()
    server.handle(json.dumps({"type": "button", "name": "ok", "hold_ms": 2500}))
    sim.settle()
    st = server.state()
    assert st["status"]["menu"] == {"item": "rules", "values": sim.board()["menu"]["values"]}
    assert st["message"].startswith("Settings menu: rules = standard (Hint: next value")
    from host_sim import i18n, sim as sim_mod
    assert sim_mod.MENU_MESSAGE in i18n.TEMPLATES          # the page can translate it
    lit = {p for p, c in zip(NAMES, st["leds"]) if c != [0, 0, 0]}
    assert lit == {"d5", "a7"}
    assert [e for e in st["events"] if e["type"] == "menu"][-1] == {"type": "menu", "open": True,
                                                                    "firmware": "dev"}
    for b in ("hint", "ok", "ok", "hint", "hint"):      # wikipedia; level kept; players human-human
        server.handle(json.dumps({"type": "button", "name": b}))
        sim.settle()
    assert "players = White: human, Black: human" in server.state()["message"]
    for b in ("ok", "ok", "ok", "ok"):       # learning stays off, brightness kept, no puzzles; save
        server.handle(json.dumps({"type": "button", "name": b}))
        sim.settle()
    st = server.state()
    assert st["status"]["menu"] is None and st["settings"]["rules"] == "wikipedia"
    assert st["settings"]["players"] == ["human", "human"]
    assert sim.ask("settings")["rules"] == "wikipedia"
    assert [e for e in st["events"] if e["type"] == "menu"][-1] == {"type": "menu", "open": False, "saved": True}


def test_clear_the_board_for_me_is_refused_while_a_game_is_in_progress():
    """The page's "Clear the board for me" ({"type": "clear"}) takes the stones off only
    when the game is over; mid-game it is refused and the stones stay."""
    from host_sim.server import BadMessage
    server = SimServer(Simulation(players=("human", "human"), manual_clock=True))
    sim = server.sim
    sim.settle()
    server.handle(json.dumps({"type": "put", "point": "d2", "colour": "white"}))
    sim.settle()
    before = _physical(server.state())
    try:
        server.handle(json.dumps({"type": "clear"}))
    except BadMessage as e:
        assert "game is over" in str(e)
    else:
        raise AssertionError("clear accepted mid-game")
    sim.settle()
    assert _physical(server.state()) == before and server.state()["record"] == ["d2"]
    server.handle(json.dumps({"type": "resign"}))
    sim.settle()
    assert server.state()["result"] == "1-0"      # Black (to move) gave up
    server.handle(json.dumps({"type": "clear"}))
    sim.settle()
    st = server.state()
    assert st["occupancy"] == 0 and not st["result"] and st["record"] == []


def test_a_too_large_import_names_the_import_limit():
    from host_sim.server import BadMessage, MAX_IMPORT
    server = SimServer(Simulation(players=("human", "human"), manual_clock=True))
    try:
        server.handle(json.dumps({"type": "import", "text": "x" * (MAX_IMPORT + 1)}))
    except BadMessage as e:
        assert "at most %d)" % MAX_IMPORT in str(e), e
    else:
        raise AssertionError("oversized import accepted")


def test_after_giving_up_the_message_names_who_gave_up():
    """"Black wins: gave up." read as if the winner gave up: the message names the loser."""
    from host_sim import i18n
    server = SimServer(Simulation(players=("human", "human"), manual_clock=True))
    sim = server.sim
    sim.settle()
    server.handle(json.dumps({"type": "put", "point": "d2", "colour": "white"}))
    sim.settle()
    server.handle(json.dumps({"type": "resign", "side": "white"}))
    sim.settle()
    msg = server.state()["message"]
    assert msg == "Black wins (White resigned). Clear the board for a new game", msg
    tpl = "{0} wins ({1} resigned). Clear the board for a new game"
    assert tpl in i18n.TEMPLATES
    assert i18n.translations("en")[tpl].format("Black", "White").startswith("Black wins: White gave up.")
