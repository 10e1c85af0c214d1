"""The game store's writes kept for a pass that has time for them (``DeferredStore``).

The main loop (mainloop.py) hands the controller this wrapper of its store and
writes what waits in the pass after the one that completed the move (issue 21;
issue 22: a power cut loses at most the move in progress).
"""


class DeferredStore:
    """The game store as the controller sees it: its writes (``save``, ``log_append``,
    ``log_clear``) are queued in order and written by ``flush`` -- which the main
    loop calls in the pass after the one that completed the move, once the move's
    frame is on the LEDs, whether the engine thinks or not (issue 21: a save
    that erases a littlefs block held the move's pass for 268-379 ms on the
    emulated RP2040). Consecutive saves collapse into the last (each is the whole
    state). Reads (``load``, ``log_lines``, ``pieces``) and ``set_aside`` flush
    first. ``error``: the text of the last failed write, or None. Wraps any store
    of the controller's contract, offering what it offers (the log, bounded reads
    ``pieces(n)``, ``set_aside()``: board/controller.py)."""

    def __init__(self, store):
        self.store = store
        self.ops = []          # (kind, data): 0 save, 1 log_append, 2 log_clear
        self.mark = -1         # 1: a main-loop pass has seen the waiting writes (-1: none yet)
        self.error = None
        if hasattr(store, "log_append"):
            self.log_append = self._log_append
            self.log_lines = self._log_lines
            self.log_clear = self._log_clear
        if hasattr(store, "pieces"):
            self.pieces = self._pieces
        if hasattr(store, "set_aside"):
            self.set_aside = self._set_aside

    def save(self, data):
        """Queue ``data`` (bytes) as the stored state; TypeError for other data."""
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("store data must be bytes, got %s" % type(data).__name__)
        ops = self.ops
        if ops and ops[-1][0] == 0:
            ops[-1] = (0, data)
        else:
            ops.append((0, data))

    def _log_append(self, data):
        self.ops.append((1, data))

    def _log_clear(self):
        self.ops.append((2, None))

    def _log_lines(self):
        self.flush()
        return self.store.log_lines()

    def _pieces(self, n):
        self.flush()
        return self.store.pieces(n)

    def _set_aside(self):
        self.flush()
        return self.store.set_aside()

    def load(self):
        """The stored bytes (waiting writes first)."""
        self.flush()
        return self.store.load()

    def flush(self):
        """Write what waits, in order; a failing write is kept in ``error`` (the game
        goes on: the controller's rule for a failing store)."""
        ops = self.ops
        if not ops:
            return
        self.ops = []
        self.mark = -1
        st = self.store
        for kind, data in ops:
            try:
                if kind == 0:
                    st.save(data)
                    self.error = None
                elif kind == 1:
                    st.log_append(data)
                else:
                    st.log_clear()
            except Exception as e:  # noqa: BLE001  a failing store must not stop the game
                self.error = str(e)
