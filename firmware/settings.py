"""Board settings that persist across power cycles: rules, engine level, players, learning,
LED brightness, puzzle mode and its counts.

Stored as one JSON object through an atomic store (``save(bytes)`` /
``load() -> bytes or None``, e.g. ``hw.store.FileStore("settings.json")``)::

    {"rules": "standard", "level": 3, "players": ["human", "computer"], "learning": false,
     "brightness": 3, "puzzle": 0, "solved": 0, "tried": 0}

``rules`` is a rules text (a preset, optionally ``+option=value``), ``level``
the engine level 1..MAX_LEVEL, ``players`` (white, black) each "human",
"computer" (this board's engine) or "remote" (moves over the USB link),
``brightness`` the LED level 1..5: a channel at 255 is sent as
``BRIGHTNESS[level - 1]`` (after gamma correction, hw/lights.py); the
current budget (board_config.LED_BUDGET_MA) stays the ceiling at every level.
``puzzle`` is puzzle mode (teach/puzzle.py): 0 off, else the puzzles' difficulty
1..3 (easy, medium, hard); ``solved`` and ``tried`` count the puzzles solved
(within two tries) and finished.
A missing, damaged or partly invalid file falls back field by field to the
defaults from ``board_config`` (DEFAULT_PRESET, DEFAULT_LEVEL).
"""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json  # type: ignore

from morris import Rules

MAX_LEVEL = 5            # engine.TOP_LEVEL (a test keeps them equal; not imported: RAM)
PLAYER_KINDS = ("human", "computer", "remote")
KEYS = ("rules", "level", "players", "learning", "brightness", "puzzle", "solved", "tried")
PUZZLE_LEVELS = 3
MAX_COUNT = 999999
BRIGHTNESS = (16, 32, 64, 128, 255)   # channel value sent for 255, per level 1..5
DEFAULT_BRIGHTNESS = 3


def defaults():
    """The factory settings (dict), from board_config when present."""
    try:
        import board_config as cfg
        preset = cfg.DEFAULT_PRESET
        level = cfg.DEFAULT_LEVEL
    except ImportError:  # pragma: no cover
        preset, level = "standard", 3
    return {"rules": preset, "level": level, "players": ["human", "computer"], "learning": False,
            "brightness": DEFAULT_BRIGHTNESS, "puzzle": 0, "solved": 0, "tried": 0}


def check(key, value):
    """The normalised value of setting ``key``; ValueError naming the problem."""
    if key == "rules":
        if not isinstance(value, str) or len(value) > 120:
            raise ValueError("rules must be a rules text such as 'standard'")
        return str(Rules.parse(value))
    if key == "level" or key == "brightness":
        top = MAX_LEVEL if key == "level" else len(BRIGHTNESS)
        if type(value) is not int or not 1 <= value <= top:
            raise ValueError("%s must be an integer 1..%d" % (key, top))
        return value
    if key == "players":
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise ValueError("players must be a list of two: [white, black]")
        for p in value:
            if p not in PLAYER_KINDS:
                raise ValueError("player must be one of %s" % "/".join(PLAYER_KINDS))
        return [value[0], value[1]]
    if key == "puzzle" or key == "solved" or key == "tried":
        top = PUZZLE_LEVELS if key == "puzzle" else MAX_COUNT
        if type(value) is not int or not 0 <= value <= top:
            raise ValueError("%s must be an integer 0..%d" % (key, top))
        return value
    if key == "learning":
        if value is not True and value is not False:
            raise ValueError("learning must be true or false")
        return value
    raise ValueError("unknown setting %r" % (key,))


def load(store):
    """Settings dict from ``store`` (None = defaults); never raises."""
    out = defaults()
    if store is None:
        return out
    try:
        data = store.load()
        obj = json.loads(data) if data else None
    except Exception:
        obj = None
    if isinstance(obj, dict):
        for k in KEYS:
            if k in obj:
                try:
                    out[k] = check(k, obj[k])
                except Exception:
                    pass
    return out


def save(store, values):
    """Write ``values`` (a settings dict; missing keys get their defaults) to ``store``;
    returns None, or the error text when the store failed (the old settings then stay)."""
    if store is None:
        return None
    obj = defaults()      # a setting the caller does not know: its default
    for k in KEYS:
        if k in values:
            obj[k] = values[k]
    try:
        store.save(json.dumps(obj).encode())
    except Exception as e:
        return str(e)
    return None
