"""The computer opponent: levels, budgets and the time-sliced API.

Use::

    eng = Engine(level=3)
    eng.start(position)            # thinks on a private copy
    while True:                    # the board's main loop
        m = eng.step(20)           # search for about 20 ms, then return
        if m is not None: break    # the chosen move (int), or NOMOVE (-1) if none
        ...scan switches, animate LEDs...
    # or, blocking: m = eng.think(position)

Budgets. Every level has a node cap ``nodes`` (the search stops at it) and
a Pico time budget ``ms`` = nodes / ``PICO_NODES_PER_S`` (milliseconds on
the RP2040). The node cap is what normally ends the search, so a level plays
the same moves on the host simulator, in matches and on the board; ``ms`` is
also applied as a wall-clock deadline (1.5 x ``ms`` of real time on
whatever runs the code), a safety net that only binds on the Pico.

``PICO_NODES_PER_S`` = nodes/s of the MicroPython unix port on the 2-core
x86 host (tools/bench_engine.py, nodes over the process's user CPU time)
divided by 82, docs/pico.md's factor for function calls. The search's time
goes to method calls (push, pop, generate, evaluate, _terminal), list
building in the rules core's move generation and small-int bit operations
in the evaluation, i.e. a mix of the three Pico speed factors of docs/pico.md (43x bit ops,
58x lists/dicts, 82x calls); taking the slowest makes every ``ms`` an upper
estimate: with the 58x factor the Pico would finish in about 0.7 x ``ms``.
"""
import random
from morris.compat import ticks_ms, ticks_add, ticks_diff
from morris.position import NOMOVE
from .search import _zeros, HSIZE, Searcher, DONE, PAUSED, ABORTED, MATE_ZONE, MAXPLY

# Measured: tools/bench_engine.py 5 --depth-only under the MicroPython unix
# port: 63,484 nodes in about 1.77 s of user CPU time = 36,000 nodes/s on the
# host (35,500 by the wall clock on a quiet host); / 82 (docs/pico.md's factor
# for function calls, the slowest of the three, so the ms figures are upper
# bounds) = 440.
PICO_NODES_PER_S = 440

# level: (max depth, node cap, root noise amplitude in centi-stones)
LEVELS = (
    None,
    (1, 120, 170),     # 1: a child's first games: one ply, heavy noise (misses mills)
    (2, 400, 45),      # 2: two plies, light noise
    (3, 600, 0),       # 3: three plies
    (MAXPLY - 2, 800, 0),   # 4: iterative deepening
    (MAXPLY - 2, 4000, 0),  # 5: strongest: iterative deepening, <= 9 s on the Pico
)
TOP_LEVEL = len(LEVELS) - 1


def level_budget(level):
    """(max depth, Pico ms, node cap, noise) of ``level`` (1..TOP_LEVEL); ValueError otherwise.

    Pico ms = node cap / PICO_NODES_PER_S (an upper estimate, see above)."""
    if not 1 <= level <= TOP_LEVEL:
        raise ValueError("engine level must be 1..%d, got %r" % (TOP_LEVEL, level))
    depth, nodes, noise = LEVELS[level]
    return depth, nodes * 1000 // PICO_NODES_PER_S, nodes, noise


def copy_position(position):
    """An independent copy of ``position`` for the search (``position.copy()``)."""
    return position.copy()


class Engine:
    """Computer opponent of a given ``level`` (1 = child .. TOP_LEVEL = strongest).

    ``tt_size``: transposition-table entries (power of two; default 1024 =
    12 KB in 768-byte chunks). ``nodes``: override the level's node cap (int) e.g. for fast
    matches; ``ms``: override the Pico ms budget (also the deadline);
    ``depth``: override the level's maximum depth; ``seed``: seed for the
    level's randomness (None: leave the generator alone).
    Attributes after a search: ``nodes`` (nodes searched), ``depth`` (last
    completed iteration), ``score`` (centi-stones for the mover),
    ``move`` (the chosen move or None while thinking).
    A level outside 1..TOP_LEVEL is clamped (see ``set_level``).
    """

    def __init__(self, level=3, tt_size=None, nodes=None, ms=None, seed=None, depth=None):
        self.searcher = Searcher(tt_size)
        self.set_level(level, nodes, ms, depth)
        if seed is not None:
            random.seed(seed)
        self.move = None
        self.nodes = 0
        self.depth = 0
        self.score = 0

    def set_level(self, level, nodes=None, ms=None, depth=None):
        """Change level (and optional node / ms / depth overrides) between searches.
        A level outside 1..TOP_LEVEL is clamped into that range (the board's
        settings may hold any number)."""
        level = 1 if level < 1 else TOP_LEVEL if level > TOP_LEVEL else level
        ldepth, pms, cap, amp = level_budget(level)
        self.level = level
        self.max_depth = ldepth if depth is None else depth
        self.ms = pms if ms is None else ms
        self.node_cap = (self.ms * PICO_NODES_PER_S // 1000 if ms is not None else cap) if nodes is None else nodes
        self.amp = amp
        if amp and getattr(self, "_noise", None) is None:
            self._noise = _zeros("h", HSIZE, 2)  # made once, kept across level changes

    def new_game(self):
        """Forget everything learnt in the previous game (TT, killers, history)."""
        self.searcher.clear()

    def start(self, position):
        """Begin thinking about ``position`` (the caller's object is not touched)."""
        pos = copy_position(position)
        self.pos = pos
        self.move = None
        self.nodes = 0
        self.depth = 0
        self.score = 0
        moves = pos.legal_moves
        if not moves:
            self.move = NOMOVE
            return
        if len(moves) == 1:
            self.move = moves[0]
            return
        s = self.searcher
        s.clear_heuristics()
        noise = None
        if self.amp:
            noise = self._noise
            span = 2 * self.amp + 1
            for i in range(HSIZE):
                noise[i] = random.getrandbits(16) % span - self.amp
        self.deadline = ticks_add(ticks_ms(), self.ms * 3 // 2)
        s.begin(pos, self.max_depth, self.node_cap, noise)

    def step(self, budget_ms):
        """Think for about ``budget_ms`` (ms of the running machine); return the
        chosen move int when done, else None. Call ``start`` first."""
        if self.move is not None:
            return self.move
        s = self.searcher
        end = ticks_add(ticks_ms(), budget_ms)
        if ticks_diff(end, self.deadline) > 0:
            end = self.deadline
        while True:
            r = s.run(end)
            if r == PAUSED:
                if ticks_diff(ticks_ms(), self.deadline) >= 0:
                    r = ABORTED
                else:
                    self.nodes = s.nodes
                    return None
            if r == DONE:
                s.best_move = s.it_best
                s.best_score = s.it_score
                s.depth_done = s.cur_depth
                sc = s.it_score
                if s.cur_depth >= s.max_depth or sc > MATE_ZONE or sc < -MATE_ZONE:
                    return self._finish()
                s._start_iteration(s.cur_depth + 1)
                continue
            # ABORTED: node cap or deadline
            s.unwind()
            if s.it_first_done and s.it_best >= 0:
                s.best_move = s.it_best
                s.best_score = s.it_score
            return self._finish()

    def _finish(self):
        s = self.searcher
        self.nodes = s.nodes
        self.depth = s.depth_done
        self.score = s.best_score
        m = s.best_move
        if m < 0:  # no iteration finished: take the first ordered root move
            m = self.pos.legal_moves[0]
        self.move = m
        return m

    def think(self, position, slice_ms=50):
        """Blocking search: ``start`` then ``step`` until done; returns the move int."""
        self.start(position)
        while True:
            m = self.step(slice_ms)
            if m is not None:
                return m
