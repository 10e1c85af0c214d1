"""The page as a teacher with a projector and a child meet it (issue 24, findings 1-8), in a
real browser (Playwright + Debian's chromium, as tests/test_browser.py). One test per finding:

1. the classroom view has every control its messages mention: New, Undo, Hint, OK, the
   settings, the language, "Clear the board for me";
2. a move is one grammatical sentence in every language, played ("White moved the stone from
   d2 to d1 and took the stone on e5.") or being played ("White puts a stone on g1 and takes
   the stone on b2.");
3. every language speaks to the child in whole sentences, without chess jargon or notation,
   as one person (tu / ты / ti); the legend's lines are whole;
4. the record's header and the rules card's title name the rules in words, not as rules text;
5. every preset's rules card has its own example, on its own board;
6. the layout: the side scrolls back to the turn after a new game or an import, the board's
   buttons never move, nothing is cut at 1366x768, 800x600 and 390x844, the turn's stone is
   round, the portrait classroom view has a wide board and its controls in view;
7. colours: the page draws every meaning as tests/test_palette.py measures it, the stone a
   move took is marked, the hover outline is unlike the last move's dashed marks;
8. the server refuses pages of other sites (WebSocket and HTTP) and a 30,000-deep JSON
   message gets one error reply while the connection and the game stay.

Also the classroom screenshot of docs/images (artifacts/classroom-1366x768.png; copy it to
docs/images when the page changes: the tests do not rewrite tracked files).
"""
import asyncio
import json
import os
import re
import urllib.error
import urllib.request

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARTIFACTS, chromium, simulator
from morris import Rules, PRESETS
from test_browser_teaching import PLACE_MILL, WIN, open_page, close, send, new_game, set_position, \
    wait_result, click, moves, position_record  # noqa: F401
from test_catalogue_words import JARGON, NOTATION, FORMAL
from test_palette import page_look

LANGS = ("en", "fr", "ru", "sr")


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


@pytest.fixture(scope="module")
def humans():
    """The simulator with two humans."""
    yield from simulator("--black", "human")


def language(page, lang):
    page.select_option("#lang", lang)
    page.wait_for_function("l => document.body.dataset.lang === l", arg=lang)


def in_view(page, selector):
    """True when the element is shown and lies wholly inside the window (no scrolling needed)."""
    return page.evaluate("""s => { const e = document.querySelector(s);
        if (!e || !e.getClientRects().length) return false;
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5
               && r.bottom <= innerHeight + 0.5; }""", selector)


def start(page, preset="standard", options=None, **kw):
    """A new game of ``preset`` (two humans unless said), once the page shows its rules."""
    from host_sim.sim import build_rules
    rules = str(build_rules(preset, {k: str(v) for k, v in (options or {}).items()}))
    page.evaluate("() => { if (state.replay) send({type: 'replay_exit', continue: false}); }")
    page.wait_for_function("!state.replay")
    new_game(page, preset=preset, options=options or {}, **kw)
    page.wait_for_function("r => state.settings.rules === r && state.record.length === 0", arg=rules)


def state(page, expr):
    page.wait_for_function("state && state.status && (%s)" % expr, timeout=10000)


# ---- 1 ------------------------------------------------------------------------------------
BUTTON_WORDS = {"new": "New", "undo": "Undo", "hint": "Hint", "ok": "OK"}


def check_named_controls(page):
    """Every board button the message names, and "Clear the board for me" when the message asks
    to clear the board, is shown in the window."""
    msg = page.inner_text("#message")
    for name, word in BUTTON_WORDS.items():
        if re.search(r"\b%s\b" % word, msg):
            assert in_view(page, 'button.hw[data-button="%s"]' % name), (word, msg)
    if "clear the board" in msg.lower() and page.evaluate("state.result !== null"):
        assert in_view(page, "#clear-now"), msg
    return msg


