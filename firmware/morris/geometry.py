"""Board geometry as data: points, lines (mills), adjacency, all as bitmasks.

A geometry is built from its lines of three (and optional extra links that
join points without forming a line), so the Twelve Men's Morris diagonals or
the 16-point Six Men's Morris board are new data, not new code.
Points are numbered in reading order of the 7x7 grid from the bottom row up
(a1, d1, g1, b2, d2, f2, ...); point ``i`` is bit ``1 << i``.
Source: docs/rules.md, "Board and notation".
"""
from .compat import forget


STANDARD_LINES = (
    "a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4", "c5 d5 e5",
    "b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3",
    "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
)


def _key(name):
    return (name[1], name[0])  # row, then column


class Geometry:
    """Points, lines and adjacency of one board.

    Attributes: ``names`` (tuple of point names, index = point number),
    ``index`` (name -> point), ``n`` (points), ``full`` (mask of all points),
    ``lines`` (tuple of line masks), ``line_names``, ``adj`` (per point, mask of
    adjacent points), ``lines_at`` (per point, tuple of line indices through
    it), ``masks_at`` (the same as line masks), ``adj_points`` (per point, tuple of
    adjacent points), ``rows`` (tuple of tuples of points, top row first, for text forms).
    Raises ValueError for a malformed line or link description.
    """

    def __init__(self, name, lines, links=()):
        self.name = name
        names = set()
        triples = []
        for text in lines:
            pts = text.split()
            if len(pts) != 3:
                raise ValueError("line must have three points: %r" % text)
            triples.append(pts)
            names.update(pts)
        pairs = [p.split() for p in links]
        for pair in pairs:
            if len(pair) != 2 or not (pair[0] in names and pair[1] in names):
                raise ValueError("bad link: %r" % (pair,))
        self.names = tuple(sorted(names, key=_key))
        self.n = len(self.names)
        self.index = {nm: i for i, nm in enumerate(self.names)}
        self.full = (1 << self.n) - 1
        ix = self.index
        self.lines = tuple((1 << ix[a]) | (1 << ix[b]) | (1 << ix[c]) for a, b, c in triples)
        self.line_names = tuple(" ".join(t) for t in triples)
        adj = [0] * self.n
        for a, b, c in triples:
            pairs.append((a, b))
            pairs.append((b, c))
        for a, b in pairs:
            adj[ix[a]] |= 1 << ix[b]
            adj[ix[b]] |= 1 << ix[a]
        self.adj = tuple(adj)
        n = self.n
        lines = self.lines
        at = [[li for li in range(len(lines)) if lines[li] >> p & 1] for p in range(n)]
        masks = [[lines[li] for li in t] for t in at]
        near = [[q for q in range(n) if adj[p] >> q & 1] for p in range(n)]
        rows = {}
        for i, nm in enumerate(self.names):
            rows.setdefault(nm[1], []).append(i)
        rows = [rows[r] for r in sorted(rows, reverse=True)]
        self.lines_at = _tuples(at)
        self.masks_at = _tuples(masks)
        self.adj_points = _tuples(near)
        self.rows = _tuples(rows)

    def point(self, name):
        """Point number of ``name`` (e.g. 'd2'); raises ValueError if there is no such point."""
        p = self.index.get(name)
        if p is None:
            raise ValueError("no point named %r" % name)
        return p


def _tuples(rows):
    """A tuple of the lists ``rows`` as tuples, the inner ones made one after another
    once all the lists exist: no garbage between them, so the heap keeps its large
    free blocks (built from generators, the Pico's heap was left with each small
    tuple of a table in its own gap; issue 21)."""
    out = [None] * len(rows)
    for i in range(len(rows)):
        out[i] = tuple(rows[i])
    return tuple(out)


class _Geometries:
    """Name -> Geometry, each built on first use (RAM is scarce on the Pico).

    ``GEOMETRIES[name]`` raises KeyError for an unknown board.
    """

    NAMES = ("standard", "diagonals", "six")

    def __init__(self):
        self._built = {}

    def __getitem__(self, name):
        g = self._built.get(name)
        if g is None:
            if name == "standard":
                g = Geometry(name, STANDARD_LINES)
            else:
                # the relatives' boards (morris/presets.py, loaded only for them)
                from . import presets
                std, lines, links = presets.BOARDS[name]
                forget(presets.__name__)
                g = Geometry(name, STANDARD_LINES + lines if std else lines, links)
            self._built[name] = g
        return g

    def __contains__(self, name):
        return name in self.NAMES


GEOMETRIES = _Geometries()
