"""Issue 26, finding 3: while the computer thinks, the switch scanner's soft-timer
callback must not wait for the engine's native code. MicroPython runs scheduled
callbacks only at bytecode jumps (py/vm.c), never inside native or viper code;
engine/search.py's native search loop therefore calls the bytecode ``serve()``
at least every ``SERVE_MS`` of its clock. The longest stretch between two such
chances (one node) is measured by tools/bench_native_stretch.py. Runs under CPython
(pytest) and the MicroPython unix port (tests/mprun.py): the scheduler test only
where ``micropython.schedule`` exists."""
try:
    import micropython
    _SCHEDULE = hasattr(micropython, "schedule")
except ImportError:  # CPython
    from engine.emit import micropython
    _SCHEDULE = False

import engine.search as search

_ran = [0]


def _cb(_):
    _ran[0] += 1


def _no_jump():
    return None


@micropython.native
def _spin_then(fn, n):
    micropython.schedule(_cb, 0)
    i = 0
    while i < n:          # native code: the scheduler does not run here
        i += 1
    before = _ran[0]
    fn()
    return before, _ran[0]


def test_serve_runs_a_pending_callback_from_native_code():
    if not _SCHEDULE:
        return                       # CPython: no MicroPython scheduler
    _ran[0] = 0
    before, after = _spin_then(search.serve, 200000)
    assert before == 0 and after == 1, (before, after)
    _ran[0] = 0
    before, after = _spin_then(_no_jump, 200000)    # a call without a jump serves nothing
    assert before == 0 and after == 0, (before, after)
    for _ in range(3):              # ... the callback runs at the next bytecode jump
        pass
    assert _ran[0] == 1


def test_the_search_serves_at_least_every_serve_ms():
    """On a clock that advances 1 ms at every reading (about one node), the native
    search loop calls serve() at least once every SERVE_MS -- however long a slice
    it was given."""
    from morris import Position
    from engine.board import Board
    calls = [0]
    now = [0]

    def clock():
        now[0] += 1
        return now[0]

    def counted():
        calls[0] += 1
    keep = search.ticks_ms, search.serve
    search.ticks_ms, search.serve = clock, counted
    try:
        pos = Position.from_text("standard .WB/W.W/.WB/BWB.B./WB./.W./W.B w 0/0 4/0 0/0 -/- b6-b4,a7-a4,d6-b6,g4-f4")
        board = Board(pos.rules)
        board.load(pos)
        s = search.Searcher(tt_size=256)
        s.begin(board, 8, 3000)
        r = s.run(10 ** 8)          # slices far longer than the search
        while r == search.DONE and s.cur_depth < s.max_depth:
            s.finish_iteration()
            s._start_iteration(s.cur_depth + 1)
            r = s.run(10 ** 8)
        assert s.nodes >= 2000, s.nodes
        assert calls[0] >= now[0] // search.SERVE_MS - 2, (calls[0], now[0], s.nodes)
    finally:
        search.ticks_ms, search.serve = keep
