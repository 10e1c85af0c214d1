"""The position: stones, turn flow, legal moves, make/unmake, outcome, text form.

Moves are small ints (see ``move``); one move is one whole turn including its
captures, written in RULES.md notation (``d2``, ``d2-d3``, ``b4xg7``,
``d2-d3xa1xg7``). Stones are two bitboards below 2**30; the Zobrist key
``zkey`` and the exact repetition keys are below 2**30 too, so the Pico never
allocates long ints in play. Rule source: docs/rules.md.

The core of the package: it imports only the rules (rules.py, geometry.py) and
compat.py, never the relatives' turn flow (variant.py) nor the readers and
writers of records (notation.py, posread.py, record.py, sanmill.py), which
import it. Two extension points, filled by the package (morris/__init__.py),
load those on first use: ``HOOKS["special"]()`` gives the Position subclass
that plays rules with ``special`` set (``Position(rules)`` makes one), and
``HOOKS["read"](cls, text)`` reads the position text (``Position.from_text``).

POSITION TEXT (``Position.text()``; one line, eight space-separated fields, a
ninth when removals are owed)::

    standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -

1. rules: preset name plus ``+option=value`` overrides (see rules.py).
2. board: rows from top (7) to bottom (1), separated by '/', each row's points
   left to right: ``W`` white stone, ``B`` black stone, ``.`` empty, ``X``
   marked point (``placing_mill: mark``). Row 4 has six points (a4 b4 c4 e4
   f4 g4), every other row three (on the ``six`` board: rows 6 to 2, row 4
   with four points).
3. side to move: ``w`` or ``b``.
4. stones in hand: ``white/black``.
5. clocks: ``turns since the last capture/turns made with three stones each``.
6. lines already completed (for ``mill_reuse: first_time_per_line``):
   ``white/black`` as hexadecimal masks of line indices (RULES.md order);
   for ``first_time_per_points`` the masks of points of the mills that paid.
7. no-return bars: ``white/black``, each ``-`` or the barred move ``d3-d2``.
8. history: the moves since the last capture that led here, oldest first,
   comma-separated, or ``-``; they give the repetition count exactly.
9. (only when a full board owes removals, ``full_board``) ``white/black``:
   removals owed, ``2`` opponent stones or ``1o`` own stones, ``0`` none.
"""
from .rules import Rules, PROTECT_STRICT, PROTECT_NONE
from .compat import XorShift16, SPACE

WHITE = 0
BLACK = 1
NONE = 31  # "no point" in a move field
NOMOVE = -1
UNDO_CHUNK = 64
REMOVAL = 1 << 29  # a removal-only turn: REMOVAL | mask of the points emptied
COLOUR_NAMES = ("white", "black")


def move(to, frm=NONE, c1=NONE, c2=NONE, c3=NONE):
    """Encode a move: 5 bits each for to, from, first and second capture (NONE = 31),
    and a third capture (only ``double_mill: each``) stored as ``c3 ^ 31`` in bits 20-24
    so that moves without one keep those bits 0."""
    return to | frm << 5 | c1 << 10 | c2 << 15 | (c3 ^ 31) << 20


def move_parts(m):
    """Decode a move into (to, frm, c1, c2); absent fields are NONE.

    Not for removal-only turns (``m & REMOVAL``) nor a third capture: use
    ``move_captures`` for those."""
    return m & 31, m >> 5 & 31, m >> 10 & 31, m >> 15 & 31


def move_captures(m):
    """List of the points a move empties of opponent (or, in a removal-only turn,
    owed) stones, in the move's order; a removal-only turn lists its points ascending."""
    if m & REMOVAL:
        return [p for p in range(29) if m >> p & 1]
    out = []
    for f in (m >> 10 & 31, m >> 15 & 31, (m >> 20 & 31) ^ 31):
        if f != NONE:
            out.append(f)
    return out


# The package's extension points (module doc): "special" -> the Position subclass
# for ``rules.special``; "read" -> (cls, text) -> Position.
HOOKS = {}


