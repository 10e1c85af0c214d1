"""Shared helpers for the Pico-driver tests: the fake ``machine`` on sys.path, a
fresh fake board, and the driver-contract harness for the Pico drivers."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE = os.path.join(ROOT, "tests", "fake_machine")
if FAKE not in sys.path:
    sys.path.insert(0, FAKE)

import machine  # noqa: E402  (the fake)
import board_config as cfg  # noqa: E402
import hw  # noqa: E402
import hw.lights  # noqa: E402

hw.lights.FRAME_GAP_US = 0   # the fake's frames go out at once
hw.sys = machine.FakeSys     # hw.chip() asks the fake board which chip it is (machine.MACHINE)

PERIOD = 1 << 30


def fresh_chain():
    """Reset the fake board and wire a 74HC165 chain to board_config's pins."""
    machine.reset_board()
    p = cfg.PINS
    return machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS,
                              ser=p["sr_tail"])


def fake_sleep(monkeypatch):
    """``time.sleep_ms`` on the fake board: the scan timer fires once per 4 ms slept
    and the buttons' clock (``hw.buttons.ticks_ms``) advances with it, so a press
    held through a sleep counts after its 30 ms debounce however fast this host
    runs (the buttons debounce by the clock, not by samples)."""
    import time
    now = [0]
    monkeypatch.setattr("hw.buttons.ticks_ms", lambda: now[0])

    def sleep_ms(ms):
        for _ in range(max(1, ms // 4)):
            now[0] += 4
            machine.fire_timers(1)
    monkeypatch.setattr(time, "sleep_ms", sleep_ms, raising=False)


def power_up(cause=None):
    """One power-up of the fake board (a fresh chain, ``machine.RESET_CAUSE`` =
    ``cause``, default power-on) running main.main(): "reset" when it ends in
    machine.reset(), else "returned"."""
    import main
    p = cfg.PINS
    machine.reset_board()
    machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS, ser=p["sr_tail"])
    machine.RESET_CAUSE[0] = machine.PWRON_RESET if cause is None else cause
    try:
        main.main()
    except SystemExit:
        return "reset"
    return "returned"


def point_index():
    from hw import point_names
    return {n: i for i, n in enumerate(point_names())}


def decode_leds(data):
    """(r, g, b) per LED chain index from the bytes sent to the chain, per LED_ORDER."""
    order = cfg.LED_ORDER
    out = []
    for k in range(len(data) // 3):
        chunk = data[3 * k:3 * k + 3]
        out.append((chunk[order.index("R")], chunk[order.index("G")], chunk[order.index("B")]))
    return out


class FakeSerial:
    """The PC side of the USB serial port: ``pending`` text in; the bytes the
    firmware wrote are ``raw``, ``written`` is them as text."""

    def __init__(self):
        self.pending = ""
        self.raw = b""

    @property
    def written(self):
        return self.raw.decode()

    @written.setter
    def written(self, text):
        self.raw = text.encode()

    # firmware side (sys.stdin / sys.stdout.buffer like)
    def read(self, n=1):
        out, self.pending = self.pending[:n], self.pending[n:]
        return out

    def write(self, data):
        data = data.encode() if isinstance(data, str) else bytes(data)
        self.raw += data
        return len(data)


class FakePoll:
    def __init__(self, serial):
        self.serial = serial

    def poll(self, timeout=-1):
        return [(self.serial, 1)] if self.serial.pending else []


class PicoHarness:
    """tests/driver_contract.py harness over the Pico drivers and the fake machine."""

    def __init__(self, tmp_path, use_spi=None):
        self.tmp_path = tmp_path
        self.use_spi = use_spi

    def sensors(self):
        from hw.switches import Switches
        chain = fresh_chain()
        drv = Switches(cfg, use_spi=self.use_spi)
        idx = point_index()

        def set_physical(mask):
            for name, i in idx.items():
                chain.set_switch(cfg.SWITCH_BIT[name], (mask >> i) & 1)
        return drv, set_physical

    def lights(self):
        from hw.lights import Lights
        machine.reset_board()
        drv = Lights(cfg)
        idx = point_index()

        def emitted():
            data = machine.STREAMS[-1][1]
            leds = decode_leds(data)
            out = [None] * len(idx)
            for name, i in idx.items():
                out[i] = leds[cfg.LED_INDEX[name]]
            return out
        return drv, emitted

    def buttons(self):
        from hw.buttons import Buttons
        from hw.clock import Clock
        machine.reset_board()
        now = [0]
        drv = Buttons(cfg, clock=Clock(source=lambda: now[0]))

        def press(name):
            pin = cfg.BUTTON_PINS[name]
            down = 0 if cfg.BUTTON_ACTIVE_LOW else 1
            for level in (down, 1 - down):
                machine.set_level(pin, level)
                for _ in range(3):        # 3 samples 4 ms apart, then one 40 ms later
                    drv.poll()
                    now[0] += 4
                now[0] += 40
                drv.poll()
        return drv, press

    def clock(self, start=0):
        from hw.clock import Clock
        now = [start % PERIOD]
        drv = Clock(source=lambda: now[0])

        def advance(ms):
            now[0] = (now[0] + ms) % PERIOD
        return drv, advance

    def store(self):
        from hw.store import FileStore
        path = str(self.tmp_path / "game.rec")
        return FileStore(path), lambda: FileStore(path)

    def link(self):
        from hw.link import UsbLink
        ser = FakeSerial()
        drv = UsbLink(inp=ser, out=ser, poller=FakePoll(ser))
        taken = [0]

        def feed(text):
            ser.pending += text

        def take():
            text = ser.written[taken[0]:]
            taken[0] = len(ser.written)
            lines = text.split("\n")
            assert lines[-1] == ""
            return lines[:-1]
        return drv, feed, take
