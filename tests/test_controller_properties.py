"""Property tests of the board controller (CPython only; hypothesis).

1. 500 random physical event streams (lifts, puts, bounces, slides across
   other points, noise, buttons, moves carried out properly, moves during which
   the hand knocks a neighbouring stone off, sweeps of the board restored in
   random order, partly or fully; with and without a remote side): the
   controller never raises, its record always replays from the start through
   the rules core to its position, nothing is recorded that no hand did in
   order (every recorded move's put, lift and captures are switch changes since
   the previous record, each capture after the put), whenever the settled board
   differs from the board it wants every differing point is lit, every mistake
   event carries a reason code listed in docs/board_controller.md, and putting
   the stones where it wants them always ends any mistake or request.
2. 200 full games driven only through physical events (and remote_move for a
   remote side): random legal play with human-like hesitations and mistakes
   (knocked neighbours and sweeps among them); each game ends with the rules
   core's result and its record replays to the same final position.
"""
import os
import random
import re

from hypothesis import given, settings, HealthCheck, strategies as st

from morris import Position, Rules, NONE
from board.controller import Controller
from board import leds

TICK = 20
SETTLE = 80
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documented_codes():
    """The mistake reason codes listed in docs/board_controller.md ("## Mistake codes")."""
    with open(os.path.join(ROOT, "docs", "board_controller.md"), encoding="utf-8") as f:
        text = f.read().split("## Mistake codes", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", text, re.M))


CODES = documented_codes()


class Rig:
    """A controller on a simulated board: physical occupancy plus a clock."""

    def __init__(self, rules, players, seed=0):
        self.c = Controller(rules=rules, players=players, settle_ms=SETTLE, now_ms=0)
        self.occ = 0
        self.t = 0
        self.rng = random.Random(seed)
        self.frame = None
        self.checks = 0
        self.log = []            # raw switch changes: (time ms, point, on)
        self.seen = 0            # the raw occupancy last stepped
        self.since = [0]         # per record length k: when the record reached k entries

    def run(self, ms, buttons=()):
        end = self.t + ms
        first = True
        while self.t < end:
            self.t += TICK
            ch = self.occ ^ self.seen
            for p in range(24):
                if ch >> p & 1:
                    self.log.append((self.t, p, self.occ >> p & 1))
            self.seen = self.occ
            self.frame = self.c.step(self.t, self.occ, buttons if first else ())
            first = False
            self.check_frame()
            self.check_record(self.c.events())

    def check_record(self, events):
        """Nothing is recorded that no hand did in order: each new move's put (and
        its lift) happened since the move before it was recorded (less the settle
        time: a quick reply settles together; two moves may be recorded at once when
        the first waited for a stray stone), each capture of a human side's move no
        earlier than the put."""
        for ev in events:
            if ev["type"] == "new_game":
                self.since = [self.t]
            elif ev["type"] == "mistake":
                assert ev["code"] in CODES, ev
                assert sorted(ev["points"]) == sorted(ev["remove"] + ev["missing"]), ev
        rec = self.c.record()
        geo = self.c.position.geo
        while len(self.since) <= len(rec):
            k = len(self.since) - 1      # the entry rec[k] is new
            start = self.since[max(k - 1, 0)] - SETTLE - TICK
            text = rec[k]
            head, caps = text.split("x")[0], text.split("x")[1:]
            parts = head.split("-")
            to = geo.point(parts[-1])
            ons = [t for (t, p, on) in self.log if p == to and on and t > start]
            assert ons, "%s recorded without a stone put on %s" % (text, parts[-1])
            if len(parts) == 2:
                frm = geo.point(parts[0])
                assert [1 for (t, p, on) in self.log if p == frm and not on and t > start], (
                    "%s recorded without a lift from %s" % (text, parts[0]))
            c = self.c
            first = c.position.turn if len(rec) % 2 == 0 else 1 - c.position.turn
            if c.players[first if k % 2 == 0 else 1 - first] != "human":
                caps = []       # a remote move's captures are carried out in any order
            for cname in caps:
                cp = geo.point(cname)
                offs = [t for (t, p, on) in self.log if p == cp and not on and t > start]
                assert offs and max(offs) >= min(ons), (
                    "%s recorded, but %s came off before the put (%s, %s)" % (text, cname, offs, ons))
            self.since.append(self.t)
        del self.since[len(rec) + 1:]

    def check_frame(self):
        c = self.c
        f = self.frame
        assert len(f) == 24
        for col in f:
            assert len(col) == 3 and 0 <= min(col) and max(col) <= 255
        assert leds.frame_current_ma(f) <= c.budget_ma + 1e-9
        st = c._view.kind
        if st == "over":
            return  # once the game is over the board may be cleared freely
        diff = c.settled ^ c.expected_occupancy()
        for i in range(24):
            if diff >> i & 1:
                assert f[i] != (0, 0, 0), "point %d differs from the expected board but is dark (%s)" % (
                    i, st)
        self.checks += 1

    def lift(self, p, ms=100):
        self.occ &= ~(1 << p)
        self.run(ms)

    def put(self, p, ms=100):
        self.occ |= 1 << p
        self.run(ms)

    def bounce(self, p, on, ms=100):
        for _ in range(3):
            self.occ ^= 1 << p
            self.run(TICK)
        if on:
            self.occ |= 1 << p
        else:
            self.occ &= ~(1 << p)
        self.run(ms)

    def blip(self, p, ms=TICK):
        self.occ ^= 1 << p
        self.run(ms)
        self.occ ^= 1 << p
        self.run(TICK)

    def sweep(self, gone, keep_off=0, ms=100):
        """Sweep the stones of mask ``gone`` off together, then put them back one by
        one in random order (those of ``keep_off`` stay off), at random paces."""
        self.occ &= ~gone
        self.run(ms)
        back = [p for p in range(24) if gone >> p & 1 and not keep_off >> p & 1]
        self.rng.shuffle(back)
        for p in back:
            self.put(p, self.rng.choice((TICK, 40, 100, 300)))
        self.run(SETTLE + TICK)


def replay_ok(c):
    """The controller's record replays from its start position to its position."""
    pos = c.position
    first = pos.turn if len(c.record()) % 2 == 0 else 1 - pos.turn
    start = Position.from_text(c._start_text) if c._start_text else Position(pos.rules, first)
    for text in c.record():
        start.push_text(text)
    assert start.text() == pos.text(), (c.record(), start.text(), pos.text())
    return start


# ---- 1. random physical event streams -------------------------------------------------
OPS = st.lists(st.tuples(st.sampled_from(["lift", "put", "bounce", "slide", "noise", "wait",
                                          "button", "legal", "legal", "legal", "toggle2",
                                          "sweep", "knock", "knock"]),
                         st.integers(0, 23), st.integers(0, 23), st.integers(0, 400)),
               min_size=1, max_size=60)
RULESETS = ["standard", "wikipedia", "old-russian", "schmidt", "wikipedia+double_mill=two+no_return=on"]
PLAYERS = [("human", "human"), ("human", "remote"), ("remote", "human")]


def do_op(rig, op, a, b, n):
    c = rig.c
    if op == "lift":
        rig.lift(a, n % 150)
    elif op == "put":
        rig.put(a, n % 150)
    elif op == "bounce":
        rig.bounce(a, n & 1, 100)
    elif op == "slide":   # a stone (if any) from a to b resting on n % 24 for up to 300 ms
        if rig.occ >> a & 1:
            rig.occ &= ~(1 << a)
            rig.run(TICK)
            v = n % 24
            if not rig.occ >> v & 1:
                rig.blip(v, n % 300)
            rig.occ |= 1 << b
            rig.run(100)
    elif op == "noise":
        rig.blip(a)
        rig.run(n % 100)
    elif op == "wait":
        rig.run(n)
    elif op == "toggle2":
        rig.occ ^= (1 << a) | (1 << b)
        rig.run(n % 150)
    elif op == "button":
        rig.run(TICK, (("new", "undo", "hint", "ok", "ok", "bogus")[a % 6],))
    elif op == "sweep":   # all stones, or those of a random mask; some may stay off
        gone = rig.occ if a % 3 == 0 else rig.occ & (a * 0x2C9B5D ^ b * 0x15A3 ^ n) & 0xFFFFFF
        rig.sweep(gone, gone & (n * 0x9E3779 >> 3) if b % 4 == 0 else 0, n % 300 + TICK)
    elif op in ("legal", "knock"):
        if c.awaiting_remote():
            L = c.position.legal_moves
            if L:
                c.remote_move(L[n % len(L)])
                rig.run(TICK)
        L = c.position.legal_moves
        if L and c._mode == 0 and rig.occ == c.settled == c.expected_occupancy():
            carry_out(rig, L[n % len(L)], rig.rng, mistakes=False, knock=op == "knock")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.sampled_from(PLAYERS), OPS, st.integers(0, 1000))
