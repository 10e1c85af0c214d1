"""FROZEN BASELINE (copy of firmware/engine/relatives.py of main 58dd098, before issue 23). The engine for the rule sets engine/board.py cannot hold: the relatives.

For the rules the engine's array board does not hold (``board.holds``:
``rules.special``, i.e. the variants' turn flow of morris/variant.py with
marks, removal-only turns, third captures, the same side moving twice; a
full board that ends the game) engine.Engine hands the search to
``Relatives`` here, a search that drives
``morris.Position`` itself. This module is imported only for such games
(its code and tables cost RAM the classic game does not spend).

The search: resumable iterative-deepening alpha-beta (negamax, fail-soft)
written as one loop over an explicit stack (per-ply arrays), not as
recursion, so it can stop after any node and resume on the next ``step()``
with nothing lost. No generators, no recursion, no per-node allocation by
the search itself (per-ply move lists are reused; the rules core's own
push/pop keep their undo data in chunked int lists). Every kind of turn of
the rules core is searched: removal-only turns and third captures (wider
than the 20-bit move field: a per-ply placeholder) and a side moving twice
running (``defender_first``, removals owed at a full board: the child's
score is not negated, the window passes unchanged).

Search features: iterative deepening; transposition table (preallocated
``array('i')`` chunks, keys are the Zobrist key < 2**30 mixed with the
``mill_reuse`` state (line or point masks, folded to 15 bits) and the
``no_return`` bars when those options are on); move ordering by one sort of
ints ``score << 20 | move`` per node: TT move, then captures (more stones
first), moves that block an opponent's open mill, killer moves (two per
ply), history heuristic; terminal positions by ``Position._terminal()`` and
by an empty move list (a blocked side loses). Variety: root noise
(centi-stones) at the low levels.

``evaluate(pos)`` returns an int in centi-stones (a stone on the board or in
hand is worth 100) from the point of view of ``pos.turn``. It reads only
``pos.bb``, ``pos.count``, ``pos.hand``, ``pos.marks``, ``pos.turn``,
``pos.geo`` and ``pos.rules`` (the geometry's lines include the diagonals; a
marked point counts as neither empty nor a mill chance; a stone taken from
a hand is material like one taken from the board) and allocates nothing but
small ints. Terms: material, closed mills, open mills the owner can close
next move ("ready" threats), double threats, fork points, mobility and
blocked stones in the movement phase. Sources: docs/rules.md,
docs/variants.md; the terms follow the usual Nine Men's Morris evaluation
features (Petcu & Holban, "Nine Men's Morris evaluation function", 2008).
Scores are centi-stones from the side to move's view; a win is
``WIN - ply`` so shorter wins score higher.
"""
from array import array
from morris.compat import const, ticks_ms, ticks_add, ticks_diff
from morris.position import NONE, NOMOVE



STONE = const(100)
LOST = const(5000)  # a side to move with no legal move (movement phase)

# Placement-phase weights
P_MILL = const(14)
P_OPEN = const(18)      # per open two-in-a-line (always "ready" with stones in hand)
P_FORK = const(24)      # side to move may create a double threat
P_MOB = const(2)
# Movement-phase weights
M_MILL = const(18)
M_OPEN = const(10)      # open two not closable next move
M_READY = const(30)     # open two closable next move
M_MOB = const(6)
M_BLOCKED = const(6)
# Side-to-move tempo terms (any phase)
T_CLOSE = const(70)     # side to move can close a mill now (will capture)
T_DOUBLE = const(75)    # opponent has two distinct ready closing points
OPP_BLOCKED = const(300)  # opponent (movement phase) has no move at all

_GEO_SEEN = []


def _adjb(geo):
    """dict: point bit -> adjacency mask, cached per geometry."""
    for g, d in _GEO_SEEN:
        if g is geo:
            return d
    d = {}
    for p in range(geo.n):
        d[1 << p] = geo.adj[p]
    _GEO_SEEN.append((geo, d))
    return d


def _mobility(stones, empty, adjb):
    """(moves, blocked stones) for sliding ``stones``; both small ints."""
    mob = 0
    blocked = 0
    x = stones
    while x:
        low = x & -x
        x ^= low
        e = adjb[low] & empty
        if e:
            while e:
                e &= e - 1
                mob += 1
        else:
            blocked += 1
    return mob, blocked


