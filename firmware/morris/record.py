"""Game records: a PGN-like text format, and Sanmill's move lists (its FEN: sanmill.py).

Runs unchanged on CPython and MicroPython (no ``re``, no f-strings). The
format is documented in docs/records.md; in short::

    [Event "Club evening"]
    [Site "?"]
    [Date "2026.11.29"]
    [White "Ana"]
    [Black "board level 3"]
    [Rules "wikipedia+double_mill=two"]
    [Result "1-0"]
    [Termination "fewer than three stones"]

    1. d2 d6 2. b4 f4 3. d1 b6 4. d3xb6 ... 1-0

Tag pairs come first, one per line, ``[Name "value"]`` (``\\"`` and ``\\\\``
escape a quote and a backslash). Known tags: Event, Site, Date, Round,
White, Black, Rules (the rules text of ``morris.Rules``: preset plus
``+option=value`` for every non-default option), First ("black" when Black
moved first from the start position), SetUp ("1") with Position (our
one-line position text, see notation.py) when the game did not start from
the start position, or FEN (a Sanmill FEN) instead of Position, Result
("1-0", "0-1", "1/2-1/2", "*") and Termination (why the game ended: the
rules core's outcome reason, or e.g. "abandoned"). Unknown tags are kept.

Then the moves in RULES.md notation, numbered: ``1. d2 d6 2. b4 f4``;
``1... d6`` when Black made the first move. Move numbers are optional on
reading; Sanmill's action notation (a capture as its own ``xb4`` token after
the move that formed the mill) is read too, as are ``{...}`` comments and
``#`` comments to the end of the line. The result token ends the moves.

Use::

    text = write_record(["d2", "d6"], rules="standard", tags={"White": "Ana"})
    tags, start, moves = read_record(text)      # start: a Position
    pos = replay(text)                          # the final Position (move_stack = the moves)

A record with an illegal or malformed move is refused with ``RecordError``
naming the move number, the side, the move and the reason.
"""
from .position import Position, IllegalMoveError, WHITE, BLACK
from .rules import Rules

COLOURS = ("white", "black")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# The order tags are written in; others follow in the order given.
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Rules", "First",
             "SetUp", "Position", "FEN", "Result", "Termination")
LINE_WIDTH = 79


class RecordError(IllegalMoveError):
    """A record that cannot be read: a bad tag, a malformed or an illegal move.

    A kind of ``IllegalMoveError`` (so a ValueError), with its attributes:
    ``turn`` (1-based turn of the bad move, or None for a bad tag / start
    position), ``move`` (the move text or None) and ``reason`` (short English
    reason, the rules core's for an illegal move); and ``move_number`` (the
    record's move number, as in ``12.``) and ``side`` ("white"/"black").
    """

    def __init__(self, reason, turn=None, move_number=None, side=None, move=None):
        if turn is None:
            msg = reason
        else:
            msg = "move %d%s (%s, %s): %s" % (move_number, "." if side == "white" else "...",
                                             side, move, reason)
        super(IllegalMoveError, self).__init__(msg)   # ValueError.__init__ (MicroPython has no ValueError.__init__)
        self.reason = reason
        self.turn = turn
        self.move_number = move_number
        self.side = side
        self.move = move


def move_number(turn, first):
    """(move number, side) of 1-based ``turn`` when ``first`` (WHITE/BLACK) moved first.

    Numbering follows chess: White's and Black's moves share a number; when
    Black moves first, its move is ``1...`` and White's reply is ``2.``."""
    i = turn - 1 + (1 if first == BLACK else 0)
    return i // 2 + 1, COLOURS[i % 2]


# ---- tags -------------------------------------------------------------------

def tag_line(name, value):
    """The record line ``[Name "value"]`` (quotes and backslashes escaped)."""
    return '[%s "%s"]' % (name, str(value).replace("\\", "\\\\").replace('"', '\\"'))


