"""The Pico drivers' hot paths on the fake machine (tests/fake_machine/), under CPython
(pytest) and the MicroPython unix port (tests/mprun.py): a scan and a changed LED
frame allocate nothing (``micropython.heap_lock()``, where the interpreter has it),
Ctrl-C in the scanner's timer callback reaches the main loop, and every byte the
USB line can bring is survived."""
import sys

if "tests/fake_machine" not in sys.path:
    sys.path.insert(0, "tests/fake_machine")

import machine  # noqa: E402  (the fake)
import board_config as cfg  # noqa: E402
import hw.lights  # noqa: E402

hw.lights.FRAME_GAP_US = 0

try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython: the same code runs, allocation is not checked
    def heap_lock():
        pass

    def heap_unlock():
        return 0


def _switches(data):
    from hw.switches import Switches
    machine.reset_board()
    machine.RECORD = False
    sw = Switches(cfg)
    sw.spi = machine.StubSPI(data)
    sw.load = machine.StubPin()
    return sw


def _locked(fn):
    """``fn()`` with the heap locked (a call with ``*args`` would allocate itself)."""
    heap_lock()
    try:
        return fn()
    finally:
        heap_unlock()


def test_scan_allocates_nothing_good_or_faulty():
    # U3, U2, U1 all open but U1.A (a1) closed; then the right tail, then a wrong one
    sw = _switches(bytearray([0xFF, 0xFF, 0xFE, cfg.CHAIN_TAIL_BYTE]))
    for _ in range(3):
        occ = _locked(sw.scan)
    assert occ == 1 and not sw.fault and sw.scans == 3
    sw.spi.data[3] = 0x00
    occ = _locked(sw.scan)
    assert occ == 1 and sw.fault and sw.errors == 1


def test_scanner_tick_allocates_nothing():
    from hw.buttons import Buttons
    from hw.scanner import Scanner
    sw = _switches(bytearray([0xFF, 0xFF, 0xFF, cfg.CHAIN_TAIL_BYTE]))
    sc = Scanner(sw, Buttons(cfg), cfg.SCAN_HZ)
    tick = lambda: sc._tick(None)   # noqa: E731
    for _ in range(3):
        _locked(tick)
    assert sw.scans == 3


def test_changed_led_frames_allocate_nothing():
    from hw.lights import Lights
    machine.reset_board()
    machine.RECORD_STREAMS = False
    try:
        lights = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA, brightness=120, gamma=2.2)
        a = [(255, 255, 255)] * 24             # over budget: scaled too
        b = [(0, 0, 0)] * 24
        b[3] = (10, 200, 30)
        n = machine.FRAMES[0]
        shows = [lambda: lights.show(a), lambda: lights.show(b)]
        for k in (0, 1, 0, 1, 1):
            assert _locked(shows[k])
        assert machine.FRAMES[0] == n + 4      # the repeated frame is not resent
    finally:
        machine.RECORD_STREAMS = True


def test_brightness_and_gamma():
    from hw.lights import Lights, level_table
    machine.reset_board()
    lights = Lights(cfg, brightness=100, gamma=2.2)
    lights.show([(255, 128, 0)] * 24)
    data = machine.STREAMS[-1][1]
    # GRB on the wire: 255 -> the brightness, 128 -> about 0.22 of it, 0 -> 0
    assert data[0] == 22 and data[1] == 100 and data[2] == 0
    assert level_table(255, None) == bytearray(range(256))
    lights.set_brightness(50)
    lights.show([(255, 128, 0)] * 24)
    assert machine.STREAMS[-1][1][1] == 50


def test_ctrl_c_in_the_timer_callback_reaches_the_main_loop():
    from hw.scanner import Scanner

    class Boom:
        auto = False
        calls = 0

        def scan(self):
            self.calls += 1
            if self.calls == 2:
                raise KeyboardInterrupt

    sc = Scanner(Boom(), None, 250)
    sc._tick(None)
    sc.check()                      # nothing pending
    sc._tick(None)                  # Ctrl-C lands in the callback: kept, not lost
    try:
        sc.check()
        raised = False
    except KeyboardInterrupt:
        raised = True
    assert raised
    sc.check()                      # raised once only