def evaluate(pos):
    """Score of ``pos`` for the side to move, in centi-stones (int, |v| < 10000)."""
    t = pos.turn
    o = 1 - t
    bb = pos.bb
    me = bb[t]
    op = bb[o]
    geo = pos.geo
    adjb = _adjb(geo)
    mk = pos.marks    # marked points (placing_mill: mark): no stone, no mill, until placement ends
    empty = geo.full & ~(me | op | mk)
    hand = pos.hand
    cnt = pos.count
    hm = hand[t]
    ho = hand[o]
    cm = cnt[t]
    co = cnt[o]
    fa = pos.rules.fly_at
    fly_m = fa > 0 and hm == 0 and cm == fa
    fly_o = fa > 0 and ho == 0 and co == fa
    free_m = hm or fly_m     # any empty point is reachable next move
    free_o = ho or fly_o
    mills_m = mills_o = 0
    open_m = open_o = 0
    ready_m = ready_o = 0    # masks of closing points reachable next move
    seen_m = seen_o = 0      # empty points of lines holding one own stone only
    fork_m = fork_o = 0
    for ln in geo.lines:
        if ln & mk:
            continue
        a = me & ln
        b = op & ln
        if a:
            if b:
                continue
            if a == ln:
                mills_m += 1
            elif a & (a - 1):
                e = ln ^ a
                if free_m or adjb[e] & me & ~ln:
                    ready_m |= e
                else:
                    open_m += 1
            else:
                e = ln ^ a
                fork_m |= seen_m & e
                seen_m |= e
        elif b:
            if b == ln:
                mills_o += 1
            elif b & (b - 1):
                e = ln ^ b
                if free_o or adjb[e] & op & ~ln:
                    ready_o |= e
                else:
                    open_o += 1
            else:
                e = ln ^ b
                fork_o |= seen_o & e
                seen_o |= e
    s = (cm + hm - co - ho) * STONE
    nrm = 0
    x = ready_m
    while x:
        x &= x - 1
        nrm += 1
    nro = 0
    x = ready_o
    while x:
        x &= x - 1
        nro += 1
    if hm or ho:
        s += (mills_m - mills_o) * P_MILL + (nrm - nro) * P_OPEN
        if hm and fork_m & ~fork_o:
            s += P_FORK
        if ho and fork_o:
            s -= P_FORK >> 1
        if not hm and not fly_m:
            mm, bm = _mobility(me, empty, adjb)
            if not mm:
                return -LOST
            s += mm * P_MOB
        if not ho and not fly_o:
            mo, bo = _mobility(op, empty, adjb)
            s -= mo * P_MOB
    else:
        s += (mills_m - mills_o) * M_MILL + (open_m - open_o) * M_OPEN + (nrm - nro) * M_READY
        if not fly_m:
            mm, bm = _mobility(me, empty, adjb)
            if not mm:
                return -LOST
            s += mm * M_MOB - bm * M_BLOCKED
        if not fly_o:
            mo, bo = _mobility(op, empty, adjb)
            if not mo:
                s += OPP_BLOCKED
            s -= mo * M_MOB - bo * M_BLOCKED
        if fly_o and not fly_m:
            s -= 40  # a flying opponent is dangerous; more so the fewer stones I have
    if ready_m:
        s += T_CLOSE
    elif nro >= 2:
        s -= T_DOUBLE
    return s

WIN = const(10000)
INF = const(30000)
MATE_ZONE = const(9000)
MAXPLY = const(40)
MOVE_MASK = const(0xFFFFF)
WIDE_TO = const(30)    # "to" of a placeholder for a move wider than MOVE_MASK (no point is 30)
MASK30 = const(0x3FFFFFFF)

EXACT = const(0)
LOWER = const(1)
UPPER = const(2)

DONE = const(0)      # iteration finished
PAUSED = const(1)    # slice time used up, resume later
ABORTED = const(2)   # search budget (nodes or time) used up

DEFAULT_TT = 1024
CHUNK_BITS = 6   # 64 entries, 768 bytes per chunk
HSIZE = 25 * 24  # history / noise index: (from or 24) * 24 + to


def _zeros(tc, n, size):
    """A zero-filled ``array(tc)`` of n items (works on CPython and MicroPython)."""
    try:
        return array(tc, [0]) * n
    except TypeError:  # MicroPython: no array repetition, but raw-bytes init
        return array(tc, bytearray(n * size))


