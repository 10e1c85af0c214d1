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
fails its check and is ignored. No module here imports ``machine``.
"""
import os

try:
    import binascii
    _crc32 = getattr(binascii, "crc32", None)
except ImportError:  # pragma: no cover - tiny builds
    _crc32 = None

MAGIC = b"MB1"


def crc32(data):
    """CRC-32 (IEEE, as zlib) of ``data`` (bytes) as an int in [0, 2**32)."""
    if _crc32 is not None:
        return _crc32(data) & 0xFFFFFFFF
    c = 0xFFFFFFFF
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
        """Open ``path`` (mode "rb" / "wb"); OSError if impossible."""
        return open(path, mode)

    def rename(self, old, new):
        """Rename ``old`` to ``new`` (replacing ``new`` on littlefs and POSIX)."""
        os.rename(old, new)

    def remove(self, path):
        """Delete ``path``; OSError if it does not exist."""
        os.remove(path)


class FileStore:
    """``save(data)`` (bytes, atomic) / ``load()`` -> bytes or None / ``clear()``, and
    an append-only log beside it: ``log_append(bytes)`` / ``log_lines()`` / ``log_clear()``.

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

    def save(self, data):
        """Replace the stored bytes with ``data`` (bytes / bytearray), atomically."""
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("store data must be bytes, got %s" % type(data).__name__)
        blob = pack(bytes(data))
        fs = self.files
        f = fs.open(self.tmp, "wb")
        try:
            f.write(blob)
            f.flush()
        finally:
            f.close()
        try:
            fs.rename(self.tmp, self.path)
        except OSError:
            # a file system whose rename will not replace: old file out, new one in;
            # a cut in between leaves the complete temporary file, which load() reads
            if self._read(self.path) is None:
                raise
            fs.remove(self.path)
            fs.rename(self.tmp, self.path)

    def _read(self, path):
        try:
            f = self.files.open(path, "rb")
        except OSError:
            return None
        try:
            return unpack(f.read())
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
        """Append ``data`` (bytes of whole lines) to the log ``<path>.log``. OSError on
        failure (a cut may leave a partial last line, which readers skip)."""
        f = self.files.open(self.log, "ab")
        try:
            f.write(data)
            f.flush()
        finally:
            f.close()

    def log_lines(self):
        """The log's lines (bytes, with their line end), oldest first; none without a log."""
        try:
            f = self.files.open(self.log, "rb")
        except OSError:
            return
        try:
            while True:
                line = f.readline()
                if not line:
                    return
                yield line
        finally:
            f.close()

    def log_clear(self):
        """Remove the log."""
        try:
            self.files.remove(self.log)
        except OSError:
            pass
