"""Resumable iterative-deepening principal-variation search over the engine board.

One loop over an explicit stack (per-ply rows in one ``array('i')``), not
recursion, so it can stop after any node and resume on the next ``step()``
with nothing lost: the board's main loop keeps scanning the switches and
animating the LEDs between slices. Nothing is allocated per node: the
position is engine/board.py's state block, moves live in one move stack,
every number is a small int, and the hot helpers are viper/native code.

Search: negamax alpha-beta, fail-soft, principal-variation search (every
move after the first is tried with a null window and searched again with
the full window only if it lands inside); late move reductions (quiet
moves after the first _LMR_AFTER, at depth >= 3, one ply shallower,
searched again at full depth if they beat alpha; while stones are placed
only in evaluate.family 0 (the nine-stone games and Lasker's ten, where
they were measured) and where the side to move faces no mill threat, since a quiet block
decides there: issue 25, level 5 against C5 66.2 -> 71.2 % in 400 games;
in Twelve level 5 against R5 scored 67.3 % with them, 70.2 % without, in
the same 255 games); an extension of one ply for a
move that captures or blocks one of the opponent's mills, and a tempo
extension of one ply at a movement-phase leaf whose side to move can close
a mill, when its static score lies within ``_TEMPO_WINDOW`` of the window;
a few-replies extension of one ply at a movement-phase node of depth 1
(one ply from the horizon, or a leaf the tempo extension deepened) whose
side to move has at most ``_FEW`` moves in the move list (each capture
choice a move; a removal-only turn too): mostly a side being blocked, the
end of most running mills, which lies one turn past the horizon (issue 25:
over the running-mill suite with test seeds 1-6 levels 4 and 5 missed 35
entries of the 81 it then had without it and 11 with it, 20 and 16 of
today's 62; level 5 against C5 71.5 % in 400 games, 71.2 % without);
a cramped-leaf extension of one ply at a movement-phase leaf whose side to
move is cramped (evaluate.py's feature 17 < 0: at most 2 sliding moves,
the opponent not), under the tempo extension's window, where the
few-replies extension then adds the ply of the blockade
(at most ``_MAX_EXT`` extensions per line of play; issue 25: the running
mills and blockades the static score cannot see); at three stones against three, nothing
in hand, the endgame table's exact value when the engine has one
(``table``, engine/endgame.py), kept in the TT at depth 63; transposition table (``array('i')``
chunks, two ints per entry: the key's bits above the index (the key <
2**30 mixes the rule state) | depth << 20 | flag << 26 | search number mod
4 << 28 (an entry from an earlier search gives its move only), then the
move's low 15 bits | value << 15); at the root from the second iteration
on, the moves the last iteration left in the move stack (not generated
again), its best first, then those whose values in it (``RV``) came within
``_ROOT_NEAR`` of the best, by value, then as ``order`` scores them; move
ordering by ``order`` (viper):
TT move, captures (more stones first, then stones out of the opponent's
open twos) and removal-only turns, placements that close a mill, a step
out of an own mill that no opponent stone can step into (a running mill
that closes again next turn), killers
(two per ply), blocks of the opponent's mills, moves that make an own
two-in-a-line, history; moves are picked best-first (``pick``) rather than
sorted, their scores in a block beside the history (``HO``), so a move
keeps all its 30 bits (three captures, removal-only turns). A turn that
leaves the same side to move (``defender_first``) passes the window on
unchanged and its score is not negated. Terminal positions: board.terminal
(too few stones, the draw rules, a full board that ends the game) and an
empty move list (the blocked side loses).

Variety: with a root ``margin`` > 0 every root move's score gets a seeded
noise of 0..``margin`` centi-stones (``noise``: a hash of the move and the
search's seed), so the search picks among the moves within ``margin`` of
the best at no cost in nodes: a move more than ``margin`` below the best
never wins, and the root stays a plain PVS node.

Scores are centi-stones from the side to move's view (see evaluate.py);
a win ``n`` plies away is ``_WIN - 8 n``, so shorter wins score higher and the root
noise (at most 5 centi-stones at levels 3-5) never prefers a slower win or a faster
loss.
"""
from array import array
from morris.compat import const, ticks_ms, ticks_diff, ticks_add
try:
    import micropython  # viper compiles ptr32 / ptr16 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32, ptr16
