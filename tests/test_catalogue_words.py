"""Words for children in every language (host_sim/locale, en ru sr fr): every message
template, page text and rules-card line, as the page shows it, names no rule option
(``fly_at``, ``protect_mills = strict``...), cites no source number, and starts each
sentence with a capital letter (parts of sentences, listed in ``i18n.PARTS``, and the
LED legend labels may start in lower case)."""
import re

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim import i18n
from morris import OPTIONS

IDENTIFIERS = sorted({k for k in OPTIONS if "_" in k}
                     | {v for vals in OPTIONS.values() for v in vals if isinstance(v, str) and "_" in v})
BAD_OPTION = re.compile(r"\b(%s)\b|\bvariation\s*:|\w+\s*=\s*\w+" % "|".join(IDENTIFIERS))
BAD_SOURCE = re.compile(r"(?i)\b(source|источник|izvor)\s*\d|\b\d{3}\b")
SENTENCE_START = re.compile(r"(?:^|[.!?…]\s+)[\"'«“(]*(\S)")


def shown(lang):
    """{msgid: the text the page shows} for ``lang`` (English: the catalogue's words for
    the firmware's texts, the page's own texts as they are)."""
    tr = i18n.translations(lang)
    return {s: tr.get(s) or s for s in i18n.msgids()}


def lower_starts(text):
    out = []
    for m in SENTENCE_START.finditer(text):
        c = m.group(1)
        if c.isalpha() and not c.isupper():
            out.append(text[max(0, m.start(1) - 10):m.start(1) + 20])
    return out


@pytest.mark.parametrize("lang", i18n.CATALOGUES)
def test_no_option_names_no_source_numbers_capital_starts(lang):
    i18n.compile_catalogues()
    bad = []
    for msgid, text in shown(lang).items():
        if BAD_OPTION.search(text):
            bad.append(("option name", text))
        if BAD_SOURCE.search(text):
            bad.append(("source number", text))
        if not i18n.is_part(msgid) and lower_starts(text):
            bad.append(("lower-case start", text))
    assert not bad, "\n".join("%s: %s: %r" % (lang, why, text) for why, text in bad)


def test_the_checks_catch_what_they_look_for():
    assert BAD_OPTION.search("variation: double mill = two")
    assert BAD_OPTION.search("fly_at") and BAD_OPTION.search("first_time_per_line")
    assert BAD_SOURCE.search("Wikipedia rules: source 000, a Russian text")
    assert lower_starts("Carry out black's move. remove the stone")
    assert not lower_starts("{0} wins. Clear the board.") and not lower_starts("Да! Поставь фишку.")


def test_parts_are_texts_of_the_catalogue():
    ids = set(i18n.msgids())
    assert i18n.PARTS <= ids


# The children are spoken to as "tu" / "ты" / "ti" everywhere, and a draw has one name.
FORMAL = {
    "fr": re.compile(r"(?i)\b(vous|votre|vos|\w+ez)\b|partie nulle"),
    "ru": re.compile(r"(?i)\b(вы|вам|вас|ваш\w*|\w+(?:ите|йте|ьте)(?:сь)?)\b"),
    "sr": re.compile(r"(?i)\b(vi|vas|vam|vaš\w*|\w+(?:ite|ajte|ujte|ijte))\b"),
}


@pytest.mark.parametrize("lang", sorted(FORMAL))
def test_one_form_of_address_and_one_word_for_a_draw(lang):
    i18n.compile_catalogues()
    forms, _ = i18n.plurals(lang)
    texts = list(shown(lang).values()) + [f for fs in forms.values() for f in fs]
    bad = [t for t in texts if FORMAL[lang].search(t)]
    assert not bad, "\n".join(bad)
    assert FORMAL["fr"].search("Videz le plateau") and FORMAL["ru"].search("Очистите доску")
    assert FORMAL["sr"].search("podignite kamenčić") and FORMAL["sr"].search("vaš potez")
    assert FORMAL["ru"].search("вернитесь к партии") and not FORMAL["sr"].search("Podigni kamenčić.")


