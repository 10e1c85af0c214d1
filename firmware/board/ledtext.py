"""The texts of the teaching meanings (good, playable, mistake: the codes after
leds.DESCRIPTIONS's), for user interfaces and docs (board/leds.py's ``table()``;
the simulator's legend translates them). A module of their own: the board shows
no text, and its heap (at the edge on a 192 KB test heap) does without them."""
TEACH = (
    "a good move: put the stone here",
    "a move that is all right, but there is a better one",
    "a mistake: after it you lose a stone or the game",
)
