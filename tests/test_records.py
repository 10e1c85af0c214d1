"""Game records (firmware/morris/record.py, docs/records.md) on CPython: round trips
for every preset, Sanmill's self-play game and FEN, refusals naming the move
number, and 20 engine-against-engine games exported, then replayed through the
simulator's physical-event path (host_sim.headless: switch events only), each
reproducing its record exactly."""
import os
import random

import pytest

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim import headless
from host_sim.records import load, Replay
from morris import Position, Rules, PRESETS, WHITE, BLACK
from morris.record import write_record, read_record, replay, RecordError
from morris.sanmill import from_sanmill_fen, to_sanmill_fen
from engine import Engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SANMILL = os.path.join(ROOT, "tests", "data", "sanmill-selfplay-standard.txt")
RULE_SETS = sorted(PRESETS) + ["wikipedia+double_mill=two", "wikipedia+no_return=on",
                               "wikipedia+double_mill=two+no_return=on"]


def _random_game(rules, seed, first=WHITE, max_turns=300):
    rng = random.Random(seed)
    pos = Position(Rules.parse(rules), first)
    while len(pos.move_stack) < max_turns:
        moves = pos.legal_moves
        if not moves:
            break
        pos.push(rng.choice(moves))
    return pos


def _exact(pos):
    return (pos.text(), list(pos.bb), list(pos.hand), pos.turn, pos.ncp, pos.p33, list(pos.hist))


@pytest.mark.parametrize("rules", RULE_SETS)
def test_round_trip_every_preset(rules):
    for seed in range(4):
        first = BLACK if rules == "french" and seed % 2 else WHITE
        pos = _random_game(rules, seed, first)
        moves = [pos.move_text(m) for m in pos.move_stack]
        tags = {"Event": "round trip", "Site": "pytest", "Date": "2026.11.29",
                "White": "random", "Black": "random \\ \"quoted\"", "Round": str(seed)}
        text = write_record(moves, rules=rules, first=first, tags=tags)
        got_tags, start, got = read_record(text)
        assert got == moves
        for k, v in tags.items():
            assert got_tags[k] == v
        assert got_tags["Rules"] == str(Rules.parse(rules))
        out = pos.outcome()
        assert got_tags["Result"] == (out.result() if out else "*")
        if out:
            assert got_tags["Termination"] == out.reason
        assert start.turn == first
        assert _exact(replay(text)) == _exact(pos)
        assert write_record(got, rules=start.rules, first=start.turn, tags=tags) == text


def test_rules_tag_names_non_default_options():
    text = write_record(["d2"], rules="wikipedia+double_mill=two")
    assert '[Rules "wikipedia+double_mill=two"]' in text
    assert read_record(text)[1].rules == Rules("wikipedia", double_mill="two")


def test_import_sanmill_selfplay_game():
    with open(SANMILL) as f:
        text = f.read()
    tags, start, moves = read_record(text)
    assert len(moves) == 51 and moves[9] == "f6xb4" and moves[28] == "e4-e3xc5"
    pos = replay(text)
    assert pos.outcome().result() == "1/2-1/2" and pos.outcome().reason == "threefold repetition"
    # exported in our format and read back: the same game
    ours = write_record(moves, rules="standard", tags={"Event": "Sanmill self-play"})
    assert "26. g1-d1 1/2-1/2" in ours and '[Termination "threefold repetition"]' in ours
    assert read_record(ours)[2] == moves
    # the simulator's importer takes the file as it is
    assert load(text)[2] == moves


@pytest.mark.parametrize("text,number,side,reason", [
    ("1. d2 d6 2. b4 d6", 2, "black", "occupied"),
    ("1. d2 d6 2. d2-d3", 2, "white", "stones still in hand"),
    ("1. d2 d6 2. z9 a1", 2, "white", "bad point"),
    ('[Rules "wikipedia"]\n1... d2', None, None, None),   # black first under white-first rules is fine
    ("b4 d2 d6 f4 e4 d7 d3 f2 b2 f6 g1", 5, "black", "capture missing"),
    ("b4 d2 d6 f4 e4 d7 d3 f2 b2 f6 xa1", 5, "black", "no opponent stone on a1"),
    ("a1 a7 d1 b6 g1xa7 b2 a4 d2 a1-a4", 5, "white", "stones still in hand"),
    ("a1 a7 d1 b6 g1xb6xa7", 3, "white", "capture not allowed"),
])
def test_broken_records_are_refused_with_the_move_number(text, number, side, reason):
    if number is None:
        read_record(text)
        return
    with pytest.raises(RecordError) as ei:
        read_record(text)
    e = ei.value
    assert e.move_number == number and e.side == side and reason in e.reason
    assert ("move %d" % number) in str(e) and reason in str(e)


