"""Shared helpers for firmware tests (run under CPython and MicroPython)."""
from morris import Position, Rules, GEOMETRIES
from morris.compat import XorShift16


def raises(exc, fn, *args):
    """Call fn(*args); return the exception if it is ``exc``, fail otherwise."""
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("%s not raised by %r%r" % (exc.__name__, fn, args))


def make(rules, white="", black="", side="w", hand="0/0", clocks="0/0", used="0/0",
         forbid="-/-", hist="-", board="standard"):
    """A Position from point lists, through the documented position text."""
    text = " ".join((rules, board_field(GEOMETRIES[board], white.split(), black.split()),
                     side, hand, clocks, used, forbid, hist))
    return Position.from_text(text)


def board_field(geo, white, black):
    """The board field of a position text: rows top first, 'W'/'B'/'.' per point;
    ``white`` / ``black`` are collections of point names."""
    rows = []
    for row in geo.rows:
        s = ""
        for p in row:
            nm = geo.names[p]
            s += "W" if nm in white else "B" if nm in black else "."
        rows.append(s)
    return "/".join(rows)


def state(pos):
    """Everything that defines a position, for exact before/after comparisons."""
    return (list(pos.bb), list(pos.count), list(pos.hand), pos.turn, pos.ncp, pos.p33,
            list(pos.used), list(pos.forbid), pos.zkey, list(pos.hist), pos.text())


def texts(pos, moves=None):
    """Sorted move texts of ``moves`` (default: the legal moves)."""
    return sorted(pos.move_text(m) for m in (pos.legal_moves if moves is None else moves))


Lcg = XorShift16  # deterministic small-int random numbers, identical on both interpreters


def random_game(rules, seed, max_turns=400, on_push=None):
    """Play a random game; returns the position. ``on_push(pos, move)`` runs after each push."""
    rng = Lcg(seed)
    pos = Position(rules if not isinstance(rules, str) else Rules.parse(rules))
    for _ in range(max_turns):
        moves = pos.legal_moves
        if not moves:
            break
        m = moves[rng.below(len(moves))]
        pos.push(m)
        if on_push:
            on_push(pos, m)
    return pos
