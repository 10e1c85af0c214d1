"""Endgame table probe: exact values of three against three and four against three.

The table file (``endgame.bin`` beside this module; built and checked by
tools/endgame_table.py, whose docstring gives the format) holds the exact
value of every movement-phase position of three stones against three (both
sides fly) and of four against three (the three fly) for the side to move:
won in d plies (d odd), lost in d plies (d even; 0 = blocked now) or drawn.
It is never loaded: a probe reads 2 bytes of a part's map, 24 bytes of one
symmetry and 1 value byte with ``seek`` (RAM: the part headers and the open
file). About 1-2 ms a probe on the Pico (bytecode: two loops over 24 points).

Use::

    tb = table_for(rules)          # None if the file is missing or does not serve the rules
    r = tb.probe(position)         # None, or (WIN / LOSS / DRAW, plies) for the side to move
    r = tb.probe_state(S)          # the same for engine/board.py's state block

Which rules a table serves: the one it was built for (``standard``) and every
rule set that differs from it only in what cannot change a movement-phase
value here: the number of stones (none are in hand), the first player
(``french``), the repetition draw, and the two draw counters, which the probe
applies to the distance (below); the three-against-three part also serves
``capture: optional`` (``wikipedia``): there a mill always wins at once, so
declining the capture never helps. Four against three under optional capture
differs and is not served (``probe`` returns None).

The draw counters (``draw_no_capture_moves``, ``draw_3v3_moves``) are not in
the table: a win or loss in d plies is returned only when it ends before a
counter could draw the game (turns since the last capture + d below the
limit, and the same for the three-against-three turns); otherwise None (not
known exactly: the search goes on). Draws are draws whatever the counters.
A repetition cannot spoil a value: the winner's shortest line never repeats
a position (each step shortens the distance); only a position that occurred
twice before on the same board could draw earlier (not checked).
"""
from morris.compat import const
from morris.position import popcount

WIN = const(1)
LOSS = const(-1)
DRAW = const(0)
MAGIC = b"MEG1"
_N = const(24)
# the options a served rule set may differ in (see the module docstring)
_FREE = ("stones", "first_player", "draw_3v3_moves", "draw_no_capture_moves", "draw_repetition")


def _comb(n, k):
    """C(n, k) for k <= 4 (small ints)."""
    if k > n:
        return 0
    if k == 1:
        return n
    if k == 2:
        return n * (n - 1) // 2
    if k == 3:
        return n * (n - 1) * (n - 2) // 6
    if k == 4:
        return n * (n - 1) * (n - 2) * (n - 3) // 24
    return 1 if k == 0 else 0


class Table:
    """An open endgame table file ``path``. ``value(me, op)`` -> the raw entry.

    Raises OSError when the file cannot be read, ValueError when it is not a table."""

    def __init__(self, path):
        self.f = f = open(path, "rb")
        head = f.read(5)
        if head[:4] != MAGIC:
            f.close()
            raise ValueError("%s: not an endgame table" % path)
        self.rules_text = f.read(head[4]).decode()
        k = f.read(1)[0]
        self.perm_at = 6 + head[4]
        f.seek(self.perm_at + 16 * _N)
        self.parts = {}
        for _ in range(k):
            h = f.read(12)
            mo = h[4] << 24 | h[5] << 16 | h[6] << 8 | h[7]
            vo = h[8] << 24 | h[9] << 16 | h[10] << 8 | h[11]
            self.parts[h[0] << 4 | h[1]] = (mo, vo, _comb(_N - h[0], h[1]))

    def close(self):
        """Close the file (a later probe raises ValueError)."""
        self.f.close()

    def value(self, me, op):
        """The entry of (side to move's stones ``me``, opponent's ``op``: bitboards of
        the 24 points, none in hand): -1 when the table has no such part, else
        0 = drawn, 1 + d = decided in d plies (d odd: the side to move wins)."""
        a = popcount(me)
        part = self.parts.get(a << 4 | popcount(op))
        if part is None:
            return -1
        mo, vo, width = part
        r = 0
        k = 0
        for p in range(_N):
            if me >> p & 1:
                k += 1
                r += _comb(p, k)
        f = self.f
        f.seek(mo + 2 * r)
        e = f.read(2)
        cls = e[0] << 4 | e[1] >> 4
        f.seek(self.perm_at + _N * (e[1] & 15))
        perm = f.read(_N)
        rep = 0
        op2 = 0
        for p in range(_N):
            if me >> p & 1:
                rep |= 1 << perm[p]
            elif op >> p & 1:
                op2 |= 1 << perm[p]
        r = 0
        k = 0
        j = 0
        for p in range(_N):
            if op2 >> p & 1:
                k += 1
                r += _comb(j, k)
            if not rep >> p & 1:
                j += 1
        f.seek(vo + cls * width + r)
        return f.read(1)[0]


