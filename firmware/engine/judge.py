"""Move quality for the learning mode: a short exact material search per root move.

The engine entry point of teach/quality.py (which turns the values into LED
meanings and words). For the side to move X and each given root move m:

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
lost. Rules that the engine's array board holds (``engine.holds``) run on
its viper move generator (engine/board.py: ``Board``, ``gen``, ``push``,
``pop``, ``terminal``, the only parts of the engine used here); other rules
on the rules core (``morris.Position``), slower.
"""
from morris.compat import const, ticks_ms, ticks_add, ticks_diff
from .engine import holds
from .board import Board, gen, push, pop, terminal, capturable
try:
    import micropython  # viper compiles ptr32 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32

# Offsets of engine/board.py's blocks, repeated because viper code needs
# constants of its own module (as engine/evaluate.py; tests/firmware/test_quality.py
# checks ``closable`` against the board's move generator).
_BB = const(0)
_HAND = const(2)
_CNT = const(4)
_TURN = const(6)
_USED = const(9)
_FORB = const(11)
_G_FULL = const(1)
_G_FLY = const(2)
_G_PROT = const(5)
_G_MAXCAP = const(6)
_G_REUSE = const(7)
_G_NLINES = const(12)
_G_SIMPLE = const(13)
_G_ADJ = const(16)
_G_LINES = const(80)

WIN = 100
DEPTH = 2       # plies searched after the root move before the static look (module doc)
_WIN = const(100)
_NO = const(31)
_NEG = const(-1000)


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
    computer opponent's, which is idle while a human is to move); None: a new
    one (about 4.3 KB) on the first search of rules the array board holds.

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
        if holds(position.rules):
            b = self.board
            if b is None or b.rules != position.rules:
                if self.blocks is None:
                    self.blocks = Board.blocks()
                b = self.board = Board(position.rules, self.blocks)
            b.load(position)
            self.pos = None
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
            pop(self.board.S, self.board.G)

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
            v = c - _x_value(b.S, b.G, b.M, r, c - self.best, self.e1)
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


@micropython.viper
def _x_value(S, G, M, r: int, beta: int, base: int) -> int:
    """Play the opponent's reply ``r`` on the engine board, return Q (module doc) for
    the side then to move at depth 1 (its answers' captures minus the opponent's
    next capture chance, by ``closable``), searching no further once it reaches
    ``beta``; its moves are listed from M[base]. The board is left as it was."""
    push(S, G, r)
    t = int(terminal(S, G))
    if t != 0:
        pop(S, G)
        if t == 1:
            return _WIN
        if t == 2:
            return 0 - _WIN
        return 0
    end = int(gen(S, G, M, base))
    mv = ptr32(M)
    if end == base:
        pop(S, G)
        return 0 - _WIN                  # blocked: the side to move loses
    best = _NEG
    want = 1                             # captures first: they cut off soonest
    while want >= 0:
        k = base
        while k < end:
            s = mv[k]
            c = 0
            if (s >> 10) & 31 != 31:
                c = 1
                if (s >> 15) & 31 != 31:
                    c = 2
            if (c > 0 and want == 1) or (c == 0 and want == 0):
                push(S, G, s)
                tt = int(terminal(S, G))
                lv = 0
                if tt == 0:
                    lv = int(closable(S, G))
                    if lv < 0:
                        lv = 0 - _WIN
                elif tt == 1:
                    lv = _WIN
                elif tt == 2:
                    lv = 0 - _WIN
                pop(S, G)
                v = c - lv
                if v > best:
                    best = v
                    if best >= beta:
                        pop(S, G)
                        return best
            k += 1
        want -= 1
    pop(S, G)
    return best


def _q_pos(p, m, d, beta, j):
    """As ``_q_board`` on a morris.Position."""
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


@micropython.viper
def closable(S, G) -> int:
    """1 when the side to move of the engine board (``S``, ``G``) has a capturing
    move (it closes a mill that takes a stone), 0 when it has none but can move,
    -1 when it cannot move at all (blocked). The same answer as scanning
    ``gen``'s moves for a capture, without listing them."""
    s = ptr32(S)
    g = ptr32(G)
    t = s[_TURN]
    me = s[_BB + t]
    op = s[_BB + 1 - t]
    empty = g[_G_FULL] & ~(me | op)
    hand = s[_HAND + t]
    fa = g[_G_FLY]
    fly = 0
    if hand == 0 and fa > 0 and s[_CNT + t] == fa:
        fly = 1
    forbid = s[_FORB + t] - 1
    can = 0         # 1: some move exists
    if hand or fly:
        if empty:
            can = 1
    else:
        p = 0
        x = me
        while x:
            if x & 1:
                tg = g[_G_ADJ + p] & empty
                if tg and (tg & (tg - 1) or forbid < 0 or forbid != (p << 5 | int(_low(tg)))):
                    can = 1
                    break
            x >>= 1
            p += 1
    if not can:
        return -1
    if g[_G_MAXCAP] == 0 or int(capturable(G, op, g[_G_PROT])) == 0:
        return 0
    reuse = 0
    if g[_G_SIMPLE] == 0 and g[_G_REUSE]:
        reuse = 1
    used = s[_USED + t]
    nl = g[_G_NLINES]
    for li in range(nl):
        ln = g[_G_LINES + li]
        a = me & ln
        q = ln ^ a
        if a == 0 or q & (q - 1) or not (q & empty):
            continue                        # not two own stones and an empty third point
        if reuse and (used >> li) & 1:
            continue                        # this line no longer takes a stone
        if hand:
            return 1
        qi = int(_low(q))
        src = me & ~ln
        if not fly:
            src &= g[_G_ADJ + qi]
        while src:
            f = int(_low(src))
            if forbid < 0 or forbid != (f << 5 | qi):
                return 1
            src &= src - 1
    return 0


@micropython.viper
def _low(x: int) -> int:
    """Index of the lowest set bit of ``x`` (> 0)."""
    i = 0
    while not (x & 1):
        x >>= 1
        i += 1
    return i