def test_1_the_classroom_view_has_every_control_its_messages_mention(browser, humans):
    page = open_page(browser, humans, 1366, 768)
    start(page, "wikipedia")                                # captures are optional there
    page.click("#classroom-toggle")
    page.wait_for_selector("body.classroom")
    for name in BUTTON_WORDS:
        assert in_view(page, 'button.hw[data-button="%s"]' % name), name
    assert in_view(page, "#lang") and in_view(page, "#settings-open") and in_view(page, "#classroom-toggle")
    page.click("#settings-open")                             # the settings, without leaving the view
    assert page.locator("#level").is_visible() and page.locator("#learning").is_visible()
    page.click("#setup summary")
    assert not page.locator("#level").is_visible()
    # a mill with an optional capture: "... or press OK to take none", and OK declines it
    set_position(page, PLACE_MILL, rules="wikipedia")
    click(page, "g1")
    state(page, "state.status.state === 'capture'")
    assert "press OK" in check_named_controls(page)
    page.click('button.hw[data-button="ok"]')
    state(page, "state.status.state === 'idle' && state.turn === 'black'")
    assert page.evaluate("state.record") == ["g1"]
    # a child's slip: Undo shows how to restore, OK keeps playing
    page.click('button.hw[data-button="undo"]')
    state(page, "state.status.state === 'restore'")
    assert "Press OK" in check_named_controls(page)
    page.click('button.hw[data-button="ok"]')
    state(page, "state.status.state === 'idle'")
    # a game over: "Clear the board for a new game." with "Clear the board for me" in view
    set_position(page, WIN)
    click(page, "c4")
    click(page, "g1")
    state(page, "state.status.state === 'capture'")
    click(page, "b2")
    wait_result(page, "1-0", 10000)
    page.wait_for_selector("#sim-help:not([hidden])")
    assert "Clear the board" in check_named_controls(page)
    page.mouse.move(1, 1)
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, "classroom-1366x768.png"))
    page.click("#clear-now")
    page.wait_for_function("state.record.length === 0 && !state.result", timeout=20000)
    # the language, from the view too
    language(page, "fr")
    assert page.inner_text('button.hw[data-button="new"]') == "Nouvelle"
    language(page, "en")
    page.click("#classroom-toggle")
    page.wait_for_selector("body:not(.classroom)")
    close(page)


# ---- 2 ------------------------------------------------------------------------------------
MOVES = {   # (side, move, tense) -> the sentence in en, fr, ru, sr
    ("white", "d2-d1xe5", "past"): (
        "White moved the stone from d2 to d1 and took the stone on e5.",
        "Les Blancs ont déplacé le pion de d2 à d1 et ont pris le pion sur e5.",
        "Белые передвинули фишку с d2 на d1 и сняли фишку с e5.",
        "Beli su pomerili kamenčić sa d2 na d1 i skinuli kamenčić sa e5."),
    ("white", "a1", "past"): (
        "White put a stone on a1.", "Les Blancs ont posé un pion sur a1.",
        "Белые поставили фишку на a1.", "Beli su stavili kamenčić na a1."),
    ("black", "a1-d1xb2xf4", "now"): (
        "Black moves the stone from a1 to d1 and takes the stones on b2 and f4.",
        "Les Noirs déplacent le pion de a1 à d1 et prennent les pions sur b2 et f4.",
        "Чёрные передвигают фишку с a1 на d1 и снимают фишки с b2 и f4.",
        "Crni pomeraju kamenčić sa a1 na d1 i skidaju kamenčiće sa b2 i f4."),
}
FIRMWARE = {   # the firmware's English -> the page's sentences
    "White plays g1xb2": (
        "White puts a stone on g1 and takes the stone on b2.",
        "Les Blancs posent un pion sur g1 et prennent le pion sur b2.",
        "Белые ставят фишку на g1 и снимают фишку с b2.",
        "Beli stavljaju kamenčić na g1 i skidaju kamenčić sa b2."),
    "Make Black's move d6-d7 as lit": (
        "Black moves the stone from d6 to d7. Do this move on the board as the lights show.",
        "Les Noirs déplacent le pion de d6 à d7. Fais ce coup sur le plateau comme les lumières le montrent.",
        None, None),
}


