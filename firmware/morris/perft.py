"""Perft: count the move sequences of a given length (a node = one turn, captures included)."""


def perft(pos, depth):
    """Number of leaf nodes ``depth`` turns below ``pos``; game-over positions have no children."""
    if depth == 0:
        return 1
    if pos._terminal() is not None:
        return 0
    moves = []
    pos.generate(moves)
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        pos.push(m)
        n += perft(pos, depth - 1)
        pos.pop()
    return n


def divide(pos, depth):
    """List of (move text, perft(depth - 1) after it) for every legal move of ``pos``."""
    out = []
    for m in pos.legal_moves:
        pos.push(m)
        n = perft(pos, depth - 1)
        pos.pop()
        out.append((pos.move_text(m), n))
    return out
