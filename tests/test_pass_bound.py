"""Issue 21, acceptance 3: no pass of a whole game -- book moves, saves (hw/store.py's
FileStore on real files), ``selftest`` and ``state`` replies included -- runs longer
than ``BOUND_US`` on the unix port (the loop's own time; an engine slice is the
engine's, and a save's file-system time the host disk's: on the Pico a save's flash
time, an erase included, is spent in a pass of its own, after the move's frame). The game (tests/pass_bound.py, the .mpy build) is deterministic and is
played three times: a pass counts with the least of its times (the machine is
shared: a preemption seldom hits the same pass thrice).

``BOUND_US`` = 1,500 us on the unix port (measured: the longest passes, a move
completing and its frame, 0.35-0.44 ms; on the Pico ~44-75 ms, docs/pico.md,
"Timing"). The harness allocates nothing per pass (a collection it caused once
showed as a 5 ms thinking pass). The passes the issue found stalling now stay far
below: a save is its own later pass, the book is looked up in the engine's slices,
a selftest is built over passes and a state reply in one ordinary pass."""
import subprocess

from mptools import ROOT, tool

BOUND_US = 1500


def _run(mpy_build, tmp_path, k):
    fw, _ = mpy_build
    import os
    import tempfile
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None    # memory, not the host's disk
    d = tempfile.mkdtemp(prefix="pass_bound", dir=shm) if shm else tmp_path / ("run%d" % k)
    os.makedirs(str(d), exist_ok=True)
    r = subprocess.run([tool("micropython"), "-X", "heapsize=1m", "tests/pass_bound.py", fw, str(d)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    out = {}
    for line in r.stdout.splitlines():
        key, _, v = line.partition(" ")
        out[key] = v
    return [int(x) for x in out["TIMES"].split()], out["KINDS"], int(out["SAVES"])


def test_no_pass_of_a_whole_game_runs_longer_than_the_bound(mpy_build, tmp_path):
    runs = [_run(mpy_build, tmp_path, k) for k in range(3)]
    t1, k1, saves = runs[0]
    assert all(k == k1 and len(t) == len(t1) for t, k, _ in runs) and len(t1) > 1000   # the same passes
    assert saves >= 20 and "s" in k1 and "j" in k1 and "t" in k1   # saves, a selftest, thinking
    least = [min(r[0][i] for r in runs) for i in range(len(t1))]
    worst = max(range(len(t1)), key=lambda i: least[i])
    top = sorted(least)[-5:]
    print("longest passes (us, the least of 3 runs):", top, "the longest:", worst, k1[worst])
    assert least[worst] <= BOUND_US, (worst, k1[worst], [r[0][worst] for r in runs])
