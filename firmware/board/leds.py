"""LED meanings, the default (colour-blind safe) palette, and the current cap.

MEANINGS lists what a lit point can mean; the controller paints one meaning
per point and this module turns meanings into colours (``TABLE``: colour, colour name, cue, page mark and
description of each meaning). No colour has two meanings, and no meaning
relies on hue alone: mistakes blink, the computer's move pulses, dim/bright
marks differ in level. Any entry can be replaced: ``palette={"dest": (0, 0, 255)}``.

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
HINT_FROM = 19

MEANINGS = ("off", "dest", "origin", "movable", "capture", "mill", "remote_from",
            "remote_to", "remote_capture", "remove", "missing", "place_white",
            "place_black", "hint_mill", "hint_threat", "win", "lose", "draw", "captured",
            "hint_from")

# The one table of LED meanings: the board paints it, the simulator's page draws
# its legend from it, docs/board_controller.md lists it (a test keeps them equal).
# meaning: (r, g, b) before the current cap, colour name, cue, mark, description.
# Every meaning has its own colour and a second cue that does not need colour:
# - cue "steady", "blink" (fast: something to put right, BLINK_MS) or "pulse"
#   (slow: the computer's move, waiting for a hand, PULSE_MS); blink and pulse
#   alternate full and quarter level, never dark;
# - mark: "ring" (about a stone: lift it / this stone) or "dot" (an empty point:
#   put a stone here), drawn so on the page (the board's LED sits beside the point).
# Colours follow the Okabe-Ito colour-blind safe set where it has enough of them.
TABLE = {
    "off": ((0, 0, 0), "dark", "steady", "dot", "nothing"),
    "dest": ((0, 90, 255), "blue", "steady", "dot",
             "legal destination of the lifted stone"),
    "origin": ((40, 40, 40), "dim white", "steady", "dot",
               "where the lifted / moved stone came from"),
    "movable": ((0, 24, 60), "dim blue", "steady", "ring",
                "a stone that may move (learning mode)"),
    "capture": ((255, 110, 0), "orange", "steady", "ring",
                "a stone that may be captured: lift it"),
    "mill": ((86, 180, 233), "sky blue", "steady", "ring", "mill just formed"),
    "remote_from": ((200, 60, 160), "reddish purple", "pulse", "ring",
                    "computer's move: take the stone from here"),
    "remote_to": ((0, 220, 140), "bluish green", "pulse", "dot",
                  "computer's move: put the stone here"),
    "remote_capture": ((255, 170, 0), "amber", "pulse", "ring",
                       "computer's move: remove this captured stone"),
    "remove": ((255, 30, 0), "red", "blink", "ring",
               "stone where none should be: remove it"),
    "missing": ((255, 230, 0), "yellow", "blink", "dot",
                "missing stone: put it back here"),
    "place_white": ((255, 255, 255), "white", "blink", "dot", "put a white stone here"),
    "place_black": ((120, 0, 255), "violet", "blink", "dot", "put a black stone here"),
    "hint_mill": ((60, 255, 0), "green", "steady", "dot",
                  "hint: put the stone here to close a mill"),
    "hint_threat": ((255, 0, 200), "magenta", "steady", "dot",
                    "hint: the opponent could close a mill here"),
    "win": ((255, 190, 40), "gold", "steady", "ring", "game over: the winner's stones"),
    "lose": ((60, 8, 0), "dim red", "steady", "ring", "game over: the loser's stones"),
    "draw": ((40, 0, 80), "dim violet", "steady", "ring", "game over: drawn"),
    "captured": ((64, 28, 0), "dim orange", "steady", "dot",
                 "stone already captured this turn"),
    "hint_from": ((16, 64, 0), "dim green", "steady", "ring", "hint: move this stone"),
}

# Short English description of every meaning, for user interfaces and docs.
DESCRIPTIONS = {}
# Default palette (r, g, b) 0..255 before the current cap.
DEFAULT_PALETTE = {}
for _k in TABLE:
    DEFAULT_PALETTE[_k] = TABLE[_k][0]
    DESCRIPTIONS[_k] = TABLE[_k][4]

# Meanings shown blinking fast / pulsing slowly (bright and quarter level, never dark).
BLINKING = (REMOVE, MISSING, PLACE_WHITE, PLACE_BLACK)
PULSING = (REMOTE_FROM, REMOTE_TO, REMOTE_CAPTURE)
BLINK_MS = 250      # half period of a blinking mark
PULSE_MS = 600      # half period of a pulsing mark


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
