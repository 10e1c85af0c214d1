"""The engine's compact board: move generation, make/unmake, terminal test, perft.

The search does not drive ``morris.Position`` (method calls, lists, objects
per move) but this board: two ``array('i')`` blocks and viper functions
over them, compiled to machine code on the Pico. Everything comes from the
rules as data (``tables(rules)``): the geometry's lines and adjacency and
every option of morris.rules, the classic ones (stones, flying, lose_below,
optional capture, mill protection, double captures, first_time_per_line,
no_return, the three draw rules) and the relatives' of docs/variants.md
(what a placement's mill does: capture, take from the hand, mark the
point, nothing; moves during placement; the defender moving first;
removals at a full board; intervention captures; one capture per mill
formed; first_time_per_points; no_return: mill; a full board that ends the
game), so variants are new tables, not new code. Moves are the rules core's
ints (morris.position.move: to | frm << 5 | c1 << 10 | c2 << 15 | (c3 ^
31) << 20, NONE = 31; a removal-only turn owed at a full board is
``REMOVAL | mask``), generated in the rules core's order; a turn may leave
the same side to move (``defender_first``). The tests check perft and the
move lists against ``Position`` under every preset and many options.

The rare kinds of turn (removal-only turns, two or three captures, the
removals a full board deals) are engine/turns.py's, imported by ``tables``
only for rules that have them (RAM: the classic game never loads that
code), as morris/variant.py is for the rules core.

Layout of the state block ``S`` (array('i'), ``_S_SIZE`` ints):
  0/1 stones (bitboards) of white/black, 2/3 in hand, 4/5 on board, 6 side
  to move, 7 turns since a capture, 8 turns at three-against-three,
  9/10 used lines (first_time_per_line) or points (first_time_per_points),
  11/12 barred return move + 1 (no_return, 0 = none; nothing negative is
  stored: viper's 32-bit loads do not sign-extend on 64-bit hosts), 13
  Zobrist key (< 2**30, as Position.zkey), 14 undo depth, 15 history end,
  16 history start (first key since the last capture), 17 overflow flag, 18
  marked points, 19/20 removals owed + 8 (Position.owe: k > 0 opponent
  stones, -k own stones); 24..28 the search's ordering inputs; from _UNDO:
  _REC ints per played move (move,
  clocks, both bitboards, marks, packed hands / counts / side / owed, the
  mover's used mask, its bar | history start << 11, Zobrist key); from _HIST: the exact
  repetition keys, 2 ints per position.
Layout of the tables block ``G``: see ``tables``.
Sources: docs/rules.md, docs/variants.md (via morris.rules / morris.position
/ morris.variant semantics).
"""
from array import array
from morris.compat import const
from morris.position import Z_STONE, Z_HAND, Z_SIDE
try:
    import micropython  # viper compiles ptr32 / ptr16 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32

NONE = const(31)
REMOVAL = const(0x20000000)   # morris.position.REMOVAL
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
_MARKS = const(18)
_OWE = const(19)
# 24..28: the search's move-ordering inputs (engine/search.py O_*)
_UNDO = const(32)
_REC = const(9)
_UNDO_PLIES = const(26)   # search.MAXPLY + 2
_HIST = const(266)       # _UNDO + _REC * _UNDO_PLIES
_HIST_KEYS = const(66)   # positions kept (newest): 40 of the game (as before issue 23) + the search's _UNDO_PLIES
_S_SIZE = const(398)     # _HIST + 2 * _HIST_KEYS
# G: tables block
_G_N = const(0)
_G_FULL = const(1)
_G_FLY = const(2)
_G_LOSE = const(3)
_G_OPT = const(4)
_G_PROT = const(5)
_G_MAXCAP = const(6)
_G_REUSE = const(7)      # 0 always, 1 first_time_per_line, 2 first_time_per_points
_G_NORET = const(8)      # 0 off, 1 on, 2 mill
_G_REP = const(9)
_G_NCPMAX = const(10)    # draw_no_capture_moves in plies (0 = off)
_G_P33MAX = const(11)    # draw_3v3_moves in plies (0 = off)
_G_NLINES = const(12)
_G_SIMPLE = const(13)    # one capture per move and every mill pays
_G_SPECIAL = const(14)   # rules.special: the variants' turn flow (morris/variant.py)
_G_PM = const(15)        # placing_mill: 0 capture, 1 hand, 2 mark, 3 none
_G_ADJ = const(16)       # 32 adjacency masks
_G_PLINES = const(48)    # 32 masks of line indices through each point
_G_LINES = const(80)     # 32 line masks
_G_ZS = const(112)       # Zobrist: 2 x 32 stone keys, 2 x 16 hand keys, side
_G_ZH = const(176)
_G_ZSIDE = const(208)
_G_LASKER = const(209)   # move_in_placement
_G_DEFF = const(210)     # defender_first
_G_FB = const(211)       # full_board: 0 first_loses, 1 draw, 2 remove, 3 both_remove, 4 mill_count
_G_FULLEND = const(212)  # a full board ends the game: 0 no, 1 the first player loses, 2 draw
_G_INTERV = const(213)   # intervention
_G_FULLPOS = const(214)  # the board can be full after placement (2 x stones >= points)
_G_TURNS = const(215)    # the rules use engine/turns.py
_G_MID = const(216)      # 32 masks of the line indices whose middle point each point is (intervention)
_G_LRANK = const(248)    # 2 ints: 2 bits per line, its intervention rank (engine/turns.py)
_G_SIZE = const(250)
_MOVES_SIZE = const(400)   # move stack of the search / perft (all plies), 1.6 KB
SCRATCH = const(360)       # M[SCRATCH:]: 40 ints of scratch for engine/turns.py
_MOVES_ROOM = const(30)    # gen stops (OVERFLOW) when fewer ints than this are left before SCRATCH (330, as before issue 23)

