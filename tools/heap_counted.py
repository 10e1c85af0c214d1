"""What MicroPython's ``gc.threshold`` counts: the bytes a function allocates, freed
or not (MicroPython unix port; tools/bench_pico_loop.py and tests/mpidle.py).

A MicroPython function whose locals and stack take more than 11 words gets its
frame on the heap at every call (py/objfun.c, ``VM_MAX_STATE_ON_STACK``) and
frees it on return: ``gc.mem_alloc`` never sees it, the threshold does, and a
collection falls due (13-20 ms on the Pico, docs/pico.md)."""
import gc

GARBAGE = 32768     # bytes left as garbage before each probe: a collection frees them


def _collects(fn, limit, net):
    # True when fn() allocated, freed or not, enough for a collection to fall due at
    # gc.threshold(limit): the allocation after it then collects the garbage left
    # before (``net``: what fn() leaves allocated without a collection)
    gc.collect()
    g = bytearray(GARBAGE)
    g = None
    gc.threshold(limit)
    a0 = gc.mem_alloc()
    fn()
    g = bytearray(16)
    a1 = gc.mem_alloc()
    gc.threshold(-1)
    return a1 < a0 + net - GARBAGE // 2


def _net(fn):
    # bytes fn() leaves allocated (garbage included) when nothing collects
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    fn()
    g = bytearray(16)
    a1 = gc.mem_alloc()
    gc.enable()
    return a1 - a0


def _nothing():
    pass


def counted_bytes(fn, loop=None):
    """Bytes (an int, a multiple of 16: heap blocks) that ``fn()`` allocates towards
    ``gc.threshold``, freed or not, less what calling an empty function counts;
    found by bisection of the threshold up to 128 KB. ``loop`` (a mainloop.MainLoop
    or None): its own idle collections are held off meanwhile. MicroPython only
    (``gc.threshold``, ``gc.mem_alloc``: AttributeError under CPython)."""
    low = getattr(loop, "_gc_low", None)
    if low is not None:
        loop._gc_low = 0

    def least(f):
        net = _net(f)
        lo, hi = 0, 1 << 17
        while lo < hi:
            m = (lo + hi) // 2
            if _collects(f, m, net):
                lo = m + 1
            else:
                hi = m
        return lo
    try:
        return max(0, least(fn) - least(_nothing))
    finally:
        if low is not None:
            loop._gc_low = low
