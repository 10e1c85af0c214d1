"""LED meanings, the default (colour-blind safe) palette, and the current cap.

MEANINGS lists what a lit point can mean; the controller paints one meaning
per point and this module turns meanings into colours. The default palette
follows the Okabe-Ito colour-blind safe set (blue, orange, vermillion,
bluish green, reddish purple, yellow, sky blue) and never relies on hue
alone: mistakes blink, the computer's move uses three hues that differ in
lightness as well, dim/bright marks differ in level. Any entry can be
replaced: ``palette={"dest": (0, 0, 255)}``.

Current model (per WS2812B, see tools/power_budget.py and
firmware/board_config.py): each colour channel draws ``MA_PER_CHANNEL`` (20)
mA at value 255, linearly in the value, so full white is about 60 mA; a dark
LED draws about ``IDLE_MA`` (1 mA), which is fixed and not counted in the
budget. ``cap_frame`` scales a whole frame down (same factor on every
channel, hues kept) so that the colour current, sum over LEDs and channels of
20 mA * value / 255, stays within ``budget_ma``.
"""

from board_config import LED_MA_PER_CHANNEL as MA_PER_CHANNEL  # noqa: F401
from board_config import LED_IDLE_MA as IDLE_MA  # noqa: F401
from board_config import LED_BUDGET_MA as DEFAULT_BUDGET_MA

# Meaning codes (index into MEANINGS), used by the controller when painting.
OFF = 0
DEST = 1
ORIGIN = 2
MOVABLE = 3
CAPTURE = 4
MILL = 5
REMOTE_FROM = 6
REMOTE_TO = 7
REMOTE_CAPTURE = 8
REMOVE = 9
MISSING = 10
PLACE_WHITE = 11
PLACE_BLACK = 12
HINT_MILL = 13
HINT_THREAT = 14
WIN = 15
LOSE = 16
DRAW = 17
CAPTURED = 18
MARKED = 19

MEANINGS = ("off", "dest", "origin", "movable", "capture", "mill", "remote_from",
            "remote_to", "remote_capture", "remove", "missing", "place_white",
            "place_black", "hint_mill", "hint_threat", "win", "lose", "draw", "captured", "marked")

# Short English description of every meaning, for user interfaces and docs.
DESCRIPTIONS = {
    "off": "nothing",
    "dest": "legal destination of the lifted stone",
    "origin": "where the lifted / moved stone came from",
    "movable": "a stone that may move (learning mode)",
    "capture": "a stone that may be captured: lift it",
    "mill": "mill just formed",
    "remote_from": "computer's move: take the stone from here",
    "remote_to": "computer's move: put the stone here",
    "remote_capture": "computer's move: remove this captured stone",
    "remove": "stone where none should be: remove it (blinks)",
    "missing": "missing stone: put it back here (blinks)",
    "place_white": "put a white stone here (blinks)",
    "place_black": "put a black stone here (blinks)",
    "hint_mill": "hint: a move here closes a mill now",
    "hint_threat": "hint: the opponent threatens a mill here",
    "win": "game over: the winner's stones",
    "lose": "game over: the loser's stones",
    "draw": "game over: drawn",
    "captured": "stone already captured this turn",
    "marked": "marked point: no stone may go here until placement ends",
}

# Default palette (r, g, b) 0..255 before the current cap.
DEFAULT_PALETTE = {
    "off": (0, 0, 0),
    "dest": (0, 90, 255),           # blue
    "origin": (40, 40, 40),          # dim white
    "movable": (0, 24, 60),          # dim blue
    "capture": (255, 110, 0),        # orange
    "mill": (255, 255, 255),         # white flash
    "remote_from": (200, 60, 160),   # reddish purple
    "remote_to": (0, 220, 140),      # bluish green
    "remote_capture": (255, 110, 0), # orange, like any capture
    "remove": (255, 30, 0),          # vermillion (called "red" in messages), blinking
    "missing": (255, 210, 0),        # yellow, blinking
    "place_white": (255, 255, 255),  # white, blinking
    "place_black": (120, 0, 255),    # violet, blinking
    "hint_mill": (0, 220, 140),      # bluish green
    "hint_threat": (255, 30, 0),     # vermillion
    "win": (0, 220, 140),            # bluish green
    "lose": (60, 8, 0),              # dim vermillion
    "draw": (160, 130, 0),           # dim yellow
    "captured": (64, 28, 0),         # dim orange
    "marked": (90, 0, 60),           # dim reddish purple
}

# Meanings shown blinking (bright / quarter level, never dark).
BLINKING = (REMOVE, MISSING, PLACE_WHITE, PLACE_BLACK)


def palette_list(overrides=None):
    """Colours indexed by meaning code: list of (r, g, b).

    ``overrides`` maps meaning names to (r, g, b) tuples; raises ValueError for
    an unknown name or a value outside 0..255.
    """
    pal = dict(DEFAULT_PALETTE)
    if overrides:
        for k in overrides:
            if k not in pal:
                raise ValueError("unknown LED meaning %r" % (k,))
            c = tuple(overrides[k])
            if len(c) != 3 or min(c) < 0 or max(c) > 255:
                raise ValueError("colour for %s must be (r, g, b) in 0..255" % k)
            pal[k] = c
    return [pal[name] for name in MEANINGS]


def dim(colour, shift=2):
    """``colour`` with each channel shifted right by ``shift`` (quarter level by default),
    but never fully dark when the colour is not."""
    r, g, b = colour
    out = (r >> shift, g >> shift, b >> shift)
    if out == (0, 0, 0) and colour != (0, 0, 0):
        out = (1 if r else 0, 1 if g else 0, 1 if b else 0)
    return out


def frame_current_ma(frame):
    """Colour current (mA, float) of ``frame`` under the model above (idle current excluded)."""
    s = 0
    for c in frame:
        s += c[0] + c[1] + c[2]
    return s * MA_PER_CHANNEL / 255


def cap_frame(frame, budget_ma):
    """Scale ``frame`` (list of (r, g, b)) in place so its colour current is <= ``budget_ma``.

    Every channel is multiplied by the same factor (integer arithmetic, rounded
    down, so the result never exceeds the budget). Returns the frame.
    ``budget_ma`` None or negative means no cap.
    """
    if budget_ma is None or budget_ma < 0:
        return frame
    total = 0
    for c in frame:
        total += c[0] + c[1] + c[2]
    allowed = budget_ma * 255 // MA_PER_CHANNEL   # channel-value units
    if total <= allowed:
        return frame
    for i in range(len(frame)):
        r, g, b = frame[i]
        if r or g or b:
            frame[i] = (r * allowed // total, g * allowed // total, b * allowed // total)
    return frame
