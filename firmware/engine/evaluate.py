"""Static evaluation for the side to move, as weighted features.

``score(S, G, W, F)`` (viper, machine code on the Pico) fills the feature
block ``F`` (NF small ints, mostly "mine minus the opponent's") from the
board state ``S`` and tables ``G`` (engine/board.py) and returns the dot
product with the weights of the current phase from ``W`` (placement
weights W[0:NF] while either side has stones in hand, movement weights
W[NF:2 NF]), in centi-stones from the side to move's view (a stone is 100).
A side to move that cannot slide any stone (no stones in hand, not flying,
no removals owed) scores -_LOST. engine/probe.py's ``evaluate(position)``
is the same for a morris.Position.

The terms are the same under every rule set: a marked point is neither
empty nor a mill chance, a line that can no longer pay for a side
(``mill_reuse``) makes it no two, stones in hand are material like stones
on the board (a stone taken from a hand counts as a capture) and removals
owed at a full board count as the stones they will take. The weights
differ by rule family (``family``: the nine-stone games, the twelve-stone
games with the diagonals, the games without flying, the games with marks,
the games whose placement mills do nothing),
``set_weights`` puts a family's into ``W``.

Features (F index: meaning):
  0 material: stones on the board and in hand
  1 closed mills
  2 open twos (two own stones on a line, third point empty) not closable next move
  3 ready points: empty points where the side closes a mill next move
  4 fork points (placement): empty points on two lines holding one own stone
    and nothing else (placing there makes a double threat)
  5 mobility: sliding moves of the side's stones (a flying side: 0); during
    placement this is the mobility the side will have when placement ends
    if nothing changes (the "potential")
  6 jammed stones: no empty neighbour now
  7 boxed stones: every neighbour is an opponent's stone (only a capture frees them)
  8 liberties: empty points next to the side's stones (where it can still move)
  9 tempo: the side to move can close a mill now (1 / 0)
 10 double threat against the side to move (it cannot close, the opponent has >= 2 ready points)
 11 the opponent flies and the side to move does not
 12 blockade danger (placement): the opponent's stones in hand could fill every
    liberty of the side (1 = the opponent is in that danger, -1 = the side to move is)
 13 the opponent cannot move at all (movement)
 14 running mills: closed mills with a stone that can step out (an empty neighbour, or
    flying) while no opponent stone stands next to its point, so the mill closes again
    next turn unless the opponent flies (during placement: the potential)
 15 sure closes: ready points (3) the opponent cannot block (no stone in hand, not
    flying, none of its stones next to the point)
 16 intervention chances (rules with intervention captures): empty middle points of
    lines whose two ends hold opponent stones, where the side can put a stone (in hand,
    flying, or an own stone next to it)
 17 cramped (movement): 1 when the opponent has at most _CRAMPED sliding moves, minus 1
    when the side to move has (a flying side is never cramped): near a blockade
Weights: ``WEIGHTS`` (material fixed at 100; see the note there on
tools/tune_weights.py, which fits them to self-play results). Sources: the usual Mill evaluation
features (Petcu & Holban 2008: mills, blocked pieces, pieces, two-piece
configurations, double mills); blockade terms from the issue-13 analysis
(our side blocked right after placement in 9 of 10 lost games).
"""
from array import array
from morris.compat import const
try:
    import micropython  # viper compiles ptr32 / ptr16 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython, ptr32

# Offsets of engine/board.py's blocks, repeated because viper code needs
# constants of its own module (tests/firmware/test_engine_board.py checks them).
_BB = const(0)
_HAND = const(2)
_CNT = const(4)
_TURN = const(6)
_USED = const(9)
_MARKS = const(18)
_OWE = const(19)
_G_N = const(0)
_G_FULL = const(1)
_G_FLY = const(2)
_G_REUSE = const(7)
_G_NLINES = const(12)
_G_ADJ = const(16)
_G_LINES = const(80)
_G_INTERV = const(213)
_G_MID = const(216)

NF = const(18)
_CRAMPED = const(2)  # sliding moves: at most this many and a side is cramped (feature 17)
_WBIAS = const(32768)
_LOST = const(5000)  # the side to move cannot move (movement phase)

F_MAT = const(0)
_F_MILLS = const(1)
_F_OPEN = const(2)
_F_READY = const(3)
_F_FORK = const(4)
_F_MOB = const(5)
_F_JAM = const(6)
_F_BOXED = const(7)
_F_LIBS = const(8)
F_TEMPO = const(9)
_F_DOUBLE = const(10)
_F_FLYOPP = const(11)
_F_DANGER = const(12)
_F_OPPBLK = const(13)
_F_RUN = const(14)
_F_SURE = const(15)
_F_INTERV = const(16)
F_CRAMP = const(17)


