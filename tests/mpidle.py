"""Issue 26, acceptance 3: an idle pass of the Pico's main loop (main.run: MainLoop.tick
on the Pico drivers of main.build(), the link's flush, the chain-fault check, the
pace) allocates nothing -- measured with gc.mem_alloc() on the MicroPython unix port,
the drivers on the fake machine of tests/fake_machine, the USB link on a fake port
with ``ipoll``. (Before issue 26: 96 bytes a pass, select.poll().poll(0)'s list.)

    micropython -X heapsize=320k tests/mpidle.py [FIRMWARE_DIR]

(tests/test_idle_alloc.py runs it from the .mpy build; the fake machine, test
scaffolding, needs the larger heap as in tests/test_pico_game.py.) Prints
"IDLE <bytes per pass>" and "1 passed, 0 failed"; runs under CPython too (the
allocation is then not measured).

The second test counts what ``gc.threshold`` counts: MicroPython puts a function's
frame on the heap at every call when its locals and stack take more than 11
words (py/objfun.c, ``VM_MAX_STATE_ON_STACK``), frees it on return -- so
``gc.mem_alloc`` never sees it -- but adds it to the amount that makes the next
collection due: before this was measured a pass counted ~1 KB (a collection every
few passes at the loop's threshold, 13-23 ms each on the Pico). It prints
"FRAMES <idle> <thinking> <scan>": the bytes counted per still pass of main.run
(idle, and thinking with an engine that never ends) and per scanner tick (its
timer's callback): each less than one 16-byte block (measured over 90 passes: the
run's own start and stop count +-300 bytes as the heap lies)."""
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "firmware")
for _p in ("tests/fake_machine", "tools"):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import gc  # noqa: E402
import machine  # noqa: E402  (the fake)
import board_config as cfg  # noqa: E402
import hw  # noqa: E402
import hw.lights  # noqa: E402
from heap_counted import counted_bytes  # noqa: E402

hw.lights.FRAME_GAP_US = 0
hw.sys = machine.FakeSys

IDLE_ALLOC_BYTES = 0     # what an idle pass may allocate (the figure stated in docs/pico.md)
PASSES = 60


class _Port:
    """Both ends of the USB port: nothing comes in; everything written goes out."""

    def __init__(self):
        self.n = 0

    def readinto(self, buf):
        return 0

    def write(self, b):
        self.n += len(b)
        return len(b)


class _Poll:
    def ipoll(self, t=0):
        return ()


def test_an_idle_pass_allocates_nothing():
    gc.collect()
    import main                 # source, compiled here: its transient buffers go first
    gc.collect()
    import mainloop
    from hw.bootlog import BootLog
    from hw.clock import Clock
    from hw.link import UsbLink
    machine.reset_board()
    machine.RECORD = False
    machine.RECORD_STREAMS = False
    p = cfg.PINS
    machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS, ser=p["sr_tail"])
    port = _Port()
    link = UsbLink(inp=port, out=port, poller=_Poll(), out_ready=lambda: True)
    d = main.build(link=link)
    gc.collect()
    now = [0]
    d["clock"] = Clock(source=lambda: now[0])

    class Store:
        data = None

        def save(self, b):
            self.data = b

        def load(self):
            return self.data
    loop = mainloop.MainLoop(d["sensors"], d["lights"], d["buttons"], d["clock"], Store(), Store(),
                             link, slice_ms=main.SLICE_MS)
    from array import array
    seen = array("i", [0] * PASSES)
    k = [0]
    micro = hasattr(gc, "mem_alloc")

    def sleep(ms):              # main.run's pace after an idle pass: note the heap
        i = k[0]
        if micro:
            seen[i] = gc.mem_alloc()
        now[0] += 5
        k[0] = i + 1
        if i + 1 == PASSES:
            raise KeyboardInterrupt
    keep = main._sleep_ms
    main._sleep_ms = sleep
    try:
        gc.collect()
        if micro:
            gc.disable()
        try:
            main.run(loop, d, BootLog(None))
        except KeyboardInterrupt:
            pass
    finally:
        main._sleep_ms = keep
        gc.enable()
        machine.RECORD_STREAMS = True
    assert k[0] == PASSES
    if micro:
        per = [seen[i + 1] - seen[i] for i in range(10, PASSES - 1)]   # after the first frames
        print("IDLE %d" % max(per))
        assert max(per) <= IDLE_ALLOC_BYTES, per


