"""The Pico-side firmware around the drivers: atomic store details, settings, the
settings menu at the board, the main loop (watchdog, menu), main.py's start-up
on the fake machine, the self-test, and tools/deploy.py."""
import json
import os
import subprocess
import sys

import pytest

import hwfakes
from hwfakes import cfg, machine
from host_sim import drivers
import mainloop
import menu as menu_mod
import settings
from hw.store import FileStore, pack, unpack, crc32
from morris import Rules

ROOT = hwfakes.ROOT
NAMES = Rules("standard").geo.names


# ---- store -----------------------------------------------------------------------

def test_pack_unpack_and_crc():
    assert crc32(b"123456789") == 0xCBF43926
    blob = pack(b"hello")
    assert blob.startswith(b"MB1 5 ") and unpack(blob) == b"hello"
    assert unpack(blob[:-1]) is None                       # short
    assert unpack(blob[:-1] + b"X") is None                # damaged
    assert unpack(b"garbage") is None and unpack(b"") is None and unpack(None) is None
    assert unpack(b"MB2 5 00000000\nhello") is None


def test_store_falls_back_to_a_complete_temporary_file(tmp_path):
    path = str(tmp_path / "g.rec")
    s = FileStore(path)
    s.save(b"one")
    with open(path + ".tmp", "wb") as f:          # a later save cut before its rename
        f.write(pack(b"two"))
    assert s.load() == b"one"                       # the main file wins while whole
    with open(path, "wb") as f:                     # main file damaged
        f.write(b"MB1 3 0\nxx")
    assert s.load() == b"two"
    os.remove(path)
    assert FileStore(path).load() == b"two"
    with open(path + ".tmp", "wb") as f:            # half-written temporary file
        f.write(pack(b"three")[:-2])
    assert s.load() is None
    s.clear()
    assert not os.path.exists(path + ".tmp")


def test_store_on_a_file_system_whose_rename_does_not_replace():
    """FAT-like rename: save removes the old file, then renames; a cut at any step
    leaves the old or the new data loadable, never nothing."""
    from test_power_cut import Disk, FakeFiles, PowerCut

    class NoReplace(FakeFiles):
        def rename(self, old, new):
            if new in self.disk.files:
                raise OSError(17, "EEXIST")
            FakeFiles.rename(self, old, new)

    ref = Disk()
    FileStore("x", NoReplace(ref)).save(b"old")
    ref.ops = 0
    FileStore("x", NoReplace(ref)).save(b"new")
    steps = ref.ops
    assert steps >= 6            # open, write, flush, close, (failed rename), remove, rename
    for k in range(1, steps + 1):
        disk = Disk()
        FileStore("x", NoReplace(disk)).save(b"old")
        disk.ops = 0
        disk.cut_at = k
        with pytest.raises(PowerCut):
            FileStore("x", NoReplace(disk)).save(b"new")
        disk.restart()
        assert FileStore("x", NoReplace(disk)).load() in (b"old", b"new"), k


def test_store_rejects_non_bytes_and_keeps_old(tmp_path):
    s = FileStore(str(tmp_path / "s"))
    s.save(bytearray(b"ok"))
    for bad in (None, "text", 5, [1]):
        with pytest.raises(TypeError):
            s.save(bad)
    assert s.load() == b"ok"


# ---- settings --------------------------------------------------------------------

def test_settings_defaults_and_fallbacks():
    d = settings.defaults()
    assert d == {"rules": cfg.DEFAULT_PRESET, "level": cfg.DEFAULT_LEVEL,
                 "players": ["human", "computer"], "learning": False,
                 "brightness": settings.DEFAULT_BRIGHTNESS, "puzzle": 0, "solved": 0, "tried": 0}
    st = drivers.MemoryStore()
    assert settings.load(st) == d and settings.load(None) == d
    st.save(b"not json")
    assert settings.load(st) == d
    st.save(json.dumps({"rules": "wikipedia", "level": 99, "players": ["human"], "learning": True,
                        "extra": 1}).encode())
    got = settings.load(st)
    assert got == dict(d, rules="wikipedia", learning=True)      # bad fields fall back one by one
    assert settings.save(st, dict(d, level=5)) is None
    assert settings.load(st)["level"] == 5


