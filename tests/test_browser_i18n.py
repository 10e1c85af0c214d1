"""The simulator page in its four languages (English, Russian, Serbian Latin, French),
in a real browser (Playwright + Debian's chromium, as tests/test_browser.py).

For each language the page is switched in its language menu and brought into
states that show the firmware's own words (a status message, a refused
action with its reason, a hint answering the two questions of the Serbian
rule text) and the rules card; then no text of the main view may be left
untranslated: no visible text is an English msgid whose catalogue gives
another text, no firmware message is left in English, and the page's own
record of texts it could not translate (``window.untranslated``) is empty.
Screenshots of two languages go to artifacts/ (sim-lang-fr.png, sim-lang-sr.png).

Also: the catalogues are complete (every msgid translated in every language),
the page defaults to the browser's language, and the rules card follows the preset.
"""
import json
import os
import re
import urllib.request

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from browserkit import ARTIFACTS, chromium, simulator
from host_sim import i18n

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LANGS = ["ru", "sr", "fr", "en"]


# Visible texts of the main view: every text node under #layout that is shown,
# except those that are data (point names, moves, rules text, serial lines).
VISIBLE_TEXTS = """() => {
  const skip = "#events, #record, .point-name, #rules-name, #card-preset, #lang, #import-text, #options-grid, #preset, #level";
  const out = [];
  const walk = document.createTreeWalker(document.getElementById("layout"), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const n = walk.currentNode, e = n.parentElement, text = n.textContent.trim();
    if (!text || !e || e.closest(skip)) continue;
    if (!e.getClientRects().length || getComputedStyle(e).visibility === "hidden") continue;
    out.push(text);
  }
  for (const b of document.querySelectorAll("#layout [title]"))
    if (b.getClientRects().length) out.push(b.title.trim());
  return out;
}"""


def test_catalogues_are_complete_and_compile():
    for lang in i18n.TRANSLATED:
        assert i18n.missing(lang) == [], lang
    i18n.compile_catalogues(force=True)
    for lang in i18n.TRANSLATED:
        tr = i18n.translations(lang)
        for s in i18n.msgids():
            assert tr.get(s), (lang, s)
            # the placeholders survive translation
            assert sorted(re.findall(r"\{\d\}", tr[s])) == sorted(re.findall(r"\{\d\}", s)), (lang, s)


@pytest.fixture(scope="module")
def server():
    """The simulator on a free loopback port, two humans."""
    yield from simulator("--black", "human")


@pytest.fixture(scope="module")
def browser():
    yield from chromium()


def _catalogue(url, lang):
    with urllib.request.urlopen(url + "i18n/%s.json" % lang) as r:
        return json.loads(r.read().decode())


def _template_res():
    out = []
    for tp in i18n.TEMPLATES:
        parts = [re.escape(p) for p in re.split(r"\{\d\}", tp)]
        out.append(re.compile("^" + "(.+?)".join(parts) + "$"))
    return out


def _check_translated(page, lang, url, where):
    texts = page.evaluate(VISIBLE_TEXTS)
    assert texts, where
    if lang == "en":
        return texts
    messages = _catalogue(url, lang)["messages"]
    english = {s for s in i18n.msgids() if messages.get(s) and messages[s] != s}
    left = [t for t in texts if t in english]
    assert not left, "%s %s: untranslated %r" % (lang, where, left)
    templates = _template_res()
    for sel in ("#message", "#turn-text", "#phase-text", "#hint-box", "#error"):
        if page.is_visible(sel):
            text = page.inner_text(sel).strip()
            for line in text.split("\n"):
                bad = [r.pattern for r in templates if r.match(line.strip())]
                assert not bad, "%s %s: firmware message left in English: %r" % (lang, where, line)
    untranslated = page.evaluate("Array.from(window.untranslated)")
    assert not untranslated, "%s %s: no translation for %r" % (lang, where, untranslated)
    return texts


def _moves(page, n):
    page.wait_for_selector('body[data-moves="%d"]' % n, timeout=10000)


def test_every_language_leaves_no_english_on_the_main_view(server, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1000}, locale="en-US")
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    page.wait_for_selector('.hit[data-point="d2"]')
    page.wait_for_selector('body[data-lang="en"]')
    _moves(page, 0)
    n = 0
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector('body[data-lang="%s"]' % lang)
        _check_translated(page, lang, server, "start")
        # a placement: the status message is the firmware's, translated
        page.click('.hit[data-point="%s"]' % ("d2", "d6", "b4", "f4")[n])
        n += 1
        _moves(page, n)
        _check_translated(page, lang, server, "after a move")
        # a refused action: lift a stone while stones are still in hand -> its reason
        page.click('.hit[data-point="d2"]')
        page.wait_for_function("document.querySelector('.led[data-point=\"d2\"]').dataset.meaning !== 'off'",
                               timeout=5000)
        page.wait_for_timeout(300)
        texts = _check_translated(page, lang, server, "refused action")
        if lang == "en":
            assert any("stones in hand" in t or "stone" in t for t in texts)
        page.click('.hit[data-point="d2"]')          # put it back
        page.wait_for_function("document.querySelector('.led[data-point=\"d2\"]').dataset.meaning === 'off'",
                               timeout=5000)
        # the hint answers both questions
        page.click('button.hw[data-button="hint"]')
        page.wait_for_selector("#hint-box:not([hidden])", timeout=5000)
        _check_translated(page, lang, server, "hint")
        if lang in ("fr", "sr"):
            page.evaluate("document.getElementById('panel').scrollTop = 0")
            page.screenshot(path=os.path.join(ARTIFACTS, "sim-lang-%s.png" % lang))
        # the rules card and the records panel
        page.click("#rules-card summary")
        page.click("#records summary")
        page.wait_for_selector("#card-body li")
        _check_translated(page, lang, server, "rules card")
        if lang in ("fr", "sr"):
            page.screenshot(path=os.path.join(ARTIFACTS, "sim-lang-%s-rules-card.png" % lang))
        page.click("#rules-card summary")
        page.click("#records summary")
    assert not errors, errors
    page.close()


