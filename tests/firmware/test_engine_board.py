"""The engine's compact board (engine/board.py) against the rules core.

Runs under CPython and, from .mpy files with the emitters compiled in, under
the MicroPython unix port (tests/test_micropython.py): perft and move lists
(in the same order) of the viper move generator / make-unmake must equal
morris.Position's for every preset and many option combinations, from the
start and from positions of random games (captures, flying, double and
triple captures, no_return, marks, hand captures, intervention, Lasker
moves, one-time mills, the defender first, full-board removals and
endings, repetition draws). tests/test_engine_reference.py checks the
reference counts of every preset."""
from morris import Position, Rules, PRESETS
from morris.compat import XorShift16
from morris.perft import perft
from engine.board import T_NONE, T_WIN, T_LOSS, T_DRAW, gen, push
from engine.probe import BoardProbe as Board
from engine.emit import emitted

# every preset, then options the presets do not combine
RULE_SETS = PRESETS + (
    "wikipedia+double_mill=two", "wikipedia+no_return=on",
    "wikipedia+double_mill=two+no_return=on", "standard+board=diagonals",
    "standard+stones=3+fly_at=0+lose_below=2", "standard+double_mill=each+capture=optional",
    "da-san-qi+protect_mills=strict+capture=optional", "el-filja+protect_mills=strict",
    "twelve+full_board=mill_count+protect_mills=unless_all", "mul-mulan+placing_mill=mark",
    "lasker+no_return=mill+defender_first=on", "dooz+mill_reuse=first_time_per_line",
    "one-time-mill+capture=optional+double_mill=two", "zhi-qi+protect_mills=strict+full_board=both_remove")


def _walk(rules_text, plies, seed, every=1):
    """Every ``every``-th position along a random game (xorshift-seeded); the
    same Position object, moved on between yields (use it before the next)."""
    pos = Position(Rules.parse(rules_text))
    rng = XorShift16(seed)
    for i in range(plies + 1):
        if i % every == 0:
            yield pos
        moves = pos.legal_moves
        if not moves:
            break
        pos.push(moves[rng.below(len(moves))])


def _outcome_code(pos):
    oc = pos._terminal()
    if oc is None:
        return T_NONE
    if oc.winner is None:
        return T_DRAW
    return T_WIN if oc.winner == pos.turn else T_LOSS


_BLOCKS = []


def _board(pos):
    """A board for ``pos``'s rules on one set of blocks for the whole module (a
    fragmented 192 KB heap under MicroPython has no room for a new set per rule set)."""
    import gc
    gc.collect()
    if not _BLOCKS:
        _BLOCKS.append(Board.blocks())
    return Board(pos.rules, _BLOCKS[0])


def _state(pos):
    return [pos.bb[0], pos.bb[1], pos.hand[0], pos.hand[1], pos.count[0], pos.count[1],
            pos.turn, pos.ncp, pos.p33, pos.used[0], pos.used[1], pos.forbid[0] + 1, pos.forbid[1] + 1,
            pos.zkey, pos.marks, pos.owe[0] + 8, pos.owe[1] + 8]


def _bstate(b):
    return list(b.S[0:14]) + list(b.S[18:21])


def test_perft_from_start_matches_rules_core():
    for rules in RULE_SETS:
        pos = Position(Rules.parse(rules))
        b = _board(pos).load(pos)
        for d in (1, 2):
            assert b.perft(d) == perft(pos, d), (rules, d)


def test_moves_terminal_and_perft_along_random_games():
    checked = 0
    for i, rules in enumerate(RULE_SETS):
        b = None
        for pos in _walk(rules, 300, 17 + i):
            if b is None:
                b = _board(pos)
            b.load(pos)
            want = []
            pos.generate(want)
            assert b.moves() == want, (rules, pos.text())
            assert b.terminal() == _outcome_code(pos), (rules, pos.text())
            if checked % 12 == 0:
                assert b.perft(2) == perft(pos, 2), (rules, pos.text())
            checked += 1
    assert checked > 2500