def split_move(geo, text):
    """Parse move text into (frm, to, [captures]) on Geometry ``geo``; frm is NONE
    for a placement, to is NONE for a removal-only turn (``xa1``, ``xa1xb2``).

    Raises ValueError naming the bad part ('bad point', 'at most three
    captures', ...); anything but printable ASCII is malformed.
    """
    if not isinstance(text, str):
        raise ValueError("move must be text, got %s" % type(text).__name__)
    s = text.strip(SPACE)
    bad = not s or len(s) > 40
    for ch in s:
        if not 32 < ord(ch) < 127:
            bad = True
    if bad:
        _bad_move(text, "")
    s = s.lower()
    parts = s.split("x")
    head = parts[0]
    caps = parts[1:]
    if len(caps) > (12 if not head else 3):
        _bad_move(text, ": at most three captures")
    if not head and caps:  # a removal-only turn: 'xa1' or 'xa1xb2'
        pts = []
        for name in caps:
            if name not in geo.index:
                _bad_move(text, ": bad point ", name)
            pts.append(geo.index[name])
        return NONE, NONE, pts
    ends = head.split("-")
    if len(ends) > 2 or not ends[0]:
        _bad_move(text, ": expected 'd2', 'd2-d3' or 'd2-d3xa1'")
    pts = []
    for name in ends + caps:
        if name not in geo.index:
            _bad_move(text, ": bad point ", name)
        pts.append(geo.index[name])
    if len(ends) == 2:
        return pts[0], pts[1], pts[2:]
    return NONE, pts[0], pts[1:]


def _bad_move(text, reason, name=None):
    from .text import shown     # error paths only: not in the heap during play
    raise ValueError("malformed move " + shown(text) + reason + (shown(name) if name is not None else ""))


