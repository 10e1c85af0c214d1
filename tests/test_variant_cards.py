"""Issue 14: every preset has its rules card on the simulator page -- a first
line naming the game (``SOURCES`` in static/app.js) and a line for each of its
options beyond docs/rules.md (``variantLines``) -- and every card text is in
the four languages (the catalogues miss nothing: host_sim/i18n.py)."""
import os
import re

from morris import PRESETS
from morris.rules import preset_values
from host_sim import i18n

APP = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "host_sim", "static", "app.js")


def _app():
    with open(APP, encoding="utf-8") as f:
        return f.read()


def test_every_preset_has_a_card_title():
    js = _app()
    keys = set(re.findall(r'^\s*"?([a-z-]+)"?: N_\("', js, re.M))
    assert [p for p in PRESETS if p not in keys] == []


def test_every_new_option_value_has_a_card_line():
    js = _app()
    body = js[js.index("function variantLines"):]
    body = body[:body.index("\n}\n")]
    for name in PRESETS:
        v = preset_values(name)
        for opt in ("placing_mill", "move_in_placement", "defender_first", "intervention", "board"):
            if v[opt] not in ("capture", "off", "standard"):
                assert 'v.%s === "%s"' % (opt, v[opt]) in body, (name, opt)
        if 2 * v["stones"] >= 24:
            assert "%s: N_(" % v["full_board"] in body, name


def test_card_texts_are_translated():
    for lang in i18n.TRANSLATED:
        assert i18n.missing(lang) == [], lang
