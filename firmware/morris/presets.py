"""The relatives' presets (docs/variants.md: each one's rules, source and
differences from Sanmill) as changes to rules.py's defaults, in the Rules text
form. Loaded by ``rules.preset_values`` only when one of them is named.
"""
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