def test_default_language_is_the_browsers(server, browser):
    ctx = browser.new_context(locale="fr-FR")
    page = ctx.new_page()
    page.goto(server)
    page.wait_for_selector('body[data-lang="fr"]', timeout=10000)
    assert page.inner_text("#board-buttons") .split()[0] == "Nouvelle"
    assert page.evaluate("document.documentElement.lang") == "fr"
    ctx.close()
    ctx = browser.new_context(locale="sr-Latn-RS")
    page = ctx.new_page()
    page.goto(server)
    page.wait_for_selector('body[data-lang="sr"]', timeout=10000)
    page.click("#rules-card summary")
    page.wait_for_selector("#card-body li")
    assert "mlin" in page.inner_text("#card-body")
    ctx.close()


# Sentences composed from parts, in words of each language (the native review of issue 24):
# a list of points is said as "a1 and g7"; the stones counted by a list of points take their
# plural form; numbers on the rules card take the plural form of the language; in Russian and
# Serbian a side's name (capitalised in the catalogue) only ever starts a sentence.
AND = {"en": "and", "fr": "et", "ru": "и", "sr": "i"}
TOOK_TWO = {"en": "Black took the stones on b2 and f4.", "fr": "Les Noirs ont pris les pions sur b2 et f4.",
            "ru": "Чёрные сняли фишки с b2 и f4.", "sr": "Crni su skinuli kamenčiće sa b2 i f4."}
TOOK_ONE = {"en": "White took the stone on b2.", "fr": "Les Blancs ont pris le pion sur b2.",
            "ru": "Белые сняли фишку с b2.", "sr": "Beli su skinuli kamenčić sa b2."}
CARD = {   # (stones, fly_at) -> words of the card lines
    "ru": {(3, 1): ("У каждого игрока 3 фишки.", "осталась только 1 фишка"),
           (4, 5): ("У каждого игрока 4 фишки.", "осталось только 5 фишек"),
           (12, 3): ("У каждого игрока 12 фишек.", "осталось только 3 фишки")},
    "sr": {(3, 1): ("Svaki igrač ima 3 kamenčića.", "ostane samo 1 kamenčić"),
           (4, 5): ("Svaki igrač ima 4 kamenčića.", "ostane samo 5 kamenčića"),
           (12, 3): ("Svaki igrač ima 12 kamenčića.", "ostanu samo 3 kamenčića")},
    "fr": {(3, 1): ("Chaque joueur a 3 pions.", "plus que 1 pion,"),
           (4, 5): ("Chaque joueur a 4 pions.", "plus que 5 pions,"),
           (12, 3): ("Chaque joueur a 12 pions.", "plus que 3 pions,")},
}
SIDE_INSIDE = re.compile(r"(?<![.!?…]\s)(?<!^)\b(Белые|Чёрные|Белых|Чёрных|Белым|Чёрным|Beli|Crni|Belih|Crnih|Belima|Crnima)\b")
SIDE_MESSAGES = [
    "Black wins (White resigned). Clear the board for a new game",
    "New game? Clear the board. Or press hint: Black resigns; undo: draw agreed; ok: play on",
    "White flies: lift a stone", "Black's move is coming: wait", "Make Black's move d6-d7 as lit",
    "White took b2. Wrong? Press Undo. Black to move: lift a stone",
    "Full board: White removes 2 of the lit black stones",
]


def test_sentences_composed_from_parts_read_as_words_of_the_language(server, browser):
    page = browser.new_page(viewport={"width": 1600, "height": 1000}, locale="en-US")
    page.goto(server)
    page.wait_for_selector('body[data-lang="en"]')
    tm = lambda text: page.evaluate("x => tm(x)", text)
    for lang in LANGS:
        page.select_option("#lang", lang)
        page.wait_for_selector('body[data-lang="%s"]' % lang)
        both = "a1 %s g7" % AND[lang]
        assert both in tm("Stones where none should be: remove them from a1 g7"), lang
        assert both in page.evaluate("mistakeText({code: 'stray_stone', remove: ['a1', 'g7']}, state)"), lang
        assert both in tm("Board disturbed: remove the stones from a1 g7"), lang
        assert tm("Black took b2 f4. Wrong? Press Undo. White to move: lift a stone").startswith(TOOK_TWO[lang])
        assert tm("White took b2. Wrong? Press Undo. Black to move: lift a stone").startswith(TOOK_ONE[lang])
        for (stones, fly), (first, jump) in CARD.get(lang, {}).items():
            page.evaluate("r => { document.getElementById('card-body').dataset.key = ''; renderCard(r); }",
                          "standard+stones=%d+fly_at=%d" % (stones, fly))
            card = page.evaluate("document.getElementById('card-body').textContent")
            assert first in card and jump in card, (lang, stones, fly, card)
        if lang in ("ru", "sr"):
            texts = [tm(s) for s in SIDE_MESSAGES] + [
                page.evaluate("t('The lot decided: {0} moves first.', sideName('black'))")]
            for text in texts:
                assert not SIDE_INSIDE.search(text), (lang, text)
        assert not page.evaluate("Array.from(window.untranslated)"), lang
    assert SIDE_INSIDE.search("Жребий решил: первыми ходят Чёрные.") and not SIDE_INSIDE.search("Чёрные ходят.")
    page.close()
