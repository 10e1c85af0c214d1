"""Issue 12, finding 12: a saved game of any length resumes in bounded time and memory.

Games of 300, 600 and 1,000 plies under every preset without a draw rule
(old-russian, schmidt) are played through the controller's commit-and-save
path; then (under MicroPython) the heap is fragmented on purpose -- holes of
about 1 KB in Pico terms between kept blocks -- and a new controller resumes
the game: it must come back whole (same position, the full record from the
log, undo possible), parsing fewer than 2 * TAIL moves whatever the length
(the bound on its time; tools/bench_resume.py prints the times). Runs under
CPython (pytest) and the MicroPython unix port (tests/mprun.py)."""
import gc
import sys

if "tools" not in sys.path:
    sys.path.append("tools")

import board.controller  # noqa: E402,F401  (code first, while the heap is young)
from board.controller import TAIL  # noqa: E402
import bench_resume as br  # noqa: E402
import morris.writer  # noqa: E402,F401  (export_record's module, loaded while the heap is young)

MP = hasattr(gc, "mem_free")


def _resume_after_fragmenting(rules, plies):
    st, final, n = br.saved_game(rules, plies)
    assert n == plies, (rules, n)
    size = len(st.data)
    gc.collect()
    if MP:
        br.fragment_heap()
    c, _us = br.resume(rules, st)
    parsed = len(c.moves)
    text = c.pos.text()
    mode = c._mode
    c = None
    br.release()
    assert mode == board.controller.SETUP
    assert text == final
    assert parsed < 2 * TAIL and size < 200 + 20 * TAIL, (parsed, size)   # whatever the length
    # every older move is in the log, as played (read line by line here: the
    # list of 1,000 moves that record() builds needs a block this heap may lack)
    c, _us = br.resume(rules, st)
    tag = ("%x" % c._game).encode()
    older = c._ply0
    lines = st.log_lines()
    pos = br.Position(br.Rules.parse(rules))
    i = 0
    for m in br.long_game(rules, plies):
        if i < older:
            parts = next(lines).split()
            assert parts[0] == tag and int(parts[1]) == i and parts[2].decode() == pos.move_text(m), i
        else:
            assert c.moves[i - older] == pos.move_text(m), i
        pos.push(m)
        i += 1
        if i % 16 == 0:
            pos = pos.copy()
    assert i == plies and older + len(c.moves) == plies
    # undo reaches back into the kept moves
    c._mode = board.controller.PLAY
    assert c.undo()


def test_old_russian_300():
    _resume_after_fragmenting("old-russian", 300)


def test_old_russian_600():
    _resume_after_fragmenting("old-russian", 600)


def test_old_russian_1000():
    _resume_after_fragmenting("old-russian", 1000)


def test_schmidt_300():
    _resume_after_fragmenting("schmidt", 300)


def test_schmidt_600():
    _resume_after_fragmenting("schmidt", 600)


def test_schmidt_1000():
    _resume_after_fragmenting("schmidt", 1000)


def test_a_record_and_export_join_the_log_and_the_kept_moves():
    n = 2 * TAIL + 6
    st, final, _ = br.saved_game("old-russian", n)
    c, _us = br.resume("old-russian", st)
    assert c._ply0 >= TAIL
    text = c.export_record()          # first, on the tidiest heap: it replays every move
    gc.collect()
    from morris.record import split_record      # the readers (the board itself never loads them)
    tags, moves, result = split_record(text)
    text = None
    assert tags["Rules"] == "old-russian" and len(moves) == n
    rec = c.record()
    assert rec == moves
    pos = br.Position(br.Rules.parse("old-russian"))
    for t in rec:
        pos.push_text(t)
    assert pos.text() == final


def test_a_store_without_a_log_keeps_every_move():
    """The old format (no log: every move in the state file) still loads."""
    st, final, n = br.old_saved_game("schmidt", 40)
    c, _us = br.resume("schmidt", st)
    assert c.pos.text() == final and len(c.record()) == 40


def test_stones_in_place_at_power_up_resume_at_once():
    """Finding 16: with the stones already standing at power-up, ``gamelog.seed`` takes them
    as settled: the first step resumes the game, with no "put stones here" frame
    for a settle time first."""
    st, final, n = br.saved_game("schmidt", 20)
    c, _us = br.resume("schmidt", st)
    occ = c.expected_occupancy()
    from board.gamelog import seed
    seed(c, 5000, occ)
    c.step(5000, occ)
    assert c._mode == board.controller.PLAY and c.status()["state"] == "idle"
    ev = c.events()
    assert [e["type"] for e in ev][:1] == ["resumed"]
    # without the seed the same board waits a settle time, showing the stones to place
    c2, _us = br.resume("schmidt", st)
    c2.step(5000, occ)
    assert c2._mode == board.controller.SETUP