# Per rule family (``family``: 0 the nine-stone games, 1 the twelve-stone games
# with flying, 2 the games without flying, 3 the games with marks, 4 the games
# whose placement mills do nothing): placement
# weights, then movement weights (centi-stones per feature unit). _NINE was set
# by hand (issue 13); _DEEP (family 0), _NOFLY (2), _MARKSET (3) and _NOPLACE (4) are
# tools/tune_weights.py's fits to deep-search values of the family's positions
# (``--labels deep``), each kept after it won its match (docs/engine.md,
# "Weights"); family 1 keeps _NINE until a fit of its own wins. The last
# weight of each phase is feature 17 (cramped), added after those fits: 100 in
# _DEEP's movement weights by hand (measured in the suites and matches of issue
# 25), 0 elsewhere.
_NINE = (100, 14, 6, 18, 12, 3, -6, -10, 4, 70, -75, 0, 60, 0, 20, 0, 100, 0,
         100, 18, 10, 30, 0, 6, -6, -6, 2, 70, -75, -40, 0, 300, 60, 40, 100, 0)
_DEEP = (100, 14, 33, 18, 7, 19, -24, 25, -6, 70, -82, 0, -4, 0, 54, 0, 100, 0,
         100, 27, 21, 97, 0, -2, -25, 3, 10, 70, -4, 17, 0, 300, 108, 60, 100, 100)
_NOFLY = (100, 0, 5, 25, 3, 2, -19, 38, -1, 70, -46, 0, -1, 0, 3, 0, 147, 0,
          100, 63, 30, 65, 0, 15, -1, 1, -15, 70, -4, -40, 0, 300, 25, 62, 10, 0)
_NOPLACE = (100, 116, 23, -4, 8, 3, 5, -8, 8, 70, -72, 0, -11, 0, -14, 0, 100, 0,
            100, 1, 36, -31, 0, 6, -7, -17, 18, 70, -97, -40, 0, 300, 100, 117, 100, 0)
_MARKSET = (100, -37, -61, 19, 14, 3, 4, -4, 7, 70, -23, 0, -2, 0, 23, 0, 100, 0,
            100, -29, 3, -16, 0, 18, 1, 5, -17, 70, -52, -40, 0, 300, 49, 76, 100, 0)
WEIGHTS = (_DEEP, _NINE, _NOFLY, _MARKSET, _NOPLACE)


def family(rules):
    """The weights family (index of WEIGHTS) of ``rules`` (morris.Rules): 3 marks
    (placing_mill: mark), 4 placement mills do nothing (placing_mill: none, El
    Filja: the board fills and the mills standing then count), 2 no flying
    (fly_at 0), 1 twelve stones (a board that placement can fill), else 0 (the
    nine-stone games)."""
    if rules.placing_mill == "mark":
        return 3
    if rules.placing_mill == "none":
        return 4
    if rules.fly_at == 0:
        return 2
    if 2 * rules.stones >= rules.geo.n:
        return 1
    return 0


def set_weights(W, rules):
    """Write the weights of ``rules``' family into the weights block ``W`` (see ``weights``)."""
    values = WEIGHTS[family(rules)]
    for i in range(2 * NF):
        W[i] = values[i] + _WBIAS


def weights(rules=None, values=None):
    """The weights block for ``score``: array('i') of the 2 NF weights of ``rules``'
    family (the first family for None) or the given ``values``, each + _WBIAS
    (stored non-negative: viper's 32-bit loads do not sign-extend on 64-bit hosts)."""
    if values is None:
        values = WEIGHTS[0 if rules is None else family(rules)]
    return array("i", [v + _WBIAS for v in values])


@micropython.viper
def _side(G, me: int, op: int, empty: int) -> int:
    """Packed (mobility | jammed << 8 | boxed << 13 | liberties << 18) of ``me``'s stones."""
    g = ptr32(G)
    n = g[_G_N]
    mob = 0
    jam = 0
    box = 0
    libs = 0
    p = 0
    x = me
    while x and p < n:
        if x & 1:
            a = g[_G_ADJ + p]
            e = a & empty
            libs |= e
            if e:
                while e:
                    e &= e - 1
                    mob += 1
            else:
                jam += 1
                if a & op == a:
                    box += 1
        x >>= 1
        p += 1
    nl = 0
    while libs:
        libs &= libs - 1
        nl += 1
    return mob | jam << 8 | box << 13 | nl << 18


