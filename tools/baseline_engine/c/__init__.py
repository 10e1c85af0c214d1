"""Computer opponent for the Morris board (runs on the Pico and on the host).

``Engine(level)`` with ``start(position)``, ``step(budget_ms)`` and
``think(position)``; ``LEVELS`` / ``LEVEL_NAMES`` / ``TOP_LEVEL``;
``holds(rules)``; ``engine.probe.evaluate(position)`` for tools and tests. See engine.py for levels and
budgets, search.py for the search, board.py for the compact board, book.py
for the opening book, relatives.py for the rule sets the board does not
hold. Importing the package loads engine.py only: the search code is
imported by ``Engine.reserve`` or the first search.
"""
from .engine import Engine, LEVELS, LEVEL_NAMES, TOP_LEVEL, PICO_NODES_PER_S, level_budget, holds