class Searcher:
    """The resumable search. Use through ``engine.Engine``.

    ``tt_size``: transposition table entries, rounded down to a power of two
    (12 bytes each in ``array('i')`` chunks of 64 entries: no single
    allocation exceeds 768 bytes on a fragmented heap); ``table``:
    engine/search.py's Searcher whose table this search uses instead (no
    second table when the engine has reserved one).
    """

    def __init__(self, tt_size=None, table=None):
        if table is not None:
            # the transposition table of engine/search.py's Searcher ``table``
            # (the same chunks of 3 ints per entry: key, data, value), shared:
            # the engine clears it when it changes searches
            self.tt_mask = table.tt_mask
            self.tt_shift = table.tt_shift
            self.tt_cmask = table.tt_cmask
            self.tt = table.tt
        else:
            n = DEFAULT_TT if tt_size is None else tt_size
            bits = 0
            while (2 << bits) <= n:
                bits += 1
            n = 1 << bits
            self.tt_mask = n - 1
            # a list of small chunks (CHUNK entries of 3 ints: key, data,
            # value) so it fits a fragmented MicroPython heap
            cb = CHUNK_BITS if bits > CHUNK_BITS else bits
            self.tt_shift = cb
            self.tt_cmask = (1 << cb) - 1
            self.tt = [_zeros("i", 3 << cb, 4) for _ in range(n >> cb)]
        # per-ply stack
        self.mv = [[] for _ in range(MAXPLY + 1)]
        self.A = [0] * (MAXPLY + 1)
        self.B = [0] * (MAXPLY + 1)
        self.A0 = [0] * (MAXPLY + 1)
        self.D = [0] * (MAXPLY + 1)
        self.BEST = [0] * (MAXPLY + 1)
        self.BM = [0] * (MAXPLY + 1)
        self.IDX = [0] * (MAXPLY + 1)
        self.KEY = [0] * (MAXPLY + 1)
        self.K1 = [NOMOVE] * (MAXPLY + 1)
        self.K2 = [NOMOVE] * (MAXPLY + 1)
        self.wide = [None] * (MAXPLY + 1)   # per ply: list of moves wider than MOVE_MASK, made when needed
        self.same = bytearray(MAXPLY + 1)   # per ply: 1 when the child has the same side to move
        self.hist = _zeros("H", HSIZE, 2)
        self.noise = None
        self.pos = None
        self.nodes = 0

    def clear(self):
        """Forget the transposition table, killers and history (new game)."""
        for ch in self.tt:
            for i in range(0, len(ch), 3):
                ch[i] = 0
        self.clear_heuristics()

    def clear_heuristics(self):
        """Reset killers and history (kept small between moves)."""
        h = self.hist
        for i in range(len(h)):
            h[i] = 0
        for i in range(MAXPLY + 1):
            self.K1[i] = NOMOVE
            self.K2[i] = NOMOVE

    # ---- iteration control ------------------------------------------
    def begin(self, pos, depth, node_cap, noise=None):
        """Prepare iteration(s) on ``pos`` (a private copy) up to ``depth``."""
        self.pos = pos
        self.max_depth = depth if depth < MAXPLY - 1 else MAXPLY - 1
        self.node_cap = node_cap
        self.nodes = 0
        self.noise = noise
        r = pos.rules
        self.mix = r.reuse_first or r.no_ret or r.points_once
        self.best_move = NOMOVE
        self.best_score = -INF
        self.depth_done = 0
        self.it_best = NOMOVE
        self.it_score = -INF
        self._start_iteration(1)

    def _start_iteration(self, depth):
        self.cur_depth = depth
        self.ply = 0
        self.entering = True
        self.ret = 0
        self.A[0] = -INF
        self.B[0] = INF
        self.D[0] = depth
        self.it_best = NOMOVE
        self.it_score = -INF
        self.it_first_done = False

    def key(self):
        """TT key of the current position (< 2**30)."""
        pos = self.pos
        k = pos.zkey
        if self.mix:
            u = pos.used
            u0 = u[0] ^ u[0] >> 15      # folded: point masks (first_time_per_points) have 24 bits
            u1 = u[1] ^ u[1] >> 15
            k ^= (u0 & 0x7FFF) << 3 ^ (u1 & 0x7FFF) << 15 ^ (pos.forbid[0] & 0x3FF) << 1 \
                ^ (pos.forbid[1] & 0x3FF) << 19 ^ (1 if pos.forbid[0] >= 0 else 0) \
                ^ (1 << 29 if pos.forbid[1] >= 0 else 0)
        return k & MASK30

    # ---- the search loop ------------------------------------------------
    def run(self, slice_end):
        """Search until the iteration ends (DONE), ``slice_end`` (ticks_ms)
        passes (PAUSED; at least one node is searched per call) or the node
        cap is reached (ABORTED). Returns DONE, PAUSED or ABORTED."""
        pos = self.pos
        push = pos.push
        pop = pos.pop
        gen = pos.generate
        term = pos._terminal
        A = self.A
        B = self.B
        A0 = self.A0
        D = self.D
        BEST = self.BEST
        BM = self.BM
        IDX = self.IDX
        KEY = self.KEY
        MV = self.mv
        K1 = self.K1
        K2 = self.K2
        WIDE = self.wide
        SAME = self.same
        HIST = self.hist
        TT = self.tt
        tmask = self.tt_mask
        tsh = self.tt_shift
        tcm = self.tt_cmask
        noise = self.noise
        mix = self.mix
        ply = self.ply
        entering = self.entering
        ret = self.ret
        nodes = self.nodes
        cap = self.node_cap
        first = nodes  # always make progress: no clock check before the first node
        while True:
            if entering:
                if nodes >= cap:
                    self._save(ply, entering, ret, nodes)
                    return ABORTED
                now = ticks_ms()
                if nodes != first and ticks_diff(now, slice_end) >= 0:
                    self._save(ply, entering, ret, nodes)
                    return PAUSED
                nodes += 1
                d = D[ply]
                alpha = A[ply]
                beta = B[ply]
                ttm = NOMOVE
                if ply:
                    oc = term()
                    if oc is not None:
                        w = oc.winner
                        if w is None:
                            ret = 0
                        elif w == pos.turn:
                            ret = WIN - ply
                        else:
                            ret = ply - WIN
                        ply -= 1
                        entering = False
                        continue
                    if d <= 0 or ply >= MAXPLY:
                        ret = evaluate(pos)
                        ply -= 1
                        entering = False
                        continue
                    # transposition table probe
                    k = pos.zkey
                    if mix:
                        k = self.key()
                    KEY[ply] = k
                    i = k & tmask
                    ch = TT[i >> tsh]
                    i = (i & tcm) * 3
                    if ch[i] == k:
                        dat = ch[i + 1]
                        ttm = dat & MOVE_MASK
                        if ttm == MOVE_MASK:
                            ttm = NOMOVE
                        if (dat >> 20 & 63) >= d:
                            v = ch[i + 2]
                            if v > MATE_ZONE:
                                v -= ply
                            elif v < -MATE_ZONE:
                                v += ply
                            f = dat >> 26
                            if f == EXACT or (f == LOWER and v >= beta) or (f == UPPER and v <= alpha):
                                ret = v
                                ply -= 1
                                entering = False
                                continue
                else:
                    k = self.key()
                    KEY[0] = k
                    i = k & tmask
                    ch = TT[i >> tsh]
                    i = (i & tcm) * 3
                    if ch[i] == k:
                        ttm = ch[i + 1] & MOVE_MASK
                        if ttm == MOVE_MASK:
                            ttm = NOMOVE
                    if self.it_best != NOMOVE:
                        ttm = self.it_best
                    elif self.best_move != NOMOVE:
                        ttm = self.best_move
                moves = MV[ply]
                del moves[:]
                gen(moves)
                n = len(moves)
                nw = 0
                for j in range(n):
                    if moves[j] > MOVE_MASK:
                        nw += 1
                if nw:
                    # removal-only turns or third captures: placeholders
                    # WIDE_TO | index << 5 (the same position generates the
                    # same list, so TT moves and killers stay valid); the
                    # per-ply list is sized once, not grown
                    W = WIDE[ply]
                    if W is None or len(W) < nw:
                        W = WIDE[ply] = [0] * nw
                    nw = 0
                    for j in range(n):
                        m = moves[j]
                        if m > MOVE_MASK:
                            W[nw] = m
                            moves[j] = WIDE_TO | nw << 5
                            nw += 1
                if not n:
                    ret = ply - WIN  # blocked: the side to move loses
                    ply -= 1
                    entering = False
                    if ply < 0:
                        self._save(ply, False, ret, nodes)
                        return DONE
                    continue
                if n > 1:
                    # order: one int sort of score << 20 | move
                    k1 = K1[ply]
                    k2 = K2[ply]
                    thr = self._threats(pos)
                    for j in range(n):
                        m = moves[j]
                        if m == ttm:
                            sc = 511
                        elif m & 31 == WIDE_TO:
                            sc = 440
                        elif m >> 10 & 31 != NONE:
                            sc = 440 if m >> 15 & 31 != NONE else 420
                            if thr >> (m >> 10 & 31) & 1:
                                sc += 10
                        elif m == k1:
                            sc = 400
                        elif m == k2:
                            sc = 390
                        else:
                            f = m >> 5 & 31
                            sc = HIST[(f if f != NONE else 24) * 24 + (m & 31)] >> 8
                            if thr >> (m & 31) & 1:
                                sc += 200
                        moves[j] = sc << 20 | m
                    moves.sort(reverse=True)
                IDX[ply] = 0
                BEST[ply] = -INF
                BM[ply] = NOMOVE
                A0[ply] = alpha
            else:
                # a child of the node at `ply` has returned `ret`
                pop()
                v = ret if SAME[ply] else -ret
                j = IDX[ply] - 1
                m = MV[ply][j] & MOVE_MASK
                wide = m & 31 == WIDE_TO
                if ply == 0:
                    if noise is not None and not wide:
                        f = m >> 5 & 31
                        v += noise[(f if f != NONE else 24) * 24 + (m & 31)]
                        if m >> 10 & 31 != NONE:
                            v += noise[m >> 10 & 31] // 3
                    if v > self.it_score or self.it_best == NOMOVE:
                        self.it_score = v
                        self.it_best = WIDE[0][m >> 5] if wide else m
                    self.it_first_done = True
                if v > BEST[ply]:
                    BEST[ply] = v
                    BM[ply] = m
                    if v > A[ply] and not (ply == 0 and noise is not None):
                        A[ply] = v
                        if v >= B[ply]:
                            # beta cutoff
                            if m >> 10 & 31 == NONE and not wide:
                                if K1[ply] != m:
                                    K2[ply] = K1[ply]
                                    K1[ply] = m
                                hi = m >> 5 & 31
                                hi = (hi if hi != NONE else 24) * 24 + (m & 31)
                                h = HIST[hi] + D[ply] * D[ply] * 16
                                if h > 65000:
                                    for q in range(HSIZE):
                                        HIST[q] >>= 1
                                    h >>= 1
                                HIST[hi] = h
                            self._store(KEY[ply], D[ply], LOWER, v, m, ply)
                            ret = v
                            ply -= 1
                            if ply < 0:
                                self._save(ply, False, ret, nodes)
                                return DONE
                            continue
            # next child of the node at `ply`
            j = IDX[ply]
            moves = MV[ply]
            if j < len(moves):
                IDX[ply] = j + 1
                m = moves[j] & MOVE_MASK
                if m & 31 == WIDE_TO:
                    m = WIDE[ply][m >> 5]
                t = pos.turn
                push(m)
                if pos.turn == t:
                    # the same side moves again (defender_first, removals owed):
                    # no change of view, the window passes unchanged
                    SAME[ply] = 1
                    A[ply + 1] = A[ply]
                    B[ply + 1] = B[ply]
                else:
                    SAME[ply] = 0
                    A[ply + 1] = -B[ply]
                    B[ply + 1] = -A[ply]
                D[ply + 1] = D[ply] - 1
                ply += 1
                entering = True
                continue
            # all children searched
            v = BEST[ply]
            if v <= A0[ply]:
                f = UPPER
            elif v >= B[ply]:
                f = LOWER
            else:
                f = EXACT
            self._store(KEY[ply], D[ply], f, v, BM[ply], ply)
            ret = v
            ply -= 1
            entering = False
            if ply < 0:
                self._save(ply, False, ret, nodes)
                return DONE

    def _save(self, ply, entering, ret, nodes):
        self.ply = ply
        self.entering = entering
        self.ret = ret
        self.nodes = nodes

    def _store(self, k, d, f, v, m, ply):
        i = k & self.tt_mask
        ch = self.tt[i >> self.tt_shift]
        i = (i & self.tt_cmask) * 3
        if ch[i] == k and (ch[i + 1] >> 20 & 63) > d and f != EXACT:
            return  # keep the deeper entry of the same position
        if v > MATE_ZONE:
            v += ply
        elif v < -MATE_ZONE:
            v -= ply
        if m == NOMOVE:
            m = MOVE_MASK
        ch[i] = k
        ch[i + 1] = m | (d if d < 63 else 63) << 20 | f << 26
        ch[i + 2] = v

    def _threats(self, pos):
        """Mask of empty points where the opponent of the side to move could complete a mill,
        plus the opponent's stones standing in its open two-in-a-lines (capture targets)."""
        t = pos.turn
        me = pos.bb[t]
        op = pos.bb[1 - t]
        out = 0
        for ln in pos.geo.lines:
            b = op & ln
            if b and b & (b - 1) and b != ln and not me & ln:
                out |= ln
        return out

    def unwind(self):
        """Pop every move the paused or aborted search still has on the board."""
        pos = self.pos
        ply = self.ply
        # nodes at plies 1..ply are on the board when entering; 1..ply+1 when returning
        on_board = ply if self.entering else ply + 1
        while on_board > 0:
            pos.pop()
            on_board -= 1
        self.ply = 0
        self.entering = True


