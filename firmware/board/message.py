"""The status message of the board (``Display.status()["message"]``): short English
instructions for a user interface (the board itself shows LEDs only). Imported
for a status and dropped again, so its texts are not kept in the heap."""
from board.display import CAPS, COLOURS
from board.reading import extras, pc


def message(c):
    """The message for controller ``c``'s current view."""
    if c._aside is not None:      # the saved game was set aside at power-up
        return "The saved game could not be resumed (%s); it is kept as %s. Press a button" % c._aside
    v = c._view
    k = v.kind
    pos = c.pos
    t = pos.turn
    who = CAPS[t]
    names = pos.geo.names
    x = extras(pos)
    s = x.message(c) if x is not None else None
    if s is None and c.teacher is not None:
        s = c.teacher.message(c)
    if s is not None:
        return s
    if k == "idle":
        if pos.hand[t]:
            return "%s to place a stone (%d in hand)" % (who, pos.hand[t])
        if pos.flying(t):
            return "%s flies: lift a stone" % who
        return "%s to move: lift a stone" % who
    if k == "lifted":
        return "Put the stone on a lit point, or back on %s" % names[v.frm]
    if k == "pending":
        return "%s plays %s" % (who, pos.move_text(v.move))
    if k == "capture":
        s = "Mill! Take a lit %s stone" % COLOURS[1 - t]
        if v.done:
            s = "Take one more lit %s stone" % COLOURS[1 - t]
        if v.move >= 0:
            s += ", or press ok to skip"
        return s
    if k == "wait":
        return "%s's move is coming: wait" % who
    if k == "remote":
        return "Make %s's move %s as lit" % (who, pos.move_text(c.remote))
    if k == "mistake":
        return v.what
    if k == "over":
        r = c.result
        if r.winner is None:
            s = "Draw (%s)" % r.reason
        elif r.reason == "resignation":     # the loser gave up, not the winner
            s = "%s wins (%s resigned)" % (CAPS[r.winner], CAPS[1 - r.winner])
        else:
            s = "%s wins (%s)" % (CAPS[r.winner], r.reason)
        return s + ". Clear the board for a new game"
    if k == "clear":
        n = pc(v.remove)
        if c.moves and c.result is None:
            return ("New game? Clear the board. Or press hint: %s resigns; undo: draw agreed;"
                    " ok: play on" % who)
        if n == 1:
            return "New game: remove the lit stone (press OK to cancel)"
        return "New game: remove the %d lit stones (press OK to cancel)" % n
    if k == "restore":
        return ("Undo: set the stones as lit - remove the ones blinking red, put white stones"
                " on white lights, black stones on violet lights (press OK to cancel)")
    if k == "setup":
        return "Saved game: set the stones as lit to resume (new starts a new game)"
    return ""
