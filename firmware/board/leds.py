"""LED meanings, the default (colour-blind safe) palette, and the current cap.

MEANINGS lists what a lit point can mean; the controller paints one meaning
per point and this module turns meanings into colours (``PALETTE``,
``BLINKING`` / ``PULSING`` / ``FLASHING``, ``RINGS``: the one table; its texts and
``table()`` for user interfaces are in board/legend.py, which the board does
not load). No colour has two meanings, and no meaning
relies on hue alone: mistakes blink, the computer's move pulses, dim/bright
marks differ in level, the learning mode's mistake flashes. Any entry can be replaced: ``palette={"dest": (0, 0, 255)}``.

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
from morris.compat import const

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
MARKED = 20
ASIDE = 21
# learning mode's move quality (teach/quality.py; a puzzle's verdict and answer too):
# private (no room in this module's dict); teach/ finds them by name in MEANINGS
_GOOD = const(22)
_PLAYABLE = const(23)
_MISTAKE = const(24)

MEANINGS = ("off", "dest", "origin", "movable", "capture", "mill", "remote_from",
            "remote_to", "remote_capture", "remove", "missing", "place_white",
            "place_black", "hint_mill", "hint_threat", "win", "lose", "draw", "captured",
            "hint_from", "marked", "aside", "good", "playable", "mistake")

# The one table of LED meanings: the board paints it, the simulator's page draws
# its legend from it (``table()``), docs/board_controller.md lists it (a test keeps
# them equal). Every meaning has its own colour and a second cue that does not
# need colour:
# - its blink pattern on the board: steady, BLINKING (fast, BLINK_MS: something to
#   put right) or PULSING (slow, PULSE_MS: the computer's move, waiting for a hand);
#   both alternate the full colour and ``dim`` of it (a quarter of the light), never dark;
# - its mark on the page: a ring about a stone (RINGS: lift it / this stone) or a
#   dot on an empty point (put a stone here); the board's LED sits beside the point.
# Colours follow the Okabe-Ito colour-blind safe set where it has enough of them; every two
# meanings of one mark (ring / dot) differ on the page by CIE76 dE >= 20, and >= 12 under
# simulated deuteranopia, protanopia and tritanopia unless their blink patterns differ
# (tests/test_palette.py).
# Tuples by meaning code, not dicts: small in the Pico's heap.
PALETTE = (        # (r, g, b) 0..255 before the current cap
    (0, 0, 0),         # off
    (0, 90, 255),      # dest
    (32, 32, 32),      # origin
    (0, 24, 60),       # movable
    (255, 140, 0),     # capture
    (86, 180, 233),    # mill
    (200, 60, 160),    # remote_from
    (0, 220, 140),     # remote_to
    (200, 255, 0),     # remote_capture
    (255, 0, 0),       # remove
    (255, 230, 0),     # missing
    (255, 255, 255),   # place_white
    (120, 0, 255),     # place_black
    (60, 255, 0),      # hint_mill
    (255, 0, 200),     # hint_threat
    (255, 230, 140),   # win
    (48, 96, 112),     # lose
    (40, 0, 80),       # draw
    (64, 28, 0),       # captured
    (0, 200, 60),      # hint_from
    (112, 0, 56),      # marked
    (255, 120, 160),   # aside
    (176, 255, 112),   # good
    (176, 128, 255),   # playable
    (255, 96, 112),    # mistake
)
BLINKING = (REMOVE, MISSING, PLACE_WHITE, PLACE_BLACK, ASIDE)
PULSING = (REMOTE_FROM, REMOTE_TO, REMOTE_CAPTURE)
FLASHING = (_MISTAKE,)   # full level at 0-150 and 300-450 ms of each second, else a quarter:
                        # "not here" (board/display.py; a cross on the page)
RINGS = (1 << MOVABLE | 1 << CAPTURE | 1 << MILL | 1 << REMOTE_FROM | 1 << REMOTE_CAPTURE
         | 1 << REMOVE | 1 << WIN | 1 << LOSE | 1 << DRAW | 1 << HINT_FROM)
BLINK_MS = 250      # half period of a blinking mark
PULSE_MS = 600      # half period of a pulsing mark


def palette_list(overrides=None):
    """Colours indexed by meaning code: list of (r, g, b).

    ``overrides`` maps meaning names to (r, g, b) tuples; raises ValueError for
    an unknown name or a value outside 0..255.
    """
    pal = list(PALETTE)
    if overrides:
        for k in overrides:
            if k not in MEANINGS:
                raise ValueError("unknown LED meaning %r" % (k,))
            c = tuple(overrides[k])
            if len(c) != 3 or min(c) < 0 or max(c) > 255:
                raise ValueError("colour for %s must be (r, g, b) in 0..255" % k)
            pal[MEANINGS.index(k)] = c
    return pal


DIM = 136          # the low phase of a blink / pulse: channel x DIM / 256 (see ``dim``)


def dim(colour):
    """The low phase of a blinking / pulsing ``colour``: each channel x DIM / 256,
    rounded up (about 0.53: after the LED driver's gamma 2.2 a quarter of the
    light, so the phase is seen as dimmer, not as another colour or as dark);
    a channel that is on stays on. The driver then applies gamma and the
    brightness, and keeps every channel that is on at least 1 (hw/lights.py
    ``level_table``): tests/test_palette.py checks the bytes sent at every
    brightness level."""
    r, g, b = colour
    return ((r * DIM + 255) >> 8 if r else 0, (g * DIM + 255) >> 8 if g else 0,
            (b * DIM + 255) >> 8 if b else 0)


def frame_current_ma(frame):
    """Colour current (mA, float) of ``frame`` under the model above (idle current excluded)."""
    s = 0
    for c in frame:
        s += c[0] + c[1] + c[2]
    return s * MA_PER_CHANNEL / 255


def cap_frame(frame, budget_ma, total=None):
    """Scale ``frame`` (list of (r, g, b)) in place so its colour current is <= ``budget_ma``.

    Every channel is multiplied by the same factor (integer arithmetic, rounded
    down, so the result never exceeds the budget). Returns the frame.
    ``budget_ma`` None or negative means no cap. ``total``: the channel-value sum
    the factor is figured for, at least the frame's own (default); the display
    passes its frame's sum with every blinking mark at full level, so that a
    steady light keeps its level while the marks blink.
    """
    if budget_ma is None or budget_ma < 0:
        return frame
    if total is None:
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