# terminal() results, from the side to move's view
T_NONE = const(0)
T_WIN = const(1)
T_LOSS = const(2)
T_DRAW = const(3)

_turns = None  # engine/turns.py once rules that need it are tabled


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
    The relatives' rows (and two or three captures) are engine/turns.py's
    ``variant_tables``: the module is imported only for rules that have them.

    Raises ValueError for a board with more than 30 points or 32 lines."""
    global _turns
    geo = rules.geo
    n = geo.n
    if n > 30 or len(geo.lines) > 32:
        raise ValueError("engine tables: board too large (%d points, %d lines)" % (n, len(geo.lines)))
    if g is None:
        g = zeros(_G_SIZE)
    else:
        for i in range(_G_SIZE):
            g[i] = 0
    v = rules.values
    g[_G_N] = n
    g[_G_FULL] = geo.full
    g[_G_FLY] = rules.fly_at
    g[_G_LOSE] = rules.lose_below
    g[_G_OPT] = 1 if rules.optional else 0
    g[_G_PROT] = rules.protect
    g[_G_MAXCAP] = rules.max_captures
    g[_G_REUSE] = 1 if rules.reuse_first else 2 if rules.points_once else 0
    g[_G_NORET] = ("off", "on", "mill").index(v["no_return"])
    g[_G_REP] = rules.draw_repetition
    g[_G_NCPMAX] = 2 * rules.draw_no_capture_moves
    g[_G_P33MAX] = 2 * rules.draw_3v3_moves
    g[_G_NLINES] = len(geo.lines)
    g[_G_SIMPLE] = 1 if (rules.max_captures == 1 and g[_G_REUSE] == 0) else 0
    if rules.special or rules.full_end or rules.max_captures > 1:
        if _turns is None:
            from . import turns
            _turns = turns
        _turns.variant_tables(rules, g)
    for p in range(n):
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
    Keeps the newest _HIST_KEYS - _UNDO_PLIES repetition keys of the position's history."""
    for c in (0, 1):
        S[_BB + c] = pos.bb[c]
        S[_HAND + c] = pos.hand[c]
        S[_CNT + c] = pos.count[c]
        S[_USED + c] = pos.used[c]
        S[_FORB + c] = pos.forbid[c] + 1
        S[_OWE + c] = pos.owe[c] + 8
    S[_TURN] = pos.turn
    S[_NCP] = pos.ncp if pos.ncp < 0x3FFF else 0x3FFF  # the undo record's 14 bits (as morris.variant)
    S[_P33] = pos.p33 if pos.p33 < 0x3FFF else 0x3FFF
    S[_ZKEY] = pos.zkey
    S[_MARKS] = pos.marks
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
def mills_at(G, stones: int, p: int) -> int:
    """Mask of the line indices through point ``p`` that ``stones`` complete."""
    g = ptr32(G)
    out = 0
    pl = g[_G_PLINES + p]
    li = 0
    while pl:
        if pl & 1:
            ln = g[_G_LINES + li]
            if stones & ln == ln:
                out |= 1 << li
        pl >>= 1
        li += 1
    return out


