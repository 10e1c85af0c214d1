"""The engine board's rare turns: removal-only turns, two or three captures, a full board.

engine/board.py's ``tables``, ``gen`` and ``push`` call these for rules that
have them (``tables`` imports this module only then: the classic game never
loads it): the removal-only turns owed once placement filled the board
(``full_board``: remove, both_remove, mill_count), a move that forms two or
three paying mills (``double_mill``: two, each), the removals a full board
deals and the intervention tables. Semantics and move order are morris/variant.py's (and
morris/position.py's for the classic rules): captures of one turn are a
set, protection is recomputed after each capture, a turn stops capturing
once the opponent is below lose_below (variants), a removal-only turn is
``REMOVAL | mask``. Rule source: docs/variants.md.
"""
from morris.compat import const
try:
    import micropython  # viper compiles ptr32 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32
from .board import capturable

# Offsets of engine/board.py's blocks, repeated because viper code needs
# constants of its own module (tests/firmware/test_engine_board.py checks them).
_BB = const(0)
_HAND = const(2)
_CNT = const(4)
_TURN = const(6)
_OVERFLOW = const(17)
_OWE = const(19)
_G_N = const(0)
_G_LOSE = const(3)
_G_OPT = const(4)
_G_PROT = const(5)
_G_NLINES = const(12)
_G_SPECIAL = const(14)
_G_PM = const(15)
_G_LINES = const(80)
_G_ZS = const(112)
_G_LASKER = const(209)
_G_DEFF = const(210)
_G_FB = const(211)
_G_FULLEND = const(212)
_G_INTERV = const(213)
_G_FULLPOS = const(214)
_G_TURNS = const(215)
_G_MID = const(216)
_G_LRANK = const(248)
_SCRATCH = const(360)   # M[_SCRATCH:]: this module's scratch (engine/board.py SCRATCH)
_REMOVAL = const(0x20000000)


def variant_tables(rules, g):
    """Write the relatives' rows of engine/board.py's tables block ``g`` for
    ``rules`` (morris.Rules): the variants' turn flow, what a placement's mill
    does, Lasker moves, the defender first, the full board, intervention (and
    its rows: ``_intervention_tables``)."""
    v = rules.values
    g[_G_SPECIAL] = 1 if rules.special else 0
    g[_G_PM] = ("capture", "hand", "mark", "none").index(v["placing_mill"])
    g[_G_LASKER] = 1 if rules.lasker else 0
    g[_G_DEFF] = 1 if v["defender_first"] == "on" else 0
    fb = ("first_loses", "draw", "remove", "both_remove", "mill_count").index(v["full_board"])
    g[_G_FB] = fb
    g[_G_FULLPOS] = 1 if 2 * rules.stones >= rules.geo.n else 0
    if rules.full_end:
        g[_G_FULLEND] = 2 if fb == 1 else 1
    g[_G_TURNS] = 1
    if v["intervention"] == "on":
        g[_G_INTERV] = 1
        _intervention_tables(rules.geo, g)


def _intervention_tables(geo, g):
    """Write the intervention rows of the tables block ``g`` for geometry ``geo``:
    per point the lines whose middle point it is, per line its rank when two lines
    qualify (Sanmill's choice, morris/variant.py ``_interventions``: a cross line,
    then a square's side, then a diagonal)."""
    names = geo.names
    for li, ln in enumerate(geo.lines):
        pts = [p for p in range(geo.n) if ln >> p & 1]
        for q in pts:
            a, b = [p for p in pts if p != q]
            if geo.adj[a] >> q & 1 and not geo.adj[a] >> b & 1:  # q is the middle point
                g[_G_MID + q] |= 1 << li
                na = names[a]
                nb = names[b]
                rank = 2 if na[0] != nb[0] and na[1] != nb[1] else (
                    0 if na[0] == "d" and nb[0] == "d" or na[1] == "4" and nb[1] == "4" else 1)
                g[_G_LRANK + (li >> 4)] |= rank << ((li & 15) << 1)


