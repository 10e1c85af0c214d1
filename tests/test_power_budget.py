"""tools/power_budget.py: its figures, and the firmware's brightness cap and LED budget agree."""
import importlib.util
import os
import re
import subprocess
import sys

import pytest

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


def test_figures_for_250_and_500_ma_ports():
    b250 = pb.budget(250)
    b500 = pb.budget(500)
    for b in (b250, b500):
        assert b["full_white_ma"] == 24 * 60  # about 60 mA per LED at full white
        assert 60 < b["other_ma"] < 90
        assert b["total_at_cap_ma"] <= b["usable_ma"] == 0.8 * b["usb_ma"]
    assert b250["margin_ma"] == 50 and b250["usable_ma"] == 200
    assert b500["margin_ma"] == 100 and b500["usable_ma"] == 400
    assert (b250["led_budget_ma_int"], b250["cap"]) == cfg.POWER_OPTIONS[250]
    assert (b500["led_budget_ma_int"], b500["cap"]) == cfg.POWER_OPTIONS[500]
    assert b250["cap"] < b500["cap"]
    # the default is what MicroPython declares to the host
    assert cfg.USB_BUDGET_MA == 250 and pb.USB_PORT_MA == 250 and pb.PORTS == (250, 500)
    # a stronger supply allows more
    assert pb.budget(usb_ma=1000)["cap"] > b500["cap"]


def test_docs_table_comes_from_the_same_figures():
    """hardware/README.md's power table is tools/power_budget.py's markdown (both ports)."""
    text = open(os.path.join(ROOT, "hardware", "README.md")).read()
    table = pb.markdown()
    assert table in text
    assert "250 mA port" in table and "500 mA port" in table
    for port in pb.PORTS:
        b = pb.budget(port)
        assert "**%d**" % b["cap"] in table and "**%d**" % b["led_budget_ma_int"] in table


def test_check_covers_both_options(monkeypatch):
    monkeypatch.setitem(cfg.POWER_OPTIONS, 500, (300, 50))
    assert any("POWER_OPTIONS[500]" in e for e in pb.check())


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
    few = leds.cap_frame([(255, 255, 255)] * 2 + [(0, 0, 0)] * 22, leds.DEFAULT_BUDGET_MA)
    assert few[0] == (255, 255, 255)  # a frame within budget keeps its colours


def test_soft_start_brings_the_rail_up_in_time_inside_the_usb_limit():
    """The LED rail's soft start: Q1 off at plug-in, the rail up well inside 100 ms and Q1 fully on long
    before the firmware's first frame (300 ms), the board inside an unconfigured USB device's 100 mA."""
    f = pb.soft_start()
    assert pb.soft_start_check(f) == []
    assert f["slow"]["rail_up_ms"] <= 50 and f["slow"]["full_on_ms"] <= 150
    assert f["fast"]["usb_ma"] <= 100 and f["fast"]["vgs_plug_worst"] < 0.4
    # the Miller ramp, worked by hand for the typical parts: (5 V - 0.8 V) / (120 kOhm x 56.2 nF)
    rate = (5.0 - 0.8) / (120e3 * 56.2e-9)
    assert f["typical"]["ramp_ms"] == pytest.approx(5.0 / rate * 1e3, rel=0.01)
    assert f["typical"]["charge_ma"] == pytest.approx(24.5e-6 * rate * 1e3, rel=0.01)


@pytest.mark.parametrize("parts, problem", [
    ({"R2": 470e3}, "rail up"),            # the first design's slow gate ramp
    ({"R2": 27e3}, "from USB"),            # too fast: the rail's charge exceeds the unconfigured 100 mA
    ({"C6": 100e-9}, "at plug-in"),        # C6 too small against C8: Q1 conducts as the cable goes in
])
def test_soft_start_check_refuses_a_wrong_rc(parts, problem):
    assert any(problem in e for e in pb.soft_start_check(pb.soft_start(parts))), parts


def test_readme_embeds_the_soft_start_table():
    text = open(os.path.join(ROOT, "hardware", "README.md"), encoding="utf-8").read()
    assert pb.soft_start_markdown() in text


def test_the_plug_in_gate_voltage_is_given_per_corner_with_the_worst_case_as_the_limit():
    """Maker review 3, item 21: the '|VGS| just after plug-in' row showed the worst case (0.29 V) in all three columns,
    its 'typical' too, where README's own formula C8 / (C6 + C8) x VBUS gives 0.22 V (0.23 V with Q1's own 0.2 nF).
    Each column has its corner's parts; the worst case, which the check uses, is stated in the limit column."""
    f = pb.soft_start()
    assert f["typical"]["vgs_plug"] == pytest.approx(5.0 * 56.2e-9 / (1e-6 + 56.2e-9), rel=1e-6)
    assert 5.0 * 56e-9 / (1e-6 + 56e-9) == pytest.approx(0.265, abs=0.005)
    worst = 5.25 * (56e-9 * 1.1 + 1e-9) / (1e-6 * 0.9 + 56e-9 * 1.1 + 1e-9)
    assert all(f[c]["vgs_plug_worst"] == pytest.approx(worst) for c in f)
    assert all(f[c]["vgs_plug"] < worst for c in f)
    row = [ln for ln in pb.soft_start_markdown().splitlines() if "just after plug-in" in ln][0]
    cells = [c.strip() for c in re.split(r"(?<!\\)\|", row.strip("|"))]
    assert cells[1:4] == ["%.2f" % f[c]["vgs_plug"] for c in ("fast", "typical", "slow")]
    assert len(set(cells[1:4])) > 1 and cells[4].startswith("at worst %.2f" % worst)


def test_the_ramp_and_the_first_frame_count_every_load():
    """Maker review 16: the 'whole board during the ramp' row left out the pull-ups and the 74HC165s (103 mA at the
    fast corner with them, over USB's 100 mA), and the start-up frame (4, 6, 12) took 41 mA where about 26 mA was
    left. The ramp now counts every load of loads() (C8 56 nF keeps it under 100 mA), and main.STARTUP fits."""
    f = pb.soft_start()
    other = sum(ma for _, ma, _ in pb.loads())
    assert all(f[c]["usb_ma"] == pytest.approx(f[c]["charge_ma"] + other) for c in f)
    assert max(f[c]["usb_ma"] for c in f) <= 100.0 and pb.soft_start_check() == []
    assert pb.soft_start({"C8": 47e-9})["fast"]["usb_ma"] > 100.0          # the old C8 with every load counted
    from main import STARTUP       # firmware/main.py: its module body only defines (board_config is its one import)
    frame_ma = pb.LED_COUNT * sum(STARTUP) / 255.0 * pb.LED_MA_PER_CHANNEL
    assert frame_ma <= 100.0 - other, (frame_ma, 100.0 - other)
