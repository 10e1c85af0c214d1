"""The saved game's text read in pieces (board/resume.py's reader): its tag pairs
and moves from the store, in bounded memory whatever the game's length. Apart
from resume.py so that each compiles in little memory (the firmware run from
its sources at a 192 KB heap); both are imported at power-up and dropped."""

MAX_LINE = 4200     # longest tag line (a position text is at most 4000 characters)
PIECE = 256         # bytes read from the store at a time
WINDOW = 512        # bytes of moves split at a time
RESULTS = ("1-0", "0-1", "1/2-1/2")


class Unreadable(ValueError):
    """A saved game that cannot be resumed; ``str()`` says why, in English."""


def _tag(line):
    s = line.strip().decode()        # ASCII whitespace only: the same on both interpreters
    i = s.find(' "')
    if s[:1] != "[" or i < 0 or s[-2:] != '"]':
        raise Unreadable("a bad tag line")
    return s[1:i], s[i + 2:-2]


def items(pieces):
    """The saved game's tag pairs and moves from ``pieces`` (an iterable of bytes):
    yields (name, value) for a ``[Name "value"]`` line and (None, move text) for
    each move. Bounded memory: it holds one line of tags, or takes the moves
    ``WINDOW`` bytes at a time, also from one large piece (a store that only
    has ``load()``), without copying what is left of it."""
    buf = b""
    at = 0                  # where the unread part of ``buf`` starts
    for piece in pieces:
        buf = buf[at:] + piece if at < len(buf) else bytes(piece)
        at = 0
        while at < len(buf):
            nl = buf.find(b"\n", at, at + MAX_LINE)
            if buf[at:at + 1] == b"[":
                if nl < 0:
                    if len(buf) - at > MAX_LINE:
                        raise Unreadable("a tag line is too long")
                    break
                yield _tag(buf[at:nl])
                at = nl + 1
                continue
            end = buf.find(b"\n", at, at + WINDOW)
            if end < 0:
                end = buf.rfind(b" ", at, at + WINDOW)
            if end < 0:
                if len(buf) - at > 64:
                    raise Unreadable("a move is too long")
                break
            for w in buf[at:end].split():
                yield None, w.decode()
            at = end + 1
    if buf[at:at + 1] == b"[":
        yield _tag(buf[at:])
    else:
        for w in buf[at:].split():
            yield None, w.decode()


def reader(store, opened, src=None):
    """(tags dict, iterator over the saved game's items after them, its first move or
    None), or None when nothing is saved. ``src``: the store's ``pieces(n)`` iterator
    or ``load()`` bytes when read already; the pieces opened go to ``opened`` (the
    caller closes them)."""
    if src is None:
        f = getattr(store, "pieces", None)
        src = f(PIECE) if f is not None else store.load()
    if not src:
        return None
    if isinstance(src, (bytes, bytearray, str)):
        src = [src.encode() if isinstance(src, str) else src]
    opened.append(src)
    it = items(src)
    tags = {}
    for name, value in it:
        if name is None:
            return tags, it, value
        tags[name] = value
    return tags, it, None


def moves_of(it, first):
    """The move texts of an ``items`` iterator whose first move was ``first``."""
    if first is not None:
        yield first
    for name, value in it:
        if name is not None:
            raise Unreadable("a tag line after the moves")
        yield value
