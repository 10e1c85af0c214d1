"""Writing game records (docs/records.md): the half of morris/record.py the board
needs for its export (``Controller.export_record``), apart so that the board never
loads the readers. morris.record re-exports all of it."""
from .position import Position, IllegalMoveError, WHITE, BLACK
from .rules import Rules
from .notation import RecordError, pieces, next_turn
from .text import shown

COLOURS = ("white", "black")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# The order tags are written in; others follow in the order given.
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Rules", "First",
             "SetUp", "Position", "FEN", "Result", "Termination")
LINE_WIDTH = 79


def numbers(sides):
    """The (move number, side name) of each turn: list of tuples, from ``sides``
    (the colour to move at each turn, WHITE/BLACK, oldest first: from the game,
    not from counting). White's move and the Black move right after it share a
    number; a Black move that follows no White move (the first move, or a
    second Black move in a row) starts the next number, as does every White
    move."""
    out = []
    n = 0
    prev = -1
    for side in sides:
        if side == WHITE or prev != WHITE:
            n += 1
        out.append((n, COLOURS[side]))
        prev = side
    return out


# ---- tags -------------------------------------------------------------------

def tag_line(name, value):
    """The record line ``[Name "value"]`` (quotes and backslashes escaped)."""
    return '[%s "%s"]' % (name, str(value).replace("\\", "\\\\").replace('"', '\\"'))


# ---- writing ------------------------------------------------------------------

def write_record(moves, rules=None, start=None, first=None, tags=None, result=None,
                 termination=None):
    """The record text of a game (ends with a newline); see ``record_lines``."""
    lines = record_lines(moves, rules, start, first, tags, result, termination)
    lines.append("")
    return "\n".join(lines)


def record_lines(moves, rules=None, start=None, first=None, tags=None, result=None,
                 termination=None):
    """The lines of a game's record (list of str, no line ends): write them one
    by one to a serial link or a file without building the whole text (RAM).

    ``moves``: move texts (RULES.md notation) from the start; ``rules``: a
    ``Rules``, its text form or None (the start position's, else standard);
    ``start``: None (the start position), a ``Position`` or its one-line
    text (written as SetUp/Position tags); ``first``: WHITE/BLACK or
    "white"/"black", who moved first from the start position (default
    white; the game's own first player: never derived from counting);
    ``tags``: dict of further tags (Event, Site, Date, White, Black, Round
    or any other); ``result`` / ``termination``: override what the replay
    finds (e.g. "1/2-1/2", "draw by agreement"); by default they come from
    the final position's outcome ("*" and "unterminated" while the game goes
    on). The moves are replayed and checked (RecordError for an illegal
    one); the replay gives each move's side and number (``numbers``).
    """
    if isinstance(first, str):
        first = COLOURS.index(first)
    if start is not None:
        pos = Position.from_text(start) if isinstance(start, str) else start.copy()
        if rules is not None:
            r = Rules.parse(rules) if isinstance(rules, str) else rules
            if r != pos.rules:
                raise RecordError("the rules %s differ from the start position's %s" % (r, pos.rules))
        start_text = pos.text()
    else:
        r = Rules("standard") if rules is None else Rules.parse(rules) if isinstance(rules, str) else rules
        pos = Position(r, BLACK if first == BLACK else WHITE)
        start_text = None
    first_side = pos.turn
    texts, sides = _play(pos, moves)
    out = pos.outcome()
    if result is None:
        result = out.result() if out is not None else "*"
    if result not in RESULTS:
        raise RecordError("result must be one of %s, got %s" % (" ".join(RESULTS), shown(str(result))))
    if termination is None:
        termination = out.reason if out is not None else ("unterminated" if result == "*" else None)
    all_tags = {"Event": "?", "Site": "?", "Date": "????.??.??", "White": "?", "Black": "?"}
    if tags:
        for k in tags:
            all_tags[k] = tags[k]
    all_tags["Rules"] = str(pos.rules)
    if start_text is not None:
        all_tags["SetUp"] = "1"
        all_tags["Position"] = start_text
    elif first_side == BLACK:
        all_tags["First"] = "black"
    all_tags["Result"] = result
    if termination:
        all_tags["Termination"] = termination
    lines = []
    for k in TAG_ORDER:
        if k in all_tags:
            lines.append(tag_line(k, all_tags[k]))
    for k in all_tags:
        if k not in TAG_ORDER:
            for c in k:         # a tag name: ASCII letters, digits, "_"
                o = ord(c)
                if not (65 <= o <= 90 or 97 <= o <= 122 or 48 <= o <= 57 or o == 95):
                    raise RecordError("bad tag name %s" % shown(k))
            lines.append(tag_line(k, all_tags[k]))
    lines.append("")
    lines.extend(movetext(texts, sides, result))
    return lines


def movetext(moves, sides, result="*", width=LINE_WIDTH):
    """The numbered move lines (list of str): ``1. d2 d6 2. b4 f4 ... 1-0``.

    ``sides``: the colour that made each move (WHITE/BLACK; ``numbers``).
    Lines are at most ``width`` characters; a move number stays on the line
    of its move. Built line by line (no list of all the words: RAM on the Pico)."""
    lines = []
    cur = []
    size = 0
    n = len(moves)
    num = 0
    prev = -1
    for i in range(n + 1):
        if i < n:
            side = sides[i]
            if side == WHITE:
                num += 1
                w = "%d. %s" % (num, moves[i])
            elif prev != WHITE:
                num += 1
                w = "%d... %s" % (num, moves[i])
            else:
                w = moves[i]
            prev = side
        else:
            w = result
        if cur and size + 1 + len(w) > width:
            lines.append(" ".join(cur))
            cur = []
        size = size + 1 + len(w) if cur else len(w)
        cur.append(w)
    lines.append(" ".join(cur))
    return lines


def _play(pos, moves):
    """Push ``moves`` (texts; Sanmill's separate capture tokens join their turn,
    ``notation.next_turn``) on ``pos``: (canonical texts, bytearray of the side that
    made each). RecordError names a bad move by its number and side, from the game.
    Under the classic rules a text that starts no capture of its own is one whole
    turn: then the texts are played as they are (no copy of the list: RAM)."""
    whole = not pos._sp
    for t in moves:
        if t[:1] in ("x", "X"):
            whole = False
    if not whole:
        moves = pieces(moves)
    out = [None] * len(moves) if whole else []     # one block, not grown move by move
    sides = bytearray(len(moves) if whole else 0)
    num = 0
    prev = -1
    j = 0
    while j < len(moves):
        t = pos.turn
        if t == WHITE or prev != WHITE:
            num += 1
        prev = t
        if whole:
            tok = moves[j]
            j += 1
        else:
            tok, j = next_turn(pos, moves, j)
        try:
            m = pos.parse_move(tok)
        except IllegalMoveError as e:
            raise RecordError(e.reason, len(out) + 1 if not whole else j, num, COLOURS[t], tok)
        except ValueError as e:
            raise RecordError(str(e), len(out) + 1 if not whole else j, num, COLOURS[t], tok)
        if whole:
            out[j - 1] = pos.move_text(m)
            sides[j - 1] = t
        else:
            out.append(pos.move_text(m))
            sides.append(t)
        pos.push(m)
    return out, sides
