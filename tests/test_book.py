"""The shipped opening book (firmware/engine/book.bin, built by tools/build_book.py).

The file is in engine/book.py's format with sorted, distinct records; every
record's move is legal in its canonical position; every position of the
first four placement turns (plies 0..3, 479 under the 16 symmetries) is in
it, and book.py finds legal answers for them in every symmetric frame.
"""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_book  # noqa: E402
from morris import Position, Rules  # noqa: E402
from engine.book import Book, canonical  # noqa: E402

PATH = build_book.OUT


def _position(key):
    """The canonical position of a book key (stones, side to move, in hand)."""
    k1, k2 = key
    geo = Rules("standard").geo
    rows = ["".join("W" if k1 >> p & 1 else "B" if k2 >> p & 1 else "." for p in row) for row in geo.rows]
    return Position.from_text("standard %s %s %d/%d 0/0 0/0 -/- -"
                              % ("/".join(rows), "wb"[k1 >> 24 & 1], k1 >> 25, k2 >> 25))


def test_records_are_sorted_distinct_and_legal():
    book = Book(PATH)
    assert book.rules == "standard"
    with open(PATH, "rb") as f:
        data = f.read()
    recs = []
    for i in range(book.count):
        r = data[book.base + 11 * i: book.base + 11 * (i + 1)]
        recs.append((int.from_bytes(r[0:4], "big"), int.from_bytes(r[4:8], "big"), int.from_bytes(r[8:11], "big")))
    assert len(data) == book.base + 11 * book.count
    assert recs == sorted(set(recs))
    for k1, k2, m in recs:
        pos = _position((k1, k2))
        assert canonical(pos)[0] == (k1, k2)
        assert m in pos.legal_moves, (pos.text(), m)


def test_first_four_placement_turns_are_covered_in_every_frame():
    book = Book(PATH)
    keys = build_book.book_records(PATH)
    level = [Position(Rules("standard"))]
    n = 0
    rng = random.Random(4)
    for ply in range(4):
        nxt = []
        seen = set()
        for pos in level:
            key, _ = canonical(pos)
            if key in seen:
                continue
            seen.add(key)
            assert key in keys, pos.text()
            if rng.random() < 0.1:   # a sample through book.py, in the position's own frame
                bm = book.moves(pos)
                assert bm and all(m in pos.legal_moves for m in bm), pos.text()
            for m in pos.legal_moves:
                c = pos.copy()
                c.push(m)
                nxt.append(c)
        n += len(seen)
        level = nxt
    assert n == 479
    assert len(keys) >= 479
