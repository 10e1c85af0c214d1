"""Records in the simulator page, in a real browser (Playwright + Debian's chromium):
download the game record, import Sanmill's game by pasting it, step through it
(buttons, keys, a click on a move), see the board follow while the live game
stays as it was, and go back to the live game. Screenshot: artifacts/sim-replay.png."""
import os

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARGS, ARTIFACTS, CHROMIUM, simulator
from morris import Position
from morris.record import read_record

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SANMILL = os.path.join(ROOT, "tests", "data", "sanmill-selfplay-standard.txt")

from playwright import sync_api  # noqa: E402


@pytest.fixture(scope="module")
def server():
    """The simulator on a free loopback port, two humans."""
    yield from simulator("--black", "human")


def _stones(page):
    out = []
    for s in page.query_selector_all(".stone"):
        out.append(s.get_attribute("data-colour") or None)
    return out


def test_download_import_and_step_through(server):
    assert os.path.exists(CHROMIUM)
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(SANMILL) as f:
        sanmill = f.read()
    moves = read_record(sanmill)[2]
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1600, "height": 1000}, locale="en-US",
                                accept_downloads=True)
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server)
        page.wait_for_selector('.hit[data-point="d2"]')
        for i, pt in enumerate(["d2", "d6"]):
            page.click('.hit[data-point="%s"]' % pt)
            page.wait_for_selector('body[data-moves="%d"]' % (i + 1))
        page.click("#records summary")
        with page.expect_download() as dl:
            page.click("#export")
        text = open(dl.value.path()).read()
        assert read_record(text)[2] == ["d2", "d6"]

        page.fill("#import-text", sanmill)
        page.click("#import")
        page.wait_for_selector('body[data-replay-index="0"]')
        assert page.is_visible("#replay-bar") and _stones(page) == [None] * 24
        page.click("#rp-forward")
        page.click("#rp-forward")
        page.wait_for_selector('body[data-replay-index="2"]')
        assert "b4" in page.inner_text("#message") or "d2" in page.inner_text("#message")
        page.click("#rp-last")
        page.wait_for_selector('body[data-replay-index="51"]')
        pos = Position()
        for mv in moves:
            pos.push_text(mv)
        want = ["white" if pos.bb[0] >> q & 1 else "black" if pos.bb[1] >> q & 1 else None for q in range(24)]
        assert _stones(page) == want
        assert "The same position came up three times." in page.inner_text("#result-box")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector('body[data-replay-index="50"]')
        page.click("#record .rmove >> nth=9")            # f6xb4
        page.wait_for_selector('body[data-replay-index="10"]')
        assert page.get_attribute('.led[data-point="f4"]', "data-meaning") == "mill"
        # clicks on the board do nothing while replaying
        page.click('.hit[data-point="a1"]')
        page.wait_for_selector("#error:not([hidden])")
        page.evaluate("document.getElementById('panel').scrollTop = 0")
        page.screenshot(path=os.path.join(ARTIFACTS, "sim-replay.png"))
        page.click("#rp-exit")
        page.wait_for_selector('body[data-replay-index=""]')
        page.wait_for_selector('.stone[data-point="d2"][data-colour="white"]')
        assert page.inner_text("#record").split() == ["1.", "d2", "d6"]
        assert not errors, errors
        browser.close()
