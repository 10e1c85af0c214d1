"""Board controller scenarios, part 2: remote (computer) moves, new game, undo, hint,
learning mode, game over, save and resume. Plain functions with assert (run by
pytest and tests/mprun.py). The scenario language is described in scenario.py."""
# Import the firmware first: compiling from source needs the most heap while it is
# still empty (under MicroPython's 192 KB cap; on the Pico these are .mpy files).
import morris  # noqa: F401
import board.controller  # noqa: F401
from scenario import run, MemStore

# R: black (remote) to move: f4-g4 closes g1-g4-g7; e3 -> d3/e4.
R = "start white=a1,d2,b6,c5 black=g1,g7,f4,e3 turn=black hand=0/0"
# G1: white flies c4-g1 closing a1-d1-g1; capturing leaves black with two stones.
G1 = "start white=a1,d1,c4 black=b2,d6,f6 turn=white hand=0/0"
# G2: white d2-d1 blocks every black stone.
G2 = "start white=a4,g4,d2,b4,d6,f4 black=a1,g1,b6,f6 turn=white hand=0/0"


# ---- moves from elsewhere (computer / remote player) ------------------------------------
def test_remote_placement_shown_then_carried_out():
    run("""
        players human remote
        place d2
        expect move d2
        expect awaiting
        expect state wait
        remote d3
        expect notawaiting
        expect state remote
        expect only d3=remote_to
        put d3
        expect move d3
        expect turn white
        expect state idle
    """)


def test_remote_move_with_capture_any_order():
    run("players human remote\n" + R + """
        expect awaiting
        remote f4-g4xd2
        expect only f4=remote_from g4=remote_to d2=remote_capture
        lift d2
        expect nomove
        expect state remote
        lift f4
        expect state remote
        put g4
        expect move f4-g4xd2
        expect turn white
        expect notawaiting
    """)


def test_remote_move_executed_wrongly_is_shown_until_fixed():
    run("players human remote\n" + R + """
        remote f4-g4xd2
        lift f4
        put e4
        expect state mistake
        expect mistake e4
        expect what remove the stone from e4
        expect lit e4=remove g4=remote_to d2=remote_capture
        expect nomove
        lift e4
        expect event fixed
        put g4
        expect nomove
        lift d2
        expect move f4-g4xd2
    """)


def test_remote_wrong_stone_captured():
    run("players human remote\n" + R + """
        remote f4-g4xd2
        slide f4 g4
        lift a1
        expect mistake a1
        expect what put the stone back on a1
        expect lit d2=remote_capture
        put a1
        lift d2
        expect move f4-g4xd2
    """)


def test_quick_reply_after_remote_move():
    run("players human remote\n" + R + """
        remote e3-d3
        lift e3
        change +d3 -d2
        expect move e3-d3
        expect state lifted
        expect only d2=origin b2=dest f2=dest d1=dest
        put f2
        expect move d2-f2
        expect awaiting
    """)


def test_quick_placement_after_remote_placement():
    run("""
        players human remote
        place d2
        remote d3
        change +d3 +a1
        expect record d2 d3 a1
        expect awaiting
    """)


def test_touching_the_board_while_the_computer_thinks():
    run("""
        players human remote
        place d2
        lift d2
        expect state mistake
        expect what wait for black
        expect lit d2=missing
        put d2
        expect event fixed
        expect state wait
        remote d3
        put d3
        expect record d2 d3
    """)


def test_remote_plays_first():
    run("""
        players remote human
        expect awaiting
        remote g7
        place g7
        expect move g7
        place d2
        expect move d2
        expect awaiting
    """)


def test_remote_move_rejected_when_illegal():
    s = run("players human remote\n" + R)
    c = s.c
    try:
        c.remote_move("a1-a4")
        assert False, "illegal remote move accepted"
    except ValueError:
        pass
    c.remote_move("e3-e4")
    try:
        c.remote_move("e3-d3")
        assert False, "second remote move accepted"
    except ValueError:
        pass


# ---- new game -----------------------------------------------------------------
def test_new_game_only_from_an_empty_board():
    run("""
        play d2 d3
        press new
        expect state clear
        expect only d2=remove d3=remove
        expect noevent new_game
        lift d2
        expect state clear
        lift d3
        expect event new_game
        expect state idle
        expect record
        expect saved
    """)


def test_new_game_on_an_empty_board_starts_at_once():
    run("""
        press new
        expect event new_game
        expect state idle
    """)


def test_new_game_request_cancelled_with_ok():
    run("""
        play d2 d3
        press new
        expect state clear
        press ok
        expect state idle
        expect record d2 d3
        expect noevent new_game
    """)


def test_new_game_with_other_rules_and_players():
    s = run("play d2")
    assert s.c.new_game("wikipedia", ("human", "remote")) is False
    s.do("lift d2")
    st = s.c.status()
    assert st["rules"] == "wikipedia" and st["players"] == ["human", "remote"], st
    assert st["record"] == []


def test_lot_first_player_black():
    run("""
        rules french
        first black
        expect turn black
        place d2
        expect move d2
        expect turn white
    """)


# ---- undo ---------------------------------------------------------------------------
def test_undo_shows_how_to_restore_and_completes_on_match():
    run("""
        store
        play d2 d3
        press undo
        expect state restore
        expect only d3=remove
        expect noevent undo
        lift d3
        expect event undo
        expect record d2
        expect turn black
        expect saved d2
    """)


def test_undo_twice_goes_back_two_moves():
    run("""
        play d2 d3
        press undo
        press undo
        expect only d2=remove d3=remove
        lift d2 d3
        expect event undo
        expect record
        expect turn white
    """)


