"""The engine board for tests and tools: perft and method wrappers of the viper
functions (not imported by the engine: its code stays out of the board's RAM)."""
from .emit import micropython
from .board import Board, gen, push, pop, terminal, zeros, OVERFLOW
from .engine import holds


def evaluate(pos, board=None):
    """Static evaluation of a morris.Position in centi-stones for the side to move:
    engine/evaluate.py's ``score`` on a Board of ``pos``'s rules (``board``: one
    to reuse), or engine/relatives.py's for rules ``holds`` rejects."""
    if not holds(pos.rules):
        from .relatives import evaluate as relatives_evaluate
        return relatives_evaluate(pos)
    from .evaluate import score, weights, NF
    b = board if board is not None else Board(pos.rules)
    b.load(pos)
    return score(b.S, b.G, weights(), zeros(NF))


@micropython.native
def perft(S, G, M, depth, base=0):
    """Leaf nodes ``depth`` turns below the position in ``S`` (as morris.perft:
    game-over positions have no children; the last ply counts the generated moves)."""
    if depth == 0:
        return 1
    if terminal(S, G):
        return 0
    end = gen(S, G, M, base)
    if S[OVERFLOW]:
        raise MemoryError("engine perft: move stack full")
    if depth == 1:
        return end - base
    n = 0
    for i in range(base, end):
        push(S, G, M[i])
        n += perft(S, G, M, depth - 1, end)
        pop(S, G)
    return n


class BoardProbe(Board):
    """A Board with methods for tests and tools (``Board``'s arguments)."""

    def moves(self):
        """List of the side to move's moves (ignoring game over)."""
        end = gen(self.S, self.G, self.M, 0)
        return [self.M[i] for i in range(end)]

    def push(self, m):
        """Play ``m``."""
        push(self.S, self.G, m)

    def pop(self):
        """Take back the last move; returns it."""
        return pop(self.S, self.G)

    def terminal(self):
        """T_NONE / T_WIN / T_LOSS / T_DRAW for the side to move."""
        return terminal(self.S, self.G)

    def perft(self, depth):
        """Leaf nodes ``depth`` turns below (see ``perft``)."""
        return perft(self.S, self.G, self.M, depth)
