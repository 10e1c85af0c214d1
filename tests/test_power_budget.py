"""tools/power_budget.py: its figures, and the firmware's brightness cap and LED budget agree."""
import importlib.util
import os
import subprocess
import sys

import board_config as cfg

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "tools", "power_budget.py")
spec = importlib.util.spec_from_file_location("morris_power_budget", SCRIPT)
pb = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pb)


def test_script_prints_figures_and_agrees_with_firmware():
    r = subprocess.run([sys.executable, SCRIPT, "--check"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "BRIGHTNESS_CAP = %d" % cfg.BRIGHTNESS_CAP in r.stdout
    assert "LED_BUDGET_MA = %d" % cfg.LED_BUDGET_MA in r.stdout
    assert "firmware/board_config.py agrees" in r.stdout


def test_firmware_cap_equals_computed_cap():
    b = pb.budget()
    assert b["cap"] == cfg.BRIGHTNESS_CAP
    assert b["led_budget_ma_int"] == cfg.LED_BUDGET_MA
    assert pb.check(b) == []


def test_cap_is_the_highest_safe_value():
    b = pb.budget()
    per_value = 24 * 3 * cfg.LED_MA_PER_CHANNEL / 255.0  # mA per unit of channel value, all white
    assert per_value * cfg.BRIGHTNESS_CAP <= cfg.LED_BUDGET_MA
    assert per_value * (cfg.BRIGHTNESS_CAP + 1) > cfg.LED_BUDGET_MA
    assert b["total_at_cap_ma"] <= b["usable_ma"] <= cfg.USB_BUDGET_MA
    assert b["total_at_cap_ma"] + b["margin_ma"] <= 500


def test_figures():
    b = pb.budget()
    assert b["full_white_ma"] == 24 * 60  # about 60 mA per LED at full white
    assert b["margin_ma"] == 100 and b["usable_ma"] == 400
    assert 60 < b["other_ma"] < 90
    # a stronger supply allows more, the firmware keeps the USB cap
    assert pb.budget(usb_ma=1000)["cap"] > b["cap"]


def test_check_detects_a_mismatch(monkeypatch):
    monkeypatch.setattr(cfg, "BRIGHTNESS_CAP", cfg.BRIGHTNESS_CAP + 1)
    assert any("BRIGHTNESS_CAP" in e for e in pb.check(pb.budget()))


def test_controller_frame_cap_agrees_with_the_budget():
    """The controller's per-frame current cap is the one the power budget derives."""
    from board import leds
    assert leds.MA_PER_CHANNEL == cfg.LED_MA_PER_CHANNEL
    assert leds.DEFAULT_BUDGET_MA == cfg.LED_BUDGET_MA
    white = leds.cap_frame([(255, 255, 255)] * 24, leds.DEFAULT_BUDGET_MA)
    assert max(max(c) for c in white) == cfg.BRIGHTNESS_CAP
    assert leds.frame_current_ma(white) <= cfg.LED_BUDGET_MA
    few = leds.cap_frame([(255, 255, 255)] * 3 + [(0, 0, 0)] * 21, leds.DEFAULT_BUDGET_MA)
    assert few[0] == (255, 255, 255)  # a frame within budget keeps its colours