from .board import zeros, gen, push, pop, terminal, tt_key, T_NONE, T_WIN, T_DRAW, OVERFLOW
from .evaluate import score, weights, set_weights, family, NF

_WIN = const(10000)
_PLY = const(8)  # a win in n plies scores _WIN - 8 n: the root noise (at most 5 at levels 3-5) keeps their order
_INF = const(30000)
MATE_ZONE = const(9000)
MAXPLY = const(24)
_MOVE_MASK = const(0x7FFF)  # a table entry's move: to | frm << 5 | c1 << 10
NOMOVE = const(-1)
_MAX_EXT = const(2)
_F_CRAMP = const(17)  # evaluate.F_CRAMP: the side to move is cramped (< 0)
_FEW = const(2)  # a movement node with at most _FEW legal moves near the horizon is extended
_TEMPO_WINDOW = const(200)  # centi-stones: a leaf's tempo extension only this near the window
_ROOT_NEAR = const(100)  # centi-stones: root moves this near the last iteration's best are tried next
_LMR_AFTER = const(3)  # moves after the first _LMR_AFTER are reduced (quiet ones, depth >= 3)

_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)

# Offsets of engine/board.py's blocks, repeated because viper code needs
# constants of its own module (tests/firmware/test_engine_board.py checks them).
_BB = const(0)
_HAND = const(2)
_CNT = const(4)
_TURN = const(6)
_MARKS = const(18)
_G_FLY = const(2)
_G_NLINES = const(12)
_G_ADJ = const(16)
_G_LINES = const(80)

DONE = const(0)      # iteration finished
PAUSED = const(1)    # slice time used up, resume later
ABORTED = const(2)   # search budget (nodes or time) used up

DEFAULT_TT = 1024
SERVE_MS = const(2)  # the search lets MicroPython run pending callbacks at least this often


def serve():
    """A bytecode jump, called by the native search loop every SERVE_MS: MicroPython
    runs soft-timer callbacks (the switch scanner) and pending exceptions (Ctrl-C)
    only at bytecode jumps (py/vm.c), never inside native or viper code, so
    without it a scan would wait until ``run`` returns (a whole slice)."""
    if _SERVING:
        return


_SERVING = [1]
CHUNK_BITS = 6   # 64 entries, 512 bytes per chunk
# order()'s inputs in spare slots of the board's state block S (TT move's low
# 15 bits, killers, the moves' start and end in M); the history table and the
# moves' ordering scores share one array('H'): HO[0:_HSIZE], HO[_HSIZE + i] for M[i]
_O_TT = const(24)
_O_K1 = const(25)
_O_K2 = const(26)
_O_START = const(27)
_O_END = const(28)
_HSIZE = const(600)  # history index: (from or 24) * 24 + to
_MOVES_END = const(360)  # engine/board.py SCRATCH: where its move stack ends
_REMOVAL = const(0x20000000)
# the search's per-ply rows: one block R of 15 rows of MAXPLY + 2 ints, at these offsets
_R_A = const(0)
_R_B = const(26)
_R_A0 = const(52)
_R_D = const(78)
_R_BEST = const(104)
_R_BM = const(130)
_R_IDX = const(156)
_R_END = const(182)
_R_KEY = const(208)
_R_K1 = const(234)
_R_K2 = const(260)
_R_EXT = const(286)
_R_NW = const(312)
_R_RED = const(338)
_R_THR = const(364)
_R_SAME = const(390)    # rows are MAXPLY + 2 = 26 ints (tests/firmware/test_engine_board.py checks)
_ROWS = const(16)


