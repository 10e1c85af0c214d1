"""Game records: a PGN-like text format, and Sanmill's move lists (its FEN: sanmill.py).
The writing half lives in writer.py (the board's export loads only that); this
module reads and re-exports it.

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
from .position import Position, IllegalMoveError
from .rules import Rules
from .notation import RecordError, pieces, next_turn
from .text import SPACE, strip, words, shown, is_ascii_word
from .writer import (COLOURS, RESULTS, TAG_ORDER, LINE_WIDTH, numbers, tag_line,  # noqa: F401
                     write_record, record_lines, movetext, _play)

# ---- tags -------------------------------------------------------------------

def _tag(line, i):
    """(name, value, index after the ``]``) of the tag pair at ``line[i]`` (a "["):
    ``[Name "value"]``, any ASCII spaces or tabs between; RecordError if malformed."""
    n = len(line)
    j = i + 1
    while j < n and line[j] in SPACE:
        j += 1
    k = j
    while k < n:            # the name: ASCII letters, digits, "_"
        o = ord(line[k])
        if not (65 <= o <= 90 or 97 <= o <= 122 or 48 <= o <= 57 or o == 95):
            break
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
    if s[:1] == "\ufeff":      # a byte-order mark
        s = s[1:]
    if s[:1] != "[":
        raise RecordError("bad tag line %s" % shown(line, 60))
    name, value, k = _tag(s, 0)
    rest = strip(s[k:])
    if rest and rest[0] != "#" and rest[0] != ";" and rest[0] != "{":
        raise RecordError("bad tag line %s: text after the tag" % shown(line, 60))
    return name, value


# ---- reading --------------------------------------------------------------------

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
    if text[:1] == "\ufeff":       # a byte-order mark, as Windows Notepad writes
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
        # a line holding a position: a Sanmill FEN when its first word has a "/", our
        # position text when the second has one (no move has a "/"; 1/2-1/2 is a result)
        line = words("".join(kept))
        k = None
        if line and "/" in line[0] and line[0] != "1/2-1/2":
            k = "FEN"
        elif len(line) > 1 and "/" in line[1] and line[1] != "1/2-1/2" and "/" not in line[0]:
            k = "Position"
        if k is not None:
            v = " ".join(line)
            if moves or result is not None:
                raise RecordError("a position (%s) can only start a record, not follow its moves" % shown(v))
            if "FEN" in tags or "Position" in tags:
                raise RecordError("a record has one start position: %s follows a %s tag"
                                  % (shown(v), "FEN" if "FEN" in tags else "Position"))
            tags[k] = v
            continue
        for tok in line:
            if result is not None:
                raise RecordError("text after the result %s: %s" % (result, shown(tok, 20)))
            if tok in RESULTS:
                result = tok
                continue
            # move numbers: "12." "12..." and glued forms "12.d2" "1...d6"
            i = 0
            while i < len(tok) and 48 <= ord(tok[i]) <= 57:    # ASCII digits
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
