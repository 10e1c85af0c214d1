"""The puzzle file (firmware/teach/puzzles.bin, built by tools/puzzles.py): at least 60
puzzles in three difficulties and five kinds, for standard rules and two relatives,
each answer verified by an exact minimax over the rules core that is independent of
the tool's (tests/test_engine_tactics_verify.py's ``root_values``) at three and at
four plies (CPython only).

What an answer is, per kind (teach/puzzle.py: a puzzle's answers are (from, to)
pairs; any capture the move makes with them is right):
- mill: the best moves are exactly those of the answers' pairs, at 3 and at 4
  plies, every one captures, and every capture of an answer keeps the stone won;
- block: nothing to capture; the other player could close a mill next; the best
  moves (3 and 4 plies) are exactly the answers' and put a stone on its closing point;
- fork: nothing to capture or block; the best moves win a stone within 3 plies,
  the same moves at 3 and 4 plies;
- blockade: the answers' moves are exactly those that do not lose within 3 (and 4)
  plies, and some other move loses to a reply that blocks every stone;
- flying: a side flies; the answers' moves are exactly those that force a win
  within 3 plies (the same at 4).
"""
import os

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from morris import NONE
from teach import puzzle
from test_engine_tactics_verify import root_values, material, WINV

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PUZZLES = [puzzle.read(i) for i in range(puzzle.count())]


def _pair(pos, text):
    m = pos.parse_move(text)
    return (m >> 5 & 31) << 5 | (m & 31)


def _of_answers(pos, p):
    return set(pos.move_text(m) for m in pos.legal_moves if p.is_answer(m))


def test_sixty_puzzles_in_three_levels_five_kinds_and_three_rule_sets():
    assert len(PUZZLES) >= 60
    assert set(p.level for p in PUZZLES) == {1, 2, 3}
    assert set(p.kind for p in PUZZLES) == set(puzzle.KINDS)
    by_rules = {}
    for p in PUZZLES:
        by_rules[p.rules] = by_rules.get(p.rules, 0) + 1
    assert set(by_rules) == {"standard", "six", "morabaraba"}, by_rules
    for p in PUZZLES:
        assert 1 <= len(p.answers) <= (5 if p.kind == "blockade" else 3)
        pos = p.position()
        assert pos.outcome() is None and not pos.hist[2:], pos.text()
    # no puzzle twice
    assert len(set((p.rules, p.white, p.black, p.turn, p.hand) for p in PUZZLES)) == len(PUZZLES)


@pytest.mark.parametrize("i", range(len(PUZZLES)))
def test_each_answer_by_an_independent_exact_search(i):
    p = PUZZLES[i]
    pos = p.position()
    ans = _of_answers(pos, p)
    legal = set(pos.move_text(m) for m in pos.legal_moves)
    assert ans and ans != legal, pos.text()
    caps = dict((pos.move_text(m), m >> 10 & 31 != NONE) for m in pos.legal_moves)
    if p.kind == "flying":
        assert pos.flying(0) or pos.flying(1)
        for depth in (3, 4):
            wins = set(t for t, v in root_values(pos, depth).items() if v >= WINV - 10)
            assert wins == ans, (pos.text(), depth, sorted(wins))
        return
    if p.kind == "blockade":
        for depth in (3, 4):
            vals = root_values(pos, depth)
            safe = set(t for t, v in vals.items() if v > -(WINV - 10))
            assert safe == ans, (pos.text(), depth, sorted(safe))
        blocked = False
        for t in legal - ans:
            pos.push(pos.parse_move(t))
            for r in pos.legal_moves:
                pos.push(r)
                oc = pos.outcome()
                pos.pop()
                blocked = blocked or (oc is not None and oc.reason == "blocked")
            pos.pop()
        assert blocked, pos.text()
        return
    base = material(pos)
    pairs = set(_pair(pos, t) for t in ans)
    for depth in (3, 4):
        vals = root_values(pos, depth)
        b = max(vals.values())
        best = set(t for t, v in vals.items() if v == b)
        assert set(_pair(pos, t) for t in best) == pairs, (pos.text(), depth, sorted(best))
        if p.kind == "mill":
            assert all(caps[t] for t in best) and all(vals[t] > base for t in ans), pos.text()
        else:
            assert best == ans, (pos.text(), depth, sorted(best))
    if p.kind == "block":
        from board.hint import threats
        thr = threats(pos, 1 - pos.turn)
        assert thr and not any(caps.values()), pos.text()
        assert all(thr >> (m & 31) & 1 for m in pos.legal_moves if p.is_answer(m)), pos.text()
    if p.kind == "fork":
        assert not any(caps.values()), pos.text()
        assert max(root_values(pos, 3).values()) == base + 1, pos.text()


def test_the_file_is_read_by_seek_and_refuses_a_damaged_record(tmp_path):
    path = os.path.join(ROOT, "firmware", "teach", "puzzles.bin")
    data = open(path, "rb").read()
    assert len(data) == puzzle.HEADER + puzzle.RECORD * len(PUZZLES)
    bad = tmp_path / "bad.bin"
    bad.write_bytes(data[:puzzle.HEADER] + b"\x09" + data[puzzle.HEADER + 1:])
    with pytest.raises(ValueError):
        puzzle.read(0, str(bad))
    with pytest.raises(IndexError):
        puzzle.read(len(PUZZLES))
    assert puzzle.count(str(tmp_path / "none.bin")) == 0
