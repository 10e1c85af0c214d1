"""A small scenario language for board-controller tests (CPython and MicroPython).

A scenario is text, one step per line; ``#`` starts a comment. Setup lines
come first (before any physical action) and configure the controller:

    rules wikipedia+double_mill=two     rules text (default standard)
    players human remote                (white, black)
    learning                            learning mode on
    first black                         first player
    budget 100                          LED current budget in mA
    start white=a1,d1 black=g7 turn=white hand=0/0 used=1/0
                                        set the game up from this position (via the
                                        store, with the stones already on the board;
                                        ``used``: lines already completed, hex per side;
                                        ``bar``: no-return bars, e.g. d3-d2/-)
    store                               an empty store
    saved d2 d3 a1                      a stored game record (moves from the start);
                                        the board starts empty
    stones a1 d2                        stones on the board at power-on

Physical actions (each then runs the controller, stepped every 10 ms, for
400 ms, past the settle time and the commit delay of a flight or a capture;
prefix ``quick`` to run only 10 ms; prefix ``t=N`` to first run up to absolute time N ms):

    lift d2 / put d3 / place d3         one stone off / on
    slide d2 d3 via d1 c3               lift d2, pass over d1 and c3 (30 ms each), put d3
    slide - d3 via d1 pause 200         a stone from the hand, resting 200 ms on d1, put on d3
    bounce d3                           put d3 with 4 contact bounces (5 ms each)
    change +f2 -d3                      several stones on / off within the same 10 ms
    noise d5                            a 20 ms blip on d5 (shorter than the settle time)
    clear                               take every stone off the board
    press ok / new / undo / hint        a button
    remote d2-d3                        the remote side's move arrives
    play d2 d3 ...                      macro: each move carried out cleanly (remote
                                        moves are handed in first); asserts each is recorded
                                        (``xa1``: a removal-only turn, lift a1)
    wait 500                            run 500 ms

Expectations:

    expect state lifted                 the controller's reading (status "state")
    expect lit d3=dest d1=dest          these points show these meanings
    expect only d3=dest d2=origin       ... and no other point is lit
    expect dark d4 d5                   these points are dark
    expect glow a1                      these LEDs are lit (also points the game does not use)
    expect move d2-d3                   a move event with this text since the last
                                        event expectation (events up to it are consumed)
    expect nomove                       no move event since the last event expectation
                                        (all events are consumed)
    expect event undo                   an event of this type (consumed likewise)
    expect noevent mistake              no event of this type (all consumed)
    expect mistake d5 d6                a mistake event naming these points
    expect what protected               the current status message contains this text
    expect code stray_stone             the current mistake's reason code
    expect record d2 d3                 the game record
    expect turn black / result 1-0 / hand 8 9 / awaiting / notawaiting
    expect saved d2 d3                  the store holds a record ending with these moves
    expect maxcurrent 120               the current frame draws at most 120 mA (colour)

Use ``run(text)``; it raises AssertionError naming the failing line.
"""
from board.controller import Controller
from board import leds
from morris import Position, Rules
from morris.position import REMOVAL, move_captures
from rulestools import board_field

TICK = 10
HOLD = 400     # > settle (80 ms) + commit delay of a flight or a capture (250 ms)


class MemStore:
    """The store contract in memory: save(bytes), load() -> bytes or None."""

    def __init__(self, data=None):
        self.data = data
        self.saves = 0

    def save(self, data):
        self.data = bytes(data)
        self.saves += 1

    def load(self):
        return self.data


def position_text(rules, white, black, turn, hand, used="0/0", bar="-/-"):
    """Position text (morris notation) from stone lists, side to move and stones in hand."""
    r = Rules.parse(rules)
    return "%s %s %s %s 0/0 %s %s -" % (str(r), board_field(r.geo, white, black), turn[0], hand,
                                       used, bar)


