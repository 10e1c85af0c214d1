"""Perft: count the move sequences of a given length (a node = one turn, captures included)."""
from .position import REMOVAL, move_captures


def perft(pos, depth):
    """Number of leaf nodes ``depth`` turns below ``pos``; game-over positions have no children."""
    return _count(pos, depth, None)


def perft_orders(pos, depth):
    """Perft counting a turn with several captures once per order they may be taken in,
    as Sanmill's turn-level perft does (docs/variants.md); equals ``perft`` for turns
    of at most one capture."""
    return _count(pos, depth, orders)


def _count(pos, depth, weigh):
    """Leaves ``depth`` turns below ``pos``, each turn counted ``weigh(pos, m)`` times
    (once when ``weigh`` is None)."""
    if depth == 0:
        return 1
    if pos._terminal() is not None:
        return 0
    moves = []
    pos.generate(moves)
    if depth == 1 and weigh is None:
        return len(moves)
    n = 0
    for m in moves:
        k = 1 if weigh is None else weigh(pos, m)
        if depth > 1:
            pos.push(m)
            k *= _count(pos, depth - 1, weigh)
            pos.pop()
        n += k
    return n


def orders(pos, m):
    """Number of orders the captures of move ``m`` may be taken in (1 for at most one)."""
    caps = move_captures(m)
    if len(caps) < 2:
        return 1
    return len(order_lists(pos, m, caps))


def order_lists(pos, m, caps=None):
    """The capture lists of move ``m`` in every order the rules allow (mill protection
    is recomputed after each capture; removal-only turns and intervention pairs take
    any order)."""
    if caps is None:
        caps = move_captures(m)
    out = []
    o = 1 - pos.turn
    free = m & REMOVAL or pos.rules.intervention == "on"

    def walk(rest, opp, acc):
        if not rest:
            out.append(list(acc))
            return
        cap = opp if free else pos.capturable(o, opp)
        for p in rest:
            if cap >> p & 1:
                acc.append(p)
                walk([q for q in rest if q != p], opp & ~(1 << p), acc)
                acc.pop()

    walk(caps, pos.bb[o], [])
    return out


def divide(pos, depth):
    """List of (move text, perft(depth - 1) after it) for every legal move of ``pos``."""
    out = []
    for m in pos.legal_moves:
        pos.push(m)
        n = perft(pos, depth - 1)
        pos.pop()
        out.append((pos.move_text(m), n))
    return out