@micropython.viper
def gen(S, G, M, base: int) -> int:
    """Write the side to move's legal moves into ``M`` (_MOVES_SIZE ints) from
    index ``base`` (ignoring game over); return the index after the last one.
    Never writes past SCRATCH: with fewer than _MOVES_ROOM ints left it stops
    and sets S[OVERFLOW] (the search then treats the node as a leaf)."""
    s = ptr32(S)
    g = ptr32(G)
    mv = ptr32(M)
    t = s[_TURN]
    o = 1 - t
    if s[_OWE + t] != 8:  # removals owed at a full board: a removal-only turn
        return int(_turns.removals(S, G, M, base))  # type: ignore[union-attr]
    me = s[_BB + t]
    op = s[_BB + o]
    n = g[_G_N]
    empty = g[_G_FULL] & ~(me | op | s[_MARKS])
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
    interv = g[_G_INTERV]
    lasker = g[_G_LASKER]
    pm = g[_G_PM]
    quiet_place = 0  # a placement's mill captures nothing (placing_mill none / hand with stones in hand)
    if pm == 3 or (pm == 1 and s[_HAND + o]):
        quiet_place = 1
    cap1 = -1
    src = 0
    base_me = 0
    frm = 0
    if hand:  # first the placements ("from nowhere"), then, with move_in_placement, the slides
        frm = n
    while True:
        if out > SCRATCH - _MOVES_ROOM:
            s[OVERFLOW] = 1
            return out
        tg = 0
        if frm == n:
            src = NONE
            base_me = me
            tg = empty
        elif (me >> frm) & 1:
            src = frm
            base_me = me & ~(1 << frm)
            if fly:
                tg = empty
            else:
                tg = g[_G_ADJ + frm] & empty
        to = 0
        while tg:
            if tg & 1:
                if out > SCRATCH - _MOVES_ROOM:
                    s[OVERFLOW] = 1
                    return out
                c = src << 5 | to
                nm = base_me | 1 << to
                ok = 1
                if c == forbid:
                    ok = 0
                    if g[_G_NORET] == 2:
                        # no_return: mill bars the return only when it re-forms a mill at its
                        # point while the stone stands in a mill where it is
                        if not (int(mills_at(G, nm, to)) and int(mills_at(G, me, src))):
                            ok = 1
                if ok and interv:
                    # between two opponent stones of a line: capture both (instead of any mill)
                    bit = 1 << to
                    ml = g[_G_MID + to]
                    li = 0
                    rank = 3
                    pair = 0
                    while ml:
                        if ml & 1:
                            ends = g[_G_LINES + li] ^ bit
                            r = (g[_G_LRANK + (li >> 4)] >> ((li & 15) << 1)) & 3
                            if op & ends == ends and r < rank:
                                rank = r
                                pair = ends
                        ml >>= 1
                        li += 1
                    if pair:
                        ok = 0
                        a = 0
                        while not (pair >> a) & 1:
                            a += 1
                        b = a + 1
                        while not (pair >> b) & 1:
                            b += 1
                        if s[_CNT + o] + s[_HAND + o] - g[_G_LOSE] >= 1:
                            mv[out] = c | a << 10 | b << 15
                            out += 1
                        else:  # the first capture ends the game: one each
                            mv[out] = c | a << 10 | 0xF8000
                            mv[out + 1] = c | b << 10 | 0xF8000
                            out += 2
                if ok:
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
                                if reuse == 0:
                                    k += 1
                                elif reuse == 1:
                                    if not (used >> li) & 1:
                                        k += 1
                                elif ln & ~used:
                                    k += 1
                        pl >>= 1
                        li += 1
                    if k and src == NONE and quiet_place:
                        k = 0
                    if k > maxcap:
                        k = maxcap
                    if k == 0:
                        mv[out] = c | 0xFFC00  # NONE << 10 | NONE << 15
                        out += 1
                    elif k == 1:
                        if cap1 < 0:
                            cap1 = int(capturable(G, op, prot))
                        if cap1 == 0 or opt:
                            mv[out] = c | 0xFFC00
                            out += 1
                        c1 = 0
                        x = cap1
                        while x:
                            if x & 1:
                                mv[out] = c | c1 << 10 | 0xF8000
                                out += 1
                            x >>= 1
                            c1 += 1
                    else:  # two or three captures: engine/turns.py
                        out = int(_turns.captures(S, G, M, out | c << 10 | k << 20))  # type: ignore[union-attr]
                        if s[OVERFLOW]:
                            return out
            tg >>= 1
            to += 1
        if frm == n:
            if not lasker:
                break
            frm = 0
        else:
            frm += 1
        if frm >= n:
            break
    return out