def test_2_a_move_is_one_grammatical_sentence_in_every_language(browser, humans):
    page = open_page(browser, humans)
    start(page)
    for i, lang in enumerate(LANGS):
        language(page, lang)
        for (side, mv, tense), want in MOVES.items():
            assert page.evaluate("a => moveSentence(...a)", [side, mv, tense]) == want[i], (lang, mv)
        for text, want in FIRMWARE.items():
            got = page.evaluate("x => tm(x)", text)
            if want[i]:
                assert got == want[i], (lang, text)
            assert got[0].isupper() and got.endswith("."), (lang, got)
        assert not page.evaluate("Array.from(window.untranslated)"), lang
    # the replay says the move played, capture and all
    language(page, "en")
    rec = position_record(*PLACE_MILL).replace("\n\n*\n", "\n\n1. g1xb2 *\n")
    send(page, {"type": "import", "text": rec})
    page.wait_for_selector('body[data-replay-index="0"]')
    page.click("#rp-forward")
    page.wait_for_selector('body[data-replay-index="1"]')
    assert page.inner_text("#message").startswith("Move 1 of 1. White put a stone on g1 and took the stone on b2.")
    page.click("#rp-exit")
    page.wait_for_selector('body[data-replay-index=""]')
    close(page)


# ---- 3 ------------------------------------------------------------------------------------
SAMPLES = [   # firmware messages as the board words them
    "White to move: lift a stone", "Black to place a stone (7 in hand)", "White flies: lift a stone",
    "That is black's stone: put it back on b2", "Mill! Take a lit black stone, or press ok to skip",
    "Black wins (fewer than three stones). Clear the board for a new game",
    "White still has stones in hand: put this one back on a1 and place a new one",
    "Full board: White removes 2 of the lit black stones",
    "Wait for black's move: put the stone back on d2",
]


def whole_sentences(text):
    return bool(text) and text[0].isupper() and text.rstrip()[-1] in ".!?"


def test_3_every_language_speaks_in_whole_sentences_for_a_child(browser, humans):
    page = open_page(browser, humans)
    start(page)
    click(page, "d2")
    moves(page, 1)
    for lang in LANGS:
        language(page, lang)
        texts = [page.evaluate("x => tm(x)", s) for s in SAMPLES] + [page.inner_text("#message")]
        texts.append(page.evaluate("x => tm(x)", "record refused: move 1... (black, d2): occupied"))
        for text in texts:
            assert whole_sentences(text), (lang, text)
            assert not JARGON[lang].search(text) and not NOTATION.search(text), (lang, text)
            assert lang not in FORMAL or not FORMAL[lang].search(text), (lang, text)
        legend = page.inner_text('#legend li[data-meaning="last-move"]').strip()
        assert legend == page.evaluate("t(%s)" % json.dumps(
            "the last move: a dashed ring where it went, a small dashed circle where it came from"))
        assert not page.evaluate("Array.from(window.untranslated)"), lang
    language(page, "fr")
    assert page.evaluate("x => tm(x)", SAMPLES[0]) == "Aux Blancs de jouer\u00a0: soulève un de tes pions pour le déplacer."
    assert page.evaluate("x => tm(x)", SAMPLES[3]) == "C’est un pion noir. Remets-le sur b2."
    language(page, "ru")
    assert page.inner_text('#legend li[data-meaning="last-move"]').endswith("откуда она пришла")
    assert page.evaluate("x => tm(x)", SAMPLES[0]) == "Белые ходят. Подними свою фишку, чтобы передвинуть её."
    language(page, "sr")
    assert page.evaluate("x => tm(x)", SAMPLES[0]) == "Beli su na potezu. Podigni svoj kamenčić da ga pomeriš."
    language(page, "en")
    close(page)


