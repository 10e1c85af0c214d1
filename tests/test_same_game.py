"""Issue 21, acceptance 2: one game on both sides. The board's MainLoop under the real
MicroPython interpreter (the .mpy build, emitted engine code) with its clock and the
engine's on the Pico timing model (host_sim/pico_timing.py: each part's cost from
tools/bench_pico_loop.py), and the simulator on the host, play one game each at
levels 3 and 5 with the same engine seed and the same human (tests/same_game.py's
``human_move``): the computer plays the same moves, because the node cap, not the
deadline, ends every search. A Pico four times slower than the model is cut by the
deadline and plays other moves: the comparison can fail."""
import subprocess

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim.sim import Simulation
from morris import Position
from mptools import ROOT, tool

import same_game

SEED = 5     # (a real-clock simulator on a loaded host can reach the deadline: not compared here)


def _board(mpy_build, level, slow=1):
    fw, _ = mpy_build
    r = subprocess.run([tool("micropython"), "-X", "heapsize=256k", "tests/same_game.py", fw, str(level),
                        str(SEED), str(slow)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = {}
    for line in r.stdout.splitlines():
        k, _, v = line.partition(" ")
        out[k] = v
    return out["MOVES"].split(), out["ENDED"].split(","), float(out["MAXPASS"])


def _simulator(level, pico_timing=False):
    sim = Simulation(players=("human", "computer"), level=level, manual_clock=True, seed=SEED,
                     pico_timing=pico_timing)
    try:
        sim.settle()
        for _ in range(4000):
            st = sim.board()
            if st["result"] is not None or len(st["record"]) >= same_game.MAX_PLIES:
                return st["record"]
            if st["turn"] == "white":
                pos = Position.from_text(st["position"])
                sim.play_by_hand(pos.move_text(same_game.human_move(pos)))
            elif st["remote"]:
                sim.play_by_hand(st["remote"])
            else:
                sim.step(20)
        raise AssertionError("the game did not end")
    finally:
        if sim.pico is not None:
            sim.pico.uninstall()


@pytest.mark.parametrize("level", [3, 5])
def test_the_board_with_the_pico_timing_and_the_simulator_play_the_same_game(mpy_build, level):
    """The simulator runs with the same timing model (its engine's deadline then counts
    modelled Pico time, not the host's, which a loaded machine would stretch)."""
    board, ended, longest = _board(mpy_build, level)
    assert "deadline" not in ended and "node_cap" in ended, ended
    assert len(board) >= 10
    assert _simulator(level, pico_timing=True) == board
    # the modelled passes: an engine slice and its pass, never a stall
    assert longest < 12, longest


def test_a_pico_slower_than_the_model_is_cut_by_the_deadline(mpy_build):
    """The comparison can fail: at four times the model's costs (about the loop before
    issue 21, where the engine got a quarter of the CPU) the deadline ends searches."""
    board, ended, _ = _board(mpy_build, 3, slow=4)
    assert "deadline" in ended, ended


def test_a_stone_put_changes_the_frame_within_settle_plus_20_ms_on_the_pico_timing():
    """Issue 21: a stone put -> the changed LED frame within settle + 20 ms, on the Pico
    timing model (the scanner's period, the paced passes and their modelled cost), at
    many phases of the put against the passes: the computer's lit move (a1, pulsing)
    carried out by putting its stone."""
    import json
    import sys
    sys.path.insert(0, "tests/firmware")
    import simdrivers as sd
    import mainloop
    import main
    import board_config as cfg
    from board import leds
    from host_sim import pico_timing
    lit = {leds.PALETTE[leds.REMOTE_TO], leds.dim(leds.PALETTE[leds.REMOTE_TO])}
    worst = 0
    for phase_us in range(0, 10000, 700):
        clock = pico_timing.PicoClock()
        sw = sd.Switches()
        sstore = sd.Store(json.dumps({"rules": "standard", "players": ["remote", "human"]}).encode())
        loop = mainloop.MainLoop(sw, sd.Lights(), sd.Buttons(), clock, sd.Store(), sstore, None,
                                 slice_ms=main.SLICE_MS)

        def step():
            clock.before_pass()
            loop.tick()
            clock.after_pass(loop.thought())
        a1 = loop.controller.position.geo.point("a1")
        while clock.us < 1300000:        # the loop settles into its still passes
            step()
        loop.controller.remote_move("a1")
        while clock.us < 2300000:
            step()
        assert tuple(loop.frame[a1]) in lit
        put_at = clock.us + phase_us
        scan_us = 1000000 // cfg.SCAN_HZ
        seen_at = (put_at // scan_us + 1) * scan_us       # the scanner's next scan sees it
        while clock.us < seen_at:
            step()
        sw.occ = 1 << a1                   # the scan's reading from now on
        while tuple(loop.frame[a1]) in lit:
            step()
            assert clock.us - put_at < 1000000
        assert loop.controller.plies == 1
        worst = max(worst, clock.us - put_at)
    print("stone put -> changed frame, worst of the phases: %.1f ms" % (worst / 1000))
    assert worst <= (cfg.SETTLE_MS + 20) * 1000, worst
