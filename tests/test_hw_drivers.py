"""Pico drivers (firmware/hw/) against a fake machine/neopixel that records pin traffic.

Acceptance 1 of issue 6: a scan reads the right bits in the right order into
the right points; a frame writes the right bytes in LED wiring order; the
shared driver contract (tests/driver_contract.py) holds for the Pico drivers.
"""
import pytest

import hwfakes
from hwfakes import cfg, machine, fresh_chain, point_index, decode_leds
import driver_contract


@pytest.mark.parametrize("check", driver_contract.CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("use_spi", [True, False], ids=["spi", "bitbang"])
def test_pico_drivers_meet_the_contract(check, use_spi, tmp_path):
    check(hwfakes.PicoHarness(tmp_path, use_spi))


# ---- switches --------------------------------------------------------------

def _data_reads(start):
    return [v for (pin, op, v) in machine.TRAFFIC[start:] if pin == cfg.PINS["sr_data"] and op == "r"]


@pytest.mark.parametrize("use_spi", [False, True], ids=["bitbang", "spi"])
def test_scan_reads_bits_in_chain_order(use_spi):
    """After one SH/LD pulse the 32 bits come out U3.H first ... U1.A, then the
    tail pattern sent into U1's SER; each is sampled before the rising clock edge
    that shifts."""
    from hw.switches import Switches
    chain = fresh_chain()
    drv = Switches(cfg, use_spi=use_spi)
    # a pattern that tells every position apart: chip c input k low when (c*8+k) % 3 == 0
    for c in range(1, 4):
        for k, letter in enumerate("ABCDEFGH"):
            chain.set_input(c, letter, 0 if ((c - 1) * 8 + k) % 3 == 0 else 1)
    start = len(machine.TRAFFIC)
    tail = drv.sent[0]               # the tail byte this scan sends into U1's SER
    loads, edges = chain.loads, chain.edges
    drv.scan()
    traffic = machine.TRAFFIC[start:]
    ld, ck, dt = cfg.PINS["sr_load"], cfg.PINS["sr_clock"], cfg.PINS["sr_data"]
    # SH/LD pulse low then high before any clock or data
    assert traffic[0] == (ld, "w", 0) and traffic[1] == (ld, "w", 1)
    expected = []
    for c in (3, 2, 1):
        for k in range(7, -1, -1):
            expected.append(0 if ((c - 1) * 8 + k) % 3 == 0 else 1)
    expected += [(tail >> (7 - k)) & 1 for k in range(8)]
    assert _data_reads(start) == expected
    # every data read comes right before a rising clock edge, then the clock falls
    seq = [(p, op, v) for (p, op, v) in traffic[2:] if p in (ck, dt)]
    assert len(seq) == 32 * 3
    for i in range(32):
        assert seq[3 * i][:2] == (dt, "r")
        assert seq[3 * i + 1] == (ck, "w", 1)
        assert seq[3 * i + 2] == (ck, "w", 0)
    assert chain.edges - edges == 32 and chain.loads - loads == 1


@pytest.mark.parametrize("use_spi", [False, True], ids=["bitbang", "spi"])
def test_each_switch_lands_on_its_point(use_spi):
    """Every switch bit (chip, input) becomes the bit of the point board_config names."""
    from hw.switches import Switches
    chain = fresh_chain()
    drv = Switches(cfg, use_spi=use_spi)
    idx = point_index()
    assert drv.read() == 0
    for name, bit in cfg.SWITCH_BIT.items():
        chain.set_input(1 + bit // 8, "ABCDEFGH"[bit % 8], 0)   # closed: reads 0
        assert drv.read() == 1 << idx[name], name
        chain.set_input(1 + bit // 8, "ABCDEFGH"[bit % 8], 1)
    assert drv.read() == 0


def test_known_points_independently_of_the_table():
    """A few wiring facts from the hardware docs, checked by hand: U3.A is c3,
    U2.H is b4, U1.A is a1, U1.F is d7 (rules-core point numbers)."""
    from hw.switches import Switches
    chain = fresh_chain()
    drv = Switches(cfg)
    idx = point_index()
    for chip, letter, name in ((3, "A", "c3"), (2, "H", "b4"), (1, "A", "a1"), (1, "F", "d7")):
        chain.set_input(chip, letter, 0)
        assert drv.read() == 1 << idx[name], (chip, letter, name)
        chain.set_input(chip, letter, 1)
    assert idx["a1"] == 0 and idx["g7"] == 23


def test_broken_chain_keeps_last_good_scan():
    """Data stuck high (disconnected chain) fails the tail check: the scan is
    discarded, the last good occupancy stays and errors are counted."""
    from hw.switches import Switches
    chain = fresh_chain()
    drv = Switches(cfg)
    chain.set_switch(cfg.SWITCH_BIT["d2"], True)
    good = drv.read()
    assert good == 1 << point_index()["d2"]
    chain.read = lambda pin: 1          # QH line pulled high: tail reads 0xFF
    assert drv.read() == good
    assert drv.errors == 1 and drv.scans == 1


@pytest.mark.parametrize("use_spi", [False, True], ids=["bitbang", "spi"])
@pytest.mark.parametrize("level", [None, 0, 1], ids=["floating", "pulled-low", "pulled-high"])
def test_open_data_line_is_a_chain_fault_never_stones(use_spi, level):
    """Issue 12, finding 1: with the data line cut (floating to the pad's pull,
    pulled low or pulled high from outside) no scan yields stones; every scan is a
    chain fault, and the first good scan after mending clears it."""
    from hw.switches import Switches
    chain = fresh_chain()
    drv = Switches(cfg, use_spi=use_spi)
    assert machine.PULLS[cfg.PINS["sr_data"]] == machine.Pin.PULL_UP
    assert drv.read() == 0 and not drv.fault
    chain.open_data(level)
    for _ in range(5):
        assert drv.read() == 0
    assert drv.fault and drv.errors == 5 and drv.scans == 1
    chain.close_data()
    chain.set_switch(cfg.SWITCH_BIT["d2"], True)
    assert drv.read() == 1 << point_index()["d2"] and not drv.fault


def test_a_grounded_ser_is_a_chain_fault():
    """U1's SER tied to GND (the old wiring) reads 0x00 as the tail: a fault."""
    from hw.switches import Switches
    machine.reset_board()
    p = cfg.PINS
    machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS)
    drv = Switches(cfg)
    drv.read()
    assert drv.fault and drv.got[3] == 0


def test_scanner_runs_from_a_timer_at_scan_hz():
    """The Scanner starts a periodic timer at SCAN_HZ (>= 200 Hz); read() then
    returns the latest timer scan without pin traffic."""
    from hw.switches import Switches
    from hw.buttons import Buttons
    from hw.scanner import Scanner
    from hw.clock import Clock
    chain = fresh_chain()
    sw = Switches(cfg)
    now = [0]
    bt = Buttons(cfg, clock=Clock(source=lambda: now[0]))
    sc = Scanner(sw, bt, cfg.SCAN_HZ)
    sc.start()
    assert cfg.SCAN_HZ >= 200
    assert len(machine.TIMERS) == 1 and machine.TIMERS[0].freq == cfg.SCAN_HZ
    chain.set_switch(cfg.SWITCH_BIT["g7"], True)
    n = len(machine.TRAFFIC)
    assert sw.read() == 0 and len(machine.TRAFFIC) == n   # no scan yet: old state
    machine.fire_timers()
    assert sw.read() == 1 << point_index()["g7"]
    machine.set_level(cfg.BUTTON_PINS["hint"], 0)
    for _ in range(9):                      # 9 timer ticks, 4 ms apart: 32 ms
        machine.fire_timers()
        now[0] += 1000 // cfg.SCAN_HZ
    assert bt.read() == ["hint"]
    assert bt.held_ms("hint") == 9 * 1000 // cfg.SCAN_HZ
    sc.stop()
    assert not machine.TIMERS[0].active and not sw.auto


# ---- lights ----------------------------------------------------------------

def test_frame_bytes_follow_led_wiring_and_colour_order():
    """The bytes on the wire are, LED by LED along the chain, G R B of the point
    wired there: LED 0 is c3, LED 8 is b4, LED 23 is d7."""
    from hw.lights import Lights
    machine.reset_board()
    drv = Lights(cfg)
    idx = point_index()
    frame = [(i + 1, 100 + i, 200 + i) for i in range(24)]
    drv.show(frame)
    (pin, data), = machine.STREAMS
    assert pin == cfg.PINS["led_data"] and len(data) == 72
    for led, name in ((0, "c3"), (8, "b4"), (23, "d7")):
        p = idx[name]
        assert data[3 * led:3 * led + 3] == bytes([100 + p, p + 1, 200 + p])  # G, R, B
    leds = decode_leds(data)
    for name, p in idx.items():
        assert leds[cfg.LED_INDEX[name]] == frame[p]


def test_unchanged_frames_are_not_rewritten_but_refreshed():
    from hw.lights import Lights
    machine.reset_board()
    drv = Lights(cfg, refresh=5)
    frame = [(1, 2, 3)] * 24
    for _ in range(5):
        drv.show(frame)
    assert len(machine.STREAMS) == 1
    drv.show(frame)
    assert len(machine.STREAMS) == 2      # the periodic refresh
    drv.show([(0, 0, 0)] * 24)
    assert len(machine.STREAMS) == 3


def test_budget_safety_net_scales_over_budget_frames():
    """With budget_ma set, a full-white frame is scaled within the budget (hues
    kept); a frame within budget passes unchanged."""
    from hw.lights import Lights
    machine.reset_board()
    drv = Lights(cfg, budget_ma=cfg.LED_BUDGET_MA)
    drv.show([(255, 255, 255)] * 24)
    data = machine.STREAMS[-1][1]
    ma = sum(data) * cfg.LED_MA_PER_CHANNEL / 255
    assert ma <= cfg.LED_BUDGET_MA and len(set(data)) == 1
    small = [(cfg.BRIGHTNESS_CAP, 0, 0)] * 24
    drv.show(small)
    assert set(decode_leds(machine.STREAMS[-1][1])) == {(cfg.BRIGHTNESS_CAP, 0, 0)}


def test_channel_order():
    from hw.lights import channel_order
    assert channel_order("GRB") == (1, 0, 2, 3)
    assert channel_order("RGB") == (0, 1, 2, 3)
    with pytest.raises(ValueError):
        channel_order("RGG")


# ---- buttons, watchdog ---------------------------------------------------------

def _buttons():
    from hw.buttons import Buttons
    from hw.clock import Clock
    machine.reset_board()
    now = [0]
    return Buttons(cfg, clock=Clock(source=lambda: now[0])), now


def test_buttons_ignore_bounce_shorter_than_debounce():
    bt, now = _buttons()
    pin = cfg.BUTTON_PINS["undo"]
    for _ in range(20):            # contact bounce: never stable long enough
        machine.set_level(pin, 0)
        bt.poll()
        now[0] += 4
        machine.set_level(pin, 1)
        bt.poll()
        now[0] += 4
    assert list(bt.read()) == []
    machine.set_level(pin, 0)
    for _ in range(7):             # 28 ms of samples: not yet
        bt.poll()
        now[0] += 4
    assert list(bt.read()) == []   # read() samples too: 28 ms
    now[0] += 4
    bt.poll()                      # 32 ms
    assert bt.read() == ["undo"]
    for _ in range(100):
        bt.poll()
        now[0] += 4
    assert list(bt.read()) == []    # held: one press only
    assert bt.held_ms("undo") == 32 + 100 * 4
    with pytest.raises(KeyError):
        bt.held_ms("eject")


def test_buttons_count_time_not_samples():
    """Issue 26, finding 3: while the engine thinks the timer's samples come late and
    then back to back; a press counts after BUTTON_DEBOUNCE_MS by the clock, never
    after a number of samples -- and a long wait between samples does not shorten it."""
    bt, now = _buttons()
    pin = cfg.BUTTON_PINS["ok"]
    machine.set_level(pin, 0)
    bt.poll()                       # first seen pressed at t = 0
    for _ in range(50):             # 50 samples back to back within 15 ms
        bt.poll()
    now[0] += 15
    bt.poll()
    assert list(bt.read()) == [] and bt.held_ms("ok") == 0
    now[0] += cfg.BUTTON_DEBOUNCE_MS - 15
    bt.poll()
    assert bt.read() == ["ok"] and bt.held_ms("ok") == cfg.BUTTON_DEBOUNCE_MS
    # released: a 20 ms gap between two samples of the release is not enough either
    machine.set_level(pin, 1)
    bt.poll()
    now[0] += 20
    bt.poll()
    assert bt.held_ms("ok") > 0     # still down: released only 20 ms ago
    now[0] += 10
    bt.poll()
    assert bt.held_ms("ok") == 0


def test_button_presses_allocate_nothing_until_read():
    bt, now = _buttons()
    for name in ("new", "hint", "undo", "ok"):
        machine.set_level(cfg.BUTTON_PINS[name], 0)
        for _ in range(10):
            bt.poll()
            now[0] += 4
        machine.set_level(cfg.BUTTON_PINS[name], 1)
        for _ in range(10):
            bt.poll()
            now[0] += 4
    assert bt.read() == ["new", "hint", "undo", "ok"] and bt.read() == ()


def test_watchdog_feed_and_stop():
    from hw.watchdog import Watchdog
    machine.reset_board()
    w = Watchdog(5000)
    w.feed()
    w.feed()
    assert machine.WDTS[0].feeds == 2 and machine.WDTS[0].timeout == 5000
    assert not machine.elapse(4000)
    w.feed()
    w.stop()
    assert not machine.elapse(60000) and machine.RESETS == []
    with pytest.raises(ValueError):
        Watchdog(20000)


def test_board_config_table_is_complete():
    from hw import point_table
    leds, bits = point_table(cfg)
    assert sorted(leds) == list(range(24)) and sorted(bits) == list(range(24))


# ---- the USB link: bytes in, queued non-blocking lines out --------------------------

class _SlowPort:
    """An output port whose host may stop reading: ``ready`` False (CDC buffer full),
    ``slow_ms`` > 0 (a write blocks that long on the fake clock)."""

    def __init__(self, clock):
        self.clock = clock
        self.ready = True
        self.slow_ms = 0
        self.raw = b""

    @property
    def text(self):
        return self.raw.decode()

    def write(self, s):
        self.clock[0] += self.slow_ms
        self.raw += bytes(s)
        return len(s)


def _link(port, clock):
    from hw.link import UsbLink

    class Clock:
        def ticks_ms(self):
            return clock[0]
    ser = hwfakes.FakeSerial()
    return UsbLink(inp=ser, out=port, poller=hwfakes.FakePoll(ser), out_ready=lambda: port.ready,
                   clock=Clock())


def _flush_all(lk, clock, passes=400):
    for _ in range(passes):
        lk.flush()
        clock[0] += 5


def test_link_writes_never_wait_for_a_host_that_stopped_reading():
    """Finding 9: lines queue while the port takes nothing, the oldest MAX_QUEUE are
    kept and the rest counted; a write that blocked (a port that says it is ready
    and then waits) stops writing for RETRY_MS; when the host reads again the queue
    goes out, led by a "dropped" line."""
    from hw import link as link_mod
    clock = [0]
    port = _SlowPort(clock)
    lk = _link(port, clock)
    lk.write_line('{"a": 1}')
    assert port.text == '{"a": 1}\n' and lk.chunk == 1
    port.ready = False
    for i in range(link_mod.MAX_QUEUE + 5):
        lk.write_line('{"n": %d}' % i)
    assert port.text == '{"a": 1}\n' and lk.dropped == 5 and len(lk.queue) == link_mod.MAX_QUEUE
    port.ready = True
    port.slow_ms = 500                        # the CDC TX timeout: one write blocks
    lk.flush()
    assert lk.stalls == 1 and clock[0] == 500
    n = len(port.raw)
    for _ in range(10):
        lk.flush()
        clock[0] += 100
    assert len(port.raw) == n                 # nothing written during RETRY_MS
    port.slow_ms = 0
    clock[0] += link_mod.RETRY_MS
    _flush_all(lk, clock)
    lines = port.text.split("\n")
    assert '{"type": "dropped", "lines": 5}' in lines
    assert lines[-2] == '{"n": %d}' % (link_mod.MAX_QUEUE - 1) and lk.queue == []


def test_link_flush_writes_a_bounded_piece_a_pass():
    """A long reply goes out over several passes (FLUSH_BYTES each), whole."""
    from hw import link as link_mod
    clock = [0]
    port = _SlowPort(clock)
    lk = _link(port, clock)
    text = '{"type": "state", "record": "%s"}' % ("d2 d6 " * 100)
    lk.write_line(text)
    assert len(port.raw) == link_mod.FLUSH_BYTES
    lk.flush()
    assert len(port.raw) == 2 * link_mod.FLUSH_BYTES
    _flush_all(lk, clock)
    assert port.text == text + "\n"


def test_link_reads_bytes_not_text():
    """Finding 13 and issue 26, finding 6: a byte that is not UTF-8 or a lone lead
    byte never raises in the port or waits; each line comes out once, and a line
    that is not UTF-8 anywhere raises ValueError (the protocol's error reply)."""
    from hw.link import UsbLink

    class Bytes:
        def __init__(self, data):
            self.data = data

        def readinto(self, buf):
            if not self.data:
                return 0
            buf[0] = self.data[0]
            self.data = self.data[1:]
            return 1

    class Poll:
        def __init__(self, src):
            self.src = src

        def ipoll(self, t=0):
            return iter([(self.src, 1)] if self.src.data else [])
    src = Bytes(b"\xe9\n\xff\r\n\xf0\nd\xc3\xa9j\xc3\xa0\n" + b"x" * 300 + b"\nnext")
    lk = UsbLink(inp=src, out=hwfakes.FakeSerial(), poller=Poll(src))
    got = []
    for _ in range(20):
        try:
            line = lk.read_line()
        except ValueError as e:
            line = "error: %s" % e
        if line is not None:
            got.append(line)
    assert got == ["error: line is not UTF-8"] * 3 + ["d\u00e9j\u00e0", "error: line too long (max 256 bytes)"]
    assert lk.n == 4     # "next" waits for its end
