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
