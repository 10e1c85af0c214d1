"""The engine's compact board: move generation, make/unmake, terminal test, perft.

The search does not drive ``morris.Position`` (method calls, lists, objects
per move) but this board: two ``array('i')`` blocks and viper functions
over them, compiled to machine code on the Pico. Everything comes from the
rules as data (``tables(rules)``): the geometry's lines and adjacency and
every rules option of morris.rules (stones, flying, lose_below, optional
capture, mill protection, double captures, first_time_per_line,
no_return, the three draw rules), so variants are new tables, not new code.
Moves are the rules core's ints (morris.position.move: to | frm << 5 |
c1 << 10 | c2 << 15, NONE = 31), generated in the rules core's order; the
tests check perft against ``Position`` under every preset and option.

Layout of the state block ``S`` (array('i'), ``_S_SIZE`` ints):
  0/1 stones (bitboards) of white/black, 2/3 in hand, 4/5 on board, 6 side
  to move, 7 turns since a capture, 8 turns at three-against-three,
  9/10 used lines (first_time_per_line), 11/12 barred return move + 1
  (no_return, 0 = none; nothing negative is stored: viper's 32-bit loads do
  not sign-extend on 64-bit hosts), 13 Zobrist key (< 2**30), 14 undo depth,
  15 history end, 16 history start (first key since the last capture);
  from _UNDO: 5 ints per played move (move, ncp, p33, used | (forbid+1) << 20,
  history start); from _HIST: the exact repetition keys, 2 ints per position.
Layout of the tables block ``G``: see ``tables``.
Sources: docs/rules.md (via morris.rules / morris.position semantics).
"""
from array import array
from morris.compat import const
from morris.position import Z_STONE, Z_HAND, Z_SIDE
try:
    import micropython  # viper compiles ptr32 / ptr16 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32

NONE = const(31)
# S: state block
_BB = const(0)
_HAND = const(2)
_CNT = const(4)
_TURN = const(6)
_NCP = const(7)
_P33 = const(8)
_USED = const(9)
_FORB = const(11)
_ZKEY = const(13)
_SP = const(14)
_HEND = const(15)
_HSTART = const(16)
OVERFLOW = const(17)    # set by gen when the move stack is (nearly) full
# 24..28: the search's move-ordering inputs (engine/search.py O_*)
_UNDO = const(32)
_UNDO_PLIES = const(40)
_HIST = const(232)       # _UNDO + 5 * _UNDO_PLIES
_HIST_KEYS = const(80)   # positions kept (newest); the search adds at most _UNDO_PLIES
_S_SIZE = const(392)     # _HIST + 2 * _HIST_KEYS
# G: tables block
_G_N = const(0)
_G_FULL = const(1)
_G_FLY = const(2)
_G_LOSE = const(3)
_G_OPT = const(4)
_G_PROT = const(5)
_G_MAXCAP = const(6)
_G_REUSE = const(7)
_G_NORET = const(8)
_G_REP = const(9)
_G_NCPMAX = const(10)    # draw_no_capture_moves in plies (0 = off)
_G_P33MAX = const(11)    # draw_3v3_moves in plies (0 = off)
_G_NLINES = const(12)
_G_SIMPLE = const(13)    # one capture per move and no first_time_per_line
_G_ADJ = const(16)       # 32 adjacency masks
_G_PLINES = const(48)    # 32 masks of line indices through each point
_G_LINES = const(80)     # 32 line masks
_G_ZS = const(112)       # Zobrist: 2 x 32 stone keys, 2 x 16 hand keys, side
_G_ZH = const(176)
_G_ZSIDE = const(208)
_G_SIZE = const(212)
_MOVES_SIZE = const(480)   # move stack of the search / perft (all plies), 1.9 KB
_MOVES_ROOM = const(150)    # gen stops (OVERFLOW) when fewer ints than this are left

# terminal() results, from the side to move's view
T_NONE = const(0)
T_WIN = const(1)
T_LOSS = const(2)
T_DRAW = const(3)