FRAME_BYTES = 16    # a pass or tick counts less than a heap block (a frame on the heap is >= 80 bytes)


class _Stop(Exception):
    pass


class _Thinker:
    """An engine that thinks for ever at no cost; its ``left`` slices, then _Stop."""
    level = 3
    use_book = from_book = False
    nodes = depth = score = 0
    node_cap = ms = 1 << 20
    left = 0

    def set_level(self, level, *a):
        self.level = level

    def reserve(self):
        pass

    def start(self, pos):
        pass

    def step(self, ms):
        self.left -= 1
        if not self.left:
            raise _Stop
        return None


def test_no_pass_puts_a_frame_on_the_heap():
    import main
    import mainloop
    from hw.bootlog import BootLog
    from hw.clock import Clock
    machine.reset_board()
    machine.RECORD = False
    machine.RECORD_STREAMS = False
    link = UsbLink_(_Port())
    d = main.build(link=link)
    sw, bt = d["sensors"], d["buttons"]
    sw.spi = machine.StubSPI(bytearray([0xFF, 0xFF, 0xFF, 0]))   # a sound chain, allocation-free
    sw.load = machine.StubPin()
    bt.pins = [machine.StubPin() for _ in bt.pins]
    sc = d["scanner"]
    sw.auto = bt.auto = True
    for _ in range(3):
        sc._tick(None)
    now = [0]
    d["clock"] = Clock(source=lambda: now[0])
    left = [0]

    def sleep(ms):              # main.run's pace after an idle pass
        now[0] += ms
        left[0] -= 1
        if not left[0]:
            raise _Stop
    keep = main._sleep_ms
    main._sleep_ms = sleep
    micro = hasattr(gc, "mem_alloc")
    out = []
    try:
        for players in (("human", "human"), ("computer", "human")):
            eng = _Thinker()
            loop = mainloop.MainLoop(sw, d["lights"], bt, d["clock"], _Store(), _Store(players), link,
                                     slice_ms=main.SLICE_MS, engine=eng)

            def run(k):
                loop._still = 1          # the passes after a full pass: still ones (STILL_PASSES)
                loop._gc_due = False     # (the loop's own idle collection: not measured here)
                loop._gc_low = 0
                left[0] = eng.left = k
                try:
                    main.run(loop, d, BootLog(None))
                except _Stop:
                    pass
            for _ in range(3):           # the first passes: the game's frame, the brightness
                run(5)
            assert loop.thinking() == (players[0] == "computer")
            if micro:
                # 90 still passes less one (main.run's start, the stop's exception: the exception's
                # traceback is grown in place or moved as the heap lies, +-300 bytes a run)
                out.append((counted_bytes(lambda: run(91)) - counted_bytes(lambda: run(1))) / 90)

        def ticks():
            for _ in range(20):
                sc._tick(None)
        if micro:
            out.append(counted_bytes(ticks) / 20)
    finally:
        main._sleep_ms = keep
        machine.RECORD_STREAMS = True
    if micro:
        print("FRAMES %.0f %.0f %.0f" % tuple(out))
        assert max(out) < FRAME_BYTES, out


class _Store:
    """A store in memory (the settings: ``players``, the rest the defaults)."""

    def __init__(self, players=None):
        self.data = None
        if players is not None:
            import json
            import settings
            self.data = json.dumps(dict(settings.defaults(), players=list(players))).encode()

    def save(self, b):
        self.data = b

    def load(self):
        return self.data


def UsbLink_(port):
    from hw.link import UsbLink
    return UsbLink(inp=port, out=port, poller=_Poll(), out_ready=lambda: True)


if __name__ == "__main__":
    test_an_idle_pass_allocates_nothing()
    test_no_pass_puts_a_frame_on_the_heap()
    print("2 passed, 0 failed")
