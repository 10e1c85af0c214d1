"""Issue 26, acceptance 3: an idle pass of the Pico's main loop (main.run: MainLoop.tick
on the Pico drivers of main.build(), the link's flush, the chain-fault check, the
pace) allocates nothing -- measured with gc.mem_alloc() on the MicroPython unix port,
the drivers on the fake machine of tests/fake_machine, the USB link on a fake port
with ``ipoll``. (Before issue 26: 96 bytes a pass, select.poll().poll(0)'s list.)

    micropython -X heapsize=320k tests/mpidle.py [FIRMWARE_DIR]

(tests/test_idle_alloc.py runs it from the .mpy build; the fake machine, test
scaffolding, needs the larger heap as in tests/test_pico_game.py.) Prints
"IDLE <bytes per pass>" and "1 passed, 0 failed"; runs under CPython too (the
allocation is then not measured)."""
import sys

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else "firmware")
if "tests/fake_machine" not in sys.path:
    sys.path.insert(0, "tests/fake_machine")

import gc  # noqa: E402
import machine  # noqa: E402  (the fake)
import board_config as cfg  # noqa: E402
import hw  # noqa: E402
import hw.lights  # noqa: E402

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


if __name__ == "__main__":
    test_an_idle_pass_allocates_nothing()
    print("1 passed, 0 failed")
