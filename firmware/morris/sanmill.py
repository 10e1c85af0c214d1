"""Sanmill's position text (FEN) in every historic layout, in and out (docs/records.md).

Apart from record.py so that the Pico compiles it only when a FEN is read or
written. Imports the core and notation.py (record.py imports this module
when a record starts from a FEN).
"""
from .position import Position, WHITE, BLACK, popcount
from .rules import Rules
from .notation import RecordError
from .posread import number
from .text import words, shown


# Sanmill's squares 8..31, ring by ring (inner, middle, outer), each ring
# clockwise from its top middle point; its FEN lists them in this order.
SANMILL_SQUARES = ("d5 e5 e4 e3 d3 c3 c4 c5 "
                   "d6 f6 f4 f2 d2 b2 b4 b6 "
                   "d7 g7 g4 g1 d1 a1 a4 a7").split()


def from_sanmill_fen(fen, rules=None):
    """A Position from Sanmill's FEN in any of its layouts (docs/variants.md,
    "Sanmill interchange"): board, side, phase, action, then 7, 8 or 13 counts
    (extension fields such as ``i:...`` after them are ignored).

    The board field is three rings of 8 points (inner, middle, outer), each
    from its top middle point clockwise, separated by '/': ``O`` white,
    ``@`` black, ``*`` empty, ``X`` marked (``placing_mill: mark``). The
    7-count form was written Black first until May 2021 and White first until
    January 2023: both readings are tried and the one whose counts match the
    board is kept; when both do and differ, the one whose stones in hand fit
    the side to move (White placed first); when that does not decide either,
    the text is refused as ambiguous. The 13-count form's last
    mill moves and used-mill points become ``no_return: mill`` bars and
    ``first_time_per_points`` memory. A position in the middle of a turn
    (action ``r``, a capture owed) is refused: a record starts between
    turns. ``rules`` defaults to standard. Raises RecordError naming the bad field.
    """
    r = Rules("standard") if rules is None else Rules.parse(rules) if isinstance(rules, str) else rules
    if not isinstance(fen, str):
        raise RecordError("a Sanmill FEN is text")
    f = words(fen)
    while len(f) > 4 and ":" in f[-1]:
        f.pop()  # extension fields of the current layout
    if not f:
        raise RecordError("Sanmill FEN is empty")
    rings = f[0].split("/")
    if len(rings) != 3 or [len(x) for x in rings] != [8, 8, 8]:
        raise RecordError("Sanmill FEN board must be three rings of 8 points separated by '/', got %s"
                          % shown(f[0]))
    if len(f) not in (11, 12, 17):
        raise RecordError("Sanmill FEN needs the board, side, phase, action and 7, 8 or 13 counts: "
                          "got %d fields" % len(f))
    geo = r.geo
    if geo.n != 24:
        raise RecordError("Sanmill FEN needs a 24-point board")
    bb = [0, 0]
    marks = 0
    chars = "".join(rings)
    for i in range(24):
        ch = chars[i]
        p = geo.index[SANMILL_SQUARES[i]]
        if ch == "O":
            bb[WHITE] |= 1 << p
        elif ch == "@":
            bb[BLACK] |= 1 << p
        elif ch == "X" and r.placing_mill == "mark":
            marks |= 1 << p
        elif ch != "*":
            raise RecordError("Sanmill FEN board: %s is not O, @, * (or X with marks)" % shown(ch))
    if f[1] not in ("w", "b"):
        raise RecordError("Sanmill FEN side to move must be w or b, got %s" % shown(f[1]))
    if f[2] not in ("r", "p", "m", "o"):
        raise RecordError("Sanmill FEN phase must be r, p, m or o, got %s" % shown(f[2]))
    if f[3] == "r":
        raise RecordError("Sanmill FEN in the middle of a turn (a capture owed) cannot start a record")
    if f[3] not in ("p", "s"):
        raise RecordError("Sanmill FEN action must be p, s or r, got %s" % shown(f[3]))
    nums = []
    for x in f[4:]:
        try:
            nums.append(number(x, 10, 20))   # the used-mill field is a 64-bit mask
        except ValueError:
            raise RecordError("Sanmill FEN counts must be numbers (digits 0-9): %s" % shown(" ".join(f[4:])))
    turn = WHITE if f[1] == "w" else BLACK
    on = [popcount(bb[0]), popcount(bb[1])]
    if len(nums) == 7:
        readings = []
        for name, w_on, w_hand, b_on, b_hand in (
                ("white first (May 2021 to January 2023)", nums[0], nums[1], nums[2], nums[3]),
                ("black first (until May 2021)", nums[2], nums[3], nums[0], nums[1])):
            if [w_on, b_on] == on and w_hand <= r.stones and b_hand <= r.stones:
                readings.append((name, w_hand, b_hand))
        if not readings:
            raise RecordError("Sanmill FEN stone counts (%s) do not match the board (%d white, %d black "
                              "on board) read white first or black first"
                              % (" ".join(f[4:8]), on[0], on[1]))
        if len(readings) == 2 and readings[0][1:] != readings[1][1:]:
            readings = [x for x in readings if _hands_fit(r, turn, x[1], x[2])] or readings
        if len(readings) == 2 and readings[0][1:] != readings[1][1:]:
            raise RecordError("Sanmill FEN is ambiguous: its 7 counts fit the board read %s (white %d, "
                              "black %d in hand) and %s (white %d, black %d in hand); give it in the "
                              "current 13-count layout" % (readings[0][0], readings[0][1], readings[0][2],
                                                           readings[1][0], readings[1][1], readings[1][2]))
        w_hand, b_hand = readings[0][1], readings[0][2]
        clock = nums[5]
    else:
        if [nums[0], nums[2]] != on:
            raise RecordError("Sanmill FEN stone counts (%d white, %d black on board) do not match the board"
                              % (nums[0], nums[2]))
        w_hand, b_hand = nums[1], nums[3]
        clock = nums[-2]
    forbid = ["-", "-"]
    used = [0, 0]
    if len(nums) == 13:
        for c in (0, 1):
            frm, to = nums[6 + 2 * c], nums[7 + 2 * c]
            if frm and to and r.no_return == "mill":
                if not (8 <= frm < 32 and 8 <= to < 32):
                    raise RecordError("Sanmill FEN last mill move squares must be 8..31")
                forbid[c] = SANMILL_SQUARES[to - 8] + "-" + SANMILL_SQUARES[frm - 8]
        if r.points_once:
            for c in (0, 1):
                sq = nums[10] >> (32 if c == WHITE else 0) & 0xFFFFFFFF
                for s in range(8, 32):
                    if sq >> s & 1:
                        used[c] |= 1 << geo.index[SANMILL_SQUARES[s - 8]]
    rows = []
    for row in geo.rows:
        rows.append("".join("W" if bb[0] >> p & 1 else "B" if bb[1] >> p & 1 else "X" if marks >> p & 1
                            else "." for p in row))
    text = "%s %s %s %d/%d %d/0 %x/%x %s/%s -" % (str(r), "/".join(rows), f[1], w_hand, b_hand, clock,
                                                used[0], used[1], forbid[0], forbid[1])
    try:
        return Position.from_text(text)
    except ValueError as e:
        raise RecordError("Sanmill FEN: %s" % e)


