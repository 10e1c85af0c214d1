"""What the board shows for the variants' own states (docs/variants.md): marked
points, the stones a removal owed at a full board may take, a stone to take
out of a hand, and the messages for them. Loaded by ``board.reading.extras`` only
for rules with special options.
"""
from board import leds
from board.reading import REMOVAL, PHYS

COLOURS = ("white", "black")
CAPS = ("White", "Black")


def paint(ctrl, k):
    """Paint, under the view ``k``'s own marks, the marked points (``placing_mill:
    mark``), the stones a removal owed at a full board may take (state idle),
    the mill that took a stone from a hand (state hand)."""
    mk = ctrl.pos.marks
    if mk:
        ctrl._paint(mk, leds.MARKED)
    if k == "idle" and ctrl.pos.owe[ctrl.pos.turn]:
        ctrl._paint(owed_caps(ctrl._L), leds.CAPTURE)
    elif k == "hand":
        ctrl._paint(ctrl._flash, leds.MILL)


def owed_caps(L):
    """Mask of the stones some removal-only turn of ``L`` (legal moves) removes."""
    out = 0
    for m in L:
        if m & REMOVAL:
            out |= m & PHYS
    return out


def explain(pos, v):
    """Reword mistake view ``v`` where a variant's rule is the reason (a stone put
    on a marked point: code "marked_point", docs/board_controller.md)."""
    if v.kind == "mistake" and v.bad_x & pos.marks:
        names = pos.geo.names
        bad = v.bad_x & pos.marks
        p = [names[i] for i in range(pos.geo.n) if bad >> i & 1]
        v.code = "marked_point"
        v.what = "%s is marked: no stone may go there until placement ends; remove it" % " ".join(p)


def message(ctrl):
    """The status message for a variant's state, or None (the classic wording applies)."""
    v = ctrl._view
    k = v.kind
    pos = ctrl.pos
    t = pos.turn
    if k == "hand":
        c = ctrl._take
        return ("Mill! Take one stone out of %s's hand (off the game), then press OK"
                % CAPS[c])
    owed = pos.owe[t]
    if owed and (k == "idle" or k == "capture"):
        if v.done:
            return "Full board: %s removes one more lit stone" % CAPS[t]
        if owed < 0:
            return "Full board: %s removes %d of its own lit stones" % (CAPS[t], -owed)
        return "Full board: %s removes %d of the lit %s stones" % (CAPS[t], owed, COLOURS[1 - t])
    if k == "capture" and not v.mill:
        return "Captured in between! Take the lit %s stones" % COLOURS[1 - t]
    if k == "idle" and pos.hand[t] and pos.rules.lasker:
        return "%s to place a stone (%d in hand) or move one" % (CAPS[t], pos.hand[t])
    return None