def test_random_event_streams(rules, players, ops, seed):
    rig = Rig(rules, players, seed)
    rig.run(100)
    for op, a, b, n in ops:
        do_op(rig, op, a, b, n)
        replay_ok(rig.c)
    rig.run(300)
    replay_ok(rig.c)
    st_ = rig.c.status()
    assert isinstance(st_["message"], str) and st_["turn"] in ("white", "black")
    # never stuck: putting the stones where the controller wants them always
    # brings it back to a waiting state (requests complete, mistakes clear)
    for _ in range(3):
        rig.occ = rig.c.expected_occupancy()
        rig.run(400)
    assert rig.c._view.kind in ("idle", "wait", "remote", "over"), rig.c.status()
    assert rig.c.settled == rig.c.expected_occupancy()
    replay_ok(rig.c)


# ---- 2. full games with hesitations and mistakes ---------------------------------------
def carry_out(rig, m, rng, mistakes=True, knock=False):
    """Perform move ``m`` physically (the mover's stone, then the captures), with
    optional human-like detours; presses ok when a capture is declined. ``knock``:
    the hand knocks a stone next to the move's points off before the put and puts
    it back later (before the captures, or after them when it is none)."""
    c = rig.c
    pos = c.position
    to, frm, c1, c2 = m & 31, m >> 5 & 31, m >> 10 & 31, m >> 15 & 31
    n0 = len(c.record())
    t = pos.turn
    occ0 = rig.occ
    # a stone put on a point just captured is that capture put back: no stray stone there
    rec = c.record()
    taken = [pos.geo.point(x) for x in rec[-1].split("x")[1:]] if rec else []
    empty = [p for p in range(24) if not occ0 >> p & 1 and p != to and p not in taken]
    human = c.players[t] == "human"
    if mistakes and rng.random() < 0.35:
        kind = rng.randrange(7)
        if kind == 0 and frm != NONE:           # hesitate: lift and put back
            rig.lift(frm, rng.choice((60, 120, 400)))
            rig.put(frm)
        elif kind == 1:                          # lift a stone of the other colour, put it back
            opp = [p for p in range(24) if pos.bb[1 - t] >> p & 1]
            if opp:
                p = rng.choice(opp)
                rig.lift(p)
                assert len(c.record()) == n0
                rig.put(p)
        elif kind == 2 and empty and (pos.hand[t] == 0 or not human):  # a stray stone, taken away
            p = rng.choice(empty)
            rig.put(p)
            assert len(c.record()) == n0
            rig.lift(p)
        elif kind == 3:                          # noise
            rig.blip(rng.randrange(24))
        elif kind == 4 and frm != NONE and human:  # illegal destination, then corrected
            legal_to = 0
            for mm in pos.legal_moves:
                if mm >> 5 & 31 == frm:
                    legal_to |= 1 << (mm & 31)
            bad = [p for p in empty if not legal_to >> p & 1]
            if bad:
                rig.lift(frm)
                p = rng.choice(bad)
                rig.put(p)
                assert len(c.record()) == n0, "illegal destination read as a move"
                rig.lift(p)
        elif kind == 5 and frm != NONE:         # two up at once, one put back
            own = [p for p in range(24) if pos.bb[t] >> p & 1 and p != frm]
            if own:
                p = rng.choice(own)
                rig.lift(frm)
                rig.lift(p)
                assert len(c.record()) == n0
                rig.put(p)
        elif kind == 6:                          # a sweep, restored in random order
            rig.sweep(rig.occ)
        assert len(c.record()) == n0, "a detour changed the game"
    caps = [x for x in (c1, c2) if x != NONE]
    if not human and caps and rng.random() < 0.3:
        for x in caps:           # a remote move's captures may come first
            rig.lift(x)
        caps = []
    if frm != NONE:
        rig.lift(frm, rng.choice((100, 150)))
        if rng.random() < 0.3:
            via = [p for p in range(24) if not rig.occ >> p & 1 and p != to]
            # slide across other points; a flying stone may rest a little on them
            # (less than the commit delay), any other passes quicker than the settle time
            rests = (TICK, 60, 200) if pos.flying(t) else (TICK, 40)
            for p in rng.sample(via, min(len(via), rng.randrange(1, 3))):
                rig.blip(p, rng.choice(rests))
    knocked = NONE
    if knock or (mistakes and rng.random() < 0.1):
        near = pos.geo.adj[to] | (pos.geo.adj[frm] if frm != NONE else 0)
        near &= rig.occ & (pos.bb[0] | pos.bb[1])
        if near:
            knocked = rng.choice([p for p in range(24) if near >> p & 1])
            rig.lift(knocked, rng.choice((TICK, 100)))
    if rng.random() < 0.3:
        rig.bounce(to, True)
    else:
        rig.put(to)
    if knocked != NONE:
        rig.run(rng.choice((0, c.commit_ms + SETTLE)))   # past any commit delay, or not
        assert len(c.record()) == n0, "a move recorded while a knocked stone was off"
        if knocked not in caps or rng.random() < 0.5:
            rig.put(knocked)
            knocked = NONE
    if mistakes and caps and human and rng.random() < 0.3:
        # lift a stone that may not be captured, then put it back
        allowed = 0
        for mm in pos.legal_moves:
            if (mm & 0x3FF) == (m & 0x3FF):
                for x in (mm >> 10 & 31, mm >> 15 & 31):
                    if x != NONE:
                        allowed |= 1 << x
        wrong = [p for p in range(24) if pos.bb[1 - t] >> p & 1 and not allowed >> p & 1]
        if wrong:
            p = rng.choice(wrong)
            rig.lift(p)
            assert len(c.record()) == n0, "a protected stone was captured"
            rig.put(p)
    for x in caps:
        if x == knocked:         # the knocked stone was to be captured: back, then taken
            rig.put(x)
            knocked = NONE
        rig.lift(x)
    if knocked != NONE:
        rig.put(knocked)
    if len(c.record()) == n0 and c._view.kind == "capture":
        rig.run(TICK, ("ok",))
    if len(c.record()) == n0:
        rig.run(c.commit_ms + TICK)   # a put counts after the commit delay


