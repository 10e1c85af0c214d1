"""Runs the shared driver contract (tests/driver_contract.py) against host_sim's drivers.

The Pico drivers get the same treatment by a second harness (with a fake
``machine`` module) passed to the same ``CHECKS``.
"""
import pytest

import driver_contract
from host_sim import drivers


class SimHarness:
    """Builds each simulated driver with its physical side (see driver_contract)."""

    def __init__(self, tmp_path, file_store=True):
        self.tmp_path = tmp_path
        self.file_store = file_store

    def sensors(self):
        d = drivers.SimSwitches()
        return d, d.set

    def lights(self):
        d = drivers.SimLights()
        return d, lambda: d.colours

    def buttons(self):
        d = drivers.SimButtons()
        return d, d.press

    def clock(self, start=0):
        d = drivers.SimClock(manual=True, start=start)
        return d, d.advance

    def store(self):
        if self.file_store:
            path = str(self.tmp_path / "state" / "game.txt")
            return drivers.FileStore(path), lambda: drivers.FileStore(path)
        d = drivers.MemoryStore()
        return d, lambda: d

    def link(self):
        d = drivers.SimLink()
        return d, d.feed, d.take


@pytest.mark.parametrize("check", driver_contract.CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("file_store", [True, False], ids=["file-store", "memory-store"])
def test_sim_drivers_meet_the_contract(check, file_store, tmp_path):
    check(SimHarness(tmp_path, file_store))


def test_real_time_clock_advances():
    """The simulator's default clock follows real time."""
    import time
    c = drivers.SimClock()
    t0 = c.ticks_ms()
    time.sleep(0.03)
    assert 25 <= c.ticks_diff(c.ticks_ms(), t0) < 1000


def test_buttons_reject_unknown_names():
    b = drivers.SimButtons()
    with pytest.raises(ValueError):
        b.press("self-destruct")
