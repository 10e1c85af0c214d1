"""Headless mode: games played through simulated switch events only."""
import os
import subprocess
import sys

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim import headless
from host_sim.sim import Simulation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SANMILL = os.path.join(ROOT, "tests", "data", "sanmill-selfplay-standard.txt")


def _run(*args):
    return subprocess.run([sys.executable, "-m", "host_sim", "--headless"] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_sanmill_game_ends_in_threefold_repetition_at_its_last_move():
    """Acceptance 1: the real Sanmill self-play game, through switch events, is a
    draw by threefold repetition reported at its last move."""
    assert os.path.exists(SANMILL), SANMILL
    r = _run("--game", "tests/data/sanmill-selfplay-standard.txt")
    assert r.returncode == 0, r.stdout + r.stderr
    from morris.record import split_record
    with open(SANMILL) as f:
        tokens = split_record(f.read())[1]
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("result: 1/2-1/2"), r.stdout
    assert "threefold repetition" in last
    assert "at move %d, %s" % (len(tokens), tokens[-1]) in last, last
    assert "note:" not in r.stdout          # every move of the file was played
    assert "record: %d moves" % len(tokens) in r.stdout


def test_play_feeds_only_switch_events():
    """The controller sees nothing but the switches: the record comes from it."""
    sim = headless.play(["d2", "d6", "b4", "f4", "a4"])
    assert sim.board()["record"] == ["d2", "d6", "b4", "f4", "a4"]
    assert sim.switches.read() == sim.board()["expected"]
    assert sim.colours[sim.position().geo.index["d6"]] == "black"


def test_moves_flag_and_captures():
    r = _run("--moves", "a1 b2 d1 b6 g1xb6 d6")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1. a1 b2" in r.stdout and "3. g1xb6 d6" in r.stdout
    assert "result: * (game goes on; white to move)" in r.stdout


def test_illegal_move_in_the_list_is_reported():
    r = _run("--moves", "d2 d2")
    assert r.returncode == 1
    assert "turn 2" in r.stdout and "error" in r.stdout
    # physically possible but not what the board accepts: a mill left without its capture
    r = _run("--moves", "a1 b2 d1 b6 g1 d6")
    assert r.returncode == 1
    assert "turn 5 (g1)" in r.stdout and "did not take the move" in r.stdout and "Mill" in r.stdout


def test_rules_options_and_help():
    r = _run("--rules", "wikipedia", "--option", "double_mill=two", "--option", "no_return=on",
             "--moves", "d2")
    assert r.returncode == 0, r.stdout + r.stderr
    r = _run("--option", "double_mill=seven", "--moves", "d2")
    assert r.returncode == 2 and "double_mill" in r.stderr
    r = _run("--level", "9", "--moves", "d2")
    assert r.returncode == 2 and "--level" in r.stderr
    h = subprocess.run([sys.executable, "-m", "host_sim", "--help"], cwd=ROOT,
                       capture_output=True, text=True)
    for flag in ("--host", "--port", "--rules", "--option", "--white", "--black", "--level",
                 "--headless", "--game", "--moves"):
        assert flag in h.stdout, flag


def test_bad_paths_and_port_get_clean_errors(tmp_path):
    for args in (("--game", str(tmp_path)), ("--moves", "d2", "--record-out", str(tmp_path / "no" / "x.txt")),
                 ("--moves", "d2", "--port", "99999")):
        r = _run(*args)
        assert r.returncode == 2 and "error" in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)


def test_computer_against_computer_headless():
    """Both sides by the engine; each computer move is carried out by (simulated) hand."""
    sim = headless.play([], players=("computer", "computer"), level=1, max_moves=12)
    rec = sim.board()["record"]
    assert len(rec) == 12, rec


def test_human_against_computer_alternates():
    sim = headless.play(["d2"], players=("human", "computer"), level=1)
    rec = sim.board()["record"]
    assert len(rec) == 2 and rec[0] == "d2", rec
    assert sim.switches.read() == sim.board()["expected"]


def test_undo_through_buttons_and_switches():
    sim = Simulation(players=("human", "human"), manual_clock=True)
    for p in ("d2", "d6"):
        sim.put(p)
        sim.settle()
    sim.press("undo")
    sim.settle()
    assert sim.state()["status"]["state"] == "restore"
    sim.lift("d6")
    sim.settle()
    assert sim.board()["record"] == ["d2"]
    sim.tidy()
    sim.settle()
    assert sim.switches.read() == sim.board()["expected"]


