"""A fake ``rp2`` module: PIO state machines and DMA, enough for firmware/hw/lights.py.

``asm_pio`` keeps the program function unrun; a ``StateMachine`` remembers its
side-set pin; a ``DMA`` transfer into a state machine's TX FIFO (or ``put``)
completes at once and is recorded, like ``machine.bitstream``, in
``machine.STREAMS`` as (pin id, bytes) -- unless ``machine.RECORD_STREAMS`` is
False (allocation tests), where only ``machine.FRAMES`` is counted.
"""
import machine

_SMS = {}


class PIO:
    OUT_LOW = 0
    OUT_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1

    def __init__(self, id):
        self.id = id


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, sideset_base=None, **kw):
        self.id = id
        self.prog = prog
        self.pin = sideset_base
        self.put_words = []
        _SMS[id] = self

    def active(self, x=None):
        return True

    def tx_fifo(self):
        return 0

    def put(self, value, shift=0):
        if isinstance(value, int):
            self.put_words.append(value)
        else:
            machine.record_stream(self.pin, value)


class DMA:
    """A DMA channel that copies into a state machine's TX FIFO (``write=sm``, the
    portable form) at once; it checks what a real transfer needs: byte transfers,
    a fixed write address, the pace of that FIFO's DREQ ((pio << 3) + sm), a count
    of the buffer's bytes."""

    def __init__(self):
        self.transfers = 0

    def pack_ctrl(self, size=2, inc_read=True, inc_write=True, treq_sel=63, **kw):
        return size | (1 if inc_read else 0) << 4 | (1 if inc_write else 0) << 5 | treq_sel << 15

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        if not isinstance(write, StateMachine):
            raise TypeError("the fake DMA writes to a StateMachine (write=sm)")
        sm = write
        dreq = (sm.id >> 2) << 3 | (sm.id & 3)
        if ctrl & 3 != 0 or ctrl >> 5 & 1 or ctrl >> 15 & 63 != dreq or count != len(read):
            raise ValueError("DMA to state machine %d: size, increment, DREQ or count wrong" % sm.id)
        self.transfers += 1
        if trigger:
            machine.record_stream(sm.pin, read)

    def active(self, x=None):
        return False

    def close(self):
        pass


def asm_pio(**kw):
    def deco(f):
        return f
    return deco


def bootsel_button():
    return 0
