"""Board controller: debounced reed-switch occupancy in, game events and LED frames out.

Pure logic (no hardware imports); runs unchanged on CPython and MicroPython.
Modules: ``controller`` (the game session, class ``Controller``), ``leds``
(palette, meanings, current-budget brightness cap), ``debounce`` (per-point
settle filter). See controller.py for the gestures.
"""


def drop(*names):
    """Forget the board modules ``names`` ("board.hint", "board.takeback", ...) after a
    use: out of ``sys.modules`` and off this package (an import also binds a
    submodule to its package, which would keep its code in the heap). Their next
    use imports them again."""
    import sys
    g = globals()
    for name in names:
        sys.modules.pop(name, None)
        g.pop(name[6:], None)
