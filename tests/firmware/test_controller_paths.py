"""Board controller scenarios, part 3: reading the hands' path (issue 15). Stale
lifts (a stone knocked off before the move was finished), sweeps and partial
restores, captures put straight back, a capture taken by the wrong player's
hand, in every phase and rule set, against human, remote and computer sides.
Plain functions with assert (run by pytest and tests/mprun.py); the scenario
language is described in scenario.py."""
# Import the firmware first: compiling from source needs the most heap while it is
# still empty (under MicroPython's 192 KB cap; on the Pico these are .mpy files).
import morris  # noqa: F401
import board.controller  # noqa: F401
from scenario import run

# M1: movement; white d2 -> b2/f2, a1 -> a4; black d1 next to d2.
M1 = "start white=a1,d2,f4,b6,g7 black=d1,d3,e4,d6,d7,g4 turn=white hand=0/0"
# M3: movement; g4-g1 closes a1-d1-g1; black a7-d7-g7 is a mill (protected), b2 f6 free.
M3 = "start white=a1,d1,g4,c4 black=a7,d7,g7,b2,f6 turn=white hand=0/0"
# P1: placement; placing g1 closes a1-d1-g1; black b2 d2 free.
P1 = "start white=a1,d1 black=b2,d2 turn=white hand=7/7"
# P8: placing d1 closes a1-d1-g1 and d1-d2-d3 at once; black a7 b6 f6.
P8 = "start white=a1,g1,d2,d3 black=a7,b6,f6 turn=white hand=5/6"
# P9: as P8 but black has no stones left in hand (moves next).
P9 = "start white=a1,g1,d2,d3 black=a7,b6,f6,c5,e5 turn=white hand=5/0"
# F1: white flies (three stones); black mill b2-d2-f2 protected; e4 b6 g7 free.
F1 = "start white=a1,d1,c5 black=b2,d2,f2,b6,e4,g7 turn=white hand=0/0"
# R: black (remote) to move: f4-g4 closes g1-g4-g7; e3 -> d3/e4.
R = "start white=a1,d2,b6,c5 black=g1,g7,f4,e3 turn=black hand=0/0"


# ---- the three scenarios, as written ----------------------------------------------
def test_a_stone_knocked_off_during_a_move_is_missing():
    run(M1 + """
        lift d2
        lift d1                 # knocked off by the hand, stays off
        put f2
        expect lit d1=missing
        expect state mistake
        expect code no_capture
        expect nomove
    """)


def test_b_after_a_sweep_the_lights_lead_back_to_the_position():
    run("rules old-russian\n" + P8 + """
        clear
        expect lit b6=missing f6=missing
        expect only a1=missing g1=missing d2=missing d3=missing a7=missing b6=missing f6=missing
        expect dark d1
        expect what board disturbed
        expect code disturbed
    """)


def test_c_a_capture_put_straight_back_is_no_capture():
    run(M3 + """
        lift g4
        put g1
        lift f6
        put f6
        expect state capture
        expect record
    """)


# ---- stale lifts ----------------------------------------------------------------------------
def test_stale_lift_put_back_completes_the_move():
    run(M1 + """
        lift d2
        lift d1
        put f2
        expect nomove
        expect what put the stone back on d1
        put d1
        expect move d2-f2
        expect turn black
        expect state idle
    """)


def test_stale_lift_of_the_next_player_is_never_read_as_his_move():
    run(M1 + """
        lift d2
        lift d1
        put f2
        put d2                  # Black's hand? No: the stone d1 is still off
        expect nomove
        expect state mistake
        expect record
    """)


def test_next_players_lift_after_the_put_is_still_a_quick_reply():
    run(M1 + """
        lift d2
        change +f2 -d1
        expect move d2-f2
        expect state lifted
        expect lit d1=origin
    """)


def test_own_stone_knocked_off_during_a_move():
    run(M1 + """
        lift d2
        lift a1
        put f2
        expect state mistake
        expect lit a1=missing
        expect nomove
        put a1
        expect move d2-f2
    """)


def test_stone_knocked_off_before_the_mill_is_no_capture_in_movement():
    run(M3 + """
        lift g4
        lift b2                 # knocked off before the mill is made
        put g1
        expect nomove
        expect state mistake
        expect what came off before the mill
        expect code off_before_mill
        expect lit b2=missing f6=capture
        put b2
        expect state capture
        lift b2
        expect move g4-g1xb2
    """)


