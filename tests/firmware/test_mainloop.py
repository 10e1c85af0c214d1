"""firmware/mainloop.py: the shared main loop, played through tiny simulated drivers.

Plain asserts, no pytest: runs under CPython (pytest) and the real
MicroPython interpreter (tests/mprun.py, auto-collected by test_micropython.py).
"""
import gc
import json

from mainloop import MainLoop
from morris import Rules
import board.controller  # noqa: F401  (compiled first, on a clean heap)
gc.collect()
from engine import Engine  # noqa: E402
gc.collect()

from simdrivers import Switches, Lights, Buttons, Clock, Store, Link  # noqa: E402

NAMES = Rules("standard").geo.names
TICK = 20
HAND_MS = 600   # after a hand action: past the debounce and the controller's commit delay


class Board:
    """A MainLoop on fake drivers plus a hand that moves stones and waits out the debounce."""

    def __init__(self, players=("human", "human"), rules="standard", level=1, engine=None):
        self.sw = Switches()
        self.lights = Lights()
        self.buttons = Buttons()
        self.clock = Clock(1000)
        self.store = Store()
        self.link = Link()
        settings = {"rules": rules, "players": list(players), "level": level, "learning": False}
        self.loop = MainLoop(self.sw, self.lights, self.buttons, self.clock, self.store,
                             Store(json.dumps(settings).encode()), self.link, engine=engine)

    def run(self, ms=200):
        for _ in range(ms // TICK):
            self.clock.now += TICK
            self.loop.tick()

    def lift(self, name):
        self.sw.occ &= ~(1 << NAMES.index(name))
        self.run(HAND_MS)

    def put(self, name):
        self.sw.occ |= 1 << NAMES.index(name)
        self.run(HAND_MS)

    def lit(self):
        return [NAMES[i] for i in range(24) if self.lights.frame[i] != (0, 0, 0)]

    def record(self):
        return self.loop.controller.record()

    def ask(self, line):
        """Send one protocol line; the lines the board wrote during the next pass."""
        self.link.out = []
        self.link.inbox.append(line)
        self.run(TICK)
        return [json.loads(x) for x in self.link.out]


def test_placements_and_a_slide_are_read_from_switches():
    b = Board()
    b.run()
    assert b.lights.shows > 0 and len(b.lights.frame) == 24
    for name in ("d2", "d6", "b4"):
        b.put(name)
    assert b.record() == ["d2", "d6", "b4"]
    assert b.loop.controller.position.turn == 1


def test_mill_lights_capturable_stones_and_capture_is_recorded():
    b = Board()
    for name in ("a1", "b2", "d1", "b6", "g1"):
        b.put(name)
    lit = b.lit()
    assert "b2" in lit and "b6" in lit, lit          # capturable black stones
    assert b.loop.controller.status()["lit"]["b2"] == "capture"
    b.lift("b6")
    assert b.record() == ["a1", "b2", "d1", "b6", "g1xb6"]


def test_events_go_to_the_link_as_json_lines():
    b = Board()
    b.put("d2")
    msgs = [json.loads(x) for x in b.link.out]
    moves = [m for m in msgs if m.get("type") == "move"]
    assert moves and moves[-1]["move"] == "d2" and moves[-1]["position"].startswith("standard ")


def test_protocol_presses_buttons_and_bad_lines_get_errors():
    b = Board()
    b.put("d2")
    st = b.ask('{"cmd": "state"}')
    assert st[0]["type"] == "state" and st[0]["record"] == ["d2"]
    for bad in ("status", "launch rockets", "x" * 500):
        r = b.ask(bad)
        assert len(r) == 1 and r[0]["type"] == "error", r
    assert b.record() == ["d2"]
    b.ask('{"cmd": "press", "button": "undo"}')
    b.run(40)
    b.lift("d2")
    assert b.record() == []


def test_remote_move_over_the_link():
    b = Board(players=("human", "remote"))
    b.put("d2")
    assert b.ask('{"cmd": "move", "move": "zz9"}')[0]["type"] == "error"
    assert b.ask('{"cmd": "move", "move": "d6"}')[0] == {"type": "ok", "cmd": "move", "move": "d6"}
    assert b.loop.controller.status()["remote"] == "d6"
    b.put("d6")
    assert b.record() == ["d2", "d6"]


def test_computer_plays_through_the_engine_in_slices():
    # a small transposition table keeps this test inside the Pico-sized heap
    # with every module compiled from source
    b = Board(players=("human", "computer"), level=1, engine=Engine(level=1, tt_size=64))
    b.put("d2")
    for _ in range(500):
        b.run(TICK)
        if not b.loop.controller.awaiting_remote():
            break
    remote = b.loop.controller.status()["remote"]
    assert remote, b.loop.controller.status()["message"]
    assert remote in b.lit()                      # the computer's placement is lit
    b.put(remote)
    assert b.record() == ["d2", remote]
    assert b.loop.controller.awaiting_remote() is False


def test_a_move_is_saved_in_the_next_pass_even_while_the_engine_thinks():
    # issue 22: a power cut loses at most the move in progress. The human's move is
    # written in the pass after the one that took it (its frame is on the LEDs),
    # although the computer thinks on through many passes
    eng = Engine(level=3, tt_size=64, nodes=10 ** 6, ms=10 ** 6, book=False)
    b = Board(players=("human", "computer"), level=3, engine=eng)
    b.loop.slice_ms = 1
    b.run()
    b.sw.occ |= 1 << NAMES.index("d2")
    c = b.loop.controller
    passes = 0
    while c.plies == 0 and passes < 200:
        b.clock.now += TICK
        b.loop.tick()
        passes += 1
    assert c.plies == 1 and b.loop.thinking()
    assert b.store.data is None or b"d2" not in b.store.data     # not in the pass that took it
    saves = b.loop.stats.saves
    b.clock.now += TICK
    b.loop.tick()
    assert b.loop.thinking() and b.store.data is not None and b"d2" in b.store.data
    assert b.loop.stats.saves == saves + 1


def test_engine_is_made_on_first_need_and_follows_the_level():
    b = Board(players=("human", "human"), engine=None)
    b.put("d2")
    assert b.loop.engine is None            # two humans: no engine memory
    b.loop.engine = Engine(level=1, tt_size=64)
    r = b.ask('{"cmd": "new", "players": ["human", "computer"], "level": 2}')
    assert r[0] == {"type": "ok", "cmd": "new", "started": False, "rules": "standard"}, r
    b.lift("d2")
    b.put("a1")
    for _ in range(500):
        b.run(TICK)
        if not b.loop.controller.awaiting_remote():
            break
    assert b.loop.engine.level == 2
    st = b.ask('{"cmd": "state"}')[0]
    assert st["players"] == ["human", "computer"] and st["level"] == 2 and st["remote"]


def test_new_game_with_other_rules():
    b = Board()
    b.put("d2")
    b.ask('{"cmd": "new", "rules": "wikipedia+no_return=on", "players": ["human", "human"]}')
    b.lift("d2")
    assert b.record() == []
    assert str(b.loop.controller.position.rules) == "wikipedia+no_return=on"
    r = b.ask('{"cmd": "new", "players": ["human", "alien"]}')
    assert r[0]["type"] == "error" and "player" in r[0]["error"]
    assert str(b.loop.controller.position.rules) == "wikipedia+no_return=on"


class _KeepingStore(Store):
    """A store that reads in pieces and can set a game aside (as hw/store.py's)."""

    def __init__(self, data=None):
        Store.__init__(self, data)
        self.calls = []
        self.aside = None

    def pieces(self, n):
        self.calls.append("pieces")
        d = self.data or b""
        return [d[i:i + n] for i in range(0, len(d), n)]

    def set_aside(self):
        self.calls.append("set_aside")
        self.aside, self.data = self.data, None
        return "game.rec.aside"


def test_the_loops_store_reads_in_pieces_and_sets_an_unreadable_game_aside():
    """The main loop's deferred writes keep the store's bounded reads and its set_aside
    (board/controller.py): a saved game that cannot be resumed is kept, not lost."""
    bad = b'[Rules "standard"]\n[First "white"]\nd2 d2\n'
    store = _KeepingStore(bad)
    settings = {"rules": "standard", "players": ["human", "human"], "level": 1, "learning": False}
    link = Link()
    loop = MainLoop(Switches(), Lights(), Buttons(), Clock(1000), store,
                    Store(json.dumps(settings).encode()), link)
    assert store.calls[0] == "pieces" and "set_aside" in store.calls, store.calls
    assert store.aside == bad
    st = loop.controller.status()
    assert "could not be resumed" in st["message"] and list(st["lit"].values()).count("aside") == 4, st
