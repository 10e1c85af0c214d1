"""Board controller: debounced reed-switch occupancy in, game events and LED frames out.

Pure logic (no hardware imports); runs unchanged on CPython and MicroPython.
Modules: ``controller`` (the game session, class ``Controller``), ``leds``
(palette, meanings, current-budget brightness cap), ``debounce`` (per-point
settle filter). See controller.py for the gestures.
"""


def forget(name):
    """Drop submodule ``board.<name>`` from the heap once used: out of ``sys.modules``
    and off this package, which keeps every imported submodule as an attribute (so
    popping ``sys.modules`` alone keeps its code in the heap)."""
    import sys
    sys.modules.pop("board." + name, None)
    pkg = sys.modules.get("board")
    if pkg is not None and name in dir(pkg):
        delattr(pkg, name)