# Words for a child, in every language: no chess jargon ("Blancs au trait", "Ход: Белые",
# "side to move"), no chess notation of move numbers ("coup 1..."), no technical hints in
# brackets ("(from-to)").
JARGON = {
    "en": re.compile(r"\b(?:White|Black) to move\b|\bside to move\b|\bpl(?:y|ies)\b"),
    "fr": re.compile(r"(?i)\btrait\b|\bdemi-coup"),
    "ru": re.compile(r"(?:^|[.!?:]\s+)Ход:|\bполуход"),
    "sr": re.compile(r"(?i)\bpolupotez"),
}
NOTATION = re.compile(r"\d\s*\.\.\.|\b(?:move|coup|ход|potez) \d+\.|\((?:from-to|départ-arrivée|откуда-куда|odakle-kuda)\)")
SENTENCE_END = re.compile(r"(?:[.!?…]|\{\d\})$")      # a part {n} at the end is a sentence of its own


def _all_texts(lang):
    """(msgid, text) of every text the page may show in ``lang``, plural forms too."""
    forms, _ = i18n.plurals(lang)
    out = list(shown(lang).items())
    for one, _many in i18n.plural_ids():
        for f in forms.get(one, []):
            out.append((one, f))
    return out


def _messages():
    """The firmware's and the page's whole messages: every firmware template and word that
    is not a part of a sentence, and the page's texts that are sentences in English."""
    firmware = [s for s in i18n.firmware_texts() if not i18n.is_part(s)]
    page = [s for s, text in shown("en").items()
            if SENTENCE_END.search(text) and s not in firmware and not i18n.is_part(s)]
    return firmware + [one for one, _ in i18n.plural_ids()], set(page)


@pytest.mark.parametrize("lang", i18n.CATALOGUES)
def test_every_message_is_whole_sentences_for_a_child(lang):
    """Every message template of the firmware, in this language, is one or more whole
    sentences (a capital first, a full stop, ! or ? last), and so is every page text that is
    a sentence in English; no text uses chess jargon or notation; in French, Russian and
    Serbian the child is spoken to as tu / ты / ti everywhere (plural forms included)."""
    i18n.compile_catalogues()
    firmware, page = _messages()
    bad = []
    for msgid, text in _all_texts(lang):
        if msgid in firmware or msgid in page:
            if not SENTENCE_END.search(text.strip()):
                bad.append(("no sentence end", text))
            if lower_starts(text):
                bad.append(("lower-case start", text))
        if JARGON[lang].search(text) or NOTATION.search(text):
            bad.append(("jargon", text))
        if lang in FORMAL and FORMAL[lang].search(text):
            bad.append(("formal address", text))
    assert not bad, "\n".join("%s: %s: %r" % (lang, why, text) for why, text in bad)


@pytest.mark.parametrize("lang", i18n.CATALOGUES)
def test_every_template_keeps_its_parts(lang):
    """Every translation of a text with {0}, {1}... keeps each of them (the page fills them
    in), plural forms too."""
    i18n.compile_catalogues()
    bad = []
    for msgid, text in _all_texts(lang):
        if sorted(re.findall(r"\{\d\}", text)) != sorted(set(re.findall(r"\{\d\}", msgid))):
            bad.append((msgid, text))
    assert not bad, bad


def test_the_sentence_checks_catch_what_they_look_for():
    assert JARGON["fr"].search("Blancs au trait : lève un pion")
    assert JARGON["ru"].search("Ход: Белые, подними фишку")
    assert JARGON["en"].search("White to move") and not JARGON["en"].search("lift a stone to move it.")
    assert NOTATION.search("coup 1... (noir, d2)") and NOTATION.search("move (from-to)")
    assert not SENTENCE_END.search("Blancs : pose un pion (7 en main)")
