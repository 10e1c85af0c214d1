"""Issue 22: every earlier format of the saved game resumes (board/resume.py), in
bounded memory, with the game's own first player; the ends of every kind are
saved; a game that cannot be resumed is set aside, said and shown. Runs under
CPython (pytest) and the MicroPython unix port at a 192 KB heap (tests/mprun.py).

Formats (docs/board_controller.md, "Saved game"): 1 = the first firmware's one
file with every move; 2 = the state file (base + the last moves) with the older
moves in the log; 3 = today's (``[Format "3"]``). Formats 1 and 2 worked First
out from the number of plies."""
import gc
import sys

if "tools" not in sys.path:
    sys.path.append("tools")

import board.controller  # noqa: E402,F401  (code first, while the heap is young)
from board.controller import Controller, TAIL, SETUP, PLAY  # noqa: E402
import bench_resume as br  # noqa: E402
from morris import Position, Rules  # noqa: E402

MP = hasattr(gc, "mem_free")


def _collect():
    gc.collect()


def _older_moves_match(c, st, rules, plies, seed=1):
    """The log holds every older move as played, the kept moves the rest (read line by
    line: the list of every move needs a block this heap may lack)."""
    tag = ("%x" % c._game).encode()
    want = {}
    for line in st.log_lines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == tag:
            want[int(parts[1])] = parts[2]
            if len(want) > 64:        # bounded: check as we go
                break
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
    assert n == 1000 and b"Format" not in st.data and len(st.data) > 5000
    _collect()
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


def _parity_first(c):
    """The First tag the earlier firmware wrote: worked out from the plies."""
    return c.pos.turn if c.plies % 2 == 0 else 1 - c.pos.turn


def _defender_first_game(rules, plies, seed, store):
    """A Controller that played ``plies`` plies of ``rules`` (random, seeded) past
    the defender's first movement move, saving into ``store``."""
    c = Controller(rules=rules, players=("remote", "remote"), store=store)
    for m in br.long_game(rules, plies, seed):
        c._commit(m)
        c._take = -1
    return c


def _as_earlier_format(data, first):
    """Saved-game bytes of today's format as formats 1 / 2 wrote them: no Format tag,
    First ``first`` (0/1)."""
    out = []
    for line in data.decode().split("\n"):
        if line.startswith("[Format "):
            continue
        if line.startswith("[First "):
            line = '[First "%s"]' % ("white", "black")[first]
        out.append(line)
    return "\n".join(out).encode()


def test_defender_first_games_of_the_earlier_formats_resume_with_their_colours():
    """Finding 1 for games saved by the earlier firmware: their First was worked out
    from the plies, wrong once the defender moved twice running. Both the state file
    with every move and the one with the older moves in the log come back with the
    colours and the side to move they had."""
    for rules, plies, seed in (("nerenchi", 28, 2), ("da-san-qi", 36, 3), ("nerenchi", 3 * TAIL + 30, 1),
                               ("da-san-qi", 3 * TAIL + 30, 3)):
        _collect()
        st = br.MemStore()
        c = _defender_first_game(rules, plies, seed, st)
        assert c.result is None and c.pos.hand == [0, 0], (rules, c.pos.text())
        final = c.pos.text()
        record = c.record()
        wrong = _parity_first(c)
        assert wrong != 0          # the parity says black began: it was white
        st.data = _as_earlier_format(st.data, wrong)
        r = Controller(rules="standard", players=("remote", "remote"), store=st)
        assert r.pos.text() == final and r.game_start()[1] == "white" and r.record() == record, rules
        assert st.data.startswith(b'[Format "3"]') and b'[First "white"]' in st.data
        from morris.record import replay
        assert replay(r.export_record()).text() == final
        r = c = None


def test_resignation_and_draw_are_saved_and_resume_ended():
    """Finding 5: a resignation or an agreed draw was not in the saved game."""
    from morris import Outcome
    for end in ("resign", "draw"):
        _collect()
        st = br.MemStore()
        c = Controller(rules="standard", players=("human", "human"), store=st)
        for t in ("d2", "d6", "b4"):
            c._commit(c.pos.parse_move(t))
        assert c.resign() if end == "resign" else c.agree_draw()
        want = Outcome(0, "resignation") if end == "resign" else Outcome(None, "draw by agreement")   # black resigned
        r = Controller(rules="standard", players=("human", "human"), store=st)
        assert r.result == want and r.record() == ["d2", "d6", "b4"]
        occ = r.expected_occupancy()
        for t in (0, 200, 400):
            r.step(t, occ)
        assert r._mode == PLAY and r.result == want and r.status()["state"] == "over"
        rec = r.export_record()
        assert ('[Result "%s"]' % want.result()) in rec and want.reason in rec


def test_a_game_that_cannot_be_resumed_is_set_aside_said_and_shown():
    """Build: never a boot loop, never a lost game file: an unreadable saved game is
    kept under another name, a resume event says why, the corners blink until a
    button is pressed, and a new game starts."""
    from board import leds
    st = br.MemStore()
    st.data = b'[Format "3"]\n[Rules "standard"]\n[First "white"]\nd2 d2\n'
    kept = []

    def set_aside():
        kept.append(st.data)
        st.data = None
        return "game.rec.aside"
    st.set_aside = set_aside
    c = Controller(rules="standard", players=("human", "human"), store=st, budget_ma=-1)
    ev = c.events()
    assert ev[0]["type"] == "resume" and ev[0]["ok"] is False and ev[0]["kept"] == "game.rec.aside"
    assert "d2" in ev[0]["reason"] and "occupied" in ev[0]["reason"]
    assert kept == [b'[Format "3"]\n[Rules "standard"]\n[First "white"]\nd2 d2\n']
    assert c.plies == 0 and c._mode == PLAY and st.data is not None      # a new game, saved
    frame = c.step(0, 0)
    corners = [c.pos.geo.point(n) for n in ("a1", "g1", "a7", "g7")]
    lit = c.status()["lit"]
    assert [lit.get(n) for n in ("a1", "g1", "a7", "g7")] == ["aside"] * 4
    assert frame[corners[0]] in (leds.PALETTE[leds.ASIDE], leds.dim(leds.PALETTE[leds.ASIDE]))
    assert "could not be resumed" in c.status()["message"]
    c.step(50, 0, ["ok"])
    assert "aside" not in c.status()["lit"].values()
    # a store that cannot set it aside is never written to again
    st = br.MemStore()
    st.data = b'[Format "9"]\n[Rules "standard"]\n'
    c = Controller(rules="standard", players=("human", "human"), store=st)
    assert st.data == b'[Format "9"]\n[Rules "standard"]\n' and c.store is None
    assert "format 9" in c.events()[0]["reason"]
