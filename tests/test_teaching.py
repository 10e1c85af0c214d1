"""Teaching in the simulator: the hint answers both questions of the Serbian rule
text, a refused action comes with its reason (LEDs, words on the page, a line on
the serial link), a mill is highlighted when formed, learning mode lights the
stones that may move, and the page can translate every firmware message."""
import json
import re

import host_sim  # noqa: F401  (firmware/ on sys.path)
from host_sim import i18n
from host_sim.sim import Simulation, SETTLE_MS


def _play(sim, moves):
    for mv in moves:
        sim.play_by_hand(mv)


def test_hint_answers_can_i_close_a_mill_and_can_the_opponent():
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    _play(sim, ["d2", "d6", "d1", "b6"])
    assert sim.state()["hint"] is None
    sim.press("hint")
    sim.settle(extra_ms=40)
    h = sim.state()["hint"]
    assert h["mill_now"] == ["d3"] and h["threats"] == ["f6"]
    lit = sim.state()["status"]["lit"]
    assert lit["d3"] == "hint_mill" and lit["f6"] == "hint_threat"
    # the answer goes with the position: a move clears it
    _play(sim, ["a1"])
    assert sim.state()["hint"] is None


def test_refused_action_has_a_reason_on_leds_page_and_serial_link():
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    _play(sim, ["d2", "d6"])
    sim.lift("d2")          # stones still in hand: lifting one is refused
    sim.settle()
    st = sim.state()
    assert "still has stones in hand" in st["message"]
    assert st["status"]["lit"]["d2"] == "missing"            # blinking on the board
    lines = [json.loads(x) for x in st["serial"]]
    mistake = [ev for ev in lines if ev.get("type") == "mistake"][-1]
    assert mistake["points"] == ["d2"] and "still has stones in hand" in mistake["what"]
    sim.put("d2")
    sim.settle()
    assert sim.state()["status"]["state"] == "idle"


def test_mill_is_highlighted_and_learning_mode_lights_movable_stones():
    sim = Simulation(players=("human", "human"), manual_clock=True, learning=True)
    sim.settle()
    _play(sim, ["d2", "d6", "d1", "b6"])
    sim.put("d3")
    sim.settle(extra_ms=SETTLE_MS + 100)       # the put settles; the mill still flashes
    lit = sim.state()["status"]["lit"]
    assert {lit.get(p) for p in ("d1", "d2", "d3")} == {"mill"}
    assert "Mill!" in sim.state()["message"]
    sim.lift("b6")
    sim.settle()
    # movement phase: learning mode lights the stones that may move
    while sim.position().hand[0] or sim.position().hand[1]:
        pos = sim.position()
        _play(sim, [pos.move_text(pos.legal_moves[-1])])
    sim.settle(extra_ms=1200)        # past the flash of any mill
    st = sim.state()
    assert st["status"]["phase"] == "movement"
    movable = {p for p, m in st["status"]["lit"].items() if m == "movable"}
    pos = sim.position()
    want = {pos.geo.names[m >> 5 & 31] for m in pos.legal_moves}
    assert movable == want and movable


def test_every_firmware_message_matches_a_catalogue_template():
    """The controller's messages (status and mistakes) seen in many random games are
    all covered by the catalogue, so the page can translate them."""
    import random
    pats = [re.compile("^" + "(.+?)".join(re.escape(p) for p in re.split(r"\{\d\}", t)) + "$")
            for t in i18n.TEMPLATES]
    words = set(i18n.WORDS)
    sim = Simulation(players=("human", "human"), manual_clock=True)
    sim.settle()
    rng = random.Random(5)
    seen = set()
    for _ in range(120):
        pos = sim.position()
        if pos.outcome() is not None:
            break
        if rng.random() < 0.3:   # a mistake: lift or put something wrong
            p = rng.randrange(24)
            occ = sim.switches.read()
            if occ >> p & 1:
                sim.lift(p)
            else:
                sim.put(p)
            sim.settle()
            seen.add(sim.state()["message"])
            sim.tidy()
            sim.settle()
            continue
        m = rng.choice(pos.legal_moves)
        _play(sim, [pos.move_text(m)])
        seen.add(sim.state()["message"])
    assert len(seen) > 5
    for msg in seen:
        assert msg in words or any(p.match(msg) for p in pats), msg
