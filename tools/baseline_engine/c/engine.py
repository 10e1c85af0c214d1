"""The computer opponent: levels, budgets, variety and the time-sliced API.

Use::

    eng = Engine(level=3)
    eng.start(position)            # thinks on its own copy (the engine board)
    while True:                    # the board's main loop
        m = eng.step(20)           # search for about 20 ms, then return
        if m is not None: break    # the chosen move (int), or NOMOVE (-1) if none
        ...scan switches, animate LEDs...
    # or, blocking: m = eng.think(position)

Levels (``LEVELS``; ``LEVEL_NAMES`` for menus): five, named for who they
are for. Each has a Pico time budget ``ms`` (wall-clock milliseconds of
the whole move, measured inside the board's main loop, where the engine gets
about half the CPU) and a node cap ``nodes``, set to what the Pico searches
in that time at ``PICO_NODES_PER_S_LOOP`` nodes/s with a 20% reserve. So
the node cap is what normally ends a search -- a level plays the same moves
on the host simulator, in matches and on the board -- and ``ms`` is the
deadline that only binds if the Pico turns out slower than estimated.

Variety: every level picks at random among the root moves within the
level's ``margin`` (centi-stones) of the best: a root noise of 0..margin
per move, seeded per search from ``XorShift16`` (seeded by ``seed``; by
the clock when None), see engine/search.py. The top levels answer
from the opening book (engine/book.py) while the position is in it.

Rules the engine's array board cannot hold (``holds``: the
variants' special turns, a game-ending full board) are searched by
engine/relatives.py's Position-driven search, imported on the first such
game; its levels have their own node caps (``relatives.LEVELS``).
"""
from morris.compat import const, ticks_ms, ticks_add, ticks_diff, XorShift16
from morris.position import NOMOVE

# Estimated search speed on the RP2040 (nodes/s): the unix port runs the
# emitted search at 405,000-494,000 nodes/s of CPU time on the 2-core x86
# host (two runs of tools/bench_engine.py --all 5 on a busy host), / 100 to
# / 123 (the emitted code's ratio is an estimate; the issue measured 75x for
# the bytecode search on an emulated RP2040). Inside the board's main loop
# the engine gets about half the CPU (issue 13's measurement).
PICO_NODES_PER_S = 4000
PICO_NODES_PER_S_LOOP = PICO_NODES_PER_S // 2

ITERATIVE = const(22)   # depth of the iterative levels: search.MAXPLY - 2 (the node cap ends them)
LEVEL_NAMES = (None, "first games", "beginner", "casual", "club", "expert")
# level: (max depth, Pico ms of a move in the main loop, root margin, book)
_LEVELS = (
    None,
    (1, 300, 220, False),            # 1 first games: one ply, wide choice (misses mills)
    (2, 500, 60, False),             # 2 beginner: two plies
    (ITERATIVE, 950, 12, True),      # 3 casual (the board's default)
    (ITERATIVE, 1900, 8, True),      # 4 club
    (ITERATIVE, 4800, 5, True),      # 5 expert: the strongest within 5 s
)
TOP_LEVEL = len(_LEVELS) - 1


def level_budget(level):
    """(max depth, Pico ms, node cap, margin) of ``level`` (1..TOP_LEVEL); ValueError otherwise.

    node cap = ms x PICO_NODES_PER_S_LOOP x 0.8 (a 20% reserve: the cap is reached
    within ``ms`` as long as the Pico is at most about 125x slower than the unix
    port's 405,000 nodes/s; beyond that the ``ms`` deadline ends the search)."""
    if not 1 <= level <= TOP_LEVEL:
        raise ValueError("engine level must be 1..%d, got %r" % (TOP_LEVEL, level))
    depth, ms, margin, _ = _LEVELS[level]
    return depth, ms, ms * PICO_NODES_PER_S_LOOP * 4 // 5000, margin