class Scenario:
    """Interpreter state: the controller, the physical board, the clock, the events."""

    def __init__(self):
        self.rules = "standard"
        self.players = ("human", "human")
        self.learning = False
        self.first = None
        self.budget = None
        self.store = None
        self.stones = 0
        self.c = None
        self.occ = 0
        self.t = 0
        self.ev = []
        self.frame = None
        self.pressed = []
        self.geo = Rules("standard").geo   # the game's points (fewer for ``six``)
        self.phys = self.geo                # the switches and LEDs: the standard numbering
        self.lineno = 0
        self.line = ""

    # ---- plumbing -------------------------------------------------------
    def pt(self, name):
        return self.phys.point(name)

    def mask(self, names):
        m = 0
        for n in names:
            m |= 1 << self.pt(n)
        return m

    def ensure(self):
        if self.c is None:
            self.c = Controller(rules=self.rules, players=self.players, learning=self.learning,
                                first=self.first, budget_ma=self.budget, store=self.store,
                                now_ms=self.t)
            self.geo = self.c.position.geo
            self.occ = self.stones
            self.run(HOLD)
            self.ev = []

    def run(self, ms):
        end = self.t + ms
        while self.t < end:
            self.t += TICK
            self.frame = self.c.step(self.t, self.occ, self.pressed)
            self.pressed = []
            self.ev += self.c.events()

    def fail(self, msg):
        raise AssertionError("line %d %r: %s" % (self.lineno, self.line, msg))

    def check(self, cond, msg):
        if not cond:
            self.fail(msg)

    # ---- actions ----------------------------------------------------------
    def lift(self, name):
        p = self.pt(name)
        self.check(self.occ >> p & 1, "no stone on %s to lift" % name)
        self.occ &= ~(1 << p)

    def put(self, name):
        p = self.pt(name)
        self.check(not self.occ >> p & 1, "a stone already on %s" % name)
        self.occ |= 1 << p

    def blip(self, name, ms):
        p = self.pt(name)
        self.occ ^= 1 << p
        self.run(ms)
        self.occ ^= 1 << p

    def play(self, text):
        c = self.c
        pos = c.position
        if c.awaiting_remote():
            c.remote_move(text)
        m = pos.parse_move(text)
        removal = m & REMOVAL
        to = m & 31
        frm = m >> 5 & 31
        names = self.geo.names
        n = len(c.record())
        if frm != 31 and not removal:
            self.lift(names[frm])
            self.run(HOLD)
        if not removal:
            self.put(names[to])
            self.run(HOLD)
        for cap in move_captures(m):
            self.lift(names[cap])
            self.run(HOLD)
        rec = c.record()
        self.check(len(rec) == n + 1 and rec[-1] == text,
                   "play %s: record is %s, state %s: %s" % (text, rec[-3:], c.status()["state"],
                                                             c.status()["message"]))

    def take(self, pred):
        # consume the events up to the first match (all of them when none matches)
        for i in range(len(self.ev)):
            if pred(self.ev[i]):
                self.ev = self.ev[i + 1:]
                return True
        self.ev = []
        return False

    # ---- the line interpreter ------------------------------------------------
    def do(self, line):
        words = line.split()
        if words[0].startswith("t="):
            self.ensure()
            self.run(int(words[0][2:]) - self.t)
            words = words[1:]
        hold = HOLD
        if words[0] == "quick":
            hold = TICK
            words = words[1:]
        w = words[0]
        args = words[1:]
        if w == "rules":
            self.rules = args[0]
            return
        if w == "players":
            self.players = (args[0], args[1])
            return
        if w == "learning":
            self.learning = True
            return
        if w == "first":
            self.first = args[0]
            return
        if w == "budget":
            self.budget = int(args[0])
            return
        if w == "stones":
            self.stones = self.mask(args)
            return
        if w == "store":
            self.store = MemStore()
            return
        if w == "saved":
            self.store = MemStore(('[Rules "%s"]\n%s\n' % (self.rules, " ".join(args))).encode())
            return
        if w == "start":
            kv = {}
            for a in args:
                k, v = a.split("=")
                kv[k] = v
            white = kv.get("white", "").split(",")
            black = kv.get("black", "").split(",")
            text = position_text(self.rules, white, black, kv.get("turn", "white"),
                                 kv.get("hand", "0/0"), kv.get("used", "0/0"), kv.get("bar", "-/-"))
            self.store = MemStore(('[Position "%s"]\n' % text).encode())
            self.stones = self.mask([n for n in white + black if n])
            self.ensure()
            self.check(self.c.status()["state"] != "setup", "start position did not resume")
            return
        self.ensure()
        if w == "lift":
            for a in args:
                self.lift(a)
            self.run(hold)
        elif w in ("put", "place"):
            for a in args:
                self.put(a)
            self.run(hold)
        elif w == "slide":
            pause = 30
            via = args[3:]
            if "pause" in via:
                pause = int(via[via.index("pause") + 1])
                via = via[:via.index("pause")]
            if args[0] != "-":
                self.lift(args[0])
                self.run(TICK)
            for a in via:
                self.blip(a, pause)
            self.put(args[1])
            self.run(hold)
        elif w == "bounce":
            for _ in range(4):
                self.put(args[0])
                self.run(TICK)
                self.lift(args[0])
                self.run(TICK)
            self.put(args[0])
            self.run(hold)
        elif w == "change":
            for a in args:
                if a[0] == "+":
                    self.put(a[1:])
                else:
                    self.lift(a[1:])
            self.run(hold)
        elif w == "noise":
            for a in args:
                self.blip(a, 20)
            self.run(hold)
        elif w == "clear":
            self.occ = 0
            self.run(hold)
        elif w == "press":
            self.pressed = args
            self.run(hold)
        elif w == "remote":
            self.c.remote_move(" ".join(args))
            self.run(hold)
        elif w == "play":
            for a in args:
                self.play(a)
        elif w == "wait":
            self.run(int(args[0]))
        elif w == "expect":
            self.expect(args)
        else:
            self.fail("unknown step %r" % w)

    def expect(self, args):
        c = self.c
        st = c.status()
        k = args[0]
        a = args[1:]
        if k == "state":
            self.check(st["state"] == a[0], "state is %s (%s)" % (st["state"], st["message"]))
        elif k in ("lit", "only"):
            want = {}
            for pair in a:
                n, meaning = pair.split("=")
                want[n] = meaning
            for n in want:
                self.check(st["lit"].get(n) == want[n], "%s shows %s, not %s (lit: %s)" % (
                    n, st["lit"].get(n), want[n], st["lit"]))
                self.check(self.frame[self.pt(n)] != (0, 0, 0), "%s is dark in the frame" % n)
            if k == "only":
                self.check(len(st["lit"]) == len(want), "lit: %s" % st["lit"])
        elif k == "dark":
            for n in a:
                self.check(n not in st["lit"] and self.frame[self.pt(n)] == (0, 0, 0),
                           "%s is lit (%s)" % (n, st["lit"].get(n)))
        elif k == "glow":
            for n in a:
                self.check(self.frame[self.pt(n)] != (0, 0, 0), "%s is dark in the frame" % n)
        elif k == "move":
            txt = a[0]
            ev = self.ev
            self.check(self.take(lambda e: e["type"] == "move" and e["move"] == txt),
                       "no move event %s in %s" % (txt, ev))
        elif k == "nomove":
            ev = self.ev
            self.check(not self.take(lambda e: e["type"] == "move"), "move event in %s" % ev)
        elif k == "event":
            ev = self.ev
            self.check(self.take(lambda e: e["type"] == a[0]), "no %s event in %s" % (a[0], ev))
        elif k == "noevent":
            ev = self.ev
            self.check(not self.take(lambda e: e["type"] == a[0]), "%s event in %s" % (a[0], ev))
        elif k == "mistake":
            ev = self.ev
            want = a

            def match(e):
                if e["type"] != "mistake":
                    return False
                for n in want:
                    if n not in e["points"]:
                        return False
                return True
            self.check(self.take(match), "no mistake event naming %s in %s" % (want, ev))
        elif k == "what":
            txt = " ".join(a).lower()
            self.check(txt in st["message"].lower(), "message is %r" % st["message"])
        elif k == "code":
            codes = [m["code"] for m in st["mistakes"]]
            self.check(codes == [a[0]], "mistake codes %s (%s)" % (codes, st["message"]))
        elif k == "record":
            self.check(c.record() == a, "record is %s" % c.record())
        elif k == "turn":
            self.check(st["turn"] == a[0], "turn is %s" % st["turn"])
        elif k == "result":
            self.check(st["result"] == a[0], "result is %s (%s)" % (st["result"], st["reason"]))
        elif k == "hand":
            self.check(st["in_hand"] == [int(a[0]), int(a[1])], "in hand %s" % st["in_hand"])
        elif k == "awaiting":
            self.check(c.awaiting_remote(), "not awaiting a remote move")
        elif k == "notawaiting":
            self.check(not c.awaiting_remote(), "awaiting a remote move")
        elif k == "saved":
            data = self.store.data.decode() if self.store and self.store.data else ""
            moves = []
            for ln in data.split("\n"):
                if not ln.startswith("["):
                    moves += ln.split()
            self.check(moves == a, "store holds %r" % data)
        elif k == "maxcurrent":
            self.check(leds.frame_current_ma(self.frame) <= int(a[0]),
                       "frame draws %d mA" % leds.frame_current_ma(self.frame))
        else:
            self.fail("unknown expectation %r" % k)


def run(text):
    """Run one scenario (see the module doc); returns the Scenario for further checks."""
    s = Scenario()
    n = 0
    for raw in text.split("\n"):
        n += 1
        line = raw.split("#")[0].strip()
        if not line:
            continue
        s.lineno = n
        s.line = line
        s.do(line)
    s.ensure()
    return s