def parse_tag(line):
    """(name, value) of a ``[Name "value"]`` line; RecordError if malformed."""
    s = line.strip()
    if not (s.startswith("[") and s.endswith("]")):
        raise RecordError("bad tag line %r" % line[:60])
    s = s[1:-1].strip()
    sp = s.find(" ")
    if sp <= 0:
        raise RecordError("bad tag line %r: expected [Name \"value\"]" % line[:60])
    name = s[:sp]
    rest = s[sp:].strip()
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise RecordError("bad tag line %r: the value must be in quotes" % line[:60])
    out = []
    i = 1
    end = len(rest) - 1
    while i < end:
        ch = rest[i]
        if ch == "\\" and i + 1 < end:
            i += 1
            ch = rest[i]
        elif ch == '"':
            raise RecordError("bad tag line %r: unescaped quote" % line[:60])
        out.append(ch)
        i += 1
    for ch in name:
        if not (ch.isalpha() or ch.isdigit() or ch == "_"):
            raise RecordError("bad tag name %r" % name)
    return name, "".join(out)


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
    white); ``tags``: dict of further tags (Event, Site, Date, White, Black,
    Round or any other); ``result`` / ``termination``: override what the
    replay finds (e.g. "1/2-1/2", "draw by agreement"); by default they
    come from the final position's outcome ("*" and "unterminated" while the
    game goes on). The moves are replayed and checked: RecordError for an
    illegal one.
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
    texts = _play(pos, moves, first_side)
    out = pos.outcome()
    if result is None:
        result = out.result() if out is not None else "*"
    if result not in RESULTS:
        raise RecordError("result must be one of %s, got %r" % (" ".join(RESULTS), result))
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
            parse_tag("[%s \"\"]" % k)   # checks the name
            lines.append(tag_line(k, all_tags[k]))
    lines.append("")
    lines.extend(movetext(texts, first_side, result))
    return lines


def movetext(moves, first=WHITE, result="*", width=LINE_WIDTH):
    """The numbered move lines (list of str): ``1. d2 d6 2. b4 f4 ... 1-0``.

    Lines are at most ``width`` characters; a move number stays on the line of
    its move. Built line by line (no list of all the words: RAM on the Pico)."""
    lines = []
    cur = []
    size = 0
    n = len(moves)
    for i in range(n + 1):
        if i < n:
            num, side = move_number(i + 1, first)
            if side == "white":
                w = "%d. %s" % (num, moves[i])
            elif i == 0:
                w = "%d... %s" % (num, moves[i])
            else:
                w = moves[i]
        else:
            w = result
        if cur and size + 1 + len(w) > width:
            lines.append(" ".join(cur))
            cur = []
        size = size + 1 + len(w) if cur else len(w)
        cur.append(w)
    lines.append(" ".join(cur))
    return lines


def _play(pos, moves, first):
    """Push ``moves`` (texts; Sanmill's separate capture tokens join their turn,
    ``notation.next_turn``) on ``pos``; the canonical texts. RecordError names a bad move."""
    from .notation import next_turn, pieces
    moves = pieces(moves)
    out = [None] * len(moves)   # made once, at its full size: a long game's list never
    i = j = 0                   # grows (a ~1 KB block) in a heap the replay scattered
    while j < len(moves):
        tok, j = next_turn(pos, moves, j)
        try:
            m = pos.parse_move(tok)
        except IllegalMoveError as e:
            num, side = move_number(i + 1, first)
            raise RecordError(e.reason, i + 1, num, side, tok)
        except ValueError as e:
            num, side = move_number(i + 1, first)
            raise RecordError(str(e), i + 1, num, side, tok)
        out[i] = pos.move_text(m)
        i += 1
        pos.push(m)
    del out[i:]
    return out


# ---- reading --------------------------------------------------------------------

