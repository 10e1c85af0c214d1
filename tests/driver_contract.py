"""The driver contracts (firmware/hw/__init__.py lists them), as checks any driver set must pass.

A *harness* builds one driver at a time together with the means to act on
its physical side, so the same checks run against the simulated drivers
(tests/test_drivers_sim.py) and, with a fake ``machine`` module, against the
Pico drivers. A harness provides:

- ``sensors()`` -> (driver, set_physical(mask))
- ``lights()`` -> (driver, emitted() -> list of the 24 (r, g, b) shown)
- ``buttons()`` -> (driver, press(name))
- ``clock(start)`` -> (driver, advance(ms)); ``start`` is the first tick value
- ``store()`` -> (driver, reopen() -> a new driver over the same storage)
- ``link()`` -> (driver, feed(text), take() -> list of lines written)

Every ``check_*`` function takes a harness and raises AssertionError on a
breach; ``CHECKS`` lists them all. Plain asserts only (no pytest import), so
the suite can also run under MicroPython.
"""
import time

POINTS = 24
FULL = (1 << POINTS) - 1
PERIOD = 1 << 30
BUTTON_NAMES = ("new", "undo", "hint", "ok")


def check_sensors_empty_and_single_points(h):
    """Nothing on the board reads 0; a stone on point i sets exactly bit i."""
    drv, set_physical = h.sensors()
    set_physical(0)
    assert drv.read() == 0
    for i in range(POINTS):
        set_physical(1 << i)
        v = drv.read()
        assert isinstance(v, int) and v == 1 << i, (i, v)
    set_physical(0)
    assert drv.read() == 0


def check_sensors_patterns(h):
    """Any pattern of stones reads back exactly, repeatably, below 2**24."""
    drv, set_physical = h.sensors()
    for mask in (FULL, 0x555555, 0xAAAAAA, 0x800001, 0x0F0F0F):
        set_physical(mask)
        assert drv.read() == mask
        assert drv.read() == mask
        assert 0 <= drv.read() < 1 << POINTS


def check_lights_show_exact_colours(h):
    """show(frame) puts exactly the frame's colours on the 24 LEDs."""
    drv, emitted = h.lights()
    frame = [(i * 10, 255 - i * 10, (i * 37) % 256) for i in range(POINTS)]
    drv.show(frame)
    assert [tuple(c) for c in emitted()[:POINTS]] == frame
    drv.show([(0, 0, 0)] * POINTS)
    assert [tuple(c) for c in emitted()[:POINTS]] == [(0, 0, 0)] * POINTS


def check_lights_copy_and_list_colours(h):
    """The driver copies the frame (a later change by the caller shows nothing)
    and accepts colours as lists as well as tuples, and extra status pixels."""
    drv, emitted = h.lights()
    frame = [[1, 2, 3] for _ in range(POINTS)]
    drv.show(frame)
    frame[0][0] = 99
    frame[5] = (7, 7, 7)
    got = [tuple(c) for c in emitted()[:POINTS]]
    assert got == [(1, 2, 3)] * POINTS, got[:6]
    drv.show([(4, 5, 6)] * POINTS + [(9, 9, 9)])
    assert [tuple(c) for c in emitted()[:POINTS]] == [(4, 5, 6)] * POINTS


def check_buttons_events_since_last_read(h):
    """read() returns the presses since the last read, in order, then nothing."""
    drv, press = h.buttons()
    assert list(drv.read()) == []
    for name in BUTTON_NAMES:
        press(name)
    assert list(drv.read()) == list(BUTTON_NAMES)
    assert list(drv.read()) == []
    press("undo")
    press("undo")
    assert list(drv.read()) == ["undo", "undo"]


def check_clock_ticks_and_diff(h):
    """ticks_ms() is an int in [0, 2**30) that advances with time; ticks_diff
    and ticks_add have MicroPython's wrap-around semantics."""
    drv, advance = h.clock(1000)
    t0 = drv.ticks_ms()
    assert isinstance(t0, int) and 0 <= t0 < PERIOD
    advance(250)
    t1 = drv.ticks_ms()
    d = drv.ticks_diff(t1, t0)
    assert 250 <= d < 250 + 1000, d
    assert drv.ticks_diff(t0, t1) == -d
    assert drv.ticks_diff(t0, t0) == 0
    assert drv.ticks_diff(3, PERIOD - 7) == 10
    assert drv.ticks_diff(PERIOD - 7, 3) == -10
    assert drv.ticks_add(PERIOD - 5, 10) == 5
    assert drv.ticks_diff(drv.ticks_add(t1, 12345), t1) == 12345


def check_clock_wraps(h):
    """Across the wrap-around the readings stay in range and diffs stay right."""
    drv, advance = h.clock(PERIOD - 100)
    t0 = drv.ticks_ms()
    advance(300)
    t1 = drv.ticks_ms()
    assert 0 <= t1 < PERIOD
    d = drv.ticks_diff(t1, t0)
    assert 300 <= d < 300 + 1000, d


def check_store_roundtrip(h):
    """A fresh store loads None; save then load returns the same bytes; a later
    save replaces; every byte value survives; clear() forgets."""
    drv, reopen = h.store()
    assert drv.load() is None
    drv.save(b"standard d2 d3")
    assert drv.load() == b"standard d2 d3"
    data = bytes(range(256)) * 8
    drv.save(data)
    assert drv.load() == data
    drv.save(b"")
    assert drv.load() == b""
    drv.save(b"x")
    drv.clear()
    assert drv.load() is None
    drv.save(b"kept")
    other = drv.scratch()           # the self-test's scratch store: its own storage
    other.save(b"scratch")
    assert other.load() == b"scratch" and drv.load() == b"kept"
    other.clear()
    assert drv.load() == b"kept"


def check_store_persists_and_failed_save_keeps_old(h):
    """Saved bytes survive a reopen (power cycle); a save that fails part way
    (bad data) leaves the previous content whole."""
    drv, reopen = h.store()
    drv.save(b"game one")
    again = reopen()
    assert again.load() == b"game one"
    try:
        again.save(None)
        failed = False
    except (TypeError, ValueError):
        failed = True
    assert failed
    assert reopen().load() == b"game one"


def check_link_lines(h):
    """read_line() never blocks: None when no whole line has arrived; whole
    lines come out in order without their line ends; write_line sends one line."""
    drv, feed, take = h.link()
    t = time.time()
    assert drv.read_line() is None
    assert time.time() - t < 0.5
    feed("sta")
    assert drv.read_line() is None
    feed("tus\r\nnew\nundo\n")
    assert drv.read_line() == "status"
    assert drv.read_line() == "new"
    assert drv.read_line() == "undo"
    assert drv.read_line() is None
    drv.write_line('{"type": "move", "move": "d2"}')
    drv.write_line("ok")
    assert take() == ['{"type": "move", "move": "d2"}', "ok"]
    assert take() == []


CHECKS = [v for k, v in sorted(globals().items()) if k.startswith("check_")]
