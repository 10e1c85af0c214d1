"""One game on the board's main loop with the Pico's timing (issue 21): MicroPython or CPython.

    micropython tests/same_game.py FIRMWARE_DIR LEVEL SEED [SLOW]

The board's ``MainLoop`` on simple drivers (tests/firmware/simdrivers.py), its
clock and the engine's on host_sim/pico_timing.py's model of the Pico (SLOW
multiplies every cost: 1 = the model); the computer (black, ``LEVEL``, engine
seed ``SEED``) against ``human_move``'s deterministic human (white), stone by
stone on the switches. Prints "MOVES <move texts>", "ENDED <how each search
ended>" and "MAXPASS <longest modelled pass, ms>". tests/test_same_game.py
plays the same game on the simulator and compares.
"""
import sys

SETTLE_MS = 120
COMMIT_MS = 250
MAX_PLIES = 120


def human_move(pos):
    """The human's move in ``pos``: a choice fixed by the position (both sides of the
    comparison then play the same human as long as the computer's moves agree)."""
    from morris.compat import XorShift16
    moves = pos.legal_moves
    r = XorShift16(pos.zkey ^ len(moves) * 7919)
    return moves[r.below(len(moves))]


def after(occ, m):
    """The occupancy after move ``m``."""
    from morris import NONE, move_parts
    to, frm, c1, c2 = move_parts(m)
    if frm != NONE:
        occ &= ~(1 << frm)
    if to != NONE:
        occ |= 1 << to
    for cap in (c1, c2):
        if cap != NONE:
            occ &= ~(1 << cap)
    return occ


def play(level, seed, slow=1):
    """The game's move texts, how each search ended, the longest pass (ms)."""
    import json
    import pico_timing
    import simdrivers as sd
    from engine import Engine
    import mainloop
    import stats
    clock = pico_timing.PicoClock(slow=slow)
    eng = Engine(level=level, seed=seed)
    eng.reserve()
    sstore = sd.Store(json.dumps({"rules": "standard", "level": level, "players": ["human", "computer"],
                                  "learning": False}).encode())
    sw = sd.Switches()
    import main
    loop = mainloop.MainLoop(sw, sd.Lights(), sd.Buttons(), clock, sd.Store(), sstore, None,
                             slice_ms=main.SLICE_MS, engine=eng)
    clock.install()
    ended = []
    longest = [0]

    def step():
        clock.before_pass()
        loop.tick()
        clock.after_pass(loop.thought())
        d = clock.us - clock._start
        if d > longest[0]:
            longest[0] = d

    def settle():
        t = clock.us + (SETTLE_MS + COMMIT_MS + 60) * 1000
        while clock.us < t:
            step()

    def carry(m):
        from morris import NONE, move_parts
        to, frm, c1, c2 = move_parts(m)
        occ = sw.occ
        if frm != NONE:
            occ &= ~(1 << frm)
            sw.occ = occ
            settle()
        if to != NONE:
            occ |= 1 << to
            sw.occ = occ
            settle()
        for cap in (c1, c2):
            if cap != NONE:
                occ &= ~(1 << cap)
                sw.occ = occ
                settle()
    c = loop.controller
    try:
        settle()
        guard = 0
        while c.result is None and c.plies < MAX_PLIES and guard < 200000:
            guard += 1
            n = c.plies
            if loop.players[c.position.turn] == "human":
                carry(human_move(c.position))
            elif c.remote >= 0:
                ended.append(stats.last_search(loop.stats)["ended_by"])
                carry(c.remote)
            else:
                step()
                continue
            if c.plies != n + 1:
                raise RuntimeError("move not taken at ply %d" % n)
    finally:
        clock.uninstall()
    return c.record(), ended, longest[0] / 1000


if __name__ == "__main__":
    fw, level, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    slow = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    sys.path[:0] = [fw, "tests/firmware", "host_sim"]
    moves, ended, longest = play(level, seed, slow)
    print("MOVES " + " ".join(moves))
    print("ENDED " + ",".join(e.replace(" ", "_") for e in ended))
    print("MAXPASS %.1f" % longest)
