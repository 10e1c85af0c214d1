"""Learning mode's move quality: while a human is to move, every legal
destination of the lifted stone (in placement: every empty point) lights
``good``, ``playable`` or ``mistake`` (board/leds.py), judged by
engine/judge.py's short exact search of each move:

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
(``quality`` of the protocol's state and hint: docs/protocol.md).
"""
from morris import NONE
from board import leds
from board.reading import REMOVAL
from engine.judge import Judge, WIN, caps

MAX_REPORT = 12     # moves listed in ``status``


def meaning(v, best):
    """LED meaning code of a move of value ``v`` when the best move has ``best``."""
    if v == best:
        return leds.GOOD
    if v < 0:
        return leds.MISTAKE
    return leds.PLAYABLE


class Quality:
    """The controller's teacher in learning mode (board/display.py's ``teacher`` hook).

    ``Quality(blocks=None)``: ``blocks`` as engine/judge.py's ``Judge``.
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
        """{"quality": None, or {"ready", "best", "moves": [...]}}: the moves of the
        current view (the lifted stone's, the placements, else the mistakes), each
        {"move", "from", "to", "meaning", "value", "why", "reply", "points"} (see
        ``why``)."""
        if self._key(c) != self.key:
            return {"quality": None}
        out = {"ready": self.ready, "best": self.best, "moves": []}
        if not self.ready:
            return {"quality": out}
        v = c._view
        pos = c.position
        frm = v.frm if v.kind == "lifted" else -1
        placing = pos.hand[pos.turn] > 0
        for k in sorted(self.dest):
            code, i = self.dest[k]
            f = k >> 5
            if frm >= 0:
                if f != frm:
                    continue
            elif not placing and code != leds.MISTAKE:
                continue
            if len(out["moves"]) >= MAX_REPORT:
                break
            out["moves"].append(self.why(pos, i, code))
        return {"quality": out}

    def why(self, pos, i, code):
        """Why move ``i`` has LED meaning ``code``, as a dict: "move" (text without its
        captures), "from" (point or None), "to", "meaning" (name), "value", "why" and
        "reply" (the other player's answer that shows it, or None), "points":

        - mistake: "mill" (the reply closes a mill: its points), "two_mills" (after
          the reply it can close a mill on each of "points": one cannot block both),
          "mill_next" (after the reply every answer lets it close a mill on "points"),
          "blocked" (the reply leaves no move), "lost" (too few stones);
        - playable: "better" ("points": where the best move goes);
        - good: "mill" (it closes one), "win", "threat" (two mills at once next),
          "safe"."""
        from board.reading import mills_through
        from board.hint import threats
        j = self.judge
        m = j.moves[i]
        v = j.values[i]
        names = pos.geo.names
        frm = m >> 5 & 31
        to = m & 31
        out = {"move": names[to] if frm == NONE else names[frm] + "-" + names[to],
               "from": None if frm == NONE else names[frm], "to": names[to],
               "meaning": leds.MEANINGS[code], "value": v, "why": "safe", "reply": None,
               "points": []}
        if code == leds.PLAYABLE:
            b = j.values.index(self.best)
            out["why"] = "better"
            out["points"] = [names[j.moves[b] & 31]]
        elif code == leds.GOOD:
            if v >= WIN // 2:
                out["why"] = "win"
            elif caps(m):
                out["why"] = "mill"
            elif v > 0:
                out["why"] = "threat"
        else:
            r = j.refute[i]
            p = pos.copy()
            p.push(m)
            if r >= 0:
                out["reply"] = p.move_text(r)
                p.push(r)
            oc = p.outcome()
            if v <= -WIN // 2:
                out["why"] = "blocked" if oc is not None and oc.reason == "blocked" else "lost"
            elif r >= 0 and caps(r):
                out["why"] = "mill"
                out["points"] = [names[q] for q in range(len(names))
                                 if mills_through(pos.geo, p.bb[1 - pos.turn], r & 31) >> q & 1]
            else:
                t = threats(p, 1 - pos.turn)
                out["points"] = [names[q] for q in range(len(names)) if t >> q & 1]
                out["why"] = "two_mills" if len(out["points"]) > 1 else "mill_next"
        return out
