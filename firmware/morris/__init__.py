"""Rules core for Nine Men's Morris and its relatives (docs/rules.md).

Runs unchanged on CPython and MicroPython. Typical use::

    from morris import Position, Rules
    pos = Position(Rules("standard"))
    pos.push_text("d2")
    for m in pos.legal_moves: print(pos.move_text(m))

The package's modules depend one way (docs/rules.md, "Code"): the core
(compat, geometry, presets: data, rules, position) imports nothing above it;
the relatives' turn flow (variant) and text input and output (notation,
posread, record, sanmill) import the core, never the reverse; perft is a
tool over the core. This file wires the core's two extension points
(``position.HOOKS``) so that the relatives' turn flow and the position-text
reader are imported on first use only (RAM on the Pico).
"""
from .rules import Rules, PRESETS, VARIATIONS, OPTIONS
from .geometry import Geometry, GEOMETRIES
from .position import (Position, Outcome, IllegalMoveError, WHITE, BLACK, NONE,
                       NOMOVE, move, move_parts, split_move)
from . import position


def _special():
    from .variant import Variant
    return Variant


def _read(cls, text):
    from .posread import parse_position
    return parse_position(cls, text)


position.HOOKS["special"] = _special
position.HOOKS["read"] = _read


def play_record(position, text):
    """Push every move of record ``text`` onto ``position`` (``morris.record.play_record``,
    imported on first use)."""
    from .record import play_record as play
    return play(position, text)
