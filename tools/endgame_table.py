"""Build and check the engine's endgame table (firmware/engine/endgame.bin) by retrograde analysis.

    .venv/bin/python tools/endgame_table.py build [--four] [--rules standard] [--out FILE]
    .venv/bin/python tools/endgame_table.py check [FILE]          # every entry under every move
    .venv/bin/python tools/endgame_table.py verify [FILE] [--positions N] [--depth H] [--seed S]
    .venv/bin/python tools/endgame_table.py stats [FILE]

The table holds the exact game value, with the distance in plies, of every
movement-phase position of three stones against three (both sides fly) and,
with ``--four``, of four against three (the side with three flies, the other
slides; both sides to move), for the rules given (default ``standard``; the
builder takes any classic rule set of the standard board with flying at three,
loss below three, one capture a mill and no rule state: standard, french,
schmidt, wikipedia). It solves the game without its draw counters (see
engine/endgame.py for what the counters change and which presets the table
serves). Values: win for the side to move in d plies (d odd), loss in d plies
(d even; 0 = blocked now), draw (no forced result however long the game goes:
repetitions only draw it).

Method (numpy, on the symmetry-reduced states themselves): a state is the
side to move's stones, one representative of their class under the board's 16
symmetries, and the opponent's stones (all of them, in the points left). The
children of every state are generated once (slides or flights of the side to
move; a move that closes a mill takes each capturable stone in turn); a
capture leaves three against three (looked up in that part, solved first) or
fewer than three stones (a win). Then level by level: a state is won in n if
a child is lost in n - 1, lost in n when every child is won and the longest of
them is won in n - 1 (counting children as they are decided), until nothing
changes; what is left is drawn. About 10 s for 3-3, 2 minutes and 3 GB for
4-3 on the 2-core host.

File format (engine/endgame.py reads it; all ints big-endian): b"MEG1", one
byte L, L bytes of the rules text, one byte K (parts), 16 x 24 bytes (the
symmetries, point -> image, in the order the map refers to), then K part
headers of 12 bytes: a (stones of the side to move), b (the opponent's), two
spare bytes, the offset of the part's map (4 bytes) and of its values (4).
A part's map has C(24, a) entries of 2 bytes, indexed by the colex rank of the
side to move's stones: class << 4 | symmetry, the symmetry mapping them onto
their class's representative. Its values are one byte a state, at class x
C(24 - a, b) + the colex rank of the opponent's stones (mapped by that
symmetry) among the 24 - a points the representative leaves free: 0 = draw,
else 1 + the distance (odd distance: the side to move wins).
"""
import argparse
import math
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Rules  # noqa: E402
from engine.book import symmetries  # noqa: E402

OUT = os.path.join(ROOT, "firmware", "engine", "endgame.bin")
MAGIC = b"MEG1"
N = 24
UNDECIDED = -1
COMB = np.array([[math.comb(n, k) for k in range(N + 1)] for n in range(N + 1)], dtype=np.int64)
CHUNK = 1 << 16   # states per pass of the move generator
BIG = 10 ** 6


def check_rules(rules):
    """ValueError unless the table's method holds ``rules`` (morris.Rules)."""
    geo = rules.geo
    if (geo.name != "standard" or rules.special or rules.fly_at != 3 or rules.lose_below != 3
            or rules.max_captures != 1 or rules.reuse_first or rules.no_ret):
        raise ValueError("endgame table: rules %s are not a classic flying-at-three rule set "
                         "of the standard board" % rules)


