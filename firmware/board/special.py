"""The board's side of the variants' actions (docs/variants.md).

Kept apart from the reading (reading.py) and the turn flow (controller.py)
so both stay as they are for the classic rules; the controller calls these
small functions where a variant's action differs (this module is always
loaded; ``variant_ui`` and ``layout`` only for games that need them):

- the points a move empties and fills (``masks``), for every kind of turn:
  removal-only turns owed at a full board (``REMOVAL | mask``), a third
  capture (``double_mill: each``), the two stones of an intervention;
- marked points (``placing_mill: mark``) shown by their own LED meaning
  until placement ends, a stone put there named as such (``variant_ui``);
- a stone taken from a hand (``placing_mill: hand``): the board cannot see
  hands, so after the placement it says whose hand and waits for "ok" (the
  controller's state "hand", its message in ``variant_ui``);
- removals owed at a full board: the stones that may go are lit as
  captures, the message says who removes how many (``variant_ui``);
- Six Men's Morris on the 24-point board: its 16 points are the middle and
  inner squares; ``layout`` maps the physical points (switches, LEDs, in
  the standard numbering) to the game's points and back, the outer square
  dark and a stone on it shown as a stone to remove.
"""
from morris import NONE
from morris.position import REMOVAL  # noqa: F401 (a removal-only turn; used by the board modules)

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