def test_settings_max_level_is_the_engines():
    from engine import TOP_LEVEL
    assert settings.MAX_LEVEL == TOP_LEVEL


def test_settings_check():
    assert settings.check("rules", "wikipedia+no_return=on") == "wikipedia+no_return=on"
    assert settings.check("players", ("remote", "human")) == ["remote", "human"]
    for k, v in (("rules", 3), ("rules", "nope"), ("level", 0), ("level", True), ("players", []),
                 ("learning", "yes"), ("brightness", 0), ("brightness", 6), ("volume", 1)):
        with pytest.raises(ValueError):
            settings.check(k, v)


# ---- the settings menu ----------------------------------------------------------------

def _lit(frame):
    return {NAMES[i] for i in range(24) if frame[i] != (0, 0, 0)}


def test_menu_navigation_and_frames():
    m = menu_mod.Menu(settings.defaults())
    assert _lit(m.frame()) == {"d5", "a7"}                    # rules: standard = first choice
    assert m.press("hint") is None
    assert m.values["rules"] == "wikipedia" and _lit(m.frame()) == {"d5", "a7", "d7"}
    m.press("undo")
    m.press("undo")
    assert m.values["rules"] == "wikipedia+no_return=on"      # wraps to the last choice
    assert len(_lit(m.frame())) == 1 + 7
    m.press("ok")                                             # level
    assert "e4" in _lit(m.frame()) and len(_lit(m.frame())) == 1 + cfg.DEFAULT_LEVEL
    m.press("hint")
    assert m.values["level"] == cfg.DEFAULT_LEVEL + 1
    m.press("ok")                                             # players: human-computer
    assert _lit(m.frame()) == {"d3", "a7", "f6", "f4", "f2"}  # black's side is the computer
    m.press("hint")
    assert m.values["players"] == ["computer", "human"]
    assert {"b6", "b4", "b2"} <= _lit(m.frame())
    m.press("ok")                                             # learning
    assert _lit(m.frame()) == {"c4", "a7"}
    m.press("hint")
    assert m.values["learning"] is True
    m.press("ok")                                             # brightness: level 3 = three bar points
    assert _lit(m.frame()) == {"c5", "a7", "d7", "g7"}
    m.press("hint")
    assert m.values["brightness"] == 4
    m.press("ok")                                             # puzzles: off = one bar point
    assert _lit(m.frame()) == {"e5", "a7"} and m.values["puzzle"] == 0
    assert m.press("ok") == "save"
    assert menu_mod.Menu(settings.defaults()).press("new") == "cancel"


def test_menu_frames_fit_the_current_budget_at_the_default_brightness():
    """Menu colours are full-range; what the LED driver sends for them (gamma 2.2,
    the default brightness) stays within LED_BUDGET_MA without scaling."""
    from hw.lights import level_table
    t = level_table(settings.BRIGHTNESS[settings.DEFAULT_BRIGHTNESS - 1], 2.2)
    m = menu_mod.Menu(dict(settings.defaults(), players=["computer", "computer"]))
    worst = 0
    for item in range(len(menu_mod.ITEMS)):
        m.item = item
        for _ in range(8):
            sent = sum(t[v] for c in m.frame() for v in c)
            worst = max(worst, sent * cfg.LED_MA_PER_CHANNEL / 255)
            m.press("hint")
    assert 0 < worst <= cfg.LED_BUDGET_MA


class HoldButtons(drivers.SimButtons):
    """Simulated buttons that can also be held down (held_ms)."""

    def __init__(self):
        drivers.SimButtons.__init__(self)
        self.held = {}

    def held_ms(self, name):
        return self.held.get(name, 0)


