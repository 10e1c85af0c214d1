"""Power cut test for the game and settings stores (firmware/hw/store.py).

A fake file system (``Disk``) counts every write step the store takes --
open for writing, each write, flush, close, rename, remove -- and at step k
"cuts the power": that step does not happen (a write is torn: half of it
reaches the flash), ``PowerCut`` (a BaseException, so nothing in the firmware
can swallow it) ends the run, and the disk keeps only what was durable:
data a flush or close had committed, renames that completed. Unflushed data
is lost.

For every k from 1 to the number of write steps of a whole game (placements,
slides, captures and one settings change over the USB protocol), the main
loop (firmware/mainloop.py, host simulator drivers) plays the game until the
cut, then restarts on the same disk. The restart must resume at the last
completed move -- the record of the last save that returned -- with the
settings of the last settings save that returned, and after the stones are
put back the game plays on to the same end: nothing else is lost.

The last test repeats the cut one level lower, under MicroPython on a real
littlefs (``os.VfsLfs2``) over a RAM block device that tears its k-th
program or erase (tests/mplfs.py): the rename really is the commit point.
"""
import json
import random

import pytest

from host_sim import drivers
import mainloop
from hw.store import FileStore, unpack
from morris import NONE, Position, Rules, move_parts

NAMES = Rules("standard").geo.names


class PowerCut(BaseException):
    pass


class Disk:
    """Durable file contents plus the step counter that cuts the power.

    ``torn``: how many bytes of the write the cut falls in reach the flash (None:
    half of them). ``replacing``: False for a file system whose rename will not
    replace an existing file (FAT, some hosts): such a rename raises OSError."""

    def __init__(self, replacing=True):
        self.files = {}
        self.ops = 0
        self.cut_at = None
        self.dead = False
        self.torn = None
        self.replacing = replacing

    def step(self):
        """Count one write step; True when the power goes at this one."""
        if self.dead:
            raise PowerCut("no power")
        self.ops += 1
        if self.cut_at is not None and self.ops == self.cut_at:
            self.dead = True
            return True
        return False

    def restart(self):
        self.dead = False
        self.cut_at = None


class FakeFile:
    def __init__(self, disk, path, writing):
        self.disk = disk
        self.path = path
        self.writing = writing
        self.pending = b""
        self.pos = 0

    def write(self, data):
        data = bytes(data)
        if self.disk.step():
            # torn write: what was pending and part of this chunk reached the flash
            k = len(data) // 2 if self.disk.torn is None else self.disk.torn
            self.disk.files[self.path] += self.pending + data[:k]
            raise PowerCut("cut in write")
        self.pending += data
        return len(data)

    def _commit(self):
        self.disk.files[self.path] += self.pending
        self.pending = b""

    def flush(self):
        if self.disk.step():
            raise PowerCut("cut in flush")
        self._commit()

    def close(self):
        if not self.writing:
            return
        if self.disk.dead:
            raise PowerCut("no power")
        if self.disk.step():
            raise PowerCut("cut in close")
        self._commit()
        self.writing = False

    def read(self, n=-1):
        data = self.disk.files[self.path]
        end = len(data) if n is None or n < 0 else min(len(data), self.pos + n)
        out = data[self.pos:end]
        self.pos = end
        return out

    def seek(self, offset, whence=0):
        size = len(self.disk.files[self.path])
        self.pos = max(0, min(size, offset + (0 if whence == 0 else self.pos if whence == 1 else size)))
        return self.pos

    def readline(self):
        data = self.disk.files[self.path]
        end = data.find(b"\n", self.pos)
        end = len(data) if end < 0 else end + 1
        line = data[self.pos:end]
        self.pos = end
        return line


class FakeFiles:
    """The store's file operations (hw.store.OsFiles) on a Disk."""

    def __init__(self, disk):
        self.disk = disk

    def open(self, path, mode):
        if "a" in mode:
            if self.disk.step():
                raise PowerCut("cut in open")
            self.disk.files.setdefault(path, b"")
            return FakeFile(self.disk, path, True)
        if "w" in mode:
            if self.disk.step():
                raise PowerCut("cut in open")
            self.disk.files[path] = b""     # created, truncated
            return FakeFile(self.disk, path, True)
        if path not in self.disk.files:
            raise OSError(2, "ENOENT")
        return FakeFile(self.disk, path, False)

    def rename(self, old, new):
        if self.disk.step():
            raise PowerCut("cut in rename")
        if old not in self.disk.files:
            raise OSError(2, "ENOENT")
        if not self.disk.replacing and new in self.disk.files:
            raise OSError(17, "EEXIST")
        self.disk.files[new] = self.disk.files.pop(old)

    def remove(self, path):
        if self.disk.step():
            raise PowerCut("cut in remove")
        if path not in self.disk.files:
            raise OSError(2, "ENOENT")
        del self.disk.files[path]


