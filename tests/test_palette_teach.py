"""The teaching meanings' colours (issue 24: good, playable, mistake; board/leds.py):
each differs from every other meaning by at least dE 20 (CIE76, on the hue the page
shows: the colour at full level) in normal vision and dE 12 under simulated
deuteranopia, protanopia and tritanopia (Brettel, Viénot and Machado: the least of
the three), or by a second cue the table names: its blink pattern on the board
("cue": the mistake flashes twice a second) or its mark on the page ("mark": the
mistake's cross)."""
import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from board import leds

import coloraide  # noqa: E402  (pyproject.toml: the test extras)
TEACH = ("good", "playable", "mistake")
DEFICIENCIES = ("deutan", "protan", "tritan")
METHODS = ("brettel", "vienot", "machado")


def _hue(rgb):
    m = max(rgb)
    return coloraide.Color("srgb", [v / m for v in rgb])


def _de(a, b, cvd=None):
    ca, cb = _hue(a), _hue(b)
    if cvd is None:
        return ca.delta_e(cb, method="76")
    return min(ca.clone().filter(cvd, method=m).delta_e(cb.clone().filter(cvd, method=m), method="76")
               for m in METHODS)


def test_each_teaching_meaning_has_its_own_colour_and_a_second_cue():
    table = leds.table()
    for name in TEACH:
        row = table[name]
        assert row["cue"] in ("steady", "flash") and row["mark"] in ("dot", "cross")
        assert [table[o]["rgb"] for o in table if o != name].count(row["rgb"]) == 0
    assert table["mistake"]["cue"] == "flash" and table["mistake"]["mark"] == "cross"
    assert leds.FLASHING == (leds.MEANINGS.index("mistake"),)


@pytest.mark.parametrize("name", TEACH)
def test_teaching_colours_against_every_other_meaning(name):
    table = leds.table()
    me = table[name]
    for other, row in table.items():
        if other in ("off", name):
            continue
        normal = _de(me["rgb"], row["rgb"])
        worst = min(_de(me["rgb"], row["rgb"], d) for d in DEFICIENCIES)
        if normal >= 20 and worst >= 12:
            continue
        cues = [k for k in ("cue", "mark") if me[k] != row[k]]
        assert cues, "%s vs %s: dE %.1f, %.1f under colour-vision deficiencies, same cue and mark" % (
            name, other, normal, worst)


def test_good_and_playable_differ_by_colour_alone():
    # both steady dots: their colours must do it, for every kind of vision
    g, p = leds.table()["good"]["rgb"], leds.table()["playable"]["rgb"]
    assert _de(g, p) >= 20 and min(_de(g, p, d) for d in DEFICIENCIES) >= 12