# ---- 4 ------------------------------------------------------------------------------------
def test_4_the_record_header_and_the_rules_card_name_the_rules_in_words(browser, humans):
    page = open_page(browser, humans)
    start(page, "wikipedia", {"double_mill": "two", "fly_at": 0})
    page.click("#rules-card summary")
    for lang in LANGS:
        language(page, lang)
        for sel in ("#rules-name", "#card-preset"):
            text = page.inner_text(sel)
            assert not re.search(r"[=+_]|wikipedia|double|fly", text), (lang, sel, text)
            assert page.evaluate("t('Wikipedia')") in text
            assert page.evaluate("t('Two mills at once take two stones')") in text, (lang, text)
    language(page, "en")
    assert page.inner_text("#rules-name") == ("(Wikipedia · Jumping starts with this many stones (0: never): 0"
                                              " · Two mills at once take two stones)")
    page.click("#rules-card summary")
    new_game(page)
    close(page)


# ---- 5 ------------------------------------------------------------------------------------
def test_5_every_preset_has_its_own_example_on_its_own_board(browser, humans):
    page = open_page(browser, humans)
    start(page)
    examples = {}
    for lang in LANGS:
        language(page, lang)
        examples[lang] = page.evaluate("Object.fromEntries(Object.keys(catalogue.presets).map("
                                       "p => [p, EXAMPLES[p] ? t(EXAMPLES[p]) : null]))")
    assert set(examples["en"]) == set(PRESETS)
    for preset, text in examples["en"].items():
        assert text and text.startswith("Example:"), preset
        geo = Rules(preset).geo
        points = re.findall(r"\b[a-g][1-7]\b", text)
        assert set(points) <= set(geo.names), (preset, text)
        for triple in re.findall(r"\b[a-g][1-7] [a-g][1-7] [a-g][1-7]\b", text):    # "the mill a1 d1 g1"
            assert triple in geo.line_names, (preset, triple)
        for lang in LANGS[1:]:      # every language names the same points
            assert sorted(re.findall(r"\b[a-g][1-7]\b", examples[lang][preset])) == sorted(points), (lang, preset)
    assert len(set(examples["en"].values())) == len(PRESETS), "each preset its own example"
    # Six Men's Morris's card on the page: its example lies on the two inner squares
    language(page, "en")
    start(page, "six")
    page.click("#rules-card summary")
    card = page.inner_text("#card-body")
    assert examples["en"]["six"] in card and not re.search(r"\b[adg][147]\b", card)
    page.click("#rules-card summary")
    new_game(page)
    close(page)


# ---- 6 ------------------------------------------------------------------------------------
BUTTONS = "() => [...document.querySelectorAll('#board-buttons button')].map(b => { " \
          "const r = b.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round); })"
CUT = """() => {
  const panel = document.getElementById("panel").getBoundingClientRect(), out = [];
  for (const e of document.querySelectorAll("#panel *")) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === "hidden") continue;
    if (e.closest("#events, #record, .tray-stones")) continue;
    const r = e.getBoundingClientRect();
    if (!r.width) continue;
    const what = (e.id || e.tagName) + " " + (e.textContent || "").trim().slice(0, 30);
    if (r.left < panel.left - 1 || r.right > panel.right + 1 || r.right > innerWidth + 1) out.push("outside: " + what);
    if (["BUTTON", "SELECT"].includes(e.tagName) && e.scrollWidth > e.clientWidth + 1) out.push("clipped: " + what);
  }
  return out;
}"""


