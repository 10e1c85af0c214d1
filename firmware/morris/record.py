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
``1... d6`` when Black made the first move. The numbers and sides come from
the game itself (who was to move at each turn), never from counting: where
one side moves twice running (``defender_first``), its second move starts
the next number (``12. g7 a1 13... a1-a4 14. c3-c4``). Move numbers are
optional on reading; Sanmill's action notation (a capture as its own ``xb4``
token after the move that formed the mill) is read too, as are ``{...}``
comments, ``#`` and ``;`` comments to the end of the line (after a tag too),
a byte-order mark, tabs and CR LF line ends. A line holding a position (a
word with a '/': a Sanmill FEN, or our position text) is the start position.
The result token ends the moves.

Reading gives the same answer on CPython and MicroPython for any text
(ASCII whitespace and ASCII names only; messages quote text with
``compat.shown``): tests/test_parsers_agree.py checks a corpus of malformed
inputs on both.

Use::

    text = write_record(["d2", "d6"], rules="standard", tags={"White": "Ana"})
    tags, start, moves = read_record(text)      # start: a Position
    pos = replay(text)                          # the final Position (move_stack = the moves)

A record with an illegal or malformed move is refused with ``RecordError``
naming the move number, the side, the move and the reason.
"""
from .position import Position, IllegalMoveError, WHITE, BLACK
from .rules import Rules
from .notation import RecordError, pieces, next_turn
from .text import SPACE, strip, words, shown, is_ascii_word

COLOURS = ("white", "black")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
# The order tags are written in; others follow in the order given.
TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Rules", "First",
             "SetUp", "Position", "FEN", "Result", "Termination")
LINE_WIDTH = 79
BOM = "\ufeff"      # a byte-order mark, as Windows Notepad writes at the start


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


def _name_char(ch):
    return "a" <= ch <= "z" or "A" <= ch <= "Z" or "0" <= ch <= "9" or ch == "_"


def _tag(line, i):
    """(name, value, index after the ``]``) of the tag pair at ``line[i]`` (a "["):
    ``[Name "value"]``, any ASCII spaces or tabs between; RecordError if malformed."""
    n = len(line)
    j = i + 1
    while j < n and line[j] in SPACE:
        j += 1
    k = j
    while k < n and _name_char(line[k]):
        k += 1
    name = line[j:k]
    if not name:
        raise RecordError("bad tag line %s: expected [Name \"value\"]" % shown(line, 60))
    if k < n and line[k] not in SPACE and line[k] != '"':
        raise RecordError("bad tag name %s" % shown(line[j:k + 1]))
    while k < n and line[k] in SPACE:
        k += 1
    if k >= n or line[k] != '"':
        raise RecordError("bad tag line %s: the value must be in quotes" % shown(line, 60))
    out = []
    k += 1
    while True:
        if k >= n:
            raise RecordError("bad tag line %s: the value's closing quote is missing" % shown(line, 60))
        ch = line[k]
        if ch == "\\" and k + 1 < n:
            k += 1
            ch = line[k]
        elif ch == '"':
            break
        out.append(ch)
        k += 1
    k += 1
    while k < n and line[k] in SPACE:
        k += 1
    if k >= n or line[k] != "]":
        raise RecordError("bad tag line %s: expected ] after the value" % shown(line, 60))
    return name, "".join(out), k + 1


def parse_tag(line):
    """(name, value) of a ``[Name "value"]`` line (a comment may follow); RecordError
    if malformed."""
    s = strip(line)
    if s[:1] == BOM:
        s = s[1:]
    if s[:1] != "[":
        raise RecordError("bad tag line %s" % shown(line, 60))
    name, value, k = _tag(s, 0)
    rest = strip(s[k:])
    if rest and rest[0] not in "#;{":
        raise RecordError("bad tag line %s: text after the tag" % shown(line, 60))
    return name, value


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
            parse_tag("[%s \"\"]" % k)   # checks the name
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
    made each). RecordError names a bad move by its number and side, from the game."""
    moves = pieces(moves)
    out = []
    sides = bytearray()
    num = 0
    prev = -1
    j = 0
    while j < len(moves):
        t = pos.turn
        if t == WHITE or prev != WHITE:
            num += 1
        prev = t
        tok, j = next_turn(pos, moves, j)
        try:
            m = pos.parse_move(tok)
        except IllegalMoveError as e:
            raise RecordError(e.reason, len(out) + 1, num, COLOURS[t], tok)
        except ValueError as e:
            raise RecordError(str(e), len(out) + 1, num, COLOURS[t], tok)
        out.append(pos.move_text(m))
        sides.append(t)
        pos.push(m)
    return out, sides


# ---- reading --------------------------------------------------------------------

