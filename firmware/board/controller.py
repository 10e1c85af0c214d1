"""The game session: settled reed-switch occupancy -> moves, turn flow, LED frames.

The board senses occupancy only. The controller keeps the expected game (a
morris ``Position``, which knows the colours) and reads every settled
occupancy by comparing it with the boards that legal actions can produce,
never by single switch events, and with the path the hands took since the
last recorded move (in which order the points last changed; see
board/reading.py): a stone put back cancels, a half-finished move can be
re-done, a knocked stone is a mistake until it is back (a stone that came
off before the move was finished is missing, neither captured nor the next
player's lift), and after a sweep the LEDs lead back to the last recorded
position before anything is read as a move.

Gestures (what the player does):

- Placement: put a stone on an empty point.
- Slide / flight: lift one of your stones (its legal destinations light up),
  put it on a lit point. Putting it back where it was cancels.
- Flying: a put that completes a flight without capture counts after
  ``commit_ms`` (250 ms) of rest, or at once when anything else then changes
  while that stone stays put (the next player starts): a stone dragged across
  the board that rests briefly on points on its way (shorter than
  settle_ms + commit_ms) makes no move there. Placements and slides (to an
  adjacent point: nothing lies between) count as soon as the put settles; a
  put that forms a mill shows the captures at once.
- Capture: after forming a mill the capturable stones light up; lift one.
  With two captures (``double_mill: two``) lift two. Until the capture is
  made the moved stone may still be lifted and moved elsewhere. The capture
  counts after ``commit_ms`` of rest (or when the next player starts); a
  captured stone put straight back within it cancels. Once recorded, the
  message says it ("White took b2. Wrong? Press Undo."); the captured stones
  put back on their points, where that is no legal action of the next player,
  take the capture back.
- Declining an optional capture (``capture: optional``) or an optional
  second capture: press "ok".
- Moves of a "remote" side (the computer or a remote player, handed in by
  ``remote_move``): from-point, to-point and captured stones light up in
  three distinct colours; carry them out in any order; the move counts when
  the board matches exactly. The next player may start at once: a lift or a
  placement that settles together with the end of the remote move is read
  as the reply.
- "new": a new game (same rules and players) starts once the board is empty;
  the stones still to clear are lit. "ok" cancels the request.
- "undo": takes back the last move, and further back until a human is to
  move (against the computer this takes back the computer's reply and your
  move). Stones to remove blink vermillion, stones to put back blink white /
  violet (white / black stone); the undo completes when the board matches.
  Press "undo" again to go back one more step, "ok" to cancel.
- "hint": lights one whole move that closes a mill now (the stone to move and
  where it goes) and the points where the opponent threatens to close one on
  the next turn, until the board changes.
- Resignation and draw by agreement: press "new" during a game, then "hint"
  (the side to move resigns) or "undo" (both players agree to a draw); "ok"
  plays on. The game ends with that result (the record gets the Result and
  Termination tags); clearing the board then starts the next game.
- After the game is over the result pattern shows; clearing the board
  starts the next game.

Mistakes (wrong colour or immovable stone lifted, illegal destination, two
stones up, protected stone lifted, stray or missing stones, a stone knocked
off before the mill, a disturbed board, a remote move carried out wrongly)
blink on the LEDs with a short English ``what`` and a stable reason ``code``
(board/reading.py, docs/board_controller.md) and the game waits, changing
nothing, until the board is back at a legal state or the intended legal
action is complete.

Store contract: ``store.save(bytes)`` and ``store.load() -> bytes or None``;
optionally ``pieces(n)`` (the stored bytes in pieces: a saved game of any
size read in bounded memory), ``set_aside()`` (keep a game that cannot be
resumed under another name) and a log: ``log_append(bytes)``, ``log_lines()``
(iterable of bytes lines) and ``log_clear()``. After every completed move
(and undo, new game, resignation, agreed draw) the game is saved as record
text (docs/board_controller.md, "Saved game"): ``[Format "3"]``, ``[Rules
"<rules text>"]``, ``[First "white|black"]`` (the game's first player, from
the game: ``game_start``), ``[Position "..."]`` for a game set up from a
position rather than the start; once older moves went to the log, ``[Game
"<id>"]``, ``[Ply "<n>"]`` and ``[Base "<position text after n plies>"]``
(the text carries the repetition history); ``[Result]`` and
``[Termination]`` for a game ended by resignation or agreement; then the
moves since (at most ``2 * TAIL - 1``). Every ``TAIL`` moves the older ones
are appended to the log (``<id> <ply> <move>`` lines), read back only for
the full record (``record()``, ``export_record()``). So a stored game of any
length resumes in bounded time and memory; undo reaches back ``TAIL`` to
``2 * TAIL - 1`` moves. A store without a log keeps every move in the state
file (replayed on resume). On start a stored game is resumed once the sensed
board matches it; until then the LEDs show which stones to place or remove
("new" abandons it for a new game). Every earlier format of the saved game
is read (board/resume.py); a saved game that cannot be resumed is set aside
(``store.set_aside()``), a ``resume`` event says why, and the four corner
points blink ``aside`` until a button is pressed or a move is made.
"""
from morris import Position, Outcome, Rules, NONE, WHITE, BLACK
from morris.compat import ticks_diff, forget
from board import leds
from board.debounce import Debouncer
from board.display import Display, COLOURS, CAPS, FLASH_MS, HINT_MS
from board.reading import Reader, View, info as _info, mills_through as _mills_through
from board.reading import masks as _masks, extras as _extras, layout as _layout, REMOVAL

