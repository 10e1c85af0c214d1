"""main.py's boot on the fake machine (issue 12, findings 2, 3, 11, 15): the
watchdog after Ctrl-C and a soft reset, the crash-loop breaker, the boot log
and the power-up health check."""
import json
import os

import pytest

import hwfakes
from hwfakes import cfg, machine
import mainloop
from board import controller as controller_mod
from hw.bootlog import BootLog, LIMIT
from hw.store import FileStore

NAMES = __import__("hw").point_names()


@pytest.fixture
def board(monkeypatch, tmp_path):
    chain = hwfakes.fresh_chain()
    ser = hwfakes.FakeSerial()
    monkeypatch.setattr("hw.link.UsbLink.__init__.__defaults__",
                        (ser, ser, hwfakes.FakePoll(ser), 256, None, None, None))
    monkeypatch.chdir(tmp_path)
    hwfakes.fake_sleep(monkeypatch)
    return chain


def _ctrl_c_after(monkeypatch, n):
    """The n-th main-loop pass gets a Ctrl-C, raised inside the scanner's timer
    callback (where MicroPython would print and drop it)."""
    orig = mainloop.MainLoop.tick
    count = [0]

    def tick(self):
        orig(self)
        count[0] += 1
        if count[0] == n:
            import main
            sc = [t for t in machine.TIMERS if t.active][0]
            real = sc.callback.__self__.switches.scan

            def boom():
                raise KeyboardInterrupt
            sc.callback.__self__.switches.scan = boom
            machine.fire_timers()
            sc.callback.__self__.switches.scan = real
            assert main  # noqa
    monkeypatch.setattr(mainloop.MainLoop, "tick", tick)
    return count


def test_watchdog_after_ctrl_c_and_a_soft_reset(board, monkeypatch):
    """Finding 2 reproduced: a watchdog left counting (fed by a timer, as before)
    resets the board ~5 s after the soft reset that mpremote does; main.py now
    stops the watchdog on Ctrl-C, so nothing resets, however long the copy takes."""
    # the old way: the watchdog fed by a timer after Ctrl-C
    machine.reset_board()
    wdt = machine.WDT(timeout=5000)
    machine.Timer(-1, period=1250, mode=machine.Timer.PERIODIC, callback=lambda t: wdt.feed())
    machine.fire_timers()
    machine.soft_reset_board()          # mpremote cp / run: the timer is gone
    assert machine.elapse(6000) and machine.RESETS == ["watchdog"]
    # main.py: Ctrl-C from the scanner's callback reaches the loop, the watchdog stops
    hwfakes.fresh_chain()
    import main
    count = _ctrl_c_after(monkeypatch, 3)
    main.main()
    assert count[0] == 3                      # one Ctrl-C stopped the loop at once
    assert machine.WDTS and machine.WDTS[-1].feeds >= 2
    machine.soft_reset_board()
    assert not machine.elapse(60000) and machine.RESETS == []


def _save_a_game(moves=("d2", "d6", "b4")):
    st = FileStore(mainloop.GAME_FILE)
    c = controller_mod.Controller(rules="standard", players=("human", "human"), store=st)
    for t in moves:
        c._commit(c.pos.parse_move(t))
    return open(mainloop.GAME_FILE, "rb").read()


def _boot(cause=machine.PWRON_RESET):
    """One power-up of the fake board: main.main(); 'reset' when it ends in machine.reset()."""
    return hwfakes.power_up(cause)


def test_crash_loop_breaker_trips_and_keeps_the_saved_game(board, monkeypatch):
    """Finding 3: a repeatable error at load (MemoryError here) no longer resets the
    board forever: each boot logs it and resets; after LIMIT in a row the breaker
    skips the resume, blinks the error pattern, starts no watchdog, and the saved
    game's bytes are untouched. "ok" then tries again."""
    import main
    saved = _save_a_game()

    def broken_load(self):
        raise MemoryError("memory allocation failed, allocating 2048 bytes")
    monkeypatch.setattr(controller_mod.Controller, "_load", broken_load)
    monkeypatch.setattr(main, "SAFE_WAIT_MS", 300)
    ends = []
    for k in range(LIMIT):
        ends.append(_boot(machine.WDT_RESET if k else machine.PWRON_RESET))   # machine.reset() looks like one
        assert machine.WDTS == []            # the load comes before the watchdog
    assert ends == ["reset"] * LIMIT
    log = json.loads(open("boot.json").read().split("\n", 1)[1])
    assert log["streak"] == LIMIT and [e[1] for e in log["log"]][-2:] == ["reset", "error"]
    assert "MemoryError" in log["log"][-1][2]
    # the next boot: breaker tripped
    assert _boot(machine.WDT_RESET) == "returned"
    assert machine.WDTS == []
    corners = {NAMES.index(n) for n in main.ERROR_POINTS}
    frames = [hwfakes.decode_leds(data) for _, data in machine.STREAMS]
    assert set(frames[0]) == {main.STARTUP}              # the start-up pattern first
    red = [f for f in frames[1:] if any(c != (0, 0, 0) for c in f)]
    assert red and all(
        {i for i in range(24) if f[cfg.LED_INDEX[NAMES[i]]] != (0, 0, 0)} == corners for f in red)
    assert open(mainloop.GAME_FILE, "rb").read() == saved
    # "ok" pressed: the streak is forgotten and the board restarts
    monkeypatch.setattr(main, "SAFE_WAIT_MS", None)
    orig = main._sleep_ms

    def press_ok(ms):
        machine.set_level(cfg.BUTTON_PINS["ok"], 0)
        orig(ms)
    monkeypatch.setattr(main, "_sleep_ms", press_ok)
    assert _boot(machine.WDT_RESET) == "reset"
    assert BootLog(FileStore("boot.json")).data["streak"] == 0
    assert open(mainloop.GAME_FILE, "rb").read() == saved