class Game:
    """The rules as numpy tables: adjacency, lines, symmetries; vectorized helpers."""

    def __init__(self, rules):
        check_rules(rules)
        self.rules = rules
        geo = rules.geo
        self.adj = np.array(geo.adj, dtype=np.int64)
        self.lines = np.array(geo.lines, dtype=np.int64)
        self.lines_at = [np.array(m, dtype=np.int64) for m in geo.masks_at]
        self.perms = np.array(symmetries(geo), dtype=np.int64)  # (16, 24)
        self.protect = rules.protect
        self.optional = rules.optional
        self._maps = {}

    # ---- sets and ranks ---------------------------------------------------
    @staticmethod
    def bits(bb, n=N):
        """(len, n) bool array: the set bits of each bitboard."""
        return ((bb[:, None] >> np.arange(n, dtype=np.int64)) & 1).astype(bool)

    @staticmethod
    def colex(bb, n=N):
        """Colex rank of each bitboard among the sets of its size (of ``n`` points)."""
        r = np.zeros(len(bb), dtype=np.int64)
        k = np.zeros(len(bb), dtype=np.int64)
        for p in range(n):
            b = (bb >> p) & 1
            k += b
            r += b * COMB[p, k]
        return r

    def permute(self, bb, g):
        """Bitboards ``bb`` with every point moved by symmetry ``g[i]`` (an array of indices)."""
        out = np.zeros(len(bb), dtype=np.int64)
        for gi in range(len(self.perms)):
            sel = g == gi
            if sel.any():
                out[sel] = self.permute_one(bb[sel], gi)
        return out

    def permute_one(self, bb, g):
        out = np.zeros(len(bb), dtype=np.int64)
        for p in range(N):
            out |= ((bb >> p) & 1) << int(self.perms[g, p])
        return out

    def class_map(self, a):
        """(reps, cls, sym): the sorted class representatives of the a-sets, and per
        colex rank of an a-set its class and the (first) symmetry onto it."""
        if a in self._maps:
            return self._maps[a]
        sets = np.array([sum(1 << p for p in c) for c in _combinations(N, a)], dtype=np.int64)
        sets = sets[np.argsort(self.colex(sets))]
        images = np.stack([self.permute_one(sets, g) for g in range(len(self.perms))])  # (16, n)
        best = images.min(axis=0)
        sym = np.argmax(images == best[None, :], axis=0)
        reps = np.unique(best)
        cls = np.searchsorted(reps, best)
        self._maps[a] = (reps, cls, sym)
        return self._maps[a]

    def compress_rank(self, rep, o):
        """Colex rank of the opponent's stones ``o`` among the points ``rep`` leaves free."""
        r = np.zeros(len(o), dtype=np.int64)
        k = np.zeros(len(o), dtype=np.int64)
        j = np.zeros(len(o), dtype=np.int64)
        for p in range(N):
            b = (o >> p) & 1
            k += b
            r += b * COMB[j, k]
            j += 1 - ((rep >> p) & 1)
        return r

    def index(self, a, b, m, o):
        """State index of (side to move's stones m, opponent's o) in part (a, b)."""
        reps, cls, sym = self.class_map(a)
        rk = self.colex(m)
        c = cls[rk]
        g = sym[rk]
        o2 = self.permute(o, g)
        return c * COMB[N - a, b] + self.compress_rank(reps[c], o2)

    def states(self, a, b):
        """(m, o): the stones of every state of part (a, b), in index order."""
        reps, _, _ = self.class_map(a)
        free = N - a
        subs = np.array([sum(1 << p for p in c) for c in _combinations(free, b)], dtype=np.int64)
        subs = subs[np.argsort(self.colex(subs, free))]
        ms = np.repeat(reps, len(subs))
        os_ = np.empty(len(reps) * len(subs), dtype=np.int64)
        for i, rep in enumerate(reps):
            pts = [p for p in range(N) if not rep >> p & 1]
            expand = np.zeros(len(subs), dtype=np.int64)
            for q, p in enumerate(pts):
                expand |= ((subs >> q) & 1) << p
            os_[i * len(subs):(i + 1) * len(subs)] = expand
        return ms, os_

    def capturable(self, o):
        """Stones of ``o`` a capture may take (protect_mills)."""
        if self.protect == 2:
            return o
        inmill = np.zeros(len(o), dtype=np.int64)
        for ln in self.lines:
            inmill |= np.where(o & ln == ln, ln, 0)
        free = o & ~inmill
        if self.protect == 1:
            return free
        return np.where(free != 0, free, o)

    def moves(self, a, m, o):
        """Every move of the side to move: (state row, new stones m2, closes a mill)."""
        occ = m | o
        empty = ((1 << N) - 1) & ~occ
        rows = []
        news = []
        mills = []
        idx = np.arange(len(m), dtype=np.int64)
        for p in range(N):
            has = (m >> p) & 1 == 1
            if not has.any():
                continue
            tg_all = empty if a == 3 else empty & self.adj[p]
            for q in range(N):
                sel = has & ((tg_all >> q) & 1 == 1)
                if not sel.any():
                    continue
                m2 = (m[sel] & ~(1 << p)) | (1 << q)
                closed = np.zeros(len(m2), dtype=bool)
                for ln in self.lines_at[q]:
                    closed |= (m2 & ln) == ln
                rows.append(idx[sel])
                news.append(m2)
                mills.append(closed)
        if not rows:
            z = np.zeros(0, dtype=np.int64)
            return z, z, z.astype(bool)
        return np.concatenate(rows), np.concatenate(news), np.concatenate(mills)


