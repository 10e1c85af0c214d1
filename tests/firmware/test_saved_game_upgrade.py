"""Issue 22, finding 4: an upgraded board keeps the first firmware's game.rec (every
move in one file); a 405-ply one gave MemoryError at a 192 KB heap. A 1,000-ply
one now resumes on a heap fragmented on purpose: replayed from the store in
pieces, its older moves going to the log as it goes, then saved again in
today's format. Its own module: under MicroPython each module runs in a fresh
192 KB interpreter (tests/test_micropython.py), and this game's generation is
the heaviest part. Runs under CPython (pytest) too."""
import gc
import sys

if "tools" not in sys.path:
    sys.path.append("tools")

import board.controller  # noqa: E402,F401  (code first, while the heap is young)
from board.controller import TAIL, SETUP  # noqa: E402
import bench_resume as br  # noqa: E402
from morris import Position, Rules  # noqa: E402

MP = hasattr(gc, "mem_free")


def _older_moves_match(c, st, rules, plies, seed=1):
    """The log holds every older move as played, the kept moves the rest (read line by
    line: the list of every move needs a block this heap may lack)."""
    tag = ("%x" % c._game).encode()
    pos = Position(Rules.parse(rules))
    lines = st.log_lines()
    i = 0
    for m in br.long_game(rules, plies, seed):
        text = pos.move_text(m)
        if i < c._ply0:
            parts = next(lines).split()
            while parts[0] != tag:
                parts = next(lines).split()
            assert int(parts[1]) == i and parts[2].decode() == text, (i, parts, text)
        else:
            assert c.moves[i - c._ply0] == text, i
        pos.push(m)
        i += 1
        if i % 16 == 0:
            pos = pos.copy()
    assert i == plies and c._ply0 + len(c.moves) == plies


def test_a_one_file_game_of_1000_plies_resumes_in_bounded_memory():
    """Finding 4: an upgraded board keeps the first firmware's game.rec; a 405-ply one
    gave MemoryError at a 192 KB heap. It is now replayed from the store in pieces,
    its older moves going to the log as it goes, on a heap fragmented on purpose."""
    st, final, n = br.old_saved_game("old-russian", 1000, log=True)
    assert n == 1000 and b"Format" not in st.chunks[0] and st.size() > 5000
    gc.collect()
    if MP:
        br.fragment_heap()
    c, _us = br.resume("old-russian", st)
    text = c.pos.text()
    mode = c._mode
    ply0 = c._ply0
    kept = len(c.moves)
    c = None
    br.release()
    assert mode == SETUP and text == final
    assert ply0 + kept == 1000 and kept < 2 * TAIL
    # saved again in today's format: a few hundred bytes, and it resumes the same
    assert st.data.startswith(b'[Format "3"]') and len(st.data) < 200 + 20 * TAIL
    c, _us = br.resume("old-russian", st)
    assert c.pos.text() == final and c._ply0 == ply0
    _older_moves_match(c, st, "old-russian", 1000)


def test_a_one_file_game_on_a_store_without_a_log_keeps_every_move():
    st, final, n = br.old_saved_game("schmidt", 40)
    c, _us = br.resume("schmidt", st)
    assert c.pos.text() == final and len(c.record()) == 40 and c._ply0 == 0
