#!/usr/bin/env python3
"""What the Pico's heap holds after boot, step by step (issue 21): main.py's boot on
the fake machine under the MicroPython unix port, from the .mpy files tools/deploy.py
builds (for this host), with the heap collected after each step.

    .venv/bin/python tools/bench_pico_heap.py

Prints each step's cost on the unix port (64-bit) and a Pico (RP2040, 32-bit)
estimate. The model: array/bytearray data (the engine's TT and blocks) costs the same
bytes on both; everything else (code objects, bytecode, qstrs, dicts, instances) costs
``SCALE`` of its 64-bit size (half-size pointers and 16- instead of 32-byte heap
blocks; bytecode and string bytes are the same), calibrated on the one Pico figure we
have: main's firmware used 241,312 - 82,784 = 158,528 bytes on an emulated RP2040 where
this tool's boot (main's firmware: the engine made first, no book) measured 187,168
bytes on the unix port, 20,752 of them arrays, with about 28,300 bytes of native code
(below): (158,528 - 20,752 - 28,300) / 166,416 = 0.66. The native (viper) machine
code, which the unix port keeps outside its heap and the Pico loads into it, is
counted as the armv6m .mpy size of each module with native code that the step
loads (an upper bound: its bytecode and qstrs are in it too). Runs in a temporary folder
(the boot writes its stores there).
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCALE = 0.66          # 32-bit / 64-bit for everything but arrays and native code (see above)
PICO_BARE_FREE = 241312
NATIVE = {"main loop built": ("hw/lights.mpy",),
          "engine code": ("engine/evaluate.mpy",),
          "reserve (TT, blocks)": ("engine/board.mpy", "engine/search.mpy", "engine/emit.mpy"),
          "book opened": ("engine/book.mpy",)}

SCRIPT = r'''
import sys, gc
sys.path[:0] = [BUILD, FAKE]
import machine, rp2, time
machine.RECORD = False
import board_config as cfg
_p = cfg.PINS
CHAIN = machine.ShiftChain(_p["sr_load"], _p["sr_clock"], _p["sr_data"], cfg.SHIFT_REGISTERS, ser=_p["sr_tail"])
class _WD:
    def __init__(self, *a): pass
    def feed(self): pass
    def stop(self): pass
class _M:
    Watchdog = _WD
    @staticmethod
    def pause():
        return True
sys.modules["hw.watchdog"] = _M      # the fake machine's watchdog needs the CPython fakes
gc.collect()
marks = [("bare", gc.mem_free(), 0)]
def mark(name, arrays=0):
    gc.collect()
    marks.append((name, gc.mem_free(), arrays))
import main
mark("import main (source)")
ARRAY_BYTES
def run(loop, d, log):
    mark("main loop built")
    import warmup
    names = ("engine code", "Engine()", "reserve (TT, blocks)")
    k = 0
    for _ in warmup.steps(loop):
        if k < 3:
            mark(names[k], _array_bytes(loop.engine) if k == 2 else 0)
        k += 1
    mark("book opened")
    raise KeyboardInterrupt
main.run = run
main._sleep_ms = lambda ms: None
main.main()
for m in marks:
    print("MARK %s|%d|%d" % m)
'''


def main():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import inspect
    import bench_engine
    import deploy
    bindir = os.path.dirname(sys.executable)
    mp = os.path.join(bindir, "micropython")
    tmp = tempfile.mkdtemp(prefix="heap-")
    try:
        host = os.path.join(tmp, "host")
        pico = os.path.join(tmp, "pico")
        deploy.build(host, log=lambda *a: None, version="dev", target="host")
        deploy.build(pico, log=lambda *a: None, version="dev", target="pico")
        script = SCRIPT.replace("ARRAY_BYTES", inspect.getsource(bench_engine._array_bytes))
        script = script.replace("BUILD", repr(host)).replace("FAKE", repr(os.path.join(ROOT, "tests", "fake_machine")))
        r = subprocess.run([mp, "-X", "heapsize=512k", "-c", script], cwd=tmp, capture_output=True, text=True)
        marks = [ln[5:].split("|") for ln in r.stdout.splitlines() if ln.startswith("MARK ")]
        if not marks:
            print(r.stdout + r.stderr)
            return 1
        print("%-24s %9s %9s %9s %10s" % ("step", "unix B", "arrays B", "native B", "Pico est B"))
        prev = int(marks[0][1])
        total = 0
        for name, free, arr in marks[1:]:
            free, arr = int(free), int(arr)
            cost = prev - free
            prev = free
            nat = sum(os.path.getsize(os.path.join(pico, f)) for f in NATIVE.get(name, ()))
            est = int(arr + (cost - arr) * SCALE + nat)
            total += est
            print("%-24s %9d %9d %9d %10d   Pico free after it ~%d" % (name, cost, arr, nat, est,
                                                                        PICO_BARE_FREE - total))
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