def test_6_the_layout_keeps_the_turn_in_view_the_buttons_still_and_nothing_cut(browser, humans):
    page = open_page(browser, humans, 1366, 768)
    start(page)
    # a new game from the setup at the bottom of the side: the turn and the message in view
    page.click("#setup summary")
    page.click("#all-options summary")
    page.locator("#start").scroll_into_view_if_needed()
    page.click("#start")
    page.wait_for_function("state.record.length === 0")
    assert in_view(page, "#turn-box") and in_view(page, "#message")
    page.click("#setup summary")
    # an import: the replay controls in view
    page.click("#records summary")
    page.fill("#import-text", "d2 d6 b4 f4")
    page.locator("#import").scroll_into_view_if_needed()
    page.click("#import")
    page.wait_for_selector('body[data-replay-index="0"]')
    assert in_view(page, "#replay-bar") and in_view(page, "#rp-forward")
    # the board's buttons stay where they are, whatever boxes come and go
    at = page.evaluate(BUTTONS)
    steps = []
    page.click("#rp-exit")
    page.wait_for_selector('body[data-replay-index=""]')
    page.click("#records summary")
    steps.append(("live", page.evaluate(BUTTONS)))
    set_position(page, PLACE_MILL)
    page.click('button.hw[data-button="hint"]')
    page.wait_for_selector("#hint-box:not([hidden])")
    steps.append(("hint", page.evaluate(BUTTONS)))
    click(page, "g1")
    state(page, "state.status.state === 'capture'")
    steps.append(("capture", page.evaluate(BUTTONS)))
    click(page, "b2")
    moves(page, 1)
    send(page, {"type": "import", "text": "d2"})
    page.wait_for_selector('body[data-replay-index="0"]')
    click(page, "a1")                                  # in replay: an error is shown
    page.wait_for_selector("#error:not([hidden])")
    steps.append(("replay and an error", page.evaluate(BUTTONS)))
    page.click("#rp-exit")
    page.wait_for_selector('body[data-replay-index=""]')
    # learning mode's move quality and a puzzle: their boxes come below the buttons
    send(page, {"type": "settings", "learning": True})
    set_position(page, PLACE_MILL)
    page.wait_for_selector("#quality-box:not([hidden])", timeout=15000)
    steps.append(("the move quality", page.evaluate(BUTTONS)))
    send(page, {"type": "puzzle", "level": 1})
    page.wait_for_selector("#puzzle-box:not([hidden])", timeout=10000)
    steps.append(("a puzzle", page.evaluate(BUTTONS)))
    send(page, {"type": "puzzle", "level": 0})
    page.wait_for_selector("#puzzle-box", state="hidden", timeout=10000)
    send(page, {"type": "settings", "learning": False})
    set_position(page, WIN)
    click(page, "c4")
    click(page, "g1")
    state(page, "state.status.state === 'capture'")
    click(page, "b2")
    wait_result(page, "1-0", 10000)
    page.wait_for_selector("#sim-help:not([hidden])")
    steps.append(("result and clear the board for me", page.evaluate(BUTTONS)))
    for what, where in steps:
        assert where == at, (what, where, at)
    new_game(page)
    close(page)
    # small screens: nothing of the side cut off, every setting included; the turn's stone round
    for w, h in ((1366, 768), (800, 600), (390, 844)):
        page = open_page(browser, humans, w, h)
        for d in ("setup", "all-options", "puzzles", "rules-card", "records", "tools"):
            page.evaluate("d => { document.getElementById(d).open = true; }", d)
        page.wait_for_selector("#card-body li")
        for view in ("", "classroom"):
            if view:
                page.click("#classroom-toggle")
                page.wait_for_selector("body.classroom")
            for lang in LANGS:
                language(page, lang)
                assert page.evaluate(CUT) == [], (w, h, view, lang)
        page.click("#classroom-toggle")
        language(page, "en")
        box = page.locator("#turn-stone").bounding_box()
        assert abs(box["width"] - box["height"]) < 1, (w, h, box)
        close(page)
    # portrait classroom: the board across the width, its buttons and the way out in view
    page = open_page(browser, humans, 390, 844)
    page.click("#classroom-toggle")
    page.wait_for_selector("body.classroom")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.locator("#board").bounding_box()["width"] >= 0.9 * 390
    for sel in ["#classroom-toggle"] + ['button.hw[data-button="%s"]' % b for b in BUTTON_WORDS]:
        assert in_view(page, sel), sel
    page.click("#classroom-toggle")
    close(page)


