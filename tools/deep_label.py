"""Deep-search values of positions, for tools/tune_weights.py ``--labels deep``.

Runs under the MicroPython unix port (the engine's emitted code) or CPython::

    micropython -X heapsize=8m tools/deep_label.py NODES < positions

reads one position text per line (morris.Position.text) and prints, for each,
the engine's score after a search of NODES nodes (centi-stones for the side to
move; about +-10000 for a forced win / loss) and the depth it completed:
``score depth``. The search is the top level's without the book, the endgame
table or the root noise (margin 0), with a 16,384-entry table cleared before
each position, so a value depends on the position alone.
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")

from morris import Position  # noqa: E402
from engine import Engine, TOP_LEVEL  # noqa: E402


def main(argv):
    nodes = int(argv[0])
    eng = Engine(TOP_LEVEL, nodes=nodes, seed=1, book=False, tt_size=16384)
    eng.margin = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        line = line.strip()
        if not line:
            continue
        pos = Position.from_text(line)
        eng.new_game()
        eng.think(pos)
        print("%d %d" % (eng.score, eng.depth))


if __name__ == "__main__":
    main(sys.argv[1:])
