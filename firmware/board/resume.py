"""Resuming a saved game at power-up (the controller's ``_load``): the format's own
reader and the checks. Imported once and dropped again (its code is needed at
power-up only). Format: board/controller.py, "Store contract";
docs/board_controller.md, "Saved game"."""
from morris import Position, Rules
from board.display import COLOURS


def read(text):
    """(tags dict, move texts) of a saved game: ``[Name "value"]`` lines, then moves
    separated by spaces -- the format's own reader (records are morris.record's).
    ValueError for a bad tag line."""
    tags = {}
    toks = []
    for line in text.split("\n"):
        line = line.strip()
        if line[:1] == "[":
            i = line.find(' "')
            if i < 0 or line[-2:] != '"]':
                raise ValueError("bad tag line in the saved game")
            tags[line[1:i]] = line[i + 2:-2]
        elif line:
            toks += line.split()
    return tags, toks


def _start(tags):
    """The position the saved game started from, or None."""
    if "Position" in tags:
        return Position.from_text(tags["Position"])
    if "Rules" in tags:
        return Position(Rules.parse(tags["Rules"]), COLOURS.index(tags.get("First", "white")))
    return None


def load(c, data):
    """Load ``data`` (the store's bytes) into controller ``c`` (True), or False
    when unreadable, ``c`` unchanged. MemoryError and the like propagate: a stored game must
    never be taken for unreadable and then overwritten by a new game."""
    try:
        tags, toks = read(data.decode() if not isinstance(data, str) else data)
        del data
        start = _start(tags)
        if start is None:
            return False
        ply0 = int(tags.get("Ply", "0"))
        game = int(tags.get("Game", "0"), 16)
        if ply0:
            pos = Position.from_text(tags["Base"])
            if pos.rules != start.rules or not game:
                return False
            base_text = tags["Base"]
        else:
            pos = start
            base_text = None
        moves = []
        for tok in toks:
            m = pos.parse_move(tok)
            moves.append(pos.move_text(m))
            pos.push(m)
    except (ValueError, KeyError):  # unreadable or illegal record (UnicodeError is one too)
        return False
    from board.reading import layout
    c._rules = pos.rules
    c.pos = pos
    c._lay = layout(pos.rules.geo)
    c._take = -1
    c.moves = moves
    c._ply0 = ply0
    c._game = game
    c._base_text = base_text
    c._start_text = tags.get("Position")
    c._refresh()
    return True
