"""Power cut at every block-device write of littlefs, under the MicroPython unix port:

    micropython -X heapsize=4m tests/mplfs.py

The store (firmware/hw/store.py) runs on a real littlefs (``os.VfsLfs2``, the
Pico's file system) over a RAM block device with 4096-byte blocks. The device
counts every program and erase; at operation k it programs only half of the
buffer (a torn write) and the power is gone: that operation raises ``Cut``
and no later one reaches the flash. Then a fresh littlefs mounts the same
bytes (the reboot) and
the store must load the last record whose save completed -- or, if the cut
fell after the rename's commit reached the flash, the record being saved --
never nothing or a mix; the settings file beside it must be untouched.
Prints "N passed, 0 failed".
"""
import os
import sys

sys.path.insert(0, "firmware")
from hw.store import FileStore  # noqa: E402

BLOCK = 4096
BLOCKS = 32


class Cut(Exception):
    pass


CUT = Cut()   # raised as one instance: file finalisers may write with the heap locked


class RAMDev:
    """Block device (extended interface) with a power cut at operation ``cut_at``."""

    def __init__(self, data):
        self.data = bytearray(data)
        self.ops = 0
        self.cut_at = -1
        self.dead = False

    def _op(self):
        """Count a program/erase; True when the power goes now. Once dead, the
        caller skips the operation (nothing reaches the flash any more)."""
        self.ops += 1
        if self.ops == self.cut_at:
            self.dead = True
            return True
        return False

    def readblocks(self, block, buf, off=0):
        a = block * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, off=0):
        a = block * BLOCK + (off or 0)
        if self.dead:
            return      # e.g. a file finaliser closing the dead file system's file
        if self._op():
            n = len(buf) // 2
            self.data[a:a + n] = buf[:n]      # torn program
            raise CUT
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            if self.dead:
                return 0
            if self._op():
                raise CUT
            a = arg * BLOCK
            self.data[a:a + BLOCK] = b"\xff" * BLOCK
        return 0


def mount(dev):
    fs = os.VfsLfs2(dev)
    os.mount(fs, "/flash")


def unmount():
    try:
        os.umount("/flash")
    except Exception:
        pass


def record(n):
    """The n-th game record: n moves (bytes, grows past one block later on)."""
    moves = " ".join("m%d" % i for i in range(n * 120))
    return ('[Rules "standard"]\n[First "white"]\n%s\n' % moves).encode()


SETTINGS = b'{"rules": "standard", "level": 3}'
SAVES = 8

# the flash before the game goes on: a formatted littlefs with settings and record 0
base_dev = RAMDev(b"\xff" * (BLOCK * BLOCKS))
os.VfsLfs2.mkfs(base_dev)
mount(base_dev)
FileStore("/flash/settings.json").save(SETTINGS)
FileStore("/flash/game.rec").save(record(0))
unmount()
BASE = bytes(base_dev.data)

# how many block operations the saves take
dev = RAMDev(BASE)
mount(dev)
for i in range(1, SAVES + 1):
    FileStore("/flash/game.rec").save(record(i))
unmount()
total = dev.ops

passed = failed = 0
newer = 0
for k in range(1, total + 1):
    dev = RAMDev(BASE)
    mount(dev)
    dev.cut_at = k
    last_ok = 0
    current = None
    try:
        for i in range(1, SAVES + 1):
            current = i
            FileStore("/flash/game.rec").save(record(i))
            last_ok = i
        current = None
    except Exception:      # the Cut, or what littlefs made of the dead flash afterwards
        if not dev.dead:
            raise
    unmount()
    # reboot: a new littlefs over the same bytes
    dev2 = RAMDev(dev.data)
    try:
        mount(dev2)
        got = FileStore("/flash/game.rec").load()
        settings = FileStore("/flash/settings.json").load()
    finally:
        unmount()
    ok_records = [record(last_ok)] + ([record(current)] if current is not None else [])
    if got in ok_records and settings == SETTINGS:
        passed += 1
        if got != record(last_ok):
            newer += 1
    else:
        failed += 1
        print("FAIL cut at op %d: last completed %d, loaded %r" % (k, last_ok, got[:40] if got else got))
print("block operations: %d, cuts: %d, loaded the save in flight (its rename committed): %d"
      % (total, total, newer))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
