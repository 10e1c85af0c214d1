"""Reading a settled board: which legal action, or which mistake, it shows.

Internal to the controller (see controller.py for the gestures). Every
reading is a pure function of the game position, the settled occupancy, the
players and the pending remote move, so the same board always means the same
thing. A reading is a ``View``; its ``kind`` tells the controller what to show
or do.
"""
from morris import NONE
from board.special import masks as _masks

HUMAN = "human"
COLOURS = ("white", "black")
CAPS = ("White", "Black")

_PC8 = bytes(bin(i).count("1") for i in range(256))


def pc(x):
    """Number of set bits of ``x`` (0 <= x < 2**24)."""
    t = _PC8
    return t[x & 255] + t[x >> 8 & 255] + t[x >> 16]


def low(x):
    """Index of the lowest set bit of ``x`` (> 0)."""
    i = 0
    while not x >> i & 1:
        i += 1
    return i


def mills_through(geo, stones, p):
    """Mask of the lines through point ``p`` that ``stones`` complete."""
    out = 0
    lines = geo.lines
    for li in geo.lines_at[p]:
        ln = lines[li]
        if stones & ln == ln:
            out |= ln
    return out


def threats(pos, c):
    """Mask of empty points where ``c`` could close a mill with one move (ignores no_return)."""
    geo = pos.geo
    me = pos.bb[c]
    occ = pos.bb[0] | pos.bb[1]
    free = pos.hand[c] > 0 or (pos.rules.fly_at > 0 and pos.count[c] == pos.rules.fly_at)
    out = 0
    for ln in geo.lines:
        mine = me & ln
        if pc(mine) != 2 or occ & ln & ~mine:
            continue
        q = ln & ~mine
        if free or geo.adj[low(q)] & me & ~ln:
            out |= q
    return out


def info(pos, out=None, over=-1):
    """(legal moves, removed masks, added masks) for ``pos``; removed = from + captures.

    ``out``: three lists to refill (kept between moves, so the heap does not
    fragment); ``over``: ``pos.outcome()`` when already known (None: the game goes
    on; an Outcome: no moves).
    """
    if out is None:
        out = ([], [], [])
    L, RM, AD = out
    L.clear()
    RM.clear()
    AD.clear()
    if over == -1:
        over = pos.outcome()
    if over is None:
        pos.generate(L)
    for m in L:
        if m > 0xFFFFF:   # a removal-only turn or a third capture
            r, a = _masks(m)
            RM.append(r)
            AD.append(a)
            continue
        frm = m >> 5 & 31
        c1 = m >> 10 & 31
        c2 = m >> 15 & 31
        r = 0
        if frm != NONE:
            r = 1 << frm
        if c1 != NONE:
            r |= 1 << c1
        if c2 != NONE:
            r |= 1 << c2
        RM.append(r)
        AD.append(1 << (m & 31))
    return out


class View:
    """One reading of the settled board.

    kind: idle, lifted, capture, wait, remote, mistake, over, clear, restore, hand
    (a stone must leave a hand: the controller waits for "ok"),
    setup, or an action for the update loop: commit (shown as "pending" while
    a flight waits for its commit delay), start, undone, resumed.
    """

    def __init__(self, kind):
        self.kind = kind
        self.delay = False   # commit: wait until the board has stayed so for commit_ms
        self.move = -1       # commit: the move; capture: the move "ok" plays (-1: none)
        self.frm = NONE
        self.to = NONE
        self.dests = 0       # lifted: legal destinations
        self.caps = 0        # capture: capturable stones; remote: captured stones
        self.done = 0        # capture: stones already captured this turn
        self.mill = 0        # capture: the mill(s) just formed
        self.bad_x = 0       # mistake: stones to remove
        self.bad_m = 0       # mistake: stones to put back
        self.what = ""
        self.guide = None    # mistake: the legal view shown underneath
        self.remove = 0      # clear / restore / setup / over: stones to remove
        self.place_w = 0     # restore / setup: white stones to place
        self.place_b = 0


def _names(pos, mask):
    names = pos.geo.names
    return [names[i] for i in range(len(names)) if mask >> i & 1]


def _stones(mask):
    """ "stone" for one point in ``mask``, "stones" for several (message wording)."""
    return "stones" if mask & (mask - 1) else "stone"


