"""The protocol table (protocol_table.py) against MainLoop on tiny simulated drivers,
under CPython and MicroPython (tests/mprun.py); each reply is printed as a
``REPLY`` line, which tests/test_sim_protocol.py compares with the simulator's."""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

from mainloop import MainLoop
from simdrivers import Switches, Lights, Buttons, Clock, Store, Link
import protocol_table as table

EVENTS = ("move", "mistake", "fixed", "result", "new_game", "undo", "hint", "resumed", "resume", "menu")


class LoopBoard:
    """MainLoop on simdrivers; a line sent is answered in the next pass at the same time."""

    def __init__(self):
        self.sw = Switches()
        self.clock = Clock(0)
        self.link = Link()
        self.loop = MainLoop(self.sw, Lights(), Buttons(), self.clock, Store(),
                             Store(json.dumps(table.SETTINGS).encode()), self.link)

    def send(self, line):
        """The reply to ``line``: passes at the same time until it comes (a selftest is
        built over a few passes), at most 8."""
        self.link.out = []
        self.link.inbox.append(line)
        replies = []
        for _ in range(8):
            self.loop.tick()
            for text in self.link.out:
                obj = json.loads(text)
                if obj.get("type") not in EVENTS:
                    replies.append(obj)
            self.link.out = []
            if replies:
                break
        assert len(replies) == 1, (line, replies)
        return replies[0]

    def switches(self, mask):
        self.sw.occ = mask

    def wait(self, ms):
        for _ in range(ms // table.TICK):
            self.clock.now += table.TICK
            self.loop.tick()


def test_protocol_table_on_the_main_loop():
    seen = {}

    def emit(reply):
        print("REPLY " + table.dumps(reply))
        t = reply.get("type")
        seen[t] = seen.get(t, 0) + 1
        if reply.get("id") == 9:
            seen["end"] = (reply["result"], reply["reason"], len(reply["record"]))
        if reply.get("id") == 6:
            seen["undo"] = reply["state"]
        if reply.get("id") == 7:
            seen["undone"] = len(reply["record"])
    n = table.run(LoopBoard(), emit)
    assert seen["end"] == ("1/2-1/2", "threefold repetition", 51), seen
    assert seen["undo"] == "restore" and seen["undone"] == 9, seen
    assert seen["error"] == 5 and seen["hello"] == 1 and seen["selftest"] == 1, seen
    assert n > 60 and seen["state"] == n - 16, (n, seen)