@micropython.viper
def order(S, G, M, HO) -> int:
    """Score the moves M[S[_O_START]:S[_O_END]] into HO[_HSIZE + i] (see the
    module docstring; history in HO[0:_HSIZE]; HO is array('H')); returns the
    mask of the opponent's closing points (empty points completing one of its
    open twos), used for extensions."""
    s = ptr32(S)
    g = ptr32(G)
    mv = ptr32(M)
    hist = ptr16(HO)
    t = s[_TURN]
    me = s[_BB + t]
    op = s[_BB + 1 - t]
    marks = s[_MARKS]
    thr = 0      # opponent's closing points
    targets = 0  # opponent's stones in its open twos
    mine = 0     # empty points making an own two
    close = 0    # empty points completing an own open two
    millpts = 0  # points of own closed mills
    nl = g[_G_NLINES]
    for li in range(nl):
        ln = g[_G_LINES + li]
        if ln & marks:
            continue
        a = me & ln
        b = op & ln
        if b and not a:
            if b & (b - 1) and b != ln:
                thr |= ln ^ b
                targets |= b
        elif a and not b:
            if not (a & (a - 1)):
                mine |= ln ^ a
            elif a != ln:
                close |= ln ^ a
            else:
                millpts |= ln
    run = 0  # own mill points no opponent stone can step into (it has none in hand, does not fly)
    ho = s[_HAND + 1 - t]
    fa = g[_G_FLY]
    if millpts and ho == 0 and not (fa > 0 and s[_CNT + 1 - t] == fa):
        p = 0
        x = millpts
        while x:
            if x & 1 and not g[_G_ADJ + p] & op:
                run |= 1 << p
            x >>= 1
            p += 1
    ttm = s[_O_TT]
    k1 = s[_O_K1]
    k2 = s[_O_K2]
    end = s[_O_END]
    i = s[_O_START]
    while i < end:
        m = mv[i]
        to = m & 31
        c1 = (m >> 10) & 31
        if m & 0x7FFF == ttm:
            sc = 1000
        elif m & _REMOVAL:
            sc = 800
            if m & targets:
                sc += 20
        elif c1 != 31:
            sc = 800
            if (m >> 15) & 31 != 31:
                sc += 40
            if (m >> 20) & 31:
                sc += 40
            if (targets >> c1) & 1:
                sc += 20
        elif (m >> 5) & 31 == 31 and (close >> to) & 1:
            sc = 790  # a placement that closes a mill without a capture field (hand, mark, none)
        elif (run >> ((m >> 5) & 31)) & 1 and (m >> 5) & 31 != 31:
            sc = 750  # steps out of a mill that closes again next turn, unblocked
        elif m == k1:
            sc = 700
        elif m == k2:
            sc = 690
        else:
            frm = (m >> 5) & 31
            if frm == 31:
                frm = 24
            sc = hist[frm * 24 + to] >> 7
            if sc > 400:
                sc = 400
            if (thr >> to) & 1:
                sc += 500
            elif (mine >> to) & 1:
                sc += 60
        hist[_HSIZE + i] = sc
        i += 1
    return thr


@micropython.viper
def pick(M, HO, i: int, end: int) -> int:
    """Move the highest-scored move of M[i:end] (scores in HO[_HSIZE + i]; of two
    alike, the larger move int) to M[i]; return it."""
    mv = ptr32(M)
    o = ptr16(HO)
    best = i
    bv = o[_HSIZE + i]
    m = mv[i]
    j = i + 1
    while j < end:
        x = o[_HSIZE + j]
        if x > bv or (x == bv and mv[j] > m):
            bv = x
            m = mv[j]
            best = j
        j += 1
    if best != i:
        mv[best] = mv[i]
        mv[i] = m
        o[_HSIZE + best] = o[_HSIZE + i]
        o[_HSIZE + i] = bv
    return m


@micropython.viper
def noise(m: int, seed: int, margin: int) -> int:
    """The root noise of move ``m``: 0..``margin`` from a hash of the move and ``seed``."""
    x = ((m ^ (m >> 9)) ^ seed) & 0x7FFFF
    x = (x * 1103 + 12345) & 0xFFFF
    x ^= x >> 5
    return x % (margin + 1)


