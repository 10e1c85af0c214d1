"""Build the engine's opening book (firmware/engine/book.bin) by deep searches; resumable.

    .venv/bin/python tools/build_book.py build --journal J [--nodes N] [--full P] [--last Q]
                                         [--progress FILE] [--hours H] [--seed-book BOOK]
    .venv/bin/python tools/build_book.py write --journal J [--out firmware/engine/book.bin]
    .venv/bin/python tools/build_book.py coverage [--book firmware/engine/book.bin] [--journal J]

``build`` searches placement positions one after another with the top level
(no book, a node cap of N, default 150,000: about 20 times the top level's
own) in the MicroPython unix port (tools/book_worker.py: the engine's emitted
code, one process; ``nice`` the command) and appends every answer to the
journal J (one line a search: ply, canonical key, seed, the move in the
canonical frame, nodes, depth, score). Run again with the same journal, it
skips what the journal holds and goes on where it stopped (a torn last line
is ignored), so it can be stopped at any time and run for hours. Positions,
in this order, every one merged under the board's 16 symmetries (engine/book.py):

1. every position of plies 0..P (``--full``, default 4: 4,679 positions;
   plies 0..3 get SEEDS_EARLY searches with different seeds of the top
   level's root noise, i.e. several equally good answers, the rest one);
2. the book's own lines, ply by ply from P + 1 up to Q (``--last``, default
   17, the end of placement): every position reached from a ply - 1 entry by
   its answers (the book serves both colours, so the line a position leads
   to, with the other side to move, is the next one the engine meets when
   the opponent plays as it would).

Within a ply, positions both sides reach by playing the book come first, then
those the side to move reaches by playing the book against any reply, then
the rest, so a build stopped inside a ply has done the ones met most.

``--progress`` rewrites a small status file after every search (stage,
ply, positions done of the ply's frontier, rate, time). ``--seed-book`` counts
the positions of an existing book file as done (a resume from a clean clone:
``--seed-book firmware/engine/book.bin``, with ``write --seed-book`` the same
file, which ``write`` merges before it overwrites it). ``write`` turns the journal into
the book file (engine/book.py's format, unchanged: MBK1, 11-byte records of
canonical key and move; every distinct answer of a position is a record);
``coverage`` prints the book's positions per ply and how long the book
lasts in games (self-play from random openings of 0, 2 and 4 plies, and
against a random mover).
"""
import argparse
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules  # noqa: E402
from engine.book import MAGIC, RECORD, Book, canonical, map_move, _inverse  # noqa: E402

OUT = os.path.join(ROOT, "firmware", "engine", "book.bin")
SEEDS_EARLY = 3      # searches (seeds) per position of plies 0..3
MAX_RECORDS = 65535  # the file's 2-byte record count
RULES = "standard"


def _b(v, n):
    return bytes([(v >> (8 * (n - 1 - i))) & 255 for i in range(n)])


def read_journal(path):
    """{key (k1, k2): [canonical moves]} and {key: ply} from journal ``path`` (missing: empty)."""
    answers = {}
    plies = {}
    seeds = {}
    if not os.path.exists(path):
        return answers, plies, seeds
    with open(path) as f:
        for line in f:
            if not line.endswith("\n"):
                break  # a torn last line (the build was stopped while writing)
            p = line.split()
            if len(p) != 8:
                continue
            ply, k1, k2, seed, m = (int(x) for x in p[:5])
            key = (k1, k2)
            plies[key] = ply
            seeds.setdefault(key, set()).add(seed)
            lst = answers.setdefault(key, [])
            if m not in lst:
                lst.append(m)
    return answers, plies, seeds


def book_records(path):
    """{key: [canonical moves]} of an existing book file."""
    out = {}
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != MAGIC:
        raise ValueError("%s: not a book file" % path)
    n = data[4]
    base = 5 + n + 2
    count = data[base - 2] << 8 | data[base - 1]
    for i in range(count):
        r = data[base + i * RECORD: base + (i + 1) * RECORD]
        key = (int.from_bytes(r[0:4], "big"), int.from_bytes(r[4:8], "big"))
        out.setdefault(key, []).append(int.from_bytes(r[8:11], "big"))
    return out