class WatchedStore(FileStore):
    """A FileStore that remembers the data of its last save that returned."""

    def __init__(self, path, files):
        FileStore.__init__(self, path, files)
        self.last_ok = None

    def save(self, data):
        FileStore.save(self, data)
        self.last_ok = bytes(data)


def scripted_game(seed=11, plies=30):
    """Move texts of a legal game with captures (random, fixed seed)."""
    rng = random.Random(seed)
    pos = Position(Rules("standard"))
    out = []
    while len(out) < plies and pos.outcome() is None:
        moves = pos.legal_moves
        caps = [m for m in moves if m >> 10 & 31 != NONE]
        m = rng.choice(caps) if caps and rng.random() < 0.8 else rng.choice(moves)
        out.append(pos.move_text(m))
        pos.push(m)
    assert any("x" in t for t in out)
    return out


GAME = scripted_game()
TAIL = 8       # the controller's kept moves here: this 30-ply game then also goes through the log


@pytest.fixture(autouse=True)
def _short_tail(monkeypatch):
    from board import controller
    monkeypatch.setattr(controller, "TAIL", TAIL)
SETTINGS_AT = 7          # the ply before which a settings change arrives over the link
SETTINGS0 = {"rules": "standard", "level": 2, "players": ["human", "human"], "learning": False,
             "brightness": 3, "puzzle": 0, "solved": 0, "tried": 0}


class Board:
    """Drivers, stores on ``disk`` and the main loop; ``play`` moves stones by hand."""

    def __init__(self, disk, occupancy=0):
        files = FakeFiles(disk)
        self.store = WatchedStore("game.rec", files)
        self.sstore = WatchedStore("settings.json", files)
        self.sw = drivers.SimSwitches(occupancy)
        self.clock = drivers.SimClock(manual=True, start=1000)
        self.link = drivers.SimLink()
        self.loop = None

    def boot(self):
        """Power on: the main loop starts (loads settings and the saved game)."""
        self.loop = mainloop.MainLoop(self.sw, drivers.SimLights(), drivers.SimButtons(), self.clock,
                                      self.store, self.sstore, self.link)
        return self

    @property
    def c(self):
        return self.loop.controller

    def settle(self):
        for _ in range(8):      # settle (120 ms) + a flight's commit time (250 ms)
            self.clock.advance(60)
            self.loop.tick()

    def hand(self, occ):
        self.sw.set(occ)
        self.settle()

    def play(self, text):
        """Carry out move ``text`` stone by stone."""
        m = self.c.position.parse_move(text)
        to, frm, c1, c2 = move_parts(m)
        occ = self.sw.occupancy
        if frm != NONE:
            occ &= ~(1 << frm)
            self.hand(occ)
        occ |= 1 << to
        self.hand(occ)
        for cap in (c1, c2):
            if cap != NONE:
                occ &= ~(1 << cap)
                self.hand(occ)

    def run(self, start=0, stop=None):
        for i in range(start, len(GAME) if stop is None else stop):
            if i == SETTINGS_AT:
                self.link.feed(json.dumps({"cmd": "settings", "set": {"level": 4}}) + "\n")
                self.clock.advance(20)
                self.loop.tick()
            n = len(self.c.record())
            self.play(GAME[i])
            assert self.c.record() == GAME[:n + 1], (i, self.c.record())


def fresh_disk():
    disk = Disk()
    FileStore("settings.json", FakeFiles(disk)).save(json.dumps(SETTINGS0).encode())
    disk.ops = 0
    return disk


def record_of(data, disk=None):
    """The moves of a saved game: state file ``data`` plus, for its older moves,
    the lines of this game in the log on ``disk`` (the board's format, read here
    independently: docs/board_controller.md, "Saved game")."""
    if data is None:
        return []
    lines = data.decode().strip().split("\n")
    tags = {}
    for ln in lines:
        if ln.startswith("["):
            k, v = ln[1:-1].split(" ", 1)
            tags[k] = v.strip('"')
    tail = lines[-1].split() if lines[-1][:1] != "[" else []
    ply0 = int(tags.get("Ply", "0"))
    older = {}
    if ply0:
        for ln in disk.files["game.rec.log"].decode().split("\n"):
            parts = ln.split()
            if len(parts) == 3 and parts[0] == tags["Game"] and int(parts[1]) < ply0:
                older[int(parts[1])] = parts[2]
    assert sorted(older) == list(range(ply0))
    return [older[i] for i in range(ply0)] + tail


