"""Game records (firmware/morris/record.py): plain asserts, runs under CPython and
MicroPython (tests/mprun.py)."""
from morris import Position, Rules, PRESETS, WHITE, BLACK, IllegalMoveError
from morris.record import (write_record, read_record, replay, RecordError, numbers,
                           split_record)
from morris.sanmill import from_sanmill_fen, to_sanmill_fen, is_sanmill_fen
from rulestools import raises, random_game, state


def _collect():
    try:
        import gc
        gc.collect()
    except (ImportError, AttributeError):
        pass


def _round_trip(rules, seed, first=WHITE):
    _collect()
    pos = random_game(rules, seed, max_turns=50)
    moves = [pos.move_text(m) for m in pos.move_stack]
    text = write_record(moves, rules=rules, tags={"Event": "test", "White": "A \"quoted\" name"})
    tags, start, back = read_record(text)
    assert back == moves, (rules, seed)
    assert tags["Rules"] == str(Rules.parse(rules)) and tags["Event"] == "test"
    assert tags["White"] == 'A "quoted" name'
    out = pos.outcome()
    assert tags["Result"] == (out.result() if out else "*")
    end = replay(text)
    assert state(end) == state(pos)
    # writing again gives the same text
    assert write_record(back, rules=start.rules, tags={"Event": "test", "White": 'A "quoted" name'}) == text
    return text


def test_round_trip_every_preset():
    for name in sorted(PRESETS):
        if name == "french":
            continue   # first player by lot: tested below with both sides
        for seed in (3, 11):
            _round_trip(name, seed)
            _collect()
    _round_trip("wikipedia+double_mill=two+no_return=on", 5)


def test_black_first_is_numbered_1_ellipsis():
    text = write_record(["d2", "d6", "b4"], rules="french", first="black")
    assert "[First \"black\"]" in text
    assert "1... d2 2. d6 b4 *" in text
    tags, start, moves = read_record(text)
    assert start.turn == BLACK and moves == ["d2", "d6", "b4"]
    # without a First tag, "1..." alone says Black began
    tags, start, moves = read_record("[Rules \"french\"]\n1... d2 2. d6 b4")
    assert start.turn == BLACK
    assert numbers([BLACK, WHITE, BLACK]) == [(1, "black"), (2, "white"), (2, "black")]
    assert numbers([WHITE, BLACK, WHITE, BLACK]) == [(1, "white"), (1, "black"), (2, "white"), (2, "black")]
    # a side moving twice running (defender_first): its second move starts the next number
    assert numbers([WHITE, BLACK, BLACK, WHITE]) == [(1, "white"), (1, "black"), (2, "black"), (3, "white")]
    assert numbers([BLACK, WHITE, WHITE, BLACK]) == [(1, "black"), (2, "white"), (3, "white"), (3, "black")]


def test_setup_position_round_trip():
    pos = Position(Rules("standard"))
    for t in "d2 d6 b4 f4 d1 b6".split():
        pos.push_text(t)
    start = pos.copy()
    for t in "a1 g7".split():
        pos.push_text(t)
    text = write_record(["a1", "g7"], start=start)
    assert "[SetUp \"1\"]" in text and "[Position \"%s\"]" % start.text() in text
    tags, st, moves = read_record(text)
    assert st.text() == start.text() and moves == ["a1", "g7"]
    assert replay(text).text() == pos.text()


def test_illegal_move_is_refused_with_its_number():
    e = raises(RecordError, read_record, "1. d2 d6 2. b4 d2 3. a1 a7")
    assert e.move_number == 2 and e.side == "black" and e.turn == 4 and e.reason == "occupied"
    assert "move 2..." in str(e) and "occupied" in str(e)
    assert isinstance(e, IllegalMoveError) and e.move == "d2"
    e = raises(RecordError, read_record, "1. d2 d6 2. z9")
    assert e.move_number == 2 and e.side == "white" and "bad point" in str(e)
    e = raises(RecordError, read_record, "[Rules \"nonsense\"]\n1. d2")
    assert e.turn is None and "Rules" in str(e)
    raises(RecordError, read_record, "[Broken tag\n1. d2")
    raises(RecordError, read_record, "1. d2 d6 1-0 e4")
    raises(RecordError, read_record, "xd2 d6")


