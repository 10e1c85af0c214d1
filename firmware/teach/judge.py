"""Move quality for the learning mode: a short exact material search per root move
(teach/quality.py turns the values into LED meanings and words).

For the side to move X and each given root move m:

    value(m) = caps(m) - Q(P+m, DEPTH)          (DEPTH = 2)

where Q(node, d), from the view of the side to move there, is
  - +WIN / -WIN / 0 at a finished game: too few stones, a draw rule, or a
    side to move without a legal move (blocked: it loses);
  - at d = 0: 1 when the side to move has a capturing move (a mill it can
    close now: it takes a stone next), else 0;
  - else the max over its legal moves r of caps(r) - Q(P+r, d-1);
and caps(m) is the number of stones m captures. So value(m) is what m wins
or loses in stones within the opponent's reply, X's answer and the
opponent's next chance to close a mill: -1 when the opponent then closes a
mill, or makes two mills at once that X cannot both block; -WIN when the
opponent can then block every X stone (or X falls below three stones);
+1 for a mill closed now or a double threat; +WIN for a win. The search is
exact (alpha-beta prunes only what cannot change a value), so a deeper
search over the rules core (tests/test_quality_suite.py) can check it.

Time slices: ``step(budget_ms)`` searches until the budget is used, one
opponent reply of one root move at a time (a few dozen generated move
lists: a few ms on the Pico), and resumes on the next call with nothing
lost. Given the computer opponent's board blocks (the engine is made at boot
on the board: main.py), rules that the engine's array board holds
(``engine.holds``) run on its viper move generator (engine/judge.py's
``reply_value``); otherwise on the rules core (``morris.Position``): the same
values, slower, and no engine code in the heap (a human-only game in a
small heap).
"""
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
    ``position``, copied in) from now; ``step(budget_ms) -> bool`` (True once
    every move has its value); ``values`` (list: value or None per move), ``refute``
    (per move: the opponent's reply that gives its value, or -1), ``done``.
    """

    def __init__(self, blocks=None):
        self.blocks = blocks
        self.board = None
        self.pos = None
        self.moves = []
        self.values = []
        self.refute = []
        self.done = True
        self.nodes = 0

    # ---- set-up ---------------------------------------------------------
    def start(self, position, moves):
        """Begin judging ``moves`` of ``position`` (the caller's object is not touched)."""
        self.moves = list(moves)
        n = len(self.moves)
        self.values = [None] * n
        self.refute = [-1] * n
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
        self.values[i] = caps(self.moves[i]) - q
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
