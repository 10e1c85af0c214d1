"""Wording a mistake (``Reader._mistake``): the nearest legal reading the hands' path
allows and what differs from it, with its reason code (docs/board_controller.md,
"Mistake codes"). Imported for a mistake reading and dropped again, so its texts are
not kept in the heap while the game goes right."""
from morris import NONE
from board.reading import (View, FAR, COLOURS, CAPS, pc, came_after, latest, masks, _names,
                           _stones)


def mistake(r, pos, S, E, info, at):
    """``Reader._mistake`` for reader ``r``. Of equally near readings the one whose
    differences are the latest changes wins: the hand's last change is the mistake,
    not the one before it (a stone put on an empty point while a capture is pending
    is the stray one, not the mill's)."""
    bb = pos.bb
    t = pos.turn
    own = bb[t]
    opp = bb[1 - t]
    best = E
    bd = pc(S ^ E)
    bt = latest(at, S ^ E)
    top = latest(at, S | E)
    kind = 0      # 0: the position, 1: a lifted stone, 2: a move's put (+ captures)
    ref = -1
    if info is not None:
        L, RM, AD = info
        seen = 0
        for i in range(len(L)):
            if bd <= 1 and bt >= top:
                break       # nothing can come nearer: S itself is no legal state
            m = L[i]
            frm = m >> 5 & 31 if AD[i] else NONE
            f = 0 if frm == NONE else 1 << frm
            if f & S:
                continue    # the stone to move is still on its point
            if f and not seen & f:
                seen |= f
                R = E & ~f
                d = pc(S ^ R)
                if d < bd or d == bd and latest(at, S ^ R) > bt:
                    best, bd, bt, kind, ref = R, d, latest(at, S ^ R), 1, m
            ad = AD[i]
            if ad and not ad & S:
                continue    # no stone was put where this move goes
            R = (E & ~f) | ad
            d = pc(S ^ R)
            if d < bd or d == bd and latest(at, S ^ R) > bt:
                best, bd, bt, kind, ref = R, d, latest(at, S ^ R), 2, m
            caps = RM[i] & ~f
            if caps:
                # the move with its captures, or with one of two: only stones
                # that are off and came off after the put count as captured (a
                # removal-only turn has no put)
                c = caps & -caps
                for part in (caps, c, caps & ~c):
                    if part and not part & S and (not ad or came_after(at, part, m & 31)):
                        C = R & ~part
                        d = pc(S ^ C)
                        if d < bd or d == bd and latest(at, S ^ C) > bt:
                            best, bd, bt, kind, ref = C, d, latest(at, S ^ C), 2, m
    if bd >= FAR:
        return r.disturbed(pos, S)
    v = View("mistake")
    bx = S & ~best
    bm = best & ~S
    v.bad_x = bx
    v.bad_m = bm
    nx = " ".join(_names(pos, bx))
    nm = " ".join(_names(pos, bm))
    both = "Remove the %s from %s and put the %s back on %s" % (_stones(bx), nx, _stones(bm), nm)
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
            v.code = "illegal_destination"
            v.what = "%s is not a legal destination: put the stone on a lit point or back on %s" % (
                nx, pos.geo.names[frm])
        elif bm and not bx:
            v.code = "two_up"
            v.what = "Two stones up at once: put the stone back on %s" % nm
        else:
            v.code = "misplaced"
            v.what = both
        return v
    if kind == 2:
        L, RM, AD = info
        frm = ref >> 5 & 31 if masks(ref)[1] else NONE
        f = 0 if frm == NONE else 1 << frm
        head = ref & 0x3FF if masks(ref)[1] else -1
        caps = 0
        for i in range(len(L)):
            if (L[i] & 0x3FF) == head if head >= 0 else not AD[i]:
                caps |= RM[i] & ~f
        done = (E & ~S) & caps & ~bm
        g = r._capture_view(pos, ref, done, caps & S)
        v.guide = g
        if bm & opp and not bx:
            if bm & caps:
                v.code = "off_before_mill"
                v.what = "That stone came off before the mill: put it back on %s, then take a lit stone" % nm
            elif caps:
                v.code = "protected_stone"
                v.what = "Protected stone: put it back on %s and take a lit stone" % nm
            else:
                v.code = "no_capture"
                v.what = "No capture now: put the stone back on %s" % nm
        elif bm & own and not bx:
            v.code = "own_stone"
            v.what = "That is your own stone: put it back on %s" % nm
        elif bx and not bm:
            v.code = "stray_stone"
            v.what = "Stone where none should be: remove it from %s" % nx
        else:
            v.code = "misplaced"
            v.what = both
        return v
    if bm and not bx:
        if bm & (bm - 1):
            v.code = "two_up"
            v.what = "Two stones up at once: put them back on %s" % nm
        elif bm & opp:
            v.code = "wrong_colour"
            v.what = "That is %s's stone: put it back on %s" % (COLOURS[1 - t], nm)
        elif pos.hand[t]:
            v.code = "in_hand"
            v.what = "%s still has stones in hand: put this one back on %s and place a new one" % (
                CAPS[t], nm)
        else:
            v.code = "cannot_move"
            v.what = "This stone cannot move: put it back on %s" % nm
    elif bx and not bm:
        v.code = "stray_stone"
        if bx & (bx - 1):
            v.what = "Stones where none should be: remove them from %s" % nx
        else:
            v.what = "Stone where none should be: remove it from %s" % nx
    else:
        v.code = "misplaced"
        v.what = both
    return v
