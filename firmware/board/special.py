"""The board's side of the variants' actions (docs/variants.md).

Kept apart from the reading (reading.py) and the turn flow (controller.py)
so both stay as they are for the classic rules; the controller calls these
small functions where a variant's action differs:

- the points a move empties and fills (``masks``), for every kind of turn:
  removal-only turns owed at a full board (``REMOVAL | mask``), a third
  capture (``double_mill: each``), the two stones of an intervention;
- marked points (``placing_mill: mark``) shown by their own LED meaning
  until placement ends (``paint_marks``), a stone put there named as such;
- a stone taken from a hand (``placing_mill: hand``): the board cannot see
  hands, so after the placement it says whose hand and waits for "ok"
  (``hand_taken``; the controller's state "hand");
- removals owed at a full board: the stones that may go are lit as
  captures, the message says who removes how many (``message``);
- Six Men's Morris on the 24-point board: its 16 points are the middle and
  inner squares; ``layout`` maps the physical points (switches, LEDs, in
  the standard numbering) to the game's points and back, the outer square
  dark and a stone on it shown as a stone to remove.
"""
from morris import NONE
from board import leds

REMOVAL = 1 << 29   # morris.position.REMOVAL (a removal-only turn)
PHYS = 0xFFFFFF     # the 24 physical points
COLOURS = ("white", "black")
CAPS = ("White", "Black")


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


def paint_marks(ctrl):
    """Paint the marked points of the game (``placing_mill: mark``) on ``ctrl``'s codes."""
    mk = ctrl.pos.marks
    if mk:
        ctrl._paint(mk, leds.MARKED)


def owed_caps(L):
    """Mask of the stones some removal-only turn of ``L`` (legal moves) removes."""
    out = 0
    for m in L:
        if m & REMOVAL:
            out |= m & PHYS
    return out


def explain(pos, v):
    """Reword mistake view ``v`` where a variant's rule is the reason (a stone put
    on a marked point)."""
    if v.kind == "mistake" and v.bad_x & pos.marks:
        names = pos.geo.names
        bad = v.bad_x & pos.marks
        p = [names[i] for i in range(pos.geo.n) if bad >> i & 1]
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
        n = -owed if owed < 0 else owed
        whose = "your own" if owed < 0 else COLOURS[1 - t]
        s = "Full board: %s removes %d of %s stones (lit)" % (CAPS[t], n, whose)
        if v.done:
            s = "Full board: %s takes one more lit stone" % CAPS[t]
        return s
    if k == "capture" and not v.mill:
        return "Captured in between! Take the lit %s stones" % COLOURS[1 - t]
    if k == "idle" and pos.hand[t] and pos.rules.lasker:
        return "%s to place a stone (%d in hand) or move one" % (CAPS[t], pos.hand[t])
    return None


def layout(geo):
    """A ``board.layout.Layout`` for a board of fewer than 24 points (loaded only
    then), else None."""
    if geo.n >= 24:
        return None
    from board.layout import Layout
    return Layout(geo)
