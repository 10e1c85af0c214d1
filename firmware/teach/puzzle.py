"""Puzzles on the wooden board: set up a position as lit, find the best move.

The puzzle file (``puzzles.bin`` beside this module, built by tools/puzzles.py,
every answer verified by a deeper exact search in tests/test_puzzles.py) is
read by seek, one 20-byte record at a time, never loaded whole:

    header  b"MPZ1", count (2 bytes, little-endian), 10 bytes spare
    record  0: rules (index into RULES)   1: kind << 4 | difficulty (1..3)
            2-4: white stones, 5-7: black stones (24-bit masks of the game's
            points, little-endian)   8: white in hand << 4 | black in hand
            9: side to move (bit 0) | answers << 1   10-19: up to five
            answers, 2 bytes each: from << 5 | to (from = 31: a placement)

An answer is a (from, to) pair: any capture the move makes with it is right
(the tests check that every such move is best and no other is).

The session (``Puzzles``, the controller's ``teacher`` while puzzle mode is
on; mainloop.py) goes: ``setup`` (the LEDs show the stones to put and take
off, as a saved game's resume does) -> ``ask`` (the player to move finds the
move) -> ``right`` (the move's point lights ``good``, the message says so;
OK: next puzzle) or ``wrong`` (the point flashes ``mistake`` for a moment,
then the LEDs show how to put the stones back) -> ``retry`` (a second try) ->
``answer`` after a second wrong move (the answer lights: ``hint_from`` where
the stone comes from, ``good`` where it goes; carry it out or press OK).
Buttons in puzzle mode: OK next puzzle, Hint the answer, New leave the
puzzles. Solved and tried counts are kept in the settings (settings.py).
"""
from morris import Position, Rules, NONE
from morris.compat import ticks_diff
from board import leds

GOOD, PLAYABLE, MISTAKE = [leds.MEANINGS.index(n) for n in ("good", "playable", "mistake")]
from teach import human_to_move

RULES = ("standard", "six", "morabaraba")
KINDS = ("mill", "block", "fork", "blockade", "flying")
LEVEL_NAMES = (None, "easy", "medium", "hard")
HEADER = 16
RECORD = 20
WRONG_MS = 1500     # how long a wrong move's point flashes before the stones go back
QUESTIONS = (       # the task per kind, after "Puzzle N (level): White to move. "
    "Close a mill with one move.",
    "Stop the other player's mill.",
    "Find the move that wins a stone in two moves.",
    "Keep your stones free: do not let the other player block them.",
    "Win the game with the flying stones.",
)


def set_up(c, pos, players=None):
    """Controller ``c`` plays on from position ``pos`` (a ``morris.Position``, taken over;
    ``players`` as for ``new_game``): the LEDs show how to set its stones up, as for a
    saved game's resume (SETUP), and play goes on once the board matches (a "resumed"
    event). The game is not saved (the main loop keeps ``c.store`` None meanwhile)."""
    from board.controller import _players_of, SETUP
    from board.reading import Reader, layout
    if players is not None:
        c.players = _players_of(players)
        c._reader = Reader(c.players)
    c._rules = pos.rules
    c.pos = pos
    c._lay = layout(pos.rules.geo)
    c._start_text = pos.text()
    c.moves = []
    c._ply0 = 0
    c._base_text = None
    c.remote = -1
    c._take = -1
    c._hold = -1
    c._forget()
    c._pending = None
    c._undo_k = 0
    c._hint = None
    c._ended = None
    c._flash = 0
    c._refresh()
    c._mode = SETUP
    c._target = (pos.bb[0], pos.bb[1])
    c._dirty = True


def reload(c, players=None):
    """Controller ``c`` sets its stored game up again, as at power-up (True), or starts
    a new game with its rules when there is none (False), for ``players`` (None: as
    they are): after the puzzles."""
    from board.controller import _players_of
    from board.reading import Reader
    if players is not None:
        c.players = _players_of(players)
        c._reader = Reader(c.players)
    if c._load():
        c._dirty = True
        return True
    c.new_game()
    return False


def _path():
    try:
        here = __file__.rsplit("/", 1)[0]
    except (NameError, AttributeError):
        here = "teach"
    return here + "/puzzles.bin"


