"""Atomic byte store on the Pico's littlefs: write a temporary file, flush, rename over.

A power cut at any moment leaves either the old file or the new one whole:

1. ``<path>.tmp`` is written with a header (``MB1 <length> <crc32>``) and the
   data, flushed (littlefs commits the file on flush/close) and closed;
2. ``os.rename(tmp, path)`` replaces the old file in one littlefs metadata
   commit (littlefs renames over an existing file atomically).

``load()`` checks the header, length and CRC-32; a missing or damaged main
file falls back to a complete temporary file (left by a cut between steps 1
and 2 on a first save, or by a file system whose rename cannot replace, where
``save`` removes the old file first), else None. A half-written temporary file
fails its check and is ignored. Before the first save after power-up (and
after a failed one), a complete temporary file that is the only good copy
becomes the main file, so step 1 never overwrites the last good copy; a
damaged main file is replaced, never a reason to refuse saving.

``pieces(n)`` reads the stored bytes in pieces of ``n`` bytes (the CRC
checked first, piece by piece): a saved game of any size is read in bounded
memory. ``set_aside()`` renames the stored file (and its log) to
``<path>.aside`` (``.aside2``, ...) so that a game the firmware cannot resume
is kept, never overwritten.

The log beside it (``<path>.log``) is append-only, one line per entry; a cut
can leave a partial last line, which the next ``log_append`` first closes
with `` #`` (``SKIP``): readers drop every line holding ``#``, so the partial
line never swallows the next one. No module here imports ``machine``.
"""
import os

try:
    import binascii
    _crc32 = getattr(binascii, "crc32", None)
except ImportError:  # pragma: no cover - tiny builds
    _crc32 = None

MAGIC = b"MB1"
SKIP = b" #\n"       # closes a partial log line left by a cut: readers drop lines with "#"
ASIDE = ".aside"     # suffix of a file set aside (set_aside)


def crc32(data, crc=0):
    """CRC-32 (IEEE, as zlib) of ``data`` (bytes) as an int in [0, 2**32);
    ``crc``: the CRC of the bytes before, to go on from."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    c = crc ^ 0xFFFFFFFF
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def pack(data):
    """Header + data as written to the file."""
    return ("MB1 %d %08x\n" % (len(data), crc32(data))).encode() + data


def unpack(blob):
    """Data from a file's bytes, or None when the header, length or CRC is wrong."""
    if blob is None:
        return None
    i = blob.find(b"\n")
    if i < 0 or i > 40:
        return None
    head = blob[:i].split()
    if len(head) != 3 or head[0] != MAGIC:
        return None
    try:
        n = int(head[1])
        crc = int(head[2], 16)
    except ValueError:
        return None
    body = blob[i + 1:]
    if len(body) != n or crc32(body) != crc:
        return None
    return bytes(body)


class OsFiles:
    """The file operations the store uses, on the real file system (``os`` + ``open``).
    Tests swap in fakes that fail at a chosen step."""

    def open(self, path, mode):
        """Open ``path`` (mode "rb" / "wb" / "ab"); OSError if impossible. The file
        object has read([n]), readline(), write, flush, close, seek(offset, whence)."""
        return open(path, mode)

    def rename(self, old, new):
        """Rename ``old`` to ``new`` (replacing ``new`` on littlefs and POSIX)."""
        os.rename(old, new)

    def remove(self, path):
        """Delete ``path``; OSError if it does not exist."""
        os.remove(path)


