"""The board as a teacher: learning mode's move quality (``teach.quality``, searched
by ``teach.judge``) and puzzles (``teach.puzzle``, the puzzle file
``teach/puzzles.bin``). The main loop calls ``step`` every pass while learning mode
or the puzzles are on (this package is imported only then, and its modules are
dropped from the heap again when they stop); the board controller knows them only
as its ``teacher`` hook (board/display.py)."""
import gc

from morris.compat import forget

_MICRO = hasattr(gc, "mem_free")
TEACH_MS = 16       # the move quality's search per main-loop pass while a human thinks


def human_to_move(c):
    """True while the game of controller ``c`` goes on and waits for a human side's move
    (no new game, undo or resume under way): the time for teaching."""
    return (c._mode == 0 and c.result is None and c._take < 0
            and c.players[c.position.turn] == "human")


def step(loop, now, pressed):
    """One pass: the puzzles (with the buttons pressed), else the move quality."""
    if loop.puzzles is not None:
        _puzzle_step(loop, now, pressed)
    else:
        _quality_step(loop)


def due(loop):
    """True while teaching has work for the next main-loop pass, which must then step
    the game (a still board would skip it): the move quality of a position a human is
    to move in not judged yet (or a teacher to put away), a wrong puzzle answer's
    time running."""
    p = loop.puzzles
    if p is not None:
        return p.state == "wrong"
    c = loop.controller
    t = loop.teacher
    if not c.learning or c.result is not None:
        return t is not None
    return human_to_move(c) and (t is None or not t.ready)


def _quality_step(loop):
    """Learning mode on: judge the human's moves in this pass's slice (TEACH_MS)."""
    c = loop.controller
    t = loop.teacher
    if not c.learning or (t is not None and c.result is not None):
        if t is not None:       # learning mode off, or the game over: its heap back
            loop.teacher = None
            c.teacher = None
            c._serial += 1
            forget("teach.quality", "teach.judge", "engine.judge", "teach.why", "teach")
        return
    if t is None:
        if not human_to_move(c):
            return              # imported only once there is a move to judge
        if loop._prep is not True and "computer" in loop.players:
            return              # the engine is made ready first (mainloop.MainLoop._prepare)
        if _MICRO:
            gc.collect()        # its code and blocks find room in a tidy heap
        from teach.quality import Quality
        # the computer opponent's board blocks, idle while a human is to move (without a
        # computer opponent there is no engine: the rules core, and no engine code in the heap)
        t = loop.teacher = Quality(getattr(loop.engine, "blocks", None))
        c.teacher = t
    t.step(c, TEACH_MS)


def set_puzzle(loop, level):
    """Puzzle mode at difficulty ``level`` (1..3; 0: off, back to the saved game).
    ValueError when the board has no puzzles of that level."""
    c = loop.controller
    if not level:
        if loop.puzzles is not None:
            from teach.puzzle import reload
            c.teacher = None
            c.store = loop.puzzles.kept_store
            loop.puzzles = None
            reload(c, loop.players)
            forget("teach.puzzle")
        return
    from teach.puzzle import Puzzles
    p = Puzzles(level, loop.settings.get("tried", 0), loop.settings.get("solved", 0))
    if loop.puzzles is None:
        p.kept_store = c.store
        c.store = None              # the saved game stays as it was
    else:
        p.kept_store = loop.puzzles.kept_store
    if loop.teacher is not None:    # no move quality: it would give the answer away
        loop.teacher = None
        forget("teach.quality", "teach.judge", "engine.judge")
    loop.puzzles = p
    c.teacher = p
    p.begin(c, loop.clock.ticks_ms())


def _puzzle_step(loop, now, pressed):
    p = loop.puzzles
    if p.step(loop.controller, now, pressed) == "leave":
        values = dict(loop.settings)
        values["puzzle"] = 0
        loop.save_settings(values)
        return
    if p.changed:
        p.changed = False
        values = dict(loop.settings)
        values["solved"] = p.solved
        values["tried"] = p.tried
        loop.settings = values
        import settings as settings_mod
        settings_mod.save(loop.settings_store, values)