class Puzzle:
    """One record: ``index``, ``rules`` (text), ``kind`` (KINDS name), ``level`` (1..3),
    ``white`` / ``black`` (masks), ``hand`` (w, b), ``turn`` (0/1), ``answers``
    (list of from << 5 | to). ``position()`` -> a new ``morris.Position``."""

    def __init__(self, index, rec):
        self.index = index
        self.rules = RULES[rec[0]]
        self.kind = KINDS[rec[1] >> 4]
        self.level = rec[1] & 15
        self.white = rec[2] | rec[3] << 8 | rec[4] << 16
        self.black = rec[5] | rec[6] << 8 | rec[7] << 16
        self.hand = (rec[8] >> 4, rec[8] & 15)
        self.turn = rec[9] & 1
        n = rec[9] >> 1 & 7
        self.answers = [rec[10 + 2 * k] | rec[11 + 2 * k] << 8 for k in range(n)]

    def position(self):
        """The puzzle's position (no history: nothing repeats, no counter runs)."""
        r = Rules.parse(self.rules)
        geo = r.geo
        rows = []
        for row in geo.rows:
            s = ""
            for p in row:
                s += "W" if self.white >> p & 1 else "B" if self.black >> p & 1 else "."
            rows.append(s)
        return Position.from_text("%s %s %s %d/%d 0/0 0/0 -/- -" % (
            str(r), "/".join(rows), "wb"[self.turn], self.hand[0], self.hand[1]))

    def is_answer(self, m):
        """True when move int ``m`` is an answer (its captures do not matter)."""
        return (m >> 5 & 31) << 5 | (m & 31) in self.answers


def count(path=None):
    """Number of puzzles in the file (0 when there is none)."""
    try:
        with open(path or _path(), "rb") as f:
            h = f.read(HEADER)
    except OSError:
        return 0
    if len(h) < 6 or h[:4] != b"MPZ1":
        return 0
    return h[4] | h[5] << 8


def read(index, path=None):
    """Puzzle number ``index`` (0-based) of the file; IndexError beyond the last,
    ValueError for a damaged record."""
    if not 0 <= index < count(path):
        raise IndexError("no puzzle %d" % index)
    with open(path or _path(), "rb") as f:
        f.seek(HEADER + RECORD * index)
        rec = f.read(RECORD)
    if len(rec) != RECORD or rec[0] >= len(RULES) or rec[1] >> 4 >= len(KINDS) \
            or not 1 <= rec[1] & 15 <= 3 or not 1 <= rec[9] >> 1 & 7 <= 5:
        raise ValueError("damaged puzzle %d" % index)
    return Puzzle(index, rec)


def of_level(level, path=None):
    """Indices of the puzzles of difficulty ``level`` (1..3), in file order."""
    out = []
    n = count(path)
    if n == 0:
        return out
    with open(path or _path(), "rb") as f:
        for i in range(n):
            f.seek(HEADER + RECORD * i + 1)
            if f.read(1)[0] & 15 == level:
                out.append(i)
    return out


