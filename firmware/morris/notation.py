"""Text forms: moves, game records (ours and Sanmill's), and the position text.

POSITION TEXT (one line, eight space-separated fields, a ninth when removals are owed)::

    standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -

1. rules: preset name plus ``+option=value`` overrides (see rules.py).
2. board: rows from top (7) to bottom (1), separated by '/', each row's points
   left to right: ``W`` white stone, ``B`` black stone, ``.`` empty, ``X``
   marked point (``placing_mill: mark``). Row 4 has six points (a4 b4 c4 e4
   f4 g4), every other row three (on the ``six`` board: rows 6 to 2, row 4
   with four points).
3. side to move: ``w`` or ``b``.
4. stones in hand: ``white/black``.
5. clocks: ``turns since the last capture/turns made with three stones each``.
6. lines already completed (for ``mill_reuse: first_time_per_line``):
   ``white/black`` as hexadecimal masks of line indices (RULES.md order);
   for ``first_time_per_points`` the masks of points of the mills that paid.
7. no-return bars: ``white/black``, each ``-`` or the barred move ``d3-d2``.
8. history: the moves since the last capture that led here, oldest first,
   comma-separated, or ``-``; they give the repetition count exactly.
9. (only when a full board owes removals, ``full_board``) ``white/black``:
   removals owed, ``2`` opponent stones or ``1o`` own stones, ``0`` none.
"""
from .position import NONE, NOMOVE, WHITE, IllegalMoveError


def split_move(geo, text):
    """Parse move text into (frm, to, [captures]); frm is NONE for a placement.

    Raises ValueError naming the bad part ('bad point', 'too many captures', ...).
    """
    if not isinstance(text, str):
        raise ValueError("move must be text, got %r" % (text,))
    s = text.strip().lower()
    if not s or len(s) > 40:
        raise ValueError("malformed move %r" % text)
    parts = s.split("x")
    head = parts[0]
    caps = parts[1:]
    if len(caps) > (12 if not head else 3):
        raise ValueError("malformed move %r: at most three captures" % text)
    if not head and caps:  # a removal-only turn: 'xa1' or 'xa1xb2'
        pts = []
        for name in caps:
            if name not in geo.index:
                raise ValueError("malformed move %r: bad point %r" % (text, name))
            pts.append(geo.index[name])
        return NONE, NONE, pts
    ends = head.split("-")
    if len(ends) > 2 or not ends[0]:
        raise ValueError("malformed move %r: expected 'd2', 'd2-d3' or 'd2-d3xa1'" % text)
    pts = []
    for name in ends + caps:
        if name not in geo.index:
            raise ValueError("malformed move %r: bad point %r" % (text, name))
        pts.append(geo.index[name])
    if len(ends) == 2:
        return pts[0], pts[1], pts[2:]
    return NONE, pts[0], pts[1:]


def pieces(moves):
    """``moves`` (texts) with every capture its own token (``d2xb4`` -> ``d2``, ``xb4``),
    lower case: what ``next_turn`` regroups by the rules."""
    out = []
    for tok in moves:
        parts = tok.lower().split("x")
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
    from .position import REMOVAL, move_captures
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


def play_record(position, text):
    """Push every move of record ``text`` onto ``position``.

    Raises IllegalMoveError (with ``turn``, the 1-based turn number) or
    ValueError (malformed text, 'turn N' in the message); the position then
    holds the moves before the bad one.
    """
    from .record import split_record   # the one move-list reader (imported here: no cycle)
    tokens = pieces(split_record(text)[1])
    i = 0
    turn = 0
    while i < len(tokens):
        tok, i = next_turn(position, tokens, i)
        turn += 1
        try:
            position.push_text(tok)
        except IllegalMoveError as e:
            raise IllegalMoveError(e.move, e.reason, turn)
        except ValueError as e:
            raise ValueError("turn %d: %s" % (turn, e))
    return position


def _forbid_text(geo, f):
    if f == NOMOVE:
        return "-"
    return geo.names[f >> 5] + "-" + geo.names[f & 31]


def position_text(pos):
    """The one-line text form of ``pos`` (see the module docstring)."""
    geo = pos.geo
    w, b = pos.bb
    mk = pos.marks
    rows = []
    for row in geo.rows:
        rows.append("".join("W" if w >> p & 1 else "B" if b >> p & 1 else "X" if mk >> p & 1
                            else "." for p in row))
    hist = pos.hist
    moves = []
    for i in range(2, len(hist), 2):
        moves.append(_diff_move(geo, hist[i - 2], hist[i - 1], hist[i], hist[i + 1]))
    fields = [
        str(pos.rules), "/".join(rows), "wb"[pos.turn],
        "%d/%d" % (pos.hand[0], pos.hand[1]),
        "%d/%d" % (pos.ncp, pos.p33),
        "%x/%x" % (pos.used[0], pos.used[1]),
        _forbid_text(geo, pos.forbid[0]) + "/" + _forbid_text(geo, pos.forbid[1]),
        ",".join(moves) or "-",
    ]
    if pos.owe[0] or pos.owe[1]:
        fields.append("/".join(str(-k) + "o" if k < 0 else str(k) for k in pos.owe))
    return " ".join(fields)


def _diff_move(geo, a1, a2, b1, b2):
    mask = geo.full
    mover = a1 >> 24 & 1
    before = (a1 if mover == WHITE else a2) & mask
    after = (b1 if mover == WHITE else b2) & mask
    gone = before & ~after
    new = after & ~before
    to = _bit(new)
    if gone:
        return geo.names[_bit(gone)] + "-" + geo.names[to]
    return geo.names[to]


def _bit(m):
    i = 0
    while not m >> i & 1:
        i += 1
    return i
