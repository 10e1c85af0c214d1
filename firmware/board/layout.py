"""Physical points <-> game points for a board of fewer than 24 points (``six``).

The switches and LEDs are numbered as the standard board's points; Six
Men's Morris uses 16 of them (the middle and inner squares). Loaded by
board.reading.layout only for such a game.
"""
from morris.geometry import GEOMETRIES


class Layout:
    """Physical points (24, standard numbering) <-> the points of geometry ``geo``.

    ``phys``: per game point, its physical point; ``used``: mask of the
    physical points the game uses. Only boards with fewer points (``six``)
    need one; ``layout(geo)`` returns None for the others."""

    def __init__(self, geo):
        std = GEOMETRIES["standard"].index
        self.phys = tuple(std[nm] for nm in geo.names)
        used = 0
        for p in self.phys:
            used |= 1 << p
        self.used = used

    def to_game(self, occ):
        """Game-point mask of physical occupancy ``occ``."""
        out = 0
        ph = self.phys
        for i in range(len(ph)):
            if occ >> ph[i] & 1:
                out |= 1 << i
        return out

    def to_phys(self, mask):
        """Physical mask of game-point mask ``mask``."""
        out = 0
        ph = self.phys
        for i in range(len(ph)):
            if mask >> i & 1:
                out |= 1 << ph[i]
        return out

    def frame(self, frame, stray, colour):
        """The physical LED frame from the game's ``frame`` (game points first): the
        unused points dark, a stone on one (``stray``: physical mask) in ``colour``."""
        out = [(0, 0, 0)] * 24
        ph = self.phys
        for i in range(len(ph)):
            out[ph[i]] = frame[i]
        for p in range(24):
            if stray >> p & 1:
                out[p] = colour
        return out
