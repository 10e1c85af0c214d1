"""Resuming a long saved game: time and memory of the board controller's load.

Plays a long legal game (seeded, the same on both interpreters; captures
and game ends avoided where a choice allows) move by move through the
controller's own commit-and-save path into an in-memory store with a log
(the format of firmware/board/controller.py, "Saved game"), then fragments
the heap on purpose -- holes of at most ``HOLE`` bytes between kept blocks,
about ``FREE`` bytes free in all, like the Pico's heap in issue 12 (97,888
bytes free, largest free block 848) -- and times a new Controller loading
it. For comparison the same game in the first firmware's format (every move
in one record) is loaded the same way: from the Pico's store, which has a log
(replayed in pieces, its older moves moved to the log as it goes: bounded),
and from a store without a log (every move kept: the old controller's way).

Usage, from the repository root:
    .venv/bin/python tools/bench_resume.py [PLIES ...]   # the firmware as .mpy under
                                                         # the unix port, 192 KB heap
    .venv/bin/python tools/bench_resume.py --cpython     # CPython (no heap figures)

Prints one line per preset and length: the resume time (ms, unix port), the
Pico estimate (x 60: docs/pico.md, "Pico speed factors": 58x for dict/list work, 60x for perft
on an emulated RP2040), the moves parsed, the state file's size and the heap
free before the load. tests/firmware/test_saved_game.py uses the same helpers.
"""
import gc
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")

from morris import Position, Rules, NONE  # noqa: E402
from morris.compat import XorShift16, ticks_us, ticks_diff  # noqa: E402

PRESETS_WITHOUT_DRAW = ("old-russian", "schmidt")
LENGTHS = (300, 600, 1000)
WORD = 8 if sys.maxsize > 1 << 32 else 4   # bytes a pointer: 4 on the Pico, 8 on the unix port
HOLE_PICO = 1024  # hole size in Pico bytes (x WORD / 4 here); issue 12 saw 848 as the largest block
PICO_FACTOR = 60


class MemStore:
    """A store with a log, in memory (the controller's store contract; ``pieces`` as
    hw/store.py's FileStore reads a file: bounded pieces)."""

    def __init__(self, log=True):
        self.data = None
        self.chunks = None   # the stored bytes in pieces instead (a long game of the old format)
        self.lines = []
        if not log:      # no log: every move in the state file
            self.log_append = None

    def save(self, data):
        self.data = bytes(data)
        self.chunks = None

    def load(self):
        return self.data if self.chunks is None else b"".join(self.chunks)

    def size(self):
        return len(self.data) if self.chunks is None else sum(len(c) for c in self.chunks)

    def pieces(self, n=256):
        if self.chunks is not None:
            return iter(self.chunks)
        if not self.data:
            return None
        return (self.data[i:i + n] for i in range(0, len(self.data), n))

    def log_append(self, data):
        self.lines.append(bytes(data))     # one blob per append: no long list

    def log_lines(self):
        for blob in self.lines:
            for line in blob.split(b"\n"):
                if line:
                    yield line

    def log_clear(self):
        self.lines = []


def long_game(rules, plies, seed=1):
    """Yields the move ints of a legal game of ``plies`` plies under ``rules``
    (text), or fewer when every line ends it sooner. Non-capturing moves that keep
    the game going are preferred. Its position drops its undo data every 16 plies
    (``copy``), so a long game needs little memory here."""
    rng = XorShift16(seed)
    pos = Position(Rules.parse(rules))
    n = 0
    while n < plies and pos.outcome() is None:
        moves = pos.legal_moves
        quiet = [m for m in moves if m >> 10 & 31 == NONE]
        pick = None
        for pool in (quiet, moves):
            while pool and pick is None:
                m = pool.pop(rng.below(len(pool)))
                pos.push(m)
                if pos.outcome() is None or n + 1 == plies:
                    pick = m
                pos.pop()
            if pick is not None:
                break
        if pick is None:
            pick = pos.legal_moves[0]
        pos.push(pick)
        n += 1
        if n % 16 == 0:
            pos = pos.copy()
        yield pick


def old_saved_game(rules, plies, log=False, seed=1):
    """(store, final position text, plies): a game in the first firmware's format
    (every move in one file, no Format tag, First worked out from the plies as that
    firmware did), written directly: the old controller's RAM copy of every move
    does not fit a long game here. ``log``: the store has a log (the Pico's)."""
    pos = Position(Rules.parse(rules))
    pieces = [None]
    texts = []
    n = 0
    for m in long_game(rules, plies, seed):
        texts.append(pos.move_text(m))
        pos.push(m)
        n += 1
        if len(texts) == 64:
            pieces.append((" ".join(texts) + " ").encode())
            texts = []
            pos = pos.copy()
    pieces.append((" ".join(texts) + "\n").encode())
    first = pos.turn if n % 2 == 0 else 1 - pos.turn      # the first firmware's way
    pieces[0] = ('[Rules "%s"]\n[First "%s"]\n' % (rules, ("white", "black")[first])).encode()
    st = MemStore(log)
    st.chunks = pieces        # kept in pieces: a 6 KB block need not fit this heap
    return st, pos.text(), n


FORMATS = ("new", "old", "old-nolog")   # today's; the first firmware's on a store with / without a log