GAME_RULES = ["standard", "wikipedia+draw_no_capture_moves=25",
              "old-russian+draw_no_capture_moves=25", "schmidt+draw_no_capture_moves=25",
              "wikipedia+double_mill=two+no_return=on+draw_no_capture_moves=25"]


def play_game(seed):
    rng = random.Random(seed)
    rules = GAME_RULES[seed % len(GAME_RULES)]
    players = PLAYERS[seed % 3] if seed % 4 else ("human", "human")
    rig = Rig(rules, players, seed)
    rig.run(100)
    c = rig.c
    mirror = Position(Rules.parse(rules))
    for ply in range(600):
        if mirror.outcome() is not None:
            break
        L = mirror.legal_moves
        m = rng.choice(L)
        if c.awaiting_remote():
            c.remote_move(m)
            rig.run(TICK)
        carry_out(rig, m, rng)
        mirror.push(m)
        rec = c.record()
        assert rec and rec[-1] == mirror.move_text(m), (seed, ply, rec[-3:], mirror.move_text(m),
                                                      c.status()["message"])
    out = mirror.outcome()
    assert out is not None, "game %d did not end" % seed
    st_ = c.status()
    assert st_["result"] == out.result() and st_["reason"] == out.reason, (seed, st_["result"], out)
    assert c.position.text() == mirror.text()
    replay_ok(c)
    # clearing the board starts the next game
    rig.occ = 0
    rig.run(200)
    assert c.record() == [] and c.result is None
    return rig


def test_200_full_games_with_hesitations_and_mistakes():
    for seed in range(200):
        play_game(seed)
