"""The simulator page in a real browser: Playwright for Python driving Debian's
chromium (/usr/bin/chromium, installed by `make test`; no downloaded browsers).

Plays a short game by clicks up to a mill in the movement phase and its
capture, checking on the page that the lifted stone's destinations and then
the capturable stones are lit, and saves screenshots to artifacts/.
"""
import os

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARGS, ARTIFACTS, CHROMIUM, simulator
from morris import Position, BLACK, NONE, move_parts

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# 18 placements without a mill, then White's slide f4-g4 closes g1 g4 g7.
PLACEMENTS = "d3 d6 b6 d2 f4 f6 g1 a1 g7 e3 c5 c3 a4 d5 d7 a7 b4 c4".split()

from playwright import sync_api  # noqa: E402  (a missing package fails: `make test` installs it)


@pytest.fixture(scope="module")
def server():
    """The simulator on a free loopback port, two humans."""
    yield from simulator("--black", "human")


@pytest.fixture(scope="module")
def page(server):
    assert os.path.exists(CHROMIUM), "Debian's chromium is missing: run `make test` (it installs it)"
    os.makedirs(ARTIFACTS, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = browser.new_page(viewport={"width": 1600, "height": 900})
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.goto(server)
        pg.wait_for_selector('.hit[data-point="d2"]')
        pg.wait_for_selector('body[data-moves="0"]')
        pg.errors = errors
        yield pg
        browser.close()


def _lit(page, meaning):
    """Points whose LED is lit with ``meaning``, read from the page (colour must be non-zero)."""
    out = {}
    for led in page.query_selector_all(".led"):
        if led.get_attribute("data-meaning") == meaning:
            out[led.get_attribute("data-point")] = led.get_attribute("data-rgb")
    for name, rgb in out.items():
        assert rgb != "0,0,0", (name, rgb)
    return set(out)


def _click(page, name):
    page.click('.hit[data-point="%s"]' % name)


def _moves(page, n):
    page.wait_for_selector('body[data-moves="%d"]' % n, timeout=10000)


def test_short_game_by_clicks_to_a_mill_and_its_capture(page):
    pos = Position()
    for i, name in enumerate(PLACEMENTS):
        _click(page, name)
        _moves(page, i + 1)
        pos.push_text(name)
    assert page.inner_text("#turn-text").startswith("White")

    # lift f4: exactly its legal destinations light up as destinations
    dests = {pos.geo.names[m & 31] for m in pos.legal_moves if pos.geo.names[m >> 5 & 31] == "f4"}
    assert dests == {"e4", "g4", "f2"}
    _click(page, "f4")
    page.wait_for_selector('.led[data-point="g4"][data-meaning="dest"]', timeout=5000)
    assert _lit(page, "dest") == dests
    assert page.get_attribute('.stone[data-point="f4"]', "data-colour") in ("", None)
    page.screenshot(path=os.path.join(ARTIFACTS, "sim-lifted-destinations.png"))

    # put it on g4: mill g1 g4 g7, the capturable black stones light up
    _click(page, "g4")
    page.wait_for_selector('.led[data-meaning="capture"]', timeout=5000)
    caps = set()
    for m in pos.legal_moves:
        to, frm, c1, _ = move_parts(m)
        if pos.geo.names[frm] == "f4" and pos.geo.names[to] == "g4" and c1 != NONE:
            caps.add(pos.geo.names[c1])
    assert caps == {pos.geo.names[p] for p in range(24) if pos.capturable(BLACK) >> p & 1}
    assert _lit(page, "capture") == caps
    assert "Mill" in page.inner_text("#message")
    page.screenshot(path=os.path.join(ARTIFACTS, "sim-mill-capturable.png"))

    # capture a1: the move is recorded with its capture
    _click(page, "a1")
    _moves(page, 19)
    assert "f4-g4xa1" in page.inner_text("#record")
    assert page.inner_text("#cap-black") == "1"
    assert not _lit(page, "capture")
    pos.push_text("f4-g4xa1")

    # Black answers by dragging a stone: a lift, then a put
    m = next(m for m in pos.legal_moves if (m >> 5 & 31) != NONE)
    frm, to = pos.geo.names[m >> 5 & 31], pos.geo.names[m & 31]
    a = page.locator('.hit[data-point="%s"]' % frm).bounding_box()
    b = page.locator('.hit[data-point="%s"]' % to).bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()
    _moves(page, 20)
    assert "%s-%s" % (frm, to) in page.inner_text("#record")
    page.screenshot(path=os.path.join(ARTIFACTS, "sim-mid-game.png"))
    assert not page.errors, page.errors


def _server_settings(server):
    import json
    import urllib.request
    with urllib.request.urlopen(server + "api/state", timeout=10) as r:
        return json.loads(r.read().decode("utf-8"))["settings"]


def _check_setup_shows(page, settings):
    assert page.input_value("#level") == str(settings["level"])
    assert page.input_value("#white") == settings["players"][0]
    assert page.input_value("#black") == settings["players"][1]
    assert page.input_value("#preset") == settings["rules"].split("+")[0]


def test_setup_shows_the_game_being_played_also_after_language_switch_and_reload(page, server):
    settings = _server_settings(server)
    assert settings["level"] == 3            # the default level, not the menu's first entry
    page.click("#setup summary")
    _check_setup_shows(page, settings)
    page.select_option("#lang", "fr")
    page.wait_for_selector('body[data-lang="fr"]')
    _check_setup_shows(page, settings)
    page.select_option("#lang", "en")
    page.wait_for_selector('body[data-lang="en"]')
    _check_setup_shows(page, settings)
    page.reload()
    page.wait_for_selector('body[data-lang="en"]')
    page.wait_for_selector('.hit[data-point="d2"]')
    page.wait_for_selector("body[data-moves]")
    page.click("#setup summary")
    _check_setup_shows(page, settings)
    page.click("#setup summary")
    assert not page.errors, page.errors


def test_setup_panel_starts_a_game_with_a_variation(page):
    page.click("#setup summary")
    page.select_option("#preset", "wikipedia")
    page.check('input.variation[data-option="no_return"]')
    page.select_option("#black", "computer")
    page.select_option("#level", "1")
    page.check("#learning")
    page.click("#start")
    page.wait_for_function("state.settings.rules === 'wikipedia+no_return=on'", timeout=10000)
    assert page.inner_text("#rules-name") == "(Wikipedia · A stone may not go straight back into the mill it left)"
    _moves(page, 0)
    assert page.inner_text("#who-black") == "(the computer)"
    page.click("#tools summary")
    page.uncheck("#show-names")
    assert not page.is_visible('.point-name')
    page.check("#show-names")
    assert page.is_visible('.point-name')
    page.click("#tools summary")
    # White places, the computer answers: its placement is lit, then the simulator
    # carries it out (the computer moves its own stones, a simulator-only helper)
    _click(page, "d2")
    _moves(page, 1)
    page.wait_for_selector('.led[data-meaning="remote_to"]', timeout=20000)
    _moves(page, 2)
    page.click("#setup summary")
    page.screenshot(path=os.path.join(ARTIFACTS, "sim-vs-computer.png"))
    assert not page.errors, page.errors


def test_holding_ok_on_the_page_opens_the_boards_settings_menu(page):
    """OK held 2 s on an empty board: the firmware's menu opens; the page shows it in
    words and its LEDs as the board's LEDs show it; New leaves it."""
    # a new game (two humans) first: the earlier tests' game would read the sweep's
    # lifted stones as a mistake ("Only one stone at a time!") instead of an empty board
    page.click("#setup summary")
    page.select_option("#black", "human")
    page.click("#start")
    page.click("#setup summary")
    page.click("#tools summary")
    page.click("#sweep")
    page.click("#tools summary")
    # the sweep lifts one stone at a time, as a hand would: hold OK once the board is empty
    page.wait_for_function("[...document.querySelectorAll('.stone')].every(s => !s.dataset.colour)",
                           timeout=20000)
    page.hover('button.hw[data-button="ok"]')
    page.mouse.down()                    # the page sends the long press after 2 s held:
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Settings menu. Rules: ')",
                           timeout=20000)   # held until the menu opens (a loaded host is slow)
    page.mouse.up()
    lit = [led.get_attribute("data-point") for led in page.query_selector_all(".led")
           if led.get_attribute("data-rgb") not in (None, "0,0,0")]
    assert "d5" in lit and "a7" in lit
    page.click('button.hw[data-button="new"]')          # leave without saving
    page.wait_for_function("!document.getElementById('message').textContent.startsWith('Settings menu')",
                           timeout=10000)
    assert not page.errors, page.errors
