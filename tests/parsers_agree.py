"""Answers of the firmware's text readers to every input of a corpus, one JSON line
each, the same script under CPython and the MicroPython unix port:

    micropython -X heapsize=192k tests/parsers_agree.py tests/data/parser_corpus.jsonl [FIRMWARE_DIR]
    python tests/parsers_agree.py tests/data/parser_corpus.jsonl

FIRMWARE_DIR (default firmware/) may be the firmware compiled to .mpy (as on the Pico).

Each corpus line is a JSON object: ``kind`` ("record", "fen", "position",
"move", "rules" or "saved"), ``text`` and, for moves, ``position`` (the
position text the move is read on). The answer is ``["ok", ...what was read]``
or ``["error", exception class, message]``; tests/test_parsers_agree.py
compares the two interpreters' answers line by line.
"""
import sys

try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

sys.path.insert(0, sys.argv[2] if len(sys.argv) > 2 else "firmware")

from morris import Position, Rules  # noqa: E402
from morris.record import read_record, RecordError  # noqa: E402
from morris.sanmill import from_sanmill_fen  # noqa: E402


class Store:
    """The controller's store contract in memory (no log)."""

    def __init__(self, data):
        self.data = data

    def save(self, data):
        self.data = bytes(data)

    def load(self):
        return self.data


def answer(entry):
    kind = entry["kind"]
    text = entry["text"]
    if kind == "record":
        tags, start, moves = read_record(text)
        return ["ok", sorted([k, tags[k]] for k in tags), start.text(), moves]
    if kind == "fen":
        return ["ok", from_sanmill_fen(text).text()]
    if kind == "position":
        return ["ok", Position.from_text(text).text()]
    if kind == "move":
        pos = Position.from_text(entry["position"])
        return ["ok", pos.move_text(pos.parse_move(text))]
    if kind == "rules":
        return ["ok", str(Rules.parse(text))]
    if kind == "saved":
        from board.controller import Controller
        c = Controller(rules="standard", players=("human", "human"), store=Store(text.encode()))
        ev = c.events()
        if ev and ev[0]["type"] == "resume":
            return ["aside", ev[0]["reason"]]
        rules, first, start = c.game_start()
        return ["ok", c.pos.text(), c.plies, rules, first, start,
                c.result.result() if c.result is not None else None]
    raise ValueError("unknown kind %s" % kind)


def main(path):
    import gc
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            gc.collect()
            entry = json.loads(line)
            try:
                out = answer(entry)
            except (RecordError, ValueError) as e:
                out = ["error", type(e).__name__, str(e)]
            print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
