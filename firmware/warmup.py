"""Making the computer opponent ready a step per main-loop pass (issue 21): a human plays
from power-up while the engine's code, tables and opening book are loaded.

Imported by ``mainloop.MainLoop`` while it prepares the engine and dropped again
(heap)."""


def steps(loop):
    """The steps (a generator: one per pass) that give ``loop`` (a MainLoop) a ready
    ``engine``: import, make, reserve its tables, open the opening book."""
    if loop.engine is None:
        from engine import Engine
        yield
        loop.engine = Engine(level=loop.level)
        yield
    loop.engine.reserve()
    yield
    if loop.engine.use_book:
        from engine import book
        for _ in book.open_steps():
            yield
