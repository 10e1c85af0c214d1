"""A slow, obviously correct brute force of the classic rules for perft references.

Plain dicts and sets, written from the rule texts (docs/rules.md, docs/variants.md),
never from the rules core: mandatory capture of one stone, stones in mills
protected unless all are, flying at three (when allowed), loss below three
stones counting those in hand, a player with no legal move has no children.
"""


class Brute:
    """The rules on one board: ``lines`` (tuples of three point names), ``links``
    (pairs joined without a line), ``fly`` (True: flying with exactly three stones)."""

    def __init__(self, lines, links=(), fly=True):
        self.lines = [tuple(ln) for ln in lines]
        self.points = sorted({p for ln in self.lines for p in ln})
        self.adj = {p: set() for p in self.points}
        pairs = [(a, b) for a, b, _ in self.lines] + [(b, c) for _, b, c in self.lines] + list(links)
        for x, y in pairs:
            self.adj[x].add(y)
            self.adj[y].add(x)
        self.fly = fly

    def moves(self, board, hand, side):
        """All turns for ``side`` ('W'/'B') as (from or None, to, capture or None)."""
        other = "B" if side == "W" else "W"
        mine = [p for p in self.points if board.get(p) == side]
        theirs = [p for p in self.points if board.get(p) == other]
        if len(mine) + hand[side] < 3 or len(theirs) + hand[other] < 3:
            return []
        empty = [p for p in self.points if p not in board]
        if hand[side] > 0:
            steps = [(None, to) for to in empty]
        elif self.fly and len(mine) == 3:
            steps = [(fr, to) for fr in mine for to in empty]
        else:
            steps = [(fr, to) for fr in mine for to in sorted(self.adj[fr]) if to not in board]
        in_mill = {p for ln in self.lines if all(board.get(q) == other for q in ln) for p in ln}
        targets = [p for p in theirs if p not in in_mill] or theirs
        out = []
        for fr, to in steps:
            after = dict(board)
            if fr:
                del after[fr]
            after[to] = side
            if any(to in ln and all(after.get(q) == side for q in ln) for ln in self.lines) and targets:
                out.extend((fr, to, c) for c in targets)
            else:
                out.append((fr, to, None))
        return out

    def perft(self, board, hand, side, depth):
        """Number of turn sequences of length ``depth``."""
        if depth == 0:
            return 1
        moves = self.moves(board, hand, side)
        if depth == 1:
            return len(moves)
        other = "B" if side == "W" else "W"
        n = 0
        for fr, to, cap in moves:
            b = dict(board)
            h = dict(hand)
            if fr:
                del b[fr]
            else:
                h[side] -= 1
            b[to] = side
            if cap:
                del b[cap]
            n += self.perft(b, h, other, depth - 1)
        return n


def from_position(pos):
    """(board dict name -> 'W'/'B', hands {'W': n, 'B': n}, side 'W'/'B') of a Position."""
    board = {}
    for i, name in enumerate(pos.geo.names):
        if pos.bb[0] >> i & 1:
            board[name] = "W"
        elif pos.bb[1] >> i & 1:
            board[name] = "B"
    return board, {"W": pos.hand[0], "B": pos.hand[1]}, "WB"[pos.turn]
