"""Board controller: debounced reed-switch occupancy in, game events and LED frames out.

Pure logic (no hardware imports); runs unchanged on CPython and MicroPython.
Modules: ``controller`` (the game session, class ``Controller``), ``leds``
(palette, meanings, current-budget brightness cap), ``debounce`` (per-point
settle filter). See controller.py for the gestures.
"""

