"""The settings menu at the board, without a screen: buttons in, LEDs out.

Open: hold "ok" for 2 s while the board is empty (see ``MainLoop``).
While open the game is paused and the LEDs show the menu:

- which setting: one inner-ring point in blue -- d5 rules, e4 engine level,
  d3 players, c4 learning mode, c5 LED brightness, e5 puzzles;
- its value: a bar of orange points along the outer ring, clockwise from a7
  (a7, d7, g7, g4, g1, d1, a1, a4): one point = the first choice, two = the
  second, ...; for players the middle ring also shows who the computer
  plays: b6 b4 b2 lit = white is the computer, f6 f4 f2 lit = black is.

Buttons: "hint" next value, "undo" previous value, "ok" next setting
(after the last one: save and leave), "new" leave without saving.

Choices (bar length = position in the list, from 1):

- rules: standard, wikipedia, old-russian, schmidt, french,
  wikipedia+double_mill=two, wikipedia+no_return=on;
- level: 1 .. 5;
- players (white, black): human-computer, computer-human, human-human,
  computer-computer;
- learning: off, on;
- brightness: 1 .. 5 (settings.BRIGHTNESS), shown at once while chosen;
- puzzle: off, easy, medium, hard (teach/puzzle.py): saved with a level, the
  board sets the puzzles up instead of a new game.

``VERSION`` (the firmware's) goes out with the protocol's menu event.
"""
from morris.geometry import GEOMETRIES

ITEMS = ("rules", "level", "players", "learning", "brightness", "puzzle")
ITEM_POINTS = ("d5", "e4", "d3", "c4", "c5", "e5")
BAR_POINTS = ("a7", "d7", "g7", "g4", "g1", "d1", "a1", "a4")
WHITE_SIDE = ("b6", "b4", "b2")
BLACK_SIDE = ("f6", "f4", "f2")
CHOICES = {
    "rules": ("standard", "wikipedia", "old-russian", "schmidt", "french",
              "wikipedia+double_mill=two", "wikipedia+no_return=on"),
    "level": (1, 2, 3, 4, 5),
    "players": (["human", "computer"], ["computer", "human"], ["human", "human"],
                ["computer", "computer"]),
    "learning": (False, True),
    "brightness": (1, 2, 3, 4, 5),
    "puzzle": (0, 1, 2, 3),
}
# Okabe-Ito blue, orange, sky blue (as board/leds.py's palette); the LED driver
# applies gamma, the brightness level and the current budget
ITEM_COLOUR = (0, 90, 255)
BAR_COLOUR = (255, 110, 0)
SIDE_COLOUR = (90, 200, 255)
DARK = (0, 0, 0)


def _point(name):
    return GEOMETRIES["standard"].index[name]


class Menu:
    """Settings being edited. ``values``: a settings dict (see settings.py), copied.

    ``press(name)`` -> None (stay), "save" (leave, keep ``values``) or
    "cancel" (leave, discard); ``frame()`` -> 24 (r, g, b) for the LEDs."""

    def __init__(self, values):
        self.values = dict(values)
        self.item = 0

    def key(self):
        """The setting being edited: one of ITEMS."""
        return ITEMS[self.item]

    def index(self, key=None):
        """Position of the current value of ``key`` in its choices, or -1."""
        key = key or ITEMS[self.item]
        ch = CHOICES[key]
        v = self.values[key]
        if isinstance(v, tuple):
            v = list(v)
        for i in range(len(ch)):
            if ch[i] == v:
                return i
        return -1

    def press(self, name):
        """Act on one button press (see module doc)."""
        key = ITEMS[self.item]
        ch = CHOICES[key]
        if name == "hint" or name == "undo":
            i = self.index(key)
            if name == "hint":
                i = (i + 1) % len(ch)
            else:
                i = (i - 1) % len(ch) if i >= 0 else len(ch) - 1
            v = ch[i]
            self.values[key] = list(v) if isinstance(v, list) else v
        elif name == "ok":
            self.item += 1
            if self.item >= len(ITEMS):
                self.item = 0
                return "save"
        elif name == "new":
            return "cancel"
        return None

    def frame(self):
        """The menu picture: 24 (r, g, b), index = point number."""
        f = [DARK] * 24
        f[_point(ITEM_POINTS[self.item])] = ITEM_COLOUR
        i = self.index()
        for k in range(min(i + 1, len(BAR_POINTS))):
            f[_point(BAR_POINTS[k])] = BAR_COLOUR
        if ITEMS[self.item] == "players":
            pl = self.values["players"]
            for side, pts in ((0, WHITE_SIDE), (1, BLACK_SIDE)):
                if pl[side] == "computer":
                    for n in pts:
                        f[_point(n)] = SIDE_COLOUR
        return f
