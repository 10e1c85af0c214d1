"""Reading a settled board: which legal action, or which mistake, it shows.

Internal to the controller (see controller.py for the gestures). Every
reading is a pure function of the game position, the settled occupancy, the
order in which its points last changed (the path the hands took since the
last recorded move), the players and the pending remote move. A reading is a
``View``; its ``kind`` tells the controller what to show or do.

The path counts where occupancy alone cannot tell: a stone that came off
before the move that would capture it was put is missing, not captured; a
stone that came off before the move was finished is missing, not the next
player's lift; a guide leads only towards actions whose stones the hands
really moved (its put on a stone that is there), and a board that is three or
more points away from every such action is "far" (guided back to the position).
"""
from morris import NONE
from morris.position import REMOVAL  # a removal-only turn: REMOVAL | mask of the points emptied
from morris.compat import forget

# ---- the variants' hooks (docs/variants.md) ---------------------------------------
# The board's side of the variants' actions, kept small here (this module is always
# loaded); ``board.variant_ui`` and ``board.layout`` are loaded only for games that
# need them:
# - the points a move empties and fills (``masks``), for every kind of turn:
#   removal-only turns owed at a full board (``REMOVAL | mask``), a third
#   capture (``double_mill: each``), the two stones of an intervention;
# - marked points (``placing_mill: mark``) shown by their own LED meaning
#   until placement ends, a stone put there named as such (``variant_ui``);
# - a stone taken from a hand (``placing_mill: hand``): the board cannot see
#   hands, so after the placement it says whose hand and waits for "ok" (the
#   controller's state "hand", its message in ``variant_ui``);
# - removals owed at a full board: the stones that may go are lit as
#   captures, the message says who removes how many (``variant_ui``);
# - Six Men's Morris on the 24-point board: its 16 points are the middle and
#   inner squares; ``layout`` maps the physical points (switches, LEDs, in
#   the standard numbering) to the game's points and back, the outer square
#   dark and a stone on it shown as a stone to remove.
PHYS = 0xFFFFFF     # the 24 physical points


def masks(m):
    """(mask of the points move ``m`` empties: from-point and captures, mask of
    the point it fills: 0 for a removal-only turn)."""
    if m & REMOVAL:
        return m & PHYS, 0
    frm = m >> 5 & 31
    r = 0 if frm == NONE else 1 << frm
    for c in (m >> 10 & 31, m >> 15 & 31, (m >> 20 & 31) ^ 31):
        if c != NONE:
            r |= 1 << c
    return r, 1 << (m & 31)


def extras(pos):
    """The module ``board.variant_ui`` (marks, hand captures, full-board removals,
    their messages) when ``pos``'s rules have special options (loaded only then),
    else None."""
    if not pos.rules.special:
        return None
    from board import variant_ui
    return variant_ui


def layout(geo):
    """A ``board.layout.Layout`` for a board of fewer than 24 points (loaded only
    then), else None."""
    if geo.n >= 24:
        return None
    from board.layout import Layout
    return Layout(geo)


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


def set_bits(arr, mask, value):
    """``arr[i] = value`` for every point i of ``mask`` (no allocation)."""
    i = 0
    while mask:
        if mask & 1:
            arr[i] = value
        mask >>= 1
        i += 1


def latest(at, mask):
    """The latest change order ``at[i]`` over the points of ``mask`` (0 for none)."""
    out = 0
    i = 0
    while mask:
        if mask & 1 and at[i] > out:
            out = at[i]
        mask >>= 1
        i += 1
    return out


def came_after(at, mask, p):
    """True when every point of ``mask`` last changed no earlier than point ``p``."""
    t = at[p]
    i = 0
    while mask:
        if mask & 1 and at[i] < t:
            return False
        mask >>= 1
        i += 1
    return True


def mills_through(geo, stones, p):
    """Mask of the lines through point ``p`` that ``stones`` complete."""
    out = 0
    lines = geo.lines
    for li in geo.lines_at[p]:
        ln = lines[li]
        if stones & ln == ln:
            out |= ln
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
            r, a = masks(m)
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


FAR = 3     # a board this many points away from every legal reading is "far"


