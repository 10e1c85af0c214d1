"""The button and SW5 carriers: copper joins what it should, the drawing is current, BUILD.md says the same."""
import os

import toolmod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

car = toolmod.load("tools/carriers.py")


def _build():
    with open(os.path.join(ROOT, "hardware", "BUILD.md"), encoding="utf-8") as f:
        return " ".join(f.read().split())


def test_button_carrier_has_no_fault():
    assert car.faults() == []


def test_a_missing_cut_joins_two_buttons():
    b = car.button_carrier()
    cu = car.strips(b["cols"], b["rows"], set(b["cuts"][1:]))
    s1, s2 = b["switches"][0], b["switches"][1]
    assert cu[s1[2][2]] == cu[s2[2][2]]          # SW1's and SW2's row-4 legs on one strip: the fault faults() finds
    cu = car.strips(b["cols"], b["rows"], set(b["cuts"]))
    assert cu[s1[2][2]] != cu[s2[2][2]]


def test_switch_spacing_is_the_button_spacing():
    b = car.button_carrier()
    xs = [x for _, (x, _) in car.bl.button_positions(400.0)]
    for (_, _, la, _), (_, _, lb, _), xa, xb in zip(b["switches"], b["switches"][1:], xs, xs[1:]):
        assert abs((lb[0][0] - la[0][0]) * car.PITCH - (xb - xa)) < 1e-6


def _and(items):
    return ", ".join(items[:-1]) + " and " + items[-1]


def test_build_guide_follows_the_carriers():
    b, s5, text = car.button_carrier(), car.sw5_carrier(), _build()
    assert "legs in columns %s," % ", ".join("%d and %d" % (sw[2][0][0], sw[2][1][0]) for sw in b["switches"]) in text
    assert "between columns %s" % _and(["%d|%d" % (c, c + 1) for _, c in b["cuts"]]) in text
    for c, r in b["screws"]:
        assert "column %d, row %d" % (c, r) in text
    assert "(columns %s)" % _and([str(sw[3][0]) for sw in b["switches"]]) in text
    assert "%d x %d holes" % (b["cols"], b["rows"]) in text and "%d x %d holes" % (s5["cols"], s5["rows"]) in text
    assert "columns 2 and 5, rows 2 and 4" in text
    assert "RS-1 (reset, leg 1) into column 1 of row 2" in text and "into column 1 of row 4" in text


def test_drawing_is_current():
    for path, text in car.expected().items():
        with open(path, encoding="utf-8") as f:
            assert f.read() == text, "run: .venv/bin/python tools/carriers.py"
