"""Computer opponent for the Morris board (runs on the Pico and on the host).

``Engine(level)`` with ``start(position)``, ``step(budget_ms)`` and
``think(position)``; ``LEVELS`` / ``LEVEL_NAMES`` / ``TOP_LEVEL``;
``evaluate(position)``. See engine.py for levels and budgets, search.py for
the search, board.py for the compact board, book.py for the opening book.
"""
from .engine import Engine, LEVELS, LEVEL_NAMES, TOP_LEVEL, PICO_NODES_PER_S, level_budget
from .evaluate import evaluate