HUMAN = "human"
REMOTE = "remote"
_NO_EVENTS = ()    # events() with nothing to report: one object, not a new list per pass
PLAYER_KINDS = ("human", "remote", "computer")   # "computer" is handled as "remote"
BUTTONS = ("new", "undo", "hint", "ok")

COMMIT_MS = 250     # default commit delay of a put (see Controller)
TAIL = 32           # moves kept in memory and in the state file: TAIL..2*TAIL-1 (undo depth)

# modes
PLAY = 0
CLEAR = 1       # new game requested: waiting for an empty board
RESTORE = 2     # undo requested: waiting for the previous position
SETUP = 3       # stored game: waiting for its position before resuming


def _rules_of(rules):
    if rules is None:
        return Rules("standard")
    if isinstance(rules, str):
        return Rules.parse(rules)
    if isinstance(rules, Rules):
        return rules
    raise ValueError("rules must be a Rules object or its text form")


def _players_of(players):
    players = tuple(players)
    if len(players) != 2:
        raise ValueError("players must name two sides (white, black)")
    for p in players:
        if p not in PLAYER_KINDS:
            raise ValueError("player must be 'human' or 'remote', got %r" % (p,))
    return tuple(HUMAN if p == HUMAN else REMOTE for p in players)


def saved_bytes(rules, first, start, moves, log=None, end=None):
    """The saved game's bytes, format 3 (module doc, "Store contract"): ``rules``
    text, ``first`` "white"/"black", ``start`` position text or None, ``moves``
    (the texts since the base), ``log``: (game id, plies before the base, base
    position text) once older moves are in the store's log, else None; ``end``:
    the Outcome of a resignation or agreed draw, or None. The one writer of the
    format (the simulator's "continue from here" too)."""
    head = '[Format "3"]\n[Rules "%s"]\n[First "%s"]\n' % (rules, first)
    if start is not None:
        head += '[Position "%s"]\n' % start
    if log is not None:     # older moves are in the log: this game's id there, and the base
        head += '[Game "%x"]\n[Ply "%d"]\n[Base "%s"]\n' % log
    if end is not None:     # resignation, agreed draw: not in the position
        head += '[Result "%s"]\n[Termination "%s"]\n' % (end.result(), end.reason)
    return (head + " ".join(moves) + "\n").encode()