@micropython.viper
def score(S, G, W, F) -> int:
    """Evaluation of the position in ``S`` for the side to move (centi-stones);
    fills ``F`` with the features (see the module docstring)."""
    s = ptr32(S)
    g = ptr32(G)
    w = ptr32(W)
    f = ptr32(F)
    t = s[_TURN]
    o = 1 - t
    me = s[_BB + t]
    op = s[_BB + o]
    marks = s[_MARKS]
    empty = g[_G_FULL] & ~(me | op | marks)
    hm = s[_HAND + t]
    ho = s[_HAND + o]
    cm = s[_CNT + t]
    co = s[_CNT + o]
    fa = g[_G_FLY]
    fly_m = 0
    if fa > 0 and hm == 0 and cm == fa:
        fly_m = 1
    fly_o = 0
    if fa > 0 and ho == 0 and co == fa:
        fly_o = 1
    free_m = hm | fly_m
    free_o = ho | fly_o
    mills_m = 0
    mills_o = 0
    open_m = 0
    open_o = 0
    ready_m = 0
    ready_o = 0
    seen_m = 0
    seen_o = 0
    fork_m = 0
    fork_o = 0
    run_m = 0   # closed mills that can open and close again unblocked
    run_o = 0
    sure_m = 0  # ready points the opponent cannot block
    sure_o = 0
    nofill_o = 0  # the opponent cannot fill a point it has no stone next to
    if ho == 0 and not fly_o:
        nofill_o = 1
    nofill_m = 0
    if hm == 0 and not fly_m:
        nofill_m = 1
    reuse = g[_G_REUSE]
    used_m = s[_USED + t]
    used_o = s[_USED + o]
    nl = g[_G_NLINES]
    for li in range(nl):
        ln = g[_G_LINES + li]
        if ln & marks:
            continue
        a = me & ln
        b = op & ln
        dead_m = 0  # the line can no longer pay for me (mill_reuse)
        dead_o = 0
        if reuse == 1:
            dead_m = (used_m >> li) & 1
            dead_o = (used_o >> li) & 1
        elif reuse == 2:
            if not ln & ~used_m:
                dead_m = 1
            if not ln & ~used_o:
                dead_o = 1
        if a:
            if b:
                continue
            if a == ln:
                mills_m += 1
                if not fly_o:  # a stone steps out and back: can the opponent fill its point?
                    q = 0
                    y = ln
                    while y:
                        if y & 1:
                            ad = g[_G_ADJ + q]
                            if (fly_m or ad & empty) and not ad & op:
                                run_m += 1
                                break
                        y >>= 1
                        q += 1
            elif dead_m:
                continue
            elif a & (a - 1):
                e = ln ^ a
                q = 0
                y = e
                while not y & 1:
                    y >>= 1
                    q += 1
                near = 0
                if not free_m:  # an own stone next to the gap, not on this line
                    near = g[_G_ADJ + q] & me & ~ln
                if free_m or near:
                    ready_m |= e
                    if nofill_o and not g[_G_ADJ + q] & op:
                        sure_m |= e
                else:
                    open_m += 1
            else:
                e = ln ^ a
                fork_m |= seen_m & e
                seen_m |= e
        elif b:
            if b == ln:
                mills_o += 1
                if not fly_m:
                    q = 0
                    y = ln
                    while y:
                        if y & 1:
                            ad = g[_G_ADJ + q]
                            if (fly_o or ad & empty) and not ad & me:
                                run_o += 1
                                break
                        y >>= 1
                        q += 1
            elif dead_o:
                continue
            elif b & (b - 1):
                e = ln ^ b
                q = 0
                y = e
                while not y & 1:
                    y >>= 1
                    q += 1
                near = 0
                if not free_o:
                    near = g[_G_ADJ + q] & op & ~ln
                if free_o or near:
                    ready_o |= e
                    if nofill_m and not g[_G_ADJ + q] & me:
                        sure_o |= e
                else:
                    open_o += 1
            else:
                e = ln ^ b
                fork_o |= seen_o & e
                seen_o |= e
    x_sure = 0
    while sure_m:
        sure_m &= sure_m - 1
        x_sure += 1
    while sure_o:
        sure_o &= sure_o - 1
        x_sure -= 1
    x_interv = 0
    if g[_G_INTERV]:  # empty middle points between two opponent stones that a side can reach
        p = 0
        n = g[_G_N]
        while p < n:
            ml = g[_G_MID + p]
            if ml and (empty >> p) & 1:
                ad = g[_G_ADJ + p]
                li = 0
                hit_m = 0
                hit_o = 0
                while ml:
                    if ml & 1:
                        ends = g[_G_LINES + li] ^ (1 << p)
                        if op & ends == ends:
                            hit_m = 1
                        elif me & ends == ends:
                            hit_o = 1
                    ml >>= 1
                    li += 1
                if hit_m and (hm or fly_m or ad & me):
                    x_interv += 1
                if hit_o and (ho or fly_o or ad & op):
                    x_interv -= 1
            p += 1
    nrm = 0
    while ready_m:
        ready_m &= ready_m - 1
        nrm += 1
    nro = 0
    while ready_o:
        ready_o &= ready_o - 1
        nro += 1
    pm = int(_side(G, me, op, empty))
    po = int(_side(G, op, me, empty))
    mob_m = pm & 255
    mob_o = po & 255
    placing = hm | ho
    owe_m = s[_OWE + t] - 8   # removals owed: > 0 opponent stones, < 0 own stones
    owe_o = s[_OWE + o] - 8
    owing = owe_m | owe_o
    if not owing and hm == 0 and not fly_m and mob_m == 0:
        return -_LOST
    x_mat = cm + hm - co - ho + owe_m - owe_o
    x_mills = mills_m - mills_o
    x_open = open_m - open_o
    x_ready = nrm - nro
    nfm = 0
    nfo = 0
    if placing:
        if hm:
            x = fork_m & ~fork_o
            while x:
                x &= x - 1
                nfm += 1
        if ho:
            x = fork_o
            while x:
                x &= x - 1
                nfo += 1
    x_fork = nfm - nfo
    if fly_m:
        mob_m = 0
    if fly_o:
        mob_o = 0
    x_mob = mob_m - mob_o
    x_jam = ((pm >> 8) & 31) - ((po >> 8) & 31)
    x_boxed = ((pm >> 13) & 31) - ((po >> 13) & 31)
    lm = (pm >> 18) & 31
    lo = (po >> 18) & 31
    x_libs = lm - lo
    x_tempo = 0
    x_double = 0
    if nrm:
        x_tempo = 1
    elif nro >= 2:
        x_double = 1
    x_flyopp = 0
    if fly_o and not fly_m:
        x_flyopp = 1
    x_danger = 0
    if placing:
        if not fly_o and lo <= hm:
            x_danger += 1
        if not fly_m and lm <= ho:
            x_danger -= 1
    x_oppblk = 0
    if not placing and not owing and not fly_o and mob_o == 0:
        x_oppblk = 1
    x_cramp = 0
    if not placing:
        if not fly_o and mob_o <= _CRAMPED:
            x_cramp = 1
        if not fly_m and mob_m <= _CRAMPED:
            x_cramp -= 1
    f[F_MAT] = x_mat
    f[_F_MILLS] = x_mills
    f[_F_OPEN] = x_open
    f[_F_READY] = x_ready
    f[_F_FORK] = x_fork
    f[_F_MOB] = x_mob
    f[_F_JAM] = x_jam
    f[_F_BOXED] = x_boxed
    f[_F_LIBS] = x_libs
    f[F_TEMPO] = x_tempo
    f[_F_DOUBLE] = x_double
    f[_F_FLYOPP] = x_flyopp
    f[_F_DANGER] = x_danger
    f[_F_OPPBLK] = x_oppblk
    f[_F_RUN] = run_m - run_o
    f[_F_SURE] = x_sure
    f[_F_INTERV] = x_interv
    f[F_CRAMP] = x_cramp
    # weights are stored + _WBIAS: viper's 32-bit loads do not sign-extend on 64-bit hosts
    b = 0
    if not placing:
        b = NF
    return ((w[b] - _WBIAS) * x_mat + (w[b + 1] - _WBIAS) * x_mills + (w[b + 2] - _WBIAS) * x_open
            + (w[b + 3] - _WBIAS) * x_ready + (w[b + 4] - _WBIAS) * x_fork + (w[b + 5] - _WBIAS) * x_mob
            + (w[b + 6] - _WBIAS) * x_jam + (w[b + 7] - _WBIAS) * x_boxed + (w[b + 8] - _WBIAS) * x_libs
            + (w[b + 9] - _WBIAS) * x_tempo + (w[b + 10] - _WBIAS) * x_double
            + (w[b + 11] - _WBIAS) * x_flyopp + (w[b + 12] - _WBIAS) * x_danger
            + (w[b + 13] - _WBIAS) * x_oppblk + (w[b + 14] - _WBIAS) * (run_m - run_o)
            + (w[b + 15] - _WBIAS) * x_sure + (w[b + 16] - _WBIAS) * x_interv
            + (w[b + 17] - _WBIAS) * x_cramp)

