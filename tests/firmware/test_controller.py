"""Board controller scenarios, part 1: placement, captures under each preset, movement,
flying, mistakes. Plain functions with assert (run by pytest and tests/mprun.py).
The scenario language is described in scenario.py."""
# Import the firmware first: compiling from source needs the most heap while it is
# still empty (under MicroPython's 192 KB cap; on the Pico these are .mpy files).
import morris  # noqa: F401
import board.controller  # noqa: F401
from scenario import run

# Positions used below (white to move unless said):
# P1: white a1 d1, black b2 d2, 7/7 in hand: placing g1 closes a1-d1-g1.
P1 = "start white=a1,d1 black=b2,d2 turn=white hand=7/7"
# P2: as P1 plus black's mill a7-d7-g7 (protected unless all are in mills) and b2 free.
P2 = "start white=a1,d1,c3 black=a7,d7,g7,b2 turn=white hand=5/5"
# P3: every black stone stands in a mill.
P3 = "start white=a1,d1 black=a7,d7,g7 turn=white hand=7/6"
# P8: placing d1 closes a1-d1-g1 and d1-d2-d3 at once.
P8 = "start white=a1,g1,d2,d3 black=a7,b6,f6 turn=white hand=5/6"
# M1: movement; white d2 -> b2/f2, a1 -> a4, f4 -> f2/f6, b6 -> b4; g7 is blocked in.
M1 = "start white=a1,d2,f4,b6,g7 black=d1,d3,e4,d6,d7,g4 turn=white hand=0/0"
# M2: movement; g4-g1 closes a1-d1-g1; black has no mill.
M2 = "start white=a1,d1,g4,c4 black=b2,d6,f6,a7 turn=white hand=0/0"
# F1: white flies (three stones); black mill b2-d2-f2 is protected.
F1 = "start white=a1,d1,c5 black=b2,d2,f2,b6,e4,g7 turn=white hand=0/0"


# ---- placement -------------------------------------------------------------
def test_place_first_stone():
    run("""
        expect state idle
        expect turn white
        expect what white to place
        place d2
        expect move d2
        expect turn black
        expect hand 8 9
        expect record d2
        expect state idle
    """)


def test_place_noise_is_not_a_move():
    run("""
        noise d5 c4
        expect nomove
        expect state idle
        expect dark d5 c4
        place c4
        expect move c4
    """)


def test_place_with_bouncing_switch_is_one_move():
    run("""
        bounce d2
        expect move d2
        expect record d2
        bounce d3
        expect record d2 d3
    """)


def test_place_stone_slid_in_over_points_counts_where_it_stops():
    run("""
        slide - d3 via d1 d2
        expect move d3
        expect record d3
    """)


def test_place_lifting_a_placed_stone_is_a_mistake():
    run("""
        play d2 d3
        lift d2
        expect state mistake
        expect mistake d2
        expect what still has stones in hand
        expect lit d2=missing
        put d2
        expect event fixed
        expect state idle
        expect record d2 d3
    """)


def test_place_stone_where_none_should_be_against_remote():
    run("""
        players human remote
        place d2
        expect move d2
        expect awaiting
        place d3
        expect state mistake
        expect mistake d3
        expect what wait for black
        expect lit d3=remove
        lift d3
        expect event fixed
        expect state wait
    """)


# ---- captures under each preset -----------------------------------------------
def test_standard_mill_in_placement_then_capture():
    run(P1 + """
        place g1
        expect nomove
        expect state capture
        expect only b2=capture d2=capture a1=mill d1=mill g1=mill
        expect what take a lit black stone
        lift d2
        expect move g1xd2
        expect turn black
        expect lit a1=mill d1=mill g1=mill
        wait 1500
        expect dark a1 d1 g1
    """)


def test_standard_capture_is_mandatory_ok_does_not_skip():
    run(P1 + """
        place g1
        press ok
        expect nomove
        expect state capture
        lift b2
        expect move g1xb2
    """)