def _limit(S, colour, k, lose):
    """Captures actually made of ``k`` owed: the game ends once ``colour`` falls below ``lose``."""
    left = S[_CNT + colour] + S[_HAND + colour] - lose
    if k <= left + 1:
        return k
    if left + 1 > 1:
        return left + 1
    return 1


@micropython.viper
def removals(S, G, M, base: int) -> int:
    """Write the removal-only turns owed by the side to move into ``M`` from ``base``
    (every set of the owed number of stones, ascending, as ``REMOVAL | mask``);
    return the index after the last one (S[OVERFLOW] set when the stack is full)."""
    s = ptr32(S)
    g = ptr32(G)
    mv = ptr32(M)
    t = s[_TURN]
    o = 1 - t
    k = s[_OWE + t] - 8
    target = o
    if k < 0:  # own stones (mill_count: no mills at all)
        k = -k
        target = t
        cap = s[_BB + t]
    else:
        cap = int(capturable(G, s[_BB + o], g[_G_PROT]))
    k = int(_limit(S, target, k, g[_G_LOSE]))
    pts = _SCRATCH       # the candidate points, then the chosen indices
    n = 0
    p = 0
    x = cap
    while x:
        if x & 1:
            mv[pts + n] = p
            n += 1
        x >>= 1
        p += 1
    if k > n:
        k = n
    idx = pts + n
    for i in range(k):
        mv[idx + i] = i
    out = base
    while True:  # the k-subsets in lexicographic order
        if out >= _SCRATCH:
            s[_OVERFLOW] = 1
            return out
        mask = 0
        for i in range(k):
            mask |= 1 << mv[pts + mv[idx + i]]
        mv[out] = _REMOVAL | mask
        out += 1
        i = k - 1
        while i >= 0 and mv[idx + i] == n - k + i:
            i -= 1
        if i < 0:
            break
        mv[idx + i] = mv[idx + i] + 1
        j = i + 1
        while j < k:
            mv[idx + j] = mv[idx + j - 1] + 1
            j += 1
    return out


def _valid(G, op, prot, seq):
    """1 when capturing the points of ``seq`` (5 bits each, 31 ends it) in that order
    from stones ``op`` obeys the protection mode ``prot`` at every step."""
    while True:
        p = seq & 31
        if p == 31:
            return 1
        if not (capturable(G, op, prot) >> p) & 1:
            return 0
        op &= ~(1 << p)
        seq >>= 5


def _first(G, op, prot, seq):
    """1 when no other order of the points of ``seq`` (two or three, 5 bits each,
    31 ends it) that is valid (``_valid``) comes before it lexicographically:
    the depth-first search meets each set of captures first in this order."""
    a = seq & 31
    b = (seq >> 5) & 31
    c = (seq >> 10) & 31
    if c == 31:
        if b < a and _valid(G, op, prot, b | a << 5 | 31 << 10):
            return 0
        return 1
    # the orders of three before (a, b, c): those with a smaller first point, then (a, c, b)
    if c < b and _valid(G, op, prot, a | c << 5 | b << 10 | 31 << 15):
        return 0
    for i in range(2):
        x = b
        y = a
        z = c
        if i == 1:
            x = c
            y = a
            z = b
        if x < a:
            if _valid(G, op, prot, x | y << 5 | z << 10 | 31 << 15):
                return 0
            if _valid(G, op, prot, x | z << 5 | y << 10 | 31 << 15):
                return 0
    return 1


def _emit(M, out, head, seq):
    """Write the move ``head`` with the captures of ``seq`` (5 bits each, 31 ends it),
    ascending (morris.position.move), at M[out]; returns out + 1."""
    a = seq & 31
    b = (seq >> 5) & 31
    c = (seq >> 10) & 31
    if b != 31 and b < a:
        x = a
        a = b
        b = x
    if c != 31:
        if c < a:
            x = c
            c = b
            b = a
            a = x
        elif c < b:
            x = c
            c = b
            b = x
    M[out] = head | a << 10 | b << 15 | (c ^ 31) << 20
    return out + 1