def zeros(n):
    """A zero-filled ``array('i')`` of ``n`` ints (CPython and MicroPython).

    MicroPython has no array repetition; ``array('i', range(n))`` is sized
    once from the range's length (no temporary buffer, which would leave a
    hole beside every table in the heap) and then cleared."""
    try:
        return array("i", [0]) * n
    except TypeError:
        a = array("i", range(n))
        for i in range(n):
            a[i] = 0
        return a


def tables(rules, g=None):
    """The tables block ``G`` (array('i'), _G_SIZE ints) of ``rules`` (morris.Rules),
    written into ``g`` when given (a block of that size), else into a new one.

    Raises ValueError for a board with more than 30 points or 32 lines. Only
    the classic options are read (rules the board holds: engine.holds)."""
    geo = rules.geo
    if geo.n > 30 or len(geo.lines) > 32:
        raise ValueError("engine tables: board too large (%d points, %d lines)" % (geo.n, len(geo.lines)))
    if g is None:
        g = zeros(_G_SIZE)
    else:
        for i in range(_G_SIZE):
            g[i] = 0
    g[_G_N] = geo.n
    g[_G_FULL] = geo.full
    g[_G_FLY] = rules.fly_at
    g[_G_LOSE] = rules.lose_below
    g[_G_OPT] = 1 if rules.optional else 0
    g[_G_PROT] = rules.protect
    g[_G_MAXCAP] = rules.max_captures
    g[_G_REUSE] = 1 if rules.reuse_first else 0
    g[_G_NORET] = 1 if rules.no_ret else 0
    g[_G_REP] = rules.draw_repetition
    g[_G_NCPMAX] = 2 * rules.draw_no_capture_moves
    g[_G_P33MAX] = 2 * rules.draw_3v3_moves
    g[_G_NLINES] = len(geo.lines)
    g[_G_SIMPLE] = 1 if (rules.max_captures == 1 and not rules.reuse_first) else 0
    for p in range(geo.n):
        g[_G_ADJ + p] = geo.adj[p]
        m = 0
        for li in geo.lines_at[p]:
            m |= 1 << li
        g[_G_PLINES + p] = m
    for li, ln in enumerate(geo.lines):
        g[_G_LINES + li] = ln
    for c in (0, 1):
        for p in range(32):
            g[_G_ZS + 32 * c + p] = Z_STONE[c][p]
        for h in range(16):
            g[_G_ZH + 16 * c + h] = Z_HAND[c][h]
    g[_G_ZSIDE] = Z_SIDE
    return g


def load(S, pos):
    """Copy ``pos`` (morris.Position) into the state block ``S``; empties the undo stack.
    Keeps the newest _HIST_KEYS repetition keys of the position's history."""
    for c in (0, 1):
        S[_BB + c] = pos.bb[c]
        S[_HAND + c] = pos.hand[c]
        S[_CNT + c] = pos.count[c]
        S[_USED + c] = pos.used[c]
        S[_FORB + c] = pos.forbid[c] + 1
    S[_TURN] = pos.turn
    S[_NCP] = pos.ncp
    S[_P33] = pos.p33
    S[_ZKEY] = pos.zkey
    S[_SP] = 0
    S[OVERFLOW] = 0
    h = pos.hist
    k = len(h) // 2
    first = k - _HIST_KEYS + _UNDO_PLIES if k > _HIST_KEYS - _UNDO_PLIES else 0
    j = _HIST
    for i in range(first, k):
        S[j] = h[2 * i]
        S[j + 1] = h[2 * i + 1]
        j += 2
    S[_HSTART] = _HIST
    S[_HEND] = j


@micropython.viper
def capturable(G, stones: int, prot: int) -> int:
    """Mask of ``stones`` that may be captured under protection mode ``prot``."""
    if prot == 2:  # PROTECT_NONE
        return stones
    g = ptr32(G)
    inmill = 0
    nl = g[_G_NLINES]
    for li in range(nl):
        ln = g[_G_LINES + li]
        if stones & ln == ln:
            inmill |= ln
    free = stones & ~inmill
    if free or prot == 1:  # PROTECT_STRICT
        return free
    return stones


