"""Run firmware test modules under MicroPython (or CPython) without pytest.

Usage, from the repository root:
    micropython -X heapsize=192k tests/mprun.py [--path DIR ...] [test_module[:test_name] ...]
With no names, runs every tests/firmware/test_*.py; ``module:test`` runs one test. ``--path`` puts a folder
first on sys.path, e.g. folders of .mpy files compiled by mpy-cross, as the
Pico loads them. Prints one line per failure and a closing
'N passed, N failed' line; exits 1 on any failure.
"""
import gc
import sys
import os

sys.path.insert(0, "tests/firmware")
sys.path.insert(0, "firmware")


def main(names):
    if not names:
        names = sorted(f[:-3] for f in os.listdir("tests/firmware")
                       if f.startswith("test_") and f.endswith(".py"))
    passed = failed = 0
    for name in names:
        only = None
        if ":" in name:  # module:test runs that test alone
            name, only = name.split(":")
        mod = __import__(name)
        for attr in sorted(dir(mod)):
            fn = getattr(mod, attr)
            if not attr.startswith("test_") or not callable(fn) or (only and attr != only):
                continue
            gc.collect()    # each test starts on a collected heap
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on
                failed += 1
                print("FAIL %s.%s: %s: %s" % (name, attr, type(e).__name__, e))
                if hasattr(sys, "print_exception"):
                    sys.print_exception(e)
    print("%d passed, %d failed" % (passed, failed))
    return failed


def _args(argv):
    names = []
    paths = []
    i = 0
    while i < len(argv):
        if argv[i] == "--path":
            paths.append(argv[i + 1])
            i += 2
        else:
            names.append(argv[i])
            i += 1
    for p in reversed(paths):
        sys.path.insert(0, p)
    return names


if __name__ == "__main__":
    sys.exit(1 if main(_args(sys.argv[1:])) else 0)
