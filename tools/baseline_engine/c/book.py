"""Opening book: placement-phase answers computed offline, read from flash on demand.

The book file (``book.bin`` beside this module; built by tools/build_book.py
from deep searches) is never loaded whole: ``book_moves`` binary-searches
it with ``seek`` / ``read`` (a few 11-byte reads per lookup), so it costs
flash, not RAM.

File format (big-endian): b"MBK1", one byte L, L bytes of the rules text
(morris.Rules text form; the book is used only under exactly these rules),
a 2-byte record count N, then N records of 11 bytes sorted by key: k1 (4
bytes), k2 (4), move (3). (k1, k2) is the canonical exact key of the
position (as Position.exact_key: stones | turn << 24 | in hand << 25),
i.e. the smallest over the board's symmetries (``symmetries``), and the
move is written in that canonical frame; several records per key are
equally good answers (the engine picks one at random).
"""
from morris.position import NONE

MAGIC = b"MBK1"
RECORD = 11
_sym_cache = []  # [(geometry, permutations)]: built on the first lookup


def _coords(name):
    return ord(name[0]) - 97, int(name[1:]) - 1


def symmetries(geo):
    """Point permutations (tuples: p -> image) that map ``geo``'s lines onto its lines:
    the 8 rotations / reflections of the square times the inner / outer ring swap
    (16 for the standard board), identity first."""
    for g, perms in _sym_cache:
        if g is geo:
            return perms
    pts = [_coords(nm) for nm in geo.names]
    index = {}
    for i, xy in enumerate(pts):
        index[xy] = i
    lines = set(geo.lines)
    perms = []
    for swap in (0, 1):
        for k in range(8):
            perm = []
            for x, y in pts:
                dx, dy = x - 3, y - 3
                if swap:
                    r = max(abs(dx), abs(dy))
                    if r:
                        dx = dx // r * (4 - r)
                        dy = dy // r * (4 - r)
                for _ in range(k & 3):
                    dx, dy = dy, -dx
                if k & 4:
                    dx = -dx
                perm.append(index.get((dx + 3, dy + 3), -1))
            if -1 in perm or len(set(perm)) != geo.n:
                continue
            ok = True
            for ln in geo.lines:
                if map_bits(ln, perm) not in lines:
                    ok = False
                    break
            if ok and perm not in perms:
                perms.append(tuple(perm))
    _sym_cache.append((geo, perms))
    return perms


def map_bits(b, perm):
    """Bitboard ``b`` with every point p moved to perm[p]."""
    out = 0
    p = 0
    while b:
        if b & 1:
            out |= 1 << perm[p]
        b >>= 1
        p += 1
    return out


def map_move(m, perm):
    """Move int ``m`` with every point field moved by ``perm`` (NONE stays)."""
    out = 0
    for sh in (0, 5, 10, 15):
        f = m >> sh & 31
        out |= (f if f == NONE else perm[f]) << sh
    return out


def canonical(position):
    """((k1, k2), perm): the smallest exact key of ``position`` over its board's
    symmetries and the permutation that gives it."""
    bb = position.bb
    t1 = position.turn << 24 | position.hand[0] << 25
    t2 = position.hand[1] << 25
    best = None
    bperm = None
    for perm in symmetries(position.geo):
        k = (map_bits(bb[0], perm) | t1, map_bits(bb[1], perm) | t2)
        if best is None or k < best:
            best = k
            bperm = perm
    return best, bperm


def _inverse(perm):
    inv = [0] * len(perm)
    for p, q in enumerate(perm):
        inv[q] = p
    return inv


def _u(b, i, n):
    v = 0
    for j in range(n):
        v = v << 8 | b[i + j]
    return v


class Book:
    """An open book file (``path``). ``moves(position)`` -> list of move ints."""

    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            head = f.read(5)
            if head[:4] != MAGIC:
                raise ValueError("%s: not a book file" % path)
            n = head[4]
            self.rules = f.read(n).decode()
            self.count = _u(f.read(2), 0, 2)
            self.base = 5 + n + 2

    def moves(self, position):
        """Book moves for ``position`` (legal moves of it), [] if not in the book."""
        if not self.count or str(position.rules) != self.rules:
            return []
        key, perm = canonical(position)
        out = []
        with open(self.path, "rb") as f:
            lo = 0
            hi = self.count
            while lo < hi:  # first record with a key >= key
                mid = (lo + hi) // 2
                f.seek(self.base + mid * RECORD)
                r = f.read(8)
                if (_u(r, 0, 4), _u(r, 4, 4)) < key:
                    lo = mid + 1
                else:
                    hi = mid
            f.seek(self.base + lo * RECORD)
            inv = None
            for _ in range(lo, self.count):
                r = f.read(RECORD)
                if (_u(r, 0, 4), _u(r, 4, 4)) != key:
                    break
                if inv is None:
                    inv = _inverse(perm)
                out.append(map_move(_u(r, 8, 3), inv))
        legal = position.legal_moves
        return [m for m in out if m in legal]


def _default_path():
    try:
        here = __file__.rsplit("/", 1)[0]
    except (NameError, AttributeError):
        here = "engine"
    return here + "/book.bin"


_book = []  # [Book] once opened, [None] when there is no usable file


def book_moves(position, path=None):
    """Book moves (ints) for ``position`` from ``path`` (default: book.bin beside this
    module), or [] when the position, the rules or the file are not in the book."""
    if path is not None:
        return Book(path).moves(position)
    if not _book:
        try:
            _book.append(Book(_default_path()))
        except (OSError, ValueError):
            _book.append(None)
    b = _book[0]
    return b.moves(position) if b is not None else []