def _position_line(kept):
    """("FEN" or "Position", the line) when the words of a line (comments removed)
    hold a position: a Sanmill FEN when the first word has a '/', our position
    text when the second has one (the first being the rules); None for a line of
    moves (no move has a '/'; the result 1/2-1/2 is not a position)."""
    ws = words(kept)
    if ws and "/" in ws[0] and ws[0] != "1/2-1/2":
        return "FEN", " ".join(ws)
    if len(ws) > 1 and "/" in ws[1] and ws[1] != "1/2-1/2" and "/" not in ws[0]:
        return "Position", " ".join(ws)
    return None


def split_record(text):
    """(tags dict, list of move texts, result token or None) of a record's text,
    without checking the moves. Reads our format and Sanmill's move lists
    (a capture token ``xb4`` joins the move before it; ``read_record`` and
    ``play_record`` regroup removals by the rules, see
    ``notation.next_turn``), with a byte-order mark, tabs, CR LF, ``{...}``
    comments anywhere and ``#`` / ``;`` comments to the end of a line; a line
    holding a position (a Sanmill FEN or our position text) before the moves
    becomes the FEN / Position tag. The one move-list reader: the simulator
    and the tests use it. A record whose first move is numbered ``1...`` gets
    the tag First "black" unless it says otherwise."""
    if not isinstance(text, str):
        raise RecordError("a record is text")
    if text[:1] == BOM:
        text = text[1:]
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
        line = text[start:end]
        start = end + 1
        # the text outside comments, and the tags of the line
        kept = []
        i = 0
        m = len(line)
        while i < m:
            if depth:
                j = line.find("}", i)
                if j < 0:
                    break
                depth = 0
                i = j + 1
                kept.append(" ")
                continue
            ch = line[i]
            if ch == "{":
                depth = 1
                i += 1
            elif ch == "#" or ch == ";":
                break
            elif ch == "[" and not strip("".join(kept)):
                k, v, i = _tag(line, i)
                tags[k] = v
            else:
                j = i
                while j < m and line[j] not in "{#;[":
                    j += 1
                if j == i:     # a "[" after moves on the line: a malformed move
                    j += 1
                kept.append(line[i:j])
                i = j
        kept = "".join(kept)
        pl = _position_line(kept)
        if pl is not None:
            if moves or result is not None:
                raise RecordError("a position (%s) can only start a record, not follow its moves"
                                  % shown(pl[1]))
            if "FEN" in tags or "Position" in tags:
                raise RecordError("a record has one start position: %s follows a %s tag"
                                  % (shown(pl[1]), "FEN" if "FEN" in tags else "Position"))
            tags[pl[0]] = pl[1]
            continue
        for tok in words(kept):
            if result is not None:
                raise RecordError("text after the result %s: %s" % (result, shown(tok, 20)))
            if tok in RESULTS:
                result = tok
                continue
            # move numbers: "12." "12..." and glued forms "12.d2" "1...d6"
            i = 0
            while i < len(tok) and "0" <= tok[i] <= "9":
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
                    raise RecordError("capture %s with no move before it" % shown(tok))
                moves[-1] += tok.lower() if is_ascii_word(tok) else tok
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
    first = strip(tags.get("First", "white"))
    if not is_ascii_word(first) or first.lower() not in COLOURS:
        raise RecordError("First must be white or black, got %s" % shown(first))
    return Position(r, COLOURS.index(first.lower()))


def read_record(text, rules=None):
    """(tags, start Position, move texts) of a record, every move checked.

    Reads our format, Sanmill's move lists (``rules`` applies when the text
    names none; default standard), a Sanmill FEN or our position text on a
    line of its own (the start position) and numbered lists starting ``1...``
    (Black first). The tags dict gets "Rules" (always) and "Result" (from
    the result token, else "*") when missing. The move texts are canonical
    (captures in the rules core's order). Raises RecordError naming the move
    number, side and reason for an illegal or malformed move (a FEN or
    position that cannot be read: what is wrong with it); the start
    position is not changed.
    """
    tags, moves, result = split_record(text)
    start = start_position(tags, rules)
    pos = start.copy()
    texts = _play(pos, moves)[0]
    tags["Rules"] = str(start.rules)
    if result is not None and "Result" in tags and tags["Result"] != result:
        raise RecordError("the Result tag %s differs from the result token %s"
                          % (shown(tags["Result"]), result))
    if "Result" not in tags:
        tags["Result"] = result if result is not None else "*"
    return tags, start, texts


def replay(text, rules=None):
    """The final Position of a record (its ``move_stack`` holds the moves); see read_record."""
    tags, start, moves = read_record(text, rules)
    for m in moves:
        start.push_text(m)
    return start


def play_record(position, text):
    """Push every move of record ``text`` onto ``position``.

    Raises IllegalMoveError (with ``turn``, the 1-based turn number) or
    ValueError (malformed text, 'turn N' in the message); the position then
    holds the moves before the bad one.
    """
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
