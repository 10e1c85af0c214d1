"""Turn flow for the rule options of docs/variants.md (``Rules.special``).

Loaded only for rules that need it, so the classic presets keep their fast
paths in position.py. Handles: what a mill formed by a placement does
(``placing_mill``: capture, take from the opponent's hand, mark, nothing),
moves during placement (``move_in_placement``), the defender moving first,
removals at a full board (``full_board``: remove, both_remove, mill_count),
intervention captures, one capture per mill formed (``double_mill: each``),
``mill_reuse: first_time_per_points`` and ``no_return: mill``.

A turn's captures are a set (one move per set); ``perft.perft_orders``
counts the removal orders as Sanmill does. Removal-only turns (owed at a
full board) are ``REMOVAL | mask``. Undo: RECORD small ints per turn.
Rule source: docs/variants.md.

``Variant`` is the ``Position`` subclass that plays these rules; the core
(position.py) does not import this module: ``Position(rules)`` gets the
subclass through the package's hook (morris/__init__.py), as python-chess's
variant boards subclass its core board.
"""
from .position import (Position, NONE, NOMOVE, REMOVAL, UNDO_CHUNK, WHITE, IllegalMoveError, move,
                       move_captures, popcount)
from .rules import PROTECT_NONE

# per turn: move, clocks, bb0, bb1, marks, packed counts, the mover's used mask, no-return bars;
# 8 ints so that a chunk of UNDO_CHUNK ints holds whole turns
RECORD = 8


def _subsets(points, k, start, acc, out, head):
    """Append head | captures for every k-subset of ``points`` (ascending)."""
    if k == 0:
        out.append(head(acc))
        return
    for i in range(start, len(points) - k + 1):
        acc.append(points[i])
        _subsets(points, k - 1, i + 1, acc, out, head)
        acc.pop()


def _limit(pos, colour, k):
    """Captures actually made of ``k`` owed: the game ends once ``colour`` falls below lose_below."""
    left = pos.count[colour] + pos.hand[colour] - pos.rules.lose_below
    return k if k <= left + 1 else max(left + 1, 1)


def _paying(pos, t, me, to):
    """(number of mills through ``to`` that pay, mask of line indices formed) for stones ``me``."""
    geo = pos.geo
    lines = geo.lines
    r = pos.rules
    used = pos.used[t]
    n = 0
    formed = 0
    for li in geo.lines_at[to]:
        ln = lines[li]
        if me & ln == ln:
            formed |= 1 << li
            if r.points_once:
                if ln & ~used:
                    n += 1
            elif not (r.reuse_first and used >> li & 1):
                n += 1
    return n, formed


def _interventions(pos, to, opp):
    """The pair (a, b) of opponent stones ``to`` stands between on a line of three, or None.

    When two lines qualify, one is taken, as Sanmill does: a cross line (through
    the squares' midpoints) before a square's side before a diagonal."""
    geo = pos.geo
    best = None
    rank = 3
    bit = 1 << to
    for ln in geo.masks_at[to]:
        ends = ln & ~bit
        if opp & ends == ends:
            a = _low(ends)
            b = _low(ends & ~(1 << a))
            if geo.adj[a] >> b & 1 or not geo.adj[a] >> to & 1:
                continue  # ``to`` is not the middle point
            na = geo.names[a]
            nb = geo.names[b]
            k = 2 if na[0] != nb[0] and na[1] != nb[1] else (
                0 if na[0] == "d" and nb[0] == "d" or na[1] == "4" and nb[1] == "4" else 1)
            if k < rank:
                rank = k
                best = (a, b)
    return best


def _low(m):
    i = 0
    while not m >> i & 1:
        i += 1
    return i


def _barred(pos, t, c, me):
    """True when ``no_return`` bars candidate ``c`` (frm << 5 | to)."""
    if c != pos.forbid[t]:
        return False
    if pos.rules.no_return == "on":
        return True
    # no_return: mill -- barred only when the return re-forms a mill at its
    # point and the stone still stands in a mill where it is
    frm = c >> 5
    to = c & 31
    nm = me & ~(1 << frm) | 1 << to
    return bool(pos._formed(nm, to)) and bool(pos._formed(me, frm))


def _captures(pos, out, to, frm, k, cap1, opp, o):
    if not cap1 or pos.rules.optional:
        out.append(move(to, frm))
    if not cap1:
        return
    if pos.rules.protect == PROTECT_NONE or k == 1:
        pts = [p for p in range(pos.geo.n) if cap1 >> p & 1]
        k = min(k, len(pts))
        _subsets(pts, k, 0, [], out, lambda caps: move(to, frm, *caps))
        return
    # protection recomputed after each capture: sets with a valid order, ascending
    seen = []
    _protected(pos, out, to, frm, k, opp, o, [], seen)


def _protected(pos, out, to, frm, k, opp, o, acc, seen):
    cap = pos.capturable(o, opp)
    if k == 0 or not cap:
        key = sorted(acc)
        if acc and key not in seen:
            seen.append(key)
            out.append(move(to, frm, *key))
        return
    for p in range(pos.geo.n):
        if cap >> p & 1:
            acc.append(p)
            _protected(pos, out, to, frm, k - 1, opp & ~(1 << p), o, acc, seen)
            acc.pop()


