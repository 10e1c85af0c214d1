"""Taking moves back and ending a game on request (``Controller.undo``, ``_take_back``,
``_end``: undo, a capture put back, resignation, draw by agreement): imported for
the request and dropped again, so its code is not kept in the heap."""
from board.controller import CLEAR, SETUP, RESTORE, PLAY, HUMAN


def undo(c):
    """``Controller.undo``."""
    if c._mode == CLEAR or c._mode == SETUP:
        return False
    k = c._undo_k if c._mode == RESTORE else 0
    if k >= len(c.moves):
        return False
    pos = c.pos
    popped = []
    for _ in range(k + 1):
        popped.append(pos.pop())
    while (HUMAN in c.players and c.players[pos.turn] != HUMAN
           and len(popped) < len(c.moves)):
        popped.append(pos.pop())
    c._target = (pos.bb[0], pos.bb[1])
    for i in range(len(popped) - 1, -1, -1):
        pos.push(popped[i])
    c._undo_k = len(popped)
    c._hold = -1
    c._take = -1
    c._mode = RESTORE
    c.remote = -1
    c._dirty = True
    return True


def end(c, out):
    """``Controller._end``: end the game with Outcome ``out`` (False: no game going on)."""
    if (c.result is not None or not c.moves or c._mode == SETUP
            or c._mode == RESTORE):
        return False
    if c._mode == CLEAR:     # "new" then hint / undo: the game ends first
        c._mode = PLAY
    c._ended = out
    c.remote = -1
    c._hold = -1
    c._hint = None
    c._refresh()
    c._save()              # the end is part of the saved game: it resumes ended
    c._dirty = True
    c._events.append({"type": "result", "result": out.result(), "reason": out.reason})
    return True


def take_back(c, k, reason):
    """``Controller._take_back``."""
    for _ in range(k):
        c.pos.pop()
        c.moves.pop()
    c.remote = -1
    c._hold = -1
    c._take = -1
    c._forget()
    c._flash = 0
    c._ended = None
    c._refresh()
    c._save()
    ev = {"type": "undo", "plies": k, "record": c.moves}
    if reason:
        ev["reason"] = reason
    c._events.append(ev)