class Loop:
    def __init__(self, stones=0, players=("human", "human")):
        self.sw = drivers.SimSwitches(stones)
        self.buttons = HoldButtons()
        self.clock = drivers.SimClock(manual=True, start=100)
        self.lights = drivers.SimLights()
        self.sstore = drivers.MemoryStore()
        self.sstore.save(json.dumps(dict(settings.defaults(), players=list(players))).encode())
        self.link = drivers.SimLink()
        self.wd = Feeds()
        self.loop = mainloop.MainLoop(self.sw, self.lights, self.buttons, self.clock,
                                      drivers.MemoryStore(), self.sstore, self.link, self.wd)

    def tick(self, n=1, ms=20):
        for _ in range(n):
            self.clock.advance(ms)
            self.loop.tick()

    def hold_ok(self):
        self.buttons.press("ok")
        for t in range(0, 2101, 100):
            self.buttons.held["ok"] = t
            self.tick(ms=100)
        self.buttons.held["ok"] = 0
        self.tick()


class Feeds:
    def __init__(self):
        self.n = 0

    def feed(self):
        self.n += 1


def test_main_loop_feeds_the_watchdog_every_pass():
    lp = Loop()
    lp.tick(25)
    assert lp.wd.n == 25


def test_menu_opens_on_a_held_ok_at_an_empty_board_and_saves():
    lp = Loop()
    lp.tick(10)
    lp.hold_ok()
    assert lp.loop.menu is not None
    assert _lit(lp.lights.colours) == {"d5", "a7"}            # the menu shows on the LEDs
    for b in ("hint", "ok", "hint", "hint", "ok", "ok", "hint", "ok", "ok", "ok"):
        lp.buttons.press(b)
        lp.tick()
    assert lp.loop.menu is None
    s = json.loads(lp.sstore.load())
    assert s == {"rules": "wikipedia", "level": cfg.DEFAULT_LEVEL + 2,
                 "players": ["human", "human"], "learning": True,
                 "brightness": settings.DEFAULT_BRIGHTNESS, "puzzle": 0, "solved": 0, "tried": 0}
    assert lp.loop.level == cfg.DEFAULT_LEVEL + 2
    assert str(lp.loop.controller.position.rules) == "wikipedia"
    assert lp.loop.controller.learning is True
    events = [json.loads(x) for x in lp.link.take()]
    assert {"type": "menu", "open": False, "saved": True} in events
    lp.tick(3)
    assert lp.loop.menu is None                               # still held? no reopening


def test_menu_cancel_changes_nothing_and_needs_an_empty_board():
    lp = Loop()
    before = lp.sstore.load()
    lp.hold_ok()
    lp.buttons.press("hint")
    lp.tick()
    lp.buttons.press("new")
    lp.tick()
    assert lp.loop.menu is None and lp.sstore.load() == before
    lp2 = Loop(stones=1 << NAMES.index("d2"))
    lp2.tick(10)
    lp2.hold_ok()
    assert lp2.loop.menu is None


# ---- main.py on the fake machine ------------------------------------------------------

@pytest.fixture
def fake_board(monkeypatch, tmp_path):
    chain = hwfakes.fresh_chain()
    ser = hwfakes.FakeSerial()           # the USB serial port main.build() opens
    monkeypatch.setattr("hw.link.UsbLink.__init__.__defaults__", (ser, ser, hwfakes.FakePoll(ser), 256, None, None, None))
    monkeypatch.chdir(tmp_path)                       # the stores write here
    hwfakes.fake_sleep(monkeypatch)
    return chain


def test_main_build_makes_the_pico_drivers(fake_board):
    import main
    ser = hwfakes.FakeSerial()
    from hw.link import UsbLink
    d = main.build(link=UsbLink(inp=ser, out=ser, poller=hwfakes.FakePoll(ser)))
    assert set(d) == {"sensors", "lights", "buttons", "clock", "store", "settings_store", "link",
                      "scanner"}
    assert d["lights"].budget == cfg.LED_BUDGET_MA
    d["scanner"].start()
    assert machine.TIMERS[-1].freq == cfg.SCAN_HZ


