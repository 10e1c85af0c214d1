"""Deep-search worker of tools/build_book.py: runs in the MicroPython unix port
(the engine's emitted code, about ten times faster than CPython; CPython works too).

    micropython -X heapsize=16m tools/book_worker.py [TT_ENTRIES]

Reads one request a line from stdin, ``SEED NODES POSITION_TEXT`` (the position
in firmware/morris/notation.py's text form), searches it with the top level
(no book, a node cap of NODES, no deadline, the top level's root noise seeded
by SEED, a fresh transposition table of TT_ENTRIES entries, default 65536) and
writes ``MOVE NODES DEPTH SCORE`` (the move int, nodes searched, last
completed iteration, score in centi-stones for the mover) on one line of stdout.
An empty line or end of input ends it.
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")

from morris import Position  # noqa: E402
from engine import Engine, TOP_LEVEL  # noqa: E402


def main(argv):
    tt = int(argv[0]) if argv else 1 << 16
    eng = Engine(TOP_LEVEL, tt_size=tt, ms=10 ** 8, seed=1, book=False)
    while True:
        line = sys.stdin.readline()
        if not line or not line.strip():
            break
        seed, nodes, text = line.strip().split(" ", 2)
        pos = Position.from_text(text)
        eng.set_level(TOP_LEVEL, nodes=int(nodes), ms=10 ** 8)
        eng.new_game()
        eng.reseed(int(seed))
        m = eng.think(pos, 1000)
        sys.stdout.write("%d %d %d %d\n" % (m, eng.nodes, eng.depth, eng.score))
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
