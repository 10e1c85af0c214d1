"""One table of USB protocol lines (docs/protocol.md) and the switch events between
them, run against the firmware's MainLoop (tests/firmware/test_protocol_table.py,
under CPython and under MicroPython with a Pico-sized heap) and against the
host simulator over its serial link (tests/test_sim_protocol.py, which asserts
that both give exactly the same replies).

The table: hello, new, state, the Sanmill self-play game (tests/data) carried
out move by move as switch events to its draw by threefold repetition, with a
hint, an undo (the stones put back as the LEDs ask) and the record on the
way; settings read and set, selftest, and lines the board must refuse.

``run(board, emit)`` plays the table on ``board``, which offers
``send(line)`` -> the reply dict, ``switches(mask)`` (the stones now
standing: bit i = point i) and ``wait(ms)`` (the clock moves on ``TICK`` ms
per main-loop pass), and hands every reply to ``emit``. Runs under
MicroPython (no f-strings).
"""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json  # type: ignore

from morris import Position
from morris.notation import split_move
from morris.position import NONE

TICK = 20
HAND_MS = 600      # after a hand action: past the settle time and the flight commit delay
GAME = "tests/data/sanmill-selfplay-standard.txt"
SETTINGS = {"rules": "standard", "players": ["human", "human"], "level": 3, "learning": False}

TABLE = (
    ("send", '{"cmd": "hello", "id": 1}'),
    ("send", '{"cmd": "new", "preset": "standard", "players": ["human", "human"], "level": 2, "id": "n"}'),
    ("wait", 200),
    ("send", '{"cmd": "state", "id": 2}'),
    ("play", 9),
    ("send", '{"cmd": "hint", "id": 3}'),
    ("wait", 100),
    ("send", '{"cmd": "state", "id": 4}'),
    ("play", 1),
    ("send", '{"cmd": "undo", "id": 5}'),
    ("wait", 100),
    ("send", '{"cmd": "state", "id": 6}'),
    ("restore",),
    ("send", '{"cmd": "state", "id": 7}'),
    ("play", 20),
    ("send", '{"cmd": "record", "id": 8}'),
    ("play", 99),
    ("send", '{"cmd": "state", "id": 9}'),
    ("send", '{"cmd": "record", "id": 10}'),
    ("send", '{"cmd": "settings", "id": 11}'),
    ("send", '{"cmd": "settings", "set": {"level": 4, "learning": true}, "id": 12}'),
    ("send", '{"cmd": "settings", "id": 13}'),
    ("send", '{"cmd": "selftest", "id": 14}'),
    ("send", '{"cmd": "move", "move": "d2", "id": 15}'),
    ("send", '{"cmd": "undo", "id": 16, "extra": 1}'),
    ("send", '{"cmd": "dance"}'),
    ("send", 'not json'),
    ("send", '{"cmd": "new", "level": 9, "id": 17}'),
    ("send", '{"cmd": "press", "button": "new", "id": 18}'),
    ("wait", 100),
    ("switches", 0),
    ("wait", HAND_MS),
    ("send", '{"cmd": "state", "id": 19}'),
)


def game_moves():
    """The move texts of the Sanmill self-play game (51 moves)."""
    from morris.record import split_record
    with open(GAME) as f:
        return split_record(f.read())[1]


class _Hand:
    """Carries out moves as switch events, from the board's own position text."""

    def __init__(self, board):
        self.board = board
        self.occ = 0

    def set(self, mask):
        self.occ = mask
        self.board.switches(mask)
        self.board.wait(HAND_MS)

    def play(self, pos_text, text):
        pos = Position.from_text(pos_text)
        frm, to, caps = split_move(pos.geo, text)
        if frm != NONE:
            self.set(self.occ & ~(1 << frm))
        self.set(self.occ | 1 << to)
        for c in caps:
            self.set(self.occ & ~(1 << c))


def run(board, emit, table=TABLE):
    """Play ``table`` on ``board`` (module doc), handing each reply (dict) to
    ``emit`` as it comes (the replies are not kept: a Pico-sized heap holds
    few state replies at once); returns how many there were. The "play N"
    steps ask for the state (their replies count too) to find the next move
    of the game, and stop at its end."""
    moves = game_moves()
    hand = _Hand(board)
    n = 0
    for step in table:
        kind = step[0]
        if kind == "send":
            emit(board.send(step[1]))
            n += 1
        elif kind == "wait":
            board.wait(step[1])
        elif kind == "switches":
            hand.set(step[1])
        elif kind == "restore":
            st = board.send('{"cmd": "state"}')
            emit(st)
            n += 1
            hand.set(st["expected"])
        elif kind == "play":
            for _ in range(step[1]):
                st = board.send('{"cmd": "state"}')
                emit(st)
                n += 1
                k = len(st["record"])
                if st["result"] is not None or k >= len(moves):
                    break
                hand.play(st["position"], moves[k])
    return n


def dumps(reply):
    """One reply as a canonical JSON line (keys sorted) for comparing runs."""
    keys = sorted(reply)
    return "{" + ", ".join(json.dumps(k) + ": " + _value(reply[k]) for k in keys) + "}"


def _value(v):
    if isinstance(v, dict):
        return dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    return json.dumps(v)