def _combinations(n, k):
    from itertools import combinations
    return combinations(range(n), k)


def _edges(game, a, b, lo, hi, ms, os_, table33):
    """The children of states lo..hi of part (a, b): within-part edges (rows, child
    indices in part (b, a)) and, per state, the capture children's summary:
    best win distance (0 = none) and, over all of them, whether all win for the
    child and the longest such win."""
    m = ms[lo:hi]
    o = os_[lo:hi]
    n = hi - lo
    rows, m2, closed = game.moves(a, m, o)
    nmoves = np.bincount(rows, minlength=n)
    quiet = ~closed
    cap_best = np.zeros(n, dtype=np.int64)      # smallest win distance by a capture (0: none)
    cap_nonwin = np.zeros(n, dtype=bool)        # some capture child is not won for the child
    cap_max = np.zeros(n, dtype=np.int64)       # longest child win (+1) over the capture children
    if closed.any():
        cr = rows[closed]
        cm2 = m2[closed]
        co = o[cr]
        capt = game.capturable(co)
        none = capt == 0
        if none.any():   # strict protection: the mill takes nothing (a quiet move)
            quiet = quiet.copy()
            quiet[np.flatnonzero(closed)[none]] = True
        if game.optional:   # a capture may be declined: the quiet move too
            quiet = quiet | closed
        for x in range(N):
            sel = (capt >> x) & 1 == 1
            if not sel.any():
                continue
            r = cr[sel]
            if b - 1 < 3:
                d = np.ones(len(r), dtype=np.int64)  # the opponent drops below three: won in 1
                _mins(cap_best, r, d)
                continue
            # three against three, the opponent to move: (o - x, m2)
            ci = game.index(b - 1, a, co[sel] & ~(1 << x), cm2[sel])
            v = table33[ci]
            won_child = (v >= 0) & (v % 2 == 1)
            lost_child = (v >= 0) & (v % 2 == 0)
            if lost_child.any():
                _mins(cap_best, r[lost_child], v[lost_child] + 1)
            cap_nonwin[r[~won_child]] = True
            if won_child.any():
                np.maximum.at(cap_max, r[won_child], v[won_child] + 1)
    qr = rows[quiet]
    child = game.index(b, a, o[qr], m2[quiet]) if quiet.any() else np.zeros(0, dtype=np.int64)
    return qr + lo, child, nmoves, cap_best, cap_nonwin, cap_max


def _mins(arr, rows, vals):
    """arr[rows] = min(arr[rows], vals) elementwise, where arr's 0 means none yet."""
    tmp = np.full(len(arr), BIG, dtype=np.int64)
    np.minimum.at(tmp, rows, vals)
    has = tmp < BIG
    arr[has] = np.where(arr[has] == 0, tmp[has], np.minimum(arr[has], tmp[has]))


