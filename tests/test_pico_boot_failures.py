"""Issue 26, acceptance 4: a boot that fails at any of its steps ends in the crash-loop
breaker (its log, then safe mode's red corners), never a dark board, and a Ctrl-C at
any step leaves no timer running. main.main() on the fake machine (tests/fake_machine):
each step in turn raises MemoryError at every boot."""
import json

import pytest

import hwfakes
from hwfakes import cfg, machine
import mainloop
from hw.bootlog import LIMIT

NAMES = __import__("hw").point_names()

# step -> (module path, attribute): what raises at that step
STEPS = {
    "engine": ("engine.engine", "Engine.reserve"),
    "build": ("main", "build"),
    "switches": ("hw.switches", "Switches.__init__"),
    "lights": ("hw.lights", "Lights.__init__"),
    "buttons": ("hw.buttons", "Buttons.__init__"),
    "link": ("hw.link", "UsbLink.__init__"),
    "scanner": ("hw.scanner", "Scanner.start"),
    "maintenance probe": ("main", "maintenance_requested"),
    "health check": ("selftest", "health"),
    "health lights": ("main", "show_health"),
    "game load": ("board.controller", "Controller._load"),
    "main loop": ("mainloop", "MainLoop.__init__"),
    "seed": ("board.gamelog", "seed"),
    "watchdog": ("hw.watchdog", "Watchdog.__init__"),
    "run": ("main", "run"),
}


@pytest.fixture
def board(monkeypatch, tmp_path):
    ser = hwfakes.FakeSerial()
    monkeypatch.setattr("hw.link.UsbLink.__init__.__defaults__",
                        (ser, ser, hwfakes.FakePoll(ser), 256, None, None, None))
    monkeypatch.chdir(tmp_path)
    hwfakes.fake_sleep(monkeypatch)
    import main
    monkeypatch.setattr(main, "SAFE_WAIT_MS", 300)
    return main


def _boot(main, cause):
    return hwfakes.power_up(cause)


def _target(step):
    """(object, attribute name) that does the work of ``step``."""
    import importlib
    mod, attr = STEPS[step]
    owner = importlib.import_module(mod)
    if "." in attr:
        cls, attr = attr.split(".")
        owner = getattr(owner, cls)
    return owner, attr


def _break(monkeypatch, step):
    owner, attr = _target(step)

    def broken(*a, **k):
        raise MemoryError("memory allocation failed, allocating 4096 bytes (%s)" % step)
    monkeypatch.setattr(owner, attr, broken)


def _lit(frames):
    """The frames with a lit LED, but the start-up pattern (main.STARTUP on every LED,
    sent before the boot's first step)."""
    import main
    start = tuple(main.STARTUP)
    return [f for f in frames if any(c != (0, 0, 0) for c in f)
            and not all(tuple(c) == start for c in f)]


@pytest.mark.parametrize("step", sorted(STEPS))
def test_a_boot_failing_at_each_step_ends_in_the_breaker_never_dark(board, monkeypatch, step):
    main = board
    if step == "game load":            # a saved game to load
        from hw.store import FileStore
        from board import controller as controller_mod
        c = controller_mod.Controller(rules="standard", players=("human", "human"),
                                      store=FileStore(mainloop.GAME_FILE))
        c._commit(c.pos.parse_move("d2"))
    _break(monkeypatch, step)
    ends = []
    for k in range(LIMIT):
        ends.append(_boot(main, machine.WDT_RESET if k else machine.PWRON_RESET))
        assert not machine.timer_running(), step          # no scan timer left behind
    assert ends == ["reset"] * LIMIT, (step, ends)
    log = json.loads(open("boot.json").read().split("\n", 1)[1])
    errors = [e for e in log["log"] if e[1] == "error"]
    assert len(errors) == LIMIT and all("MemoryError" in e[2] for e in errors), (step, log)
    # the next boot: the breaker has tripped -- safe mode, lit, no watchdog
    assert _boot(main, machine.WDT_RESET) == "returned"
    assert machine.WDTS == []
    corners = {NAMES.index(n) for n in main.ERROR_POINTS}
    frames = [hwfakes.decode_leds(data) for _, data in machine.STREAMS]
    red = _lit(frames)
    assert red, step                  # never a dark board
    assert all({i for i in range(24) if f[cfg.LED_INDEX[NAMES[i]]] != (0, 0, 0)} == corners
               for f in red), step


def test_a_boot_log_that_cannot_be_written_does_not_stop_the_boot(board, monkeypatch):
    main = board
    from hw.bootlog import BootLog

    def broken(self, cause=None):
        raise OSError(28, "no space left")
    monkeypatch.setattr(BootLog, "boot", broken)
    passes = []
    orig = mainloop.MainLoop.tick

    def tick(self):
        orig(self)
        passes.append(1)
        if len(passes) == 3:
            raise KeyboardInterrupt
    monkeypatch.setattr(mainloop.MainLoop, "tick", tick)
    assert _boot(main, machine.PWRON_RESET) == "returned"
    assert len(passes) == 3 and machine.WDTS        # the game ran, with its watchdog
    assert not machine.timer_running() and not machine.watchdog_enabled()


@pytest.mark.parametrize("step", ["scanner", "maintenance probe", "health check", "main loop", "watchdog"])
def test_ctrl_c_at_each_step_stops_the_timer_and_the_watchdog(board, monkeypatch, step):
    """Ctrl-C while the boot is under way (mpremote connecting) leaves no 250 Hz timer
    running in the REPL and no watchdog counting."""
    main = board
    owner, attr = _target(step)
    orig = getattr(owner, attr)

    def interrupted(*a, **k):
        if step in ("maintenance probe", "health check", "watchdog"):
            orig(*a, **k)                # after the step did its work
        raise KeyboardInterrupt
    monkeypatch.setattr(owner, attr, interrupted)
    assert _boot(main, machine.PWRON_RESET) == "returned"
    assert not machine.timer_running() and not machine.watchdog_enabled(), step
