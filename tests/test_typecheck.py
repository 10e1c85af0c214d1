"""Acceptance 5 of issue 6: the firmware type-checks with mypy against the Pico's
MicroPython stubs (micropython-rp2-rpi-pico-stubs + micropython-stdlib-stubs),
as configured in pyproject.toml's [tool.mypy] (run through tools/typecheck.py)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _typecheck(*args):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "typecheck.py")] + list(args),
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_firmware_typechecks_against_pico_stubs():
    r = _typecheck()
    assert r.returncode == 0, r.stdout[-6000:] + r.stderr[-2000:]
    assert "Success" in r.stdout


def test_the_stubs_are_really_used(tmp_path):
    """A misuse of machine / neopixel is caught: the check is not vacuous."""
    bad = tmp_path / "typecheck_probe.py"
    bad.write_text("import machine\nimport neopixel\n\n"
                   "machine.WDT(timeout='5')\n"
                   "neopixel.NeoPixel(machine.Pin(6), 24).no_such_method()\n")
    r = _typecheck(str(bad))
    assert r.returncode != 0
    assert "typecheck_probe.py:4" in r.stdout and "typecheck_probe.py:5" in r.stdout, r.stdout