def test_stone_knocked_off_before_the_mill_is_no_capture_in_placement():
    run(P1 + """
        lift d2
        place g1
        expect mistake d2
        expect nomove
        expect what came off before the mill
        put d2
        expect state capture
        lift d2
        expect move g1xd2
    """)


def test_stone_knocked_off_before_a_flight_forms_a_mill():
    run(F1 + """
        lift c5
        lift e4
        put g1
        expect nomove
        expect what came off before the mill
        put e4
        expect state capture
        lift e4
        expect move c5-g1xe4
    """)


def test_double_mill_one_stone_knocked_before_one_taken_after():
    run("rules old-russian\n" + P8 + """
        lift a7                 # knocked off
        place d1
        lift f6
        expect nomove
        expect state mistake
        expect what came off before the mill
        expect lit a7=missing
        put a7
        expect state capture
        expect lit f6=captured a7=capture b6=capture
        lift b6
        expect move d1xb6xf6
    """)


def test_optional_capture_stale_lift_then_declined_with_ok():
    run("rules wikipedia\n" + P1 + """
        lift b2
        place g1
        expect state mistake
        press ok
        expect nomove
        put b2
        expect state capture
        press ok
        expect move g1
    """)


def test_stale_lift_while_carrying_out_the_computers_move():
    run("players human remote\n" + R + """
        remote e3-d3
        lift e3
        lift a1                 # the human knocks his own stone off first
        put d3
        expect nomove
        expect state mistake
        expect lit a1=missing
        put a1
        expect move e3-d3
        expect turn white
    """)


def test_stale_lift_against_the_computer_before_own_move_ends():
    run("players human remote\n" + M1 + """
        lift d2
        lift d1
        put f2
        expect nomove
        expect lit d1=missing
        put d1
        expect move d2-f2
        expect awaiting
    """)


# ---- sweeps and partial restores ------------------------------------------------------------
def test_sweep_in_placement_restored_in_any_order():
    run("rules old-russian\n" + P8 + """
        clear
        put f6 a1 d3
        expect state mistake
        expect what board disturbed
        expect lit b6=missing g1=missing
        put b6 d2
        expect what board disturbed
        expect only g1=missing a7=missing
        put g1 a7
        expect event fixed
        expect state idle
        expect nomove
        place d1
        expect state capture
    """)


def test_sweep_restore_with_a_stone_on_the_move_point_makes_no_move():
    run("rules old-russian\n" + P8 + """
        clear
        put a1 g1 d2 d3 a7 d1
        expect nomove
        expect state mistake
        expect lit d1=remove b6=missing f6=missing
        lift d1
        put b6 f6
        expect state idle
        expect record
    """)


def test_sweep_in_movement_a_last_missing_stone_is_no_lift():
    run(M1 + """
        clear
        put a1 f4 b6 g7 d1 d3 e4 d6 d7 g4
        expect state mistake
        expect only d2=missing
        expect what board disturbed
        put d2
        expect state idle
        lift d2
        put b2
        expect move d2-b2
    """)


def test_sweep_in_movement_restored_with_a_stone_moved_is_no_move():
    run(M1 + """
        clear
        put a1 f4 b6 g7 d1 d3 e4 d6 d7 g4 f2
        expect nomove
        expect state mistake
        expect lit f2=remove d2=missing
        lift f2
        put d2
        expect state idle
        expect record
    """)


def test_sweep_while_flying():
    run(F1 + """
        lift c5
        clear
        expect state mistake
        expect what board disturbed
        put a1 d1 b2 d2 f2 b6 e4 g7 g1
        expect nomove
        expect lit g1=remove c5=missing
        lift g1
        put c5
        expect state idle
        lift c5
        put g1
        expect state capture
    """)


def test_sweep_during_a_pending_flight_forgets_it():
    run(F1 + """
        lift c5
        quick put g4
        wait 100
        expect state pending
        clear
        wait 500
        expect nomove
        expect what board disturbed
        put a1 d1 c5 b2 d2 f2 b6 e4 g7
        expect state idle
        expect record
    """)


def test_sweep_during_capture_guides_back_to_the_position():
    run(M3 + """
        lift g4
        put g1
        expect state capture
        clear
        expect state mistake
        expect lit g4=missing
        expect dark g1
        put a1 d1 g4 c4 a7 d7 g7 b2 f6
        expect state idle
        expect record
    """)


