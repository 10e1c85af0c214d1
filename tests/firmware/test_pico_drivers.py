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
import hw  # noqa: E402
import hw.lights  # noqa: E402

hw.lights.FRAME_GAP_US = 0
hw.sys = machine.FakeSys    # hw.chip() asks the fake board which chip it is

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
    sw.scan()                  # the constructor's scan met no chain: one scan to pass again
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
    sw = _switches(bytearray([0xFF, 0xFF, 0xFE, 0]))
    for _ in range(3):
        occ = _locked(sw.scan)
    assert occ == 1 and not sw.fault and sw.scans == 3
    e0 = sw.errors
    sw.spi.echo = False                  # the tail does not come back: a chain fault
    occ = _locked(sw.scan)
    assert occ == 1 and sw.fault and sw.errors == e0 + 1


def test_scanner_tick_allocates_nothing():
    from hw.buttons import Buttons
    from hw.scanner import Scanner
    sw = _switches(bytearray([0xFF, 0xFF, 0xFF, 0]))
    sc = Scanner(sw, Buttons(cfg), cfg.SCAN_HZ)
    tick = lambda: sc._tick(None)   # noqa: E731
    s0 = sw.scans
    for _ in range(3):
        _locked(tick)
    assert sw.scans == s0 + 3


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


class _Sys:
    """A ``sys`` whose ``implementation._machine`` is ``text`` (None: no such attribute)."""

    def __init__(self, text):
        class Impl:
            pass
        self.implementation = Impl()
        if text is not None:
            self.implementation._machine = text


class _Os:
    def __init__(self, text):
        class U:
            pass
        self.u = U()
        self.u.machine = text

    def uname(self):
        return self.u


def _stop_on(machine_text, via="sys"):
    """Start and stop the watchdog on a board MicroPython names ``machine_text`` (told
    by sys.implementation._machine, or with ``via`` "os" by os.uname().machine);
    returns (stop() result, mem32 writes)."""
    import hw
    from hw.watchdog import Watchdog
    saved = hw.sys, hw.os
    try:
        if via == "sys":
            hw.sys = _Sys(machine_text)
        else:
            hw.sys = _Sys(None)
            hw.os = _Os(machine_text)
        machine.reset_board()
        machine.MACHINE[0] = machine_text
        w = Watchdog(5000)
        w.feed()
        return w.stop(), list(machine.MEM_WRITES)
    finally:
        hw.sys, hw.os = saved


def test_watchdog_stop_writes_the_register_of_the_chip_it_finds():
    """Issue 26, acceptance 2: on a Pico 2 (RP2350) stop() clears ENABLE (bit 30) of
    CTRL at 0x400d8000, on a Pico (RP2040) at 0x40058000 -- by sys.implementation._machine
    or by os.uname().machine -- and on any other chip writes nothing (and says so);
    the fake board's watchdog stops only when the right register is written."""
    from hw import chip
    for via in ("sys", "os"):
        for text, addr in (("Raspberry Pi Pico with RP2040", 0x40058000),
                           ("Raspberry Pi Pico W with RP2040", 0x40058000),
                           ("Raspberry Pi Pico2 with RP2350", 0x400d8000),
                           ("Raspberry Pi Pico 2 W with RP2350", 0x400d8000),
                           ("Raspberry Pi Pico2 with RP2350-RISCV", 0x400d8000)):
            ok, writes = _stop_on(text, via)
            assert ok and len(writes) == 1 and writes[0][0] == addr, (text, via, writes)
            assert not writes[0][1] >> 30 & 1
            assert not machine.elapse(60000) and machine.RESETS == []
        for text in ("ESP32 module with ESP32", "Generic RP2040 clone", "linux [GCC 14.2.1] version", ""):
            ok, writes = _stop_on(text, via)
            assert not ok and writes == [], (text, via)
            assert machine.elapse(6000) and machine.RESETS == ["watchdog"]   # it keeps counting
    assert chip("Raspberry Pi Pico2 with RP2350") == "RP2350" and chip("Pico with RP2040") == "RP2040"
    assert chip("Adafruit Feather RP2040 with ESP32") is None and chip("x with RP2041") is None