class FileStore:
    """``save(data)`` (bytes, atomic) / ``load()`` -> bytes or None / ``pieces(n)`` /
    ``set_aside()`` / ``clear()``, and an append-only log beside it:
    ``log_append(bytes)`` / ``log_lines()`` / ``log_clear()`` (module doc).

    ``path`` is the file ("game.rec", "/settings.json"); ``files`` the file
    operations (default: the real file system). ``save`` raises TypeError for
    data that is not bytes-like (nothing is written) and OSError when the
    file system fails (the previous content stays loadable).
    """

    def __init__(self, path, files=None):
        self.path = path
        self.tmp = path + ".tmp"
        self.log = path + ".log"
        self.files = files if files is not None else OsFiles()
        self._sound = False     # the main file is known good (a save completed since power-up)

    def save(self, data):
        """Replace the stored bytes with ``data`` (bytes / bytearray), atomically."""
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("store data must be bytes, got %s" % type(data).__name__)
        blob = pack(bytes(data))
        fs = self.files
        ok = self._sound
        self._sound = False
        if not ok and self._check(self.path) is None and self._check(self.tmp) is not None:
            # the temporary file is the only good copy (a cut between remove and
            # rename on a file system whose rename will not replace): keep it first
            self._install()
        f = fs.open(self.tmp, "wb")
        try:
            f.write(blob)
            f.flush()
        finally:
            f.close()
        self._install()
        self._sound = True

    def _install(self):
        """The temporary file becomes the main file (renamed over it; where the file
        system will not replace, the old main file goes first: a cut in between
        leaves the complete temporary file, which load() reads)."""
        fs = self.files
        try:
            fs.rename(self.tmp, self.path)
        except OSError:
            try:
                fs.remove(self.path)
            except OSError:
                pass
            fs.rename(self.tmp, self.path)

    def _open(self, path):
        try:
            return self.files.open(path, "rb")
        except OSError:
            return None

    def _read(self, path):
        f = self._open(path)
        if f is None:
            return None
        try:
            return unpack(f.read())
        except OSError:
            return None
        finally:
            f.close()

    def _check(self, path, n=256):
        """The data length of ``path`` when its header, length and CRC are right, else
        None; reads ``n`` bytes at a time."""
        f = self._open(path)
        if f is None:
            return None
        try:
            head = f.readline()
            if not head.endswith(b"\n") or len(head) > 41:
                return None
            head = head.split()
            if len(head) != 3 or head[0] != MAGIC:
                return None
            try:
                size = int(head[1])
                want = int(head[2], 16)
            except ValueError:
                return None
            crc = 0
            got = 0
            while True:
                b = f.read(n)
                if not b:
                    break
                got += len(b)
                crc = crc32(b, crc)
            return size if got == size and crc == want else None
        except OSError:
            return None
        finally:
            f.close()

    def load(self):
        """The stored bytes, or None when nothing (valid) was saved."""
        data = self._read(self.path)
        if data is None:
            data = self._read(self.tmp)
        return data

    def _source(self):
        """The file holding the stored bytes (the main file, else a complete temporary
        file), or None."""
        if self._check(self.path) is not None:
            return self.path
        if self._check(self.tmp) is not None:
            return self.tmp
        return None

    def pieces(self, n=256):
        """The stored bytes as an iterator of bytes of at most ``n`` each (the CRC is
        checked first, in pieces too: bounded memory for any size), or None when
        nothing (valid) was saved. OSError from the file system."""
        path = self._source()
        if path is None:
            return None
        return self._pieces(path, n)

    def _pieces(self, path, n):
        f = self.files.open(path, "rb")
        try:
            f.readline()
            while True:
                b = f.read(n)
                if not b:
                    return
                yield b
        finally:
            f.close()

    def set_aside(self):
        """Rename the stored file and its log to ``<path>.aside`` (then ``.aside2`` ...
        ``.aside9``; the last is replaced when all are taken) and ``<that>.log``, so a
        game that cannot be resumed is kept for a person to look at. Returns the new
        name, or None when nothing was stored. OSError from the file system."""
        path = self._source()
        if path is None:
            return None
        fs = self.files
        for k in range(1, 10):
            name = self.path + ASIDE + (str(k) if k > 1 else "")
            f = self._open(name)
            if f is None:
                break
            f.close()
            name = None
        if name is None:
            name = self.path + ASIDE + "9"
            for p in (name, name + ".log"):
                try:
                    fs.remove(p)
                except OSError:
                    pass
        fs.rename(path, name)
        try:
            fs.rename(self.log, name + ".log")
        except OSError:
            pass        # no log
        self._sound = False
        return name

    def scratch(self):
        """A store of the same kind beside this one, for the self-test's round trip."""
        return FileStore(self.path + ".selftest", self.files)

    def clear(self):
        """Forget the stored bytes and the log (all files removed)."""
        for p in (self.path, self.tmp, self.log):
            try:
                self.files.remove(p)
            except OSError:
                pass

    # ---- the log: an append-only file next to the stored bytes ----------------
    def log_append(self, data):
        """Append ``data`` (bytes of whole lines, none holding "#") to the log
        ``<path>.log``. A partial last line that a cut left is first closed with
        ``SKIP``, so it cannot swallow the first new line. OSError on failure."""
        fs = self.files
        partial = False
        f = self._open(self.log)
        if f is not None:
            try:
                if f.seek(0, 2) > 0:
                    f.seek(-1, 2)
                    partial = f.read(1) != b"\n"
            finally:
                f.close()
        f = fs.open(self.log, "ab")
        try:
            if partial:
                f.write(SKIP)
            f.write(data)
            f.flush()
        finally:
            f.close()

    def log_lines(self):
        """The log's complete lines (bytes, with their line end), oldest first: a
        partial last line and lines closed by ``SKIP`` are left out; none without a log."""
        f = self._open(self.log)
        if f is None:
            return
        try:
            while True:
                line = f.readline()
                if not line:
                    return
                if line.endswith(b"\n") and b"#" not in line:
                    yield line
        finally:
            f.close()

    def log_clear(self):
        """Remove the log."""
        try:
            self.files.remove(self.log)
        except OSError:
            pass
