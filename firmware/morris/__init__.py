"""Rules core for Nine Men's Morris and its relatives (docs/rules.md).

Runs unchanged on CPython and MicroPython. Typical use::

    from morris import Position, Rules
    pos = Position(Rules("standard"))
    pos.push_text("d2")
    for m in pos.legal_moves: print(pos.move_text(m))
"""
from .rules import Rules, PRESETS, VARIATIONS, OPTIONS
from .geometry import Geometry, GEOMETRIES
from .position import (Position, Outcome, IllegalMoveError, WHITE, BLACK, NONE,
                       NOMOVE, move, move_parts)
from .notation import play_record, split_move