def test_an_earlier_simulators_state_file_resumes(tmp_path):
    """The state dir's file as an earlier simulator wrote it (the saved game alone, no
    store header): resumed, then kept in the firmware store's format."""
    from host_sim.drivers import FileStore
    path = tmp_path / "state" / "game.txt"
    path.parent.mkdir()
    path.write_bytes(b'[Rules "standard"]\n[First "white"]\nd2 d6 b4\n')
    sim = Simulation(players=("human", "human"), manual_clock=True, store=FileStore(str(path)))
    sim.settle()
    assert sim.state()["status"]["lit"] == {"d2": "place_white", "b4": "place_white", "d6": "place_black"}
    assert path.read_bytes().startswith(b"MB1 ") and b'[Format "3"]' in path.read_bytes()


def test_an_unreadable_state_file_is_set_aside_not_overwritten(tmp_path):
    from host_sim.drivers import FileStore
    path = tmp_path / "state" / "game.txt"
    path.parent.mkdir()
    path.write_bytes(b'[Rules "standard"]\n[First "white"]\nd2 d2\n')
    sim = Simulation(players=("human", "human"), manual_clock=True, store=FileStore(str(path)))
    sim.settle()
    assert (tmp_path / "state" / "game.txt.aside").read_bytes() == b'[Rules "standard"]\n[First "white"]\nd2 d2\n'
    assert "could not be resumed" in sim.state()["status"]["message"]


def test_saved_game_resumes_when_the_stones_match(tmp_path):
    """The store is a file under a state dir: a restarted simulator resumes the game."""
    from host_sim.drivers import FileStore
    path = str(tmp_path / "state" / "game.txt")
    sim = Simulation(players=("human", "human"), manual_clock=True, store=FileStore(path))
    for p in ("d2", "d6", "b4"):
        sim.put(p)
        sim.settle()
    again = Simulation(players=("human", "human"), manual_clock=True, store=FileStore(path))
    again.settle()
    lit = again.state()["status"]["lit"]
    assert lit == {"d2": "place_white", "b4": "place_white", "d6": "place_black"}
    for p in ("d2", "b4", "d6"):
        again.put(p)
        again.settle()
    assert again.board()["record"] == ["d2", "d6", "b4"]
    idx = again.position().geo.index
    stones = again.state()["stones"]
    assert (stones[idx["d2"]], stones[idx["d6"]], stones[idx["b4"]]) == ("white", "black", "white")
    again.put("f4")
    again.settle()
    assert again.board()["record"] == ["d2", "d6", "b4", "f4"]


def test_undo_of_a_capture_puts_back_a_stone_of_the_right_colour():
    """Undo after a capture: the lights ask for the captured black stone back; a
    put there draws a black stone even with a white one in the hand."""
    sim = headless.play(["a1", "b2", "d1", "b6", "g1xb6"])
    idx = sim.position().geo.index
    sim.press("undo")
    sim.settle()
    lit = sim.state()["status"]["lit"]
    assert lit.get("b6") == "place_black", lit
    sim.lift("g1")          # the white stone comes off (into the hand) ...
    sim.put("b6")           # ... and the captured black stone goes back
    sim.settle()
    assert sim.state()["stones"][idx["b6"]] == "black"
    assert sim.board()["record"] == ["a1", "b2", "d1", "b6"]


def test_the_command_line_refuses_conflicting_and_negative_choices(capsys):
    """--game and --moves together conflict; --max-moves must be 1 or more (argparse)."""
    import pytest
    from host_sim.__main__ import parser
    for argv in (["--headless", "--moves", "d2", "--game", "g.txt"],
                 ["--headless", "--moves", "d2", "--max-moves", "-1"],
                 ["--headless", "--moves", "d2", "--max-moves", "0"],
                 ["--port", "70000"]):
        with pytest.raises(SystemExit) as e:
            parser().parse_args(argv)
        assert e.value.code == 2, argv
    err = capsys.readouterr().err
    assert "not allowed with argument" in err and "must be 1 or more, got -1" in err
    assert "must be 0..65535" in err
    assert parser().parse_args(["--headless", "--moves", "d2", "--max-moves", "5"]).max_moves == 5