class View:
    """One reading of the settled board.

    kind: idle, lifted, capture, wait, remote, mistake, over, clear, restore, hand
    (a stone must leave a hand: the controller waits for "ok"),
    setup, or an action for the update loop: commit (shown as "pending" while
    a flight or a capture waits for its commit delay), start, undone, resumed,
    put_back. The other fields are class-level defaults, set on an instance
    only where a reading fills them (a reading allocates little).
    """
    delay = False   # commit: wait until the board has stayed so for commit_ms
    move = -1       # commit: the move; capture: the move "ok" plays (-1: none)
    frm = NONE
    to = NONE
    dests = 0       # lifted: legal destinations
    caps = 0        # capture: capturable stones; remote: captured stones
    done = 0        # capture: stones already captured this turn
    mill = 0        # capture: the mill(s) just formed
    bad_x = 0       # mistake: stones to remove
    bad_m = 0       # mistake: stones to put back
    what = ""
    code = ""       # mistake: reason code ("stray_stone", ...; stable, listed in
    #                 docs/board_controller.md; set where the mistake is worded)
    guide = None    # mistake: the legal view shown underneath
    remove = 0      # clear / restore / setup / over: stones to remove
    place_w = 0     # restore / setup: white stones to place
    place_b = 0

    def __init__(self, kind):
        self.kind = kind


def _names(pos, mask):
    names = pos.geo.names
    return [names[i] for i in range(len(names)) if mask >> i & 1]


def _stones(mask):
    """ "stone" for one point in ``mask``, "stones" for several (message wording)."""
    return "stones" if mask & (mask - 1) else "stone"


def _fix(pos, bx, bm):
    """ "remove the stone from X and put the stones back on Y Z" (either part may be absent)."""
    s = ""
    if bx:
        s = "remove the %s from %s" % (_stones(bx), " ".join(_names(pos, bx)))
        if bm:
            s += " and "
    if bm:
        s += "put the %s back on %s" % (_stones(bm), " ".join(_names(pos, bm)))
    return s