class Probe:
    """A table bound to one rule set (made by ``table_for``): ``probe``, ``probe_state``."""

    def __init__(self, table, rules, parts):
        self.table = table
        self.parts = parts  # part keys (a << 4 | b) served exactly under these rules
        self.ncp_limit = 2 * rules.draw_no_capture_moves
        self.p33_limit = 2 * rules.draw_3v3_moves

    def probe_stones(self, me, op, ncp=0, p33=0):
        """(WIN / LOSS / DRAW, plies) for the side to move with stones ``me`` against
        ``op`` (bitboards, nothing in hand), ``ncp`` turns since the last capture and
        ``p33`` turns at three against three; None when the table has no such part
        for these rules or a draw counter may end the game first."""
        if (popcount(me) << 4 | popcount(op)) not in self.parts:
            return None
        v = self.table.value(me, op)
        if v <= 0:
            return None if v < 0 else (DRAW, 0)
        d = v - 1
        if (self.ncp_limit and ncp + d >= self.ncp_limit) or (self.p33_limit and p33 + d >= self.p33_limit):
            return None
        return (WIN if d & 1 else LOSS, d)

    def probe(self, position):
        """``probe_stones`` for a morris.Position (None with stones in hand)."""
        if position.hand[0] or position.hand[1]:
            return None
        t = position.turn
        return self.probe_stones(position.bb[t], position.bb[1 - t], position.ncp, position.p33)

    def probe_state(self, S):
        """``probe_stones`` for engine/board.py's state block ``S`` (array('i'):
        stones at 0/1, in hand 2/3, side to move 6, ncp 7, p33 8)."""
        if S[2] or S[3]:
            return None
        t = S[6]
        return self.probe_stones(S[t], S[1 - t], S[7], S[8])


def _default_path():
    try:
        here = __file__.rsplit("/", 1)[0]
    except (NameError, AttributeError):
        here = "engine"
    return here + "/endgame.bin"


_tables = {}  # path -> Table, or None when it could not be opened
_probes = {}  # path -> (rules, Probe or None) of the last rules asked for


def table_for(rules, path=None):
    """A ``Probe`` of the table file ``path`` (default: endgame.bin beside this module)
    for ``rules`` (morris.Rules), or None when the file is missing or serves none
    of the rules' parts. The file is opened once and kept open."""
    path = path or _default_path()
    if path not in _tables:
        try:
            _tables[path] = Table(path)
        except (OSError, ValueError):
            _tables[path] = None
    tb = _tables[path]
    if tb is None or rules.special:
        return None
    last = _probes.get(path)
    if last is not None and last[0] == rules:
        return last[1]
    from morris import Rules
    base = Rules.parse(tb.rules_text)
    diff = [k for k in base.values if k not in _FREE and base.values[k] != rules.values[k]]
    parts = []
    for key in tb.parts:
        if not diff or (diff == ["capture"] and key == 0x33):
            parts.append(key)
    pr = Probe(tb, rules, parts) if parts else None
    _probes[path] = (rules, pr)
    return pr


def best_moves(probe, position):
    """The legal moves of ``position`` (morris.Position, not changed) that keep the
    table's value best -- the quickest win, any drawing move, the slowest loss -- as
    (list of move ints, (WIN / LOSS / DRAW, plies)); None when ``probe`` (a
    ``Probe``) does not know the position or one of its children exactly."""
    r = probe.probe(position)
    if r is None:
        return None
    pos = position.copy()
    best = []
    top = None
    for m in position.legal_moves:
        pos.push(m)
        oc = pos.outcome()
        if oc is not None:
            key = 0 if oc.winner is None else (1000 if oc.winner != pos.turn else -1000)
        else:
            c = probe.probe(pos)
            if c is None:
                pos.pop()
                return None
            key = 0 if c[0] == DRAW else (1000 - c[1] if c[0] == LOSS else c[1] - 1000)
        pos.pop()
        if top is None or key > top:
            top = key
            best = [m]
        elif key == top:
            best.append(m)
    return best, r
