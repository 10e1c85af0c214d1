"""Issue 14: the simulator page draws the board the rules use -- the four
diagonals for `twelve`, the unused outer square faded for `six` -- and on the
Six Men's Morris board a stone put on the outer square is lit as a stone to
remove and makes no move. Playwright for Python with Debian's chromium."""
import os

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARGS, CHROMIUM, simulator

from playwright import sync_api  # noqa: E402


def _open(url):
    assert os.path.exists(CHROMIUM), "Debian's chromium is missing: run `make test` (it installs it)"
    p = sync_api.sync_playwright().start()
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    page.goto(url)
    page.wait_for_selector('body[data-moves="0"]')
    return p, browser, page


@pytest.fixture(scope="module")
def twelve():
    yield from simulator("--rules", "twelve", "--black", "human")


@pytest.fixture(scope="module")
def six():
    yield from simulator("--rules", "six", "--black", "human")


def _style(page, selector, prop):
    return page.eval_on_selector(selector, "(e, p) => getComputedStyle(e)[p]", prop)


def test_twelve_draws_the_diagonals(twelve):
    p, browser, page = _open(twelve)
    try:
        page.wait_for_selector("body.board-diagonals")
        assert _style(page, ".diagonal", "display") != "none"
        assert _style(page, '.hole.outer', "opacity") == "1"
    finally:
        browser.close()
        p.stop()


def test_six_fades_the_outer_square_and_a_stone_there_is_stray(six):
    p, browser, page = _open(six)
    try:
        page.wait_for_selector("body.board-six")
        assert _style(page, ".diagonal", "display") == "none"
        assert float(_style(page, '.hole.outer', "opacity")) < 0.5
        assert float(_style(page, '.point-name:not(.outer)', "opacity")) == 1
        page.click('.hit[data-point="b2"]')
        page.wait_for_selector('body[data-moves="1"]', timeout=10000)
        page.click('.hit[data-point="a1"]')         # the outer square: no move
        page.wait_for_function(
            'document.querySelector(".led[data-point=a1]").getAttribute("data-rgb") != "0,0,0"',
            timeout=10000)
        page.wait_for_timeout(600)
        assert page.get_attribute("body", "data-moves") == "1"
    finally:
        browser.close()
        p.stop()
