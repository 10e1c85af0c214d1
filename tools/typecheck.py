#!/usr/bin/env python3
"""Type-check firmware/ with mypy against the Raspberry Pi Pico's MicroPython stubs.

    .venv/bin/python tools/typecheck.py [extra mypy arguments]

The stubs come from the pip packages ``micropython-rp2-rpi-pico-stubs``
(``machine``, ``neopixel``, ``rp2``, ``time``, ``select``, ``gc`` ... as the rp2
port has them) and ``micropython-stdlib-stubs`` (MicroPython's reduced
builtins and standard library, used as mypy's typeshed). Both install as
loose files into site-packages, where mypy does not look for them, so this
tool copies them into ``build/mpy-stubs/`` (``typeshed/stdlib`` and
``modules``) and runs mypy with the ``[tool.mypy]`` settings of
pyproject.toml, which point there. Exit status: mypy's.
"""
import os
import shutil
import subprocess
import sys
from importlib import metadata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "build", "mpy-stubs")
BOARD_STUBS = "micropython-rp2-rpi-pico-stubs"
STDLIB_STUBS = "micropython-stdlib-stubs"


def _dist(name):
    try:
        return metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise SystemExit("%s is not installed: pip install '.[test]'" % name)


def prepare(out=STUBS):
    """Copy the stub files into ``out``; returns (typeshed dir, modules dir)."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    typeshed = os.path.join(out, "typeshed")
    modules = os.path.join(out, "modules")
    for dist, pick in ((_dist(STDLIB_STUBS), "stdlib"), (_dist(BOARD_STUBS), "board")):
        for f in dist.files or ():
            rel = str(f).replace("\\", "/")
            if not rel.endswith((".pyi", "VERSIONS")) or ".dist-info" in rel:
                continue
            if pick == "stdlib":
                dst = os.path.join(typeshed, rel) if rel.startswith("stdlib/") else os.path.join(modules, rel)
            else:
                dst = os.path.join(modules, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(str(f.locate()), dst)
    # mypy needs its own mypy_extensions stub inside any typeshed it is given
    import mypy
    ext = os.path.join(os.path.dirname(mypy.__file__), "typeshed", "stubs", "mypy-extensions")
    shutil.copytree(ext, os.path.join(typeshed, "stubs", "mypy-extensions"))
    return typeshed, modules


def main(argv=None):
    args = list(sys.argv[1:] if argv is None else argv)
    prepare()
    cmd = [sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "pyproject.toml")] + args
    return subprocess.run(cmd, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main())