class Controller(Display):
    """The board's game session. Feed it with ``step``; it returns LED frames.

    ``Controller(rules=None, players=("human", "human"), settle_ms=80,
    palette=None, budget_ma=None, store=None, learning=False, first=None,
    now_ms=0, commit_ms=250)``

    - ``rules``: ``morris.Rules``, its text form, or None (``standard``).
    - ``players``: (white, black), each "human" or "remote" ("computer" is
      accepted as "remote"); a remote side's moves come in by ``remote_move``.
    - ``settle_ms``: a point's switch must be stable this long to count.
    - ``palette``: dict meaning -> (r, g, b) overriding the colours of ``leds.TABLE``.
    - ``budget_ma``: colour-current budget of all LEDs in mA (see leds.py);
      None = ``leds.DEFAULT_BUDGET_MA``; a negative value disables the cap.
    - ``store``: object with ``save(bytes)`` / ``load() -> bytes or None``.
    - ``learning``: show the movable stones of the side to move dimly.
    - ``first``: WHITE/BLACK (0/1) or "white"/"black" for the first player;
      None = white, or a random draw under ``first_player: lot``.
    - ``now_ms``: the clock (ms ticks) at construction.
    - ``commit_ms``: a put that completes a flight without capture, and a human
      side's capture, count once the settled board has stayed so this long, or
      as soon as anything else changes while the move's points stay; a stone
      dragged over a point and on is thus no move there, a captured stone put
      straight back no capture (0 = count at once).

    Raises ValueError for bad rules, players, palette or first.
    """

    # Rarely changed state as class defaults: an instance attribute is made only
    # when one changes (the Pico's heap: a bigger attribute table of every
    # controller costs a 944-byte block on the 64-bit unix port).
    store_error = None      # the store's last error text, or None
    first = WHITE           # who moved first in this game (WHITE/BLACK): the game's own
    _aside = None           # (why, kept as) when the saved game was set aside at power-up

    def __init__(self, rules=None, players=("human", "human"), settle_ms=80, palette=None,
                 budget_ma=None, store=None, learning=False, first=None, now_ms=0,
                 commit_ms=COMMIT_MS):
        self._rules = _rules_of(rules)
        self.players = _players_of(players)
        self._reader = Reader(self.players)
        self.settle_ms = settle_ms
        self.commit_ms = commit_ms
        self._hold = -1           # a move waiting for commit_ms, or -1
        self._hold_s = 0          # ... the settled board that showed it
        self._hold_at = now_ms    # ... since when
        self._took = 0            # the captured stones of the last move, while it may be put back
        self._note = ""           # what was recorded, said until the next move
        self._far = False         # the board was far from every legal reading: guide to the position
        self._good = 0            # the last board read as a legal action (or its start): a sweep
                                  # restored to it carries on from there
        self._pal = leds.palette_list(palette)
        self._dim = [leds.dim(c) for c in self._pal]
        self.budget_ma = leds.DEFAULT_BUDGET_MA if budget_ma is None else budget_ma
        self.store = store
        self.learning = bool(learning)
        self._deb = Debouncer(settle_ms, now_ms)
        self._now = now_ms
        self._events = []
        self.settled = 0
        self._mode = PLAY
        self._pending = None      # (rules, players, first) of a requested new game
        self._undo_k = 0
        self._target = (0, 0)     # restore / setup: the two bitboards wanted
        self.remote = -1          # the remote side's move being carried out, or -1
        self._take = -1           # colour whose hand must give up a stone (wait for "ok"), or -1
        self._lay = None          # board.layout.Layout when the game uses fewer than 24 points
        self._stray = 0           # ... stones on the unused physical points
        self._pframe = None       # ... the last (game frame, physical frame)
        self._view = View("idle")
        self._serial = 0
        self._key = -1
        self._codes = bytearray(24)   # meaning code per point (leds.MEANINGS index)
        self._blinky = 0
        self._frame = [(0, 0, 0)] * 24
        self._flash_at = now_ms
        self._flash = 0
        self._hint_at = now_ms
        self._hint = None         # (mill-now mask, threat mask, from mask) or None
        self._hint_ev = None      # ... and its event
        self._ended = None        # Outcome of a resignation or an agreed draw
        self._mkey = None         # the mistake last reported
        self._L = []              # legal moves of the game position, refilled in place
        self._RM = []             # per move: mask of the points it empties (from, captures)
        self._AD = []             # per move: mask of the point it fills
        self._tables = (self._L, self._RM, self._AD)
        self.moves = []           # move texts since the base (the last TAIL..2*TAIL-1)
        self.pos = None
        self._start_text = None   # position text the game started from, when not the start
        self._ply0 = 0            # plies before moves[0] (kept in the store's log)
        self._base_text = None    # position text at ply _ply0 (when > 0)
        self._game = 0            # this game's id in the store's log
        self.result = None
        if not self._load():
            self._start(self._rules, self.players, self._first(self._rules, first))
        self._dirty = True

    # ---- public properties --------------------------------------------------
    @property
    def position(self):
        """The ``morris.Position`` of the expected game (do not push/pop on it)."""
        return self.pos

    @property
    def plies(self):
        """Moves played in this game so far (those in the store's log included)."""
        return self._ply0 + len(self.moves)

    def record(self):
        """List of the game's move texts from the start (RULES.md notation); the older
        ones come from the store's log. Where the log cannot be read (or the whole
        list has no room) only the kept moves (``export_record`` then fails)."""
        if self._ply0:
            try:
                from board.gamelog import archived
                return archived(self) + self.moves
            except (ValueError, OSError, MemoryError):
                pass
        return list(self.moves)

    def game_start(self):
        """How this game began, from the game itself (never worked out by counting
        moves): (rules text, first player "white"/"black", the start position text
        or None for the start position). The saved game, ``export_record`` and the
        protocol's record and state name the start and the first player from it."""
        return str(self.pos.rules), COLOURS[self.first], self._start_text

    def export_record(self, tags=None):
        """The game as record text (docs/records.md, ``morris.record``): tags
        (dict: Event, White, Black, ...) plus Rules, the start (``game_start``)
        and the moves, each numbered by the side that made it. Raises
        MemoryError only where the device has no room for the text."""
        from morris.writer import write_record     # the board never loads the record readers
        rules, first, start = self.game_start()
        end = self._ended
        return write_record(self.record(), rules=None if start else rules, start=start,
                            first=first, tags=tags, result=end.result() if end else None,
                            termination=end.reason if end else None)

    def expected_occupancy(self):
        """The occupancy (24-bit int, physical points) the controller wants to see:
        the game's board, an empty board while a new game waits, the target while
        an undo or a resume waits."""
        return self._phys(self._expected())

    def _phys(self, mask):
        return mask if self._lay is None else self._lay.to_phys(mask)

    def _expected(self):
        if self._mode == CLEAR:
            return 0
        if self._mode == PLAY:
            bb = self.pos.bb
            return bb[0] | bb[1]
        return self._target[0] | self._target[1]

    def awaiting_remote(self):
        """True when a "remote" side is to move, the game goes on, and no move was given yet."""
        return (self._mode == PLAY and self.result is None and self.remote < 0
                and self._take < 0 and self.players[self.pos.turn] == REMOTE)

    def events(self):
        """Event dicts emitted since the last call, oldest first. Each has a "type":

        - "move": "move" (text), "by" ("white"/"black"), "record";
        - "mistake": "code" (stable reason code, see docs/board_controller.md),
          "what" (short English), "points" (list of point names: "remove" and
          "missing" together), "remove" (stones to take off), "missing" (stones
          to put back);
        - "fixed": the board is back at a legal state;
        - "result": "result" ('1-0', '0-1', '1/2-1/2'), "reason";
        - "new_game": "rules" (text), "first", "players";
        - "undo": "plies", "record" (and "reason": "capture put back" when a
          capture was taken back by putting the stone straight back);
          "resumed": "record";
        - "hint": "turn", "mill_now", "threats" (lists of point names);
        - "take_from_hand": "colour" -- a placement took a stone from that side's
          hand (``placing_mill: hand``): the board waits for "ok" once it is gone.

        "record" is the controller's own list of move texts (not a copy, to spare
        the Pico's heap a copy per move): read it at once, copy it to keep it.
        With no event, the same empty tuple (nothing allocated in an idle pass).
        """
        ev = self._events
        if not ev:
            return _NO_EVENTS
        self._events = []
        return ev

    # ---- the main loop ------------------------------------------------------
    def step(self, now_ms, occupancy, buttons=()):
        """Advance to time ``now_ms`` (ms ticks) with the raw ``occupancy`` (bit i =
        stone on point i) and the button names pressed since the last step
        ("new", "undo", "hint", "ok"; others are ignored).

        Returns the LED frame: a list of 24 (r, g, b) tuples (0..255), index =
        point number, already within the current budget. The same list object is
        returned while the picture does not change; do not modify it.
        """
        self._now = now_ms
        s = self._deb.update(now_ms, occupancy & 0xFFFFFF)
        lay = self._lay
        if lay is not None:
            stray = s & ~lay.used
            if stray != self._stray:
                self._stray = stray
                self._dirty = True
            s = lay.to_game(s)
        if s != self.settled:
            self._reader.changed(s ^ self.settled)
            if self._hold >= 0 and s != self._hold_s:
                self._settle_hold(s)
            self.settled = s
            self._hint = None
            self._dirty = True
        elif self._hold >= 0 and ticks_diff(now_ms, self._hold_at) >= self.commit_ms:
            self._dirty = True
        if self._dirty:
            self._update()
        for b in buttons:
            self._button(b)
            if self._dirty:
                self._update()
        f = self._render()
        if lay is not None:
            p = self._pframe
            if p is None or p[0] is not f:
                p = self._pframe = (f, lay.frame(f, self._stray, self._pal[leds.REMOVE]))
            f = p[1]
        return f

    def still(self, occupancy):
        """True when ``step`` with this raw ``occupancy`` (as last time) and no button
        would change nothing, now or later: the board settled, no put or capture
        waiting to count, nothing blinking, pulsing or flashing, no hint timing out.
        The main loop then skips the step (an idle pass does next to nothing)."""
        d = self._deb
        now = self._now
        return (occupancy == d.raw and d.raw == d.settled and not self._dirty and self._hold < 0
                and not self._blinky and self._lay is None
                and self._key >> 5 == self._serial & 0xFFFFF    # the frame shows the last change
                and (not self._flash or ticks_diff(now, self._flash_at) >= FLASH_MS)
                and (self._hint is None or ticks_diff(now, self._hint_at) >= HINT_MS))

    def _button(self, b):
        if self._aside is not None:
            self._aside = None
            self._serial += 1
        if b == "ok":
            if self._take >= 0:
                self._take = -1
                self._dirty = True
            elif self._mode == CLEAR or self._mode == RESTORE:
                self._mode = PLAY
                self._undo_k = 0
                self._pending = None
                self._dirty = True
            elif self._view.kind == "capture" and self._view.move >= 0:
                self._commit(self._view.move)
                self._dirty = True
        elif b == "new":
            self.new_game()
        elif b == "undo":
            if self._asked_to_end():
                self.agree_draw()
            else:
                self.undo()
        elif b == "hint":
            if self._asked_to_end():
                self.resign()
            else:
                self.hint()

    def _asked_to_end(self):
        # "new" pressed during an unfinished game: hint / undo now end it
        return self._mode == CLEAR and self.result is None and self.plies > 0

    # ---- commands -----------------------------------------------------------
    def remote_move(self, m):
        """Hand in the remote side's move: a move int from ``position.legal_moves``
        or its text. It is shown on the LEDs and played once the board matches.

        Raises ValueError (IllegalMoveError) when no remote side is to move, a
        remote move is already pending, or the move is not legal here.
        """
        if not self.awaiting_remote():
            raise ValueError("not waiting for a remote move")
        if isinstance(m, str):
            m = self.pos.parse_move(m)
        elif m not in self._L:
            raise ValueError("not a legal move here: %r" % (m,))
        self.remote = m
        self._dirty = True

    def new_game(self, rules=None, players=None, first=None):
        """Ask for a new game (optionally with other rules / players / first player).

        It starts at once when the settled board is empty (returns True);
        otherwise the stones to clear are lit and it starts as soon as the board
        is empty (returns False; "ok" cancels). Raises ValueError for bad rules
        or players.
        """
        r = self._rules if rules is None else _rules_of(rules)
        p = self.players if players is None else _players_of(players)
        self._pending = (r, p, first)
        if self.settled == 0:
            self._start(r, p, self._first(r, first))
            self._dirty = True
            return True
        self._mode = CLEAR
        self._hold = -1
        self._dirty = True
        return False

    def undo(self):
        """Ask to take back the last move (and further until a human is to move).

        Returns True when an undo is now pending: the LEDs show how to restore
        the earlier position and the undo completes when the stones match.
        Calling it again while pending goes back further. Returns False when
        there is nothing to take back.
        """
        from board import takeback     # imported for the request and dropped again (heap)
        try:
            return takeback.undo(self)
        finally:
            forget("board.takeback")

    def hint(self):
        """Show a hint: one whole move that closes a mill now (the stone to move, lit
        ``hint_from``, and where it goes, lit ``hint_mill``), and the points where the
        opponent threatens to close one next turn (``hint_threat``). Emits a "hint"
        event and returns it: ``turn``, ``mill_now`` (every point where a move
        closes a mill now), ``move`` (the lit move as text without captures, e.g.
        "g4-g1" or "d3", or None), ``from`` (its stone's point or None), ``to``,
        ``mill`` (the points of the mill it closes), ``threats`` (point names),
        ``block``: a legal move onto a threatened point, as text ("c5-d5", "d5", with
        "x.." captures if it makes a mill), or None when no move can block."""
        from board.hint import hint     # imported for the press and dropped again (heap)
        try:
            return hint(self)
        finally:
            forget("board.hint")

    def set_learning(self, on):
        """Learning mode on or off, shown at once (the movable stones light dimly)."""
        self.learning = bool(on)
        self._serial += 1

    def resign(self, side=None):
        """``side`` ("white"/"black", WHITE/BLACK; None: the side to move) resigns:
        the game ends at once, the opponent wins ("resignation"). Returns False
        (changing nothing) when no game is going on (no move yet, over, an undo or
        a resume under way); ValueError for a bad side."""
        if side is None:
            side = self.pos.turn
        elif side in ("white", "black"):
            side = COLOURS.index(side)
        elif side not in (WHITE, BLACK):
            raise ValueError("side must be white or black")
        return self._end(Outcome(1 - side, "resignation"))

    def agree_draw(self):
        """End the game as a draw by agreement of the players. Returns False
        (changing nothing) when no game is going on."""
        return self._end(Outcome(None, "draw by agreement"))

    def _end(self, out):
        from board import takeback     # imported for the request and dropped again (heap)
        try:
            return takeback.end(self, out)
        finally:
            forget("board.takeback")

    # ---- game state changes -------------------------------------------------
    def _first(self, rules, first):
        if first is None:
            if rules.first_player == "lot":
                try:
                    import random
                    return random.getrandbits(1)
                except (ImportError, AttributeError):
                    return self._now & 1
            return WHITE
        if first in ("white", "black"):
            return COLOURS.index(first)
        if first in (WHITE, BLACK):
            return first
        raise ValueError("first must be white or black")

    def _start(self, rules, players, first):
        self._rules = rules
        self.players = players
        self._reader = Reader(players)
        self.pos = Position(rules, first)
        if first != self.first:
            self.first = first
        self._lay = _layout(rules.geo)
        self._start_text = None
        self.moves = []
        self._ply0 = 0
        self._base_text = None
        self._new_id()
        self.remote = -1
        self._take = -1
        self._hold = -1
        self._forget()
        self._mode = PLAY
        self._pending = None
        self._undo_k = 0
        self._hint = None
        self._ended = None
        self._flash = 0
        self._refresh()
        self._save()
        if self._game:
            try:            # after the save: a cut before leaves the old game whole
                self.store.log_clear()
            except Exception as e:  # a failing store must not stop the game
                self.store_error = str(e)
        self._events.append({"type": "new_game", "rules": str(rules), "first": COLOURS[first],
                             "players": list(players)})

    def _refresh(self):
        """Recompute the cached legal-move tables and the outcome after a change."""
        self.result = self._ended or self.pos.outcome()
        _info(self.pos, self._tables, self.result)
        self._serial += 1

    def _forget(self):
        """Forget the path: the order of the changes, what was said, a capture that may
        be put back, a disturbed board."""
        self._took = 0
        self._note = ""
        self._far = False
        self._reader.forget()

    def _commit(self, m):
        pos = self.pos
        t = pos.turn
        text = pos.move_text(m)
        self._hold = -1
        hand = pos.hand[1 - t]
        self._forget()
        caps, ad = _masks(m)
        if ad and (m >> 5 & 31) != NONE:
            caps &= ~(1 << (m >> 5 & 31))
        if caps and self.players[t] == HUMAN:
            # read from lifts, a capture may be the next player's hand: say it
            self._took = caps
            self._note = "%s took %s. Wrong? Press Undo." % (CAPS[t], " ".join(self._names(caps)))
        pos.push(m)
        self.moves.append(text)
        self.remote = -1
        self._hint = None
        if self._aside is not None:
            self._aside = None
        mill = 0 if m & REMOVAL else _mills_through(pos.geo, pos.bb[t], m & 31)
        if mill:
            self._flash = mill
            self._flash_at = self._now
        if pos.hand[1 - t] < hand:    # placing_mill: hand -- a stone leaves a hand
            self._take = 1 - t
        self._refresh()
        self._save()
        self._events.append({"type": "move", "move": text, "by": COLOURS[t],
                             "record": self.moves})
        if self._take >= 0:
            self._events.append({"type": "take_from_hand", "colour": COLOURS[self._take]})
        if self.result is not None:
            self._events.append({"type": "result", "result": self.result.result(),
                                 "reason": self.result.reason})

    def _finish_undo(self):
        k = self._undo_k
        self._undo_k = 0
        self._mode = PLAY
        self._take_back(k, None)

    def _take_back(self, k, reason):
        """Take back the last ``k`` moves (an undo; ``reason`` "capture put back": the
        stones just captured were put straight back, the move's put stays)."""
        from board import takeback     # imported for the request and dropped again (heap)
        try:
            return takeback.take_back(self, k, reason)
        finally:
            forget("board.takeback")

    # ---- store ----------------------------------------------------------------
    # The saved game (docs/board_controller.md, "Saved game"): the state file holds
    # the position TAIL..2*TAIL-1 plies back (its text carries the repetition
    # history) and the moves since; older moves go to the store's append-only log
    # (``log_append`` / ``log_lines``), read only for the full record. Resuming
    # parses at most 2*TAIL-1 moves, whatever the game's length.
    def _record_bytes(self):
        rules, first, start = self.game_start()
        return saved_bytes(rules, first, start, self.moves,
                           (self._game, self._ply0, self._base_text) if self._ply0 else None, self._ended)

    def _save(self):
        if self.store is None:
            return
        if len(self.moves) >= 2 * TAIL and self._game:
            try:
                self._archive()
            except Exception as e:  # the state file then keeps more moves
                self.store_error = str(e)
        try:
            self.store.save(self._record_bytes())
            if self.store_error is not None:
                self.store_error = None
        except Exception as e:  # a failing store must not stop the game
            self.store_error = str(e)

    def _new_id(self):
        # an id for the store's log, not the previous game's (not from ``random``:
        # the game's own draws stay as they were); 0: a store without a log
        if self.store is not None and hasattr(self.store, "log_append"):
            self._game = ((self._game + 1) ^ (self._now << 4)) & 0x3FFFFFFF or 1

    def _archive(self):
        from board.gamelog import archive   # long games only: loaded when first needed
        self.pos, self._base_text, self._ply0, self.moves = archive(
            self.store, self._game, self._ply0, self.moves, self.pos, TAIL)
        self._refresh()

    def _load(self):
        """Load a stored game into ``pos`` and enter SETUP; False when none, or when it
        cannot be resumed: then it is set aside (``oldsaves.set_aside``). board/resume.py:
        its code is needed once, at power-up, and then freed."""
        st = self.store
        if st is None:
            return False
        f = getattr(st, "pieces", None)
        src = f(256) if f is not None else st.load()
        if not src:             # nothing saved: the reader's code is not even loaded
            return False
        from board.resume import load
        try:
            try:
                again = load(self, src, TAIL)
            except ValueError as e:     # resume.Unreadable: why it cannot be resumed
                from board.oldsaves import set_aside
                set_aside(self, str(e))
                return False
        finally:
            forget("board.resume", "board.savefile", "board.oldsaves", "board.gamelog")
        if again is None:
            return False
        if not self._game:      # no older moves in the log yet: any id will do
            self._new_id()
        self._mode = SETUP
        self._target = (self.pos.bb[0], self.pos.bb[1])
        if again:               # an earlier format: saved again in today's
            self._save()
        return True

    # ---- reading the board ----------------------------------------------------
    def _settle_hold(self, s):
        """The board changed while a move waited: play it when the change leaves its
        points alone (its stone stayed put), forget it when its stone moved on."""
        m = self._hold
        self._hold = -1
        rm, ad = _masks(m)
        pts = rm | ad
        if not (s ^ self._hold_s) & pts and self._mode == PLAY and m in self._L:
            self._commit(m)

    def _update(self):
        self._dirty = False
        v = None
        for _ in range(8):
            v = self._classify(self.settled)
            k = v.kind
            if k == "commit":
                if v.delay and self.commit_ms > 0:
                    S = self.settled
                    if self._hold != v.move or self._hold_s != S:
                        self._hold = v.move
                        self._hold_s = S
                        self._hold_at = self._now
                    if ticks_diff(self._now, self._hold_at) < self.commit_ms:
                        v.kind = "pending"
                        break
                self._hold = -1
                self._commit(v.move)
            elif k == "start":
                p = self._pending
                if p is None:
                    p = (self._rules, self.players, None)
                self._start(p[0], p[1], self._first(p[0], p[2]))
            elif k == "undone":
                self._finish_undo()
            elif k == "put_back":
                self._take_back(1, "capture put back")
            elif k == "resumed":
                self._mode = PLAY
                self._forget()
                self._events.append({"type": "resumed", "record": self.moves})
                if self.result is not None:
                    self._events.append({"type": "result", "result": self.result.result(),
                                         "reason": self.result.reason})
            else:
                break
        x = _extras(self.pos)
        if x is not None:
            x.explain(self.pos, v)
        self._view = v
        self._serial += 1
        if v.kind != "mistake" and self._mode == PLAY:
            self._good = self.settled
        if v.kind == "mistake":
            if v.code == "disturbed" and self._mode == PLAY:
                self._far = True
                self._took = 0    # a capture put back after a sweep is no straight put-back
            key = (v.bad_x, v.bad_m, v.what)
            if key != self._mkey:
                self._mkey = key
                ev = self._mistake_info(v)
                ev["type"] = "mistake"
                self._events.append(ev)
        elif self._mkey is not None:
            self._events.append({"type": "fixed"})
            self._mkey = None

    def _classify(self, S):
        mode = self._mode
        if mode == SETUP or mode == RESTORE:
            tw, tb = self._target
            T = tw | tb
            if S == T:
                return View("resumed" if mode == SETUP else "undone")
            v = View("setup" if mode == SETUP else "restore")
            v.remove = S & ~T
            v.place_w = tw & ~S
            v.place_b = tb & ~S
            return v
        if mode == CLEAR:
            if S == 0:
                return View("start")
            v = View("clear")
            v.remove = S
            return v
        pos = self.pos
        if self.result is not None:
            if S == 0:
                return View("start")
            v = View("over")
            v.remove = S & ~(pos.bb[0] | pos.bb[1])
            return v
        if self._take >= 0:
            return View("hand")
        E = pos.bb[0] | pos.bb[1]
        back = S & ~E
        if back and not back & ~self._took and S & E == E and not back & pos.marks:
            # stones just captured are back on their points: unless a legal
            # action of the next player reads so (a placement there), the
            # capturer's hand put them back, and that takes the capture back
            # (not on a marked point: a stone there is the mistake marked_point)
            v = self._reader.read(pos, S, self._tables, self.remote)
            return View("put_back") if v.kind == "mistake" else v
        if self._far and self.players[pos.turn] == HUMAN:
            if S == E or S == self._good:     # back at the position, or at the stage shown last
                self._far = False
            else:
                return self._reader.disturbed(pos, S)
        return self._reader.read(pos, S, self._tables, self.remote)