def test_main_runs_the_loop_and_stops_the_watchdog_on_ctrl_c(fake_board, monkeypatch):
    import main
    ticks = []
    orig = mainloop.MainLoop.tick

    def tick(self):
        orig(self)
        ticks.append(1)
        if len(ticks) == 5:
            raise KeyboardInterrupt
    monkeypatch.setattr(mainloop.MainLoop, "tick", tick)
    main.main()
    assert len(ticks) == 5
    wdt = machine.WDTS[-1]
    assert wdt.timeout == main.WATCHDOG_MS and wdt.feeds == 5
    assert not machine.watchdog_enabled()    # stopped for the REPL
    assert not machine.elapse(60000)
    assert os.path.exists("game.rec")                 # the new game was saved to the flash
    assert os.path.exists("boot.json")


def test_maintenance_boot_with_new_held(fake_board, monkeypatch):
    import main
    machine.set_level(cfg.BUTTON_PINS["new"], 0)
    called = []

    def tick(self):                 # a game that started: stop it (it must not have)
        called.append(1)
        raise KeyboardInterrupt
    monkeypatch.setattr(mainloop.MainLoop, "tick", tick)
    main.main()
    assert called == [] and machine.WDTS == []
    assert not machine.TIMERS[-1].active               # no scanning behind the REPL


# ---- self-test ---------------------------------------------------------------------

def test_selftest_check_on_the_fake_board(tmp_path):
    import selftest
    from hw.switches import Switches
    chain = hwfakes.fresh_chain()
    sw = Switches(cfg)
    st = FileStore(str(tmp_path / "game.rec"))
    st.save(b"the game")
    r = selftest.check(sw, store=st, window_ms=1)
    assert r["ok"] is True and r["chain"] == "ok" and r["store"] == "ok"
    assert st.load() == b"the game" and sorted(os.listdir(tmp_path)) == ["game.rec"]
    chain.read = lambda pin: 1
    r = selftest.check(sw, window_ms=1)
    assert r["ok"] is False and "chain fault" in r["chain"] and "every bit reads 1" in r["chain"]


# ---- deploy --------------------------------------------------------------------

def test_deploy_dry_run_builds_and_prints(tmp_path):
    out = str(tmp_path / "pico")
    r = subprocess.run([sys.executable, "tools/deploy.py", "--dry-run", "--selftest", "--port", "/dev/ttyACM7",
                        "--out", out], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("would run:")]
    assert len(lines) == 5
    assert all("mpremote connect /dev/ttyACM7" in ln for ln in lines)
    assert "resume exec" in lines[0] and "_mpy" in lines[0]
    assert "resume exec" in lines[1] and "resume fs cp -r" in lines[2] and "resume run" in lines[3]
    assert lines[3].endswith("selftest.py") and lines[4].endswith("reset")
    assert os.path.exists(os.path.join(out, "main.py"))
    assert os.path.exists(os.path.join(out, "hw", "store.mpy"))


