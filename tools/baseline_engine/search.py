"""Resumable iterative-deepening alpha-beta search (negamax, fail-soft).

The search is written as one loop over an explicit stack (per-ply arrays),
not as recursion, so it can stop after any node and resume on the next
``step()`` call with nothing lost: the board's main loop keeps scanning the
switches and animating the LEDs between slices. No generators, no recursion,
no per-node allocation by the engine itself (per-ply move lists are reused;
the rules core's own push/pop keep their undo data in chunked int lists).

Search features: iterative deepening; transposition table (preallocated
``array('i')`` chunks, keys are the Zobrist key < 2**30 mixed with
the ``first_time_per_line`` state (low 15 line bits) and the ``no_return``
bars when those options are on);
move ordering by one sort of ints ``score << 20 | move`` per node: TT move,
then captures (more stones first), moves that block an opponent's open mill,
killer moves (two per ply), history heuristic; terminal positions by
``Position._terminal()`` (too few stones, draw rules) and by an empty move
list (a blocked side loses).

Scores are centi-stones from the side to move's view (see evaluate.py); a
win is ``WIN - ply`` so shorter wins score higher.
"""
from array import array
from morris.compat import const, ticks_ms, ticks_diff
from morris.position import NONE, NOMOVE
from .evaluate import evaluate

WIN = const(10000)
INF = const(30000)
MATE_ZONE = const(9000)
MAXPLY = const(40)
MOVE_MASK = const(0xFFFFF)
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
    (12 bytes each: key, data and value in ``array('i')`` chunks of 64
entries, so no single allocation exceeds 768 bytes on a fragmented heap).
    """

    def __init__(self, tt_size=None):
        n = DEFAULT_TT if tt_size is None else tt_size
        bits = 0
        while (2 << bits) <= n:
            bits += 1
        n = 1 << bits
        self.tt_mask = n - 1
        # The table is a list of small chunks (CHUNK entries of 3 ints: key,
        # data, value) so it fits a fragmented MicroPython heap.
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
        self.mix = r.reuse_first or r.no_ret
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
            k ^= (u[0] & 0x7FFF) << 3 ^ (u[1] & 0x7FFF) << 15 ^ (pos.forbid[0] & 0x3FF) << 1 \
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
                v = -ret
                j = IDX[ply] - 1
                m = MV[ply][j] & MOVE_MASK
                if ply == 0:
                    if noise is not None:
                        f = m >> 5 & 31
                        v += noise[(f if f != NONE else 24) * 24 + (m & 31)]
                        if m >> 10 & 31 != NONE:
                            v += noise[m >> 10 & 31] // 3
                    if v > self.it_score or self.it_best == NOMOVE:
                        self.it_score = v
                        self.it_best = m
                    self.it_first_done = True
                if v > BEST[ply]:
                    BEST[ply] = v
                    BM[ply] = m
                    if v > A[ply] and not (ply == 0 and noise is not None):
                        A[ply] = v
                        if v >= B[ply]:
                            # beta cutoff
                            if m >> 10 & 31 == NONE:
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
                push(moves[j] & MOVE_MASK)
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
