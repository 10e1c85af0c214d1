"""The move-quality suite (tests/data/quality_suite.txt, tools/quality_suite.py): at
least 40 positions of standard rules and three relatives; every legal destination's
LED meaning (good / playable / mistake) as the board's judge gives it (teach/judge.py
on the engine board where the engine holds the rules, else on the rules core; the
meaning rule of teach/quality.py) is the one listed, and the one a search one ply
deeper gives (tools/quality_suite.py's ``deep_values``: an independent exact search
over the rules core). CPython only."""
import os

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
import sys as _sys
_sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
from morris import Position
from quality_suite import deep_values, meanings, judged
from teach.quality import meaning, GOOD, PLAYABLE, MISTAKE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "tests", "data", "quality_suite.txt"), encoding="utf-8") as _f:
    SUITE = [ln.rstrip("\n").split(" | ") for ln in _f if ln.strip() and not ln.startswith("#")]


def test_the_suite_has_forty_positions_with_every_meaning():
    assert len(SUITE) >= 40
    seen = set()
    rules = set()
    for text, want in SUITE:
        seen |= set(kv.split("=")[1] for kv in want.split())
        rules.add(text.split()[0].split("+")[0])
    assert seen == {"good", "playable", "mistake"}
    assert "standard" in rules and len(rules) >= 3, rules
    assert sum(1 for text, want in SUITE if "mistake" in want) >= 30


@pytest.mark.parametrize("k", range(len(SUITE)))
def test_each_destination_by_the_judge_and_a_deeper_search(k):
    text, want = SUITE[k]
    pos = Position.from_text(text)
    listed = dict(kv.split("=") for kv in want.split())
    assert judged(pos) == listed, text
    assert meanings(pos, deep_values(pos, 3)) == listed, text


def test_the_meaning_rule():
    assert meaning(1, 1) == GOOD and meaning(0, 1) == PLAYABLE
    assert meaning(-1, 1) == MISTAKE and meaning(-1, -1) == GOOD
    assert meaning(-2, -1) == MISTAKE and meaning(0, 0) == GOOD
