"""Static evaluation of a Morris position for the side to move.

``evaluate(pos)`` returns an int in centi-stones (a stone on the board or in
hand is worth 100) from the point of view of ``pos.turn``; positive is good
for the side to move. It reads only ``pos.bb``, ``pos.count``, ``pos.hand``,
``pos.turn``, ``pos.geo`` and ``pos.rules`` (so every rule preset works) and
allocates nothing but small ints.

Terms (weights below, per phase): material (stones on board + in hand),
closed mills, open mills (two stones on a line, third point empty) that the
owner can close on the next move ("ready" threats), double threats (two or
more distinct ready closing points: the opponent can block only one),
fork points (an empty point on two lines that each hold one own stone and
nothing else: placing there makes a double threat), mobility and blocked
stones in the movement phase, and the phase itself (flying sides have no
mobility term; a side that cannot move at all is lost).
Sources: the rule set in docs/rules.md; the terms follow the usual
Nine Men's Morris evaluation features (e.g. Petcu & Holban, "Nine Men's
Morris evaluation function", 2008: closed mills, blocked pieces, pieces,
two-piece configurations, three-piece configurations, double mills).
"""
from morris.compat import const

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

_ADJB = {}
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
    empty = geo.full & ~(me | op)
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
