"""MicroPython code emitters with fallbacks, so one source runs everywhere.

The engine's hot functions carry ``@micropython.native`` (machine code with
Python semantics) or ``@micropython.viper`` (machine-word ints, raw array
access through ``ptr32``). MicroPython's compiler consumes these decorators
itself (by name, at compile time), so they only need a name to resolve to:
on CPython ``micropython`` below is a stand-in whose decorators return the
function unchanged, and ``ptr32`` is the identity, which is what a viper
cast means for an ``array('i')``. A viper function here is therefore also
a valid plain-Python function with the same results, provided it keeps
every value a small int below 2**30 (viper ints are 32-bit on the RP2040).

Builds: the Pico build compiles with ``mpy-cross -march=armv6m``, the unix
port tests with the host's arch (tools/deploy.py ``march``); the bench
builds a copy with the decorator lines removed to measure the bytecode-only
speed (tools/bench_engine.py).
"""
try:
    import micropython  # noqa: F401
except ImportError:  # CPython
    class micropython:  # noqa: N801 - stands in for the MicroPython module
        """Decorators that leave the function as plain Python."""

        @staticmethod
        def native(f):
            """Plain Python on CPython."""
            return f

        @staticmethod
        def viper(f):
            """Plain Python on CPython."""
            return f


def ptr32(a):
    """Identity: viper functions compile ``ptr32(x)`` to a raw 32-bit pointer
    themselves; plain Python indexes the ``array('i')`` directly."""
    return a


def ptr16(a):
    """Identity, as ``ptr32``, for an ``array('H')``."""
    return a


def emitted(fn):
    """True when ``fn`` was compiled to machine code (MicroPython native/viper).

    Bytecode functions and CPython functions have the type of a plain
    ``def``; the emitters produce a different function type."""
    def plain():
        pass
    return type(fn) is not type(plain)