def popcount(m):
    """Number of set bits of ``m`` (>= 0): stones in a board mask."""
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here.

    Attributes: ``move`` (the move text), ``reason`` (short English reason,
    e.g. 'occupied', 'not adjacent', 'not your stone', 'capture not allowed',
    'capture missing', 'protected stone', 'game over'), ``turn`` (1-based
    turn number when raised while reading a game record, else None).
    """

    def __init__(self, move_text, reason, turn=None):
        msg = "illegal move %s: %s" % (move_text, reason)
        super().__init__(msg if turn is None else "turn %d: %s" % (turn, msg))
        self.move = move_text
        self.reason = reason
        self.turn = turn


class Outcome:
    """End of a game: ``winner`` (WHITE, BLACK or None for a draw) and ``reason``.

    Reasons: 'fewer than three stones' (below ``lose_below``, stones in hand
    counted), 'blocked', 'threefold repetition' (N-fold), 'no capture' (the
    N-moves rule), 'three versus three', 'full board' (``full_board``).
    """

    def __init__(self, winner, reason):
        self.winner = winner
        self.reason = reason

    def result(self):
        """'1-0', '0-1' or '1/2-1/2'."""
        return ("1-0", "0-1")[self.winner] if self.winner is not None else "1/2-1/2"

    def __eq__(self, other):
        return isinstance(other, Outcome) and self.winner == other.winner and self.reason == other.reason

    def __repr__(self):
        return "Outcome(%s, %r)" % (self.result(), self.reason)


def _zobrist(count):
    # two 15-bit outputs of a fixed-seed generator per 30-bit key: small ints only
    rng = XorShift16(0xACE1)
    keys = []
    for _ in range(count):
        keys.append((rng.next() & 0x7FFF) << 15 | (rng.next() & 0x7FFF))
    return keys


_Z = _zobrist(2 * 32 + 2 * 16 + 1)
Z_STONE = (_Z[0:32], _Z[32:64])
Z_HAND = (_Z[64:80], _Z[80:96])
Z_SIDE = _Z[96]


class Position:
    """A game position with its history, in the spirit of python-chess's Board.

    ``Position(rules=None, first=WHITE)`` is the start position (rules default
    to the ``standard`` preset; with ``first_player: lot`` the caller draws
    ``first``). State: ``bb`` (two bitboards, bit i = point i), ``count``
    (stones on board), ``hand`` (stones in hand), ``turn`` (WHITE/BLACK),
    ``ncp`` (turns since the last capture), ``p33`` (turns made with three
    stones each and none in hand), ``used`` (per player, mask of line indices
    already completed, for ``mill_reuse: first_time_per_line``), ``forbid``
    (per player, the encoded from<<5|to return move barred by ``no_return``,
    or NOMOVE), ``marks`` (mask of marked points, ``placing_mill: mark``),
    ``owe`` (per player, removals owed at a full board: k > 0 opponent
    stones, -k own stones), ``zkey`` (Zobrist key < 2**30), ``move_stack``.
    For rules with ``special`` set, ``Position(rules)`` makes the subclass
    that plays their turn flow (morris/variant.py, through ``HOOKS``).
    """

    # the variants' fields as class defaults, set on an instance only by the subclass
    # (a classic position keeps 15 fields: a smaller instance in the Pico's heap)
    marks = 0
    owe = (0, 0)
    _sp = False      # True in the subclass for ``special`` rules
    _STEP = 4        # undo ints per turn (the subclass keeps more)

    def __new__(cls, rules=None, first=WHITE):
        if cls is Position and rules is not None:
            if isinstance(rules, str):
                rules = Rules.parse(rules)
            if rules.special:
                # built whole here: MicroPython does not run __init__ on an object of
                # another class than the one called (CPython runs it once more: the same state)
                return HOOKS["special"]()(rules, first)
        return object.__new__(cls)

    def __init__(self, rules=None, first=WHITE):
        if rules is None:
            rules = Rules("standard")
        elif isinstance(rules, str):
            rules = Rules.parse(rules)
        self.rules = rules
        self.geo = rules.geo
        self.bb = [0, 0]
        self.count = [0, 0]
        self.hand = [rules.stones, rules.stones]
        self.turn = first
        self.ncp = 0
        self.p33 = 0
        self.used = [0, 0]
        self.forbid = [NOMOVE, NOMOVE]
        # Undo data, _STEP small ints per turn (here: move, ncp, p33, used | (forbid + 1) << 20),
        # in chunks of UNDO_CHUNK ints so a long game never needs one large block.
        self._undo = []
        self._chunks = [self._undo]
        self._hists = []  # repetition histories replaced by captures, newest last
        self._rehash()
        self.hist = []
        self._note_key()

    # ---- state keys -------------------------------------------------
    def _rehash(self):
        z = Z_SIDE if self.turn else 0
        for c in (0, 1):
            b = self.bb[c]
            for p in range(self.geo.n):
                if b >> p & 1:
                    z ^= Z_STONE[c][p]
            z ^= Z_HAND[c][self.hand[c]]
            if self.owe[c]:
                z ^= Z_STONE[c][24 + (self.owe[c] & 7)]
        mk = self.marks
        p = 0
        while mk:
            if mk & 1:
                z ^= Z_STONE[0][p] ^ (Z_STONE[1][p] >> 1)
            mk >>= 1
            p += 1
        self.zkey = z

    def exact_key(self):
        """(k1, k2): the exact repetition key (stones, side, in hand), both < 2**30."""
        return (self.bb[0] | self.turn << 24 | self.hand[0] << 25,
                self.bb[1] | self.hand[1] << 25)

    def _note_key(self):
        k1, k2 = self.exact_key()
        h = self.hist
        if self.rules.draw_repetition or not h:
            h.append(k1)
            h.append(k2)
        else:  # no repetition rule: keep only the current key
            h[0] = k1
            h[1] = k2

    def repetitions(self):
        """How many times the current position has occurred since the last capture (>= 1)."""
        h = self.hist
        k1 = h[-2]
        k2 = h[-1]
        n = 0
        for i in range(0, len(h), 2):
            if h[i] == k1 and h[i + 1] == k2:
                n += 1
        return n

    @property
    def move_stack(self):
        """Moves played from the position this object started at, oldest first."""
        out = []
        step = self._STEP
        for c in self._chunks:
            out.extend(c[0::step])
        return out

    # ---- phases -------------------------------------------------------
    def flying(self, colour):
        """True when ``colour`` may fly: exactly ``fly_at`` stones on board and none in hand."""
        fa = self.rules.fly_at
        return fa > 0 and self.hand[colour] == 0 and self.count[colour] == fa

    def mills_mask(self, colour):
        """Mask of ``colour``'s stones standing in at least one mill."""
        b = self.bb[colour]
        out = 0
        for ln in self.geo.lines:
            if b & ln == ln:
                out |= ln
        return out

    def capturable(self, colour, stones=None):
        """Mask of ``colour``'s stones that may be captured now (protect_mills option)."""
        b = self.bb[colour] if stones is None else stones
        prot = self.rules.protect
        if prot == PROTECT_NONE:
            return b
        inmill = 0
        for ln in self.geo.lines:
            if b & ln == ln:
                inmill |= ln
        free = b & ~inmill
        if free or prot == PROTECT_STRICT:
            return free
        return b

    def _captures_owed(self, t, frm, to):
        """(number of captures the move frm->to entitles, mask of lines it completes)."""
        geo = self.geo
        me = self.bb[t]
        if frm != NONE:
            me &= ~(1 << frm)
        me |= 1 << to
        formed = 0
        n = 0
        lines = geo.lines
        for li in geo.lines_at[to]:
            ln = lines[li]
            if me & ln == ln:
                formed |= 1 << li
                if not (self.rules.reuse_first and self.used[t] >> li & 1):
                    n += 1
        mc = self.rules.max_captures
        return (n if n < mc else mc), formed

    # ---- move generation ------------------------------------------------
    def generate(self, out):
        """Append every legal move of the side to move to list ``out``, ignoring game over."""
        t = self.turn
        geo = self.geo
        me = self.bb[t]
        cands = []  # frm << 5 | to
        self._steps(t, me | self.bb[1 - t], cands)
        masks_at = geo.masks_at
        simple = not (self.rules.reuse_first or self.rules.max_captures > 1)
        forbid = self.forbid[t]
        tail = NONE << 10 | NONE << 15
        cap1 = -1
        for c in cands:
            if c == forbid:
                continue
            to = c & 31
            frm = c >> 5
            nm = (me if frm == NONE else me & ~(1 << frm)) | 1 << to
            k = 0
            if simple:
                for ln in masks_at[to]:
                    if nm & ln == ln:
                        k = 1
                        break
            else:
                k = self._captures_owed(t, frm, to)[0]
            if not k:
                out.append(c | tail)
                continue
            if cap1 < 0:
                cap1 = self.capturable(1 - t)
            self._gen_captures(out, c, k, cap1, self.bb[1 - t], 1 - t)

    def _steps(self, t, occ, cands):
        """Append frm << 5 | to (NONE for a placement) for every placement or move of
        ``t`` to an empty point (``occ``: occupied points), captures aside."""
        geo = self.geo
        n = geo.n
        me = self.bb[t]
        if self.hand[t]:
            for to in range(n):
                if not occ >> to & 1:
                    cands.append(NONE << 5 | to)
            if not self.rules.lasker:
                return
        elif self.flying(t):
            empties = [p for p in range(n) if not occ >> p & 1]
            for frm in range(n):
                if me >> frm & 1:
                    for to in empties:
                        cands.append(frm << 5 | to)
            return
        adjp = geo.adj_points
        for frm in range(n):
            if me >> frm & 1:
                for to in adjp[frm]:
                    if not occ >> to & 1:
                        cands.append(frm << 5 | to)

    def _gen_captures(self, out, head, k, cap1, opp, o):
        n = self.geo.n
        if not cap1 or self.rules.optional:
            out.append(head | NONE << 10 | NONE << 15)
        if not cap1:
            return
        seen = None
        for c1 in range(n):
            if not cap1 >> c1 & 1:
                continue
            cap2 = self.capturable(o, opp & ~(1 << c1)) if k == 2 else 0
            if not cap2 or self.rules.optional:
                out.append(head | c1 << 10 | NONE << 15)
            for c2 in range(n):
                if cap2 >> c2 & 1:
                    pair = (1 << c1) | (1 << c2)
                    if seen is None:
                        seen = []
                    if pair in seen:
                        continue
                    seen.append(pair)
                    out.append(head | c1 << 10 | c2 << 15)  # first valid order, ascending if both are

    @property
    def legal_moves(self):
        """List of legal moves (ints) for the side to move; empty once the game is over."""
        out = []
        if self._terminal() is None:
            self.generate(out)
        return out

    def has_legal_move(self):
        """True when the side to move has at least one legal move (ignores game over)."""
        t = self.turn
        geo = self.geo
        me = self.bb[t]
        empty = geo.full & ~(me | self.bb[1 - t])
        if not empty:
            return False
        if self.rules.no_ret and self.forbid[t] != NOMOVE:
            out = []
            self.generate(out)
            return bool(out)
        if self.hand[t] or self.flying(t):
            return True
        adj = geo.adj
        for p in range(geo.n):
            if me >> p & 1 and adj[p] & empty:
                return True
        return False

    # ---- make / unmake ------------------------------------------------
    def push(self, m):
        """Play move ``m`` (an int from ``legal_moves``; not re-checked, see ``push_text``)."""
        t = self.turn
        o = 1 - t
        bb = self.bb
        hand = self.hand
        cnt = self.count
        to = m & 31
        frm = m >> 5 & 31
        c1 = m >> 10 & 31
        r = self.rules
        was33 = cnt[0] == 3 and cnt[1] == 3 and hand[0] == 0 and hand[1] == 0
        u = self._undo
        if len(u) >= UNDO_CHUNK:
            u = self._undo = []
            self._chunks.append(u)
        u.append(m)
        u.append(self.ncp)
        u.append(self.p33)
        u.append(self.used[t] | (self.forbid[t] + 1) << 20)
        zs = Z_STONE[t]
        z = self.zkey ^ Z_SIDE ^ zs[to]
        old = bb[t]
        if frm == NONE:
            h = hand[t]
            z ^= Z_HAND[t][h] ^ Z_HAND[t][h - 1]
            hand[t] = h - 1
            cnt[t] += 1
            bb[t] = old | 1 << to
        else:
            z ^= zs[frm]
            bb[t] = old ^ (1 << frm | 1 << to)
        if r.reuse_first or r.no_ret:
            formed = self._formed(bb[t], to)
            if r.reuse_first:
                self.used[t] |= formed
            if r.no_ret:
                self.forbid[t] = NOMOVE
                if formed and frm != NONE and self._formed(old, frm):
                    self.forbid[t] = to << 5 | frm
        if c1 != NONE:
            zo = Z_STONE[o]
            z ^= zo[c1]
            b = bb[o] & ~(1 << c1)
            c2 = m >> 15 & 31
            if c2 != NONE:
                z ^= zo[c2]
                b &= ~(1 << c2)
                cnt[o] -= 2
            else:
                cnt[o] -= 1
            bb[o] = b
            self.ncp = 0
            self.p33 = 0
            self._hists.append(self.hist)
            self.hist = []
        else:
            self.ncp += 1
            self.p33 = self.p33 + 1 if was33 else 0
        self.zkey = z
        self.turn = o
        self._note_key()

    def _formed(self, stones, p):
        """Mask of line indices through point ``p`` that ``stones`` complete."""
        lines = self.geo.lines
        out = 0
        for li in self.geo.lines_at[p]:
            ln = lines[li]
            if stones & ln == ln:
                out |= 1 << li
        return out

    def _pop_hist(self, captured):
        """Restore the repetition history when a turn is taken back (``captured``:
        the turn captured, so it had started a new history)."""
        if captured:
            self.hist = self._hists.pop()
        elif self.rules.draw_repetition:
            self.hist.pop()
            self.hist.pop()
        else:
            self.hist[0], self.hist[1] = self.exact_key()

    def pop(self):
        """Take back the last move and return it; restores every counter. IndexError if none."""
        u = self._undo
        if not u and len(self._chunks) > 1:
            self._chunks.pop()
            u = self._undo = self._chunks[-1]
        uf = u.pop()
        p33 = u.pop()
        ncp = u.pop()
        m = u.pop()
        o = self.turn
        t = 1 - o
        bb = self.bb
        to = m & 31
        frm = m >> 5 & 31
        c1 = m >> 10 & 31
        zs = Z_STONE[t]
        z = self.zkey ^ Z_SIDE ^ zs[to]
        if frm == NONE:
            h = self.hand[t]
            z ^= Z_HAND[t][h] ^ Z_HAND[t][h + 1]
            self.hand[t] = h + 1
            self.count[t] -= 1
            bb[t] &= ~(1 << to)
        else:
            z ^= zs[frm]
            bb[t] ^= 1 << frm | 1 << to
        if c1 != NONE:
            zo = Z_STONE[o]
            z ^= zo[c1]
            b = bb[o] | 1 << c1
            c2 = m >> 15 & 31
            if c2 != NONE:
                z ^= zo[c2]
                b |= 1 << c2
                self.count[o] += 2
            else:
                self.count[o] += 1
            bb[o] = b
        self.ncp = ncp
        self.p33 = p33
        self.used[t] = uf & 0xFFFFF
        self.forbid[t] = (uf >> 20) - 1
        self.zkey = z
        self.turn = t
        self._pop_hist(c1 != NONE)     # after the turn: a rule without repetitions keeps the key now
        return m

    # ---- outcome ----------------------------------------------------------
    def _terminal(self):
        """Outcome from counts and counters only (no move generation), or None."""
        r = self.rules
        for c in (self.turn, 1 - self.turn):
            if self.count[c] + self.hand[c] < r.lose_below:
                return Outcome(1 - c, "fewer than three stones")
        if r.draw_repetition and len(self.hist) >= 2 * r.draw_repetition \
                and self.repetitions() >= r.draw_repetition:
            return Outcome(None, "threefold repetition")
        if r.draw_no_capture_moves and self.ncp >= 2 * r.draw_no_capture_moves:
            return Outcome(None, "no capture")
        if r.draw_3v3_moves and self.p33 >= 2 * r.draw_3v3_moves:
            return Outcome(None, "three versus three")
        if r.full_end and self.count[0] + self.count[1] == self.geo.n \
                and not self.hand[0] and not self.hand[1]:
            # the side to move is the first player: the last stone was the other's
            return Outcome(None if r.full_board == "draw" else 1 - self.turn, "full board")
        return None

    def outcome(self):
        """The game's Outcome, or None while it goes on. Order: too few stones, draws, blocked."""
        o = self._terminal()
        if o is None and not self.has_legal_move():
            o = Outcome(1 - self.turn, "blocked")
        return o

    def is_game_over(self):
        """True when ``outcome()`` is not None."""
        return self.outcome() is not None

    # ---- notation ---------------------------------------------------------
    def move_text(self, m):
        """RULES.md notation of move ``m``: 'd2', 'd2-d3', 'b4xg7', 'd2-d3xa1xg7'."""
        names = self.geo.names
        if m & REMOVAL:
            s = ""
        else:
            to = m & 31
            frm = m >> 5 & 31
            s = names[to] if frm == NONE else names[frm] + "-" + names[to]
            if m >> 10 & 31 == NONE:
                return s
        for c in move_captures(m):
            s += "x" + names[c]
        return s

    def parse_move(self, text):
        """The legal move written ``text`` (captures as 'x' suffixes).

        Raises ValueError for malformed text (naming the bad part) and
        IllegalMoveError (with a reason) for a move the rules forbid here.
        """
        frm, to, caps = split_move(self.geo, text)
        return self._check(text.strip(SPACE), frm, to, caps)

    def push_text(self, text):
        """Parse ``text`` as a legal move, play it and return the move int."""
        m = self.parse_move(text)
        self.push(m)
        return m

    def _check(self, text, frm, to, caps):
        """The legal move (frm, to, caps) written ``text``, else IllegalMoveError."""
        if to == NONE:
            raise IllegalMoveError(text, "no removal owed")
        if len(caps) > 2:
            raise IllegalMoveError(text, "capture not allowed")
        if self.outcome() is not None:
            raise IllegalMoveError(text, "game over")
        t = self.turn
        o = 1 - t
        me = self.bb[t]
        opp = self.bb[o]
        if frm == NONE:
            if not self.hand[t]:
                raise IllegalMoveError(text, "no stones in hand: move a stone (from-to)")
        else:
            if self.hand[t]:
                raise IllegalMoveError(text, "stones still in hand: place a stone")
            if not me >> frm & 1:
                raise IllegalMoveError(text, "not your stone")
        if (me | opp) >> to & 1:
            raise IllegalMoveError(text, "occupied")
        if frm != NONE and not self.flying(t) and not self.geo.adj[frm] >> to & 1:
            raise IllegalMoveError(text, "not adjacent")
        if frm != NONE and self.forbid[t] == (frm << 5 | to):
            raise IllegalMoveError(text, "no return: this stone may not go straight back")
        k = self._captures_owed(t, frm, to)[0]
        if len(caps) > k:
            raise IllegalMoveError(text, "capture not allowed")
        for c in caps:
            if not opp >> c & 1:
                raise IllegalMoveError(text, "capture not allowed: no opponent stone on %s" % self.geo.names[c])
        if len(caps) == 2 and caps[0] == caps[1]:
            raise IllegalMoveError(text, "capture not allowed: the same stone twice")
        left = opp
        if caps:
            if not (self._captures_ok(o, caps[0], caps[1:]) or
                    (len(caps) == 2 and self._captures_ok(o, caps[1], caps[:1]))):
                raise IllegalMoveError(text, "protected stone")
            for c in caps:
                left &= ~(1 << c)
        if not self.rules.optional and len(caps) < k and self.capturable(o, left):
            raise IllegalMoveError(text, "capture missing")
        c1 = NONE
        c2 = NONE
        if caps:
            c1 = caps[0]
            if len(caps) == 2:
                c2 = caps[1]
                if not self._captures_ok(o, c1, caps[1:]) or (c1 > c2 and self._captures_ok(o, c2, caps[:1])):
                    c1, c2 = c2, c1
        m = move(to, frm, c1, c2)
        legal = []
        self.generate(legal)
        if m not in legal:  # defensive: the checks above and generation must agree
            raise IllegalMoveError(text, "not a legal move here")
        return m

    def _captures_ok(self, o, first, rest):
        """True when capturing ``first`` and then ``rest`` (0 or 1 points) obeys protection."""
        opp = self.bb[o]
        if not self.capturable(o) >> first & 1:
            return False
        return not rest or bool(self.capturable(o, opp & ~(1 << first)) >> rest[0] & 1)

    # ---- text form ----------------------------------------------------------
    def text(self):
        """The one-line text form (module doc, POSITION TEXT)."""
        geo = self.geo
        w, b = self.bb
        mk = self.marks
        rows = []
        for row in geo.rows:
            rows.append("".join("W" if w >> p & 1 else "B" if b >> p & 1 else "X" if mk >> p & 1
                                else "." for p in row))
        hist = self.hist
        moves = []
        for i in range(2, len(hist), 2):
            moves.append(_diff_move(geo, hist[i - 2], hist[i - 1], hist[i], hist[i + 1]))
        fields = [
            str(self.rules), "/".join(rows), "wb"[self.turn],
            "%d/%d" % (self.hand[0], self.hand[1]),
            "%d/%d" % (self.ncp, self.p33),
            "%x/%x" % (self.used[0], self.used[1]),
            _forbid_text(geo, self.forbid[0]) + "/" + _forbid_text(geo, self.forbid[1]),
            ",".join(moves) or "-",
        ]
        if self.owe[0] or self.owe[1]:
            fields.append("/".join(str(-k) + "o" if k < 0 else str(k) for k in self.owe))
        return " ".join(fields)

    @classmethod
    def from_text(cls, text):
        """Position from its one-line text form; raises ValueError naming the bad field
        (the reader, morris/posread.py, is loaded on first use)."""
        return HOOKS["read"](cls, text)

    def copy(self):
        """An independent position with the same state (history of keys included, no move stack)."""
        p = Position(self.rules, self.turn)
        p.bb = list(self.bb)
        p.count = list(self.count)
        p.hand = list(self.hand)
        p.turn = self.turn
        p.ncp = self.ncp
        p.p33 = self.p33
        p.used = list(self.used)
        p.forbid = list(self.forbid)
        p.zkey = self.zkey
        p.hist = list(self.hist)
        return p

    def __str__(self):
        return self.text()


def _forbid_text(geo, f):
    if f == NOMOVE:
        return "-"
    return geo.names[f >> 5] + "-" + geo.names[f & 31]


def _diff_move(geo, a1, a2, b1, b2):
    """The history move between exact keys (a1, a2) and (b1, b2): 'd2' or 'd2-d3'."""
    mask = geo.full
    mover = a1 >> 24 & 1
    before = (a1 if mover == WHITE else a2) & mask
    after = (b1 if mover == WHITE else b2) & mask
    gone = before & ~after
    new = after & ~before
    to = _bit(new)
    if gone:
        return geo.names[_bit(gone)] + "-" + geo.names[to]
    return geo.names[to]


def _bit(m):
    i = 0
    while not m >> i & 1:
        i += 1
    return i