class Part:
    """One part (a, b) being solved: its states, children and values."""

    def __init__(self, game, a, b, table33=None, log=print):
        self.a, self.b = a, b
        t0 = time.time()
        ms, os_ = game.states(a, b)
        self.n = len(ms)
        rows, childs = [], []
        self.nmoves = np.zeros(self.n, dtype=np.int64)
        self.cap_best = np.zeros(self.n, dtype=np.int64)
        self.cap_nonwin = np.zeros(self.n, dtype=bool)
        self.cap_max = np.zeros(self.n, dtype=np.int64)
        for lo in range(0, self.n, CHUNK):
            hi = min(self.n, lo + CHUNK)
            r, c, nm, cb, cn, cx = _edges(game, a, b, lo, hi, ms, os_, table33)
            rows.append(r.astype(np.int32))
            childs.append(c.astype(np.int32))
            self.nmoves[lo:hi] = nm
            self.cap_best[lo:hi] = cb
            self.cap_nonwin[lo:hi] = cn
            self.cap_max[lo:hi] = cx
        self.rows = np.concatenate(rows)
        self.child = np.concatenate(childs)
        self.left = np.bincount(self.rows, minlength=self.n).astype(np.int64)  # quiet children not yet won
        self.value = np.full(self.n, UNDECIDED, dtype=np.int64)
        self.pending = np.zeros(self.n, dtype=np.int64)
        blocked = self.nmoves == 0
        self.value[blocked] = 0
        log("part %d-%d: %d states, %d quiet edges, %d blocked; %.0f s"
            % (a, b, self.n, len(self.rows), int(blocked.sum()), time.time() - t0))


def solve(game, parts, log=print):
    """Level by level over ``parts`` {(a, b): Part} (children of (a, b) are in (b, a))."""
    n = 1
    quiet_levels = 0
    while True:
        changed = 0
        for key, part in parts.items():
            kid = parts[(key[1], key[0])]
            und = part.value == UNDECIDED
            if n % 2 == 1:   # wins: a child lost in n - 1, or a capture winning in n
                hit = (kid.value[part.child] == n - 1)
                win = np.zeros(part.n, dtype=bool)
                win[part.rows[hit]] = True
                win |= part.cap_best == n
                new = und & win
                part._new = new
            else:            # losses: every child won, the longest in n - 1
                hit = kid.value[part.child] == n - 1
                dec = np.bincount(part.rows[hit], minlength=part.n)
                part.left -= dec
                ready = und & (part.left == 0) & ~part.cap_nonwin & (part.pending == 0)
                loss_at = np.maximum(n, part.cap_max)
                part.pending[ready] = loss_at[ready]
                new = und & (part.pending == n)
                part._new = new
        for part in parts.values():
            part.value[part._new] = n
            changed += int(part._new.sum())
        # decisions still to come without new children: pending losses, captures winning later
        pend = max(max(int(p.pending[p.value == UNDECIDED].max(initial=0)),
                       int(p.cap_best[p.value == UNDECIDED].max(initial=0))) for p in parts.values())
        log("level %d: %d decided" % (n, changed))
        quiet_levels = 0 if changed else quiet_levels + 1
        if quiet_levels >= 2 and pend < n:
            break
        n += 1


def build(rules_text, four=False, log=print):
    """{(a, b): values (int64 array: -1 draw, else the distance)} and the Game."""
    game = Game(Rules.parse(rules_text))
    p33 = Part(game, 3, 3, log=log)
    solve(game, {(3, 3): p33}, log=log)
    out = {(3, 3): p33.value}
    if four:
        p43 = Part(game, 4, 3, p33.value, log=log)
        p34 = Part(game, 3, 4, p33.value, log=log)
        solve(game, {(4, 3): p43, (3, 4): p34}, log=log)
        out[(4, 3)] = p43.value
        out[(3, 4)] = p34.value
    return game, out


def encode(values):
    """Value bytes: 0 draw, else 1 + distance (ValueError beyond 254)."""
    if values.max() > 254:
        raise ValueError("a distance beyond 254 plies")
    return np.where(values < 0, 0, values + 1).astype(np.uint8)


def write(path, game, tables):
    """Write the table file (the module docstring's format)."""
    rt = str(game.rules).encode()
    head = MAGIC + bytes([len(rt)]) + rt + bytes([len(tables)])
    head += bytes(int(x) for x in game.perms.flatten())
    base = len(head) + 12 * len(tables)
    body = b""
    hdrs = b""
    for (a, b), vals in tables.items():
        _, cls, sym = game.class_map(a)
        mp = ((cls << 4) | sym).astype(">u2").tobytes()
        mo = base + len(body)
        body += mp
        vo = base + len(body)
        body += encode(vals).tobytes()
        hdrs += bytes([a, b, 0, 0]) + mo.to_bytes(4, "big") + vo.to_bytes(4, "big")
    with open(path, "wb") as f:
        f.write(head + hdrs + body)


