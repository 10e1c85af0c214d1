"""tests/mpgame.py with the Pico drivers (firmware/hw/, built by main.build()) on the
fake machine of tests/fake_machine/ (MicroPython and CPython)."""


def setup(clock, link):
    """Drivers and the robot's hooks, as mpsim.setup."""
    import machine  # the fake
    import board_config as cfg
    import main as pico_main
    machine.RECORD = False
    import hw
    import hw.lights
    hw.lights.FRAME_GAP_US = 0   # the fake's frames go out at once
    hw.sys = machine.FakeSys     # hw.chip() asks the fake board (a Pico: RP2040)
    p = cfg.PINS
    chain = machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS,
                               ser=p["sr_tail"])
    d = pico_main.build(link=link)
    from hw import point_names
    NAMES = point_names()
    sw = d["sensors"]
    lights = d["lights"]
    buttons = d["buttons"]
    link = d["link"]

    class PhysSw:
        occ = 0
    phys = PhysSw()

    def set_occ(mask):
        for i in range(24):
            chain.set_switch(cfg.SWITCH_BIT[NAMES[i]], (mask >> i) & 1)
        phys.occ = mask
    d["clock"] = clock
    from hw.link import UsbLink

    class Serial:
        def __init__(self):
            self.pending = ""
            self.written = b""

        def read(self, n=1):
            out = self.pending[:n]
            self.pending = self.pending[n:]
            return out

        def write(self, t):
            self.written += bytes(t)
            return len(t)

    class Poll:
        def __init__(self, s):
            self.s = s

        def poll(self, t=0):
            return [(self.s, 1)] if self.s.pending else []
    ser = Serial()
    link = UsbLink(inp=ser, out=ser, poller=Poll(ser))

    def link_out():
        lines = ser.written.split(b"\n")
        ser.written = lines[-1]            # a line still being written stays
        return [ln.decode() for ln in lines[:-1]]

    def link_in(text):
        ser.pending += text + "\n"

    def link_clear():
        pass                               # link_out() took the complete lines
    return sw, lights, buttons, link, phys, set_occ, link_out, link_in, link_clear