def test_sanmill_fen_import():
    # White on d5 and g1, Black on a4; Black to place, 7 and 8 in hand, clock 3
    fen = "O*******/********/***O**@* b p p 2 7 1 8 0 0 3 2"
    pos = from_sanmill_fen(fen)
    names = pos.geo.names
    assert sorted(names[p] for p in range(24) if pos.bb[WHITE] >> p & 1) == ["d5", "g1"]
    assert [names[p] for p in range(24) if pos.bb[BLACK] >> p & 1] == ["a4"]
    assert pos.turn == BLACK and pos.hand == [7, 8] and pos.ncp == 3
    assert to_sanmill_fen(pos, 2) == "O*******/********/***O**@* b p p 2 7 1 8 0 0 0 0 0 0 0 3 2"
    assert from_sanmill_fen(to_sanmill_fen(pos, 2)).text() == pos.text()
    tags, start, moves = load(fen)
    assert start.text() == pos.text() and moves == [] and tags["FEN"] == fen
    # a record starting from the FEN
    tags, start, moves = read_record('[FEN "%s"]\n1... d6 2. d2' % fen)
    assert moves == ["d6", "d2"]
    # and written back with our position text
    text = write_record(moves, start=start)
    assert '[SetUp "1"]' in text and read_record(text)[2] == moves
    with pytest.raises(RecordError):
        from_sanmill_fen("O*******/********/***O**@* b p r 2 7 1 8 0 1 3 2")


def test_replay_view_steps_without_touching_anything():
    with open(SANMILL) as f:
        tags, start, moves = load(f.read())
    r = Replay(tags, start, moves)
    assert r.state()["index"] == 51 and r.state()["result"] == "1/2-1/2"
    r.go("first")
    assert r.state()["stones"] == [None] * 24
    r.go("forward")
    st = r.state()
    assert st["last"]["move"] == "b4" and st["stones"][start.geo.index["b4"]] == "white"
    r.go("goto", 10)
    st = r.state()
    assert st["last"]["move"] == "f6xb4" and st["last"]["captures"] == ["b4"]
    assert st["mills"] == [["f2", "f4", "f6"]]
    r.go("back")
    assert r.state()["index"] == 9
    r.go("last")
    assert r.state()["index"] == 51
    assert read_record(r.record_text())[2] == moves


def _engine_game(rules, seed, max_turns=160):
    pos = Position(Rules.parse(rules))
    eng = Engine(level=2, nodes=40, seed=seed)
    while pos.outcome() is None and len(pos.move_stack) < max_turns:
        pos.push(eng.think(pos))
    return [pos.move_text(m) for m in pos.move_stack]


ENGINE_RULES = ["standard", "wikipedia", "old-russian", "schmidt",
                "wikipedia+double_mill=two+no_return=on"]


@pytest.mark.parametrize("game", range(20))
def test_engine_games_replay_exactly_through_physical_events(game):
    rules = ENGINE_RULES[game % len(ENGINE_RULES)]
    moves = _engine_game(rules, 1000 + game)
    tags = {"Event": "engine match", "Round": str(game + 1), "White": "engine", "Black": "engine",
            "Date": "2026.11.29", "Site": "pytest"}
    record = write_record(moves, rules=rules, tags=tags)
    # replay the exported record on the simulated board: lift / put / lift only
    rtags, start, rmoves = read_record(record)
    sim = headless.play(rmoves, rules=start.rules, first=start.turn, out=lambda *a: None)
    assert sim.board()["record"] == moves
    again = sim.record_text(tags={**tags, "Site": "pytest"})
    assert again == record


# ---- issue 22, finding 7: records read what people send -------------------------------------

def _std_record():
    return write_record(["d2", "d6", "b4"], rules="standard", tags={"Event": "Club", "White": "Ana"})


