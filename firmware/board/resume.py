"""Resuming a saved game at power-up (``Controller._load``), every format this
firmware wrote (docs/board_controller.md, "Saved game": formats 1-3), in bounded
memory. Imported once, then dropped. Kept short: compiled from source at a
fragmented heap, a long docstring is a long string token."""
from morris import Position, Rules, Outcome
from board.display import COLOURS
from board.gamelog import archive
from board.savefile import Unreadable, reader, moves_of, RESULTS

FORMAT = "3"        # the format this firmware writes


def load(c, src, tail):
    """Read controller ``c``'s saved game from its store into ``c`` (its position,
    moves, log id, base, start, first player and a requested end); ``src``: the
    store's ``pieces(n)`` iterator or its ``load()`` bytes, read first. Returns None
    when nothing is saved, else True when the game must be saved again in
    today's format (an earlier format, or moves moved to the log here), else
    False. Raises Unreadable naming why the game cannot be resumed (``c``
    unchanged but for its log id); MemoryError propagates (the boot's
    crash-loop breaker handles it: a stored game is never taken for unreadable
    for want of memory)."""
    opened = []
    try:
        return _load(c, src, tail, opened)
    except Unreadable:
        raise
    except OSError as e:
        raise Unreadable("the flash could not be read (%s)" % e)
    except UnicodeError:
        raise Unreadable("the saved game is not text (UTF-8)")
    except ValueError as e:             # an illegal move, a bad rules or position text
        raise Unreadable(str(e))
    except (KeyError, IndexError, TypeError):
        raise Unreadable("a damaged saved game")
    finally:
        for p in opened:              # the store's files, also when reading stopped early
            close = getattr(p, "close", None)
            if close is not None:
                close()


def _number(tags, name, base):
    """The number of tag ``name`` (0 when absent): ASCII digits only (hexadecimal for
    ``base`` 16)."""
    text = tags.get(name, "0")
    for ch in text:
        if not ("0" <= ch <= "9" or base == 16 and "a" <= ch <= "f"):
            raise Unreadable("a bad %s tag" % name)
    if not text or len(text) > 9:
        raise Unreadable("a bad %s tag" % name)
    return int(text, base)


def _ended(tags):
    """The Outcome of a game ended on request (Result / Termination tags), or None."""
    res = tags.get("Result")
    if res is None:
        return None
    if res not in RESULTS:
        raise Unreadable("a bad Result tag")
    return Outcome(None if res == RESULTS[2] else RESULTS.index(res), tags.get("Termination", "?"))


def _load(c, src, tail, opened):
    st = c.store
    head = reader(st, opened, src)
    if head is None:
        return None
    tags, it, first_move = head
    fmt = tags.get("Format")
    if fmt is not None and fmt != FORMAT:
        raise Unreadable("saved in format %s by another firmware (this one reads 1 to %s)" % (fmt, FORMAT))
    old = fmt is None
    if "Position" in tags:
        start = Position.from_text(tags["Position"])
        old = False         # its first player is its side to move: nothing to put right
    elif "Rules" in tags:
        first = tags.get("First", "white")
        if first not in COLOURS:
            raise Unreadable("a bad First tag")
        start = Position(Rules.parse(tags["Rules"]), COLOURS.index(first))
    else:
        raise Unreadable("no Rules tag")
    ply0 = _number(tags, "Ply", 10)
    game = _number(tags, "Game", 16)
    fix = old and start.rules.defender_first == "on"
    if ply0:
        if not game or "Base" not in tags:
            raise Unreadable("older moves in the log but no game id or base")
        pos = Position.from_text(tags["Base"])
        if pos.rules != start.rules:
            raise Unreadable("the base position's rules differ from the game's")
        base = tags["Base"]
    else:
        if fix:             # First was worked out from the plies: from the game's moves
            from board import oldsaves
            start = oldsaves.first_of(st, start, opened)
            tags, it, first_move = reader(st, opened)
            fix = False
        pos = start
        base = None
    first = start.turn      # before the replay: ``pos`` may be ``start``
    moves, pos, base, ply0, game, moved = _replay(c, st, moves_of(it, first_move), pos, base, ply0, game,
                                                  tail)
    if fix:                 # the older moves are in the log: the position tells
        from board import oldsaves
        first ^= oldsaves.double_move(pos)
    from board.reading import layout
    c._rules = pos.rules
    c.pos = pos
    c._lay = layout(pos.rules.geo)
    c._take = -1
    c.moves = moves
    c._ply0 = ply0
    c._game = game
    c._base_text = base
    c._start_text = tags.get("Position")
    if first != c.first:
        c.first = first
    c._ended = _ended(tags)
    c._refresh()
    return old or moved


def _replay(c, st, texts, pos, base, ply0, game, tail):
    """Play the saved moves ``texts`` on ``pos``; every 2 * ``tail`` kept moves the
    older ones go to the store's log (when it has one): bounded memory.
    (moves, pos, base text, ply0, game id, whether moves went to the log)."""
    moves = []
    moved = False
    log = getattr(st, "log_append", None) is not None
    for t in texts:
        m = pos.parse_move(t)
        moves.append(pos.move_text(m))
        pos.push(m)
        if len(moves) >= 2 * tail and log:
            if not game:        # the first move to the log: this game's id, a clean log
                c._new_id()
                game = c._game
                st.log_clear()
            pos, base, ply0, moves = archive(st, game, ply0, moves, pos, tail)
            moved = True
    return moves, pos, base, ply0, game, moved
