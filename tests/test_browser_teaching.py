"""The simulator page as a teacher and a child use it (issue 16), in a real browser
(Playwright + Debian's chromium, as tests/test_browser.py). One test per finding:

1. a hint shows the whole move (the stone and where it goes) and why;
2. learning mode and level apply at once mid-game and stay after a reload, as do
   the point names; rules and players say they start with the next game;
3. the result is shown beside the board, never over it, with a summary;
4. draw by agreement and resignation, on the page and with the board's buttons,
   with the record's Result and Termination tags;
5. no stale text: the hint goes during a capture, the tray counts the stone just
   placed, the turn box at the end names the winner and not "your turn";
6. one table of colours, each meaning with its own colour and mark (ring / dot),
   the last move marked in live play, a hovered black stone keeps its colour;
7. words for children: full sentences, moves in words, the rules card without
   source numbers and with an example, the French rules' lot said, a hint in the
   computer's turn says to wait;
8. replay numbers moves by pairs as the record does; unknown players show no "(?)";
9. simulator-only helpers, marked as such: the computer moves its own stones (on by
   default), "clear the board for me" at the end of a game.

Also the two screenshots shown in docs/images: the classroom view (1920x1080) and a
game over (1280x720), written to artifacts/ (copy them to docs/images when the page
changes; the tests do not rewrite tracked files).
"""
import json
import os
import urllib.request

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARTIFACTS, chromium, simulator
from morris import Rules
from rulestools import board_field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMAGES = ARTIFACTS


# White to move: c3-d3 closes d1-d2-d3; d2-d3 reaches the same point and closes nothing.
TWO_WAYS = ("d1 d2 c3 a7", "g7 g1 f4 b6", "white", "0/0")
# White (three stones: flying) flies c4-g1 closing a1-d1-g1; the capture leaves Black two.
WIN = ("a1 d1 c4", "b2 d6 f6", "white", "0/0")
# White places: g1 closes a1-d1-g1.
PLACE_MILL = ("a1 d1", "b2 d2", "white", "7/7")


def position_record(white, black, turn, hand, rules="standard"):
    r = Rules.parse(rules)
    text = "%s %s %s %s 0/0 0/0 -/- -" % (str(r), board_field(r.geo, white.split(), black.split()),
                                         turn[0], hand)
    return '[SetUp "1"]\n[Position "%s"]\n\n*\n' % text


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


@pytest.fixture(scope="module")
def humans():
    """The simulator with two humans."""
    yield from simulator("--black", "human")


@pytest.fixture(scope="module")
def computer():
    """The simulator with the computer as Black (level 1: quick)."""
    yield from simulator("--black", "computer", "--level", "1")


def open_page(browser, url, width=1600, height=1000):
    page = browser.new_page(viewport={"width": width, "height": height}, locale="en-US")
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.goto(url)
    page.wait_for_selector('.hit[data-point="d2"]')
    page.wait_for_selector("body[data-moves]")
    return page


def close(page):
    """Close a page of ``open_page``; the test fails on any error of its script."""
    assert not page.errors, page.errors
    page.close()


def send(page, msg):
    page.evaluate("m => send(m)", msg)


def new_game(page, **kw):
    msg = {"type": "new_game", "preset": "standard", "options": {}, "white": "human",
           "black": "human", "level": 1, "learning": False}
    msg.update(kw)
    send(page, msg)
    page.wait_for_function("state && state.record.length === 0 && !state.result && state.status"
                           " && ['idle', 'wait', 'remote'].includes(state.status.state)")


def set_position(page, pos, rules="standard"):
    """Continue the live game from a position (import it, then continue from it)."""
    send(page, {"type": "import", "text": position_record(*pos, rules=rules)})
    page.wait_for_selector('body[data-replay-index="0"]')
    send(page, {"type": "replay_exit", "continue": True})
    page.wait_for_selector('body[data-replay-index=""]')
    page.wait_for_function("state && state.status && state.status.state === 'idle'")


def wait_result(page, result, timeout):
    page.wait_for_function("r => state && state.result === r", arg=result, timeout=timeout)


def click(page, name):
    page.click('.hit[data-point="%s"]' % name)


def moves(page, n):
    page.wait_for_selector('body[data-moves="%d"]' % n, timeout=20000)


def lit(page, meaning):
    return {e.get_attribute("data-point") for e in page.query_selector_all('.led[data-meaning="%s"]' % meaning)}


