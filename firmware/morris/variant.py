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
"""
from .position import (NONE, NOMOVE, REMOVAL, UNDO_CHUNK, IllegalMoveError, move,
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


def generate(pos, out):
    """Append every legal move of the side to move (``special`` rules) to ``out``."""
    t = pos.turn
    o = 1 - t
    r = pos.rules
    owed = pos.owe[t]
    if owed:
        own = owed < 0
        target = t if own else o
        k = _limit(pos, target, owed if owed > 0 else -owed)
        cap = pos.bb[target] if own else pos.capturable(o)
        pts = [p for p in range(pos.geo.n) if cap >> p & 1]
        k = min(k, len(pts))
        _subsets(pts, k, 0, [], out, _removal)
        return
    me = pos.bb[t]
    opp = pos.bb[o]
    cands = []
    pos._steps(t, me | opp | pos.marks, cands)
    no_ret = r.no_ret and pos.forbid[t] != NOMOVE
    pm = r.placing_mill
    cap1 = -1
    for c in cands:
        if no_ret and _barred(pos, t, c, me):
            continue
        to = c & 31
        frm = c >> 5
        if r.intervention == "on":
            pair = _interventions(pos, to, opp)
            if pair:
                if _limit(pos, o, 2) == 2:
                    out.append(move(to, frm, pair[0], pair[1]))
                else:
                    out.append(move(to, frm, pair[0]))
                    out.append(move(to, frm, pair[1]))
                continue
        nm = (me if frm == NONE else me & ~(1 << frm)) | 1 << to
        k = _paying(pos, t, nm, to)[0]
        if k and frm == NONE:
            if pm == "none" or (pm == "hand" and pos.hand[o]):
                k = 0
        if not k:
            out.append(move(to, frm))
            continue
        if k > r.max_captures:
            k = r.max_captures
        if cap1 < 0:
            cap1 = pos.capturable(o)
        _captures(pos, out, to, frm, _limit(pos, o, k), cap1, opp, o)


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


def push(pos, m):
    """Play ``m`` under ``special`` rules (see position.Position.push)."""
    t = pos.turn
    o = 1 - t
    r = pos.rules
    bb = pos.bb
    hand = pos.hand
    cnt = pos.count
    u = pos._undo
    if len(u) >= UNDO_CHUNK:
        u = pos._undo = []
        pos._chunks.append(u)
    rec = len(u)
    u.append(m)
    u.append(pos.ncp | pos.p33 << 14)
    u.append(bb[0])
    u.append(bb[1])
    u.append(pos.marks)
    u.append(hand[0] | hand[1] << 4 | cnt[0] << 8 | cnt[1] << 13 | t << 18
             | (pos.owe[0] + 8) << 19 | (pos.owe[1] + 8) << 23)
    u.append(pos.used[t])
    u.append((pos.forbid[0] + 1) | (pos.forbid[1] + 1) << 11)
    was33 = cnt[0] == 3 and cnt[1] == 3 and hand[0] == 0 and hand[1] == 0
    placing = hand[0] or hand[1]
    captured = False
    nxt = o
    if m & REMOVAL:
        target = t if pos.owe[t] < 0 else o
        mask = m & pos.geo.full
        bb[target] &= ~mask
        cnt[target] -= popcount(mask)
        pos.owe[t] = 0
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
            k, formed = _paying(pos, t, bb[t], to)
            if r.reuse_first:
                pos.used[t] |= formed
            elif r.points_once and k:
                lines = pos.geo.lines
                for li in pos.geo.lines_at[to]:
                    if formed >> li & 1:
                        pos.used[t] |= lines[li]
            if r.no_return == "mill":
                pos.forbid[t] = to << 5 | frm if formed and frm != NONE else NOMOVE
            elif r.no_ret:
                pos.forbid[t] = NOMOVE
                if formed and frm != NONE and pos._formed(bb[t] ^ (1 << frm | 1 << to), frm):
                    pos.forbid[t] = to << 5 | frm
            if formed and frm == NONE and r.placing_mill == "hand" and hand[o] and not caps:
                hand[o] -= 1
                captured = True
        mark = r.placing_mill == "mark" and (hand[0] or hand[1])
        for c in caps:
            bb[o] &= ~(1 << c)
            cnt[o] -= 1
            if mark:
                pos.marks |= 1 << c
        if caps:
            captured = True
        if placing and not hand[0] and not hand[1]:
            pos.marks = 0
            if cnt[0] + cnt[1] == pos.geo.n and 2 * r.stones >= pos.geo.n:
                _full_board(pos, o)
            elif r.defender_first == "on":
                nxt = t
    if captured:
        u[rec + 5] |= 1 << 27
        pos.ncp = 0
        pos.p33 = 0
        pos._hists.append(pos.hist)
        pos.hist = []
    elif pos.ncp < 0x3FFF:  # the undo record keeps each clock in 14 bits
        pos.ncp += 1
        pos.p33 = pos.p33 + 1 if was33 else 0
    pos.turn = nxt
    pos._rehash()
    pos._note_key()


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


def pop(pos):
    """Take back the last move under ``special`` rules; returns it."""
    u = pos._undo
    if not u and len(pos._chunks) > 1:
        pos._chunks.pop()
        u = pos._undo = pos._chunks[-1]
    i = len(u) - RECORD
    m = u[i]
    k = u[i + 1]
    pos.ncp = k & 0x3FFF
    pos.p33 = k >> 14
    pos.bb[0] = u[i + 2]
    pos.bb[1] = u[i + 3]
    pos.marks = u[i + 4]
    k = u[i + 5]
    pos.hand[0] = k & 15
    pos.hand[1] = k >> 4 & 15
    pos.count[0] = k >> 8 & 31
    pos.count[1] = k >> 13 & 31
    t = pos.turn = k >> 18 & 1
    pos.owe[0] = (k >> 19 & 15) - 8
    pos.owe[1] = (k >> 23 & 15) - 8
    pos.used[t] = u[i + 6]
    f = u[i + 7]
    pos.forbid[0] = (f & 0x7FF) - 1
    pos.forbid[1] = (f >> 11) - 1
    pos._rehash()
    del u[i:]
    pos._pop_hist(k >> 27 & 1)
    return m


def check(pos, text, frm, to, caps):
    """The legal move written (frm, to, caps) under ``special`` rules, else IllegalMoveError."""
    if pos.outcome() is not None:
        raise IllegalMoveError(text, "game over")
    legal = []
    generate(pos, legal)
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
    t = pos.turn
    if pos.owe[t]:
        raise IllegalMoveError(text, "removals owed: take %d %s stone(s)" % (
            abs(pos.owe[t]), "of your own" if pos.owe[t] < 0 else "opponent"))
    if to == NONE:
        raise IllegalMoveError(text, "no removal owed")
    if heads:
        raise IllegalMoveError(text, "capture not allowed" if caps else "capture missing")
    if (pos.bb[0] | pos.bb[1]) >> to & 1:
        raise IllegalMoveError(text, "occupied")
    if pos.marks >> to & 1:
        raise IllegalMoveError(text, "marked point: no stone may go there before placement ends")
    if frm == NONE and not pos.hand[t]:
        raise IllegalMoveError(text, "no stones in hand: move a stone (from-to)")
    if frm != NONE and not pos.bb[t] >> frm & 1:
        raise IllegalMoveError(text, "not your stone")
    if frm != NONE and pos.hand[t] and not pos.rules.lasker:
        raise IllegalMoveError(text, "stones still in hand: place a stone")
    if frm != NONE and not pos.geo.adj[frm] >> to & 1:
        raise IllegalMoveError(text, "not adjacent")
    raise IllegalMoveError(text, "no return: this stone may not go straight back")
