"""A whole game through the board's main loop, each pass timed (issue 21, acceptance 3).

    micropython tests/pass_bound.py FIRMWARE_DIR STORE_DIR

The board's MainLoop (simple drivers of tests/firmware/simdrivers.py, the
clock and the engine's on host_sim/pico_timing.py's model, so that every run
plays the same passes; the game
and settings stores as hw/store.py's FileStore on real files in STORE_DIR),
the human (tests/same_game.py's ``human_move``) against the computer at level
3 with its opening book, a ``state`` request every 7th computer move and a
``selftest`` every 11th. Prints per pass kind the longest loop's own time
("LONGEST <what> <us>"; a pass's engine slice is not counted: it is the
engine's time, not a stall; nor is a save's file-system time: the host's disk
is not the Pico's flash), "PASSES <n>" and every pass's time ("TIMES",
"KINDS"), "COLLECTED <n>" (passes in which the threshold collected: each timed less a
collection of the same heap), and "CAL <us>", the machine's pace: the least time of a fixed piece of the
rules core's work (``calibrate``), for tests/test_pass_bound.py to compare runs and to
scale its bound to the machine.
"""
import sys


def calibrate():
    """The least of 9 timings (us) of perft 2 from a placement position: the
    interpreter's pace on this machine, with the loop's kind of work."""
    from morris import Position, Rules
    from morris.perft import perft
    from morris.compat import ticks_us, ticks_diff
    pos = Position(Rules("standard"))
    for t in ("d2", "b4", "f4", "d6", "a1", "g7"):
        pos.push_text(t)
    best = 1 << 29
    for _ in range(9):
        t0 = ticks_us()
        perft(pos, 2)
        t = ticks_diff(ticks_us(), t0)
        best = t if t < best else best
    return best


def main(fw, store_dir):
    sys.path[:0] = [fw, "tests/firmware", "tests", "host_sim"]
    import json
    import gc
    import simdrivers as sd
    from hw.store import FileStore
    from morris.compat import ticks_us, ticks_diff
    import mainloop
    import settings
    import same_game
    from engine import Engine
    sstore = FileStore(store_dir + "/settings.json")
    settings.save(sstore, {"rules": "standard", "level": 3, "players": ["human", "computer"],
                           "learning": False})
    import pico_timing
    clock = pico_timing.PicoClock()      # the board's and the engine's clock: the same game every run
    sw = sd.Switches()
    link = sd.Link()
    eng = Engine(level=3, seed=3)
    eng.reserve()
    loop = mainloop.MainLoop(sw, sd.Lights(), sd.Buttons(), clock, FileStore(store_dir + "/game.rec"),
                             sstore, link, slice_ms=8, engine=eng)
    cal = calibrate()
    clock.install()
    longest = {}
    count = [0]
    collected = [0]
    times = [0] * 6000          # preallocated: the harness allocates nothing per pass
    kinds = bytearray(6000)
    gcs = []

    def step():
        clock.before_pass()
        a0 = gc.mem_alloc()
        t0 = ticks_us()
        loop.tick()
        t = ticks_diff(ticks_us(), t0)
        if gc.mem_alloc() < a0 and loop.stats.what != "gc":
            # MicroPython's threshold collected inside the pass (where depends on the heap's
            # layout, the paths of the build and the interpreter among it): the pass is timed
            # less a collection of the same heap, timed at once
            t1 = ticks_us()
            gc.collect()
            t -= ticks_diff(ticks_us(), t1)
            collected[0] += 1
        clock.after_pass(loop.thought())
        if loop.thought():
            t -= loop.stats.eng
        if loop.stats.what == "save":            # the file system's own time (the Pico: flash)
            t -= loop.stats.save_last
        if loop.stats.what == "gc":              # an idle pass's collection: counted apart
            gcs.append(loop.stats.gc_last)
            t -= loop.stats.gc_last
        what = loop.stats.what if loop.stats.what else "idle"
        if t > longest.get(what, 0):
            longest[what] = t
        i = count[0]
        if i < 6000:
            times[i] = t
            kinds[i] = ord(what[0])
        count[0] += 1
        if link.out:
            link.out = []

    def settle():
        for _ in range(90):
            step()

    def carry(m):
        from morris import NONE, move_parts
        to, frm, c1, c2 = move_parts(m)
        occ = sw.occ
        for p, on in ((frm, False), (to, True), (c1, False), (c2, False)):
            if p != NONE:
                occ = occ | 1 << p if on else occ & ~(1 << p)
                sw.occ = occ
                settle()
    c = loop.controller
    settle()
    computer = 0
    while c.result is None and c.plies < 100:
        if loop.players[c.position.turn] == "human":
            carry(same_game.human_move(c.position))
        elif c.remote >= 0:
            computer += 1
            if computer % 7 == 0:
                link.inbox.append('{"cmd": "state"}')
            if computer % 11 == 0:
                link.inbox.append('{"cmd": "selftest"}')
            carry(c.remote)
        else:
            step()
    for k in sorted(longest):
        print("LONGEST %s %d" % (k, longest[k]))
    print("PASSES %d" % count[0])
    n = min(count[0], 6000)
    print("TIMES " + " ".join(str(t) for t in times[:n]))
    print("KINDS " + "".join(chr(k) for k in kinds[:n]))
    print("SAVES %d" % loop.stats.saves)
    print("COLLECTED %d" % collected[0])
    print("GCS " + " ".join(str(t) for t in gcs))
    print("CAL %d" % min(cal, calibrate()))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