def occupancy_of(moves):
    pos = Position(Rules("standard"))
    for t in moves:
        pos.push_text(t)
    return pos.bb[0] | pos.bb[1]


def test_reference_game_without_cuts():
    disk = fresh_disk()
    b = Board(disk).boot()
    b.run()
    assert b.c.record() == GAME
    assert record_of(unpack(disk.files["game.rec"]), disk) == GAME
    assert json.loads(unpack(disk.files["settings.json"]))["level"] == 4
    # 5 steps a save: open, write, flush, close, rename; clearing the log at the
    # new game (remove) and each log append (open, write, flush, close)
    saves = 1 + len(GAME) + 1
    appends = (len(GAME) - TAIL) // TAIL
    assert appends >= 1 and len(GAME) > 2 * TAIL
    assert disk.ops == 5 * saves + 1 + 4 * appends


def test_power_cut_at_every_write_step_resumes_at_last_completed_move():
    disk = fresh_disk()
    Board(disk).boot().run()
    total = disk.ops
    assert total > 100
    checked = 0
    for k in range(1, total + 1):
        disk = fresh_disk()
        disk.cut_at = k
        b = Board(disk)
        cut = False
        try:
            b.boot()
            b.run()
        except PowerCut:
            cut = True
        assert cut, k
        expected = record_of(b.store.last_ok, disk)
        expected_settings = json.loads(b.sstore.last_ok) if b.sstore.last_ok else SETTINGS0
        physical = b.sw.occupancy
        # power back: a new board process over the same flash, stones as they were
        disk.restart()
        r = Board(disk, occupancy=physical).boot()
        assert r.c.record() == expected, (k, r.c.record(), expected)
        assert r.loop.settings == expected_settings, k
        assert r.loop.level == expected_settings["level"]
        # the player sets the stones as the LEDs ask, the game resumes, then goes on
        r.hand(occupancy_of(expected))
        assert r.c.status()["state"] == "idle", (k, r.c.status()["state"])
        # and plays on to the same end, the settings change kept
        r.run(start=len(expected))
        assert r.c.record() == GAME
        assert record_of(unpack(disk.files["game.rec"]), disk) == GAME
        assert json.loads(unpack(disk.files["settings.json"]))["level"] == 4
        checked += 1
    assert checked == total


def test_power_cut_at_every_littlefs_block_write_under_micropython():
    """The same store on a real littlefs (MicroPython's VfsLfs2) over a RAM block
    device that tears the k-th program/erase: tests/mplfs.py."""
    import os
    import shutil
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    mp = mp if os.path.exists(mp) else shutil.which("micropython")
    r = subprocess.run([mp, "-X", "heapsize=4m", "tests/mplfs.py"], cwd=root,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and " 0 failed" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]
    cuts = int(r.stdout.split("cuts: ")[1].split(",")[0])
    assert cuts > 50


# ---- issue 22, findings 2 and 3: the log and a rename that will not replace -------------

def test_a_cut_inside_a_log_line_loses_no_line_of_the_next_append():
    """Finding 2 (minimal): a cut inside the third line of an append; the next append
    must not glue its first line to the partial one."""
    disk = Disk()
    st = FileStore("game.rec", FakeFiles(disk))
    st.log_append(b"1 0 b4\n1 1 d2\n")
    disk.cut_at = disk.ops + 2          # open, then the write of the next append
    disk.torn = len("1 2 g5")           # the flash got "1 2 g5" of "1 2 g5-g4\n..."
    with pytest.raises(PowerCut):
        st.log_append(b"1 2 g5-g4\n1 3 a1\n")
    disk.restart()
    st = FileStore("game.rec", FakeFiles(disk))
    assert list(st.log_lines()) == [b"1 0 b4\n", b"1 1 d2\n"]       # the partial line is no line
    st.log_append(b"1 2 g5-g4\n1 3 a1\n")
    assert list(st.log_lines()) == [b"1 0 b4\n", b"1 1 d2\n", b"1 2 g5-g4\n", b"1 3 a1\n"]