class Tree:
    """The positions the book covers, in build order, rebuilt from the journal's answers.

    ``full``: every position up to that ply; then the book's lines up to ``last``.
    Within a ply the positions come in three tiers: those both sides reach by
    playing the book (self-play), those the side to move reaches by playing the
    book against any opponent, then the rest (the order the engine meets them)."""

    def __init__(self, rules, full, last):
        self.rules = rules
        self.full = full
        self.last = last
        self.reps = {}   # key -> (position, perm)
        self.lines = {}  # key -> [white followed the book, black followed the book]

    def _add(self, pos, flags, out):
        if pos.outcome() is not None or not (pos.hand[0] or pos.hand[1]):
            return
        key, perm = canonical(pos)
        if key not in self.reps:
            self.reps[key] = (pos, perm)
            self.lines[key] = list(flags)
            out.append(key)
        else:
            f = self.lines[key]
            f[0] = f[0] or flags[0]
            f[1] = f[1] or flags[1]

    def _tier(self, key):
        f = self.lines[key]
        t = self.reps[key][0].turn
        return 0 if f[0] and f[1] else 1 if f[t] else 2

    def ply(self, ply, answers):
        """Keys of ply ``ply``'s positions (needs the answers of ply - 1), best tier first."""
        if ply == 0:
            out = []
            self._add(Position(self.rules), (True, True), out)
            return out
        out = []
        for key in self._prev:
            pos, perm = self.reps[key]
            inv = _inverse(perm)
            book = [map_move(m, inv) for m in answers.get(key, ())]
            moves = pos.legal_moves if ply <= self.full else book
            f = self.lines[key]
            for m in moves:
                c = pos.copy()
                c.push(m)
                flags = list(f)
                flags[pos.turn] = f[pos.turn] and m in book
                self._add(c, flags, out)
        return sorted(out, key=self._tier)  # stable: parent order within a tier

    def walk(self, answers):
        """Yield (ply, keys) ply by ply; the caller fills ``answers`` for each ply before the next."""
        self._prev = []
        for ply in range(self.last + 1):
            keys = self.ply(ply, answers)
            yield ply, keys
            self._prev = keys
            if not keys:
                return


