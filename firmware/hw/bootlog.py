"""The boot log in flash: why the Pico last reset, and the crash-loop breaker's count.

Kept as a small JSON object in ``boot.json`` (atomic ``hw.store.FileStore``):

- ``boots``: boots counted so far;
- ``streak``: resets in a row that ended a run before it became healthy --
  an error caught by main.py (``crash``) or a watchdog reset (seen at the
  next boot from ``machine.reset_cause()``); a run that stays up
  ``HEALTHY_MS`` clears it (``healthy``);
- ``log``: the last ``KEEP`` entries, newest last, each
  ``[boot number, cause, text]`` with cause "power-on", "watchdog",
  "reset", "error" (a crash; text = the exception) or "unknown".

``tripped()`` is True when ``streak`` reached ``LIMIT``: main.py then skips
the resume (the saved game stays untouched), shows the error pattern and
leaves the REPL free. ``machine.reset()`` after a crash looks like a
watchdog reset to the next boot (the rp2 port resets through the
watchdog); ``crash`` marks it so it is not counted twice.
"""
import machine

try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json  # type: ignore

LIMIT = 3            # resets in a row before the breaker trips
KEEP = 8             # log entries kept
HEALTHY_MS = 60000   # a run this long clears the streak

_CAUSES = {}
for _name, _text in (("PWRON_RESET", "power-on"), ("WDT_RESET", "watchdog"),
                     ("HARD_RESET", "reset"), ("SOFT_RESET", "reset")):
    if hasattr(machine, _name):
        _CAUSES[getattr(machine, _name)] = _text


class BootLog:
    """``BootLog(store)``: ``store`` has ``save(bytes)`` / ``load()`` (None: nothing
    is kept, the log lives in RAM only). ``boot()`` once per start."""

    def __init__(self, store):
        self.store = store
        self.data = {"boots": 0, "streak": 0, "log": [], "expect": False}  # type: dict
        try:
            raw = store.load() if store is not None else None
            if raw:
                d = json.loads(raw)
                if isinstance(d, dict):
                    for k in self.data:
                        if type(d.get(k)) is type(self.data[k]):
                            self.data[k] = d[k]
        except (ValueError, OSError):   # damaged: start afresh
            pass

    def _add(self, cause, text=""):
        d = self.data
        d["log"].append([d["boots"], cause, text[:80]])
        del d["log"][:-KEEP]

    def _save(self):
        if self.store is None:
            return
        try:
            self.store.save(json.dumps(self.data).encode())
        except OSError:
            pass   # a full or failing flash must not stop the boot

    def boot(self, cause=None):
        """Count this boot with its reset cause (default ``machine.reset_cause()``);
        returns the cause text. A watchdog reset not announced by ``crash`` grows
        the streak."""
        if cause is None:
            cause = machine.reset_cause()
        text = _CAUSES.get(cause, "unknown")
        d = self.data
        d["boots"] += 1
        if text == "watchdog":
            if d["expect"]:
                text = "reset"        # the machine.reset() after a logged crash
            else:
                d["streak"] += 1
        d["expect"] = False
        self._add(text)
        self._save()
        return text

    def crash(self, error):
        """Log ``error`` (an exception or text) as this run's end; grows the streak."""
        d = self.data
        d["streak"] += 1
        d["expect"] = True
        self._add("error", "%s: %s" % (type(error).__name__, error) if isinstance(error, BaseException)
                  else str(error))
        self._save()

    def healthy(self):
        """The run is up and well: the streak starts again from 0."""
        if self.data["streak"]:
            self.data["streak"] = 0
            self._save()

    def reset_streak(self):
        """Forget the streak (the owner asked to try again)."""
        self.data["streak"] = 0
        self._save()

    def tripped(self):
        """True when ``LIMIT`` resets in a row ended runs before they became healthy."""
        return self.data["streak"] >= LIMIT

    def summary(self):
        """Dict for "hello" / "selftest": boots, streak, last cause, the log."""
        d = self.data
        last = d["log"][-1][1] if d["log"] else None
        return {"boots": d["boots"], "reset_cause": last, "crash_streak": d["streak"],
                "resets": [list(e) for e in d["log"]]}
