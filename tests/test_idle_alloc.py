"""Issue 26, acceptance 3 (allocation): tests/mpidle.py under the MicroPython unix port
from the .mpy build -- an idle pass of main.run on the Pico drivers allocates
nothing, and no still pass (idle or thinking) nor scanner tick puts a frame on the
heap (what gc.threshold counts) -- and under CPython (the same code runs; no
measurement)."""
import subprocess
import sys

from mptools import ROOT, tool


def test_an_idle_pass_allocates_nothing_on_the_unix_port(mpy_build):
    fw, _ = mpy_build
    r = subprocess.run([tool("micropython"), "-X", "heapsize=320k", "tests/mpidle.py", fw],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    out = r.stdout + r.stderr
    assert r.returncode == 0 and "IDLE 0" in out and "FRAMES" in out and "2 passed, 0 failed" in out, \
        out[-3000:]


def test_the_idle_pass_runs_under_cpython():
    r = subprocess.run([sys.executable, "tests/mpidle.py", "firmware"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and "2 passed, 0 failed" in r.stdout, r.stdout + r.stderr