@micropython.viper
def gen(S, G, M, base: int) -> int:
    """Write the side to move's legal moves into ``M`` (_MOVES_SIZE ints) from
    index ``base`` (ignoring game over); return the index after the last one.
    Never writes past the end: with fewer than _MOVES_ROOM ints left it stops
    and sets S[OVERFLOW] (the search then treats the node as a leaf)."""
    s = ptr32(S)
    g = ptr32(G)
    mv = ptr32(M)
    t = s[_TURN]
    o = 1 - t
    me = s[_BB + t]
    op = s[_BB + o]
    n = g[_G_N]
    empty = g[_G_FULL] & ~(me | op)
    out = base
    hand = s[_HAND + t]
    fa = g[_G_FLY]
    fly = 0
    if hand == 0 and fa > 0 and s[_CNT + t] == fa:
        fly = 1
    simple = g[_G_SIMPLE]
    maxcap = g[_G_MAXCAP]
    reuse = g[_G_REUSE]
    used = s[_USED + t]
    forbid = s[_FORB + t] - 1
    opt = g[_G_OPT]
    prot = g[_G_PROT]
    cap1 = -1
    frm = 0
    last = n
    if hand:  # one pass with "from nowhere"
        frm = n
        last = n + 1
    while frm < last:
        if out > _MOVES_SIZE - _MOVES_ROOM:
            s[OVERFLOW] = 1
            return out
        if hand:
            src = NONE
            base_me = me
            tg = empty
        else:
            if not (me >> frm) & 1:
                frm += 1
                continue
            src = frm
            base_me = me & ~(1 << frm)
            if fly:
                tg = empty
            else:
                tg = g[_G_ADJ + frm] & empty
        to = 0
        while tg:
            if tg & 1:
                if out > _MOVES_SIZE - _MOVES_ROOM:
                    s[OVERFLOW] = 1
                    return out
                c = src << 5 | to
                if c != forbid:
                    nm = base_me | 1 << to
                    k = 0
                    pl = g[_G_PLINES + to]
                    li = 0
                    while pl:
                        if pl & 1:
                            ln = g[_G_LINES + li]
                            if nm & ln == ln:
                                if simple:
                                    k = 1
                                    break
                                if not (reuse and (used >> li) & 1):
                                    k += 1
                        pl >>= 1
                        li += 1
                    if k > maxcap:
                        k = maxcap
                    if k == 0:
                        mv[out] = c | 0xFFC00  # NONE << 10 | NONE << 15
                        out += 1
                    else:
                        if cap1 < 0:
                            cap1 = int(capturable(G, op, prot))
                        if cap1 == 0 or opt:
                            mv[out] = c | 0xFFC00
                            out += 1
                        c1 = 0
                        x = cap1
                        while x:
                            if x & 1:
                                cap2 = 0
                                if k == 2:
                                    cap2 = int(capturable(G, op & ~(1 << c1), prot))
                                if cap2 == 0 or opt:
                                    mv[out] = c | c1 << 10 | 0xF8000
                                    out += 1
                                c2 = 0
                                y = cap2
                                while y:
                                    if y & 1:
                                        dup = 0
                                        if c2 < c1 and (cap1 >> c2) & 1:
                                            if (int(capturable(G, op & ~(1 << c2), prot)) >> c1) & 1:
                                                dup = 1
                                        if not dup:
                                            mv[out] = c | c1 << 10 | c2 << 15
                                            out += 1
                                    y >>= 1
                                    c2 += 1
                            x >>= 1
                            c1 += 1
            tg >>= 1
            to += 1
        frm += 1
    return out


