"""Rule options and the presets: docs/rules.md's five and the relatives in docs/variants.md.

A ``Rules`` object is immutable by convention. Its text form is the preset
name followed by ``+option=value`` for every option that differs from the
preset, e.g. ``wikipedia+double_mill=two+no_return=on``.
Options beyond docs/rules.md (docs/variants.md): ``placing_mill`` (what a mill
formed by a placement does: capture, take from the opponent's hand, mark the
point until placement ends, nothing), ``move_in_placement`` (Lasker),
``defender_first`` (the last stone placed, its owner moves first),
``full_board`` (a board full of stones after placement: the first player
loses, draw, the first player removes one, both remove one, removals by the
number of mills standing), ``intervention`` (Mul-Mulan: a stone put between
two opponent stones of a line captures both), ``double_mill: each`` (one
capture per mill formed, up to three), ``mill_reuse: first_time_per_points``
(a mill pays only when one of its points was in no mill that paid before),
``no_return: mill`` (a stone that formed a mill by moving may not go straight
back to re-form a mill while it still stands in one).
"""
from .geometry import GEOMETRIES
from .compat import SPACE, forget


def _shown(text):
    from .text import shown     # error paths only
    return shown(str(text))

# option -> allowed values (ints are given as a (low, high) range)
OPTIONS = {
    "stones": (3, 12),
    "fly_at": (0, 12),
    "lose_below": (0, 12),
    "capture": ("mandatory", "optional"),
    "protect_mills": ("unless_all", "strict", "none"),
    "double_mill": ("one", "two", "each"),
    "mill_reuse": ("always", "first_time_per_line", "first_time_per_points"),
    "no_return": ("off", "on", "mill"),
    "blocked": ("loses",),
    "draw_3v3_moves": (0, 999),
    "draw_no_capture_moves": (0, 999),
    "draw_repetition": (0, 99),
    "first_player": ("white", "lot"),
    "board": ("standard", "diagonals", "six"),
    "placing_mill": ("capture", "hand", "mark", "none"),
    "move_in_placement": ("off", "on"),
    "defender_first": ("off", "on"),
    "full_board": ("first_loses", "draw", "remove", "both_remove", "mill_count"),
    "intervention": ("off", "on"),
}
ORDER = ("stones", "fly_at", "lose_below", "capture", "protect_mills", "double_mill",
         "mill_reuse", "no_return", "blocked", "draw_3v3_moves",
         "draw_no_capture_moves", "draw_repetition", "first_player", "board",
         "placing_mill", "move_in_placement", "defender_first", "full_board", "intervention")

_BASE = {
    "stones": 9, "fly_at": 3, "lose_below": 3, "capture": "mandatory",
    "protect_mills": "unless_all", "double_mill": "one", "mill_reuse": "always",
    "no_return": "off", "blocked": "loses", "draw_3v3_moves": 0,
    "draw_no_capture_moves": 0, "draw_repetition": 0, "first_player": "white",
    "board": "standard", "placing_mill": "capture", "move_in_placement": "off",
    "defender_first": "off", "full_board": "first_loses", "intervention": "off",
}


# Each preset is its changes to _BASE in the Rules text form (a short string,
# not a dict); ``preset_values`` expands one. The relatives' texts live in
# morris/presets.py, loaded only when one is named (RAM on the Pico).
# Source: docs/rules.md, "Presets"; docs/variants.md for the relatives.
_DRAWS = "+draw_no_capture_moves=50+draw_repetition=3"
_CLASSIC = {
    "standard": _DRAWS,
    "wikipedia": "+capture=optional+draw_3v3_moves=10",
    "old-russian": "+protect_mills=none+double_mill=two+mill_reuse=first_time_per_line",
    "schmidt": "+protect_mills=strict",
    "french": _DRAWS + "+first_player=lot",
}
# The presets of docs/rules.md, then the relatives of docs/variants.md.
CLASSIC = ("standard", "wikipedia", "old-russian", "schmidt", "french")
PRESETS = CLASSIC + ("twelve", "morabaraba", "dooz", "lasker", "one-time-mill", "cham-gonu",
                     "zhi-qi", "cheng-san-qi", "da-san-qi", "mul-mulan", "nerenchi", "el-filja",
                     "six")