def _hands_fit(rules, turn, w_hand, b_hand):
    """True when stones in hand fit the side to move (White placed first, one stone a
    turn); always true for rules where hands shrink otherwise."""
    if rules.placing_mill == "hand" or rules.lasker or rules.first_player != "white":
        return True
    if not w_hand and not b_hand:
        return True
    return w_hand == b_hand if turn == WHITE else w_hand == b_hand - 1


def to_sanmill_fen(pos, fullmove=1):
    """Sanmill's FEN of ``pos`` in its current layout (13 counts), between turns."""
    idx = pos.geo.index
    if pos.geo.n != 24:
        raise RecordError("Sanmill's FEN has no layout for the %s board" % pos.geo.name)
    chars = []
    for i in range(24):
        p = idx[SANMILL_SQUARES[i]]
        chars.append("O" if pos.bb[0] >> p & 1 else "@" if pos.bb[1] >> p & 1
                     else "X" if pos.marks >> p & 1 else "*")
        if i in (7, 15):
            chars.append("/")
    t = pos.turn
    over = pos.outcome() is not None
    phase = "o" if over else "p" if pos.hand[t] else "m"
    action = "r" if pos.owe[t] else "p" if pos.hand[t] else "s"
    mill = []
    for c in (0, 1):
        f = pos.forbid[c]
        if f < 0 or pos.rules.no_return != "mill":
            mill += [0, 0]
        else:  # the bar holds the return T-F of the mill move F-T
            mill += [8 + SANMILL_SQUARES.index(pos.geo.names[f & 31]),
                     8 + SANMILL_SQUARES.index(pos.geo.names[f >> 5])]
    used = 0
    if pos.rules.points_once:
        for c in (0, 1):
            sq = 0
            for p in range(24):
                if pos.used[c] >> p & 1:
                    sq |= 1 << (8 + SANMILL_SQUARES.index(pos.geo.names[p]))
            used |= sq << (32 if c == WHITE else 0)
    return "%s %s %s %s %d %d %d %d %d %d %d %d %d %d %d %d %d" % (
        "".join(chars), "wb"[t], phase, action, pos.count[0], pos.hand[0], pos.count[1],
        pos.hand[1], abs(pos.owe[0]), abs(pos.owe[1]), mill[0], mill[1], mill[2], mill[3],
        used, pos.ncp, fullmove)


def is_sanmill_fen(text):
    """True when ``text`` (one line) looks like a Sanmill FEN rather than a move list."""
    f = words(text)
    return len(f) >= 11 and f[0].count("/") == 2 and len(f[0]) == 26