@micropython.viper
def push(S, G, m: int):
    """Play move ``m`` (a legal move of the side to move)."""
    s = ptr32(S)
    g = ptr32(G)
    t = s[_TURN]
    o = 1 - t
    sp = s[_SP]
    s[_SP] = sp + 1
    u = _UNDO + _REC * sp
    s[u] = m
    s[u + 1] = s[_NCP] | s[_P33] << 14
    s[u + 2] = s[_BB]
    s[u + 3] = s[_BB + 1]
    s[u + 4] = s[_MARKS]
    s[u + 5] = (s[_HAND] | s[_HAND + 1] << 4 | s[_CNT] << 8 | s[_CNT + 1] << 13 | t << 18
                | s[_OWE] << 19 | s[_OWE + 1] << 23)
    s[u + 6] = s[_USED + t]  # only the mover's used lines / points and bar change
    s[u + 7] = s[_FORB + t] | s[_HSTART] << 11
    s[u + 8] = s[_ZKEY]
    was33 = 0
    if s[_CNT] == 3 and s[_CNT + 1] == 3 and s[_HAND] == 0 and s[_HAND + 1] == 0:
        was33 = 1
    placing = s[_HAND] | s[_HAND + 1]
    z = s[_ZKEY]
    captured = 0
    nxt = o
    if m & REMOVAL:
        target = o
        if s[_OWE + t] < 8:  # own stones
            target = t
        mask = m & g[_G_FULL]
        zt = _G_ZS + 32 * target
        x = mask
        p = 0
        while x:
            if x & 1:
                z ^= g[zt + p]
                s[_CNT + target] = s[_CNT + target] - 1
            x >>= 1
            p += 1
        s[_BB + target] = s[_BB + target] & ~mask
        z ^= g[_G_ZS + 32 * t + 24 + ((s[_OWE + t] - 8) & 7)]
        s[_OWE + t] = 8
        captured = 1
    else:
        to = m & 31
        frm = (m >> 5) & 31
        c1 = (m >> 10) & 31
        zs = _G_ZS + 32 * t
        z ^= g[zs + to]
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
        reuse = g[_G_REUSE]
        noret = g[_G_NORET]
        pm = g[_G_PM]
        if reuse or noret or (pm == 1 and frm == NONE):
            formed = 0
            pays = 0
            pts = 0
            used = s[_USED + t]
            pl = g[_G_PLINES + to]
            li = 0
            while pl:
                if pl & 1:
                    ln = g[_G_LINES + li]
                    if new & ln == ln:
                        formed |= 1 << li
                        pts |= ln
                        if ln & ~used:
                            pays = 1
                pl >>= 1
                li += 1
            if reuse == 1:
                s[_USED + t] = used | formed
            elif reuse == 2 and pays:
                s[_USED + t] = used | pts
            if noret == 2:
                s[_FORB + t] = 0
                if formed and frm != NONE:
                    s[_FORB + t] = (to << 5 | frm) + 1
            elif noret:
                s[_FORB + t] = 0
                if formed and frm != NONE and int(mills_at(G, old, frm)):
                    s[_FORB + t] = (to << 5 | frm) + 1
            if formed and frm == NONE and pm == 1 and s[_HAND + o] and c1 == NONE:
                h = s[_HAND + o]  # a placement's mill takes a stone from the opponent's hand
                z ^= g[_G_ZH + 16 * o + h] ^ g[_G_ZH + 16 * o + h - 1]
                s[_HAND + o] = h - 1
                captured = 1
        if c1 != NONE:
            mark = 0
            if pm == 2 and (s[_HAND] or s[_HAND + 1]):
                mark = 1
            zo = _G_ZS + 32 * o
            b = s[_BB + o]
            c = c1
            i = 0
            while i < 3:
                if c != NONE:
                    z ^= g[zo + c]
                    b &= ~(1 << c)
                    s[_CNT + o] = s[_CNT + o] - 1
                    if mark:  # a marked point's key (morris.position._rehash)
                        s[_MARKS] = s[_MARKS] | 1 << c
                        z ^= g[_G_ZS + c] ^ (g[_G_ZS + 32 + c] >> 1)
                i += 1
                if i == 1:
                    c = (m >> 15) & 31
                else:
                    c = ((m >> 20) & 31) ^ 31
            s[_BB + o] = b
            captured = 1
        if placing and s[_HAND] == 0 and s[_HAND + 1] == 0:
            x = s[_MARKS]  # marks vanish when placement ends
            p = 0
            while x:
                if x & 1:
                    z ^= g[_G_ZS + p] ^ (g[_G_ZS + 32 + p] >> 1)
                x >>= 1
                p += 1
            s[_MARKS] = 0
            if g[_G_FULLPOS] and s[_CNT] + s[_CNT + 1] == g[_G_N]:
                if g[_G_FB] >= 2:
                    z ^= int(_turns.full_board(S, G, o))  # type: ignore[union-attr]
            elif g[_G_DEFF]:
                nxt = t
    he = s[_HEND]
    if captured:
        s[_NCP] = 0
        s[_P33] = 0
        s[_HSTART] = he
    elif s[_NCP] < 0x3FFF:
        s[_NCP] = s[_NCP] + 1
        if was33:
            s[_P33] = s[_P33] + 1
        else:
            s[_P33] = 0
    if nxt != t:
        z ^= g[_G_ZSIDE]
    s[_ZKEY] = z
    s[_TURN] = nxt
    s[he] = s[_BB] | nxt << 24 | s[_HAND] << 25
    s[he + 1] = s[_BB + 1] | s[_HAND + 1] << 25
    s[_HEND] = he + 2