def _game_steps(disk_factory, moves, tail):
    """(disk, store, controller) after ``moves`` through a Controller on a FileStore."""
    from board.controller import Controller
    disk = disk_factory()
    st = WatchedStore("game.rec", FakeFiles(disk))
    c = Controller(rules="standard", players=("human", "human"), store=st)
    for t in moves:
        c._commit(c.pos.parse_move(t))
    return disk, st, c


def test_the_log_survives_a_cut_at_every_byte_of_every_append(monkeypatch):
    """Build: a cut at any byte of a log append loses at most the move in progress;
    the full record (record(), export_record) is always the game played."""
    from board import controller
    from board.controller import Controller
    from morris.record import replay
    monkeypatch.setattr(controller, "TAIL", 4)
    game = scripted_game(seed=5, plies=30)
    # where the appends' writes fall, without cuts
    disk, st, c = _game_steps(Disk, game, 4)
    assert c._ply0 >= 12 and c.record() == game
    writes = []          # (step number of the write, bytes written)
    probe = Disk()
    real_write = FakeFile.write

    def spy(self, data):
        n = real_write(self, data)
        if self.path == "game.rec.log":
            writes.append((self.disk.ops, len(bytes(data))))
        return n
    monkeypatch.setattr(FakeFile, "write", spy)
    _game_steps(lambda: probe, game, 4)
    monkeypatch.setattr(FakeFile, "write", real_write)
    assert len(writes) >= 3
    checked = 0
    for step, size in writes:
        for k in range(size + 1):
            disk = Disk()
            disk.cut_at = step
            disk.torn = k
            st = WatchedStore("game.rec", FakeFiles(disk))
            c = Controller(rules="standard", players=("human", "human"), store=st)
            played = 0
            with pytest.raises(PowerCut):
                for t in game:
                    c._commit(c.pos.parse_move(t))
                    played += 1
            disk.restart()
            r = Controller(rules="standard", players=("human", "human"), store=WatchedStore(
                "game.rec", FakeFiles(disk)))
            done = r.record()
            assert done == game[:len(done)] and len(done) >= played - 1, (step, k, len(done), played)
            assert len(done) == r.plies
            for t in game[len(done):]:      # the game goes on to its end
                r._commit(r.pos.parse_move(t))
            assert r.record() == game, (step, k)
            assert replay(r.export_record()).text() == r.pos.text()
            checked += 1
    assert checked > 100


def _saves(n):
    return [("save %d " % i).encode() * (i + 1) for i in range(n)]


def test_a_rename_that_will_not_replace_survives_every_pair_of_cuts():
    """Finding 3: on a file system whose rename will not replace (FAT, some hosts), a
    cut at any step of a save, power up, a cut at any step of a later save, power up:
    a good copy loads (the last save that returned, or the one in flight)."""
    data = _saves(6)
    probe = Disk(replacing=False)
    st = FileStore("game.rec", FakeFiles(probe))
    st.save(data[0])
    base = dict(probe.files)
    start = probe.ops
    for d in data[1:]:
        st.save(d)
    steps = probe.ops - start
    pairs = 0
    for i in range(1, steps + 1):
        for j in range(1, steps + 1):
            disk = Disk(replacing=False)
            disk.files = dict(base)
            files = FakeFiles(disk)
            ok = [data[0]]
            flight = None
            k = 0
            for cut in (i, j):
                disk.ops = 0
                disk.cut_at = cut
                st = FileStore("game.rec", files)      # a power-up
                try:
                    while True:
                        k = k % (len(data) - 1) + 1
                        flight = data[k]
                        st.save(flight)
                        ok.append(flight)
                        flight = None
                except PowerCut:
                    pass
                disk.restart()
                got = FileStore("game.rec", files).load()
                assert got in (ok[-1], flight), (i, j, got)
                if got == flight:
                    ok.append(flight)
            pairs += 1
    assert pairs >= 900


def test_a_damaged_main_file_never_stops_saving():
    """Finding 3: with the main file damaged, every later save raised FileExistsError on a
    file system whose rename will not replace; now the save replaces it."""
    for replacing in (False, True):
        disk = Disk(replacing=replacing)
        st = FileStore("game.rec", FakeFiles(disk))
        st.save(b"first")
        disk.files["game.rec"] = disk.files["game.rec"][:-2] + b"??"     # a bad block
        assert st.load() is None
        st = FileStore("game.rec", FakeFiles(disk))
        st.save(b"second")
        st.save(b"third")
        assert st.load() == b"third" and unpack(disk.files["game.rec"]) == b"third"
