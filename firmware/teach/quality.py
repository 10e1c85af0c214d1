"""Learning mode's move quality: while a human is to move, every legal
destination of the lifted stone (in placement: every empty point) lights
``good``, ``playable`` or ``mistake`` (board/leds.py), judged by
teach/judge.py's short exact search of each move:

- good: the move gets the most the side can get within the search (the
  value of the best move: a mill closed, a double threat, a win, or simply
  keeping every stone);
- mistake: the move loses a stone (or the game) that the best move keeps:
  its value is below the best and below zero -- the other player then closes
  a mill, makes two mills at once, or blocks every stone;
- playable: the rest -- no stone lost, but a better move wins one.

The main loop (mainloop.py) makes a ``Quality`` while learning mode is on,
hands it to the controller as its ``teacher`` and calls ``step`` every pass
with the engine's slice of the pass; the judgement starts when the turn
starts, so it is usually ready before a stone is lifted. ``status`` says why
(teach/why.py; ``quality`` of the protocol's state: docs/protocol.md).
"""
from morris import NONE
from board import leds
from board.reading import REMOVAL
from teach.judge import Judge

MAX_REPORT = 6      # moves listed in ``status`` (a protocol line: kept short)


def meaning(v, best):
    """LED meaning code of a move of value ``v`` when the best move has ``best``."""
    if v == best:
        return leds.GOOD
    if v < 0:
        return leds.MISTAKE
    return leds.PLAYABLE


class Quality:
    """The controller's teacher in learning mode (board/display.py's ``teacher`` hook).

    ``Quality(blocks=None)``: ``blocks`` as teach/judge.py's ``Judge``.
    ``step(controller, ms)``: one main-loop pass (search for about ``ms`` ms);
    ``ready``: every move of the position is judged; ``best``: the best value;
    ``dest``: dict (from << 5 | to) -> (meaning code, index of its best move)."""

    def __init__(self, blocks=None):
        self.judge = Judge(blocks)
        self.key = None
        self.ready = False
        self.dest = {}
        self.best = 0

    @staticmethod
    def _key(c):
        pos = c.position
        return (id(pos), c.plies, pos.zkey, pos.turn)

    def step(self, c, ms):
        """Judge the position of controller ``c`` while a human is to move (else forget it)."""
        if not c.human_to_move():
            if self.key is not None:
                self._forget(c)
            return
        key = self._key(c)
        if key != self.key:
            self._forget(c)
            self.key = key
            pos = c.position
            self.judge.start(pos, [m for m in pos.legal_moves if not m & REMOVAL])
        if not self.ready and self.judge.step(ms):
            self._classify()
            c._serial += 1          # the frame changes

    def _forget(self, c):
        if self.ready:
            c._serial += 1
        self.key = None
        self.ready = False
        self.dest = {}

    def _classify(self):
        j = self.judge
        vals = j.values
        best = max(vals) if vals else 0
        dest = {}
        for i in range(len(vals)):
            m = j.moves[i]
            k = m & 0x3FF               # from << 5 | to
            d = dest.get(k)
            if d is None or vals[i] > vals[d]:
                dest[k] = i
        for k in dest:
            i = dest[k]
            dest[k] = (meaning(vals[i], best), i)
        self.best = best
        self.dest = dest
        self.ready = True

    # ---- the controller's teacher hook ----------------------------------------
    def paint(self, c, v, codes):
        """Paint the judged destinations over the view ``v``'s meaning ``codes``."""
        if not self.ready or self._key(c) != self.key:
            return
        k = v.kind
        if k == "lifted":
            frm = v.frm
            x = v.dests
        elif k == "idle" and c.position.hand[c.position.turn]:
            frm = NONE
            x = c.position.geo.full & ~(c.position.bb[0] | c.position.bb[1])
        else:
            return
        dest = self.dest
        to = 0
        while x:
            if x & 1:
                d = dest.get(frm << 5 | to)
                if d is not None:
                    codes[to] = d[0]
            x >>= 1
            to += 1

    def message(self, c):
        """No message of its own: the game's message stays."""
        return None

    def status(self, c):
        """{"quality": None, or {"ready", "best"}} for the protocol's state (the meanings
        are in its "lit"; why: ``reasons``, with the hint)."""
        if self._key(c) != self.key:
            return {"quality": None}
        return {"quality": {"ready": self.ready, "best": self.best}}

    def reasons(self, c):
        """Why, for the hint event: the moves that are only all right, then the mistakes,
        of the current view (the lifted stone's, else every move), at most MAX_REPORT,
        each {"move", "from", "to", "meaning", "value", "why", "reply", "points"}
        (teach/why.py); [] while not judged."""
        if not self.ready or self._key(c) != self.key:
            return []
        v = c._view
        frm = v.frm if v.kind == "lifted" else -1
        out = []
        for want in (leds.PLAYABLE, leds.MISTAKE):
            for k in sorted(self.dest):
                code, i = self.dest[k]
                if code == want and (frm < 0 or k >> 5 == frm) and len(out) < MAX_REPORT:
                    out.append(i)
        if not out:
            return out
        import sys
        from teach.why import why   # imported for a hint and dropped again (heap)
        try:
            return [why(self, c.position, i, self.dest_code(i)) for i in out]
        finally:
            sys.modules.pop("teach.why", None)

    def dest_code(self, i):
        """The LED meaning code of move ``i``'s destination."""
        m = self.judge.moves[i]
        return self.dest[m & 0x3FF][0]