def api(url, what="state"):
    with urllib.request.urlopen(url + "api/" + what, timeout=10) as r:
        body = r.read().decode("utf-8")
    return json.loads(body) if what == "state" else body


# ---- 1 ------------------------------------------------------------------------------------
def test_1_hint_shows_the_stone_to_move_and_where_and_why(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    set_position(page, TWO_WAYS)
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector('.led[data-point="c3"][data-meaning="hint_from"]', timeout=5000)
    assert lit(page, "hint_from") == {"c3"} and lit(page, "hint_mill") == {"d3"}
    text = page.inner_text("#hint-now")
    assert "from c3 to d3" in text and "d1 d2 d3" in text, text
    assert "g4" in page.inner_text("#hint-threat")
    page.screenshot(path=os.path.join(ARTIFACTS, "sim-hint-whole-move.png"))
    close(page)


# ---- 2 ------------------------------------------------------------------------------------
def test_2_settings_apply_mid_game_and_stay_after_a_reload(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    set_position(page, TWO_WAYS)
    page.click("#setup summary")
    assert "next game" in page.inner_text("#setup .next-game")
    page.check("#learning")
    page.wait_for_selector('.led[data-meaning="movable"]', timeout=5000)   # no new game needed
    assert lit(page, "movable") == {"c3", "d1", "d2", "a7"}
    page.select_option("#level", "4")
    page.wait_for_function("state.settings.level === 4", timeout=5000)
    assert api(humans)["settings"]["level"] == 4 and api(humans)["record"] == []
    page.click("#tools summary")
    page.uncheck("#show-names")
    page.reload()
    page.wait_for_selector("body[data-moves]")
    page.wait_for_function("state && state.settings")
    assert page.is_checked("#learning") and page.input_value("#level") == "4"
    assert not page.is_visible(".point-name")
    page.click("#setup summary")
    page.click("#tools summary")
    page.check("#show-names")
    page.uncheck("#learning")
    page.wait_for_function("!document.querySelector('.led[data-meaning=\"movable\"]')", timeout=5000)
    close(page)


# ---- 3 ------------------------------------------------------------------------------------
def _win_live(page):
    set_position(page, WIN)
    click(page, "c4")
    click(page, "g1")
    page.wait_for_selector('.led[data-meaning="capture"]', timeout=5000)
    click(page, "b2")
    wait_result(page, "1-0", 10000)


def test_3_result_beside_the_board_with_a_summary(browser, humans):
    page = open_page(browser, humans, 1280, 720)
    new_game(page)
    _win_live(page)
    page.evaluate("document.getElementById('panel').scrollTop = 0")
    box = page.locator("#result-box")
    assert box.is_visible()
    assert "White wins" in page.inner_text("#result-title")
    summary = page.inner_text("#result-summary")
    assert "fewer than three" in summary and "Moves played: 1" in summary
    assert "White took 7 black stones. Black took 6 white stones." in summary   # 9 - 2, 9 - 3
    # every point of the board can be seen: nothing of the page lies over it
    hidden = page.evaluate("""() => POINTS.filter(n => {
        const r = document.querySelector('.hit[data-point="' + n + '"]').getBoundingClientRect();
        const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !e || !e.closest('#board'); })""")
    assert hidden == []
    b, p = page.locator("#board").bounding_box(), box.bounding_box()
    assert p["x"] >= b["x"] + b["width"], "the result box lies beside the board"
    assert p["y"] + p["height"] <= 720
    os.makedirs(IMAGES, exist_ok=True)
    page.mouse.move(1, 1)                               # no hover outline in the picture
    page.screenshot(path=os.path.join(IMAGES, "game-over-1280x720.png"))
    close(page)


# ---- 4 ------------------------------------------------------------------------------------
def test_4_draw_by_agreement_and_resignation_on_the_page_and_the_board(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    assert page.is_disabled("#offer-draw")            # no game going on yet
    click(page, "d2")
    moves(page, 1)
    click(page, "d6")
    moves(page, 2)
    page.click("#offer-draw")                          # the dialog is accepted
    wait_result(page, "1/2-1/2", 5000)
    assert "draw" in page.inner_text("#result-box")
    rec = api(humans, "record")
    assert '[Result "1/2-1/2"]' in rec and '[Termination "draw by agreement"]' in rec
    new_game(page)
    click(page, "d2")
    moves(page, 1)
    page.click("#resign")                              # two humans: the side to move (Black)
    wait_result(page, "1-0", 5000)
    rec = api(humans, "record")
    assert '[Result "1-0"]' in rec and '[Termination "resignation"]' in rec
    # the board's gesture: New, then Hint -> the side to move resigns
    new_game(page)
    click(page, "d2")
    moves(page, 1)
    page.click('button.hw[data-button="new"]')
    page.wait_for_function("state.status.state === 'clear'")
    assert "gives up" in page.inner_text("#message")
    page.click('button.hw[data-button="hint"]')
    wait_result(page, "1-0", 5000)
    assert '[Termination "resignation"]' in api(humans, "record")
    close(page)


# ---- 5 ------------------------------------------------------------------------------------
def test_5_no_stale_text_in_capture_or_at_the_end(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    set_position(page, PLACE_MILL)
    # a mistake is worded by its code (stones still in hand: no lifting), for children
    click(page, "a1")
    page.wait_for_function("state.status.state === 'mistake'")
    assert page.inner_text("#message") == ("White still has stones in hand. Put this one back on a1"
                                           " and put a new stone on a free point.")
    click(page, "a1")
    page.wait_for_function("state.status.state === 'idle'")
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hand-white") == "7"
    click(page, "g1")                                   # closes the mill: capture now
    page.wait_for_selector('.led[data-meaning="capture"]', timeout=5000)
    assert page.is_hidden("#hint-box")
    assert page.inner_text("#hand-white") == "6" and page.inner_text("#board-white") == "3"
    new_game(page)
    _win_live(page)
    turn = page.inner_text("#turn-box")
    assert "your turn" not in turn and "White wins" in turn
    assert "white" in page.get_attribute("#turn-stone", "class")
    close(page)


# ---- 6 ------------------------------------------------------------------------------------
def test_6_one_table_own_colours_marks_and_the_last_move(browser, humans):
    page = open_page(browser, humans)
    table = page.evaluate("catalogue.table")
    colours = [tuple(v["rgb"]) for v in table.values()]
    assert len(set(colours)) == len(colours)
    assert table["remote_to"]["rgb"] != table["hint_mill"]["rgb"]
    assert table["remove"]["rgb"] != table["hint_threat"]["rgb"]
    new_game(page)
    set_position(page, TWO_WAYS)
    click(page, "c3")                                   # lift: destinations are dots
    page.wait_for_selector('.led[data-meaning="dest"]', timeout=5000)
    for led in page.query_selector_all(".led.lit"):
        m = led.get_attribute("data-meaning")
        assert led.get_attribute("data-mark") == table[m]["mark"], m
        p = led.get_attribute("data-point")
        shape = "dot" if table[m]["mark"] == "dot" else "ring"
        assert page.get_attribute('.%s[data-point="%s"]' % (shape, p), "opacity") != "0"
    legend = page.query_selector('#legend li[data-meaning="dest"] .swatch')
    assert "dot" in legend.get_attribute("class")
    click(page, "d3")                                   # the move c3-d3 closes a mill
    page.wait_for_selector('.led[data-meaning="capture"]', timeout=5000)
    click(page, "g7")
    moves(page, 1)
    # the last move is marked in live play
    assert page.get_attribute(".last-to", "data-point") == "d3"
    assert page.get_attribute(".last-from", "data-point") == "c3"
    assert page.query_selector('#legend li[data-meaning="last-move"]')
    # a hovered black stone keeps its colour (no grey veil like a ghost stone)
    page.hover('.hit[data-point="g1"]')
    fill = page.evaluate("getComputedStyle(document.querySelector('.hit[data-point=\"g1\"]')).fill")
    assert fill in ("transparent", "rgba(0, 0, 0, 0)"), fill
    close(page)


# ---- 9 ------------------------------------------------------------------------------------
def test_9_simulator_helpers_are_marked_and_the_computer_moves_its_stones(browser, computer):
    page = open_page(browser, computer)
    new_game(page, black="computer")
    assert page.is_checked("#auto-remote")              # on by default in the simulator
    assert "Simulator only" in page.inner_text("#tools .sim-only-box") or \
        page.locator("#auto-remote").evaluate("e => e.closest('.sim-only-box') !== null")
    click(page, "d2")
    moves(page, 2)                                      # no click for the computer's stone
    assert sum(1 for s in page.query_selector_all(".stone") if s.get_attribute("data-colour")) == 2
    assert not page.locator("#sim-help").is_visible()   # mid-game: no "Clear the board for me"
    page.click("#resign")                               # White (the human) gives up
    wait_result(page, "0-1", 5000)
    help_box = page.locator("#sim-help")
    assert help_box.is_visible() and "Simulator only" in help_box.inner_text()
    page.click("#clear-now")
    page.wait_for_function("state.record.length === 0 && !state.result", timeout=5000)
    assert all(not s.get_attribute("data-colour") for s in page.query_selector_all(".stone"))
    close(page)


# ---- 7 ------------------------------------------------------------------------------------
def test_7_words_for_children(browser, computer):
    page = open_page(browser, computer)
    send(page, {"type": "sim_options", "auto_remote": False})   # the computer's move by hand
    new_game(page, black="computer")
    msg = page.inner_text("#message")
    assert msg[0].isupper() and msg.endswith(".") and "put a stone" in msg, msg
    page.click('.hit[data-point="d2"]')
    page.wait_for_selector('.led[data-meaning="remote_to"]', timeout=20000)
    page.click('button.hw[data-button="hint"]')          # the computer's turn
    page.wait_for_selector("#hint-box:not([hidden])")
    assert "computer's turn" in page.inner_text("#hint-box")
    msg = page.inner_text("#message")
    to = page.get_attribute('.led[data-meaning="remote_to"]', "data-point")
    assert "a stone on %s" % to in msg and msg[0].isupper(), msg
    click(page, to)
    moves(page, 2)
    page.click("#rules-card summary")
    card = page.inner_text("#card-body")
    assert "source" not in card and "Example:" in card and "d3 means column d, row 3" in card
    assert "fly_at" not in page.inner_text("#setup") and "variation:" not in page.inner_text("#setup")
    # the French rules draw lots for the first player: the page says so
    new_game(page, preset="french", black="computer")
    page.wait_for_function("document.getElementById('message').textContent.includes('lot')")
    assert "moves first" in page.inner_text("#message")
    send(page, {"type": "sim_options", "auto_remote": True})
    close(page)


# ---- 8 ------------------------------------------------------------------------------------
def test_8_replay_numbers_moves_by_pairs_and_hides_unknown_players(browser, humans):
    page = open_page(browser, humans)
    send(page, {"type": "import", "text": "d2 d6 b4 f4 g7 a7 d1 g1 b2 f2 e3 c5"})
    page.wait_for_selector('body[data-replay-index="0"]')
    for _ in range(11):
        page.click("#rp-forward")
    page.wait_for_selector('body[data-replay-index="11"]')
    assert "move 6 of 6" in page.inner_text("#replay-text")
    assert page.inner_text("#message") == "Move 6 of 6. White put a stone on e3."
    assert "?" not in page.inner_text("#trays")
    assert page.get_attribute(".last-to", "data-point") == "e3"
    page.click("#rp-exit")
    page.wait_for_selector('body[data-replay-index=""]')
    close(page)


# ---- the classroom view ------------------------------------------------------------------------
def test_classroom_view_big_board_and_a_short_side(browser, humans):
    page = open_page(browser, humans, 1920, 1080)
    new_game(page)
    set_position(page, TWO_WAYS)
    page.click("#classroom-toggle")
    page.wait_for_selector("body.classroom")
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector('.led[data-meaning="hint_from"]', timeout=5000)
    board = page.locator("#board").bounding_box()
    assert board["height"] >= 1000 and board["width"] >= 1000
    visible = page.evaluate("""() => Array.from(document.querySelectorAll('#panel > *'))
        .filter(e => e.getClientRects().length).map(e => e.id)""")
    assert set(visible) <= {"controls", "replay-bar", "turn-box", "result-box", "message", "error", "sim-help",
                            "hint-box", "setup"}
    assert {"controls", "turn-box", "message", "hint-box", "setup"} <= set(visible)
    assert "Can I close a mill now?" in page.inner_text("#hint-box")
    os.makedirs(IMAGES, exist_ok=True)
    page.screenshot(path=os.path.join(IMAGES, "classroom-1920x1080.png"))
    page.click("#classroom-toggle")
    page.wait_for_selector("body:not(.classroom)")
    close(page)


# ---- the new-user trial ---------------------------------------------------------------------
def test_hint_answers_follow_a_language_switch(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    click(page, "d2")
    moves(page, 1)
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector("#hint-box:not([hidden])")
    page.wait_for_function("document.getElementById('hint-now').textContent.startsWith('No')")
    for lang, now, safe in (("fr", "Non, pas avec ce coup.", "Non. Tu es tranquille pour l’instant."),
                            ("ru", "Нет, не этим ходом.", "Нет. Пока опасности нет.")):
        page.select_option("#lang", lang)
        page.wait_for_function("l => document.body.dataset.lang === l", arg=lang)
        assert page.inner_text("#hint-now") == now and page.inner_text("#hint-threat") == safe, lang
    page.select_option("#lang", "en")
    close(page)


def test_a_movement_hint_blocks_only_with_a_stone_that_can_move_there(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    set_position(page, ("a1 g1 b2 f2", "d6 d7 e5 g4", "white", "0/0"))
    page.click('button.hw[data-button="hint"]')
    page.wait_for_function("document.getElementById('hint-threat').textContent.includes('d5')")
    assert page.inner_text("#hint-threat") == "Yes, on d5. You cannot block it with one move."
    set_position(page, ("a1 g1 b2 c5", "d6 d7 e5 g4", "white", "0/0"))
    page.click('button.hw[data-button="hint"]')
    page.wait_for_function("document.getElementById('hint-threat').textContent.includes('from')")
    assert page.inner_text("#hint-threat") == "Yes, on d5. To block it, move the stone from c5 to d5."
    close(page)


def test_the_computers_move_in_whole_sentences_by_hand_only_when_asked(browser, computer):
    page = open_page(browser, computer)
    words = lambda mv, auto: page.evaluate(
        "([mv, auto]) => remoteText(mv, {turn: 'black', message: '', sim: {auto_remote: auto}})", [mv, auto])
    assert words("d7xb2", True) == "Black puts a stone on d7 and takes the stone on b2."
    assert words("d6-d7", False) == ("Black moves the stone from d6 to d7. "
                                     "Do this move on the board as the lights show.")
    send(page, {"type": "sim_options", "auto_remote": False})   # the computer's move by hand
    new_game(page, black="computer")
    click(page, "d2")
    page.wait_for_selector('.led[data-meaning="remote_to"]', timeout=20000)
    to = page.get_attribute('.led[data-meaning="remote_to"]', "data-point")
    assert page.inner_text("#message") == ("Black puts a stone on %s. "
                                           "Do this move on the board as the lights show." % to)
    click(page, to)
    moves(page, 2)
    send(page, {"type": "sim_options", "auto_remote": True})
    close(page)


def test_hint_during_a_capture_answers_and_goes_when_the_turn_changes(browser, humans):
    page = open_page(browser, humans)
    new_game(page)
    set_position(page, PLACE_MILL)
    click(page, "g1")
    page.wait_for_function("state.status.state === 'capture'")
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector("#hint-box:not([hidden])", timeout=5000)
    assert page.inner_text("#hint-now") == "Your mill is made: take a lit stone first, then ask again."
    page.click('.hit[data-point="b2"]')                  # the capture: Black's turn
    page.wait_for_function("state.turn === 'black' && state.status.state === 'idle'", timeout=5000)
    assert not page.locator("#hint-box").is_visible()
    close(page)


def test_numbers_take_the_plural_form_of_each_language(browser, humans):
    page = open_page(browser, humans)
    tm = lambda text: page.evaluate("x => tm(x)", text)
    took = lambda n: page.evaluate("n => tn('White took {0} black stone.', 'White took {0} black stones.', n, n)", n)
    assert tm("White to place a stone (1 in hand)") == \
        "White, put a stone on a free point. You have 1 stone in your hand."
    assert tm("White to place a stone (5 in hand)").endswith("You have 5 stones in your hand.")
    assert (took(1), took(2)) == ("White took 1 black stone.", "White took 2 black stones.")
    page.select_option("#lang", "ru")
    page.wait_for_function("document.body.dataset.lang === 'ru'")
    assert [tm("White to place a stone (%d in hand)" % n) for n in (1, 3, 5, 21)] == [
        "Белые ходят. Поставь фишку на свободную точку. В руке у тебя %s." % n
        for n in ("1 фишка", "3 фишки", "5 фишек", "21 фишка")]
    assert took(2) == "Белые сняли 2 чёрные фишки."
    page.select_option("#lang", "fr")
    page.wait_for_function("document.body.dataset.lang === 'fr'")
    assert (took(1), took(2)) == ("Les Blancs ont pris 1 pion noir.", "Les Blancs ont pris 2 pions noirs.")
    page.select_option("#lang", "en")
    close(page)