def split_record(text):
    """(tags dict, list of move texts, result token or None) of a record's text,
    without checking the moves. Reads our format and Sanmill's move lists
    (a capture token ``xb4`` joins the move before it; ``read_record`` and
    ``notation.play_record`` regroup removals by the rules, see
    ``notation.next_turn``). The one move-list reader: ``notation.play_record``,
    the simulator and the tests use it. A record whose first move is numbered
    ``1...`` gets the tag First "black" unless it says otherwise."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    tags = {}
    moves = []
    result = None
    depth = 0
    first_word = True
    start = 0
    n = len(text)
    while start < n:
        end = text.find("\n", start)
        if end < 0:
            end = n
        line = text[start:end].strip()
        start = end + 1
        if not line:
            continue
        if depth == 0 and line[0] == "[":
            k, v = parse_tag(line)
            tags[k] = v
            continue
        # {...} comments (may span lines) and # comments to the end of the line
        if depth or "{" in line or "}" in line:
            kept = ""
            i = 0
            while i < len(line):
                if depth:
                    j = line.find("}", i)
                    if j < 0:
                        i = len(line)
                        break
                    depth = 0
                    i = j + 1
                else:
                    j = line.find("{", i)
                    h = line.find("#", i)
                    if h >= 0 and (j < 0 or h < j):
                        kept += line[i:h]
                        break
                    if j < 0:
                        kept += line[i:]
                        break
                    kept += line[i:j] + " "
                    depth = 1
                    i = j + 1
            line = kept
        else:
            h = line.find("#")
            if h >= 0:
                line = line[:h]
        for tok in line.split():
            if result is not None:
                raise RecordError("text after the result %s: %r" % (result, tok[:20]))
            if tok in RESULTS:
                result = tok
                continue
            # move numbers: "12." "12..." and glued forms "12.d2" "1...d6"
            i = 0
            while i < len(tok) and tok[i].isdigit():
                i += 1
            if 0 < i < len(tok) and tok[i] == ".":
                j = i
                while j < len(tok) and tok[j] == ".":
                    j += 1
                if first_word and j - i == 3 and tok[:i] == "1" and "First" not in tags:
                    tags["First"] = "black"
                tok = tok[j:]
                first_word = False
                if not tok:
                    continue
            first_word = False
            if tok[0] in "xX":
                if not moves:
                    raise RecordError("capture %r with no move before it" % tok)
                moves[-1] += tok.lower()
            else:
                moves.append(tok)
    if depth:
        raise RecordError("unclosed { comment")
    return tags, moves, result


def start_position(tags, rules=None):
    """The start Position the tags describe (SetUp/Position, FEN, Rules, First).

    ``rules`` (Rules or text) is used when the tags name none (default standard).
    RecordError for a bad rules text, position or FEN."""
    try:
        if "Rules" in tags:
            r = Rules.parse(tags["Rules"])
        elif rules is not None:
            r = Rules.parse(rules) if isinstance(rules, str) else rules
        else:
            r = Rules("standard")
    except ValueError as e:
        raise RecordError("bad Rules tag: %s" % e)
    if "Position" in tags:
        try:
            pos = Position.from_text(tags["Position"])
        except ValueError as e:
            raise RecordError("bad Position tag: %s" % e)
        if "Rules" in tags and pos.rules != r:
            raise RecordError("the Rules tag %s differs from the position's rules %s" % (r, pos.rules))
        return pos
    if "FEN" in tags:
        from .sanmill import from_sanmill_fen
        return from_sanmill_fen(tags["FEN"], r)
    first = tags.get("First", "white").strip().lower()
    if first not in COLOURS:
        raise RecordError("First must be white or black, got %r" % first)
    return Position(r, COLOURS.index(first))


def read_record(text, rules=None):
    """(tags, start Position, move texts) of a record, every move checked.

    Reads our format, Sanmill's move lists (``rules`` applies when the text
    names none; default standard) and numbered lists starting ``1...`` (Black
    first). The tags dict gets "Rules" (always) and "Result" (from the result
    token, else "*") when missing. The move texts are canonical (captures in
    the rules core's order). Raises RecordError naming the move number, side
    and reason for an illegal or malformed move; the start position is not
    changed.
    """
    tags, moves, result = split_record(text)
    start = start_position(tags, rules)
    pos = start.copy()
    texts = _play(pos, moves, start.turn)
    tags["Rules"] = str(start.rules)
    if result is not None and "Result" in tags and tags["Result"] != result:
        raise RecordError("the Result tag %s differs from the result token %s" % (tags["Result"], result))
    if "Result" not in tags:
        tags["Result"] = result if result is not None else "*"
    return tags, start, texts


def replay(text, rules=None):
    """The final Position of a record (its ``move_stack`` holds the moves); see read_record."""
    tags, start, moves = read_record(text, rules)
    for m in moves:
        start.push_text(m)
    return start
