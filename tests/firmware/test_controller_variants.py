"""Board controller scenarios for the variants' actions (docs/variants.md,
firmware/board/reading.py masks): marked points, a stone taken from a hand, removals
at a full board, moves during placement, intervention captures, and Six Men's
Morris on the 24-point board. Plain functions with assert (pytest and
tests/mprun.py); the scenario language is described in scenario.py."""
import morris  # noqa: F401
import board.controller  # noqa: F401
from scenario import run

# Dooz, one placement before a full board (no mill anywhere; g7 stays empty).
FULL_DOOZ = ("start white=d1,g1,b2,d2,e3,a4,e4,f4,c5,d6,a7 "
             "black=a1,f2,c3,d3,b4,c4,g4,d5,e5,b6,f6,d7 turn=white hand=1/0")
# El Filja, one placement before a full board: a7 closes white's only mill a1-a4-a7.
FULL_FILJA = ("start white=a1,b2,d3,b4,c4,e4,e5,d6,f6,d7,g7 "
              "black=d1,g1,d2,f2,c3,e3,a4,f4,g4,c5,d5,b6 turn=white hand=1/0")


def test_mark_shown_until_placement_ends_and_a_stone_there_is_refused():
    run("""
        rules cham-gonu
        start white=a1,d1 black=b2,d2,f6,e5 turn=white hand=1/1
        place g1
        expect state capture
        expect lit b2=capture d2=capture
        lift b2
        expect move g1xb2
        expect lit b2=marked
        expect what black to place
        place b2                         # a marked point: no stone may go there
        expect state mistake
        expect what b2 is marked
        expect lit b2=remove
        lift b2
        expect event fixed
        expect lit b2=marked
        place c5                         # black's last stone: placement ends, the mark goes
        expect move c5
        expect dark b2
        expect what white to move
    """)


def test_hand_capture_says_whose_hand_and_waits_for_ok():
    run("""
        rules dooz
        start white=a1,d1 black=b2,d2 turn=white hand=10/10
        place g1                         # mill: a stone leaves black's hand, none the board
        expect move g1
        expect event take_from_hand
        expect state hand
        expect what out of black's hand
        expect hand 9 9
        expect lit a1=mill d1=mill g1=mill
        place f2                         # black may not play before ok
        expect lit f2=remove
        expect record g1
        lift f2
        press ok
        expect state idle
        expect what black to place
        place f2
        expect move f2
    """)


def test_hand_capture_by_the_computer_waits_for_ok_before_the_next_move():
    run("""
        rules dooz
        players remote human
        start white=a1,d1 black=b2,d2 turn=white hand=10/10
        remote g1
        place g1
        expect move g1
        expect state hand
        expect what out of black's hand
        press ok
        expect state idle
        expect turn black
    """)


def test_full_board_removal_lights_the_stones_and_takes_one():
    run("""
        rules dooz
        %s
        place g7                         # the board is full: black removes a white stone
        expect move g7
        expect turn black
        expect what full board: black removes 1 of the lit white stones
        expect lit d1=capture g7=capture
        lift d1
        expect move xd1
        expect turn white
        expect what white to move
    """ % FULL_DOOZ)


def test_full_board_two_removals_show_the_first_then_finish():
    run("""
        rules el-filja
        %s
        place a7
        expect move a7
        expect turn black                # black has no mill: removes one white stone
        expect what full board: black removes 1
        lift b2
        expect move xb2
        expect turn white                # white's one mill: two black stones
        expect what full board: white removes 2 of the lit black stones
        lift d1
        expect state capture
        expect lit d1=captured
        expect what removes one more
        expect nomove
        lift g1
        expect move xd1xg1
    """ % FULL_FILJA)


def test_lasker_moves_a_stone_while_stones_are_in_hand():
    run("""
        rules lasker
        start white=a1,d1,b4 black=b2,d6 turn=white hand=7/8
        expect what or move one
        lift a1
        expect state lifted
        expect lit a4=dest
        put a4
        expect move a1-a4
        expect hand 7 8
        place d5
        expect move d5
        expect hand 7 7
    """)


def test_intervention_captures_both_stones_of_the_line():
    run("""
        rules mul-mulan
        start white=d1,g7 black=a1,a7 turn=white hand=7/7
        place a4
        expect state capture
        expect what captured in between
        expect lit a1=capture a7=capture
        lift a1
        expect state capture
        expect nomove
        lift a7
        expect move a4xa1xa7
        expect turn black
    """)


def test_six_uses_the_inner_squares_and_shows_a_stone_outside_as_stray():
    run("""
        rules six
        place b2
        expect move b2
        expect dark a1 g7 d1
        place a1                         # the outer square is not part of the game
        expect nomove
        expect glow a1
        lift a1
        expect dark a1
        place d6
        expect move d6
        slide - f4 via g4                # a stone dragged over the outer square
        expect move f4
        expect record b2 d6 f4
    """)