class Reader:
    """Reads settled boards for a pair of ``players`` (tuple of "human"/"remote").

    ``read(pos, S, info, remote)`` -> View, where ``info`` is ``info(pos)`` and
    ``remote`` the pending remote move int or -1. The path since the last
    recorded move: ``changed(mask)`` numbers each settled change (``at[i]``: the
    number of point i's last change, 0 for none since; changes that settle
    together share a number; past 255 changes they all count as together);
    ``forget()`` starts a new path (after every recorded move, undo, new game).
    """

    def __init__(self, players):
        self.players = players
        self.at = bytearray(24)
        self.seq = 0

    def changed(self, mask):
        """Note a settled change of the points of ``mask``."""
        if self.seq < 255:
            self.seq += 1
        set_bits(self.at, mask, self.seq)

    def forget(self):
        """Start a new path: no change since."""
        self.seq = 0
        at = self.at
        for i in range(24):
            at[i] = 0

    def read(self, pos, S, info, remote):
        """The View of settled occupancy ``S`` in ``pos`` (may be a "commit")."""
        if self.players[pos.turn] == HUMAN:
            return self._human(pos, S, info[0], info[1], info[2], True, self.at)
        return self._remote(pos, S, remote, self.at)

    def disturbed(self, pos, S):
        """The mistake view of a board to be put back to the position (after a sweep)."""
        bb = pos.bb
        E = bb[0] | bb[1]
        v = View("mistake")
        v.bad_x = S & ~E
        v.bad_m = E & ~S
        v.code = "disturbed"
        v.what = "Board disturbed: " + _fix(pos, v.bad_x, v.bad_m)
        return v

    def _next_ok(self, pos, m, S, at):
        """True when, after ``m``, the board ``S`` is a legal start of a human reply."""
        pos.push(m)
        try:
            if self.players[pos.turn] != HUMAN:
                return False
            over = pos.outcome()
            if over is not None:
                return False
            L, RM, AD = info(pos, None, over)
            k = self._human(pos, S, L, RM, AD, False, at).kind
            return k == "lifted" or k == "capture" or k == "commit"
        finally:
            pos.pop()

    def _remote(self, pos, S, remote, at):
        bb = pos.bb
        E = bb[0] | bb[1]
        if remote < 0:
            if S == E:
                return View("wait")
            v = self._mistake(pos, S, E, None, at)
            v.what = "Wait for %s's move: " % COLOURS[pos.turn] + _fix(pos, v.bad_x, v.bad_m)
            v.code = "wait_for_move"
            return v
        rm, ad = masks(remote)
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
        # a quick reply: one more change that settled no earlier than the end of
        # the remote move and starts a legal reply
        if (not d & (rm | ad) and pc(d) <= 2 and latest(at, d) >= latest(at, (S ^ E) & (rm | ad))
                and self._next_ok(pos, remote, S, at)):
            v = View("commit")
            v.move = remote
            return v
        v = View("mistake")
        v.guide = g
        v.bad_x = extra & ~ad
        v.bad_m = missing & ~rm
        v.code = "wrong_remote_move"
        v.what = "Carry out %s's move %s: " % (COLOURS[pos.turn], pos.move_text(remote)) + _fix(
            pos, v.bad_x, v.bad_m)
        return v

    def _human(self, pos, S, L, RM, AD, look, at):
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
            if not ad:      # a removal-only turn (``masks``): no put, no path
                if rm == missing:
                    complete = m
                else:
                    caps |= rm & ~missing
                    partial = m
                continue
            frm = m >> 5 & 31
            f = 0 if frm == NONE else 1 << frm
            if not extra:
                if f and missing == f:
                    dests |= ad
                    lifted = frm
                continue
            if missing & ~f and not came_after(at, missing & ~f, m & 31):
                continue    # that stone came off before the mill was made: no capture
            if rm == missing:
                complete = m
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
            # a flown stone dragged across the board rests on points on its way: a
            # flight without capture counts only after the commit delay; a capture
            # too, and a removal (a stone put straight back within it cancels it)
            if complete & REMOVAL or (complete >> 10 & 31) != NONE:
                v.delay = True
            else:
                v.delay = (complete >> 5 & 31) != NONE and pos.flying(pos.turn)
            return v
        if dests:
            v = View("lifted")
            v.frm = lifted
            v.dests = dests
            return v
        if look and self.players[1 - pos.turn] == HUMAN:
            # a quick reply: the move was completed and the next player already
            # lifted a stone before the completion settled on its own (the lift
            # settled no earlier than the move's last point: a stone that came
            # off before the move was finished is missing, not the next lift)
            found = -1
            n = 0
            for i in range(len(L)):
                rm = RM[i]
                ad = AD[i]
                C = (E & ~rm) | ad
                d = S ^ C
                if not d or d & (d - 1) or d & S or d & (rm | ad):
                    continue
                if latest(at, d) < latest(at, (S ^ E) & (rm | ad)):
                    continue
                m = L[i]
                head = m & 0x3FF
                ext = False
                for j in range(len(L)):
                    if (L[j] & 0x3FF) == head and RM[j] != rm and (RM[j] & rm) == rm:
                        ext = True
                        break
                if not ext and self._next_ok(pos, m, S, at):
                    found = m
                    n += 1
            if n == 1:
                v = View("commit")
                v.move = found
                return v
        return self._mistake(pos, S, E, (L, RM, AD), at)

    def _capture_view(self, pos, m, missing, caps):
        v = View("capture")
        v.caps = caps
        v.done = missing
        if masks(m)[1]:
            to = m & 31
            frm = m >> 5 & 31
            f = 0 if frm == NONE else 1 << frm
            v.frm = frm
            v.to = to
            v.done = missing & ~f
            v.mill = mills_through(pos.geo, (pos.bb[pos.turn] & ~f) | 1 << to, to)
        return v

    def _mistake(self, pos, S, E, info, at):
        """The mistake view: the nearest legal reading of ``S`` that the hands'
        path allows, and what differs from it; the position itself when every
        such reading is FAR or more points away."""
        from board.mistake import mistake  # imported for a mistake and dropped again (heap)
        try:
            return mistake(self, pos, S, E, info, at)
        finally:
            forget("board.mistake")
