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
