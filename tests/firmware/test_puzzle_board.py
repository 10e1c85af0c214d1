"""Puzzles on the wooden board (teach/puzzle.py through the main loop), on the simulated
switches: the LEDs show the stones to set up, a wrong move flashes and goes back,
a second wrong move shows the answer, a right one lights good and counts in the
settings. Plain asserts: CPython (pytest) and MicroPython (tests/mprun.py at a
Pico-sized heap)."""
import gc
import json

from mainloop import MainLoop
import board.controller  # noqa: F401  (compiled first, on a clean heap)
gc.collect()
from simdrivers import Switches, Lights, Buttons, Clock, Store, Link  # noqa: E402
from teach.puzzle import read, of_level, count, WRONG_MS  # noqa: E402
from morris import NONE  # noqa: E402

TICK = 20
HOLD = 400


class PuzzleBoard:
    """A MainLoop on fake drivers with puzzle mode of ``level`` in its settings."""

    def __init__(self, level=1):
        self.sw = Switches()
        self.lights = Lights()
        self.buttons = Buttons()
        self.clock = Clock(1000)
        self.settings = Store(json.dumps({"rules": "standard", "players": ["human", "computer"],
                                          "level": 1, "learning": False,
                                          "puzzle": level}).encode())
        self.game = Store(b'[Rules "standard"]\nd2 d6\n')      # a saved game, kept meanwhile
        self.loop = MainLoop(self.sw, self.lights, self.buttons, self.clock, self.game,
                             self.settings, Link())
        self.run(HOLD)

    def run(self, ms):
        for _ in range(ms // TICK):
            self.clock.now += TICK
            self.loop.tick()

    def status(self):
        return self.loop.controller.status()

    def point(self, name):
        return self.loop.controller.position.geo.index[name]

    def set_up(self):
        """Put the stones as the LEDs ask (place_white / place_black), take off the others."""
        lit = self.status()["lit"]
        for name, meaning in lit.items():
            bit = 1 << self.point(name)
            if meaning in ("place_white", "place_black"):
                self.sw.occ |= bit
            elif meaning == "remove":
                self.sw.occ &= ~bit
        self.run(HOLD)

    def play(self, m):
        """Carry out move int ``m``: lift its stone, put it, lift its captures."""
        frm = m >> 5 & 31
        if frm != NONE:
            self.sw.occ &= ~(1 << frm)
            self.run(HOLD)
        self.sw.occ |= 1 << (m & 31)
        self.run(HOLD)
        for c in (m >> 10 & 31, m >> 15 & 31):
            if c != NONE:
                self.sw.occ &= ~(1 << c)
                self.run(HOLD)

    def press(self, name):
        self.buttons.pending.append(name)
        self.run(HOLD)


def _moves(puzzle):
    """(an answer move, a wrong move) of ``puzzle``, as ints of its position."""
    pos = puzzle.position()
    right = wrong = None
    for m in pos.legal_moves:
        if puzzle.is_answer(m):
            right = right if right is not None else m
        elif wrong is None:
            wrong = m
    return right, wrong


def test_the_puzzle_file_has_every_level_and_reads_by_seek():
    n = count()
    assert n >= 60, n
    for level in (1, 2, 3):
        assert of_level(level)
    p = read(n - 1)
    assert p.answers and p.level in (1, 2, 3)


def test_a_puzzle_is_set_up_on_the_switches_solved_on_the_second_try_and_counted():
    b = PuzzleBoard(1)
    kept = b.game.data          # the saved game as resumed at power-up (saved again as format 3)
    assert kept.startswith(b'[Format "3"]') and b'[Rules "standard"]' in kept, kept
    assert kept.endswith(b"d2 d6\n"), kept
    st = b.status()
    assert st["state"] == "setup" and st["puzzle"]["state"] == "setup", st["message"]
    assert "set up the stones" in st["message"]
    puzzle = read(of_level(1)[0])
    assert st["puzzle"]["kind"] == puzzle.kind
    b.set_up()
    st = b.status()
    assert st["state"] == "idle" and st["puzzle"]["state"] == "ask", st["message"]
    assert b.sw.occ == puzzle.white | puzzle.black
    right, wrong = _moves(puzzle)
    # a wrong move: its point flashes "mistake", then the stones go back as lit
    b.play(wrong)
    st = b.status()
    assert st["puzzle"]["state"] == "wrong" and st["lit"].get(
        b.loop.controller.position.geo.names[wrong & 31]) == "mistake", (st["message"], st["lit"])
    assert "is not the answer" in st["message"]
    b.run(WRONG_MS)
    assert b.status()["state"] == "restore"
    b.set_up()
    st = b.status()
    assert st["puzzle"]["state"] == "retry" and st["puzzle"]["tries"] == 1, st["message"]
    assert b.sw.occ == puzzle.white | puzzle.black
    b.play(right)
    st = b.status()
    assert st["puzzle"]["state"] == "right", st["message"]
    assert st["lit"][b.loop.controller.position.geo.names[right & 31]] == "good"
    assert st["message"].startswith("Right! %s plays " % ("White", "Black")[puzzle.turn])
    assert st["puzzle"]["answer"]
    # OK: the next puzzle; the counts are in the settings
    b.press("ok")
    saved = json.loads(b.settings.data)
    assert saved["solved"] == 1 and saved["tried"] == 1 and saved["puzzle"] == 1, saved
    st = b.status()
    assert st["state"] == "setup" and st["puzzle"]["number"] == 2, st["message"]
    # the saved game was not touched; New leaves the puzzles and sets it up again
    assert b.game.data == kept
    b.press("new")
    assert b.loop.puzzles is None and json.loads(b.settings.data)["puzzle"] == 0
    assert b.status()["record"] == ["d2", "d6"] and b.status()["state"] == "setup"


def test_two_wrong_moves_show_the_answer_which_can_be_played():
    b = PuzzleBoard(2)
    puzzle = read(of_level(2)[0])
    b.set_up()
    right, wrong = _moves(puzzle)
    for _ in range(2):
        b.play(wrong)
        b.run(WRONG_MS)
        b.set_up()
    st = b.status()
    assert st["puzzle"]["state"] == "answer" and st["puzzle"]["tries"] == 2, st["message"]
    names = b.loop.controller.position.geo.names
    a = puzzle.answers[0]
    assert st["lit"][names[a & 31]] == "good"
    if a >> 5 != NONE:
        assert st["lit"][names[a >> 5]] == "hint_from"
    assert "Here is the answer" in st["message"]
    b.play(right)
    assert b.status()["puzzle"]["state"] == "played"
    b.press("ok")
    saved = json.loads(b.settings.data)
    assert saved["solved"] == 0 and saved["tried"] == 1, saved