# ---- 7 ------------------------------------------------------------------------------------
def test_7_colours_marks_the_captured_stone_and_a_hover_unlike_the_last_move(browser, humans):
    page = open_page(browser, humans)
    table = page.evaluate("catalogue.table")
    for name, row in table.items():
        if name == "off":
            continue
        look = page.evaluate("rgb => ledLook(rgb)", row["rgb"])
        fill, alpha = page_look(row["rgb"])
        assert look["fill"] == "rgb(%d,%d,%d)" % fill and abs(look["alpha"] - alpha) < 1e-9, name
    new_game(page)
    set_position(page, PLACE_MILL)
    click(page, "g1")
    state(page, "state.status.state === 'capture'")
    click(page, "b2")
    moves(page, 1)
    assert page.get_attribute(".last-capture", "data-point") == "b2"
    assert page.get_attribute(".last-to", "data-point") == "g1"
    assert "dashed cross" in page.inner_text('#legend li[data-meaning="last-move"]')
    page.hover('.hit[data-point="a4"]')
    hover = page.evaluate("getComputedStyle(document.querySelector('.hit[data-point=\"a4\"]')).strokeDasharray")
    last = page.evaluate("getComputedStyle(document.querySelector('.last-to')).strokeDasharray")
    assert hover == "none" and last != "none", (hover, last)
    close(page)


# ---- 8 ------------------------------------------------------------------------------------
def ws_with_origin(url, origin):
    """("open", first message type) or ("refused", HTTP status) of a WebSocket opened with
    ``origin`` (aiohttp's client, in a thread of its own: Playwright's loop runs in this one)."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _ws_with_origin(url, origin)).result(30)


async def _ws_with_origin(url, origin):
    import aiohttp
    async with aiohttp.ClientSession() as s:
        try:
            async with s.ws_connect(url.replace("http", "ws") + "ws", headers={"Origin": origin}) as ws:
                msg = await ws.receive(timeout=5)
                return "open", msg.type
        except aiohttp.WSServerHandshakeError as e:
            return "refused", e.status


def _http(url, headers):
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_8_other_sites_are_refused_and_deep_json_gets_one_error(browser, humans):
    evil = "http://evil.example"
    assert ws_with_origin(humans, evil) == ("refused", 403)
    assert ws_with_origin(humans, humans.rstrip("/"))[0] == "open"     # its own page
    for path in ("", "api/state", "api/record", "app.js", "i18n/fr.json"):
        assert _http(humans + path, {"Origin": evil}) == 403, path
        assert _http(humans + path, {}) == 200, path
    port = humans.rsplit(":", 1)[1].strip("/")
    assert _http(humans + "api/state", {"Host": "evil.example:%s" % port}) == 403     # DNS rebinding
    # a 30,000-deep message (60 kB, under the size limit): one error reply, the game goes on
    page = open_page(browser, humans)
    start(page)
    click(page, "d2")
    moves(page, 1)
    page.evaluate("() => { window.wsBefore = ws; window.errors = []; ws.addEventListener('message', ev => {"
                  " const m = JSON.parse(ev.data); if (m.type === 'error') window.errors.push(m.message); }); }")
    deep = '{"type": "state", "x": ' + "[" * 30000 + "]" * 30000 + "}"
    assert len(deep) < 65536
    page.evaluate("raw => ws.send(raw)", deep)
    page.wait_for_function("window.errors.length === 1", timeout=10000)
    page.wait_for_timeout(500)
    assert page.evaluate("window.errors.length") == 1 and "deep" in page.evaluate("window.errors[0]")
    assert page.evaluate("ws === window.wsBefore && ws.readyState === WebSocket.OPEN")
    assert page.is_visible("#error")
    click(page, "d6")                                   # the same connection plays on
    moves(page, 2)
    assert page.evaluate("state.record") == ["d2", "d6"]
    close(page)