@micropython.viper
def push(S, G, m: int):
    """Play move ``m`` (a legal move of the side to move)."""
    s = ptr32(S)
    g = ptr32(G)
    t = s[_TURN]
    o = 1 - t
    to = m & 31
    frm = (m >> 5) & 31
    c1 = (m >> 10) & 31
    was33 = 0
    if s[_CNT] == 3 and s[_CNT + 1] == 3 and s[_HAND] == 0 and s[_HAND + 1] == 0:
        was33 = 1
    u = _UNDO + 5 * s[_SP]
    s[_SP] = s[_SP] + 1
    s[u] = m
    s[u + 1] = s[_NCP]
    s[u + 2] = s[_P33]
    s[u + 3] = s[_USED + t] | s[_FORB + t] << 20
    s[u + 4] = s[_HSTART]
    zs = _G_ZS + 32 * t
    z = s[_ZKEY] ^ g[_G_ZSIDE] ^ g[zs + to]
    old = s[_BB + t]
    if frm == NONE:
        h = s[_HAND + t]
        z ^= g[_G_ZH + 16 * t + h] ^ g[_G_ZH + 16 * t + h - 1]
        s[_HAND + t] = h - 1
        s[_CNT + t] = s[_CNT + t] + 1
        new = old | 1 << to
    else:
        z ^= g[zs + frm]
        new = old ^ (1 << frm | 1 << to)
    s[_BB + t] = new
    if g[_G_REUSE] or g[_G_NORET]:
        formed = 0
        pl = g[_G_PLINES + to]
        li = 0
        while pl:
            if pl & 1:
                ln = g[_G_LINES + li]
                if new & ln == ln:
                    formed |= 1 << li
            pl >>= 1
            li += 1
        if g[_G_REUSE]:
            s[_USED + t] = s[_USED + t] | formed
        if g[_G_NORET]:
            s[_FORB + t] = 0
            if formed and frm != NONE:
                pl = g[_G_PLINES + frm]
                li = 0
                was = 0
                while pl:
                    if pl & 1:
                        ln = g[_G_LINES + li]
                        if old & ln == ln:
                            was = 1
                    pl >>= 1
                    li += 1
                if was:
                    s[_FORB + t] = (to << 5 | frm) + 1
    he = s[_HEND]
    if c1 != NONE:
        zo = _G_ZS + 32 * o
        z ^= g[zo + c1]
        b = s[_BB + o] & ~(1 << c1)
        c2 = (m >> 15) & 31
        if c2 != NONE:
            z ^= g[zo + c2]
            b &= ~(1 << c2)
            s[_CNT + o] = s[_CNT + o] - 2
        else:
            s[_CNT + o] = s[_CNT + o] - 1
        s[_BB + o] = b
        s[_NCP] = 0
        s[_P33] = 0
        s[_HSTART] = he
    else:
        s[_NCP] = s[_NCP] + 1
        if was33:
            s[_P33] = s[_P33] + 1
        else:
            s[_P33] = 0
    s[_ZKEY] = z
    s[_TURN] = o
    s[he] = s[_BB] | o << 24 | s[_HAND] << 25
    s[he + 1] = s[_BB + 1] | s[_HAND + 1] << 25
    s[_HEND] = he + 2


