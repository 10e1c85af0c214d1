"""Rule options and the presets of docs/rules.md.

A ``Rules`` object is immutable by convention. Its text form is the preset
name followed by ``+option=value`` for every option that differs from the
preset, e.g. ``wikipedia+double_mill=two+no_return=on``.
"""
from .geometry import GEOMETRIES

# option -> allowed values (ints are given as a (low, high) range)
OPTIONS = {
    "stones": (3, 12),
    "fly_at": (0, 12),
    "lose_below": (0, 12),
    "capture": ("mandatory", "optional"),
    "protect_mills": ("unless_all", "strict", "none"),
    "double_mill": ("one", "two"),
    "mill_reuse": ("always", "first_time_per_line"),
    "no_return": ("off", "on"),
    "blocked": ("loses",),
    "draw_3v3_moves": (0, 999),
    "draw_no_capture_moves": (0, 999),
    "draw_repetition": (0, 99),
    "first_player": ("white", "lot"),
    "board": ("standard", "diagonals"),
}
ORDER = ("stones", "fly_at", "lose_below", "capture", "protect_mills", "double_mill",
         "mill_reuse", "no_return", "blocked", "draw_3v3_moves",
         "draw_no_capture_moves", "draw_repetition", "first_player", "board")

_BASE = {
    "stones": 9, "fly_at": 3, "lose_below": 3, "capture": "mandatory",
    "protect_mills": "unless_all", "double_mill": "one", "mill_reuse": "always",
    "no_return": "off", "blocked": "loses", "draw_3v3_moves": 0,
    "draw_no_capture_moves": 0, "draw_repetition": 0, "first_player": "white",
    "board": "standard",
}


def _preset(**changes):
    d = dict(_BASE)
    d.update(changes)
    return d


# Source: docs/rules.md, "Presets".
PRESETS = {
    "standard": _preset(draw_no_capture_moves=50, draw_repetition=3),
    "wikipedia": _preset(capture="optional", draw_3v3_moves=10),
    "old-russian": _preset(protect_mills="none", double_mill="two",
                           mill_reuse="first_time_per_line"),
    "schmidt": _preset(protect_mills="strict"),
    "french": _preset(draw_no_capture_moves=50, draw_repetition=3, first_player="lot"),
}
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
    ``no_ret`` (bool), ``geo`` (Geometry).
    Raises ValueError for an unknown preset, option or value.
    """

    def __init__(self, preset="standard", **overrides):
        if preset not in PRESETS:
            raise ValueError("unknown rules preset %r (known: %s)" % (preset, ", ".join(sorted(PRESETS))))
        self.preset = preset
        values = dict(PRESETS[preset])
        for k in overrides:
            values[k] = _check(k, overrides[k])
        self.values = values
        for k in values:
            setattr(self, k, values[k])
        self.optional = values["capture"] == "optional"
        self.protect = ("unless_all", "strict", "none").index(values["protect_mills"])
        self.max_captures = 2 if values["double_mill"] == "two" else 1
        self.reuse_first = values["mill_reuse"] == "first_time_per_line"
        self.no_ret = values["no_return"] == "on"
        self.geo = GEOMETRIES[values["board"]]

    @classmethod
    def parse(cls, text):
        """Rules from their text form ``preset[+option=value...]``; raises ValueError naming the bad part."""
        parts = text.strip().split("+")
        overrides = {}
        for part in parts[1:]:
            if "=" not in part:
                raise ValueError("rules option must be option=value: %r" % part)
            k, v = part.split("=", 1)
            overrides[k] = v
        return cls(parts[0], **overrides)

    def __str__(self):
        base = PRESETS[self.preset]
        out = self.preset
        for k in ORDER:
            if self.values[k] != base[k]:
                out += "+%s=%s" % (k, self.values[k])
        return out

    def __eq__(self, other):
        return isinstance(other, Rules) and self.values == other.values

    def __repr__(self):
        return "Rules(%r)" % str(self)


def _check(option, value):
    allowed = OPTIONS.get(option)
    if allowed is None:
        raise ValueError("unknown rules option %r" % option)
    if isinstance(allowed[0], int):
        try:
            v = int(value)
        except (TypeError, ValueError):
            raise ValueError("option %s needs a number, got %r" % (option, value))
        if not allowed[0] <= v <= allowed[1]:
            raise ValueError("option %s=%d out of range %d..%d" % (option, v, allowed[0], allowed[1]))
        return v
    if value is True:
        value = "on"
    elif value is False:
        value = "off"
    if value not in allowed:
        raise ValueError("option %s must be one of %s, got %r" % (option, "/".join(allowed), value))
    return value
