"""Move quality for the learning mode: a short exact material search per root move,
in time slices (teach/quality.py turns the values into LED meanings and words).

value(m) = caps(m) - Q(P+m, DEPTH) for the side to move's move m (DEPTH = 2): Q is
+-WIN / 0 at a finished game (a blocked side loses), at depth 0 one when the side
to move can capture (it closes a mill next), else the max over its moves r of
caps(r) - Q(P+r, d-1); caps(m) = stones m captures. The full definition, what it
sees and what it costs: docs/board_controller.md, "Move quality". On the engine's
array board (``blocks`` given: engine/judge.py's ``reply_value``) or the rules core.
"""
from array import array
from morris.compat import ticks_ms, ticks_add, ticks_diff

WIN = 100
DEPTH = 2       # plies searched after the root move before the static look (module doc)
_NO = 31
_NEG = -1000


def caps(m):
    """Stones captured by move int ``m`` (0..2; a removal-only turn counts 0)."""
    if m & 0x20000000:      # morris REMOVAL
        return 0
    n = 0
    if m >> 10 & 31 != _NO:
        n += 1
        if m >> 15 & 31 != _NO:
            n += 1
    return n


class Judge:
    """Values of root moves, searched in slices (see the module doc).

    ``Judge(blocks=None)``: ``blocks`` is an engine board's (state, moves,
    tables) triple to search on (``engine.board.Board.blocks()``, e.g. the
    computer opponent's, which is idle while a human is to move); None: the
    rules core's search (the same values, slower).

    ``start(position, moves)``: judge ``moves`` (legal move ints of
    ``position``; the list is kept, not copied: unchanged while judging) from now;
    ``step(budget_ms) -> bool`` (True once every move has its value);
    ``value(i)`` (move i's value), ``refute[i]`` (the opponent's reply that gives it,
    or -1), ``done``; ``values`` (a new list of them, for tests and tools). The
    per-move tables are kept from turn to turn (no allocation per turn).
    """

    def __init__(self, blocks=None):
        self.blocks = blocks
        self.board = None
        self.pos = None
        self.moves = []
        self._v = bytearray(64)          # value + 128 per move
        self.refute = array("i", range(64))
        self.done = True
        self.nodes = 0

    @property
    def values(self):
        """The values of the moves judged so far (list; None: not yet)."""
        return [self._v[i] - 128 if i < self.next and i != self.cur else None
                for i in range(len(self.moves))]

    def value(self, i):
        """The value of move ``i`` (once judged)."""
        return self._v[i] - 128

    # ---- set-up ---------------------------------------------------------
    def start(self, position, moves):
        """Begin judging ``moves`` of ``position`` (the caller's object is not touched)."""
        self.moves = moves
        n = len(moves)
        if n > len(self._v):
            self._v = bytearray(n)
            self.refute = array("i", range(n))
        self.next = 0
        self.cur = -1
        self.done = n == 0
        self.nodes = 0
        b = None
        if self.blocks is not None:
            from engine import holds
            if holds(position.rules):
                b = self.board
                if b is None or b.rules != position.rules:
                    from engine.board import Board
                    b = self.board = Board(position.rules, self.blocks)
        if b is not None:
            b.load(position)
            self.pos = None
            from engine.board import gen, push, pop, terminal
            from engine.judge import reply_value
            self.fns = (gen, push, pop, terminal, reply_value)
        else:
            self.pos = position.copy()

    # ---- the search -------------------------------------------------------
    def step(self, budget_ms):
        """Search for about ``budget_ms`` ms; True when every move has its value."""
        if self.done:
            return True
        end = ticks_add(ticks_ms(), budget_ms)
        while True:
            if self.cur < 0:
                if self.next >= len(self.moves):
                    self.done = True
                    return True
                self.next += 1
                self._begin(self.next - 1)
            else:
                self._reply()
            if ticks_diff(ticks_ms(), end) >= 0:
                return self.done

    def _finish(self, q, ref):
        i = self.cur
        self._v[i] = caps(self.moves[i]) - q + 128
        self.refute[i] = ref
        self.cur = -1
        if self.pos is not None:
            self.pos.pop()
        else:
            self.fns[2](self.board.S, self.board.G)

    def _begin(self, i):
        """Play root move ``i`` and list the opponent's replies (or finish it at once)."""
        self.cur = i
        m = self.moves[i]
        self.best = _NEG
        self.ref = -1
        if self.pos is not None:
            p = self.pos
            p.push(m)
            t = _end(p)
            if t is not None:
                return self._finish(t, -1)
            self.replies = p.legal_moves
            self.j = 0
            return
        gen, push, _, terminal, _ = self.fns
        b = self.board
        push(b.S, b.G, m)
        t = _term(terminal(b.S, b.G))
        if t is not None:
            return self._finish(t, -1)
        self.e1 = gen(b.S, b.G, b.M, 0)
        self.nodes += 1
        if self.e1 == 0:
            return self._finish(-WIN, -1)     # the opponent is blocked
        self.j = 0

    def _reply(self):
        """One opponent reply of the root move under way: its value for the opponent."""
        if self.pos is not None:
            rs = self.replies
            if self.j >= len(rs):
                return self._finish(self.best, self.ref)
            r = rs[self.j]
            self.j += 1
            v = caps(r) - _q_pos(self.pos, r, DEPTH - 1, caps(r) - self.best, self)
        else:
            if self.j >= self.e1:
                return self._finish(self.best, self.ref)
            b = self.board
            r = b.M[self.j]
            self.j += 1
            self.nodes += 1
            c = caps(r)
            v = c - self.fns[4](b.S, b.G, b.M, r, c - self.best, self.e1)
        if v > self.best or (v == self.best and caps(r) > caps(self.ref)):
            self.best = v           # a capture shows it best: it is the reply named
            self.ref = r
            if v >= WIN:        # nothing better for the opponent: stop
                self.j = 1 << 20
        return None


def _term(t):
    """engine.board terminal code -> value for the side to move, or None."""
    if t == 0:
        return None
    return WIN if t == 1 else -WIN if t == 2 else 0


def _end(p):
    """morris.Position outcome -> value for the side to move, or None."""
    oc = p.outcome()
    if oc is None:
        return None
    if oc.winner is None:
        return 0
    return WIN if oc.winner == p.turn else -WIN


def _q_pos(p, m, d, beta, j):
    """Play ``m`` on position ``p``, return Q (module doc) of the child at depth ``d`` from
    its side to move's view, searching no further once it reaches ``beta``."""
    p.push(m)
    t = _end(p)
    if t is None:
        ms = p.legal_moves
        j.nodes += 1
        if d == 0:
            t = 0
            for r in ms:
                if caps(r):
                    t = 1
                    break
        else:
            t = _NEG
            for want in (1, 0):
                for r in ms:
                    c = caps(r)
                    if (c > 0) != want:
                        continue
                    v = c - _q_pos(p, r, d - 1, c - t, j)
                    if v > t:
                        t = v
                        if t >= beta:
                            break
                if t >= beta:
                    break
    p.pop()
    return t
