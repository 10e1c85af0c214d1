"""Why a destination has its move-quality light, in data for words (teach/quality.py's
``reasons``, in the hint event; the page words it): imported for a hint and dropped again."""
from morris import NONE
from board import leds

GOOD, PLAYABLE, MISTAKE = [leds.MEANINGS.index(n) for n in ("good", "playable", "mistake")]
from teach.judge import WIN, caps


def why(q, pos, i, code):
    """Why move ``i`` has LED meaning ``code``, as a dict: "move" (text without its
    captures), "from" (point or None), "to", "meaning" (name), "value", "why" and
    "reply" (the other player's answer that shows it, or None), "points":

    - mistake: "mill" (the reply closes a mill: its points), "two_mills" (after
      the reply it can close a mill on each of "points": one cannot block both),
      "mill_next" (after the reply every answer lets it close a mill on "points"),
      "blocked" (the reply leaves no move), "lost" (too few stones);
    - playable: "better" ("points": where the best move goes);
    - good: "mill" (it closes one), "win", "threat" (two mills at once next),
      "safe"."""
    from board.reading import mills_through
    from board.hint import threats
    j = q.judge
    m = j.moves[i]
    v = j.value(i)
    names = pos.geo.names
    frm = m >> 5 & 31
    to = m & 31
    out = {"move": names[to] if frm == NONE else names[frm] + "-" + names[to],
           "from": None if frm == NONE else names[frm], "to": names[to],
           "meaning": leds.MEANINGS[code], "value": v, "why": "safe", "reply": None,
           "points": []}
    if code == PLAYABLE:
        b = [k for k in range(len(j.moves)) if j.value(k) == q.best][0]
        out["why"] = "better"
        out["points"] = [names[j.moves[b] & 31]]
    elif code == GOOD:
        if v >= WIN // 2:
            out["why"] = "win"
        elif caps(m):
            out["why"] = "mill"
        elif v > 0:
            out["why"] = "threat"
    else:
        r = j.refute[i]
        p = pos.copy()
        p.push(m)
        if r >= 0:
            out["reply"] = p.move_text(r)
            p.push(r)
        oc = p.outcome()
        if v <= -WIN // 2:
            out["why"] = "blocked" if oc is not None and oc.reason == "blocked" else "lost"
        elif r >= 0 and caps(r):
            out["why"] = "mill"
            out["points"] = [names[q] for q in range(len(names))
                             if mills_through(pos.geo, p.bb[1 - pos.turn], r & 31) >> q & 1]
        else:
            t = threats(p, 1 - pos.turn)
            out["points"] = [names[q] for q in range(len(names)) if t >> q & 1]
            out["why"] = "two_mills" if len(out["points"]) > 1 else "mill_next"
    return out