def test_push_pop_restore_state_and_keys():
    for rules in ("standard", "old-russian", "wikipedia+double_mill=two+no_return=on", "dooz",
                  "da-san-qi", "el-filja", "zhi-qi", "morabaraba", "one-time-mill", "mul-mulan", "lasker"):
        for pos in _walk(rules, 200, 5, 9):
            b = _board(pos).load(pos)
            before = list(b.S[0:21])
            for m in b.moves():
                pos.push(m)
                b.push(m)
                assert _bstate(b) == _state(pos), (rules, pos.text())
                assert b.terminal() == _outcome_code(pos), pos.text()
                assert b.pop() == m
                pos.pop()
                assert list(b.S[0:21]) == before


def test_repetition_draw_is_seen():
    # shuffle two stones back and forth: the third occurrence is a draw (standard)
    pos = Position.from_text("standard ..W/.../.W./B....B/.B./.../W.. w 0/0 6/0 0/0 -/- -")
    b = _board(pos).load(pos)
    for text in ("a1-d1", "a4-a7", "d1-a1", "a7-a4", "a1-d1", "a4-a7", "d1-a1", "a7-a4"):
        m = pos.parse_move(text)
        pos.push(m)
        b.push(m)
        assert b.terminal() == _outcome_code(pos), text
    assert b.terminal() == T_DRAW


def test_hot_functions_are_emitted_under_micropython():
    import sys
    if sys.implementation.name != "micropython":
        return
    assert emitted(gen) and emitted(push), "engine/board.py was not compiled with the emitters"


def test_viper_modules_repeat_the_board_offsets():
    # private consts (leading underscore) are compiled away by MicroPython: CPython checks them
    from engine import board, evaluate, search, turns, probe
    if not hasattr(board, "_BB"):
        return
    names = [n for n in dir(board) if n.startswith("_G_") or n in (
        "_BB", "_HAND", "_CNT", "_TURN", "_USED", "_MARKS", "_OWE", "_MOVES_SIZE")]
    assert len(names) >= 40
    for mod in (evaluate, search, turns, probe):
        for name in names:
            if hasattr(mod, name):
                assert getattr(mod, name) == getattr(board, name), (mod, name)
    assert turns._OVERFLOW == board.OVERFLOW and turns._SCRATCH == board.SCRATCH == search._MOVES_END
    assert board.SCRATCH + 40 == board._MOVES_SIZE
    assert turns._REMOVAL == board.REMOVAL == search._REMOVAL
    assert search._F_CRAMP == evaluate.F_CRAMP and evaluate.F_TEMPO == 9  # search reads F[9] and F[_F_CRAMP]
    from morris.position import REMOVAL
    assert board.REMOVAL == REMOVAL
    # the state block's regions follow each other
    assert board._UNDO >= 29 and board._UNDO_PLIES >= search.MAXPLY + 2  # after the search's slots 24..28
    assert board._HIST == board._UNDO + board._REC * board._UNDO_PLIES
    assert board._S_SIZE == board._HIST + 2 * board._HIST_KEYS


def test_search_rows_do_not_overlap():
    # engine/search.py's per-ply rows are slices of one block at private offsets
    # (compiled away by MicroPython: CPython checks them)
    from engine import search
    if not hasattr(search, "_R_A"):
        return
    names = ("A", "B", "A0", "D", "BEST", "BM", "IDX", "END", "KEY", "K1", "K2", "EXT", "NW", "RED", "THR",
             "SAME")
    offs = [getattr(search, "_R_" + n) for n in names]
    assert offs == [i * (search.MAXPLY + 2) for i in range(len(names))] and search._ROWS == len(names)


def test_rare_turns_load_only_for_their_rules():
    # engine/turns.py (removal-only turns, two or three captures) stays out of a classic game's RAM
    import sys
    if "engine.turns" in sys.modules:  # an earlier test of this run loaded it
        return
    Board(Rules("standard"))
    Board(Rules("wikipedia"))
    Board(Rules("six"))
    assert "engine.turns" not in sys.modules
    Board(Rules("dooz"))
    assert "engine.turns" in sys.modules