def test_standard_protected_stone_lifted_is_a_mistake():
    run(P2 + """
        place g1
        expect only b2=capture a1=mill d1=mill g1=mill
        lift d7
        expect state mistake
        expect mistake d7
        expect what protected
        expect lit d7=missing b2=capture
        expect nomove
        put d7
        expect event fixed
        expect state capture
        lift b2
        expect move g1xb2
    """)


def test_standard_all_in_mills_any_stone_may_be_captured():
    run(P3 + """
        place g1
        expect lit a7=capture d7=capture g7=capture
        lift d7
        expect move g1xd7
    """)


def test_schmidt_strict_all_in_mills_no_capture():
    run("rules schmidt\n" + P3 + """
        place g1
        expect move g1
        expect turn black
        expect state idle
    """)


def test_schmidt_strict_protected_stone_lifted():
    run("rules schmidt\n" + P2 + """
        place g1
        lift a7
        expect mistake a7
        expect what protected
        put a7
        lift b2
        expect move g1xb2
    """)


def test_wikipedia_optional_capture_declined_with_ok():
    run("rules wikipedia\n" + P1 + """
        place g1
        expect state capture
        expect what press ok to skip
        expect nomove
        press ok
        expect move g1
        expect turn black
        expect state idle
    """)


def test_wikipedia_optional_capture_taken():
    run("rules wikipedia\n" + P1 + """
        place g1
        lift b2
        expect move g1xb2
    """)


def test_wikipedia_wrong_stone_during_optional_capture():
    run("rules wikipedia\n" + P1 + """
        place g1
        lift a1
        expect state mistake
        expect what your own stone
        press ok
        expect nomove
        put a1
        press ok
        expect move g1
    """)


def test_old_russian_double_mill_two_captures():
    run("rules old-russian\n" + P8 + """
        place d1
        expect state capture
        expect lit a7=capture b6=capture f6=capture
        lift a7
        expect nomove
        expect state capture
        expect lit a7=captured b6=capture f6=capture
        lift f6
        expect move d1xf6xa7
        expect hand 4 6
    """)


def test_old_russian_stones_in_mills_are_not_protected():
    run("rules old-russian\n" + P2 + """
        place g1
        expect lit a7=capture d7=capture g7=capture b2=capture
        lift d7
        expect move g1xd7
    """)


def test_old_russian_reforming_a_used_line_captures_nothing():
    run("""
        rules old-russian
        start white=a1,d1,g4,c3 black=b6,d6,f6,e4 turn=white hand=0/0 used=1/0
        lift g4
        put g1
        expect move g4-g1
        expect turn black
    """)


def test_wikipedia_double_second_capture_optional():
    run("rules wikipedia+double_mill=two\n" + P8 + """
        place d1
        lift a7
        expect state capture
        expect what ok to skip
        press ok
        expect move d1xa7
    """)


def test_standard_double_mill_captures_one():
    run(P8 + """
        place d1
        lift a7
        expect move d1xa7
    """)


# ---- movement ------------------------------------------------------------------------
def test_slide_lift_shows_destinations_then_put():
    run(M1 + """
        lift d2
        expect state lifted
        expect only d2=origin b2=dest f2=dest
        expect nomove
        put f2
        expect move d2-f2
        expect turn black
    """)


def test_slide_put_back_cancels():
    run(M1 + """
        lift d2
        put d2
        expect nomove
        expect state idle
        expect turn white
        lift a1
        expect only a1=origin a4=dest
        put a4
        expect move a1-a4
    """)


def test_slide_illegal_destination_then_corrected():
    run(M1 + """
        lift d2
        put c3
        expect state mistake
        expect mistake c3
        expect what not a legal destination
        expect lit c3=remove b2=dest f2=dest d2=origin
        expect nomove
        lift c3
        expect event fixed
        expect state lifted
        put b2
        expect move d2-b2
    """)


def test_slide_illegal_destination_completed_by_moving_on():
    run(M1 + """
        lift d2
        put c3
        expect mistake c3
        slide c3 f2
        expect move d2-f2
    """)


def test_wrong_colour_lifted():
    run(M1 + """
        lift d3
        expect state mistake
        expect mistake d3
        expect what black's stone
        expect lit d3=missing
        put d3
        expect event fixed
        expect state idle
        expect nomove
    """)