def test_sanmill_action_notation_and_comments():
    tags, start, moves = read_record("b4 d2 {a comment} d6 f4 # note\n e4 d7 d3 f2 b2 f6 xb4 g1")
    assert moves[9] == "f6xb4" and len(moves) == 11
    tags, moves, result = split_record("1.d2 d6 2.b4 1/2-1/2")
    assert moves == ["d2", "d6", "b4"] and result == "1/2-1/2"


def test_sanmill_fen():
    fen = "O*******/********/******@* b p p 1 8 1 8 0 0 0 1"
    assert is_sanmill_fen(fen) and not is_sanmill_fen("d2 d6 b4")
    pos = from_sanmill_fen(fen)
    names = pos.geo.names
    assert [names[p] for p in range(24) if pos.bb[WHITE] >> p & 1] == ["d5"]
    assert [names[p] for p in range(24) if pos.bb[BLACK] >> p & 1] == ["a4"]
    assert pos.turn == BLACK and pos.hand == [8, 8]
    assert to_sanmill_fen(pos) == "O*******/********/******@* b p p 1 8 1 8 0 0 0 0 0 0 0 0 1"
    assert from_sanmill_fen(to_sanmill_fen(pos)).text() == pos.text()
    # the older five-count form: black counts first, one "to remove"
    old = from_sanmill_fen("O*******/********/******@* b p p 1 8 1 8 0 0 1")
    assert old.text() == pos.text()
    raises(RecordError, from_sanmill_fen, "O*******/********/******@* w p r 1 8 1 8 1 0 0 1")
    raises(RecordError, from_sanmill_fen, "O*******/********/******@* w p p 2 8 1 8 0 0 0 1")
    raises(RecordError, from_sanmill_fen, "O******/********/******@* w p p 1 8 1 8 0 0 0 1")
    text = "[FEN \"%s\"]\n1... d2 2. d6" % fen
    tags, start, moves = read_record(text)
    assert start.turn == BLACK and moves == ["d2", "d6"]


def test_sanmill_fen_white_first_seven_counts():
    """May 2021 to January 2023 Sanmill wrote its 7 counts White first (issue 14's FEN)."""
    pos = from_sanmill_fen("O*O@O*O@/@*@***@O/O@O@O@O* b m s 9 0 8 0 0 8 23")
    assert pos.count == [9, 8] and pos.hand == [0, 0] and pos.turn == BLACK and pos.ncp == 8
    # the same board written Black first (until May 2021)
    assert from_sanmill_fen("O*O@O*O@/@*@***@O/O@O@O@O* b m s 8 0 9 0 0 8 23").text() == pos.text()
    # placement: hands tell the two orders apart (White placed first)
    a = from_sanmill_fen("O*******/********/******@* b p p 1 8 1 7 0 0 1", Rules("standard"))
    assert a.hand == [7, 8]
    # who placed first is drawn by lot in `french`: the hands cannot decide
    assert "ambiguous" in str(raises(RecordError, from_sanmill_fen,
                                     "O*******/********/******@* w p p 1 8 1 7 0 0 1", Rules("french")))
    e = raises(RecordError, from_sanmill_fen, "O*******/********/******@* w p p 2 8 1 8 0 0 1")
    assert "do not match the board" in str(e)


def test_sanmill_fen_ambiguous_seven_counts_are_refused():
    # Lasker: hands need not follow the turn, so both orders fit this board
    e = raises(RecordError, from_sanmill_fen, "O*******/********/******@* w p p 1 5 1 7 0 0 1", Rules("lasker"))
    assert "ambiguous" in str(e) and "white 5, black 7" in str(e) and "white 7, black 5" in str(e)
    # the current layout says which is which
    pos = from_sanmill_fen("O*******/********/******@* w p p 1 5 1 7 0 0 0 0 0 0 0 0 1", Rules("lasker"))
    assert pos.hand == [5, 7]


def test_sanmill_fen_marks_and_mill_memory():
    pos = from_sanmill_fen("*O*@*O**/**O@**@*/*O@@**X* w p p 4 7 5 7 0 0 0 0 0 0 0 0 6", Rules("cham-gonu"))
    assert pos.marks == 1 << pos.geo.point("a4") and "X" in pos.text()
    assert "a4" not in [pos.move_text(m) for m in pos.legal_moves]
    assert to_sanmill_fen(pos, 6).startswith("*O*@*O**/**O@**@*/*O@@**X* w p p 4 7 5 7 0 0")
