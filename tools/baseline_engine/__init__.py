"""FROZEN BASELINE (copy of firmware/engine before issue 13). Computer opponent for the Morris board (runs on the Pico and on the host).

``Engine(level, tt_size=None)`` with ``start(position)``, ``step(budget_ms)``
and ``think(position)``; ``LEVELS`` / ``TOP_LEVEL``; ``evaluate(position)``.
See engine.py for levels and budgets, search.py for the search.
"""
from .engine import Engine, LEVELS, TOP_LEVEL, PICO_NODES_PER_S, level_budget
from .evaluate import evaluate
