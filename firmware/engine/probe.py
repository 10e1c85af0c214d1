"""The engine board for tests and tools: perft and method wrappers of the viper
functions (not imported by the engine: its code stays out of the board's RAM)."""
from .emit import micropython
from .board import Board, gen, push, pop, terminal, capturable, zeros, OVERFLOW, REMOVAL

_G_PROT = 5     # engine/board.py's tables offsets (private there)
_G_INTERV = 213


def evaluate(pos, board=None):
    """Static evaluation of a morris.Position in centi-stones for the side to move:
    engine/evaluate.py's ``score`` on a Board of ``pos``'s rules (``board``: one
    to reuse, made for the same rules)."""
    from .evaluate import score, weights, NF
    b = board if board is not None else Board(pos.rules)
    b.load(pos)
    return score(b.S, b.G, weights(pos.rules), zeros(NF))


def features(pos, board=None):
    """engine/evaluate.py's features (list of NF ints, its module docstring) of a
    morris.Position for the side to move."""
    from .evaluate import score, weights, NF
    b = board if board is not None else Board(pos.rules)
    b.load(pos)
    F = zeros(NF)
    score(b.S, b.G, weights(pos.rules), F)
    return [F[i] for i in range(NF)]


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


def orders(S, G, m):
    """In how many orders the captures of move ``m`` may be taken (morris.perft.orders:
    protection recomputed after each capture; removal-only turns and intervention
    pairs in any order)."""
    if m & REMOVAL:
        k = 1
        x = m & 0xFFFFFF
        i = 0
        while x:
            x &= x - 1
            i += 1
            k *= i
        return k
    caps = [c for c in (m >> 10 & 31, m >> 15 & 31, (m >> 20 & 31) ^ 31) if c != 31]
    if len(caps) < 2:
        return 1
    if G[_G_INTERV]:
        return 2
    op = S[1 - S[6]]
    prot = G[_G_PROT]

    def count(opp, rest):
        if not rest:
            return 1
        cap = capturable(G, opp, prot)
        return sum(count(opp & ~(1 << p), [q for q in rest if q != p]) for p in rest if cap >> p & 1)
    return count(op, caps)


@micropython.native
def perft_orders(S, G, M, depth, base=0):
    """``perft`` counting each turn once per order its captures may be taken in
    (``orders``), as Sanmill's turn-level perft does (morris.perft.perft_orders)."""
    if depth == 0:
        return 1
    if terminal(S, G):
        return 0
    end = gen(S, G, M, base)
    if S[OVERFLOW]:
        raise MemoryError("engine perft: move stack full")
    n = 0
    for i in range(base, end):
        m = M[i]
        k = 1
        if m & REMOVAL or m >> 15 & 31 != 31:
            k = orders(S, G, m)
        if depth > 1:
            push(S, G, m)
            k *= perft_orders(S, G, M, depth - 1, end)
            pop(S, G)
        n += k
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

    def perft_orders(self, depth):
        """Leaf nodes ``depth`` turns below, a turn counted once per order of its captures."""
        return perft_orders(self.S, self.G, self.M, depth)