class Worker:
    """tools/book_worker.py in the MicroPython unix port (or CPython when it is missing)."""

    def __init__(self, tt):
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        cmd = [mp, "-X", "heapsize=16m"] if os.path.exists(mp) else [sys.executable]
        self.proc = subprocess.Popen(cmd + ["tools/book_worker.py", str(tt)], cwd=ROOT,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def search(self, pos, seed, nodes):
        """(move, nodes, depth, score) of the top level's search of ``pos``."""
        self.proc.stdin.write("%d %d %s\n" % (seed, nodes, pos.text()))
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("book worker died")
        m, n, d, s = (int(x) for x in line.split())
        return m, n, d, s

    def close(self):
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()
        self.proc.wait()


def build(args):
    rules = Rules.parse(args.rules)
    answers, plies, seeds = read_journal(args.journal)
    if args.seed_book:
        for key, ms in book_records(args.seed_book).items():
            if key not in answers:
                answers[key] = list(ms)
                seeds[key] = set(range(1, SEEDS_EARLY + 1))
    os.makedirs(os.path.dirname(os.path.abspath(args.journal)), exist_ok=True)
    journal = open(args.journal, "a")
    worker = Worker(args.tt)
    t0 = time.time()
    stop_at = t0 + args.hours * 3600 if args.hours else None
    done_now = 0
    tree = Tree(rules, args.full, args.last)
    try:
        for ply, keys in tree.walk(answers):
            want = SEEDS_EARLY if ply <= min(3, args.full) else 1
            todo = [k for k in keys if len(seeds.get(k, ())) < want]
            for i, key in enumerate(todo):
                pos, perm = tree.reps[key]
                for seed in range(1, want + 1):
                    if seed in seeds.get(key, ()):
                        continue
                    m, n, d, s = worker.search(pos, seed, args.nodes)
                    cm = map_move(m, perm)
                    journal.write("%d %d %d %d %d %d %d %d\n" % (ply, key[0], key[1], seed, cm, n, d, s))
                    journal.flush()
                    seeds.setdefault(key, set()).add(seed)
                    lst = answers.setdefault(key, [])
                    if cm not in lst:
                        lst.append(cm)
                done_now += 1
                el = time.time() - t0
                if args.progress:
                    _progress(args.progress, "%s ply %d (%s): %d of %d positions of the ply left before this run "
                              "done; %d searched in this run in %.0f s (%.2f s each); last: depth %d, %d nodes, "
                              "score %d; journal %s\n"
                              % (time.strftime("%Y-%m-%d %H:%M:%S"), ply,
                                 "every position" if ply <= args.full else "book lines",
                                 i + 1, len(todo), done_now, el, el / done_now, d, n, s, args.journal))
                if stop_at and time.time() > stop_at:
                    print("time is up at ply %d" % ply)
                    return
            print("ply %d: %d positions (%d searched in this run)" % (ply, len(keys), len(todo)), flush=True)
        if args.progress:
            _progress(args.progress, "%s finished: every stage done up to ply %d\n"
                      % (time.strftime("%Y-%m-%d %H:%M:%S"), args.last))
    finally:
        worker.close()
        journal.close()


def _progress(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write(args):
    answers, plies, _ = read_journal(args.journal)
    if args.seed_book:
        for key, ms in book_records(args.seed_book).items():
            if key not in answers:
                answers[key] = list(ms)
                plies[key] = _ply_of(key)
    records = sorted((k[0], k[1], m) for k, ms in answers.items() for m in ms
                     if plies[k] <= args.max_ply)
    if len(records) > MAX_RECORDS:
        raise SystemExit("%d records: more than the format's %d (use --max-ply)" % (len(records), MAX_RECORDS))
    rt = str(Rules.parse(args.rules)).encode()
    with open(args.out, "wb") as f:
        f.write(MAGIC)
        f.write(bytes([len(rt)]))
        f.write(rt)
        f.write(_b(len(records), 2))
        for k1, k2, m in records:
            f.write(_b(k1, 4))
            f.write(_b(k2, 4))
            f.write(_b(m, 3))
    n = len(set((r[0], r[1]) for r in records))
    print("book: %d positions, %d records, %d bytes -> %s" % (n, len(records), os.path.getsize(args.out), args.out))


def _ply_of(key):
    """Placement ply of a canonical key: stones placed (9 - in hand, both sides)."""
    k1, k2 = key
    return 18 - (k1 >> 25) - (k2 >> 25)


def coverage(args):
    book = Book(args.book)
    recs = book_records(args.book)
    per = {}
    for key in recs:
        per[_ply_of(key)] = per.get(_ply_of(key), 0) + 1
    print("book %s: %d positions, %d records, %d bytes" % (args.book, len(recs), book.count,
                                                          os.path.getsize(args.book)))
    print("positions per ply (stones placed): " + ", ".join("%d: %d" % (p, per[p]) for p in sorted(per)))
    rules = Rules.parse(args.rules)
    rng = random.Random(args.seed)
    for opening in (0, 2, 4):
        lasts = []
        for _ in range(args.games):
            pos = Position(rules)
            for _ in range(opening):
                pos.push(rng.choice(pos.legal_moves))
            n = 0
            while pos.hand[0] or pos.hand[1]:
                bm = book.moves(pos)
                if not bm:
                    break
                pos.push(rng.choice(bm))
                n += 1
            lasts.append(opening + n)
        print("self-play from %d random plies (%d games): the book answers up to ply %.1f on average "
              "(min %d, max %d); %d%% of games still in the book at ply 6, %d%% at ply 8"
              % (opening, args.games, sum(lasts) / len(lasts), min(lasts), max(lasts),
                 100 * sum(1 for x in lasts if x >= 6) // len(lasts),
                 100 * sum(1 for x in lasts if x >= 8) // len(lasts)))
    hits = []
    for g in range(args.games):
        pos = Position(rules)
        ours = g & 1
        n = 0
        while pos.hand[0] or pos.hand[1]:
            if pos.turn == ours:
                bm = book.moves(pos)
                if not bm:
                    break
                n += 1
                pos.push(rng.choice(bm))
            else:
                pos.push(rng.choice(pos.legal_moves))
        hits.append(n)
    print("against a random mover (%d games, colours alternated): %.2f book moves per game on average"
          % (args.games, sum(hits) / len(hits)))
    if args.journal:
        answers, plies, _ = read_journal(args.journal)
        jp = {}
        for k in answers:
            jp[plies[k]] = jp.get(plies[k], 0) + 1
        print("journal %s: %d positions; per ply: %s" % (args.journal, len(answers),
                                                        ", ".join("%d: %d" % (p, jp[p]) for p in sorted(jp))))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="search positions into the journal (resumable)")
    b.add_argument("--journal", required=True)
    b.add_argument("--nodes", type=int, default=150000)
    b.add_argument("--full", type=int, default=4, help="every position up to this ply")
    b.add_argument("--last", type=int, default=17, help="the book's lines up to this ply")
    b.add_argument("--tt", type=int, default=1 << 16, help="transposition table entries of the searches")
    b.add_argument("--progress", help="status file rewritten after every search")
    b.add_argument("--hours", type=float, default=0, help="stop after this many hours (0: run to the end)")
    b.add_argument("--seed-book", help="count this book file's positions as done")
    b.add_argument("--rules", default=RULES)
    w = sub.add_parser("write", help="write the book file from the journal")
    w.add_argument("--journal", required=True)
    w.add_argument("--out", default=OUT)
    w.add_argument("--max-ply", type=int, default=17)
    w.add_argument("--seed-book", help="merge this book file's positions (those the journal lacks)")
    w.add_argument("--rules", default=RULES)
    c = sub.add_parser("coverage", help="print the book's coverage")
    c.add_argument("--book", default=OUT)
    c.add_argument("--journal")
    c.add_argument("--games", type=int, default=400)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--rules", default=RULES)
    args = ap.parse_args(argv)
    if args.cmd == "build":
        if args.nodes < 1 or args.full < 0 or args.last < args.full:
            ap.error("need --nodes >= 1 and 0 <= --full <= --last")
        build(args)
    elif args.cmd == "write":
        write(args)
    else:
        coverage(args)


if __name__ == "__main__":
    main()
