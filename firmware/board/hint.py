"""The board's hint (``Controller.hint``): imported when hint is pressed and dropped
again, so its code is not kept in the heap between presses."""
from morris import NONE
from board.display import COLOURS
from board.reading import mills_through, pc, low, REMOVAL


def threats(pos, c):
    """Mask of empty points where ``c`` could close a mill with one move (ignores no_return)."""
    geo = pos.geo
    me = pos.bb[c]
    occ = pos.bb[0] | pos.bb[1]
    free = pos.hand[c] > 0 or (pos.rules.fly_at > 0 and pos.count[c] == pos.rules.fly_at)
    out = 0
    for ln in geo.lines:
        mine = me & ln
        if pc(mine) != 2 or occ & ln & ~mine:
            continue
        q = ln & ~mine
        if free or geo.adj[low(q)] & me & ~ln:
            out |= q
    return out


def hint(c):
    """Show and return the hint of controller ``c`` (see ``Controller.hint``)."""
    pos = c.pos
    t = pos.turn
    now = 0
    best = -1
    mill = 0
    threat = 0
    if c._mode == 0 and c.result is None:    # PLAY
        geo = pos.geo
        own = pos.bb[t]
        for m in c._L:
            if m & REMOVAL:
                continue
            to = m & 31
            frm = m >> 5 & 31
            st = own | 1 << to
            if frm != NONE:
                st &= ~(1 << frm)
            mm = mills_through(geo, st, to)
            if mm:
                now |= 1 << to
                if best < 0:
                    best = m
                    mill = mm
        threat = threats(pos, 1 - t)
    block = None
    for m in c._L if threat else ():
        if threat >> (m & 31) & 1 and not m & REMOVAL:
            block = pos.move_text(m)
            break
    names = pos.geo.names
    frm = best >> 5 & 31 if best >= 0 else NONE
    c._hint = (1 << (best & 31) if best >= 0 else 0, threat,
               1 << frm if frm != NONE else 0)
    c._hint_at = c._now
    c._serial += 1
    move = None
    if best >= 0:
        move = names[best & 31] if frm == NONE else names[frm] + "-" + names[best & 31]
    ev = {"type": "hint", "turn": COLOURS[t], "mill_now": c._names(now),
          "move": move, "from": names[frm] if frm != NONE else None,
          "to": names[best & 31] if best >= 0 else None, "mill": c._names(mill),
          "threats": c._names(threat), "block": block}
    t = c.teacher
    if t is not None and hasattr(t, "reasons"):     # learning mode: why a move is a mistake
        ev["quality"] = t.reasons(c)
    c._hint_ev = ev
    c._events.append(ev)
    return ev
