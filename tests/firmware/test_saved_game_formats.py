"""Issue 22: the ends of every kind are saved and resume as ended; a saved game that
cannot be resumed is set aside, said and shown. Runs under CPython (pytest) and
the MicroPython unix port at a 192 KB heap (tests/mprun.py). The earlier formats:
tests/firmware/test_saved_game_upgrade.py (a 1,000-ply game of the first
firmware, bounded memory) and tests/test_game_survives.py (their first player);
the two interpreters read every saved game alike (tests/test_parsers_agree.py)."""
import gc
import sys

if "tools" not in sys.path:
    sys.path.append("tools")

import board.controller  # noqa: E402,F401  (code first, while the heap is young)
from board.controller import Controller, TAIL, PLAY  # noqa: E402
import bench_resume as br  # noqa: E402

MP = hasattr(gc, "mem_free")


def _collect():
    gc.collect()


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
