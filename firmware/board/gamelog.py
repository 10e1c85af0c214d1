"""The saved game's long-game half: moving older moves to the store's log, reading
them back, and the power-up seed of a resumed game. The format is the controller's
("Store contract" in board/controller.py; docs/board_controller.md, "Saved game").
Kept out of controller.py so a short game never loads this code (RAM)."""


def archive(store, game, ply0, moves, pos, tail):
    """Append all but the last ``tail`` of ``moves`` (the move texts after ply ``ply0``,
    played on ``pos``) to ``store``'s log as ``<game id> <ply> <move>`` lines, and
    rebase: (position, its base text, the new ply0, the kept moves) -- a copy of
    ``pos`` that starts ``tail`` moves back (the undo data of older moves is
    dropped: bounded memory whatever the length). OSError from the store: nothing
    changed."""
    k = len(moves) - tail
    lines = []
    for i in range(k):
        lines.append("%x %d %s\n" % (game, ply0 + i, moves[i]))
    store.log_append("".join(lines).encode())
    back = []
    for _ in range(tail):
        back.append(pos.pop())
    base = pos.copy()
    text = base.text()
    for i in range(tail - 1, -1, -1):
        base.push(back[i])
    return base, text, ply0 + k, moves[k:]


def archived(c):
    """Texts of controller ``c``'s plies before its kept moves, from the store's log
    (list of ``c._ply0`` str; the last line for a ply wins); ValueError when the log
    misses one."""
    out = [None] * c._ply0
    tag = ("%x" % c._game).encode()
    for line in c.store.log_lines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == tag:
            i = int(parts[1])
            if 0 <= i < c._ply0:
                out[i] = parts[2].decode()
    if None in out:
        raise ValueError("the saved game's log misses a move")
    return out


def seed(c, now_ms, occupancy):
    """Controller ``c`` takes ``occupancy`` (the switches at power-up) as already
    settled at ``now_ms``: the stones stood there before the board started, so a
    resumed game does not show "put stones here" for a settle time first."""
    occ = occupancy & 0xFFFFFF
    d = c._deb
    d.raw = d.settled = occ
    for i in range(d.n):
        d.since[i] = now_ms
    c.settled = occ
    c._now = now_ms
    c._dirty = True
