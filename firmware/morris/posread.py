"""Reading the one-line position text (its format: position.py's docstring).

Apart from the core because only ``Position.from_text`` needs it (loading a
saved position, a record's Position tag): the Pico compiles it only then
(the package's hook loads it, morris/__init__.py). Imports the core only.
"""
from .position import NONE, NOMOVE, WHITE, BLACK, popcount, split_move
from .rules import Rules
from .text import words, shown

_HEX = "0123456789abcdefABCDEF"


def number(text, base=10, most=9):
    """int of ``text``: at most ``most`` ASCII digits (hexadecimal for ``base`` 16);
    ValueError otherwise (``int()`` also takes signs, underscores and, on
    CPython, any Unicode digit)."""
    digits = _HEX if base == 16 else _HEX[:10]
    if not text or len(text) > most:
        raise ValueError("not a number")
    for ch in text:
        if ch not in digits:
            raise ValueError("not a number")
    return int(text, base)


def _ints(field, name, lo, hi, base=10):
    parts = field.split("/")
    if len(parts) != 2:
        raise ValueError("position field %s must be a/b, got %s" % (name, shown(field)))
    try:
        vals = [number(p, base) for p in parts]
    except ValueError:
        raise ValueError("position field %s must hold numbers, got %s" % (name, shown(field)))
    for v in vals:
        if not lo <= v <= hi:
            raise ValueError("position field %s out of range: %s" % (name, shown(field)))
    return vals


def parse_position(cls, text):
    """Build a ``cls`` (Position) from the one-line text; raises ValueError naming the field."""
    if not isinstance(text, str) or len(text) > 4000:
        raise ValueError("position text must be a string of at most 4000 characters")
    f = words(text)
    if len(f) not in (8, 9):
        raise ValueError("position text needs 8 fields (9 with removals owed), got %d" % len(f))
    rules = Rules.parse(f[0])
    geo = rules.geo
    pos = cls(rules)
    rows = f[1].split("/")
    if len(rows) != len(geo.rows):
        raise ValueError("position board needs %d rows, got %s" % (len(geo.rows), shown(f[1])))
    bb = [0, 0]
    marks = 0
    for row, chars in zip(geo.rows, rows):
        if len(chars) != len(row):
            raise ValueError("position board row %s needs %d points" % (shown(chars), len(row)))
        for p, ch in zip(row, chars):
            if ch == "W":
                bb[0] |= 1 << p
            elif ch == "B":
                bb[1] |= 1 << p
            elif ch == "X" and rules.placing_mill == "mark":
                marks |= 1 << p
            elif ch != ".":
                raise ValueError("position board: bad character %s (use W, B%s or .)"
                                 % (shown(ch), ", X" if rules.placing_mill == "mark" else ""))
    if f[2] not in ("w", "b"):
        raise ValueError("position side to move must be w or b, got %s" % shown(f[2]))
    hand = _ints(f[3], "in hand", 0, rules.stones)
    ncp, p33 = _ints(f[4], "clocks", 0, 100000)
    used = _ints(f[5], "used lines", 0, (1 << (geo.n if rules.points_once else len(geo.lines))) - 1, 16)
    forbid = []
    for part in _split2(f[6], "no-return"):
        if part == "-":
            forbid.append(NOMOVE)
        else:
            ends = part.split("-")
            if len(ends) != 2 or ends[0] not in geo.index or ends[1] not in geo.index:
                raise ValueError("position no-return bar must be '-' or like 'd3-d2', got %s" % shown(part))
            if not rules.no_ret:
                raise ValueError("position no-return bar %s needs rules with no_return (these have none)"
                                 % shown(part))
            forbid.append(geo.index[ends[0]] << 5 | geo.index[ends[1]])
    pos.bb = bb
    pos.count = [popcount(bb[0]), popcount(bb[1])]
    for c in (0, 1):
        if pos.count[c] + hand[c] > rules.stones:
            raise ValueError("position has more %s stones than the rules allow" % ("white", "black")[c])
    pos.hand = hand
    pos.turn = WHITE if f[2] == "w" else BLACK
    pos.ncp = ncp
    pos.p33 = p33
    pos.used = used
    pos.forbid = forbid
    if marks:
        pos.marks = marks
    if len(f) == 9:
        pos.owe = _owed(f[8], rules, pos.count)
    pos._rehash()
    pos.hist = _history(pos, f[7])
    if len(pos.hist) // 2 - 1 > ncp:
        raise ValueError("position history is longer than the turns since the last capture")
    return pos


def _owed(field, rules, count):
    """Field 9, removals owed at a full board (``white/black``): only in rules whose full
    board owes removals (``full_board`` remove or both_remove: one opponent stone at the
    most; mill_count: up to 12, or ``1o``, one own stone), and only of stones on the
    board. Returns [white, black] (negative: own stones); raises ValueError."""
    fb = rules.full_board
    if fb not in ("remove", "both_remove", "mill_count") or 2 * rules.stones < rules.geo.n:
        raise ValueError("position removals owed %s: these rules never owe removals" % shown(field))
    most = 12 if fb == "mill_count" else 1
    owe = []
    for c, part in enumerate(_split2(field, "removals owed")):
        own = part.endswith("o")
        try:
            k = number(part[:-1] if own else part)
        except ValueError:
            k = -1
        if not 0 <= k <= most or (own and (k != 1 or fb != "mill_count")):
            raise ValueError("position removals owed must be like %s, got %s"
                             % ("2/1 or 1o/1o" if fb == "mill_count" else "1/0", shown(field)))
        if k and not count[c if own else 1 - c]:
            raise ValueError("position removals owed %s: no such stone on the board" % shown(field))
        owe.append(-k if own else k)
    return owe


def _split2(field, name):
    parts = field.split("/")
    if len(parts) != 2:
        raise ValueError("position field %s must be a/b, got %s" % (name, shown(field)))
    return parts


def _history(pos, field):
    """Repetition keys for the history moves, undoing them from the current position."""
    keys = [pos.exact_key()]
    if field == "-":
        return [keys[0][0], keys[0][1]]
    geo = pos.geo
    bb = list(pos.bb)
    hand = list(pos.hand)
    for text in reversed(field.split(",")):
        frm, to, caps = split_move(geo, text)
        # the stone on ``to`` tells who moved (the same side may move twice
        # running: ``defender_first``)
        mover = WHITE if bb[WHITE] >> to & 1 else BLACK
        if caps:
            raise ValueError("position history holds a capture %s (history starts after the last capture)"
                             % shown(text))
        if not bb[mover] >> to & 1:
            raise ValueError("position history move %s does not fit the board" % shown(text))
        bb[mover] &= ~(1 << to)
        if frm == NONE:
            hand[mover] += 1
            if hand[mover] > pos.rules.stones:
                raise ValueError("position history move %s gives too many stones in hand" % shown(text))
        else:
            if (bb[0] | bb[1]) >> frm & 1:
                raise ValueError("position history move %s does not fit the board" % shown(text))
            bb[mover] |= 1 << frm
        turn = mover
        keys.append((bb[0] | turn << 24 | hand[0] << 25, bb[1] | hand[1] << 25))
    out = []
    for k1, k2 in reversed(keys):
        out.append(k1)
        out.append(k2)
    return out
