"""Issue 26, acceptance 1: every wiring fault of the switch chain is a chain fault,
never stones. The fake 74HC165 chain of tests/fake_machine (``ShiftChain.fault``)
models each kind -- no load (all chips, or U2 alone), load held low, no clock (all,
or U2), U1's SER open (low / high), U3's QH open (the pad's pull-up), the data line
stuck high / low, and crossed links (load and clock pins swapped, data and tail
pins swapped, the data pin on U2's QH, U2 left out, U2/U3 looped) -- and
hw/switches.py must discard every scan: from power-up (registers holding any
power-on bits) and mid-game (the last good reading stays), bit-banged and through
SPI. Runs under CPython (pytest) and the MicroPython unix port (tests/mprun.py)."""
import sys

if "tests/fake_machine" not in sys.path:
    sys.path.insert(0, "tests/fake_machine")

import machine  # noqa: E402  (the fake)
import board_config as cfg  # noqa: E402
from hw import point_names  # noqa: E402

NAMES = point_names()
KINDS = sorted(machine.ShiftChain.FAULTS)
SCANS = 120          # half a second of scans at 250 Hz


def _chain(power_on=0):
    machine.reset_board()
    machine.RECORD = False
    p = cfg.PINS
    return machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS,
                              ser=p["sr_tail"], power_on=power_on)


def _stones(chain, mask):
    for i in range(24):
        chain.set_switch(cfg.SWITCH_BIT[NAMES[i]], (mask >> i) & 1)


def _mask(*names):
    m = 0
    for n in names:
        m |= 1 << NAMES.index(n)
    return m


def test_every_kind_is_modelled_and_named():
    assert len(KINDS) >= 12
    for k in ("no_load", "no_clock", "ser_open_low", "ser_open_high", "qh_open", "stuck_high",
              "stuck_low", "swap_load_clock", "swap_data_tail", "tap_u2", "skip_u2", "loop"):
        assert k in KINDS, k


def test_each_fault_from_power_up_is_never_stones():
    """A board wired wrong from the start never reads a stone, whatever the chips
    held at power-up (the old single-byte tail read a chain that does not load as
    12 phantom stones)."""
    from hw.switches import Switches
    for use_spi in (True, False):
        for kind in KINDS:
            for power_on in (0, 0xFFFFFF, 0xA5A5A5, 0x3C96E1):
                chain = _chain(power_on)
                _stones(chain, _mask("d2", "a1", "g7"))
                chain.fault(kind)
                sw = Switches(cfg, use_spi=use_spi)
                for _ in range(SCANS):
                    assert sw.read() == 0, (kind, use_spi, power_on)
                assert sw.fault and sw.errors >= SCANS and sw.scans == 0, (kind, use_spi)


def test_each_fault_in_play_keeps_the_last_good_reading():
    """A fault that starts mid-game: every scan is discarded, the stones read last
    stay, and stones put or lifted meanwhile are not read; mended, it reads again."""
    from hw.switches import Switches
    for use_spi in (True, False):
        for kind in KINDS:
            chain = _chain()
            before = _mask("d2", "e4", "b6")
            _stones(chain, before)
            sw = Switches(cfg, use_spi=use_spi)
            assert sw.read() == before and not sw.fault
            chain.fault(kind)
            _stones(chain, _mask("d2", "f4"))
            for _ in range(SCANS):
                assert sw.read() == before, kind
            assert sw.fault and sw.errors >= SCANS, kind
            chain = _chain()        # mended (same pins: a new sound chain)
            _stones(chain, _mask("a7"))
            got = [sw.read() for _ in range(3)]
            assert got[-1] == _mask("a7") and not sw.fault, (kind, got)


def test_a_sound_chain_never_faults_in_play():
    """Stones put and lifted one by one, two at once, and a whole ring swept at once:
    no scan of a sound chain is a fault at the scanner's pace (two scans per
    change), and every reading is one the board really showed."""
    from hw.switches import Switches
    from morris.compat import XorShift16
    for use_spi in (True, False):
        chain = _chain()
        sw = Switches(cfg, use_spi=use_spi)
        rng = XorShift16(7)
        mask = 0
        seen = [0]
        for step in range(400):
            r = rng.below(20)
            if r == 0:
                mask ^= 0xFF << (8 * rng.below(3))      # a ring of the chain swept
            elif r == 1:
                mask ^= (1 << rng.below(24)) | (1 << rng.below(24))
            else:
                mask ^= 1 << rng.below(24)
            _stones(chain, mask)
            seen.append(mask)
            for _ in range(3):
                v = sw.scan()
                assert v in seen[-3:], (step, v)
        assert sw.state == mask
        assert sw.errors <= 40, sw.errors     # a swept ring may cost a scan or two, never stones


def test_a_grounded_ser_is_a_chain_fault():
    """U1's SER tied to GND (the wiring before issue 12) reads 0x00 as the tail."""
    from hw.switches import Switches, SHIFTS
    machine.reset_board()
    p = cfg.PINS
    chain = machine.ShiftChain(p["sr_load"], p["sr_clock"], p["sr_data"], cfg.SHIFT_REGISTERS)
    _stones(chain, _mask("d2"))
    sw = Switches(cfg)
    assert sw.read() == 0 and sw.fault and sw.why == SHIFTS and sw.got[3] == 0


def test_tail_bytes_cannot_be_echoed_by_a_shifted_chain():
    """No tail byte equals itself shifted by 1..7 bits with any fill, nor 0x00 / 0xFF;
    they differ scan to scan."""
    from hw.switches import TAILS
    assert len(TAILS) >= 16 and len(set(TAILS)) == len(TAILS)
    for v in TAILS:
        assert v not in (0, 255)
        for k in range(1, 8):
            for fill in range(1 << k):
                assert ((v >> k) | (fill << (8 - k))) != v
                assert (((v << k) & 0xFF) | fill) != v


def test_the_viper_check_knows_the_table_length():
    from hw.switches import TAILS, NTAILS
    assert len(TAILS) == NTAILS
