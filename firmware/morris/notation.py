"""What the record readers share (record.py, sanmill.py): their error, and a
record's move tokens regrouped into turns by the rules.

The package's text input and output (this module, posread.py, record.py,
sanmill.py) imports the rules core (position.py, rules.py), never the
reverse. The core keeps its own text forms: move text (``split_move``,
``Position.move_text`` / ``parse_move``) and the position text
(``Position.text``; read by posread.py); ``split_move`` is re-exported here.
"""
from .position import NONE, REMOVAL, IllegalMoveError, move_captures, split_move  # noqa: F401
from .text import is_ascii_word, shown


class RecordError(IllegalMoveError):
    """A record that cannot be read: a bad tag, a malformed or an illegal move.

    A kind of ``IllegalMoveError`` (so a ValueError), with its attributes:
    ``turn`` (1-based turn of the bad move, or None for a bad tag / start
    position), ``move`` (the move text or None) and ``reason`` (short English
    reason, the rules core's for an illegal move); and ``move_number`` (the
    record's move number, as in ``12.``) and ``side`` ("white"/"black": the
    side whose turn it was, from the game, not from counting).
    """

    def __init__(self, reason, turn=None, move_number=None, side=None, move=None):
        if turn is None:
            msg = reason
        else:
            msg = "move %d%s (%s, %s): %s" % (move_number, "." if side == "white" else "...",
                                             side, move if is_ascii_word(move) else shown(move),
                                             reason)
        super(IllegalMoveError, self).__init__(msg)   # ValueError.__init__ (MicroPython has no ValueError.__init__)
        self.reason = reason
        self.turn = turn
        self.move_number = move_number
        self.side = side
        self.move = move


def pieces(moves):
    """``moves`` (texts) with every capture its own token (``d2xb4`` -> ``d2``, ``xb4``),
    lower case: what ``next_turn`` regroups by the rules."""
    out = []
    for tok in moves:
        parts = (tok.lower() if is_ascii_word(tok) else tok).split("x")
        if parts[0]:
            out.append(parts[0])
        for c in parts[1:]:
            out.append("x" + c)
    return out


def next_turn(pos, tokens, i):
    """(turn text, index after it): the turn of ``pos`` that starts at ``tokens[i]``.

    Capture tokens (``xb4``) that follow join it while the rules let them
    (Sanmill writes every removal as its own action; a removal-only turn,
    owed at a full board, starts with one). Classic rules always join them."""
    text = tokens[i]
    j = i + 1
    while j < len(tokens) and tokens[j][:1] in ("x", "X"):
        if pos._sp and not _extends(pos, text + tokens[j].lower()):
            break
        text += tokens[j].lower()
        j += 1
    return text, j


def _extends(pos, text):
    """True when ``text`` is a legal turn here or the start of one (captures still to come)."""
    try:
        frm, to, caps = split_move(pos.geo, text)
    except ValueError:
        return True  # let the move's own parse report it
    want = set(caps)
    for m in pos.legal_moves:
        if m & REMOVAL:
            if to != NONE:
                continue
        elif m & 31 != to or m >> 5 & 31 != frm:
            continue
        got = move_captures(m)
        if len(want) <= len(got) and not [c for c in want if c not in got]:
            return True
    return False