@micropython.viper
def captures(S, G, M, packed: int) -> int:
    """Write a move's turns with two or three captures owed into ``M``.

    ``packed``: the index to write at | the move's ``frm << 5 | to`` << 10 |
    the captures owed << 20. Returns the index after the last move written
    (S[OVERFLOW] set when the stack is full). Classic rules (not
    ``special``) as morris/position.py: with ``capture: optional`` also one
    capture, the two captures in their first valid order; the variants as
    morris/variant.py: captures ascending, at most what ends the game."""
    s = ptr32(S)
    g = ptr32(G)
    mv = ptr32(M)
    out = packed & 1023
    head = (packed >> 10) & 1023
    k = packed >> 20
    t = s[_TURN]
    o = 1 - t
    op = s[_BB + o]
    prot = g[_G_PROT]
    opt = g[_G_OPT]
    special = g[_G_SPECIAL]
    if special:
        k = int(_limit(S, o, k, g[_G_LOSE]))
    cap1 = int(capturable(G, op, prot))
    if cap1 == 0 or opt:
        mv[out] = head | 0xFFC00
        out += 1
    n = g[_G_N]
    a = 0
    while a < n:
        if (cap1 >> a) & 1:
            if out >= _SCRATCH - 1:
                s[_OVERFLOW] = 1
                return out
            op1 = op & ~(1 << a)
            cap2 = 0
            if k >= 2:
                cap2 = int(capturable(G, op1, prot))
            if cap2 == 0 or (opt and not special):
                mv[out] = head | a << 10 | 0xF8000
                out += 1
            b = 0
            while b < n:
                if (cap2 >> b) & 1:
                    if out >= _SCRATCH - 1:
                        s[_OVERFLOW] = 1
                        return out
                    cap3 = 0
                    if k >= 3:
                        cap3 = int(capturable(G, op1 & ~(1 << b), prot))
                    if cap3 == 0:
                        seq = a | b << 5 | 31 << 10
                        if int(_first(G, op, prot, seq)):
                            if special:
                                out = int(_emit(M, out, head, seq))
                            else:  # the first valid order (position.py)
                                mv[out] = head | a << 10 | b << 15
                                out += 1
                    else:
                        c = 0
                        while c < n:
                            if (cap3 >> c) & 1:
                                seq = a | b << 5 | c << 10 | 31 << 15
                                if int(_first(G, op, prot, seq)):
                                    if out >= _SCRATCH - 1:
                                        s[_OVERFLOW] = 1
                                        return out
                                    out = int(_emit(M, out, head, seq))
                            c += 1
                b += 1
        a += 1
    return out


def _mills(G, stones):
    """Number of lines ``stones`` complete."""
    k = 0
    for li in range(G[_G_NLINES]):
        ln = G[_G_LINES + li]
        if stones & ln == ln:
            k += 1
    return k


def full_board(S, G, first):
    """Set the removals owed once the last placement filled the board (``first``
    removes first; morris/variant.py ``_full_board``); returns the Zobrist change."""
    s = S
    g = G
    fb = g[_G_FB]
    w0 = 0
    w1 = 0
    if fb == 2:  # remove: the first player removes one
        if first:
            w1 = 1
        else:
            w0 = 1
    elif fb == 3:  # both_remove
        w0 = 1
        w1 = 1
    else:  # mill_count (El Filja)
        m0 = _mills(G, s[_BB])
        m1 = _mills(G, s[_BB + 1])
        if m0 == 0 and m1 == 0:
            w0 = -1
            w1 = -1
        else:  # per side: its removals by its mills and the other's
            if m1 == 0:
                w0 = 2
            elif m0 == 0:
                w0 = 1
            elif m0 > m1:
                w0 = m1 + 1
            else:
                w0 = m0
            if m0 == 0:
                w1 = 2
            elif m1 == 0:
                w1 = 1
            elif m1 > m0:
                w1 = m0 + 1
            else:
                w1 = m1
    s[_OWE] = w0 + 8
    s[_OWE + 1] = w1 + 8
    z = 0
    if w0:
        z ^= g[_G_ZS + 24 + (w0 & 7)]
    if w1:
        z ^= g[_G_ZS + 32 + 24 + (w1 & 7)]
    return z