@micropython.viper
def pop(S, G) -> int:
    """Take back the last move played by ``push``; returns it."""
    s = ptr32(S)
    sp = s[_SP] - 1
    s[_SP] = sp
    u = _UNDO + _REC * sp
    k = s[u + 1]
    s[_NCP] = k & 0x3FFF
    s[_P33] = k >> 14
    s[_BB] = s[u + 2]
    s[_BB + 1] = s[u + 3]
    s[_MARKS] = s[u + 4]
    k = s[u + 5]
    s[_HAND] = k & 15
    s[_HAND + 1] = (k >> 4) & 15
    s[_CNT] = (k >> 8) & 31
    s[_CNT + 1] = (k >> 13) & 31
    t = (k >> 18) & 1
    s[_TURN] = t
    s[_OWE] = (k >> 19) & 15
    s[_OWE + 1] = (k >> 23) & 15
    s[_USED + t] = s[u + 6]
    k = s[u + 7]
    s[_FORB + t] = k & 0x7FF
    s[_HSTART] = k >> 11
    s[_ZKEY] = s[u + 8]
    s[_HEND] = s[_HEND] - 2
    return s[u]


@micropython.viper
def terminal(S, G) -> int:
    """T_NONE, or the game's end for the side to move: T_WIN, T_LOSS, T_DRAW
    (too few stones, then N-fold repetition, no-capture and 3v3 draws, a full
    board that ends the game; a blocked side is found by the search's empty
    move list)."""
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
    x = g[_G_FULLEND]
    if x and s[_CNT] + s[_CNT + 1] == g[_G_N] and s[_HAND] == 0 and s[_HAND + 1] == 0:
        if x == 2:
            return T_DRAW
        return T_LOSS  # the side to move is the first player: the last stone was the other's
    return T_NONE


@micropython.viper
def tt_key(S, G) -> int:
    """Transposition key (< 2**30): the Zobrist key (stones, hands, side, marks,
    removals owed), mixed with the used lines or points and the barred return
    moves when mill_reuse / no_return are on."""
    s = ptr32(S)
    g = ptr32(G)
    k = s[_ZKEY]
    if g[_G_REUSE] or g[_G_NORET]:
        u0 = s[_USED]
        u0 ^= u0 >> 15  # point masks (first_time_per_points) have 24 bits
        u1 = s[_USED + 1]
        u1 ^= u1 >> 15
        k ^= (u0 & 0x7FFF) << 3 ^ (u1 & 0x7FFF) << 15 ^ (s[_FORB] & 0x3FF) << 1 \
            ^ (s[_FORB + 1] & 0x3FF) << 19
    return k & 0x3FFFFFFF


class Board:
    """A Position copied into the engine's arrays (``S``, ``G``, move stack ``M``).

    ``Board(rules)`` allocates the blocks (about 6.6 KB); ``Board(rules, blocks)``
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