# The Position-driven search on the Pico (nodes/s): 36,000 nodes/s of CPU
# time under the unix port (tools/bench_engine.py before issue 13) / 82, the
# Pico factor for function calls (docs/pico.md), an upper estimate of the time.
PICO_NODES_PER_S = 440
# level: (max depth, node cap, root noise amplitude in centi-stones)
LEVELS = (
    None,
    (1, 120, 170),     # 1: one ply, heavy noise (misses mills)
    (2, 400, 45),      # 2: two plies, light noise
    (3, 600, 0),       # 3: three plies
    (MAXPLY - 2, 800, 0),   # 4: iterative deepening
    (MAXPLY - 2, 4000, 0),  # 5: strongest
)


class Relatives:
    """The search of engine.Engine for rules ``supported`` rejects.

    ``tt_size`` / ``table`` as ``Searcher``'s. ``start(position, level, rng, nodes,
    depth, ms)`` copies ``position`` and begins (``nodes`` / ``depth`` /
    ``ms``: overrides of the level's node cap, depth and deadline in ms,
    None for the level's: 1.5 x the cap at PICO_NODES_PER_S; ``rng``:
    XorShift16 for the root noise); ``step``
    as engine.Engine's. Attributes ``move``, ``nodes``, ``depth``, ``score``."""

    def __init__(self, tt_size=None, table=None):
        self.searcher = Searcher(tt_size, table)
        self.noise = None
        self.move = None

    def start(self, position, level, rng, nodes=None, depth=None, ms=None):
        pos = position.copy()
        self.pos = pos
        self.move = None
        self.nodes = self.depth = self.score = 0
        ldepth, cap, amp = LEVELS[level]
        s = self.searcher
        s.clear_heuristics()
        noise = None
        if amp:
            noise = self.noise
            if noise is None:
                noise = self.noise = _zeros("h", HSIZE, 2)
            span = 2 * amp + 1
            for i in range(HSIZE):
                noise[i] = rng.below(span) - amp
        if nodes is not None:
            cap = nodes
        if ms is None:
            ms = cap * 1500 // PICO_NODES_PER_S
        self.deadline = ticks_add(ticks_ms(), ms)
        s.begin(pos, ldepth if depth is None else depth, cap, noise)

    def step(self, budget_ms):
        if self.move is not None:
            return self.move
        s = self.searcher
        end = ticks_add(ticks_ms(), budget_ms)
        if ticks_diff(end, self.deadline) > 0:
            end = self.deadline
        while True:
            r = s.run(end)
            if r == PAUSED:
                if ticks_diff(ticks_ms(), self.deadline) >= 0:
                    r = ABORTED
                else:
                    self.nodes = s.nodes
                    return None
            if r == DONE:
                s.best_move = s.it_best
                s.best_score = s.it_score
                s.depth_done = s.cur_depth
                sc = s.it_score
                if s.cur_depth >= s.max_depth or sc > MATE_ZONE or sc < -MATE_ZONE:
                    return self._finish()
                s._start_iteration(s.cur_depth + 1)
                continue
            # ABORTED: node cap or deadline
            s.unwind()
            if s.it_first_done and s.it_best >= 0:
                s.best_move = s.it_best
                s.best_score = s.it_score
            return self._finish()

    def _finish(self):
        s = self.searcher
        self.nodes = s.nodes
        self.depth = s.depth_done
        self.score = s.best_score
        m = s.best_move
        if m < 0:  # no iteration finished: the first legal move
            m = self.pos.legal_moves[0]
        self.move = m
        return m