class Searcher:
    """The resumable search. Use through ``engine.Engine``.

    ``tt_size``: transposition table entries, rounded down to a power of two
    (8 bytes each in ``array('i')`` chunks of 64 entries, so no single
    allocation exceeds 512 bytes on a fragmented heap: the key's bits above
    the index (20 of them) | depth << 20 | flag << 26 | search number mod 4
    << 28, then the move's to | frm << 5 | c1 << 10 | (value + 16384) << 15).
    ``board``: an engine.board.Board (state, tables, move stack) to search on.
    """

    def __init__(self, tt_size=None):
        n = DEFAULT_TT if tt_size is None else tt_size
        bits = 0
        while (2 << bits) <= n:
            bits += 1
        n = 1 << bits
        self.tt_mask = n - 1
        self.tt_bits = bits
        cb = CHUNK_BITS if bits > CHUNK_BITS else bits
        self.tt_shift = cb
        self.tt_cmask = (1 << cb) - 1
        self.tt_gen = 0   # search number mod 4, in the entries' top bits (see ``begin``)
        self.tt = [zeros(2 << cb) for _ in range(n >> cb)]
        self.R = zeros(_ROWS * (MAXPLY + 2))  # per-ply rows (_R_* offsets)
        # history, then the move stack's ordering scores (cleared below); sized once, no temporary
        self.H = array("H", range(_HSIZE + _MOVES_END))
        self.F = zeros(NF)
        self.RV = array("h", range(_MOVES_END))  # the root moves' values in the last iteration, by index in M
        self.W = weights()
        self.w_rules = None  # the rules whose weights are in W
        self.place_lmr = True  # reductions while stones are placed (evaluate.family 0)
        self.margin = 0
        self.seed = 0
        self.nodes = 0
        self.board = None
        self.table = None  # an endgame table's Probe (engine/endgame.py), probed at three against three
        self.clear_heuristics()

    def clear(self):
        """Forget the transposition table, killers and history (new game)."""
        for ch in self.tt:
            for i in range(len(ch)):
                ch[i] = 0
        self.clear_heuristics()

    def clear_heuristics(self):
        """Reset killers and history (kept small between moves)."""
        h = self.H
        for i in range(_HSIZE + _MOVES_END):
            h[i] = 0
        for i in range(MAXPLY + 2):
            self.R[_R_K1 + i] = NOMOVE
            self.R[_R_K2 + i] = NOMOVE

    # ---- iteration control ------------------------------------------
    def begin(self, board, depth, node_cap, margin=0, seed=0):
        """Prepare iteration(s) on ``board`` (loaded with the position) up to ``depth``;
        ``margin`` (centi-stones) and ``seed`` (0..65535) of the root noise (variety)."""
        self.board = board
        if self.w_rules is not board.rules:
            set_weights(self.W, board.rules)  # the rules family's weights, in place
            self.w_rules = board.rules
            self.place_lmr = family(board.rules) == 0
        self.max_depth = depth if depth < MAXPLY - 1 else MAXPLY - 1
        self.node_cap = node_cap
        self.margin = margin
        self.seed = seed
        # a new search: entries of earlier searches give their move, not their score
        # (a score depends on the path: repetitions and the draw counters)
        self.tt_gen = (self.tt_gen + 1) & 3
        self.nodes = 0
        self.best_move = NOMOVE
        self.best_score = -_INF
        self.depth_done = 0
        self.it_best = NOMOVE
        self.it_score = -_INF
        self._start_iteration(1)

    def _start_iteration(self, depth):
        self.cur_depth = depth
        self.ply = 0
        self.entering = True
        self.ret = 0
        self.R[_R_A] = -_INF
        self.R[_R_B] = _INF
        self.R[_R_D] = depth
        self.R[_R_EXT] = 0
        self.it_best = NOMOVE
        self.it_score = -_INF
        self.it_first_done = False

    def finish_iteration(self):
        """Record the finished iteration (best move and score)."""
        self.best_move = self.it_best
        self.best_score = self.it_score
        self.depth_done = self.cur_depth

    # ---- the search loop ------------------------------------------------
    @micropython.native
    def run(self, slice_end):
        """Search until the iteration ends (DONE), ``slice_end`` (ticks_ms)
        passes (PAUSED; at least one node is searched per call) or the node
        cap is reached (ABORTED). Returns DONE, PAUSED or ABORTED."""
        bd = self.board
        S = bd.S
        G = bd.G
        M = bd.M
        W = self.W
        F = self.F
        HO = self.H
        R = self.R
        TT = self.tt
        tmask = self.tt_mask
        tbits = self.tt_bits
        tsh = self.tt_shift
        tcm = self.tt_cmask
        tgen = self.tt_gen
        margin = self.margin
        seed = self.seed
        ply = self.ply
        entering = self.entering
        ret = self.ret
        nodes = self.nodes
        cap = self.node_cap
        table = self.table
        plmr = self.place_lmr
        first = nodes  # always make progress: no clock check before the first node
        served = ticks_add(slice_end, -0x10000000)  # the first node serves: no extra clock reading
        while True:
            if entering:
                if nodes >= cap:
                    self._save(ply, entering, ret, nodes)
                    return ABORTED
                now = ticks_ms()
                if ticks_diff(now, served) >= SERVE_MS:
                    served = now
                    serve()
                if nodes != first and ticks_diff(now, slice_end) >= 0:
                    self._save(ply, entering, ret, nodes)
                    return PAUSED
                nodes += 1
                d = R[_R_D + ply]
                alpha = R[_R_A + ply]
                beta = R[_R_B + ply]
                ttm = NOMOVE
                if ply:
                    tr = terminal(S, G)
                    if tr != T_NONE:
                        if tr == T_DRAW:
                            ret = 0
                        elif tr == T_WIN:
                            ret = _WIN - _PLY * ply
                        else:
                            ret = _PLY * ply - _WIN
                        ply -= 1
                        entering = False
                        continue
                    if d <= 0 or ply >= MAXPLY:
                        ret = score(S, G, W, F)
                        if (F[9] or F[_F_CRAMP] < 0) and ply < MAXPLY - 2 and R[_R_EXT + ply] < _MAX_EXT \
                                and ret > -5000 and alpha - _TEMPO_WINDOW < ret < beta + _TEMPO_WINDOW \
                                and not (S[_HAND] or S[_HAND + 1]):
                            d = 1  # tempo or cramped-leaf extension (see the module doc)
                            R[_R_D + ply] = 1
                            R[_R_EXT + ply] += 1
                        else:
                            ply -= 1
                            entering = False
                            continue
                    k = tt_key(S, G)
                    R[_R_KEY + ply] = k
                    i = k & tmask
                    ch = TT[i >> tsh]
                    i = (i & tcm) * 2
                    dat = ch[i]
                    if dat & 0xFFFFF == (k >> tbits) & 0xFFFFF:
                        v = ch[i + 1]
                        ttm = v & _MOVE_MASK
                        if ttm == _MOVE_MASK:
                            ttm = NOMOVE
                        if (dat >> 20 & 63) >= d and dat >> 28 == tgen:
                            v = (v >> 15) - 16384
                            if v > MATE_ZONE:
                                v -= _PLY * ply
                            elif v < -MATE_ZONE:
                                v += _PLY * ply
                            f = dat >> 26 & 3
                            if f == _EXACT or (f == _LOWER and v >= beta) or (f == _UPPER and v <= alpha):
                                ret = v
                                ply -= 1
                                entering = False
                                continue
                    if table is not None and d > 0 and S[_CNT] == 3 and S[_CNT + 1] == 3 \
                            and not (S[_HAND] or S[_HAND + 1]):
                        tv = table.probe_state(S)
                        if tv is not None:  # exact (won / lost in tv[1] plies, or drawn): kept in the table
                            ret = 0 if tv[0] == 0 else (_WIN - _PLY * (ply + tv[1]) if tv[0] > 0
                                                        else _PLY * (ply + tv[1]) - _WIN)
                            self._store(k, 63, _EXACT, ret, NOMOVE, ply)
                            ply -= 1
                            entering = False
                            continue
                else:
                    k = tt_key(S, G)
                    R[_R_KEY] = k
                    i = k & tmask
                    ch = TT[i >> tsh]
                    i = (i & tcm) * 2
                    if ch[i] & 0xFFFFF == (k >> tbits) & 0xFFFFF:
                        ttm = ch[i + 1] & _MOVE_MASK
                        if ttm == _MOVE_MASK:
                            ttm = NOMOVE
                    if self.best_move != NOMOVE:
                        ttm = self.best_move & _MOVE_MASK
                again = ply == 0 and self.depth_done
                start = R[_R_END + ply - 1] if ply else 0
                end = R[_R_END] if again else gen(S, G, M, start)  # the root's moves as the last iteration left them
                if S[OVERFLOW]:  # move stack full: a leaf (the root searches the moves it has)
                    S[OVERFLOW] = 0
                    if ply:
                        ret = score(S, G, W, F)
                        ply -= 1
                        entering = False
                        continue
                if end == start:
                    ret = _PLY * ply - _WIN  # blocked: the side to move loses
                    ply -= 1
                    entering = False
                    if ply < 0:
                        self._save(ply, False, ret, nodes)
                        return DONE
                    continue
                if ply and end - start <= _FEW and R[_R_D + ply] <= 1 and R[_R_EXT + ply] < _MAX_EXT \
                        and not (S[_HAND] or S[_HAND + 1]):
                    R[_R_D + ply] += 1  # few-replies extension (see the module doc)
                    R[_R_EXT + ply] += 1
                S[_O_TT] = ttm
                S[_O_K1] = R[_R_K1 + ply]
                S[_O_K2] = R[_R_K2 + ply]
                S[_O_START] = start
                S[_O_END] = end
                R[_R_THR + ply] = order(S, G, M, HO)
                if again:  # the root: moves near the last iteration's best go first, by their values
                    RV = self.RV
                    bm = self.best_move
                    near = self.best_score - _ROOT_NEAR
                    for i in range(end):
                        if M[i] == bm:
                            HO[_HSIZE + i] = 2000
                        elif RV[i] >= near:
                            HO[_HSIZE + i] = 1001 + RV[i] - near
                R[_R_IDX + ply] = start
                R[_R_END + ply] = end
                R[_R_BEST + ply] = -_INF
                R[_R_BM + ply] = NOMOVE
                R[_R_A0 + ply] = alpha
                R[_R_NW + ply] = 0
            else:
                # a child of the node at `ply` has returned `ret`
                pop(S, G)
                same = R[_R_SAME + ply]
                v = ret if same else -ret
                j = R[_R_IDX + ply] - 1
                m = M[j]
                nz = noise(m, seed, margin) if ply == 0 and margin else 0
                v += nz
                if R[_R_RED + ply] and v > R[_R_A + ply]:
                    # a reduced late move beat alpha: search it again at full depth
                    R[_R_D + ply + 1] += R[_R_RED + ply]
                    R[_R_RED + ply] = 0
                    push(S, G, m)
                    a = R[_R_A + ply]
                    b = a + 1 if R[_R_NW + ply] else R[_R_B + ply]
                    if same:
                        R[_R_A + ply + 1] = a
                        R[_R_B + ply + 1] = b
                    else:
                        R[_R_A + ply + 1] = -b
                        R[_R_B + ply + 1] = -a
                    ply += 1
                    entering = True
                    continue
                if R[_R_NW + ply] and v > R[_R_A + ply] and v < R[_R_B + ply]:
                    # the null window failed high: search the move again, full window
                    R[_R_NW + ply] = 0
                    push(S, G, m)
                    if same:
                        R[_R_A + ply + 1] = R[_R_A + ply] - nz
                        R[_R_B + ply + 1] = R[_R_B + ply] - nz
                    else:
                        R[_R_A + ply + 1] = nz - R[_R_B + ply]
                        R[_R_B + ply + 1] = nz - R[_R_A + ply]
                    ply += 1
                    entering = True
                    continue
                if ply == 0:
                    self.RV[j] = v
                    if v > self.it_score or self.it_best == NOMOVE:
                        self.it_score = v
                        self.it_best = m
                    self.it_first_done = True
                if v > R[_R_BEST + ply]:
                    R[_R_BEST + ply] = v
                    R[_R_BM + ply] = m
                    if v > R[_R_A + ply]:
                        R[_R_A + ply] = v
                        if v >= R[_R_B + ply]:
                            # beta cutoff
                            if m >> 10 & 31 == 31 and not m & _REMOVAL:
                                if R[_R_K1 + ply] != m:
                                    R[_R_K2 + ply] = R[_R_K1 + ply]
                                    R[_R_K1 + ply] = m
                                hi = m >> 5 & 31
                                hi = (hi if hi != 31 else 24) * 24 + (m & 31)
                                h = HO[hi] + R[_R_D + ply] * R[_R_D + ply] * 16
                                if h > 60000:
                                    for q in range(_HSIZE):
                                        HO[q] >>= 1
                                    h >>= 1
                                HO[hi] = h
                            self._store(R[_R_KEY + ply], R[_R_D + ply], _LOWER, v, m, ply)
                            ret = v
                            ply -= 1
                            if ply < 0:
                                self._save(ply, False, ret, nodes)
                                return DONE
                            continue
            # next child of the node at `ply`
            j = R[_R_IDX + ply]
            if j < R[_R_END + ply]:
                R[_R_IDX + ply] = j + 1
                m = pick(M, HO, j, R[_R_END + ply])
                t = S[_TURN]
                push(S, G, m)
                same = 1 if S[_TURN] == t else 0
                R[_R_SAME + ply] = same
                e = R[_R_EXT + ply]
                nd = R[_R_D + ply] - 1
                quiet = m >> 10 & 31 == 31 and not m & _REMOVAL
                if e < _MAX_EXT and (not quiet or R[_R_THR + ply] >> (m & 31) & 1):
                    nd += 1
                    e += 1
                a = R[_R_A + ply]
                nz = noise(m, seed, margin) if ply == 0 and margin else 0
                fm = R[_R_END + ply - 1] if ply else 0
                R[_R_RED + ply] = 0
                if ply and nd >= 2 and e == R[_R_EXT + ply] and j - fm >= _LMR_AFTER \
                        and HO[_HSIZE + j] < 600 and a > -_INF \
                        and not ((S[_HAND] or S[_HAND + 1]) and (R[_R_THR + ply] or not plmr)):
                    nd -= 1  # late move reduction: quiet, late in the order, not under a mill threat while placing
                    R[_R_RED + ply] = 1
                R[_R_D + ply + 1] = nd
                R[_R_EXT + ply + 1] = e
                if j > fm and R[_R_B + ply] - a > 1 and a > -_INF:
                    R[_R_NW + ply] = 1
                    b = a + 1
                else:
                    R[_R_NW + ply] = 0
                    b = R[_R_B + ply]
                if same:
                    R[_R_A + ply + 1] = a - nz
                    R[_R_B + ply + 1] = b - nz
                else:
                    R[_R_A + ply + 1] = nz - b
                    R[_R_B + ply + 1] = nz - a
                ply += 1
                entering = True
                continue
            # all children searched
            v = R[_R_BEST + ply]
            if v <= R[_R_A0 + ply]:
                f = _UPPER
            elif v >= R[_R_B + ply]:
                f = _LOWER
            else:
                f = _EXACT
            if R[_R_D + ply] > 0:
                self._store(R[_R_KEY + ply], R[_R_D + ply], f, v, R[_R_BM + ply], ply)
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

    @micropython.native
    def _store(self, k, d, f, v, m, ply):
        i = k & self.tt_mask
        ch = self.tt[i >> self.tt_shift]
        i = (i & self.tt_cmask) * 2
        g = self.tt_gen
        kh = (k >> self.tt_bits) & 0xFFFFF
        dat = ch[i]
        if dat & 0xFFFFF == kh and dat >> 28 == g and (dat >> 20 & 63) > d and f != _EXACT:
            return  # keep this search's deeper entry of the same position
        if v > MATE_ZONE:
            v += _PLY * ply
        elif v < -MATE_ZONE:
            v -= _PLY * ply
        m = _MOVE_MASK if m == NOMOVE else m & _MOVE_MASK
        ch[i] = kh | (d if d < 63 else 63) << 20 | f << 26 | g << 28
        ch[i + 1] = m | (v + 16384) << 15

    def unwind(self):
        """Pop every move the paused or aborted search still has on the board."""
        bd = self.board
        ply = self.ply
        # nodes at plies 1..ply are on the board when entering; 1..ply+1 when returning
        on_board = ply if self.entering else ply + 1
        while on_board > 0:
            pop(bd.S, bd.G)
            on_board -= 1
        self.ply = 0
        self.entering = True