def test_watchdog_resets_in_a_row_trip_the_breaker_and_a_healthy_run_clears_them(board):
    log = BootLog(FileStore("boot.json"))
    assert log.boot(machine.PWRON_RESET) == "power-on"
    for _ in range(LIMIT):
        assert not log.tripped()
        assert BootLog(FileStore("boot.json")).boot(machine.WDT_RESET) == "watchdog"
    log = BootLog(FileStore("boot.json"))
    assert log.tripped() and log.summary()["reset_cause"] == "watchdog"
    log.healthy()
    assert not BootLog(FileStore("boot.json")).tripped()
    # a crash, then the machine.reset() it asks for, counts once
    log = BootLog(FileStore("boot.json"))
    log.crash(ValueError("x"))
    log2 = BootLog(FileStore("boot.json"))
    assert log2.boot(machine.WDT_RESET) == "reset" and log2.data["streak"] == 1
    # a damaged boot log starts afresh
    with open("boot.json", "wb") as f:
        f.write(b"garbage")
    assert BootLog(FileStore("boot.json")).data["boots"] == 0


def test_health_check_lights_closed_switches_and_chain_faults(board, monkeypatch):
    import main
    import selftest
    from hw.switches import Switches
    chain = board
    sw = Switches(cfg)
    chain.set_switch(cfg.SWITCH_BIT["d2"], True)
    h = selftest.health(sw, ms=40)
    assert h["ok"] and h["closed"] == 1 << NAMES.index("d2") and h["chain"] == "ok"
    chain.open_data(None)
    h = selftest.health(sw, ms=40)
    assert not h["ok"] and "chain fault" in h["chain"]
    chain.close_data()
    # a chattering switch is counted
    flips = [0]

    def sleep(ms):
        flips[0] += 1
        chain.set_switch(cfg.SWITCH_BIT["f4"], flips[0] % 2)
    monkeypatch.setattr(selftest, "_sleep_ms", sleep)
    h = selftest.health(sw, ms=40)
    assert h["chatter"].get("f4", 0) >= 5 and not h["ok"]
    # main lights the closed switch of an empty board
    monkeypatch.setattr(main, "_sleep_ms", lambda ms: None)
    from hw.lights import Lights
    machine.STREAMS[:] = []
    d = {"lights": Lights(cfg)}
    main.show_health(d, {"chain": "ok", "chatter": {}, "closed": 1 << NAMES.index("d2")}, False)
    lit = [i for i, c in enumerate(hwfakes.decode_leds(machine.STREAMS[0][1])) if c != (0, 0, 0)]
    assert lit == [cfg.LED_INDEX["d2"]]


def test_selftest_reports_version_chain_errors_and_resets(board):
    import selftest
    from hw.switches import Switches
    from version import VERSION
    sw = Switches(cfg)
    log = BootLog(FileStore("boot.json"))
    log.boot(machine.WDT_RESET)
    board.open_data(1)
    r = selftest.check(sw, window_ms=1, bootlog=log)
    assert r["firmware"] == VERSION and r["chain_errors"] >= 1 and r["reset_cause"] == "watchdog"
    assert r["crash_streak"] == 1 and r["resets"][-1][1] == "watchdog"
    assert os.path.exists("boot.json")


def _pico_loop(board, players=("human", "human"), level=None, engine=None):
    """MainLoop on the Pico drivers of main.build() (fake machine), a fake clock."""
    import main
    import settings
    from hw.clock import Clock
    now = [0]
    d = main.build()
    d["clock"] = Clock(source=lambda: now[0])
    sstore = FileStore("settings.json")
    settings.save(sstore, dict(settings.defaults(), players=list(players),
                               level=level or settings.defaults()["level"]))
    loop = mainloop.MainLoop(d["sensors"], d["lights"], d["buttons"], d["clock"], d["store"],
                             sstore, d["link"], slice_ms=main.SLICE_MS, engine=engine)   # main.py's slice
    return loop, d, now


