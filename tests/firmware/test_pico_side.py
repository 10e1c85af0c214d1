"""The Pico-side modules that need no hardware -- settings, the settings menu, the
USB protocol, the main loop, the store's file format -- under CPython (pytest)
and the real MicroPython interpreter with a Pico-sized heap (tests/mprun.py).
Plain asserts; tiny simulated drivers."""
try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

import mainloop
import menu
import settings
from hw.store import pack, unpack, crc32
from simdrivers import Switches as Sw, Lights, Buttons, Clock, Store, Link


def _board():
    ss = Store(json.dumps({"players": ["human", "remote"], "level": 2}).encode())
    b = mainloop.MainLoop(Sw(), Lights(), Buttons(), Clock(0), Store(), ss, Link())
    return b


def _tick(b, n=1):
    for _ in range(n):
        b.clock.now += 40
        b.tick()


def _ask(b, line):
    link = b.protocol.link
    link.out = []
    link.inbox.append(line)
    _tick(b)
    return [json.loads(x) for x in link.out]


def test_store_format():
    assert crc32(b"123456789") == 0xCBF43926
    assert unpack(pack(b"abc")) == b"abc"
    assert unpack(pack(b"abc")[:-1]) is None
    assert unpack(b"junk") is None


def test_settings_fall_back_field_by_field():
    s = settings.load(Store(b'{"level": 9, "learning": true, "players": ["human", "remote"]}'))
    assert s["level"] == settings.defaults()["level"] and s["learning"] is True
    assert s["players"] == ["human", "remote"]
    assert settings.load(Store(b"\xff\x00")) == settings.defaults()


def test_menu_choices_and_save():
    m = menu.Menu(settings.defaults())
    m.press("hint")
    assert m.values["rules"] == "wikipedia"
    for _ in range(len(menu.ITEMS) - 1):
        assert m.press("ok") is None
    assert m.press("ok") == "save"


def test_protocol_commands_under_this_interpreter():
    b = _board()
    _tick(b, 5)
    r = _ask(b, '{"cmd": "hello", "id": 1}')
    assert r[0]["type"] == "hello" and r[0]["id"] == 1
    b.sensors.occ = 1 << 4          # d2 placed by white (human)
    _tick(b, 6)
    assert b.controller.moves == ["d2"]
    r = _ask(b, '{"cmd": "move", "move": "d3"}')
    assert r == [{"type": "ok", "cmd": "move", "move": "d3"}], r
    r = _ask(b, '{"cmd": "move", "move": "d5"}')
    assert len(r) == 1 and r[0]["type"] == "error"
    for bad in ("nonsense", "[]", '{"cmd": "state", "x": 1}', '{"cmd": "new", "level": 0}'):
        before = b.controller.position.text()
        r = _ask(b, bad)
        assert len(r) == 1 and r[0]["type"] == "error", (bad, r)
        assert b.controller.position.text() == before
    r = _ask(b, '{"cmd": "state"}')
    assert r[0]["record"] == ["d2"] and r[0]["remote"] == "d3"


def test_held_ok_opens_the_menu_on_an_empty_board():
    b = _board()
    _tick(b, 5)
    b.buttons.down["ok"] = 2500
    _tick(b)
    assert b.menu is not None and b.lights.frame is not None
    b.buttons.down["ok"] = 0
    b.buttons.pending = ["new"]
    _tick(b)
    assert b.menu is None
