"""Learning mode's move quality: while a human is to move, every legal destination
of the lifted stone (in placement: every empty point) lights ``good`` (the best
value of the position), ``mistake`` (below the best and below zero: a stone or the
game lost) or ``playable`` (the rest), by teach/judge.py's values
(docs/board_controller.md, "Move quality"). Made by teach/__init__.py while learning
mode is on; the controller's ``teacher`` (board/display.py)."""
from morris import NONE
from morris.compat import forget
from board import leds

GOOD, PLAYABLE, MISTAKE = [leds.MEANINGS.index(n) for n in ("good", "playable", "mistake")]
from board.reading import REMOVAL
from teach.judge import Judge
from teach import human_to_move

MAX_REPORT = 6      # moves listed in ``status`` (a protocol line: kept short)


def meaning(v, best):
    """LED meaning code of a move of value ``v`` when the best move has ``best``."""
    if v == best:
        return GOOD
    if v < 0:
        return MISTAKE
    return PLAYABLE


class Quality:
    """The controller's teacher in learning mode (board/display.py's ``teacher`` hook).

    ``Quality(blocks=None)``: ``blocks`` as teach/judge.py's ``Judge``.
    ``step(controller, ms)``: one main-loop pass (search for about ``ms`` ms);
    ``ready``: every move of the position is judged; ``best``: the best value;
    ``codes``: per move, the LED meaning code of its destination (the best of the
    moves with its from- and to-point: its captures), kept from turn to turn."""

    def __init__(self, blocks=None):
        self.judge = Judge(blocks)
        self.key = None             # the position judged: the controller's Position object,
        self.kply = -1              # ... its ply count and key (compared without allocating)
        self.kz = -1
        self.ready = False
        self.codes = bytearray(64)
        self.best = 0

    def _same(self, c):
        pos = c.position
        return pos is self.key and c.plies == self.kply and pos.zkey == self.kz

    def step(self, c, ms):
        """Judge the position of controller ``c`` while a human is to move (else forget it)."""
        if not human_to_move(c):
            if self.key is not None:
                self._forget(c)
            return
        if not self._same(c):
            self._forget(c)
            pos = c.position
            self.key = pos
            self.kply = c.plies
            self.kz = pos.zkey
            self.judge.start(pos, c._L)     # the controller's list, refilled on a change
        if not self.ready and self.judge.step(ms):
            self._classify()
            c._serial += 1          # the frame changes

    def _forget(self, c):
        if self.ready:
            c._serial += 1
        self.key = None
        self.ready = False

    def _classify(self):
        # a destination's moves (its captures) are listed one after another by both move
        # generators: the best of each run is the destination's value
        j = self.judge
        mv = j.moves
        n = len(mv)
        if n > len(self.codes):
            self.codes = bytearray(n)
        best = -1000
        for i in range(n):
            if j.value(i) > best:
                best = j.value(i)
        i = 0
        while i < n:
            k = mv[i] & 0x3FF
            e = i
            top = j.value(i)
            while e < n and mv[e] & 0x3FF == k:
                if j.value(e) > top:
                    top = j.value(e)
                e += 1
            code = meaning(top, best)
            while i < e:
                self.codes[i] = code
                i += 1
        self.best = best
        self.ready = True

    def best_of(self, frm, to):
        """Index of the best-valued move from ``frm`` to ``to`` (NONE = 31: a
        placement), or -1."""
        j = self.judge
        out = -1
        for i in range(len(j.moves)):
            m = j.moves[i]
            if m & 0x3FF == frm << 5 | to and not m & REMOVAL and (out < 0 or j.value(i) > j.value(out)):
                out = i
        return out

    # ---- the controller's teacher hook ----------------------------------------
    def paint(self, c, v, codes):
        """Paint the judged destinations over the view ``v``'s meaning ``codes``."""
        if not self.ready or not self._same(c):
            return
        k = v.kind
        if k == "lifted":
            frm = v.frm
            x = v.dests
        elif k == "idle" and c.position.hand[c.position.turn]:
            frm = NONE
            x = -1
        else:
            return
        mv = self.judge.moves
        for i in range(len(mv)):
            m = mv[i]
            if m >> 5 & 31 == frm and not m & REMOVAL and x >> (m & 31) & 1:
                codes[m & 31] = self.codes[i]

    def message(self, c):
        """No message of its own: the game's message stays."""
        return None

    def status(self, c):
        """{"quality": None, or {"ready", "best"}} for the protocol's state (the meanings
        are in its "lit"; why: ``reasons``, with the hint)."""
        if not self._same(c):
            return {"quality": None}
        return {"quality": {"ready": self.ready, "best": self.best}}

    def reasons(self, c):
        """Why, for the hint event: the moves that are only all right, then the mistakes,
        of the current view (the lifted stone's, else every move), at most MAX_REPORT,
        each {"move", "from", "to", "meaning", "value", "why", "reply", "points"}
        (teach/why.py), one per destination (its best move); [] while not judged."""
        if not self.ready or not self._same(c):
            return []
        v = c._view
        frm = v.frm if v.kind == "lifted" else -1
        mv = self.judge.moves
        out = []
        for want in (PLAYABLE, MISTAKE):
            for i in range(len(mv)):
                m = mv[i]
                if (self.codes[i] == want and (frm < 0 or m >> 5 & 31 == frm) and not m & REMOVAL
                        and len(out) < MAX_REPORT and (i == 0 or mv[i - 1] & 0x3FF != m & 0x3FF)):
                    out.append(self.best_of(m >> 5 & 31, m & 31))
        if not out:
            return out
        from teach.why import why   # imported for a hint and dropped again (heap)
        try:
            return [why(self, c.position, i, self.codes[i]) for i in out]
        finally:
            forget("teach.why")
