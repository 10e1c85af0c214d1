"""Board controller scenarios: the hint shows a whole move, resignation and draw by
agreement with the board's buttons ("new", then "hint" / "undo"), and the record's
Result and Termination tags. Plain functions with assert (pytest and tests/mprun.py)."""
import morris  # noqa: F401
import board.controller  # noqa: F401
from scenario import run

# White to move: c3-d3 closes d1-d2-d3; d2-d3 reaches the same point and closes nothing.
TWO_WAYS = "start white=d1,d2,c3,a7 black=g7,g1,f4,b6 turn=white hand=0/0"


def test_hint_lights_the_stone_that_closes_the_mill_not_the_other_one():
    s = run(TWO_WAYS + """
        press hint
        expect event hint
        expect only c3=hint_from d3=hint_mill g4=hint_threat
    """)
    h = s.c.status()["hint"]
    assert h["move"] == "c3-d3" and h["from"] == "c3" and h["to"] == "d3"
    assert h["mill"] == ["d1", "d2", "d3"] and h["threats"] == ["g4"]


def test_hint_goes_when_the_board_changes():
    s = run(TWO_WAYS + """
        press hint
        lift c3
        expect only c3=origin d3=dest c4=dest
    """)
    assert s.c.status()["hint"] is None


def test_hint_in_placement_names_the_point_only():
    s = run("""
        start white=a1,d1 black=b2,d2 turn=white hand=7/7
        press hint
        expect only g1=hint_mill f2=hint_threat
    """)
    h = s.c.status()["hint"]
    assert h["move"] == "g1" and h["from"] is None and h["mill"] == ["a1", "d1", "g1"]


def test_new_then_hint_the_side_to_move_resigns():
    s = run("""
        play d2 d6 a1
        press new
        expect state clear
        expect what resigns
        press hint
        expect result 1-0
        expect state over
    """)
    assert s.c.result.reason == "resignation"
    text = s.c.export_record()
    assert '[Result "1-0"]' in text and '[Termination "resignation"]' in text
    # clearing the board starts the next game
    s.do("clear")
    s.do("expect turn white")
    assert s.c.result is None and s.c.record() == []


def test_new_then_undo_is_a_draw_by_agreement_and_ok_plays_on():
    s = run("""
        play d2 d6
        press new
        press ok
        expect state idle
        press new
        press undo
        expect result 1/2-1/2
    """)
    text = s.c.export_record()
    assert '[Result "1/2-1/2"]' in text and '[Termination "draw by agreement"]' in text
    assert s.c.record() == ["d2", "d6"]


def test_resign_and_draw_commands():
    s = run("""
        play d2 d6
    """)
    c = s.c
    assert c.resign("white") is True
    assert c.result.result() == "0-1"
    assert c.resign() is False and c.agree_draw() is False     # the game is over already
    s.do("wait 20")
    s.do("expect event result")


def test_undo_after_a_resignation_takes_it_back():
    s = run("""
        play d2 d6
    """)
    s.c.resign()
    s.do("press undo")
    s.do("lift d6")
    s.do("expect event undo")
    assert s.c.result is None and s.c.record() == ["d2"]


def test_learning_mode_switched_on_mid_game_shows_at_once():
    s = run("""
        start white=a1,d2,f4,b6,g7 black=d1,d3,e4,d6,d7,g4 turn=white hand=0/0
        expect only
    """)
    s.c.set_learning(True)
    s.do("wait 20")
    s.do("expect only a1=movable d2=movable f4=movable b6=movable")
