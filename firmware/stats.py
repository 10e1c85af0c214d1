"""The protocol's "stats" reply (docs/protocol.md) from the main loop's figures
(``mainloop.PassStats``). Imported for a reply and dropped again (heap)."""

ENDED_BY = ("book", "node cap", "deadline", "depth")   # mainloop.PassStats.search[4]


def last_search(st):
    """The last search of ``st`` (a ``mainloop.PassStats``) as a dict: "level",
    "nodes", "depth", "ms" (wall clock from its start to its move), "nodes_per_s"
    and "ended_by" (one of ``ENDED_BY``); None before the first."""
    s = st.search
    if s is None:
        return None
    level, nodes, depth, ms, how = s
    return {"level": level, "nodes": nodes, "depth": depth, "ms": ms,
            "nodes_per_s": nodes * 1000 // ms if ms > 0 else None, "ended_by": ENDED_BY[how]}


def report(st):
    """The figures of ``st`` (a ``mainloop.PassStats``) as the "stats" reply dict:
    passes idle and thinking (count, mean and longest us), the engine's share of
    the CPU while it thinks (%: its slices' time over the thinking passes' wall
    time), the longest pass and what it did, saves (count, longest us), the
    searches and the last one (``last_search``), and on MicroPython "mem_free"
    (bytes)."""
    n, us, mx = st.n, st.us, st.max
    out = {"type": "stats", "idle_passes": n[0], "idle_mean_us": us[0] // n[0] if n[0] else 0,
           "idle_max_us": mx[0], "thinking_passes": n[1],
           "thinking_mean_us": us[1] // n[1] if n[1] else 0, "thinking_max_us": mx[1],
           "engine_share": st.engine_us * 100 // st.wall_us if st.wall_us else None,
           "longest_pass_us": st.longest, "longest_pass": st.longest_what,
           "saves": st.saves, "save_max_us": st.save_max, "searches": st.searches,
           "last_search": last_search(st)}
    try:
        import gc
        out["mem_free"] = gc.mem_free()  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        pass
    return out
