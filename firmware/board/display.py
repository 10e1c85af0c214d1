"""What the board shows: the LED frame and the status for user interfaces.

``Display`` is the part of ``board.controller.Controller`` that paints the
current reading of the board into meaning codes (see leds.MEANINGS), turns
them into colours within the current budget, and words the status message.
Kept in its own module so that each source file compiles in little memory.
"""
from morris import NONE
from morris.compat import ticks_diff, forget
from board import leds
from board.reading import set_bits as _set_bits, masks as _masks, extras as _extras, REMOVAL

COLOURS = ("white", "black")
CAPS = ("White", "Black")
BLINK_MS = leds.BLINK_MS      # half period of blinking marks
PULSE_MS = leds.PULSE_MS      # half period of pulsing marks (the computer's move)
FLASH_MS = 1000     # how long a freshly formed mill flashes
HINT_MS = 8000      # how long a hint stays (it also goes when the board changes)


class Display:
    """Mixin of Controller: ``status()`` and the frame (``_render``).

    ``teacher``: None, or an object that teaches on the board (teach/quality.py's
    move quality, teach/puzzle.py's puzzles; set by the main loop) with
    ``paint(controller, view, codes)`` (paints over the view's meaning codes),
    ``message(controller)`` (a message or None) and ``status(controller)``
    (a dict merged into ``status()``); it bumps ``_serial`` when its picture changes."""

    teacher = None    # a class default: the instance dict grows only when one is set

    # ---- status ---------------------------------------------------------------
    def status(self):
        """Dict for user interfaces: "message" (short English instruction), "turn"
        ("white"/"black"), "phase" ("placement"/"movement"/"flying"/"game over"),
        "state" (the controller's reading: idle, lifted, pending (a flight or a
        capture about to count), capture, wait, remote, mistake, over, clear,
        restore, setup, hand: waiting for "ok" once a stone left a hand),
        "lifted" (point name or None), "lit" (dict point name
        -> meaning name, see leds.MEANINGS), "mistakes" (list of {"code",
        "what", "points", "remove", "missing"}, as the mistake event), "note"
        (what the board's reading recorded last, e.g. "White took b2. Wrong?
        Press Undo.", said until the next move; "" for none; the message starts
        with it), "result" ('1-0'/'0-1'/'1/2-1/2' or None),
        "reason", "in_hand" [w, b], "on_board" [w, b], "record", "first" (who moved
        first: ``game_start``), "players",
        "rules", "learning", "remote" (pending remote move text or None),
        "awaiting_remote", "settled", "expected", "hint" (the hint shown now, as the
        "hint" event, or None)."""
        pos = self.pos
        t = pos.turn
        v = self._view
        self._render()
        names = pos.geo.names
        lit = {}
        for i in range(24):
            c = self._codes[i]
            if c:
                lit[names[i]] = leds.MEANINGS[c]
        if self.result is not None:
            phase = "game over"
        elif pos.hand[t]:
            phase = "placement"
        elif pos.flying(t):
            phase = "flying"
        else:
            phase = "movement"
        lifted = None
        lv = v.guide if v.kind == "mistake" and v.guide is not None else v
        if lv.kind == "lifted":
            lifted = names[lv.frm]
        message = self._message()
        if self._note and self.result is None and self._mode == 0 and message:
            message = self._note + " " + message     # what was recorded comes first
        mistakes = []
        if v.kind == "mistake":
            mistakes.append(self._mistake_info(v))
        out = {
            "message": message,
            "turn": COLOURS[t],
            "phase": phase,
            "state": v.kind,
            "lifted": lifted,
            "lit": lit,
            "mistakes": mistakes,
            "note": self._note,
            "result": self.result.result() if self.result is not None else None,
            "reason": self.result.reason if self.result is not None else None,
            "in_hand": [pos.hand[0], pos.hand[1]],
            "on_board": [pos.count[0], pos.count[1]],
            "record": self.record(),
            "first": COLOURS[self.first],
            "players": list(self.players),
            "rules": str(pos.rules),
            "learning": self.learning,
            "remote": pos.move_text(self.remote) if self.remote >= 0 else None,
            "awaiting_remote": self.awaiting_remote(),
            "settled": self._phys(self.settled),
            "expected": self.expected_occupancy(),
            "hint": self._hint_ev if self._hint_shown() else None,
        }
        if self.teacher is not None:
            out.update(self.teacher.status(self))
        return out

    def _hint_shown(self):
        """True while a hint is on the LEDs (until the board changes or HINT_MS pass)."""
        return (self._hint is not None and self._view.kind in ("idle", "wait")
                and ticks_diff(self._now, self._hint_at) < HINT_MS)

    def _message(self):
        from board.message import message   # imported for a status and dropped again (heap)
        try:
            return message(self)
        finally:
            forget("board.message")

    def _mistake_info(self, v):
        """The mistake of view ``v`` as a dict: "code", "what", "points", "remove", "missing"."""
        return {"code": v.code, "what": v.what, "points": self._names(v.bad_x | v.bad_m),
                "remove": self._names(v.bad_x), "missing": self._names(v.bad_m)}

    def _names(self, mask):
        names = self.pos.geo.names
        return [names[i] for i in range(len(names)) if mask >> i & 1]

    # ---- the LED frame ------------------------------------------------------------
    def _paint(self, mask, code):
        _set_bits(self._codes, mask, code)

    def _paint_view(self, v):
        k = v.kind
        p = self._paint
        if k == "lifted":
            p(1 << v.frm, leds.ORIGIN)
            p(v.dests, leds.DEST)
        elif k == "capture":
            if v.frm != NONE:
                p(1 << v.frm, leds.ORIGIN)
            if v.to != NONE:
                p(1 << v.to, leds.DEST)       # a mistake's guide: the move's put (no mill)
            p(v.mill, leds.MILL)
            p(v.done, leds.CAPTURED)
            p(v.caps & self.settled, leds.CAPTURE)
        elif k == "pending":
            m = v.move
            rm, ad = _masks(m)
            f = 0 if not ad or (m >> 5 & 31) == NONE else 1 << (m >> 5 & 31)
            p(f, leds.ORIGIN)
            p(ad, leds.DEST)
            p(rm & ~f, leds.CAPTURED)
        elif k == "remote":
            if v.frm != NONE:
                p(1 << v.frm, leds.REMOTE_FROM)
            if v.to != NONE:
                p(1 << v.to, leds.REMOTE_TO)
            p(v.caps, leds.REMOTE_CAPTURE)

    def _render(self):
        now = self._now
        blink = (now // BLINK_MS) & 1
        pulse = (now // PULSE_MS) & 1
        flash = self._flash if self._flash and ticks_diff(now, self._flash_at) < FLASH_MS else 0
        hint = self._hint
        if hint is not None and ticks_diff(now, self._hint_at) >= HINT_MS:
            hint = None
        fl = now % 1000
        fl = 1 if fl < 150 or 300 <= fl < 450 else 0      # leds.FLASHING: two short flashes
        key = ((self._serial & 0xFFFFF) << 5 | (fl if self._blinky & 4 else 0) << 4
               | (pulse if self._blinky & 2 else 0) << 3
               | (blink if self._blinky & 1 else 0) << 2
               | (2 if flash else 0) | (1 if hint is not None else 0))
        if key == self._key:
            return self._frame
        self._key = key
        codes = self._codes
        for i in range(24):
            codes[i] = 0
        v = self._view
        k = v.kind
        pos = self.pos
        bb = pos.bb
        S = self.settled
        x = _extras(pos)
        if x is not None and k != "over" and k != "clear" and k != "setup" and k != "restore":
            x.paint(self, k)
        if k == "idle" or k == "wait":
            if k == "idle" and self.learning:
                movable = 0
                for m in self._L:
                    if m & REMOVAL:
                        continue
                    frm = m >> 5 & 31
                    if frm != NONE:
                        movable |= 1 << frm
                self._paint(movable, leds.MOVABLE)
            if hint is not None:
                self._paint(hint[1], leds.HINT_THREAT)
                self._paint(hint[0], leds.HINT_MILL)
                self._paint(hint[2], leds.HINT_FROM)
        if flash and (k == "idle" or k == "wait" or k == "remote"):
            self._paint(flash, leds.MILL)
        if k == "mistake":
            if v.guide is not None:
                self._paint_view(v.guide)
            self._paint(v.bad_m, leds.MISSING)
            self._paint(v.bad_x, leds.REMOVE)
        elif k == "over":
            r = self.result
            if r.winner is None:
                self._paint(S & (bb[0] | bb[1]), leds.DRAW)
            else:
                self._paint(S & bb[1 - r.winner], leds.LOSE)
                self._paint(S & bb[r.winner], leds.WIN)
            self._paint(v.remove, leds.REMOVE)
        elif k == "clear" or k == "setup" or k == "restore":
            self._paint(v.remove, leds.REMOVE)
            self._paint(v.place_w, leds.PLACE_WHITE)
            self._paint(v.place_b, leds.PLACE_BLACK)
        else:
            self._paint_view(v)
        if self.teacher is not None:
            self.teacher.paint(self, v, codes)
        if self._aside is not None:     # the saved game was set aside at power-up
            rows = pos.geo.rows
            for p in (rows[0][0], rows[0][-1], rows[-1][0], rows[-1][-1]):
                codes[p] = leds.ASIDE
        if k != "over":
            # whatever differs from the wanted board is always shown
            diff = S ^ self._expected()
            for i in range(24):
                if diff >> i & 1 and not codes[i]:
                    codes[i] = leds.REMOVE if S >> i & 1 else leds.MISSING
        pal = self._pal
        dimc = self._dim
        frame = []
        blinky = 0
        full = 0        # the frame's channel sum with every mark at full level (the cap)
        for i in range(24):
            c = codes[i]
            q = pal[c]
            full += q[0] + q[1] + q[2]
            if c >= leds.REMOVE and c <= leds.PLACE_BLACK or c == leds.ASIDE:
                blinky |= 1
                frame.append(dimc[c] if blink else pal[c])
            elif c >= leds.REMOTE_FROM and c <= leds.REMOTE_CAPTURE:
                blinky |= 2
                frame.append(dimc[c] if pulse else pal[c])
            elif c in leds.FLASHING:
                blinky |= 4
                frame.append(pal[c] if fl else dimc[c])
            else:
                frame.append(pal[c])
        self._blinky = blinky
        leds.cap_frame(frame, self.budget_ma, full)
        self._frame = frame
        self._key = ((key & ~28) | (blink << 2 if blinky & 1 else 0)
                     | (pulse << 3 if blinky & 2 else 0) | (fl << 4 if blinky & 4 else 0))
        return frame