def test_sweep_during_capture_restored_as_shown_carries_on_with_the_capture():
    """Issue 22, finding 6: the board swept during a pending capture and put back
    stone by stone exactly as it was (the mill stone on its new point) goes on with
    the capture, instead of asking for the position before the mill move."""
    run(M3 + """
        lift g4
        put g1
        expect state capture
        clear
        expect state mistake
        expect code disturbed
        put a1 d1 c4 a7 d7 g7 b2
        expect state mistake
        put f6 g1
        expect state capture
        expect lit f6=capture b2=capture
        lift f6
        expect move g4-g1xf6
    """)


def test_sweep_in_placement_during_capture_restored_as_shown_carries_on():
    run(P1 + """
        place g1
        expect state capture
        clear
        expect code disturbed
        put b2 a1 d2 g1 d1
        expect state capture
        lift d2
        expect move g1xd2
    """)


def test_sweep_with_a_stone_lifted_restored_as_shown_carries_on():
    run(M1 + """
        lift d2
        expect state lifted
        clear
        expect code disturbed
        put a1 f4 b6 g7 d1 d3 e4 d6 d7 g4
        expect state lifted
        put b2
        expect move d2-b2
    """)


def test_three_stones_knocked_off_in_placement():
    run(P1 + """
        lift a1 d1 b2
        expect what board disturbed
        put a1 d1
        expect state mistake
        expect only b2=missing
        put b2
        expect state idle
        place g1
        expect state capture
    """)


def test_stones_dumped_on_the_board_are_removed():
    run(M1 + """
        put a4 c4 e5
        expect state mistake
        expect what board disturbed: remove the stones from
        expect code disturbed
        expect only a4=remove c4=remove e5=remove
        lift a4 c4
        expect state mistake
        lift e5
        expect state idle
    """)


def test_sweep_while_the_computer_thinks():
    run("players human remote\n" + R + """
        clear
        expect state mistake
        expect what wait for black's move
        expect code wait_for_move
        put a1 d2 b6 c5 g1 g7 f4 e3
        expect state wait
        remote f4-g4xd2
        play f4-g4xd2
        expect turn white
    """)


def test_sweep_while_carrying_out_the_computers_move():
    run("players human remote\n" + R + """
        remote f4-g4xd2
        clear
        expect state mistake
        expect what carry out black's move
        expect code wrong_remote_move
        expect lit g4=remote_to
        put a1 b6 c5 g1 g7 e3 g4
        expect move f4-g4xd2
        expect turn white
    """)


# ---- captures put straight back --------------------------------------------------------------
def test_capture_put_back_within_the_delay_records_nothing():
    run(P1 + """
        place g1
        quick lift d2
        wait 150
        expect state pending
        expect lit d2=captured g1=dest
        expect nomove
        put d2
        expect state capture
        expect nomove
        expect noevent undo
        expect record
        lift b2
        expect move g1xb2
    """)


def test_capture_put_back_long_after_in_movement_is_taken_back():
    run(M3 + """
        lift g4
        put g1
        lift f6
        expect move g4-g1xf6
        expect what white took f6. wrong? press undo
        wait 2000
        put f6
        expect event undo
        expect state capture
        expect turn white
        expect record
        lift b2
        expect move g4-g1xb2
        expect record g4-g1xb2
    """)


def test_capture_put_back_in_placement_is_the_next_players_placement():
    run(P1 + """
        place g1
        lift d2
        expect move g1xd2
        expect what white took d2
        place d2
        expect move d2
        expect record g1xd2 d2
    """)


def test_double_capture_put_back_one_stone():
    run("rules old-russian\n" + P9 + """
        place d1
        lift a7
        lift f6
        expect move d1xf6xa7
        put f6
        expect event undo
        expect state capture
        expect lit a7=captured b6=capture
        lift b6
        expect move d1xb6xa7
    """)


def test_flight_capture_put_straight_back():
    run(F1 + """
        lift c5
        put g1
        lift e4
        put e4
        expect state capture
        expect record
        lift g7
        expect move c5-g1xg7
    """)


def test_optional_capture_put_straight_back_then_declined():
    run("rules wikipedia\n" + M3 + """
        lift g4
        put g1
        lift b2
        expect move g4-g1xb2
        put b2
        expect state capture
        press ok
        expect move g4-g1
        expect record g4-g1
    """)


def test_capture_against_the_computer_put_straight_back():
    run("players human remote\n" + M3 + """
        lift g4
        put g1
        lift f6
        expect move g4-g1xf6
        expect awaiting
        put f6
        expect notawaiting
        expect state capture
        lift b2
        expect move g4-g1xb2
        expect awaiting
    """)