def read(path):
    """(rules text, perms (16, 24), {(a, b): (map uint16 array, values uint8 array)})."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != MAGIC:
        raise ValueError("%s: not an endgame table" % path)
    L = data[4]
    rules = data[5:5 + L].decode()
    k = data[5 + L]
    i = 6 + L
    perms = np.frombuffer(data[i:i + 16 * 24], dtype=np.uint8).reshape(16, 24).astype(np.int64)
    i += 16 * 24
    parts = {}
    heads = []
    for _ in range(k):
        a, b = data[i], data[i + 1]
        mo = int.from_bytes(data[i + 4:i + 8], "big")
        vo = int.from_bytes(data[i + 8:i + 12], "big")
        heads.append((a, b, mo, vo))
        i += 12
    for a, b, mo, vo in heads:
        nmap = math.comb(N, a)
        mp = np.frombuffer(data[mo:mo + 2 * nmap], dtype=">u2").astype(np.int64)
        ncls = int((mp >> 4).max()) + 1
        nval = ncls * math.comb(N - a, b)
        parts[(a, b)] = (mp, np.frombuffer(data[vo:vo + nval], dtype=np.uint8))
    return rules, perms, parts


def check(path, log=print):
    """The retrograde check of a table file: every entry equals the value its
    children give (win in 1 + the shortest lost child, loss in 1 + the longest won
    child when every child is won, draw otherwise; blocked: lost in 0), with the
    moves and captures generated anew. Returns the number of entries checked;
    AssertionError naming the first bad state."""
    rules_text, perms, parts = read(path)
    game = Game(Rules.parse(rules_text))
    assert (perms == game.perms).all(), "symmetries differ from the board's"
    vals = {k: np.where(v == 0, -1, v.astype(np.int64) - 1) for k, (_, v) in parts.items()}
    for (a, b), (mp, _) in parts.items():
        _, cls, sym = game.class_map(a)
        assert (mp == (cls << 4 | sym)).all(), "map of part %d-%d" % (a, b)
    total = 0
    for (a, b) in parts:
        ms, os_ = game.states(a, b)
        v = vals[(a, b)]
        kid = vals.get((b, a))
        for lo in range(0, len(ms), CHUNK):
            hi = min(len(ms), lo + CHUNK)
            n = hi - lo
            r, c, nm, cb, cn, cx = _edges(game, a, b, lo, hi, ms, os_, vals.get((3, 3)))
            cv = kid[c]
            r = r - lo
            lostc = (cv >= 0) & (cv % 2 == 0)
            best = np.full(n, BIG, dtype=np.int64)
            np.minimum.at(best, r[lostc], cv[lostc] + 1)
            best = np.where((cb > 0) & (cb < best), cb, best)
            nonwin = cn.copy()
            nonwin[r[~((cv >= 0) & (cv % 2 == 1))]] = True
            longest = cx.copy()
            wonc = (cv >= 0) & (cv % 2 == 1)
            np.maximum.at(longest, r[wonc], cv[wonc] + 1)
            want = np.where(best < BIG, best, np.where(nonwin, -1, longest))
            want = np.where(nm == 0, 0, want)
            bad = np.flatnonzero(want != v[lo:hi])
            assert not len(bad), "part %d-%d state %d (stones %x / %x): table %d, children give %d" % (
                a, b, lo + bad[0], ms[lo + bad[0]], os_[lo + bad[0]], v[lo + bad[0]], want[bad[0]])
            total += n
        log("part %d-%d: %d entries consistent" % (a, b, len(ms)))
    return total


def _win_within(pos, k, memo):
    if k < 1:
        return False
    key = (pos.bb[0], pos.bb[1], pos.turn, k)
    if key not in memo:
        r = False
        for m in pos.legal_moves:
            pos.push(m)
            r = _lost_within(pos, k - 1, memo)
            pos.pop()
            if r:
                break
        memo[key] = r
    return memo[key]


def _lost_within(pos, k, memo):
    oc = pos.outcome()
    if oc is not None:
        return oc.winner is not None and oc.winner != pos.turn
    if k < 2:
        return False
    key = (pos.bb[0], pos.bb[1], pos.turn, -k)
    if key not in memo:
        r = True
        for m in pos.legal_moves:
            pos.push(m)
            r = _win_within(pos, k - 1, memo)
            pos.pop()
            if not r:
                break
        memo[key] = r
    return memo[key]


def verify(path, positions, depth, seed, log=print):
    """The table against a brute force over the rules core (morris.Position, not the
    engine nor this builder): on ``positions`` random positions of the file's parts,
    a result within ``depth`` plies must be found with the table's distance, and none
    for a draw or a deeper result. Returns the number of positions; AssertionError."""
    import random
    from morris import Position
    from engine.endgame import table_for, DRAW
    rules_text, _, parts = read(path)
    rules = Rules.parse(rules_text)
    probe = table_for(rules, path)
    rng = random.Random(seed)
    keys = sorted(parts)
    t0 = time.time()
    for i in range(positions):
        a, b = keys[i % len(keys)]
        pts = rng.sample(range(N), a + b)
        turn = rng.randrange(2)
        me = sum(1 << p for p in pts[:a])
        op = sum(1 << p for p in pts[a:])
        white, black = (me, op) if turn == 0 else (op, me)
        rows = ["".join("W" if white >> p & 1 else "B" if black >> p & 1 else "." for p in row)
                for row in rules.geo.rows]
        pos = Position.from_text("%s %s %s 0/0 0/0 0/0 -/- -" % (rules_text, "/".join(rows), "wb"[turn]))
        v = probe.probe(pos)
        memo = {}
        got = None
        for k in range(depth + 1):
            if k & 1 and _win_within(pos, k, memo) or not k & 1 and _lost_within(pos, k, memo):
                got = k
                break
        want = None if v[0] == DRAW or v[1] > depth else v[1]
        assert got == want, (pos.text(), v, got)
        if (i + 1) % 100 == 0:
            log("%d positions agree (%.0f s)" % (i + 1, time.time() - t0))
    return positions


def stats(path):
    _, _, parts = read(path)
    for (a, b), (mp, v) in parts.items():
        d = v.astype(np.int64) - 1
        n = len(v)
        win = (d >= 0) & (d % 2 == 1)
        loss = (d >= 0) & (d % 2 == 0)
        print("part %d-%d: %d states, %d bytes of map; wins %.1f%%, losses %.1f%%, draws %.1f%%; "
              "longest win %d plies, longest loss %d" % (
                  a, b, n, 2 * len(mp), 100 * win.sum() / n, 100 * loss.sum() / n,
                  100 * (d < 0).sum() / n, d[win].max(initial=0), d[loss].max(initial=0)))
        hist = np.bincount(d[d >= 0])
        print("  distances: " + ", ".join("%d: %d" % (i, c) for i, c in enumerate(hist) if c))
    print("file %s: %d bytes" % (path, os.path.getsize(path)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--rules", default="standard")
    b.add_argument("--four", action="store_true", help="four against three too")
    b.add_argument("--out", default=OUT)
    c = sub.add_parser("check")
    c.add_argument("file", nargs="?", default=OUT)
    v = sub.add_parser("verify")
    v.add_argument("file", nargs="?", default=OUT)
    v.add_argument("--positions", type=int, default=1000)
    v.add_argument("--depth", type=int, default=5)
    v.add_argument("--seed", type=int, default=1)
    s = sub.add_parser("stats")
    s.add_argument("file", nargs="?", default=OUT)
    args = ap.parse_args(argv)
    if args.cmd == "build":
        t0 = time.time()
        game, tables = build(args.rules, args.four)
        write(args.out, game, tables)
        print("wrote %s (%d bytes) in %.0f s" % (args.out, os.path.getsize(args.out), time.time() - t0))
        stats(args.out)
    elif args.cmd == "check":
        t0 = time.time()
        n = check(args.file)
        print("%d entries consistent under every move (%.0f s)" % (n, time.time() - t0))
    elif args.cmd == "verify":
        verify(args.file, args.positions, args.depth, args.seed)
        print("%d positions agree with the brute force to %d plies" % (args.positions, args.depth))
    else:
        stats(args.file)


if __name__ == "__main__":
    main()