def saved_game(rules, plies, fmt="new"):
    """(store, final position text, plies): a ``long_game`` played through a
    Controller's commit-and-save path into a fresh store, or written in the first
    firmware's format (``fmt`` "old": on a store with a log, "old-nolog": without)."""
    from board.controller import Controller
    if fmt != "new":
        return old_saved_game(rules, plies, log=fmt == "old")
    log = True
    st = MemStore(log)
    c = Controller(rules=rules, players=("human", "human"), store=st)
    n = 0
    for m in long_game(rules, plies):
        c._commit(m)
        c.events()          # the main loop takes them every pass
        n += 1
    return st, c.pos.text(), n


HELD = []   # the blocks fragment_heap keeps (a module list: no stale stack reference keeps them)


def release():
    """Undo ``fragment_heap``."""
    del HELD[:]
    gc.collect()


def fragment_heap(hole=None, kept=16):
    """Fill the whole free heap with holes of ``hole`` bytes (default HOLE_PICO in
    this interpreter's word size) between kept blocks of ``kept`` bytes: most of the
    heap stays free, no free run much longer than a hole. ``release()`` undoes it.
    MicroPython only (needs gc.mem_free)."""
    if hole is None:
        hole = HOLE_PICO * WORD // 4
    gc.collect()
    keep = HELD
    holes = []
    try:
        while True:
            holes.append(bytes(hole))
            keep.append(bytes(kept))
    except MemoryError:
        pass
    try:
        while True:            # the last small runs
            keep.append(bytes(kept))
    except MemoryError:
        pass
    holes = None
    gc.collect()


def largest_block():
    """Bytes of the largest bytearray that can be allocated now (binary search)."""
    lo, hi = 0, 1 << 20
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid - 1
    return lo


def resume(rules, store):
    """(controller, us) of a Controller loading ``store``."""
    from board.controller import Controller
    t0 = ticks_us()
    c = Controller(rules=rules, players=("human", "human"), store=store)
    return c, ticks_diff(ticks_us(), t0)


def case(rules, n, fmt="new"):
    """Save a game of ``n`` plies under ``rules`` (``fmt``: FORMATS), fragment the
    heap, resume it; prints one line."""
    mp = hasattr(gc, "mem_free")
    import board.controller  # noqa: F401  (code first, while the heap is young)
    try:
        st, final, plies = saved_game(rules, n, fmt)
    except MemoryError:
        print("  %-11s %5d plies  %-10s the saved record does not even fit in memory here"
              % (rules, n, fmt))
        return
    size = st.size()
    gc.collect()
    if mp:
        fragment_heap()
    free = gc.mem_free() if mp else -1
    big = largest_block() if mp else -1
    try:
        c, us = resume(rules, st)
        parsed = len(c.moves)
        ok = "ok" if c.pos.text() == final else "WRONG POSITION"
    except MemoryError:
        us, parsed, ok = -1000, -1, "MemoryError"
    release()
    print("  %-11s %5d plies  %-10s resume %7.2f ms (Pico ~%5d ms)  moves kept %4d  "
          "state file %5d bytes  free %6d, largest block %5d  %s" % (
              rules, plies, fmt, us / 1000,
              us * PICO_FACTOR // 1000, parsed, size, free, big, ok))


def main(lengths, run=None):
    """Every preset without a draw rule x ``lengths`` x FORMATS; ``run`` runs one
    ``case`` (args: rules, plies, format) -- default: here."""
    print("resume of a saved game (%s), heap fragmented into holes of %d bytes (%d Pico bytes):"
          % ("MicroPython unix port, 192 KB heap, one process per line" if run else sys.implementation.name,
             HOLE_PICO * (8 if run else WORD) // 4, HOLE_PICO))
    for rules in PRESETS_WITHOUT_DRAW:
        for n in lengths:
            for fmt in FORMATS:
                (run or case)(rules, n, fmt)


def _run_micropython(args):
    """Compile the firmware and this script to .mpy (as on the Pico) and run them
    under the unix port with a 192 KB heap; prints its output."""
    import os
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bindir = os.path.dirname(sys.executable)
    mp = os.path.join(bindir, "micropython")
    if not os.path.exists(mp):
        print("(no micropython binary next to %s)" % sys.executable)
        return 0
    sys.path.insert(0, os.path.join(root, "tools"))
    import deploy
    out = os.path.join(root, "build", "bench_mpy")
    deploy.build(out, log=lambda *a: None)
    subprocess.run([os.path.join(bindir, "mpy-cross"), "-o", os.path.join(out, "bench_resume.mpy"),
                    os.path.abspath(__file__)], check=True)
    failed = []

    def run(rules, n, fmt):
        code = "import sys; sys.path[:0] = [%r]; import bench_resume as b; b.case(%r, %d, %r)" % (
            out, rules, n, fmt)
        r = subprocess.run([mp, "-X", "heapsize=192k", "-c", code], cwd=root, capture_output=True,
                           text=True)
        print(r.stdout.rstrip())
        if r.returncode:
            print(r.stderr.rstrip())
            failed.append(r.returncode)
    main(args or LENGTHS, run)
    return 1 if failed else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:] if a.isdigit()]
    if sys.implementation.name != "micropython" and "--cpython" not in sys.argv:
        sys.exit(_run_micropython(args))
    main(args or LENGTHS)
