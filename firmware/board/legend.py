"""The LED table's texts for user interfaces and docs: a short English description
of every meaning of board/leds.py (``DESCRIPTIONS``, by meaning code) and the
whole table as a dict (``table``). Not loaded by the board's firmware (its
strings would stay in the Pico's heap for nothing); the host simulator's page,
its translations and docs/board_controller.md use it."""
from board.leds import MEANINGS, PALETTE, BLINKING, PULSING, FLASHING, RINGS

DESCRIPTIONS = (   # short English description, for user interfaces and docs
    "nothing",
    "legal destination of the lifted stone",
    "where the lifted / moved stone came from",
    "a stone that may move (learning mode)",
    "a stone that may be captured: lift it",
    "mill just formed",
    "computer's move: take the stone from here",
    "computer's move: put the stone here",
    "computer's move: remove this captured stone",
    "stone where none should be: remove it",
    "missing stone: put it back here",
    "put a white stone here",
    "put a black stone here",
    "hint: put the stone here to close a mill",
    "hint: the opponent could close a mill here",
    "game over: the winner's stones",
    "game over: the loser's stones",
    "game over: drawn",
    "stone already captured this turn",
    "hint: move this stone",
    "marked point: no stone may go here until placement ends",
    "the saved game could not be resumed and was set aside: press a button",
    "a good move: put the stone here",
    "a move that is all right, but there is a better one",
    "a mistake: after it you lose a stone or the game",
)


def table():
    """The table as a dict, meaning name -> {"rgb", "cue" ("steady", "blink",
    "pulse" or "flash"), "mark" ("ring", "dot" or "cross"), "text"}: for user
    interfaces and docs (it allocates: not for the board's loop)."""
    out = {}
    for code in range(len(MEANINGS)):
        cue = ("blink" if code in BLINKING else "pulse" if code in PULSING
               else "flash" if code in FLASHING else "steady")
        mark = "ring" if RINGS >> code & 1 else "cross" if code in FLASHING else "dot"
        out[MEANINGS[code]] = {"rgb": list(PALETTE[code]), "cue": cue, "mark": mark,
                               "text": DESCRIPTIONS[code]}
    return out
