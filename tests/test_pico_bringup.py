"""The board bring-up (firmware/selftest.py, ``bringup``) on the fake machine of
tests/fake_machine: a 74HC165 chain, the WS2812 bitstream, button pins."""
import os

import pytest

import hwfakes
from hwfakes import cfg, machine, decode_leds
from morris.geometry import GEOMETRIES

NAMES = GEOMETRIES["standard"].names
LED = {name: led for name, led, bit in cfg.POINTS}
BIT = {name: bit for name, led, bit in cfg.POINTS}


@pytest.fixture
def rig(monkeypatch):
    """(selftest module, Bench, chain, pauses list); pauses are instant and logged."""
    import selftest
    chain = hwfakes.fresh_chain()
    for pin in cfg.BUTTON_PINS.values():
        machine.set_level(pin, 1)            # released (pull-up, active low)
    machine.RECORD = True
    pauses = []
    monkeypatch.setattr(selftest, "_sleep_ms", lambda ms: pauses.append(ms))
    bench = selftest.Bench()
    bench.buttons.ticks = lambda: sum(pauses)     # the buttons' clock: the pauses' time
    return selftest, bench, chain, pauses


def _frames():
    return [decode_leds(data) for _, data in machine.STREAMS]


def _hold(*names):
    for n in names:
        machine.set_level(cfg.BUTTON_PINS[n], 0)


def test_chain_step_passes_and_a_stuck_data_line_fails(rig, capsys):
    st, bench, chain, _ = rig
    assert st.step_chain(bench) is True
    out = capsys.readouterr().out
    assert "chain: OK, the check passed in 100 scans" in out and "closed now: none" in out
    chain.fault("stuck_high")
    assert st.step_chain(bench) is False
    out = capsys.readouterr().out
    assert "FAULT in 100 of 100 scans" in out and "every bit reads 1" in out and "stuck high" in out
    assert [st.MAGENTA] * 24 in _frames()
    chain.fault("stuck_low")                  # once "all 24 closed", now a fault
    assert st.step_chain(bench) is False
    out = capsys.readouterr().out
    assert "FAULT in 100 of 100 scans" in out and "every bit reads 0" in out


@pytest.mark.parametrize("kind", sorted(machine.ShiftChain.FAULTS))
def test_chain_step_names_each_fault_kind_as_the_bring_up_table_does(kind, capsys):
    """Every fault kind fails the chain step, and the line it prints is one of the
    lines hardware/BUILD.md's bring-up table explains."""
    import os
    import selftest
    table = open(os.path.join(hwfakes.ROOT, "hardware", "BUILD.md")).read()
    table = table[table.index("#### The `chain` step's faults"):table.index("## Troubleshooting")]
    for stones in ((), ("c4", "b4", "a1")):
        chain = hwfakes.fresh_chain()
        for n in stones:
            chain.set_switch(cfg.SWITCH_BIT[n], True)
        chain.fault(kind)
        bench = selftest.Bench()
        bench.pause = lambda ms: None
        assert selftest.step_chain(bench) is False
        said = capsys.readouterr().out.splitlines()[1]
        assert said.startswith("chain: ")
        words = " ".join(said[len("chain: "):].split(":")[0].split()[:3])
        assert "`" + words in table, (kind, said)


def test_walk_lights_each_point_alone_in_point_order(rig, capsys):
    st, bench, _, _ = rig
    st.step_walk(bench)
    lit = [f.index(st.WHITE) for f in _frames() if f.count(st.WHITE) == 1]
    assert lit == [LED[n] for n in NAMES]
    assert "walk: a1 (LED %d)" % LED["a1"] in capsys.readouterr().out


def test_switch_step_shows_and_names_each_closing_and_ends_on_new_and_ok(rig, capsys, monkeypatch):
    st, bench, chain, pauses = rig

    def hand(ms):
        pauses.append(ms)
        if len(pauses) == 2:
            chain.set_switch(BIT["d2"], True)
        if len(pauses) == 6:
            _hold("hint")
        if len(pauses) == 30:
            _hold("new", "ok")
    monkeypatch.setattr(st, "_sleep_ms", hand)
    assert st.step_switches(bench, seconds=30) is True
    out = capsys.readouterr().out
    assert "switches: closed d2 (switch bit %d, %s)" % (BIT["d2"], st.where(BIT["d2"])) in out
    assert "buttons: hint" in out and "1 of 24 seen closed" in out
    frames = _frames()
    d2 = [f for f in frames if f[LED["d2"]] == st.GREEN]
    assert d2 and d2[0].count(st.DIM_BLUE) == 23
    assert [st.AMBER] * 24 in frames                      # a held button
    assert frames[-1] == [(0, 0, 0)] * 24


def test_full_bringup_passes_within_the_brightness_cap_and_keeps_the_watchdog_fed(rig, capsys):
    st, bench, _, _ = rig
    _hold("new", "ok")
    out = st.bringup(bench=bench, seconds=5)
    assert {k: out[k] for k in st.STEPS} == {k: True for k in st.STEPS}
    assert capsys.readouterr().out.strip().splitlines()[-2] == \
        "bring-up: chain=ok colours=ok walk=ok load=ok switches=ok"
    for frame in _frames():
        assert max(max(c) for c in frame) <= cfg.BRIGHTNESS_CAP
    assert machine.WDTS and machine.WDTS[-1].feeds > 10
    assert not machine.elapse(60000)          # the watchdog is stopped: mpremote may soft-reset


def test_one_step_alone(rig, capsys):
    st, bench, _, _ = rig
    out = st.bringup(("colours",), bench=bench)
    assert out["colours"] is True and "chain" not in out
    assert capsys.readouterr().out.count("colours: all LEDs should be") == 3


def test_the_load_step_holds_as_long_as_the_rail_measurement_needs(rig, capsys):
    """Maker review 13: BUILD 9.3 measures the LED rail with the board face down during the load step, and 5 s left
    too little time to place the probes; `bringup(('load',), load_ms=30000)` holds every LED white for 30 s, the
    watchdog fed all along."""
    st, bench, _, _ = rig
    out = st.bringup(("load",), bench=bench, load_ms=30000)
    assert out == {"load": True}
    assert "load: all 24 LEDs white at %d/255 for 30 s" % cfg.BRIGHTNESS_CAP in capsys.readouterr().out
    assert machine.WDTS and machine.WDTS[-1].feeds >= 30000 // st.WDT_MS
    build = " ".join(open(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "hardware",
                                       "BUILD.md"), encoding="utf-8").read().split())
    assert "selftest.bringup(('load',), load_ms=30000)" in build