@micropython.viper
def pop(S, G) -> int:
    """Take back the last move played by ``push``; returns it."""
    s = ptr32(S)
    g = ptr32(G)
    sp = s[_SP] - 1
    s[_SP] = sp
    u = _UNDO + 5 * sp
    m = s[u]
    o = s[_TURN]
    t = 1 - o
    to = m & 31
    frm = (m >> 5) & 31
    c1 = (m >> 10) & 31
    zs = _G_ZS + 32 * t
    z = s[_ZKEY] ^ g[_G_ZSIDE] ^ g[zs + to]
    if frm == NONE:
        h = s[_HAND + t]
        z ^= g[_G_ZH + 16 * t + h] ^ g[_G_ZH + 16 * t + h + 1]
        s[_HAND + t] = h + 1
        s[_CNT + t] = s[_CNT + t] - 1
        s[_BB + t] = s[_BB + t] & ~(1 << to)
    else:
        z ^= g[zs + frm]
        s[_BB + t] = s[_BB + t] ^ (1 << frm | 1 << to)
    if c1 != NONE:
        zo = _G_ZS + 32 * o
        z ^= g[zo + c1]
        b = s[_BB + o] | 1 << c1
        c2 = (m >> 15) & 31
        if c2 != NONE:
            z ^= g[zo + c2]
            b |= 1 << c2
            s[_CNT + o] = s[_CNT + o] + 2
        else:
            s[_CNT + o] = s[_CNT + o] + 1
        s[_BB + o] = b
    s[_NCP] = s[u + 1]
    s[_P33] = s[u + 2]
    uf = s[u + 3]
    s[_USED + t] = uf & 0xFFFFF
    s[_FORB + t] = uf >> 20
    s[_HSTART] = s[u + 4]
    s[_HEND] = s[_HEND] - 2
    s[_ZKEY] = z
    s[_TURN] = t
    return m


@micropython.viper
def terminal(S, G) -> int:
    """T_NONE, or the game's end for the side to move: T_WIN, T_LOSS, T_DRAW
    (too few stones, then N-fold repetition, no-capture and 3v3 draws;
    a blocked side is found by the search's empty move list)."""
    s = ptr32(S)
    g = ptr32(G)
    t = s[_TURN]
    lb = g[_G_LOSE]
    if s[_CNT + t] + s[_HAND + t] < lb:
        return T_LOSS
    if s[_CNT + 1 - t] + s[_HAND + 1 - t] < lb:
        return T_WIN
    rep = g[_G_REP]
    if rep:
        hs = s[_HSTART]
        he = s[_HEND]
        if he - hs >= 2 * rep:
            k1 = s[he - 2]
            k2 = s[he - 1]
            c = 0
            i = hs
            while i < he:
                if s[i] == k1 and s[i + 1] == k2:
                    c += 1
                i += 2
            if c >= rep:
                return T_DRAW
    x = g[_G_NCPMAX]
    if x and s[_NCP] >= x:
        return T_DRAW
    x = g[_G_P33MAX]
    if x and s[_P33] >= x:
        return T_DRAW
    return T_NONE


@micropython.viper
def tt_key(S, G) -> int:
    """Transposition key (< 2**30): the Zobrist key, mixed with the used lines
    and the barred return moves when first_time_per_line / no_return are on."""
    s = ptr32(S)
    g = ptr32(G)
    k = s[_ZKEY]
    if g[_G_REUSE] or g[_G_NORET]:
        k ^= (s[_USED] & 0x7FFF) << 3 ^ (s[_USED + 1] & 0x7FFF) << 15 ^ (s[_FORB] & 0x3FF) << 1 \
            ^ (s[_FORB + 1] & 0x3FF) << 19
    return k & 0x3FFFFFFF


class Board:
    """A Position copied into the engine's arrays (``S``, ``G``, move stack ``M``).

    ``Board(rules)`` allocates the blocks (about 4.3 KB); ``Board(rules, blocks)``
    uses the (state block, move stack, tables block) triple ``blocks`` (see
    ``blocks()``) allocated earlier, e.g. by the engine while the heap is
    young, and writes the rules' tables into it: a board made during a game
    allocates no block (one Board per triple at a time). ``load(pos)``
    copies a position in (rules equal to the Board's). The search calls the
    viper functions directly; engine/probe.py wraps them for tests and tools."""

    def __init__(self, rules, blocks=None):
        self.rules = rules
        self.S, self.M, g = blocks if blocks is not None else Board.blocks()
        self.G = tables(rules, g)

    @staticmethod
    def blocks():
        """A new (state block, move stack, tables block): _S_SIZE, _MOVES_SIZE and _G_SIZE ints."""
        return zeros(_S_SIZE), zeros(_MOVES_SIZE), zeros(_G_SIZE)

    def load(self, pos):
        """Copy ``pos`` in (state, repetition history); returns self."""
        load(self.S, pos)
        return self