def test_a_byte_order_mark_tabs_crlf_and_comments_anywhere_are_read():
    text = _std_record()
    want = read_record(text)
    for variant in ("\ufeff" + text,                          # Windows Notepad
                    text.replace("\n", "\r\n"),
                    text.replace('[Event "', '[Event\t"').replace('[White "', '[White \t "'),
                    text.replace('[Event "Club"]', '[Event "Club"] # where we met'),
                    text.replace('[Event "Club"]', '[Event "Club"] ; PGN comment'),
                    text.replace('[Event "Club"]', '[Event "Club"] {braces}'),
                    "{a comment before the tags}\n# and one more\n" + text,
                    text.replace("1. d2", "1. {first} d2"),
                    '[Event "Club"] [White "Ana"]\n1. d2 d6 2. b4'):
        got = read_record(variant)
        assert got[2] == want[2] and got[0]["Event"] == "Club" and got[0]["White"] == "Ana", repr(variant)


def test_the_finding_7_inputs():
    # a BOM was "move 1. (white, \ufeff[event): malformed move"
    assert read_record("\ufeff" + _std_record())[2] == ["d2", "d6", "b4"]
    # a tab between a tag's name and value was "bad tag line"
    assert read_record('[Event\t"x"]\n1. d2')[0]["Event"] == "x"
    # a malformed Sanmill FEN was tried as moves ("capture 'XXXX/////' with no move before it")
    with pytest.raises(RecordError) as ei:
        read_record("XXXX/////")
    assert "Sanmill FEN" in str(ei.value) and "three rings" in str(ei.value)
    with pytest.raises(RecordError) as ei:
        load("O*******/********/***O**@* b p q 2 7 1 8 0 0 3 2")
    assert "Sanmill FEN action must be p, s or r, got 'q'" in str(ei.value)
    # a FEN or our position text on a line of its own starts the record
    fen = "O*******/********/***O**@* b p p 2 7 1 8 0 0 3 2"
    tags, start, moves = read_record(fen + "\n1... d6 2. d2")
    assert tags["FEN"] == fen and start.turn == BLACK and moves == ["d6", "d2"]
    pos = Position(Rules("standard"))
    pos.push_text("d2")
    tags, start, moves = read_record(pos.text() + "\nd6")
    assert start.text() == pos.text() and moves == ["d6"]
    with pytest.raises(RecordError) as ei:
        read_record("1. d2 d6\n" + fen)
    assert "can only start a record" in str(ei.value)


def test_non_ascii_names_and_spaces_are_refused_alike():
    """The reader keeps to ASCII names and ASCII whitespace, so MicroPython (which knows no
    other) and CPython agree (tests/test_parsers_agree.py)."""
    for text, why in (('[Évent "x"]\n1. d2', "bad tag"), ("1. d2\u00a0d6", "malformed move"),
                      ("1. d2\x1cd6", "malformed move"), ("1. \uff24\uff12", "malformed move")):
        with pytest.raises(RecordError) as ei:
            read_record(text)
        assert why in str(ei.value), (text, str(ei.value))
        assert all(32 <= ord(ch) < 127 for ch in str(ei.value)), str(ei.value)   # quoted as escapes


@pytest.mark.parametrize("rules", RULE_SETS)
def test_exported_records_of_every_preset_import_equal(rules):
    """Acceptance 3: export, import, equal -- through the controller's export (the first
    player from the game, every turn numbered by its side), for every preset and its
    variations, including defender_first ones whose defender moves twice running."""
    from board.controller import Controller
    for seed in range(3):
        rng = random.Random(seed)
        c = Controller(rules=rules, players=("remote", "remote"), first="black" if seed == 2 else None)
        while c.result is None and c.plies < 80:
            c._commit(rng.choice(c.pos.legal_moves))
            c._take = -1
        text = c.export_record()
        end = replay(text)
        assert _exact(end) == _exact(c.pos), rules
        tags, start, moves = read_record(text)
        assert moves == c.record() and start.turn == ("white", "black").index(c.game_start()[1])
        assert write_record(moves, rules=start.rules, first=start.turn,
                            tags={k: tags[k] for k in ("Event", "Site", "Date", "White", "Black")}) == text
