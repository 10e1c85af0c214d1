"""Issue 22, acceptance 3: CPython and MicroPython give the same answer on a shared
corpus of malformed inputs (tests/data/parser_corpus.jsonl, written by
tools/make_parser_corpus.py: records, Sanmill FEN, position texts, moves, rules
texts, saved games; at least 200 malformed). tests/parsers_agree.py prints each
interpreter's answers; they must be equal line by line (MicroPython: the .mpy
build at a 192 KB heap). Before the readers kept to ASCII whitespace and names,
53 of the corpus's inputs got different answers."""
import json
import os
import subprocess
import sys

from mptools import ROOT, HEAP, tool

CORPUS = os.path.join(ROOT, "tests", "data", "parser_corpus.jsonl")


def _answers(exe):
    r = subprocess.run(exe, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return [json.loads(line) for line in r.stdout.splitlines()]


def test_the_corpus_is_the_tools_and_mostly_malformed():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import make_parser_corpus
    with open(CORPUS, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    assert lines == make_parser_corpus.corpus()
    kinds = {e["kind"] for e in lines}
    assert kinds == {"record", "fen", "position", "move", "rules", "saved"}


def test_cpython_and_micropython_give_the_same_answers(mpy_build):
    cp = _answers([sys.executable, "tests/parsers_agree.py", CORPUS])
    mp = _answers([tool("micropython"), "-X", "heapsize=" + HEAP, "tests/parsers_agree.py", CORPUS, mpy_build[0]])
    with open(CORPUS, encoding="utf-8") as f:
        inputs = [json.loads(line) for line in f]
    assert len(cp) == len(mp) == len(inputs)
    malformed = [a for a in cp if a[0] != "ok"]
    assert len(malformed) >= 200, len(malformed)
    differ = [(e["kind"], e["text"][:60], a, b) for e, a, b in zip(inputs, cp, mp) if a != b]
    assert not differ, "\n".join("%s %r\n  CPython     %r\n  MicroPython %r" % d for d in differ[:20])
