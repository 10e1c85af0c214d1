"""The relatives' presets (docs/variants.md: each one's rules, source and
differences from Sanmill) as changes to rules.py's defaults, in the Rules text
form, and their boards. Loaded by ``rules.preset_values`` and
``geometry.GEOMETRIES`` only when one of them is named. Data only: this module
imports nothing (the rules core reads it, never the reverse).
"""

# Twelve Men's Morris, Morabaraba...: the 24 points, the standard board's lines
# plus four diagonal lines.
DIAGONAL_LINES = ("a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5")
# Six Men's Morris: the middle and inner squares (docs/variants.md); the four
# links join the squares' midpoints without forming lines.
SIX_LINES = ("b2 d2 f2", "c3 d3 e3", "c5 d5 e5", "b6 d6 f6",
             "b2 b4 b6", "c3 c4 c5", "e3 e4 e5", "f2 f4 f6")
SIX_LINKS = ("d2 d3", "b4 c4", "e4 f4", "d5 d6")
# board option -> (True when the standard board's lines come first, further lines, links)
BOARDS = {"diagonals": (True, DIAGONAL_LINES, ()), "six": (False, SIX_LINES, SIX_LINKS)}

_DRAWS = "+draw_no_capture_moves=50+draw_repetition=3"
_TWELVE = _DRAWS + "+stones=12+board=diagonals"
_MARKS = _TWELVE + "+placing_mill=mark+fly_at=0+protect_mills=none"
RELATIVES = {
    "twelve": _TWELVE,
    "morabaraba": _TWELVE + "+full_board=draw+no_return=mill",
    "dooz": _TWELVE + "+placing_mill=hand+full_board=remove+protect_mills=none",
    "lasker": _DRAWS + "+stones=10+move_in_placement=on",
    "one-time-mill": _DRAWS + "+protect_mills=none+mill_reuse=first_time_per_points",
    "cham-gonu": _MARKS,
    "zhi-qi": _MARKS + "+full_board=both_remove",
    "cheng-san-qi": _DRAWS + "+placing_mill=mark+fly_at=0",
    "da-san-qi": _MARKS + "+defender_first=on+double_mill=each",
    "mul-mulan": _DRAWS + "+board=diagonals+fly_at=0+protect_mills=none+intervention=on",
    "nerenchi": _TWELVE + "+defender_first=on+protect_mills=none",
    "el-filja": _DRAWS + "+stones=12+placing_mill=none+full_board=mill_count+fly_at=0+protect_mills=none",
    "six": _DRAWS + "+stones=6+board=six+fly_at=0",
}
