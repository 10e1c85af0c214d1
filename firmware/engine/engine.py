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
are for. Each has a node cap ``nodes``, which ends its search -- a level
plays the same moves on the board, on the host simulator and in matches --
set from the Pico's measured speed inside the board's main loop
(``PICO_NODES_PER_S_LOOP``: the loop gives the engine at least
``LOOP_SHARE`` of the CPU while it thinks, issue 21), and a deadline ``ms``
(wall-clock milliseconds of the whole move) that is only a safety net: it
binds only where the engine gets less than ``DEADLINE_SHARE`` of the
measured standalone speed, e.g. a Pico slower than measured.

Variety: every level picks at random among the root moves within the
level's ``margin`` (centi-stones) of the best: a root noise of 0..margin
per move, seeded per search from ``XorShift16`` (seeded by ``seed``; by
the clock when None), see engine/search.py. The top levels answer
from the opening book (engine/book.py) while the position is in it (the
book is for ``standard``; under other rules they search), and from the
endgame table (engine/endgame.py: three against three, exact) when it
knows the position.

One engine for every rule set: the array board (engine/board.py) holds
every preset and option of morris.rules, so the same search, evaluation,
move order, levels and budgets play all of them (``holds``).
"""
from morris.compat import const, ticks_ms, ticks_add, ticks_diff, XorShift16
from morris.position import NOMOVE

# The RP2040's search speed (nodes/s): about 2,900 measured on an emulated RP2040
# (MicroPython 1.28 rp2 build of what tools/deploy.py builds; the unix port's
# emitted code here is about 145x faster). Inside the board's main loop the engine
# gets at least LOOP_SHARE of the CPU while it thinks (mainloop.py; the pass
# benchmark tools/bench_pico_loop.py estimates 79-85 % since the loop-share work
# of 5 Dec 2026, and the protocol's "stats" reports it from the board).
PICO_NODES_PER_S = 2900
LOOP_SHARE = 78          # % of the CPU the main loop leaves the engine while it thinks
CAP_FILL = 90            # % of a level's time its node cap fills at that speed (the rest: book, table, passes)
PICO_NODES_PER_S_LOOP = PICO_NODES_PER_S * LOOP_SHARE // 100

BOOK_RULES = "standard"  # the rules text of engine/book.bin (tests/firmware/test_engine.py checks its header)
ITERATIVE = const(22)   # depth of the iterative levels: search.MAXPLY - 2 (the node cap ends them)
LEVEL_NAMES = (None, "first games", "beginner", "casual", "club", "expert")
# level: (max depth, Pico ms of a move inside the main loop, root margin, book); the
# node cap is what that time holds (``level_budget``): 610, 916, 1,730, 3,868, 9,771
_LEVELS = (
    None,
    (1, 300, 220, False),            # 1 first games: one ply, wide choice (misses mills)
    (2, 450, 60, False),             # 2 beginner: two plies
    (ITERATIVE, 850, 12, True),      # 3 casual (the board's default): lit within 1 s of the put
    (ITERATIVE, 1900, 8, True),      # 4 club
    (ITERATIVE, 4800, 5, True),      # 5 expert: the strongest within 5 s
)
TOP_LEVEL = len(_LEVELS) - 1


def level_budget(level):
    """(max depth, Pico ms, node cap, margin) of ``level`` (1..TOP_LEVEL); ValueError otherwise.

    Pico ms is the level's time for a move inside the board's main loop, and its
    deadline; the node cap, which ends the search, is CAP_FILL % of what that
    time holds at PICO_NODES_PER_S_LOOP (2,262 nodes/s: LOOP_SHARE = 78 % of the
    measured 2,900), so the cap ends the search first while the engine gets
    more than about 70 % of the CPU. Level 3: 1,730 nodes in about 0.77 s,
    deadline 850 ms, so its move is lit within 1 s of the put (settle included);
    level 5: 9,771 nodes in about 4.3 s, deadline 4.8 s."""
    if not 1 <= level <= TOP_LEVEL:
        raise ValueError("engine level must be 1..%d, got %r" % (TOP_LEVEL, level))
    depth, ms, margin, _ = _LEVELS[level]
    return depth, ms, ms * PICO_NODES_PER_S_LOOP * CAP_FILL // 100000, margin


LEVELS = tuple(None if lv == 0 else level_budget(lv) for lv in range(TOP_LEVEL + 1))


def holds(rules):
    """True when the engine's array board (engine/board.py) represents ``rules``
    (morris.Rules): every option of morris.rules on a board of at most 30
    points and 32 lines (every board morris.geometry has: 24 or 16 points,
    at most 20 lines), i.e. every rule set the rules core accepts."""
    geo = rules.geo
    return geo.n <= 30 and len(geo.lines) <= 32


class Engine:
    """Computer opponent of a given ``level`` (1 = first games .. TOP_LEVEL = expert).

    ``tt_size``: transposition-table entries (power of two; default 1024 =
    8 KB in 512-byte chunks). ``nodes``: override the level's node cap
    (int), e.g. for fast matches; ``ms``: override the ms budget (the
    deadline); ``depth``: override the maximum depth; ``seed``: seed of the
    variety choice (None: from the clock); ``book``: use the opening book
    and the endgame table (None: as the level says).
    Attributes after a search: ``nodes`` (nodes searched), ``depth`` (last
    completed iteration; 0 for a book move), ``score`` (centi-stones for
    the mover), ``move`` (the chosen move or None while thinking),
    ``from_book`` (bool: the move came from the opening book or, with seven
    stones or fewer on the board, the endgame table, engine/endgame.py).
    A level outside 1..TOP_LEVEL is clamped (see ``set_level``).
    """

    def __init__(self, level=3, tt_size=None, nodes=None, ms=None, seed=None, depth=None, book=None):
        self.tt_size = tt_size
        self.search = None    # engine/search.py, imported by ``reserve``
        self.searcher = None  # its Searcher and the board's blocks, made by ``reserve``
        self.board = None  # made per rules on the first search (tables only)
        self.reseed(ticks_ms() if seed is None else seed)
        self.book_override = book
        self.set_level(level, nodes, ms, depth)
        self.lookup = None     # the opening book's lookup while it runs (book.Lookup)
        self.pending = None    # ... and the position it looks up
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
        """Import the search and make its tables (TT, state and move blocks,
        about 16 KB with the default table) now, e.g. while the heap is young (main.py); ``start``
        does it on the first search otherwise."""
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
        self.lookup = None
        moves = position.legal_moves
        if not moves:
            self.move = NOMOVE
            return
        if len(moves) == 1:
            self.move = moves[0]
            return
        if not holds(position.rules):
            raise ValueError("engine: rules %s not held by the engine board" % position.rules)
        self.reserve()
        self.deadline = ticks_add(ticks_ms(), self.ms)
        if self.use_book:
            if position.count[0] + position.count[1] <= 7 and not (position.hand[0] or position.hand[1]):
                from .endgame import table_for, best_moves  # imported on the first endgame
                tb = table_for(position.rules)
                tm = best_moves(tb, position) if tb is not None else None
                if tm:  # exact: the quickest win, a draw, the slowest loss (engine/endgame.py)
                    self.from_book = True
                    v, d = tm[1]
                    self.score = 0 if v == 0 else (10000 - 8 * d if v > 0 else 8 * d - 10000)
                    self.move = tm[0][self.rng.below(len(tm[0]))]
                    return
            elif str(position.rules) == BOOK_RULES:
                from . import book    # imported on first use: no RAM at levels 1-2 nor other rules
                b = book.default_book()
                if b is not None and b.count:
                    self.lookup = book.Lookup(b, position)   # run in step()'s slices
                    self.pending = position
                    return
        self._begin(position)

    def _begin(self, position):
        board = self._board(position)
        s = self.searcher
        s.table = None
        if self.use_book and not (position.hand[0] or position.hand[1] or position.rules.special) \
                and position.count[0] + position.count[1] <= 7:
            from .endgame import table_for  # as the root's probe above: RAM only for an endgame
            s.table = table_for(position.rules)
        s.clear_heuristics()
        s.begin(board, self.max_depth, self.node_cap, self.margin, self.rng.next())

    def step(self, budget_ms):
        """Think for about ``budget_ms`` (ms of the running machine); return the
        chosen move int when done, else None. RuntimeError before ``start``."""
        if self.move is not None:
            return self.move
        if not self.started:
            raise RuntimeError("Engine.step before Engine.start")
        end = ticks_add(ticks_ms(), budget_ms)
        if ticks_diff(end, self.deadline) > 0:
            end = self.deadline
        look = self.lookup
        if look is not None:           # the opening book first, a piece at a time
            while not look.step():
                if ticks_diff(ticks_ms(), end) >= 0:
                    return None
            self.lookup = None
            position = self.pending
            self.pending = None
            bm = look.moves
            if bm:
                self.from_book = True
                self.move = bm[self.rng.below(len(bm))]
                return self.move
            self._begin(position)
        s = self.searcher
        S = self.search
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
            m = self.board.M[0]
        self.move = m
        return m

    def think(self, position, slice_ms=50):
        """Blocking search: ``start`` then ``step`` until done; returns the move int."""
        self.start(position)
        while True:
            m = self.step(slice_ms)
            if m is not None:
                return m