def test_the_computers_capture_is_not_taken_back():
    run("players human remote\n" + R + """
        remote f4-g4xd2
        play f4-g4xd2
        put d2
        expect state mistake
        expect what where none should be
        expect record f4-g4xd2
        lift d2
        expect state idle
    """)


# ---- a capture taken by the wrong player's hand -------------------------------------------------
def test_next_player_lifts_a_lit_stone_recorded_as_capture_and_said():
    run(M3 + """
        lift g4
        put g1
        lift b2                 # Black's hand, meaning to move b2-b4
        expect move g4-g1xb2
        expect turn black
        expect what white took b2. wrong? press undo
        put b4
        expect state mistake
        expect what white took b2. wrong? press undo
        expect what remove it from b4
        expect code stray_stone
        lift b4
        put b2                  # back where it was: the capture was not White's
        expect event undo
        expect state capture
        expect record
    """)


def test_wrong_hand_capture_then_undo():
    run(M3 + """
        lift g4
        put g1
        lift b2
        expect move g4-g1xb2
        press undo
        expect state restore
        expect only g1=remove g4=place_white b2=place_black
        lift g1
        put g4 b2
        expect event undo
        expect record
        expect state idle
    """)


def test_wrong_hand_moves_a_lit_stone_within_the_delay():
    run(M3 + """
        lift g4
        put g1
        quick lift b2
        wait 120
        put b4
        expect move g4-g1xb2
        expect state mistake
        expect mistake b4
        expect what white took b2
    """)


def test_next_player_starts_during_the_capture_delay():
    run(M3 + """
        lift g4
        put g1
        quick lift f6
        wait 120
        lift d7
        expect move g4-g1xf6
        expect state lifted
        expect lit d7=origin
    """)


def test_sweep_after_a_capture_restores_the_recorded_position():
    run(M3 + """
        lift g4
        put g1
        lift f6
        expect move g4-g1xf6
        clear
        expect code disturbed
        put a1 d1 g1 c4 a7 d7 g7 b2 f6
        expect noevent undo
        expect state mistake
        expect lit f6=remove
        lift f6
        expect state idle
        expect record g4-g1xf6
    """)


def test_schmidt_stone_knocked_before_the_mill_in_placement():
    run("rules schmidt\n" + P1 + """
        lift b2
        place g1
        expect code off_before_mill
        expect nomove
        put b2
        lift b2
        expect move g1xb2
    """)


def test_optional_second_capture_with_a_stone_knocked_before_the_mills():
    run("rules wikipedia+double_mill=two\n" + P8 + """
        lift b6                 # knocked off before the double mill
        place d1
        expect code off_before_mill
        put b6
        expect state capture
        lift a7
        expect state capture
        expect what ok to skip
        press ok
        expect move d1xa7
    """)


def test_flight_with_the_next_players_stone_knocked_first_is_no_reply():
    run(F1 + """
        lift c5
        lift b6                 # Black's stone, knocked off before the flight ends
        put g4
        wait 500
        expect nomove
        expect state mistake
        expect lit b6=missing
        put b6
        expect move c5-g4
        expect state idle
    """)


def test_capture_against_the_computer_engine_side_put_straight_back():
    run("rules old-russian\nplayers human computer\n" + P9 + """
        place d1
        lift a7
        lift f6
        expect move d1xf6xa7
        expect awaiting
        put a7 f6
        expect event undo
        expect state capture
        expect notawaiting
        expect record
    """)


# ---- the new-user trial (issue 16): the hand's latest change is the mistake ---------------
def test_a_stray_stone_put_while_a_capture_is_pending_is_the_one_blamed():
    # b6 closes b2-b4-b6, then a stone goes on the empty c5: take c5 off, not the mill's b6
    run("""
        start white=b2,b4 black=d1,d2 turn=white hand=7/7
        put b6
        expect state capture
        put c5
        expect state mistake
        expect code stray_stone
        expect what c5
        expect only c5=remove b2=mill b4=mill b6=mill d1=capture d2=capture
    """)


def test_the_words_name_every_step_the_lights_show_after_a_second_lift_and_a_put():
    # movement: b2 lifted, then d1 (own stone) lifted too, then a stone put on d2: the move
    # b2-d2 is shown (origin, destination) and the words name the one step left: d1 back
    run("""
        start white=a1,d1,b2,f4 black=g7,d3,e4,d6 turn=white hand=0/0
        lift b2
        lift d1
        expect code two_up
        expect what back on d1
        put d2
        expect code own_stone
        expect what put it back on d1
        expect only d1=missing b2=origin d2=dest
    """)
