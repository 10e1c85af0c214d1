"""The board as a teacher on the simulator page (issue 24, acceptance 2 and 3), in a
real browser (Playwright + Debian's chromium, as tests/test_browser.py):

- learning mode lights every destination good / playable / mistake (a mistake with
  a cross over its dot), the legend and the quality box say so, Hint says why a move
  is a mistake; learning mode off shows the plain lights;
- a puzzle from the page's Puzzles button: set up (the simulator's "Set stones as
  expected"), failed once, solved on the second try; the next one failed twice,
  then its answer is shown and played.

Screenshots of the quality lights and of a puzzle go to artifacts/ (copied to
docs/images when the page changes; the tests do not rewrite tracked files).
"""
import os
import re

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARTIFACTS, chromium, simulator
from teach import puzzle
from test_browser_teaching import open_page, close, send, new_game, set_position, click, lit

# a puzzle's move said as a sentence (host_sim/i18n.py MOVE_TEMPLATES), not in notation
MOVE_SAID = r"\b(White|Black) %s (a stone on|the stone from) [a-g][1-7]\b"

# White places: g1 closes a1-d1-g1 (good), f2 blocks black's b2-d2 (all right), the rest
# lets black close b2-d2-f2 (mistakes)
PLACE_MILL = ("a1 d1", "b2 d2", "white", "7/7")


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


@pytest.fixture(scope="module")
def humans():
    yield from simulator("--black", "human")


def test_learning_mode_lights_the_moves_by_quality_and_hint_says_why(browser, humans):
    page = open_page(browser, humans, 1600, 1000)
    new_game(page, learning=True)
    set_position(page, PLACE_MILL)
    page.wait_for_selector('.led[data-point="g1"][data-meaning="good"]', timeout=15000)
    assert lit(page, "good") == {"g1"} and lit(page, "playable") == {"f2"}
    assert "c3" in lit(page, "mistake") and len(lit(page, "mistake")) == 18
    # the mistake's second cue on the page: a cross over its dot; in the legend too
    assert page.locator('.cross.on[data-point="c3"]').count() == 1
    assert page.locator('.cross.on[data-point="g1"]').count() == 0
    legend = page.inner_text("#legend")
    assert "a good move" in legend and "a mistake" in legend and "flashes twice a second" in legend
    box = page.inner_text("#quality-box")
    assert "Good moves: g1." in box and "All right, but not the best: f2." in box, box
    assert "Press Hint to hear why." in box
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector('#quality-box[data-why*="c3=mill"]', timeout=5000)
    box = page.inner_text("#quality-box")
    assert ("On c3 d3 e3 a4 b4: a mistake. Then Black closes the mill b2 d2 f2 and takes one of your"
            " stones." in box), box        # the reasons shared, one line
    assert "On f2: all right. But there is a better move: the one to g1 wins a stone." in box, box
    page.evaluate("document.getElementById('panel').scrollTop = 0")
    page.screenshot(path=os.path.join(ARTIFACTS, "quality-lights.png"))
    # learning mode off: the plain lights (nothing lit in placement), no box
    send(page, {"type": "settings", "learning": False})
    page.wait_for_function("!document.querySelector('.led[data-meaning=\"mistake\"]')", timeout=5000)
    assert not lit(page, "good") and page.locator("#quality-box").is_hidden()
    close(page)


def _moves(p):
    """(an answer, a wrong move) of puzzle ``p`` as move texts of its position."""
    pos = p.position()
    right = [pos.move_text(m) for m in pos.legal_moves if p.is_answer(m)]
    wrong = [pos.move_text(m) for m in pos.legal_moves if not p.is_answer(m)]
    return right[0], wrong[0]


def _play(page, text):
    """Click the move's points: its stone (or an empty point in placement), where it
    goes, the stones it captures."""
    head, *caps = text.split("x")
    for name in head.split("-") + caps:
        click(page, name)
        page.wait_for_function("state && state.queued === 0", timeout=10000)
        page.wait_for_timeout(250)


def _state(page, want, timeout=15000):
    page.wait_for_selector('body[data-puzzle="%s"]' % want, timeout=timeout)


def _tidy(page):
    send(page, {"type": "tidy"})


def _said_in_every_language(page, url):
    """The message in French, Russian and Serbian: whole sentences of the catalogue, nothing
    left in English (test_browser_i18n's check); back to English after."""
    from test_browser_i18n import _check_translated
    out = {}
    for lang in ("fr", "ru", "sr", "en"):
        page.select_option("#lang", lang)
        page.wait_for_selector('body[data-lang="%s"]' % lang)
        _check_translated(page, lang, url, "puzzle")
        out[lang] = page.inner_text("#message")
    return out


def test_a_puzzle_solved_on_the_second_try_then_one_failed_and_its_answer_shown(browser, humans):
    page = open_page(browser, humans, 1600, 1000)
    new_game(page)
    page.click("#puzzles summary")
    page.select_option("#puzzle-level", "1")
    page.click("#puzzle-start")
    _state(page, "setup")
    assert "set up the stones as the lights show" in page.inner_text("#message")
    first = puzzle.read(puzzle.of_level(1)[0])
    assert "Puzzle 1 of" in page.inner_text("#puzzle-title")
    _tidy(page)
    _state(page, "ask")
    right, wrong = _moves(first)
    _play(page, wrong)
    _state(page, "wrong")
    said = page.inner_text("#message")
    assert "That is not the answer." in said and re.search(MOVE_SAID % "(put|moved)", said), said
    _state(page, "back")
    _tidy(page)
    _state(page, "retry")
    assert "Try again" in page.inner_text("#message")
    _play(page, right)
    _state(page, "right")
    said = page.inner_text("#message")
    assert said.startswith("Right! You found it. ") and re.search(MOVE_SAID % "(put|moved)", said), said
    said = _said_in_every_language(page, humans)      # the verdict stays until OK
    assert said["fr"].startswith("Bravo ! Tu as trouvé. Les ") and "Верно! Ответ найден." in said["ru"], said
    page.evaluate("document.getElementById('panel').scrollTop = 0")
    page.screenshot(path=os.path.join(ARTIFACTS, "puzzle-solved.png"))
    page.click("#puzzle-next")
    _state(page, "setup")
    assert "Solved so far: 1 of 1." in page.inner_text("#puzzle-count")
    second = puzzle.read(puzzle.of_level(1)[1])
    _tidy(page)
    _state(page, "ask")
    said = _said_in_every_language(page, humans)
    assert "сейчас ходят" in said["ru"] and "de jouer" in said["fr"], said
    page.evaluate("document.getElementById('panel').scrollTop = 0")
    page.screenshot(path=os.path.join(ARTIFACTS, "puzzle-ask.png"))
    right, wrong = _moves(second)
    for _ in range(2):
        _play(page, wrong)
        _state(page, "back")
        _tidy(page)
    _state(page, "answer")
    said = page.inner_text("#message")
    assert said.startswith("Here is the answer. ") and re.search(MOVE_SAID % "(puts|moves)", said), said
    said = _said_in_every_language(page, humans)
    assert said["sr"].startswith("Evo odgovora. ") and said["fr"].startswith("Voici la réponse. "), said
    a = second.answers[0]
    names = second.position().geo.names
    assert names[a & 31] in lit(page, "good")
    _play(page, right)
    _state(page, "played")
    page.click("#puzzle-stop")
    page.wait_for_function("state && state.status && !state.status.puzzle", timeout=10000)
    assert page.locator("#puzzle-box").is_hidden()
    close(page)
