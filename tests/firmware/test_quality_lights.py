"""Learning mode's move quality on the board (teach/quality.py through the main loop):
the LED frame lights each destination good / playable / mistake (a mistake flashes),
the status says why, and learning mode off shows the plain lights. Plain asserts:
CPython (pytest) and MicroPython (tests/mprun.py at a Pico-sized heap)."""
import gc
import json

from mainloop import MainLoop
from morris import Rules
import board.controller  # noqa: F401  (compiled first, on a clean heap)
gc.collect()
# one engine for every main loop here, made while the heap is young, its board blocks
# reserved (main.py does the same at boot): the judge searches on them while a human moves
from engine import Engine  # noqa: E402
_ENGINE = Engine(level=1, tt_size=64)
_ENGINE.reserve()
gc.collect()
from simdrivers import Switches, Lights, Buttons, Clock, Store, Link  # noqa: E402
from rulestools import board_field  # noqa: E402

TICK = 20


# ---- the main loop's LED frame --------------------------------------------------
class Board24:
    """A MainLoop on fake drivers, started from a position (its stones put on the switches)."""

    def __init__(self, white, black, turn, hand, learning, rules="standard", players=("human", "human")):
        r = Rules.parse(rules)
        self.names = r.geo.names
        text = "%s %s %s %s 0/0 0/0 -/- -" % (str(r), board_field(r.geo, white, black), turn[0], hand)
        self.sw = Switches()
        for n in white + black:
            self.sw.occ |= 1 << self.names.index(n)
        self.lights = Lights()
        self.clock = Clock(1000)
        settings = {"rules": str(r), "players": list(players), "level": 1, "learning": learning}
        self.loop = MainLoop(self.sw, self.lights, Buttons(), self.clock,
                             Store(('[Position "%s"]\n' % text).encode()),
                             Store(json.dumps(settings).encode()), Link(), engine=_ENGINE)
        self.run(400)
        assert self.loop.controller.status()["state"] == "idle"

    def run(self, ms):
        for _ in range(ms // TICK):
            self.clock.now += TICK
            self.loop.tick()

    def lit(self):
        return self.loop.controller.status()["lit"]

    def frame(self, name):
        return self.lights.frame[self.names.index(name)]


PLACE = (["a1", "d1"], ["b2", "d2"], "white", "7/7")        # g1 closes a mill, f2 blocks one
# e4-e5 closes c5-d5-e5; e4-e3 keeps every stone; after e4-f4 black's f6-e5... takes one
MOVE = (["b6", "c5", "d5", "e4", "g7"], ["d1", "d7", "d3", "f6", "c3"], "white", "0/0")


def test_learning_mode_lights_the_placements_by_quality():
    b = Board24(*PLACE, learning=True)
    lit = b.lit()
    assert lit["g1"] == "good" and lit["f2"] == "playable" and lit["c3"] == "mistake", lit
    assert b.frame("g1") != (0, 0, 0) and b.frame("c3") != (0, 0, 0)
    st = b.loop.controller.status()["quality"]
    assert st == {"ready": True, "best": 1}, st
    # Hint says why: the all-right move first, then the mistakes (at most six)
    why = b.loop.controller.hint()["quality"]
    assert len(why) == 6 and why[0]["to"] == "f2", why
    assert why[0]["why"] == "better" and why[0]["points"] == ["g1"]
    assert why[1]["to"] == "c3" and why[1]["why"] == "mill" and why[1]["reply"] == "f2xa1", why[1]
    assert why[1]["points"] == ["b2", "d2", "f2"]


def test_the_lifted_stone_lights_its_destinations_by_quality_and_a_mistake_flashes():
    b = Board24(*MOVE, learning=True)
    c = b.loop.controller
    b.sw.occ &= ~(1 << b.names.index("e4"))
    b.run(400)
    lit = b.lit()
    assert lit == {"e4": "origin", "e5": "good", "e3": "playable", "f4": "mistake"}, lit
    # the mistake flashes: full level twice a second, a quarter between; the good one is steady
    seen = set()
    good = set()
    for _ in range(60):
        b.run(TICK)
        seen.add(b.frame("f4"))
        good.add(b.frame("e5"))
    assert len(seen) == 2 and len(good) == 1, (seen, good)
    moves = c.hint()["quality"]                 # the good one is in "lit" only
    assert [(m["from"], m["to"], m["meaning"]) for m in moves] == [
        ("e4", "e3", "playable"), ("e4", "f4", "mistake")], moves
    assert moves[0]["why"] == "better" and moves[0]["points"] == ["e5"]
    assert moves[1]["why"] in ("mill", "two_mills", "mill_next") and moves[1]["reply"], moves


def test_learning_mode_off_shows_the_plain_lights():
    b = Board24(*PLACE, learning=False)
    assert b.lit() == {} and b.loop.teacher is None
    assert b.loop.controller.status().get("quality") is None
    assert "quality" not in b.loop.controller.hint()
    b = None                # the first board goes before the second is made (192 KB heap)
    gc.collect()
    b = Board24(*MOVE, learning=False)
    b.sw.occ &= ~(1 << b.names.index("e4"))
    b.run(400)
    lit = b.lit()
    assert lit == {"e4": "origin", "e5": "dest", "e3": "dest", "f4": "dest"}, lit
    # learning mode switched on and off again mid-turn: quality, then the plain lights
    b.loop.controller.set_learning(True)
    b.run(400)
    assert b.lit()["e5"] == "good"
    b.loop.controller.set_learning(False)
    b.run(TICK)
    assert b.lit() == lit and b.loop.teacher is None