def _removal(caps):
    m = REMOVAL
    for p in caps:
        m |= 1 << p
    return m


def _full_board(pos, first):
    """Removals owed once the last placement filled the board; ``first`` removes first."""
    fb = pos.rules.full_board
    owe = pos.owe
    if fb == "remove":
        owe[first] = 1
    elif fb == "both_remove":
        owe[0] = owe[1] = 1
    elif fb == "mill_count":
        m = [_mills(pos, 0), _mills(pos, 1)]
        if not m[0] and not m[1]:
            owe[0] = owe[1] = -1
        else:
            for c in (0, 1):
                mine = m[c]
                theirs = m[1 - c]
                if not theirs:
                    owe[c] = 2
                elif not mine:
                    owe[c] = 1
                elif mine > theirs:
                    owe[c] = theirs + 1
                else:
                    owe[c] = mine


def _mills(pos, colour):
    """Number of lines ``colour``'s stones complete."""
    b = pos.bb[colour]
    n = 0
    for ln in pos.geo.lines:
        if b & ln == ln:
            n += 1
    return n


class Variant(Position):
    """A ``Position`` under rules with ``special`` set: the turn flow of this module
    (``Position(rules)`` makes one for such rules; never the core class)."""

    _sp = True
    _STEP = RECORD

    def __init__(self, rules=None, first=WHITE):
        Position.__init__(self, rules, first)
        self.owe = [0, 0]

    def generate(self, out):
        """Append every legal move of the side to move (``special`` rules) to ``out``."""
        t = self.turn
        o = 1 - t
        r = self.rules
        owed = self.owe[t]
        if owed:
            own = owed < 0
            target = t if own else o
            k = _limit(self, target, owed if owed > 0 else -owed)
            cap = self.bb[target] if own else self.capturable(o)
            pts = [p for p in range(self.geo.n) if cap >> p & 1]
            k = min(k, len(pts))
            _subsets(pts, k, 0, [], out, _removal)
            return
        me = self.bb[t]
        opp = self.bb[o]
        cands = []
        self._steps(t, me | opp | self.marks, cands)
        no_ret = r.no_ret and self.forbid[t] != NOMOVE
        pm = r.placing_mill
        cap1 = -1
        for c in cands:
            if no_ret and _barred(self, t, c, me):
                continue
            to = c & 31
            frm = c >> 5
            if r.intervention == "on":
                pair = _interventions(self, to, opp)
                if pair:
                    if _limit(self, o, 2) == 2:
                        out.append(move(to, frm, pair[0], pair[1]))
                    else:
                        out.append(move(to, frm, pair[0]))
                        out.append(move(to, frm, pair[1]))
                    continue
            nm = (me if frm == NONE else me & ~(1 << frm)) | 1 << to
            k = _paying(self, t, nm, to)[0]
            if k and frm == NONE:
                if pm == "none" or (pm == "hand" and self.hand[o]):
                    k = 0
            if not k:
                out.append(move(to, frm))
                continue
            if k > r.max_captures:
                k = r.max_captures
            if cap1 < 0:
                cap1 = self.capturable(o)
            _captures(self, out, to, frm, _limit(self, o, k), cap1, opp, o)

    def has_legal_move(self):
        """True when the side to move has at least one legal move (ignores game over)."""
        out = []
        self.generate(out)
        return bool(out)

    def push(self, m):
        """Play ``m`` under ``special`` rules (see position.Position.push)."""
        t = self.turn
        o = 1 - t
        r = self.rules
        bb = self.bb
        hand = self.hand
        cnt = self.count
        u = self._undo
        if len(u) >= UNDO_CHUNK:
            u = self._undo = []
            self._chunks.append(u)
        rec = len(u)
        u.append(m)
        u.append(self.ncp | self.p33 << 14)
        u.append(bb[0])
        u.append(bb[1])
        u.append(self.marks)
        u.append(hand[0] | hand[1] << 4 | cnt[0] << 8 | cnt[1] << 13 | t << 18
                 | (self.owe[0] + 8) << 19 | (self.owe[1] + 8) << 23)
        u.append(self.used[t])
        u.append((self.forbid[0] + 1) | (self.forbid[1] + 1) << 11)
        was33 = cnt[0] == 3 and cnt[1] == 3 and hand[0] == 0 and hand[1] == 0
        placing = hand[0] or hand[1]
        captured = False
        nxt = o
        if m & REMOVAL:
            target = t if self.owe[t] < 0 else o
            mask = m & self.geo.full
            bb[target] &= ~mask
            cnt[target] -= popcount(mask)
            self.owe[t] = 0
            captured = True
        else:
            to = m & 31
            frm = m >> 5 & 31
            caps = move_captures(m)
            if frm == NONE:
                hand[t] -= 1
                cnt[t] += 1
                bb[t] |= 1 << to
            else:
                bb[t] ^= 1 << frm | 1 << to
            if r.reuse_first or r.points_once or r.no_ret or (r.placing_mill == "hand" and frm == NONE):
                k, formed = _paying(self, t, bb[t], to)
                if r.reuse_first:
                    self.used[t] |= formed
                elif r.points_once and k:
                    lines = self.geo.lines
                    for li in self.geo.lines_at[to]:
                        if formed >> li & 1:
                            self.used[t] |= lines[li]
                if r.no_return == "mill":
                    self.forbid[t] = to << 5 | frm if formed and frm != NONE else NOMOVE
                elif r.no_ret:
                    self.forbid[t] = NOMOVE
                    if formed and frm != NONE and self._formed(bb[t] ^ (1 << frm | 1 << to), frm):
                        self.forbid[t] = to << 5 | frm
                if formed and frm == NONE and r.placing_mill == "hand" and hand[o] and not caps:
                    hand[o] -= 1
                    captured = True
            mark = r.placing_mill == "mark" and (hand[0] or hand[1])
            for c in caps:
                bb[o] &= ~(1 << c)
                cnt[o] -= 1
                if mark:
                    self.marks |= 1 << c
            if caps:
                captured = True
            if placing and not hand[0] and not hand[1]:
                self.marks = 0
                if cnt[0] + cnt[1] == self.geo.n and 2 * r.stones >= self.geo.n:
                    _full_board(self, o)
                elif r.defender_first == "on":
                    nxt = t
        if captured:
            u[rec + 5] |= 1 << 27
            self.ncp = 0
            self.p33 = 0
            self._hists.append(self.hist)
            self.hist = []
        elif self.ncp < 0x3FFF:  # the undo record keeps each clock in 14 bits
            self.ncp += 1
            self.p33 = self.p33 + 1 if was33 else 0
        self.turn = nxt
        self._rehash()
        self._note_key()

    def pop(self):
        """Take back the last move under ``special`` rules; returns it."""
        u = self._undo
        if not u and len(self._chunks) > 1:
            self._chunks.pop()
            u = self._undo = self._chunks[-1]
        i = len(u) - RECORD
        m = u[i]
        k = u[i + 1]
        self.ncp = k & 0x3FFF
        self.p33 = k >> 14
        self.bb[0] = u[i + 2]
        self.bb[1] = u[i + 3]
        self.marks = u[i + 4]
        k = u[i + 5]
        self.hand[0] = k & 15
        self.hand[1] = k >> 4 & 15
        self.count[0] = k >> 8 & 31
        self.count[1] = k >> 13 & 31
        t = self.turn = k >> 18 & 1
        self.owe[0] = (k >> 19 & 15) - 8
        self.owe[1] = (k >> 23 & 15) - 8
        self.used[t] = u[i + 6]
        f = u[i + 7]
        self.forbid[0] = (f & 0x7FF) - 1
        self.forbid[1] = (f >> 11) - 1
        self._rehash()
        del u[i:]
        self._pop_hist(k >> 27 & 1)
        return m

    def _check(self, text, frm, to, caps):
        """The legal move written (frm, to, caps) under ``special`` rules, else IllegalMoveError."""
        if self.outcome() is not None:
            raise IllegalMoveError(text, "game over")
        legal = []
        self.generate(legal)
        want = sorted(caps)
        if len(set(want)) != len(want):
            raise IllegalMoveError(text, "capture not allowed: the same stone twice")
        heads = 0
        for m in legal:
            if m & REMOVAL:
                if to == NONE and sorted(move_captures(m)) == want:
                    return m
                continue
            if m & 31 == to and m >> 5 & 31 == frm:
                heads += 1
                if sorted(move_captures(m)) == want:
                    return m
        t = self.turn
        if self.owe[t]:
            raise IllegalMoveError(text, "removals owed: take %d %s stone(s)" % (
                abs(self.owe[t]), "of your own" if self.owe[t] < 0 else "opponent"))
        if to == NONE:
            raise IllegalMoveError(text, "no removal owed")
        if heads:
            raise IllegalMoveError(text, "capture not allowed" if caps else "capture missing")
        if (self.bb[0] | self.bb[1]) >> to & 1:
            raise IllegalMoveError(text, "occupied")
        if self.marks >> to & 1:
            raise IllegalMoveError(text, "marked point: no stone may go there before placement ends")
        if frm == NONE and not self.hand[t]:
            raise IllegalMoveError(text, "no stones in hand: move a stone (from-to)")
        if frm != NONE and not self.bb[t] >> frm & 1:
            raise IllegalMoveError(text, "not your stone")
        if frm != NONE and self.hand[t] and not self.rules.lasker:
            raise IllegalMoveError(text, "stones still in hand: place a stone")
        if frm != NONE and not self.geo.adj[frm] >> to & 1:
            raise IllegalMoveError(text, "not adjacent")
        raise IllegalMoveError(text, "no return: this stone may not go straight back")

    def copy(self):
        """An independent position with the same state (see ``Position.copy``)."""
        p = Position.copy(self)
        p.marks = self.marks
        p.owe = list(self.owe)
        return p