def test_undo_against_the_computer_takes_back_both_moves():
    run("""
        players human remote
        play d2 d3
        press undo
        expect only d2=remove d3=remove
        clear
        expect event undo
        expect record
        expect notawaiting
        expect turn white
    """)


def test_undo_of_a_capture_puts_the_captured_stone_back():
    run("""
        start white=a1,d1 black=b2,d2 turn=white hand=7/7
        place g1
        lift d2
        expect move g1xd2
        press undo
        expect only g1=remove d2=place_black
        lift g1
        expect state restore
        put d2
        expect event undo
        expect record
        expect hand 7 7
    """)


def test_undo_cancelled_with_ok_and_nothing_to_undo():
    run("""
        press undo
        expect state idle
        expect noevent undo
        play d2
        press undo
        expect state restore
        press ok
        expect state idle
        expect record d2
    """)


def test_undo_after_game_over():
    run(G1 + """
        play c4-g1xb2
        expect result 1-0
        press undo
        expect lit g1=remove c4=place_white b2=place_black
        lift g1
        put c4 b2
        expect event undo
        expect state idle
        expect result None
    """.replace("expect result None", ""))


# ---- hint and learning mode -----------------------------------------------------------
def test_hint_mill_now_and_threat():
    run("""
        start white=a1,d1 black=b2,d2 turn=white hand=7/7
        press hint
        expect event hint
        expect only g1=hint_mill f2=hint_threat
        place c3
        expect dark g1 f2
    """)


def test_hint_in_movement_phase():
    run("""
        start white=a1,d1,g4,c4 black=b4,d6,f6,a7 turn=white hand=0/0
        press hint
        expect only g4=hint_from g1=hint_mill b6=hint_threat
    """)


def test_learning_mode_dims_movable_stones():
    run("""
        learning
        start white=a1,d2,f4,b6,g7 black=d1,d3,e4,d6,d7,g4 turn=white hand=0/0
        expect only a1=movable d2=movable f4=movable b6=movable
        lift d2
        expect only d2=origin b2=dest f2=dest
        put d2
        expect lit a1=movable
        expect dark g7
    """)


# ---- game over ------------------------------------------------------------------------
def test_game_over_by_capture_then_clear_for_new_game():
    run(G1 + """
        lift c4
        put g1
        lift b2
        expect move c4-g1xb2
        expect event result
        expect result 1-0
        expect state over
        expect lit a1=win d1=win g1=win d6=lose f6=lose
        lift a1 d1 g1
        expect state over
        lift d6 f6
        expect event new_game
        expect state idle
        expect result None
    """.replace("expect result None", "expect record"))


def test_game_over_blocked():
    run(G2 + """
        lift d2
        put d1
        expect move d2-d1
        expect result 1-0
        expect what white wins (blocked)
        put c5
        expect lit c5=remove
    """)


def test_game_over_draw_pattern():
    run("""
        rules wikipedia+draw_3v3_moves=1
        start white=a1,d1,c4 black=b2,d6,f6 turn=white hand=0/0
        play c4-c5 b2-b4
        expect result 1/2-1/2
        expect lit a1=draw b4=draw
    """)


# ---- save and resume ----------------------------------------------------------------
def test_store_saved_after_every_move():
    s = run("""
        start white=a1,d1 black=b2,d2 turn=white hand=7/7
        place g1
        expect saved
        lift d2
        expect saved g1xd2
        place d2
        expect saved g1xd2 d2
    """)
    assert s.store.saves == 2


def test_resume_saved_game_when_the_board_matches():
    run("""
        saved d2 d3 a1
        expect state setup
        expect only d2=place_white d3=place_black a1=place_white
        expect noevent resumed
        place d2 d3
        expect state setup
        place a1
        expect event resumed
        expect state idle
        expect turn black
        expect record d2 d3 a1
        place g7
        expect move g7
    """)


def test_resume_shows_stray_stones():
    run("""
        stones c5 d2
        saved d2
        expect only c5=remove
        lift c5
        expect event resumed
        expect record d2
    """)


def test_resume_abandoned_with_new_game():
    run("""
        stones c5
        saved d2 d3
        press new
        expect state clear
        lift c5
        expect event new_game
        expect record
    """)


def test_unreadable_store_starts_a_new_game():
    s = run("""
        saved d2 d2
        expect state idle
        expect record
    """)
    assert s.c.record() == []


def test_failing_store_does_not_stop_the_game():
    class Broken(MemStore):
        def save(self, data):
            raise OSError("flash full")
    s = run("place d2")
    s.c.store = Broken()
    s.do("place d3")
    assert s.c.record() == ["d2", "d3"] and s.c.store_error


# ---- LED palette and current model ------------------------------------------------
def test_current_model_and_cap():
    from board import leds
    frame = [(255, 255, 255)] * 24
    assert abs(leds.frame_current_ma(frame) - 24 * 60) < 1e-6     # 60 mA per LED at white
    leds.cap_frame(frame, 300)
    assert leds.frame_current_ma(frame) <= 300
    assert frame[0][0] == frame[0][1] == frame[0][2] > 0            # hue kept
    small = [(0, 90, 255)] + [(0, 0, 0)] * 23
    assert leds.cap_frame(list(small), 300) == small                 # within budget: unchanged


def test_palette_override_and_errors():
    from board.controller import Controller
    c = Controller(palette={"dest": (1, 2, 3)})
    assert c._pal[1] == (1, 2, 3)
    for bad in ({"nope": (1, 2, 3)}, {"dest": (300, 0, 0)}):
        try:
            Controller(palette=bad)
            assert False, "bad palette accepted"
        except ValueError:
            pass
    for bad in (("human",), ("human", "robot")):
        try:
            Controller(players=bad)
            assert False, "bad players accepted"
        except ValueError:
            pass
