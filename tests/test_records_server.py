"""Records in the simulator's server: export (WebSocket message and /api/record download,
and ``--headless --record-out``), import of our records, Sanmill move lists and
Sanmill FEN, step-through replay that never touches the simulated board, and
"continue from here" through the firmware's own resume path."""
import asyncio
import json
import os
import subprocess
import sys
import time

from aiohttp.test_utils import TestClient, TestServer

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim.server import SimServer
from host_sim.sim import Simulation
from morris import Position
from morris.record import read_record, write_record

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SANMILL = os.path.join(ROOT, "tests", "data", "sanmill-selfplay-standard.txt")


def _play(sim, moves):
    for mv in moves:
        sim.play_by_hand(mv)


def _physical(st):
    return {k: st[k] for k in ("stones", "record", "occupancy", "planned", "in_hand", "settings")}


async def _session(server, script):
    client = TestClient(TestServer(server.make_app(), host="127.0.0.1"))
    await client.start_server()
    try:
        ws = await client.ws_connect("/ws")
        assert (await ws.receive_json())["type"] == "hello"
        await ws.receive_json()

        async def ask(obj, kind="state", until=None):
            """Send ``obj``; the next message of type ``kind`` (a state: the first one for
            which ``until(state)`` holds -- pushed states may cross the reply) or an error."""
            await ws.send_json(obj)
            end = time.monotonic() + 10
            while True:
                msg = await asyncio.wait_for(ws.receive_json(), max(0.1, end - time.monotonic()))
                if msg["type"] == "error":
                    return msg
                if msg["type"] == kind and (until is None or until(msg)):
                    return msg
        return await script(ask, client)
    finally:
        await client.close()


def test_export_import_and_replay_over_the_websocket():
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    _play(sim, ["d2", "d6", "d1", "b6", "d3xb6"])
    server = SimServer(sim)
    with open(SANMILL) as f:
        sanmill = f.read()

    async def script(ask, client):
        # export: the live game as a record
        r = await ask({"type": "export"}, "record")
        assert r["type"] == "record" and r["filename"].endswith(".txt")
        tags, start, moves = read_record(r["text"])
        assert moves == ["d2", "d6", "d1", "b6", "d3xb6"] and tags["White"] == "human"
        resp = await client.get("/api/record")
        assert resp.status == 200 and "attachment" in resp.headers["Content-Disposition"]
        assert read_record(await resp.text())[2] == moves
        before = _physical(sim.state())

        # import Sanmill's game: replay view at its start
        st = await ask({"type": "import", "text": sanmill}, until=lambda m: m["replay"])
        assert st["type"] == "state" and st["replay"]["index"] == 0 and st["replay"]["total"] == 51
        assert st["replay"]["stones"] == [None] * 24
        st = await ask({"type": "replay", "action": "forward"}, until=lambda m: m["replay"]["index"] == 1)
        assert st["replay"]["index"] == 1 and st["replay"]["last"]["move"] == "b4"
        st = await ask({"type": "replay", "action": "goto", "index": 10}, until=lambda m: m["replay"]["index"] == 10)
        assert st["replay"]["last"]["move"] == "f6xb4" and st["replay"]["mills"] == [["f2", "f4", "f6"]]
        st = await ask({"type": "replay", "action": "back"}, until=lambda m: m["replay"]["index"] == 9)
        assert st["replay"]["index"] == 9
        st = await ask({"type": "replay", "action": "last"}, until=lambda m: m["replay"]["index"] == 51)
        assert st["replay"]["index"] == 51 and st["replay"]["result"] == "1/2-1/2"
        st = await ask({"type": "replay", "action": "first"}, until=lambda m: m["replay"]["index"] == 0)
        assert st["replay"]["index"] == 0
        # the simulated board was never touched, and cannot be while viewing
        for bad in ({"type": "put", "point": "a4"}, {"type": "button", "name": "undo"}, {"type": "sweep"}):
            r = await ask(bad, "error")
            assert r["type"] == "error" and "replay" in r["message"]
        assert _physical(sim.state()) == before
        # the replayed game exports too
        r = await ask({"type": "export", "what": "replay"}, "record")
        assert read_record(r["text"])[2] == read_record(sanmill)[2]
        # leaving returns to the live game
        st = await ask({"type": "replay_exit", "continue": False}, until=lambda m: m["replay"] is None)
        assert st["replay"] is None and _physical(st) == before

        # broken records are refused naming the move number and reason
        r = await ask({"type": "import", "text": "1. d2 d6 2. b4 d6"}, "error")
        assert r["type"] == "error" and "move 2" in r["message"] and "occupied" in r["message"]
        r = await ask({"type": "replay", "action": "first"}, "error")
        assert r["type"] == "error"

        # a Sanmill FEN: a start position to look at
        fen = "O*******/********/***O**@* b p p 2 7 1 8 0 0 3 2"
        st = await ask({"type": "import", "text": fen}, until=lambda m: m["replay"])
        rp = st["replay"]
        assert rp["total"] == 0 and rp["stones"].count("white") == 2 and rp["turn"] == "black"
        await ask({"type": "replay_exit"}, until=lambda m: m["replay"] is None)

        # a long record is accepted as an import (more than a normal message)
        long = write_record(read_record(sanmill)[2], rules="standard",
                            tags={"Event": "x" * 5000})
        st = await ask({"type": "import", "text": long}, until=lambda m: m["replay"])
        assert st["replay"]["total"] == 51
        await ask({"type": "replay_exit"}, until=lambda m: m["replay"] is None)
        return True

    assert asyncio.run(_session(server, script))


def test_continue_from_a_replayed_position():
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    server = SimServer(sim)
    with open(SANMILL) as f:
        sanmill = f.read()
    moves = read_record(sanmill)[2]
    server.handle(json.dumps({"type": "import", "text": sanmill}))
    server.handle(json.dumps({"type": "replay", "action": "goto", "index": 22}))
    server.handle(json.dumps({"type": "replay_exit", "continue": True}))
    assert server.replay is None
    sim.settle()
    st = sim.board()
    assert st["record"] == moves[:22]
    assert st["state"] == "idle", st["message"]
    pos = Position()
    for mv in moves[:22]:
        pos.push_text(mv)
    assert st["position"] == pos.text()
    st = sim.state()
    assert st["stones"] == ["white" if pos.bb[0] >> p & 1 else "black" if pos.bb[1] >> p & 1 else None
                            for p in range(24)]
    # and the game goes on from there, by hand
    _play(sim, moves[22:24])
    assert sim.board()["record"] == moves[:24]
    assert read_record(sim.record_text())[2] == moves[:24]


def test_headless_writes_the_record_at_the_end(tmp_path):
    out = tmp_path / "game.txt"
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", SANMILL,
                        "--record-out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    tags, start, moves = read_record(out.read_text())
    assert len(moves) == 51 and tags["Result"] == "1/2-1/2" and tags["Termination"] == "threefold repetition"
    # a record in our format plays headless too, and a broken one is refused with its move number
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "threefold repetition" in r.stdout
    bad = tmp_path / "bad.txt"
    bad.write_text("1. d2 d6 2. b4 d6\n")
    r = subprocess.run([sys.executable, "-m", "host_sim", "--headless", "--game", str(bad)],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and "move 2" in r.stdout and "occupied" in r.stdout
