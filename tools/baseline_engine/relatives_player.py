"""FROZEN BASELINE: the relatives' engine of main 58dd098 (before issue 23) as a player.

``RelativesEngine(level, nodes=None, seed=None, tt_size=None)`` plays as
firmware/engine/engine.py's ``Engine`` did for the rule sets its array board
did not hold: the Position-driven search of ``relatives.py`` (a verbatim
copy) at that file's levels (``relatives.LEVELS``: node caps 120 / 400 /
600 / 800 / 4,000), its root noise drawn from morris.compat.XorShift16
seeded by ``seed``, a position with no or one legal move answered at once.
tools/match.py plays it as ``R1``..``R5`` under any rules (issue 23's
acceptance 3 compares the new level 5 with ``R5`` in seven relatives).
"""
from morris.compat import XorShift16, ticks_ms
from morris.position import NOMOVE
from .relatives import Relatives


class RelativesEngine:
    """The frozen relatives' engine at ``level`` (1..5); ``think(position)`` -> move int,
    ``nodes`` after it. ``nodes`` overrides the level's node cap."""

    def __init__(self, level=5, nodes=None, seed=None, tt_size=None):
        self.level = 1 if level < 1 else 5 if level > 5 else level
        self.cap = nodes
        self.rng = XorShift16(ticks_ms() if seed is None else seed)
        self.rel = Relatives(tt_size, None)
        self.nodes = 0
        self.depth = 0
        self.score = 0

    def new_game(self):
        """Forget the table, killers and history."""
        self.rel.searcher.clear()

    def think(self, position, slice_ms=50):
        """The move for ``position`` (blocking); NOMOVE when the game is over."""
        self.nodes = 0
        moves = position.legal_moves
        if not moves:
            return NOMOVE
        if len(moves) == 1:
            return moves[0]
        rel = self.rel
        rel.start(position, self.level, self.rng, self.cap, None, None)
        while True:
            m = rel.step(slice_ms)
            if m is not None:
                self.nodes = rel.nodes
                self.depth = rel.depth
                self.score = rel.score
                return m