def _run_passes(monkeypatch, loop, d, n, each=None):
    """main.run on ``loop`` for ``n`` passes (then a Ctrl-C); ``each(k)`` after pass k.
    Returns the sleeps it asked for."""
    import main
    from hw.bootlog import BootLog
    slept = []
    monkeypatch.setattr(main, "_sleep_ms", slept.append)
    orig = mainloop.MainLoop.tick
    count = [0]

    def tick(self):
        orig(self)
        count[0] += 1
        if each is not None:
            each(count[0])
        if count[0] == n:
            raise KeyboardInterrupt
    monkeypatch.setattr(mainloop.MainLoop, "tick", tick)
    with pytest.raises(KeyboardInterrupt):
        main.run(loop, d, BootLog(None))
    monkeypatch.setattr(mainloop.MainLoop, "tick", orig)
    return slept


def test_chain_fault_in_play_shows_and_is_reported(board, monkeypatch):
    """Finding 15: an open data line in play blinks every LED magenta and sends one
    "chain" event; the game is untouched (no stones read); a mended line resumes."""
    loop, d, now = _pico_loop(board)
    ser = d["link"].out

    def each(k):
        now[0] += 130
        if k == 2:
            board.open_data(0)               # pulled low: once "24 stones", now a fault
        if k == 6:
            board.close_data()
    machine.fire_timers()
    d["sensors"].auto = False                 # scan on every read (no timer here)
    _run_passes(monkeypatch, loop, d, 8, each)
    events = [json.loads(x) for x in ser.written.split("\n") if x]
    chain = [e for e in events if e["type"] == "chain"]
    assert chain == [{"type": "chain", "ok": False}, {"type": "chain", "ok": True}]
    frames = [hwfakes.decode_leds(data) for _, data in machine.STREAMS]
    assert any(len(set(f)) == 1 and f[0] != (0, 0, 0) and f[0][1] == 0 for f in frames)   # magenta
    assert loop.controller.settled == 0 and loop.controller.plies == 0
    assert loop.overlay is None


def test_paced_loop_sleeps_when_idle_not_while_the_engine_thinks(board, monkeypatch):
    """Finding 8: main.py's loop sleeps after an idle pass to PASS_MS; no sleep while
    the computer thinks (its slice is the pace); the heap is collected by threshold."""
    import main
    loop, d, now = _pico_loop(board)
    assert _run_passes(monkeypatch, loop, d, 5) == [main.PASS_MS] * 4
    from engine import Engine
    eng = Engine(level=5, book=False)       # the book would answer the start at once: it thinks
    loop2, d2, now2 = _pico_loop(board, players=("computer", "human"), level=5, engine=eng)
    thinking = []
    slept = _run_passes(monkeypatch, loop2, d2, 6, lambda k: thinking.append(loop2.thinking()))
    assert any(thinking) and len(slept) == sum(1 for t in thinking[:5] if not t)
    assert not hasattr(mainloop, "GC_EVERY") and mainloop.GC_THRESHOLD > 0


def test_brightness_setting_reaches_the_leds(board, monkeypatch):
    import settings
    loop, d, now = _pico_loop(board)
    lights = d["lights"]
    _run_passes(monkeypatch, loop, d, 2)
    assert lights.brightness == settings.BRIGHTNESS[settings.DEFAULT_BRIGHTNESS - 1]
    assert loop.controller.budget_ma < 0 and lights.budget == cfg.LED_BUDGET_MA   # the driver caps
    loop.save_settings(dict(loop.settings, brightness=5))
    _run_passes(monkeypatch, loop, d, 2)
    assert lights.brightness == 255


def test_first_frame_before_the_engine_and_the_saved_game_and_play_before_the_engine(board, monkeypatch):
    """Issue 21, acceptance 5: at power-up the start-up pattern goes out before the
    saved game is parsed and before the engine is made; the game's own frame (here:
    the resumed game's stones to put back) is on the LEDs before the engine is made
    (the loop makes it ready a step per idle pass)."""
    import main
    import engine.engine as engine_mod
    _save_a_game()
    seen = {}
    orig_load = controller_mod.Controller._load

    def load(self):
        seen["load"] = [hwfakes.decode_leds(d) for _, d in machine.STREAMS]
        return orig_load(self)
    monkeypatch.setattr(controller_mod.Controller, "_load", load)
    orig_init = engine_mod.Engine.__init__

    def init(self, *a, **k):
        seen.setdefault("engine", [hwfakes.decode_leds(d) for _, d in machine.STREAMS])
        orig_init(self, *a, **k)
    monkeypatch.setattr(engine_mod.Engine, "__init__", init)
    _ctrl_c_after(monkeypatch, 12)
    assert _boot() == "returned"
    start = {main.STARTUP}
    assert seen["load"] and set(seen["load"][0]) == start              # lit before the parse
    assert "engine" in seen, "the loop made the engine ready"
    frames = seen["engine"]
    assert set(frames[0]) == start
    game = [f for f in frames[1:] if set(f) != start and f != [(0, 0, 0)] * 24]
    assert game, "the game's frame came before the engine"