class Reader:
    """Reads settled boards for a pair of ``players`` (tuple of "human"/"remote").

    ``read(pos, S, info, remote)`` -> View, where ``info`` is ``info(pos)`` and
    ``remote`` the pending remote move int or -1.
    """

    def __init__(self, players):
        self.players = players

    def read(self, pos, S, info, remote):
        """The View of settled occupancy ``S`` in ``pos`` (may be a "commit")."""
        return self._play(pos, S, info[0], info[1], info[2], remote, True)

    def _play(self, pos, S, L, RM, AD, remote, look):
        if self.players[pos.turn] == HUMAN:
            return self._human(pos, S, L, RM, AD, look)
        return self._remote(pos, S, remote, look)

    def _next_ok(self, pos, m, S):
        """True when, after ``m``, the board ``S`` is a legal start of a human reply."""
        pos.push(m)
        try:
            if self.players[pos.turn] != HUMAN:
                return False
            over = pos.outcome()
            if over is not None:
                return False
            L, RM, AD = info(pos, None, over)
            k = self._human(pos, S, L, RM, AD, False).kind
            return k == "lifted" or k == "capture" or k == "commit"
        finally:
            pos.pop()

    def _remote(self, pos, S, remote, look):
        bb = pos.bb
        E = bb[0] | bb[1]
        if remote < 0:
            if S == E:
                return View("wait")
            v = self._mistake(pos, S, E, None)
            v.what = "Wait for %s's move: " % COLOURS[pos.turn] + v.what
            return v
        rm, ad = _masks(remote)
        frm = NONE if ad == 0 else remote >> 5 & 31
        to = NONE if ad == 0 else remote & 31
        caps = rm & ~(0 if frm == NONE else 1 << frm)
        C = (E & ~rm) | ad
        if S == C:
            v = View("commit")
            v.move = remote
            return v
        missing = E & ~S
        extra = S & ~E
        g = View("remote")
        g.frm = frm
        g.to = to
        g.caps = caps
        g.move = remote
        if not (missing & ~rm) and not (extra & ~ad):
            return g
        d = S ^ C
        if look and not d & (rm | ad) and pc(d) <= 2 and self._next_ok(pos, remote, S):
            v = View("commit")
            v.move = remote
            return v
        v = View("mistake")
        v.guide = g
        v.bad_x = extra & ~ad
        v.bad_m = missing & ~rm
        s = "Carry out %s's move %s: " % (COLOURS[pos.turn], pos.move_text(remote))
        if v.bad_x:
            s += "remove the %s from %s" % (_stones(v.bad_x), " ".join(_names(pos, v.bad_x)))
            if v.bad_m:
                s += " and "
        if v.bad_m:
            s += "put the %s back on %s" % (_stones(v.bad_m), " ".join(_names(pos, v.bad_m)))
        v.what = s
        return v

    def _human(self, pos, S, L, RM, AD, look):
        bb = pos.bb
        E = bb[0] | bb[1]
        if S == E:
            return View("idle")
        missing = E & ~S
        extra = S & ~E
        complete = -1
        partial = -1
        dests = 0
        caps = 0
        lifted = NONE
        for i in range(len(L)):
            rm = RM[i]
            ad = AD[i]
            if missing & ~rm or extra & ~ad:
                continue
            m = L[i]
            if rm == missing and ad == extra:
                complete = m
                continue
            frm = m >> 5 & 31
            f = 0 if frm == NONE else 1 << frm
            if not extra:
                if f and missing == f:
                    dests |= ad
                    lifted = frm
                elif not ad:    # a removal-only turn begun
                    caps |= rm & ~missing
                    partial = m
            elif (missing & f) == f:
                caps |= rm & ~missing
                partial = m
        if partial >= 0:
            v = self._capture_view(pos, partial, missing, caps)
            v.move = complete
            return v
        if complete >= 0:
            v = View("commit")
            v.move = complete
            # a flown stone dragged across the board rests on points on its way:
            # a flight without capture counts only after the commit delay
            v.delay = (complete >> 10 & 31) == NONE and (complete >> 5 & 31) != NONE \
                and pos.flying(pos.turn)
            return v
        if dests:
            v = View("lifted")
            v.frm = lifted
            v.dests = dests
            return v
        if look and self.players[1 - pos.turn] == HUMAN:
            # a quick reply: the move was completed and the next player already
            # lifted a stone before the completion settled on its own
            found = -1
            n = 0
            for i in range(len(L)):
                rm = RM[i]
                ad = AD[i]
                C = (E & ~rm) | ad
                d = S ^ C
                if not d or d & (d - 1) or d & S or d & (rm | ad):
                    continue
                m = L[i]
                head = m & 0x3FF
                ext = False
                for j in range(len(L)):
                    if (L[j] & 0x3FF) == head and RM[j] != rm and (RM[j] & rm) == rm:
                        ext = True
                        break
                if not ext and self._next_ok(pos, m, S):
                    found = m
                    n += 1
            if n == 1:
                v = View("commit")
                v.move = found
                return v
        return self._mistake(pos, S, E, (L, RM, AD))

    def _capture_view(self, pos, m, missing, caps):
        v = View("capture")
        v.caps = caps
        v.done = missing
        if _masks(m)[1]:
            to = m & 31
            frm = m >> 5 & 31
            f = 0 if frm == NONE else 1 << frm
            v.frm = frm
            v.to = to
            v.done = missing & ~f
            v.mill = mills_through(pos.geo, (pos.bb[pos.turn] & ~f) | 1 << to, to)
        return v

    def _mistake(self, pos, S, E, info):
        """The mistake view: the nearest legal reading of ``S`` and what differs from it."""
        bb = pos.bb
        t = pos.turn
        own = bb[t]
        opp = bb[1 - t]
        best = E
        bd = pc(S ^ E)
        kind = 0      # 0: the position, 1: a lifted stone, 2: a move's put (+ captures)
        ref = -1
        if info is not None:
            L, RM, AD = info
            seen = 0
            for i in range(len(L)):
                if bd <= 1:
                    break       # nothing can come nearer: S itself is no legal state
                m = L[i]
                frm = m >> 5 & 31 if AD[i] else NONE
                f = 0 if frm == NONE else 1 << frm
                if f and not seen & f:
                    seen |= f
                    R = E & ~f
                    d = pc(S ^ R)
                    if d < bd:
                        best, bd, kind, ref = R, d, 1, m
                R = (E & ~f) | AD[i]
                d = pc(S ^ R)
                if d < bd:
                    best, bd, kind, ref = R, d, 2, m
                if RM[i] != f:
                    caps = RM[i] & ~f
                    C = R & ~caps
                    d = pc(S ^ C)
                    if d < bd:
                        best, bd, kind, ref = C, d, 2, m
                    if caps & (caps - 1):
                        c = caps & -caps
                        for part in (c, caps & ~c):
                            C = R & ~part
                            d = pc(S ^ C)
                            if d < bd:
                                best, bd, kind, ref = C, d, 2, m
        v = View("mistake")
        bx = S & ~best
        bm = best & ~S
        v.bad_x = bx
        v.bad_m = bm
        nx = " ".join(_names(pos, bx))
        nm = " ".join(_names(pos, bm))
        if kind == 1:
            frm = ref >> 5 & 31
            L, RM, AD = info
            g = View("lifted")
            g.frm = frm
            for i in range(len(L)):
                if (L[i] >> 5 & 31) == frm:
                    g.dests |= AD[i]
            v.guide = g
            if bx and not bm:
                v.what = "%s is not a legal destination: put the stone on a lit point or back on %s" % (
                    nx, pos.geo.names[frm])
            elif bm and not bx:
                v.what = "Two stones up at once: put the stone back on %s" % nm
            else:
                v.what = "Remove the %s from %s and put the %s back on %s" % (_stones(bx), nx, _stones(bm), nm)
            return v
        if kind == 2:
            L, RM, AD = info
            frm = ref >> 5 & 31 if _masks(ref)[1] else NONE
            f = 0 if frm == NONE else 1 << frm
            head = ref & 0x3FF if _masks(ref)[1] else -1
            caps = 0
            for i in range(len(L)):
                if (L[i] & 0x3FF) == head if head >= 0 else not AD[i]:
                    caps |= RM[i] & ~f
            g = self._capture_view(pos, ref, (E & ~S) & caps, caps & S)
            v.guide = g
            if bm & opp and not bx:
                if caps:
                    v.what = "Protected stone: put it back on %s and take a lit stone" % nm
                else:
                    v.what = "No capture now: put the stone back on %s" % nm
            elif bm & own and not bx:
                v.what = "That is your own stone: put it back on %s" % nm
            elif bx and not bm:
                v.what = "Stone where none should be: remove it from %s" % nx
            else:
                v.what = "Remove the %s from %s and put the %s back on %s" % (_stones(bx), nx, _stones(bm), nm)
            return v
        if bm and not bx:
            if bm & (bm - 1):
                v.what = "Two stones up at once: put them back on %s" % nm
            elif bm & opp:
                v.what = "That is %s's stone: put it back on %s" % (COLOURS[1 - t], nm)
            elif pos.hand[t]:
                v.what = "%s still has stones in hand: put this one back on %s and place a new one" % (
                    CAPS[t], nm)
            else:
                v.what = "This stone cannot move: put it back on %s" % nm
        elif bx and not bm:
            if bx & (bx - 1):
                v.what = "Stones where none should be: remove them from %s" % nx
            else:
                v.what = "Stone where none should be: remove it from %s" % nx
        else:
            v.what = "Remove the %s from %s and put the %s back on %s" % (_stones(bx), nx, _stones(bm), nm)
        return v

