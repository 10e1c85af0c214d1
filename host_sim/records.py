"""Game records in the simulator: export the game, import a record, step through it.

Export: the board's "record" reply (docs/protocol.md) with the simulator's
tags set by ``retag`` (the record format of ``morris.record``, docs/records.md).

Import: ``load(text, rules)`` reads our record format, a Sanmill move list
(action notation, ``xb4`` captures) or a Sanmill FEN (a start position with
no moves); a broken record raises ``morris.record.RecordError`` naming the
move number and the reason.

Replay: ``Replay`` is a view of an imported (or exported) game: a cursor
over its moves with first / back / forward / last / goto. It never touches
the simulated board: the page draws ``Replay.state()`` instead of the live
board while replay is on.
"""
import time

from morris import Position, NONE, split_move
from .sim import physical_colours
from morris.sanmill import from_sanmill_fen, is_sanmill_fen
from morris.record import (read_record, write_record,
                           RecordError, numbers, split_record, tag_line,
                           parse_tag, TAG_ORDER)

COLOURS = ("white", "black")


def today():
    """Today's date in the record format (YYYY.MM.DD)."""
    t = time.localtime()
    return "%04d.%02d.%02d" % (t[0], t[1], t[2])


def player_name(kind, level):
    """Tag value for a player kind: "human", "computer level 3", "remote"."""
    return "computer level %d" % level if kind == "computer" else kind


def retag(text, tags):
    """Record ``text`` with the tags of ``tags`` (dict) set, replaced where present;
    tags in the order ``morris.record`` writes them; the moves stay as they are."""
    split_record(text)       # RecordError for a text that is no record
    lines = text.split("\n")
    head = 0
    while head < len(lines) and lines[head].startswith("["):
        head += 1
    values = {}
    for line in lines[:head]:
        key, value = parse_tag(line)
        values[key] = value
    values.update(tags)
    keys = [k for k in TAG_ORDER if k in values] + [k for k in values if k not in TAG_ORDER]
    return "\n".join([tag_line(k, values[k]) for k in keys] + lines[head:])


def load(text, rules=None):
    """(tags, start Position, move texts) of an imported text: our record, a
    Sanmill move list or a Sanmill FEN. ``rules`` (Rules or text) applies when
    the text names none. Raises RecordError (with the move number for a bad move)."""
    if not isinstance(text, str) or not text.strip():
        raise RecordError("nothing to import")
    lines = [ln.strip() for ln in text.strip().split("\n")
             if ln.strip() and not ln.strip().startswith("#")]
    if len(lines) == 1 and is_sanmill_fen(lines[0]):
        start = from_sanmill_fen(lines[0], rules)
        return {"Rules": str(start.rules), "FEN": lines[0], "Result": "*"}, start, []
    return read_record(text, rules)


class Replay:
    """Step-through view of a game: ``tags``, ``start`` (Position), ``moves`` (texts);
    ``index`` = number of moves played on the shown board (0 .. len(moves))."""

    def __init__(self, tags, start, moves, source="import"):
        self.tags = tags
        self.start = start
        self.moves = list(moves)
        self.source = source
        self.index = len(self.moves)
        self.pos = start.copy()
        self.sides = []          # who made each move, from the game (the same side may move twice)
        for m in self.moves:
            self.sides.append(self.pos.turn)
            self.pos.push_text(m)

    def go(self, action, index=None):
        """Move the cursor: "first", "back", "forward", "last" or "goto" (with ``index``)."""
        n = len(self.moves)
        if action == "first":
            k = 0
        elif action == "back":
            k = max(0, self.index - 1)
        elif action == "forward":
            k = min(n, self.index + 1)
        elif action == "last":
            k = n
        elif action == "goto":
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= n:
                raise ValueError("replay index must be 0..%d" % n)
            k = index
        else:
            raise ValueError("replay action must be first, back, forward, last or goto")
        while self.index > k:
            self.pos.pop()
            self.index -= 1
        while self.index < k:
            self.pos.push_text(self.moves[self.index])
            self.index += 1
        return k

    def position(self):
        """The Position shown now (do not push or pop on it)."""
        return self.pos

    def record_text(self):
        """The record of the whole game (our format)."""
        extra = {}
        for k in ("Event", "Site", "Date", "Round", "White", "Black"):
            if k in self.tags:
                extra[k] = self.tags[k]
        start = self.start.text() if self._setup() else None
        res = self.tags.get("Result")
        term = self.tags.get("Termination")
        end = self._final_outcome()
        if end is not None:
            res, term = None, None     # the replay's own outcome
        return write_record(self.moves, rules=None if start else self.start.rules, start=start,
                            first=self.start.turn, tags=extra, result=res, termination=term)

    def _final_outcome(self):
        p = self.pos
        k = self.index
        self.go("last")
        out = p.outcome()
        self.go("goto", k)
        return out

    def _setup(self):
        return "Position" in self.tags or "FEN" in self.tags

    def state(self):
        """What the page draws in replay mode (JSON-ready dict)."""
        pos = self.pos
        geo = pos.geo
        stones = physical_colours(pos)
        last = None
        mills = []
        if self.index > 0:
            m = pos.move_stack[-1] if pos.move_stack else None
            if m is not None:
                frm, to, caps = split_move(geo, self.moves[self.index - 1])
                mover = self.sides[self.index - 1]
                last = {"move": self.moves[self.index - 1], "by": COLOURS[mover],
                        "to": geo.names[to] if to != NONE else None,
                        "from": geo.names[frm] if frm != NONE else None,
                        "captures": [geo.names[c] for c in caps]}
                own = pos.bb[mover]
                for li in (geo.lines_at[to] if to != NONE else ()):
                    ln = geo.lines[li]
                    if own & ln == ln:
                        mills.append([geo.names[q] for q in range(geo.n) if ln >> q & 1])
        numbered = []
        for (num, side), mv in zip(numbers(self.sides), self.moves):
            numbered.append({"n": num, "side": side, "move": mv})
        out = pos.outcome() if self.index == len(self.moves) else None
        result, reason = (out.result(), out.reason) if out else (None, None)
        if self.index == len(self.moves) and out is None and self.tags.get("Result") in (
                "1-0", "0-1", "1/2-1/2"):
            result, reason = self.tags["Result"], self.tags.get("Termination")   # e.g. resignation
        return {
            "index": self.index, "total": len(self.moves), "moves": numbered,
            "tags": dict(self.tags), "stones": stones, "turn": COLOURS[pos.turn],
            "in_hand": list(pos.hand), "on_board": list(pos.count),
            "captured": [pos.rules.stones - pos.hand[i] - pos.count[i] for i in (0, 1)],
            "last": last, "mills": mills, "rules": str(pos.rules), "source": self.source,
            "result": result, "reason": reason,
            "position": pos.text(),
        }


def continue_store_bytes(pos_start, moves):
    """Store bytes (the controller's saved-game format: ``board.controller.saved_bytes``)
    of a game from ``pos_start`` through ``moves``: the controller resumes it once the
    stones match."""
    from board.controller import saved_bytes
    start = Position.from_text(pos_start.text()) if not isinstance(pos_start, str) else Position.from_text(pos_start)
    first = start.turn
    fresh = Position(start.rules, first)
    return saved_bytes(str(start.rules), COLOURS[first], start.text() if start.text() != fresh.text() else None,
                       moves)


__all__ = ["retag", "load", "Replay", "RecordError", "continue_store_bytes", "today"]