def preset_values(name):
    """The full option dict (option -> value, every option of OPTIONS) of preset ``name``
    (one of PRESETS). A new dict on each call. Raises ValueError for an unknown preset."""
    changes = _CLASSIC.get(name)
    if changes is None:
        if name not in PRESETS:
            raise ValueError("unknown rules preset %s (known: %s)" % (_shown(name), ", ".join(sorted(PRESETS))))
        from . import presets
        changes = presets.RELATIVES[name]
        forget(presets.__name__)
    values = dict(_BASE)
    for part in changes.split("+")[1:]:
        k, v = part.split("=")
        values[k] = _check(k, v)
    return values


# The two variations source 000 names on top of `wikipedia`.
VARIATIONS = {
    "wikipedia": (("double_mill", "two"), ("no_return", "on")),
}

PROTECT_UNLESS_ALL = 0
PROTECT_STRICT = 1
PROTECT_NONE = 2


class Rules:
    """One complete rule set: a preset plus option overrides.

    Option values are attributes (``rules.capture == 'optional'``); fast
    derived fields for the rules core: ``optional`` (bool), ``protect``
    (PROTECT_*), ``max_captures`` (1 or 2), ``reuse_first`` (bool),
    ``no_ret`` (bool: no_return on or mill), ``geo`` (Geometry), ``special``
    (bool: an option of docs/variants.md that the classic fast paths do not
    handle is set), ``full_end`` (bool: a full board ends the game),
    ``points_once`` (bool), ``lasker`` (bool).
    Raises ValueError for an unknown preset, option or value.
    """

    def __init__(self, preset="standard", **overrides):
        values = preset_values(preset)
        self.preset = preset
        text = preset
        changed = {}
        for k in overrides:
            changed[k] = _check(k, overrides[k])
        for k in ORDER:
            if k in changed and changed[k] != values[k]:
                text += "+%s=%s" % (k, changed[k])
        values.update(changed)
        self._text = text
        self.values = values
        for k in values:
            setattr(self, k, values[k])
        self.optional = values["capture"] == "optional"
        self.protect = ("unless_all", "strict", "none").index(values["protect_mills"])
        self.max_captures = {"one": 1, "two": 2, "each": 3}[values["double_mill"]]
        self.reuse_first = values["mill_reuse"] == "first_time_per_line"
        self.points_once = values["mill_reuse"] == "first_time_per_points"
        self.no_ret = values["no_return"] != "off"
        self.lasker = values["move_in_placement"] == "on"
        self.geo = GEOMETRIES[values["board"]]
        self.full_end = (values["full_board"] in ("first_loses", "draw")
                         and 2 * values["stones"] >= self.geo.n)
        self.special = (values["placing_mill"] != "capture" or self.lasker
                        or values["defender_first"] == "on" or values["intervention"] == "on"
                        or values["double_mill"] == "each" or self.points_once
                        or values["no_return"] == "mill"
                        or (values["full_board"] not in ("first_loses", "draw")
                            and 2 * values["stones"] >= self.geo.n))

    @classmethod
    def parse(cls, text):
        """Rules from their text form ``preset[+option=value...]``; raises ValueError naming the bad part."""
        parts = text.strip(SPACE).split("+")
        overrides = {}
        for part in parts[1:]:
            if "=" not in part:
                raise ValueError("rules option must be option=value: %s" % _shown(part))
            k, v = part.split("=", 1)
            if k not in OPTIONS:
                raise ValueError("unknown rules option %s" % _shown(k))
            if k in overrides:
                raise ValueError("rules option %s given twice" % _shown(k))
            overrides[k] = v
        return cls(parts[0], **overrides)

    def __str__(self):
        return self._text

    def __eq__(self, other):
        return isinstance(other, Rules) and self.values == other.values

    def __repr__(self):
        return "Rules(%r)" % str(self)


def _check(option, value):
    allowed = OPTIONS.get(option)
    if allowed is None:
        raise ValueError("unknown rules option %s" % _shown(option))
    if isinstance(allowed[0], int):
        if isinstance(value, int) and not isinstance(value, bool):
            v = value
        elif isinstance(value, str) and 0 < len(value) < 5 and not [c for c in value if not 48 <= ord(c) <= 57]:
            v = int(value)
        else:
            raise ValueError("option %s needs a number, got %s" % (option, _shown(value)))
        if not allowed[0] <= v <= allowed[1]:
            raise ValueError("option %s=%d out of range %d..%d" % (option, v, allowed[0], allowed[1]))
        return v
    if value is True:
        value = "on"
    elif value is False:
        value = "off"
    if value not in allowed:
        raise ValueError("option %s must be one of %s, got %s" % (option, "/".join(allowed), _shown(value)))
    return value