class Puzzles:
    """Puzzle mode: the controller's teacher (board/display.py's hook) and the session.

    ``Puzzles(level, tried=0, solved=0)``; ``begin(controller)`` sets the first
    puzzle up; ``step(controller, now_ms, pressed)`` every main-loop pass (the
    buttons pressed: OK next, Hint answer, New leave -> returns "leave");
    ``state``, ``puzzle``, ``tries``, ``solved``, ``tried``."""

    def __init__(self, level, tried=0, solved=0, path=None):
        self.level = level
        self.path = path
        self.ids = of_level(level, path)
        if not self.ids:
            raise ValueError("no puzzles of level %r" % (level,))
        self.tried = tried
        self.solved = solved
        self.puzzle = None
        self.state = "setup"
        self.tries = 0
        self.move = None        # the move of the last try (text)
        self.to = NONE          # ... where its stone went
        self.since = 0
        self.changed = False    # the counts changed: the main loop saves them
        self.kept_store = None  # the controller's store (the saved game), kept meanwhile

    # ---- the session ------------------------------------------------------------
    def begin(self, c, now_ms=0):
        """Set the next puzzle up on controller ``c`` (by the tried count: every puzzle
        of the level in turn)."""
        self.puzzle = read(self.ids[self.tried % len(self.ids)], self.path)
        self.state = "setup"
        self.tries = 0
        self.move = None
        self.to = NONE
        self.since = now_ms
        set_up(c, self.puzzle.position(), ("human", "human"))
        c._serial += 1

    def _next(self, c, now_ms, solved):
        self.tried += 1
        if solved:
            self.solved += 1
        self.changed = True
        self.begin(c, now_ms)

    def step(self, c, now_ms, pressed=()):
        """One main-loop pass (after the controller's step). Returns "leave" when New
        was pressed, else None."""
        for b in pressed:
            if b == "new":
                return "leave"
            if b == "ok" and self.state in ("right", "answer", "played"):
                self._next(c, now_ms, self.state == "right")
                return None
            if b == "ok" and self.state in ("ask", "retry"):
                self._next(c, now_ms, False)          # skipped
                return None
            if b == "hint" and self.state in ("ask", "retry", "wrong"):
                self._answer(c, now_ms)
        st = self.state
        if st == "setup":
            if human_to_move(c) and not c.moves:
                self.state = "ask"
                c._serial += 1
        elif st in ("ask", "retry", "answer") and c.moves:
            self._judge(c, now_ms)
        elif st == "wrong":
            if ticks_diff(now_ms, self.since) >= WRONG_MS and c.moves and c.undo():
                self.state = "back"
                c._serial += 1
        elif st == "back" and not c.moves and human_to_move(c):
            self.state = "retry" if self.tries < 2 else "answer"
            c._serial += 1
        return None

    def _judge(self, c, now_ms):
        m = c.moves[0]
        mv = self.puzzle.position().parse_move(m)
        self.move = m
        c._note = ""            # no "Wrong? Press Undo": the puzzle says right or wrong
        self.to = mv & 31
        self.since = now_ms
        c._serial += 1
        if self.state == "answer":      # carrying the answer out
            if self.puzzle.is_answer(mv):
                self.state = "played"
            elif c.undo():
                self.state = "back"
            return
        if self.puzzle.is_answer(mv):
            self.state = "right"
        else:
            self.tries += 1
            self.state = "wrong"

    def _answer(self, c, now_ms):
        self.tries = 2
        if c.moves and c.undo():
            self.state = "back"
        else:
            self.state = "answer"
        self.since = now_ms
        c._serial += 1

    # ---- the controller's teacher hook ----------------------------------------
    def paint(self, c, v, codes):
        """The verdict and the answer over the view's meaning codes."""
        st = self.state
        p = self.puzzle
        if p is None:
            return
        if st == "right" or st == "wrong" or st == "played":
            if self.move is not None and v.kind in ("idle", "wait"):
                codes[self.to] = MISTAKE if st == "wrong" else GOOD
        elif st == "answer" and not c.moves and v.kind == "idle":
            a = p.answers[0]
            if a >> 5 != NONE:
                codes[a >> 5] = leds.HINT_FROM
            codes[a & 31] = GOOD

    def message(self, c):
        """The puzzle's words for the current step (None: the game's message)."""
        st = self.state
        p = self.puzzle
        if p is None:
            return None
        head = "Puzzle %d (%s)" % (self.ids.index(p.index) + 1, LEVEL_NAMES[p.level])
        who = ("White", "Black")[p.turn]
        k = c._view.kind
        if st == "setup":
            return "%s: set up the stones as the lights show." % head
        if k not in ("idle", "wait"):
            return None
        if st == "ask":
            return "%s: %s to move. %s" % (head, who, QUESTIONS[KINDS.index(p.kind)])
        if st == "retry":
            return "Try again. %s to move. %s" % (who, QUESTIONS[KINDS.index(p.kind)])
        if st == "right":
            return "Right! %s plays %s. Press OK for the next puzzle." % (who, self.move)
        if st == "wrong":
            return ("Not quite: %s plays %s, which is not the answer. Put the stones back as the"
                    " lights show." % (who, self.move))
        if st == "back":
            return None
        if st == "played":
            return "Well done! That is the answer. Press OK for the next puzzle."
        if st == "answer":
            return ("Here is the answer: %s plays %s. Play it on the board, or press OK for the"
                    " next puzzle." % (who, self.answer_text()))
        return None

    def answer_text(self):
        """The first answer as move text ("c3-d3" or "d3"; its capture left to the player)."""
        a = self.puzzle.answers[0]
        names = Rules.parse(self.puzzle.rules).geo.names
        return names[a & 31] if a >> 5 == NONE else names[a >> 5] + "-" + names[a & 31]

    def status(self, c):
        """{"puzzle": {"number", "count", "level", "kind", "rules", "turn", "state",
        "tries", "move", "answer" (once shown or solved), "solved", "tried"}}."""
        p = self.puzzle
        if p is None:
            return {"puzzle": None}
        shown = self.state in ("right", "answer", "played")
        return {"puzzle": {"number": self.ids.index(p.index) + 1, "count": len(self.ids),
                           "level": p.level, "kind": p.kind, "rules": p.rules,
                           "turn": ("white", "black")[p.turn], "state": self.state,
                           "tries": self.tries, "move": self.move,
                           "answer": self.answer_text() if shown else None,
                           "solved": self.solved, "tried": self.tried}}