def test_deploy_dry_run_leaves_build_pico_alone(tmp_path, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    monkeypatch.setattr(deploy, "ROOT", str(tmp_path))
    pico = tmp_path / "build" / "pico"
    pico.mkdir(parents=True)
    (pico / "keep.txt").write_text("mine")
    built = []
    monkeypatch.setattr(deploy, "build", lambda out, arch=None: built.append(out) or ["main.py"])
    monkeypatch.setattr(deploy, "mpy_version", lambda: (6, 3))
    assert deploy.main(["--dry-run"]) == 0
    assert (pico / "keep.txt").read_text() == "mine" and built and not built[0].startswith(str(pico))


RP2040 = "Raspberry Pi Pico with RP2040"
RP2350 = "Raspberry Pi Pico2 with RP2350"


def _answer(mpy, version="1.28.0", level="-", machine=RP2040):
    return "DEVICE %d %s %s | %s\n" % (mpy, version, level, machine)


def _mpy(arch, ver=6, sub=3):
    return ver | sub << 8 | arch << 10


def test_deploy_writes_the_git_version_and_checks_the_device_mpy_version(tmp_path, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    out = str(tmp_path / "pico")
    deploy.build(out, version="v9.9-1-gabc", log=lambda *a: None)
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-c", "import sys; sys.path[:0] = [%r]; import version; print(version.VERSION)" % out],
                       capture_output=True, text=True)
    assert r.stdout.strip() == "v9.9-1-gabc"
    from version import VERSION
    assert VERSION == "dev"                               # the sources say so
    assert deploy.git_version() not in ("", "dev")
    # the unix port answers the check: its _mpy agrees with mpy-cross here, its version parses
    r = subprocess.run([mp, "-c", deploy.CHECK_CODE], capture_output=True, text=True)
    info = deploy.parse_device(r.stdout)
    assert deploy.device_mpy_version(info["mpy"]) == deploy.mpy_version() and info["version"] >= (1, 28, 0)
    assert deploy.device_march(info["mpy"]) == deploy.march("host")
    ran = []

    def fake_run(cmd, **kw):
        ran.append(cmd)
        if cmd[-1] == deploy.CHECK_CODE:
            return subprocess.CompletedProcess(cmd, 0, stdout=_answer(_mpy(4, sub=1)))   # a v6.1 device
        return subprocess.CompletedProcess(cmd, 0)
    monkeypatch.setattr(deploy.subprocess, "run", fake_run)
    monkeypatch.setattr(deploy, "build", lambda out, arch=None: ["main.py", "app.mpy"])
    monkeypatch.setattr(deploy, "mpy_version", lambda: (6, 3))
    assert deploy.main(["--out", str(tmp_path)]) == 3 and len(ran) == 1   # stopped before building


@pytest.mark.parametrize("machine_text, arch, want", [
    (RP2040, 4, "armv6m"),                       # Pico: Cortex-M0+
    ("Raspberry Pi Pico W with RP2040", 4, "armv6m"),
    (RP2350, 7, "armv7emsp"),                    # Pico 2: Cortex-M33, its ARM build
    ("Raspberry Pi Pico2 with RP2350-RISCV", 11, "rv32imc"),
])
def test_deploy_builds_the_machine_code_of_the_board_it_finds(tmp_path, monkeypatch, machine_text, arch, want):
    """Issue 26, acceptance 2: the -march comes from the board's sys.implementation._mpy;
    the .mpy files then carry that architecture (the engine's native code)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    real = deploy.subprocess.run
    ran = []

    def run(cmd, **kw):
        if cmd[-1] == deploy.CHECK_CODE:
            return subprocess.CompletedProcess(cmd, 0, stdout=_answer(_mpy(arch), machine=machine_text))
        if "mpremote" in cmd:
            ran.append(cmd)
            return subprocess.CompletedProcess(cmd, 0)
        return real(cmd, **kw)                # mpy-cross
    monkeypatch.setattr(deploy.subprocess, "run", run)
    out = str(tmp_path / "pico")
    assert deploy.main(["--out", out, "--no-copy"]) == 0
    head = open(os.path.join(out, "engine", "search.mpy"), "rb").read(4)
    assert head[0] == ord("M") and head[1] == 6 and head[2] >> 2 == arch, head   # mpy header: arch << 2
    assert deploy.device_march(_mpy(arch)) == want
    plain = open(os.path.join(out, "morris", "notation.mpy"), "rb").read(4)
    assert plain[2] >> 2 in (0, arch)


@pytest.mark.parametrize("answer, why", [
    (_answer(_mpy(4), "1.27.0"), "1.28.0 or later"),
    (_answer(_mpy(4), "1.26.1"), "1.28.0 or later"),
    (_answer(_mpy(4), "1.28.0", "preview"), "1.28.0 or later"),
    (_answer(_mpy(4), "1.23.0"), "1.28.0 or later"),
    (_answer(_mpy(9), "1.28.0", machine="ESP32 module with ESP32"), "RP2040 or RP2350"),
    (_answer(_mpy(4, sub=2)), "mpy-cross"),
    ("garbage", "did not answer"),
])
def test_deploy_refuses_a_board_it_cannot_serve(tmp_path, monkeypatch, capsys, answer, why):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    built = []
    monkeypatch.setattr(deploy.subprocess, "run",
                        lambda cmd, **kw: subprocess.CompletedProcess(cmd, 0, stdout=answer))
    monkeypatch.setattr(deploy, "build", lambda out, arch=None: built.append(arch) or ["main.py"])
    monkeypatch.setattr(deploy, "mpy_version", lambda: (6, 3))
    assert deploy.main(["--out", str(tmp_path)]) == 3 and built == []
    assert why in capsys.readouterr().err


def test_deploy_takes_a_newer_release_or_preview(tmp_path, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    for version, level in (("1.28.0", "-"), ("1.28.1", "-"), ("1.29.0", "preview"), ("2.0.0", "-")):
        info = deploy.parse_device(_answer(_mpy(7), version, level, RP2350))
        assert deploy.check_device(info, (6, 3)) == "armv7emsp"
    info = deploy.parse_device(_answer(_mpy(7), machine=RP2350))
    with pytest.raises(RuntimeError):
        deploy.check_device(info, (6, 3), "rp2040")        # --target rp2040 on a Pico 2


def test_deploy_dry_run_builds_for_the_pico_2_when_told(tmp_path):
    out = str(tmp_path / "pico2")
    r = subprocess.run([sys.executable, "tools/deploy.py", "--dry-run", "--target", "rp2350", "--out", out],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "armv7emsp" in r.stdout
    assert open(os.path.join(out, "engine", "search.mpy"), "rb").read(3)[2] >> 2 == 7


def test_deploy_cleanup_removes_stale_mpy_and_twins_only(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    dev = tmp_path / "dev"
    for rel in ("app.mpy", "app.py", "old.mpy", "game.rec", "mine.py", "hw/store.mpy", "hw/gone.mpy",
                "lib/other.mpy"):
        (dev / rel).parent.mkdir(parents=True, exist_ok=True)
        (dev / rel).write_text("x")
    code = deploy.cleanup_code(["main.py", "app.mpy", "hw/store.mpy"])
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    r = subprocess.run([mp, "-c", code], cwd=str(dev), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    left = sorted(str(p.relative_to(dev)) for p in dev.rglob("*") if p.is_file())
    assert left == ["app.mpy", "game.rec", "hw/store.mpy", "lib/other.mpy", "mine.py"]


def test_deploy_runs_the_commands_in_order(tmp_path, monkeypatch):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    ran = []
    monkeypatch.setattr(deploy, "build", lambda out, arch=None: ["main.py", "mainloop.mpy", "hw/store.mpy"])
    monkeypatch.setattr(deploy, "mpy_version", lambda: (6, 3))

    def run(cmd, **kw):
        ran.append(cmd)
        if cmd[-1] == deploy.CHECK_CODE:
            return subprocess.CompletedProcess(cmd, 0, stdout=_answer(_mpy(4)))
        return subprocess.CompletedProcess(cmd, 0)
    monkeypatch.setattr(deploy.subprocess, "run", run)
    assert deploy.main(["--out", str(tmp_path)]) == 0
    assert [c[c.index("resume") + 1] if "resume" in c else c[-1] for c in ran] == ["exec", "exec", "fs", "reset"]
    code = ran[1][-1]
    assert "'mainloop.py'" in code and "'hw/store.py'" in code and "main.py'" not in code
    monkeypatch.setattr(deploy.subprocess, "run", lambda cmd, **kw: subprocess.CompletedProcess(cmd, 3))
    assert deploy.main(["--out", str(tmp_path)]) == 3


def test_pyproject_names_the_tools():
    text = open(os.path.join(ROOT, "pyproject.toml")).read()
    for pkg in ("mpremote", "mypy", "micropython-rp2-rpi-pico-stubs"):
        assert pkg in text
