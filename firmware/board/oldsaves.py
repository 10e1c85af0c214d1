"""The rare paths of resuming, loaded only when needed: the first player of a game
saved by an earlier firmware (its First came from the number of plies: the
game's is ``First XOR d``, d = 1 once a side moved twice running), and a saved
game that cannot be resumed (docs/board_controller.md, "Saved game")."""
from board.savefile import Unreadable, reader, moves_of


def first_of(store, start, opened):
    """The start position of an earlier format's game of every move in one file,
    whose ``start`` came from its First tag: replayed once (nothing kept, in
    bounded memory) to count its double moves; the start with the right first
    player."""
    from morris import Position
    tags, it, first = reader(store, opened)
    pos = start.copy()
    d = 0
    n = 0
    for t in moves_of(it, first):
        turn = pos.turn
        pos.push(pos.parse_move(t))
        n += 1
        if pos.turn == turn:
            d += 1
        if n % 64 == 0:
            pos = pos.copy()      # drops the undo data: bounded memory
    # the double move is the same in the game with the colours swapped
    return Position(start.rules, start.turn ^ (d & 1)) if d & 1 else start


def double_move(pos):
    """1 when the game that reached ``pos`` from the start made its double move
    (past placement), else 0; Unreadable where the position cannot tell."""
    r = pos.rules
    if pos.hand[0] or pos.hand[1]:
        return 0            # still placing
    full = 2 * r.stones >= pos.geo.n
    if full and r.full_board not in ("first_loses", "draw"):
        # a full board then owes removals instead of the double move: only the
        # whole game could tell which happened
        raise Unreadable("an earlier firmware's saved game whose first player cannot be told")
    # a board full at the end of placement ends the game there; the game went on: it was not
    return 0 if full and pos.count[0] + pos.count[1] == pos.geo.n else 1


def set_aside(c, reason):
    """Controller ``c``'s saved game cannot be resumed (``reason``): keep it under
    another name (``store.set_aside()``; a store that cannot is not written to
    again), say so in a ``resume`` event and on the LEDs (``aside``, until a
    button is pressed or a move made); a new game starts."""
    kept = None
    f = getattr(c.store, "set_aside", None)
    try:
        if f is None:
            raise OSError("the store cannot keep it")
        kept = f()
    except OSError as e:
        c.store_error = "saved game not set aside: %s" % e
        c.store = None           # never overwrite it
    c._aside = (reason, kept or "nothing (the store cannot keep it)")
    c._events.append({"type": "resume", "ok": False, "reason": reason, "kept": kept})