def test_immovable_stone_lifted():
    run(M1 + """
        lift g7
        expect mistake g7
        expect what cannot move
        put g7
        expect state idle
    """)


def test_two_stones_up_at_once():
    run(M1 + """
        lift d2
        lift a1
        expect state mistake
        expect what two stones up
        put a1
        expect state lifted
        expect lit b2=dest f2=dest
        put b2
        expect move d2-b2
    """)


def test_stone_where_none_should_be_in_movement():
    run(M1 + """
        put c5
        expect mistake c5
        expect what where none should be
        expect lit c5=remove
        lift d2
        expect state mistake
        lift c5
        expect state lifted
        put f2
        expect move d2-f2
    """)


def test_missing_stones_knocked_off():
    run(M1 + """
        lift d1 e4
        expect state mistake
        expect lit d1=missing e4=missing
        put d1 e4
        expect state idle
        expect nomove
    """)


def test_slide_forming_mill_then_capture():
    run(M2 + """
        lift g4
        expect only g4=origin f4=dest g1=dest g7=dest
        put g1
        expect state capture
        expect lit g4=origin a1=mill d1=mill g1=mill b2=capture d6=capture f6=capture a7=capture
        lift a7
        expect move g4-g1xa7
    """)


def test_relift_after_mill_before_capture_changes_the_move():
    run(M2 + """
        lift g4
        put g1
        expect state capture
        lift g1
        expect state lifted
        put f4
        expect move g4-f4
        expect turn black
    """)


def test_own_stone_lifted_during_capture():
    run(M2 + """
        lift g4
        put g1
        lift c4
        expect mistake c4
        expect what your own stone
        put c4
        lift b2
        expect move g4-g1xb2
    """)


def test_quick_reply_human_lifts_while_put_settles():
    run(M1 + """
        lift d2
        change +f2 -d3
        expect move d2-f2
        expect state lifted
        expect lit d3=origin c3=dest e3=dest d2=dest
        put e3
        expect move d3-e3
    """)


# ---- flying --------------------------------------------------------------------------
def test_flying_destinations_are_every_empty_point():
    run(F1 + """
        lift c5
        expect state lifted
        expect lit g1=dest a7=dest d5=dest c5=origin
        expect dark b2 a1
        put a7
        expect move c5-a7
    """)


def test_flight_across_the_board_passes_points_without_moving():
    run(F1 + """
        slide c5 g4 via d5 e5 f4
        expect move c5-g4
        expect record c5-g4
    """)


def test_slow_flight_resting_on_points_on_the_way():
    run(F1 + """
        slide c5 g4 via d5 e5 pause 200
        expect record c5-g4
    """)


def test_flight_counts_at_once_when_the_opponent_starts():
    run(F1 + """
        lift c5
        quick put g4
        wait 150
        expect state pending
        expect lit g4=dest c5=origin
        expect nomove
        lift b6
        expect move c5-g4
        expect state lifted
        expect lit b4=dest
    """)


def test_flight_forming_mill_protected_stone_then_capture():
    run(F1 + """
        lift c5
        put g1
        expect lit b6=capture e4=capture g7=capture
        expect dark d2
        lift d2
        expect mistake d2
        expect what protected
        put d2
        lift e4
        expect move c5-g1xe4
    """)


def test_brightness_cap_keeps_frame_within_budget():
    run("budget 50\n" + F1 + """
        lift c5
        expect lit g1=dest
        expect maxcurrent 50
    """)


def test_default_budget_many_lit_points():
    run(F1 + """
        lift c5
        expect maxcurrent 326
    """)


def test_no_return_barred_destination_is_not_lit():
    run("""
        rules wikipedia+no_return=on
        start white=a1,g1,d3,f4 black=b4,d6,f6,a7 turn=white hand=0/0 bar=d3-d2/-
        lift d3
        expect only d3=origin c3=dest e3=dest
        put d2
        expect mistake d2
        expect what not a legal destination
        lift d2
        put c3
        expect move d3-c3
    """)
