"""Build the engine's opening book (firmware/engine/book.bin) by deep searches.

    .venv/bin/micropython -X heapsize=8m tools/build_book.py [PLIES] [NODES] [RULES]
    (CPython works too, about ten times slower: the engine's emitted code)

Every position of the first PLIES placement turns (default 3: plies 0..3,
every move of either side, positions merged under the board's 16
symmetries) is searched by the top level with a node cap of NODES (default
60000, about 25 times the top level's own) and its answers are recorded:
the moves the top level chooses with SEEDS different seeds of its variety
(each within its margin of the best: engine/search.py's root noise). The file format is engine/book.py's. Prints the number of
positions and records and the file size.
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")

from morris import Position, Rules  # noqa: E402
from engine import Engine, TOP_LEVEL  # noqa: E402
from engine.book import MAGIC, canonical, map_move  # noqa: E402

OUT = "firmware/engine/book.bin"
SEEDS = 4   # searches per position, one per variety seed


def _b(v, n):
    return bytes([(v >> (8 * (n - 1 - i))) & 255 for i in range(n)])


def build(plies, nodes, rules_text, out=OUT, log=print):
    """Search every position up to ``plies`` turns deep; write the book; return (positions, records)."""
    rules = Rules.parse(rules_text)
    eng = Engine(TOP_LEVEL, nodes=nodes, ms=10 ** 8, seed=1, book=False)
    level = [Position(rules)]
    seen = {}
    records = []
    for ply in range(plies + 1):
        nxt = []
        for pos in level:
            key, perm = canonical(pos)
            if key in seen:
                continue
            seen[key] = True
            if pos.outcome() is not None:
                continue
            answers = []
            for seed in range(1, SEEDS + 1):
                eng.new_game()
                eng.reseed(seed)
                m = eng.think(pos)
                if m not in answers:
                    answers.append(m)
                    records.append((key[0], key[1], map_move(m, perm)))
            if ply < plies:
                for m in pos.legal_moves:
                    c = pos.copy()
                    c.push(m)
                    nxt.append(c)
        log("ply %d: %d positions searched so far, %d records" % (ply, len(seen), len(records)))
        level = nxt
    records.sort()
    rt = str(rules).encode()
    with open(out, "wb") as f:
        f.write(MAGIC)
        f.write(bytes([len(rt)]))
        f.write(rt)
        f.write(_b(len(records), 2))
        for k1, k2, m in records:
            f.write(_b(k1, 4))
            f.write(_b(k2, 4))
            f.write(_b(m, 3))
    return len(seen), len(records)


def main(argv):
    plies = int(argv[0]) if argv else 3
    nodes = int(argv[1]) if len(argv) > 1 else 60000
    rules = argv[2] if len(argv) > 2 else "standard"
    n, r = build(plies, nodes, rules)
    print("book: %d positions, %d records, %d bytes -> %s" % (n, r, 5 + len(rules) + 2 + 11 * r, OUT))


if __name__ == "__main__":
    main(sys.argv[1:])
