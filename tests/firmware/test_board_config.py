"""board_config under MicroPython and CPython: it imports and covers the 24 points of morris.geometry.

Plain asserts, no pytest: run by tests/mprun.py (collected by tests/test_micropython.py).
"""
import board_config as cfg
from morris.geometry import GEOMETRIES
from morris.rules import PRESETS

GEO = GEOMETRIES["standard"]


def test_every_point_once():
    names = [row[0] for row in cfg.POINTS]
    assert len(names) == GEO.n == 24, len(names)
    assert sorted(names) == sorted(GEO.names), names
    for name in GEO.names:
        assert name in cfg.LED_INDEX and name in cfg.SWITCH_BIT, name


def test_led_indices_and_switch_bits_are_permutations():
    leds = sorted(cfg.LED_INDEX[n] for n in GEO.names)
    bits = sorted(cfg.SWITCH_BIT[n] for n in GEO.names)
    assert leds == list(range(cfg.LED_COUNT)), leds
    assert bits == list(range(cfg.SWITCH_COUNT)), bits
    assert cfg.SWITCH_COUNT == 8 * cfg.SHIFT_REGISTERS


def test_points_listed_in_led_order():
    assert [row[1] for row in cfg.POINTS] == list(range(24))


def test_word_to_mask_round_trip():
    # The drivers' job in miniature: a raw switch word to a point mask and back.
    to_bit = [cfg.SWITCH_BIT[GEO.names[p]] for p in range(GEO.n)]
    for p in range(GEO.n):
        word = 1 << to_bit[p]
        mask = 0
        for q in range(GEO.n):
            if word >> to_bit[q] & 1:
                mask |= 1 << q
        assert mask == 1 << p, (p, mask)


def test_pins_are_distinct_pico_gpios():
    pins = list(cfg.PINS.values()) + list(cfg.BUTTON_PINS.values())
    assert len(pins) == len(set(pins)), pins
    for g in pins:
        assert isinstance(g, int) and (0 <= g <= 22 or 26 <= g <= 28), g
    for key in ("sr_clock", "sr_load", "sr_data", "led_data"):
        assert key in cfg.PINS, key
    for key in ("new", "undo", "hint", "ok"):
        assert key in cfg.BUTTON_PINS, key


def test_led_and_power_settings():
    assert sorted(cfg.LED_ORDER) == ["B", "G", "R"]
    assert 0 < cfg.BRIGHTNESS_CAP <= 255
    full_white_at_cap = cfg.LED_COUNT * 3 * cfg.LED_MA_PER_CHANNEL * cfg.BRIGHTNESS_CAP // 255
    assert full_white_at_cap <= cfg.LED_BUDGET_MA < cfg.USB_BUDGET_MA


def test_defaults():
    assert cfg.DEFAULT_PRESET in PRESETS
    assert isinstance(cfg.DEFAULT_LEVEL, int) and cfg.DEFAULT_LEVEL >= 1
