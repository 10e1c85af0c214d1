"""The engine board's side of learning mode's move quality (teach/judge.py): an
opponent's reply valued on the array board in viper code (``reply_value``; each
answer valued by the opponent's next chance to close a mill, ``closable``).
Uses engine/board.py's ``gen``, ``push``, ``pop``, ``terminal``, ``capturable``."""
from morris.compat import const
from .board import gen, push, pop, terminal, capturable
try:
    import micropython  # viper compiles ptr32 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32

# Offsets of engine/board.py's blocks, repeated because viper code needs
# constants of its own module (as engine/evaluate.py; tests/firmware/test_quality_judge.py
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

WIN = 100           # a won game (teach/judge.py)
_WIN = const(100)
_NEG = const(-1000)


@micropython.viper
def reply_value(S, G, M, r: int, beta: int, base: int) -> int:
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
