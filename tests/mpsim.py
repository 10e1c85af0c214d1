"""Tiny simulated drivers for tests/mpgame.py (MicroPython and CPython)."""


from simdrivers import Switches as Sw, Lights, Buttons, Clock, Store, Link  # noqa: F401


def setup(clock, link):
    """Drivers and the robot's hooks: (sw, lights, buttons, link, phys, set_occ,
    link_out, link_in, link_clear)."""
    sw = Sw()
    lights = Lights()
    buttons = Buttons()
    phys = sw

    def set_occ(mask):
        sw.occ = mask

    def link_out():
        return link.out

    def link_in(text):
        link.inbox.append(text)

    def link_clear():
        link.out = []
    return sw, lights, buttons, link, phys, set_occ, link_out, link_in, link_clear
