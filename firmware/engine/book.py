"""Opening book: placement-phase answers computed offline, read from flash on demand.

The book file (``book.bin`` beside this module; built by tools/build_book.py
from deep searches) is never loaded whole: a lookup binary-searches it with
``seek`` / ``read`` (a few 11-byte reads per lookup), so it costs flash, not
RAM. The board opens it once, at boot (``open_steps``, a step per main-loop
pass: the header and the board's symmetries), and looks positions up in
steps (``Lookup``: a symmetry or a file read per step), which the engine
runs within its time slices (``Engine.step``): no lookup holds a main-loop
pass for longer than a slice (issue 21: the first lookup held one for
422 ms on the emulated RP2040, later ones for 49 ms).

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
try:
    import micropython  # viper compiles ptr8 itself
except ImportError:  # CPython: the stand-ins
    from .emit import micropython

    def ptr8(a):
        """Identity: a viper cast of a bytearray; plain Python indexes it directly."""
        return a

MAGIC = b"MBK1"
RECORD = 11
_sym_cache = []  # [(geometry, permutations)]: built on the first lookup


def _coords(name):
    return ord(name[0]) - 97, int(name[1:]) - 1


def symmetries(geo):
    """Point permutations (bytearrays: p -> image) that map ``geo``'s lines onto its
    lines: the 8 rotations / reflections of the square times the inner / outer ring
    swap (16 for the standard board), identity first."""
    for _ in _symmetry_steps(geo):
        pass
    return _cached(geo)


def _cached(geo):
    for g, perms in _sym_cache:
        if g is geo:
            return perms
    return None


def _symmetry_steps(geo):
    # builds the permutations into _sym_cache, one candidate per step (yield)
    if _cached(geo) is not None:
        return
    pts = [_coords(nm) for nm in geo.names]
    index = {}
    for i, xy in enumerate(pts):
        index[xy] = i
    lines = set(geo.lines)
    perms = []
    for swap in (0, 1):
        for k in range(8):
            perm = bytearray(geo.n)
            ok = True
            for i in range(geo.n):
                dx, dy = pts[i][0] - 3, pts[i][1] - 3
                if swap:
                    r = max(abs(dx), abs(dy))
                    if r:
                        dx = dx // r * (4 - r)
                        dy = dy // r * (4 - r)
                for _ in range(k & 3):
                    dx, dy = dy, -dx
                if k & 4:
                    dx = -dx
                q = index.get((dx + 3, dy + 3), -1)
                if q < 0:
                    ok = False
                    break
                perm[i] = q
            if ok and len(set(perm)) == geo.n:
                for ln in geo.lines:
                    if map_bits(ln, perm) not in lines:
                        ok = False
                        break
            if ok and perm not in perms:
                perms.append(perm)
            yield
    _sym_cache.append((geo, perms))


@micropython.viper
def map_bits(b: int, perm) -> int:
    """Bitboard ``b`` with every point p moved to perm[p] (``perm`` a bytearray)."""
    p = ptr8(perm)  # noqa: F821
    out = 0
    i = 0
    while b:
        if b & 1:
            out |= 1 << p[i]
        b >>= 1
        i += 1
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
    symmetries and the permutation (bytearray) that gives it."""
    best = bperm = None
    for best, bperm in _canonical_steps(position, symmetries(position.geo)):
        pass
    return best, bperm


def _canonical_steps(position, perms, per_step=4):
    # yields (best key so far, its perm) after every ``per_step`` symmetries
    bb = position.bb
    t1 = position.turn << 24 | position.hand[0] << 25
    t2 = position.hand[1] << 25
    best = None
    bperm = None
    n = 0
    for perm in perms:
        k = (map_bits(bb[0], perm) | t1, map_bits(bb[1], perm) | t2)
        if best is None or k < best:
            best = k
            bperm = perm
        n += 1
        if n % per_step == 0 or n == len(perms):
            yield best, bperm


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
    """An open book file (``path``; kept open). ``moves(position)`` -> list of move
    ints; ``Lookup(book, position)`` does the same in steps. OSError / ValueError
    for a missing or bad file."""

    def __init__(self, path):
        self.path = path
        f = self.f = open(path, "rb")
        head = f.read(5)
        if head[:4] != MAGIC:
            f.close()
            raise ValueError("%s: not a book file" % path)
        n = head[4]
        self.rules = f.read(n).decode()
        self.count = _u(f.read(2), 0, 2)
        self.base = 5 + n + 2
        self.geo = None           # the geometry of the book's rules, once its symmetries are made

    def moves(self, position):
        """Book moves for ``position`` (legal moves of it), [] if not in the book."""
        look = Lookup(self, position)
        while not look.step():
            pass
        return look.moves

    def _steps(self, position, out):
        # the lookup, a yield after each piece of work; the legal book moves go to ``out``
        if not self.count or str(position.rules) != self.rules:
            return
        perms = _cached(position.geo)
        if perms is None:
            for _ in _symmetry_steps(position.geo):
                yield
            perms = _cached(position.geo)
        key = perm = None
        for key, perm in _canonical_steps(position, perms):
            yield
        f = self.f
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
            yield
        f.seek(self.base + lo * RECORD)
        inv = None
        found = []
        for _ in range(lo, self.count):
            r = f.read(RECORD)
            if len(r) < RECORD or (_u(r, 0, 4), _u(r, 4, 4)) != key:
                break
            if inv is None:
                inv = _inverse(perm)
            found.append(map_move(_u(r, 8, 3), inv))
        legal = position.legal_moves
        for m in found:
            if m in legal:
                out.append(m)

    def close(self):
        """Close the file."""
        self.f.close()


class Lookup:
    """A book lookup of ``position`` in ``book`` done in steps, each a symmetry or
    a file read (a few ms on the Pico): ``step()`` -> True once done; ``moves`` is
    then the list of legal book moves ([] when the position is not in the book)."""

    def __init__(self, book, position):
        self.moves = []
        self.done = book is None
        self._gen = None if book is None else book._steps(position, self.moves)

    def step(self):
        """Do the next piece of the lookup; True when the lookup is complete."""
        if not self.done:
            try:
                next(self._gen)
            except StopIteration:
                self.done = True
                self._gen = None
        return self.done


def _default_path():
    try:
        here = __file__.rsplit("/", 1)[0]
    except (NameError, AttributeError):
        here = "engine"
    return here + "/book.bin"


_book = []  # [Book] once opened, [None] when there is no usable file


def default_book():
    """The board's book (book.bin beside this module), opened on the first call;
    None when there is no usable file."""
    if not _book:
        try:
            _book.append(Book(_default_path()))
        except (OSError, ValueError):
            _book.append(None)
    return _book[0]


def open_steps():
    """Open the board's book and make its board's symmetries, a step per yield (the
    main loop runs one step per pass at boot: issue 21)."""
    b = default_book()
    yield
    if b is not None:
        from morris import Rules
        for _ in _symmetry_steps(Rules.parse(b.rules).geo):
            yield


def book_moves(position, path=None):
    """Book moves (ints) for ``position`` from ``path`` (default: book.bin beside this
    module), or [] when the position, the rules or the file are not in the book."""
    if path is not None:
        b = Book(path)
        try:
            return b.moves(position)
        finally:
            b.close()
    b = default_book()
    return b.moves(position) if b is not None else []