LEVELS = tuple(None if lv == 0 else level_budget(lv) for lv in range(TOP_LEVEL + 1))


def holds(rules):
    """True when the engine's array board (engine/board.py) represents ``rules``
    (morris.Rules): the classic options only (no ``rules.special`` option of
    docs/variants.md, no full board that ends the game) on a board of at most
    30 points and 32 lines. Other rules are searched by engine/relatives.py."""
    geo = rules.geo
    return not rules.special and not rules.full_end and geo.n <= 30 and len(geo.lines) <= 32


class Engine:
    """Computer opponent of a given ``level`` (1 = first games .. TOP_LEVEL = expert).

    ``tt_size``: transposition-table entries (power of two; default 1024 =
    12 KB in 768-byte chunks). ``nodes``: override the level's node cap
    (int), e.g. for fast matches; ``ms``: override the ms budget (the
    deadline); ``depth``: override the maximum depth; ``seed``: seed of the
    variety choice (None: from the clock); ``book``: use the opening book
    (None: as the level says).
    Attributes after a search: ``nodes`` (nodes searched), ``depth`` (last
    completed iteration; 0 for a book move), ``score`` (centi-stones for
    the mover), ``move`` (the chosen move or None while thinking),
    ``from_book`` (bool).
    A level outside 1..TOP_LEVEL is clamped (see ``set_level``).
    """

    def __init__(self, level=3, tt_size=None, nodes=None, ms=None, seed=None, depth=None, book=None):
        self.tt_size = tt_size
        self.search = None    # engine/search.py, imported by ``reserve``
        self.searcher = None  # its Searcher and the board's blocks, made by ``reserve``
        self.board = None  # made per rules on the first search (tables only)
        self.reseed(ticks_ms() if seed is None else seed)
        self.book_override = book
        self.relatives = None  # engine/relatives.py's search, made for the first such game
        self.active = None     # the relatives' search while it thinks, else None
        self.rel_in_table = False  # the relatives' entries are in the (shared) TT
        self.set_level(level, nodes, ms, depth)
        self.move = None
        self.started = False
        self.nodes = 0
        self.depth = 0
        self.score = 0
        self.from_book = False

    def set_level(self, level, nodes=None, ms=None, depth=None):
        """Change level (and optional node / ms / depth overrides) between searches.
        A level outside 1..TOP_LEVEL is clamped into that range (the board's
        settings may hold any number). TypeError for a level that is not an int;
        ValueError for an override below 1 (a search needs at least one node)."""
        if type(level) is not int:
            raise TypeError("engine level must be an int 1..%d, got %r" % (TOP_LEVEL, level))
        for what, v in (("nodes", nodes), ("ms", ms), ("depth", depth)):
            if v is not None and (type(v) is not int or v < 1):
                raise ValueError("engine %s must be an int of at least 1, got %r" % (what, v))
        level = 1 if level < 1 else TOP_LEVEL if level > TOP_LEVEL else level
        ldepth, pms, cap, margin = level_budget(level)
        self.level = level
        self.overrides = (nodes, ms, depth)
        self.name = LEVEL_NAMES[level]
        self.max_depth = ldepth if depth is None else depth
        self.ms = pms if ms is None else ms
        self.node_cap = cap if nodes is None else nodes
        self.margin = margin
        use = _LEVELS[level][3]
        self.use_book = use if self.book_override is None else self.book_override

    def reseed(self, seed):
        """Restart the variety choice's generator from ``seed`` (int)."""
        self.rng = XorShift16(seed)

    def reserve(self):
        """Import the array board's search and make its tables (TT, state and
        move blocks, about 18 KB) now, e.g. while the heap is young (main.py);
        ``start`` does it on the first classic search otherwise. A game of the
        relatives (engine/relatives.py) without it never loads that code."""
        if self.searcher is None:
            from . import search
            from .board import Board
            self.search = search
            self.blocks = Board.blocks()  # the board's large blocks, kept for good
            self.searcher = search.Searcher(self.tt_size)

    def new_game(self):
        """Forget everything learnt in the previous game (TT, killers, history)."""
        if self.searcher is not None:
            self.searcher.clear()
        if self.relatives is not None:
            self.relatives.searcher.clear()

    def _board(self, position):
        b = self.board
        if b is None or b.rules != position.rules:
            from .board import Board
            b = self.board = Board(position.rules, self.blocks)
        return b.load(position)

    def start(self, position):
        """Begin thinking about ``position`` (the caller's object is not touched)."""
        self.started = True
        self.move = None
        self.nodes = 0
        self.depth = 0
        self.score = 0
        self.from_book = False
        self.active = None
        moves = position.legal_moves
        if not moves:
            self.move = NOMOVE
            return
        if len(moves) == 1:
            self.move = moves[0]
            return
        if not holds(position.rules):
            self._start_relatives(position)
            return
        self.reserve()
        if self.rel_in_table:
            self.rel_in_table = False
            self.searcher.clear()
        if self.use_book:
            from .book import book_moves  # imported on first use: no RAM at levels 1-2
            bm = book_moves(position)
            if bm:
                self.from_book = True
                self.move = bm[self.rng.below(len(bm))]
                return
        board = self._board(position)
        s = self.searcher
        s.clear_heuristics()
        self.deadline = ticks_add(ticks_ms(), self.ms)
        s.begin(board, self.max_depth, self.node_cap, self.margin, self.rng.next())

    def _start_relatives(self, position):
        rel = self.relatives
        if rel is None:
            from .relatives import Relatives
            rel = self.relatives = Relatives(self.tt_size, self.searcher)
        if self.searcher is not None and not self.rel_in_table:
            self.rel_in_table = True  # the array board's entries are in the shared TT
            self.searcher.clear()
        nodes, ms, depth = self.overrides
        self.active = rel
        rel.start(position, self.level, self.rng, nodes, depth, ms)

    def step(self, budget_ms):
        """Think for about ``budget_ms`` (ms of the running machine); return the
        chosen move int when done, else None. RuntimeError before ``start``."""
        if self.move is not None:
            return self.move
        if not self.started:
            raise RuntimeError("Engine.step before Engine.start")
        rel = self.active
        if rel is not None:
            m = rel.step(budget_ms)
            self.nodes = rel.nodes
            if m is not None:
                self.depth = rel.depth
                self.score = rel.score
                self.move = m
            return m
        s = self.searcher
        S = self.search
        end = ticks_add(ticks_ms(), budget_ms)
        if ticks_diff(end, self.deadline) > 0:
            end = self.deadline
        while True:
            r = s.run(end)
            if r == S.PAUSED:
                if ticks_diff(ticks_ms(), self.deadline) >= 0:
                    r = S.ABORTED
                else:
                    self.nodes = s.nodes
                    return None
            if r == S.DONE:
                s.finish_iteration()
                sc = s.it_score
                if s.cur_depth >= s.max_depth or sc > S.MATE_ZONE or sc < -S.MATE_ZONE:
                    return self._finish()
                s._start_iteration(s.cur_depth + 1)
                continue
            # ABORTED: node cap or deadline
            s.unwind()
            if s.it_first_done and s.it_best >= 0 and s.it_best != s.best_move:
                # the unfinished iteration found a better move: take it
                s.best_move = s.it_best
                s.best_score = s.it_score
            return self._finish()

    def _finish(self):
        s = self.searcher
        self.nodes = s.nodes
        self.depth = s.depth_done
        self.score = s.best_score
        m = s.best_move
        if m < 0:  # no iteration finished: the first ordered root move
            m = self.board.M[0] & 0xFFFFF
        self.move = m
        return m

    def think(self, position, slice_ms=50):
        """Blocking search: ``start`` then ``step`` until done; returns the move int."""
        self.start(position)
        while True:
            m = self.step(slice_ms)
            if m is not None:
                return m
