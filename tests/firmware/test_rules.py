"""Rules core tests for every option and preset of RULES.md (CPython and MicroPython)."""
from morris import (Position, Rules, IllegalMoveError, Outcome, WHITE, BLACK, PRESETS,
                    GEOMETRIES, play_record)
from morris.rules import CLASSIC
from rulestools import raises, make, state, texts, random_game, Lcg

LIMIT = 1 << 30

# W: g4-g1 closes a1 d1 g1; B stones are all free.
MILL_SETUP = dict(white="a1 d1 g4 b2", black="a7 d7 b6 f6")


# ---------- presets ----------------------------------------------------------

def test_presets_match_rules_md():
    s = Rules("standard")
    assert (s.capture, s.protect_mills, s.double_mill, s.mill_reuse, s.no_return) == \
        ("mandatory", "unless_all", "one", "always", "off")
    assert (s.draw_no_capture_moves, s.draw_repetition, s.draw_3v3_moves, s.first_player) == (50, 3, 0, "white")
    w = Rules("wikipedia")
    assert (w.capture, w.protect_mills, w.double_mill, w.draw_3v3_moves, w.draw_repetition,
            w.draw_no_capture_moves) == ("optional", "unless_all", "one", 10, 0, 0)
    o = Rules("old-russian")
    assert (o.capture, o.protect_mills, o.double_mill, o.mill_reuse) == ("mandatory", "none", "two", "first_time_per_line")
    assert (o.draw_3v3_moves, o.draw_no_capture_moves, o.draw_repetition) == (0, 0, 0)
    sc = Rules("schmidt")
    assert (sc.capture, sc.protect_mills, sc.double_mill) == ("mandatory", "strict", "one")
    assert (sc.draw_3v3_moves, sc.draw_no_capture_moves, sc.draw_repetition) == (0, 0, 0)
    f = Rules("french")
    assert (f.first_player, f.draw_no_capture_moves, f.draw_repetition, f.capture) == ("lot", 50, 3, "mandatory")
    for name in CLASSIC:
        r = Rules(name)
        assert (r.stones, r.fly_at, r.lose_below, r.blocked) == (9, 3, 3, "loses")
        assert not r.special
    for name in PRESETS:
        r = Rules(name)
        assert Rules.parse(str(r)) == r


def test_wikipedia_variations_and_rules_text():
    r = Rules.parse("wikipedia+double_mill=two+no_return=on")
    assert r.max_captures == 2 and r.no_ret and r.optional
    assert str(r) == "wikipedia+double_mill=two+no_return=on"
    assert Rules("wikipedia", no_return=True).no_ret
    assert "unknown rules preset" in str(raises(ValueError, Rules.parse, "chess"))
    assert "unknown rules option" in str(raises(ValueError, Rules.parse, "standard+colour=red"))
    assert "must be one of" in str(raises(ValueError, Rules.parse, "standard+capture=sometimes"))
    assert "option=value" in str(raises(ValueError, Rules.parse, "standard+capture"))


def test_geometry_is_data():
    g = GEOMETRIES["standard"]
    assert g.n == 24 and len(g.lines) == 16
    assert g.names[:3] == ("a1", "d1", "g1") and g.names[-1] == "g7"
    assert sum(bin(a).count("1") for a in g.adj) == 64  # 32 adjacent pairs
    assert g.adj[g.point("d2")] == sum(1 << g.point(n) for n in ("d1", "d3", "b2", "f2"))
    d = GEOMETRIES["diagonals"]
    assert len(d.lines) == 20 and d.adj[d.point("b2")] >> d.point("a1") & 1
    assert "no point" in str(raises(ValueError, g.point, "h8"))


# ---------- capture: optional vs mandatory ----------------------------------------

def test_mandatory_capture_needs_x():
    pos = make("standard", **MILL_SETUP)
    before = state(pos)
    e = raises(IllegalMoveError, pos.push_text, "g4-g1")
    assert e.reason == "capture missing" and e.move == "g4-g1"
    assert state(pos) == before
    assert "g4-g1" not in texts(pos)
    assert set(["g4-g1xa7", "g4-g1xd7", "g4-g1xb6", "g4-g1xf6"]) <= set(texts(pos))
    pos.push_text("g4-g1xb6")
    assert pos.count[BLACK] == 3 and pos.ncp == 0


def test_optional_capture_may_be_declined():
    pos = make("wikipedia", **MILL_SETUP)
    assert "g4-g1" in texts(pos) and "g4-g1xa7" in texts(pos)
    pos.push_text("g4-g1")
    assert pos.count[BLACK] == 4 and pos.ncp == 1


def test_capture_not_allowed_without_mill():
    pos = make("standard", **MILL_SETUP)
    e = raises(IllegalMoveError, pos.push_text, "b2-b4xa7")
    assert e.reason == "capture not allowed"
    e = raises(IllegalMoveError, pos.push_text, "g4-g1xd1")
    assert "no opponent stone" in e.reason


# ---------- protection: unless_all / strict / none ----------------------------------

PROT = dict(white="a1 d1 g4 b2", black="a7 d7 g7 b6")   # B: a mill a7 d7 g7 and free b6
ALL_IN_MILLS = dict(white="a1 d1 g4 b2", black="a7 d7 g7 c5 d5 e5")


def test_unless_all_protects_mill_stones():
    pos = make("standard", **PROT)
    caps = [t for t in texts(pos) if t.startswith("g4-g1")]
    assert caps == ["g4-g1xb6"]
    e = raises(IllegalMoveError, pos.push_text, "g4-g1xa7")
    assert e.reason == "protected stone"


def test_unless_all_when_every_stone_in_a_mill():
    pos = make("standard", **ALL_IN_MILLS)
    caps = [t for t in texts(pos) if t.startswith("g4-g1")]
    assert len(caps) == 6 and "g4-g1" not in caps


def test_strict_protection_and_forfeit():
    pos = make("schmidt", **PROT)
    assert [t for t in texts(pos) if t.startswith("g4-g1")] == ["g4-g1xb6"]
    pos = make("schmidt", **ALL_IN_MILLS)
    assert [t for t in texts(pos) if t.startswith("g4-g1")] == ["g4-g1"]
    assert raises(IllegalMoveError, pos.push_text, "g4-g1xa7").reason == "protected stone"
    pos.push_text("g4-g1")  # the capture is forfeited, the turn passes
    assert pos.turn == BLACK and pos.count[BLACK] == 6


def test_no_protection():
    pos = make("old-russian", **PROT)
    assert len([t for t in texts(pos) if t.startswith("g4-g1")]) == 4
    pos.push_text("g4-g1xd7")
    assert pos.count[BLACK] == 3


# ---------- double mill -----------------------------------------------------------

DOUBLE = dict(white="a1 d1 g4 g7", black="a7 b6 d6 c5 e5", hand="1/1")  # W places g1: two mills


def test_double_mill_one_capture():
    pos = make("standard", **DOUBLE)
    caps = [t for t in texts(pos) if t.startswith("g1")]
    assert len(caps) == 5 and all(t.count("x") == 1 for t in caps)
    assert raises(IllegalMoveError, pos.push_text, "g1xa7xb6").reason == "capture not allowed"


def test_double_mill_two_captures():
    pos = make("wikipedia+double_mill=two", **DOUBLE)
    caps = [t for t in texts(pos) if t.startswith("g1")]
    # optional: none, one of 5, or a pair of 10
    assert len(caps) == 1 + 5 + 10
    pos2 = make("old-russian", **DOUBLE)
    caps2 = [t for t in texts(pos2) if t.startswith("g1")]
    assert len(caps2) == 10 and all(t.count("x") == 2 for t in caps2)
    assert raises(IllegalMoveError, pos2.push_text, "g1xa7").reason == "capture missing"
    before = state(pos2)
    pos2.push_text("g1xb6xa7")  # either order is accepted
    assert pos2.count[BLACK] == 3 and pos2.move_text(pos2.move_stack[-1]) == "g1xb6xa7"
    pos2.pop()
    assert state(pos2) == before


def test_double_capture_recomputes_protection():
    # B: mill e3 e4 e5 plus free a7 d7 b6: the pairs of free stones only.
    pos = make("wikipedia+double_mill=two", white="a1 d1 g4 g7 b2", black="a7 d7 b6 e5 e4 e3", hand="1/0")
    assert len([t for t in texts(pos) if t.startswith("g1x") and t.count("x") == 2]) == 3
    # B: mill e3 e4 e5 plus free b6: once b6 is gone every B stone is in a mill,
    # so under unless_all the second capture may take a mill stone (in that order).
    pos = make("wikipedia+double_mill=two", white="a1 d1 g4 g7 b2", black="b6 e5 e4 e3", hand="1/0")
    caps = [t for t in texts(pos) if t.startswith("g1x") and t.count("x") == 2]
    assert caps == sorted(["g1xb6xe3", "g1xb6xe4", "g1xb6xe5"])
    m = pos.parse_move("g1xe4xb6")
    assert pos.parse_move("g1xb6xe4") == m and pos.move_text(m) == "g1xb6xe4"
    pos2 = make("schmidt+double_mill=two", white="a1 d1 g4 g7 b2", black="b6 e5 e4 e3", hand="1/0")
    assert [t for t in texts(pos2) if t.startswith("g1")] == ["g1xb6"]
    assert raises(IllegalMoveError, pos2.push_text, "g1xb6xe4").reason == "protected stone"


# ---------- mill reuse -------------------------------------------------------------

def test_first_time_per_line():
    # line 0 is a1 d1 g1: mark it used by White
    pos = make("old-russian", used="1/0", **MILL_SETUP)
    assert "g4-g1" in texts(pos) and not [t for t in texts(pos) if t.startswith("g4-g1x")]
    assert raises(IllegalMoveError, pos.push_text, "g4-g1xa7").reason == "capture not allowed"
    fresh = make("old-russian", **MILL_SETUP)
    before = state(fresh)
    fresh.push_text("g4-g1xa7")
    assert fresh.used[WHITE] == 1
    fresh.pop()
    assert state(fresh) == before
    # always: every forming captures
    pos = make("standard", used="1/0", **MILL_SETUP)
    assert "g4-g1" not in texts(pos)


def test_first_time_per_line_after_reforming():
    pos = make("old-russian", white="a1 d1 g1 b2", black="a7 d7 b6 f6 c5", used="1/0")
    pos.push_text("g1-g4")
    pos.push_text("c5-c4")
    assert "g4-g1" in texts(pos) and not [t for t in texts(pos) if t.startswith("g4-g1x")]


# ---------- no return -------------------------------------------------------------

NORET = dict(white="a1 d1 g1 e4 f4 b2", black="a7 d7 b6 f6 c5")


def test_no_return():
    for rules, barred in (("wikipedia+no_return=on", True), ("wikipedia", False)):
        pos = make(rules, **NORET)
        pos.push_text("g1-g4xa7")      # leaves a1 d1 g1, forms e4 f4 g4
        pos.push_text("c5-c4")
        if barred:
            assert "g4-g1" not in texts(pos) and "g4-g1xd7" not in texts(pos)
            e = raises(IllegalMoveError, pos.push_text, "g4-g1xd7")
            assert "no return" in e.reason
            assert Position.from_text(pos.text()).forbid == pos.forbid
            pos.push_text("b2-b4")
            pos.push_text("c4-c5")
            assert "g4-g1xd7" in texts(pos)   # the bar lasted one move only
        else:
            assert "g4-g1xd7" in texts(pos)


# ---------- flying -----------------------------------------------------------------

def test_flying_for_one_side_only():
    pos = make("standard", white="a1 d1 b2", black="a7 d7 b6 f6 c5")
    assert pos.flying(WHITE) and not pos.flying(BLACK)
    assert "a1-e5" in texts(pos)
    pos.push_text("b2-e4")
    assert raises(IllegalMoveError, pos.push_text, "a7-g1").reason == "not adjacent"
    assert "a7-a4" in texts(pos)
    nofly = make("standard+fly_at=0", white="a1 d1 b2", black="a7 d7 b6 f6 c5")
    assert not nofly.flying(WHITE) and "a1-e5" not in texts(nofly)


def test_no_flying_with_stones_in_hand():
    pos = make("standard", white="a1 d1", black="a7 d7 b6", hand="1/0")
    assert not pos.flying(WHITE)
    assert raises(IllegalMoveError, pos.push_text, "a1-e5").reason.startswith("stones still in hand")


# ---------- losses -------------------------------------------------------------------

def test_loss_below_three_counts_stones_in_hand():
    # placement phase: White 1 on board + 2 in hand = 3 -> still playing
    pos = make("standard", white="g7", black="a1 d1 b2 f6", side="b", hand="2/2")
    assert pos.outcome() is None
    pos.push_text("g1xg7")
    assert pos.outcome() == Outcome(BLACK, "fewer than three stones")
    assert pos.legal_moves == []
    assert raises(IllegalMoveError, pos.push_text, "c5").reason == "game over"
    pos.pop()
    assert pos.outcome() is None
    # two on board but stones in hand: not lost
    pos = make("standard", white="g7 a7", black="a1 d1", hand="5/6")
    assert pos.outcome() is None


def test_loss_below_three_in_movement():
    pos = make("standard", white="a1 d1 g4", black="a7 d7 g7", side="w")
    pos.push_text("g4-g1xa7")
    assert pos.outcome() == Outcome(WHITE, "fewer than three stones")


def test_blocked_loses():
    pos = make("standard", white="a1 g1 a7 g7", black="d1 a4 g4 d7 c5")
    assert pos.legal_moves == [] and not pos.has_legal_move()
    assert pos.outcome() == Outcome(BLACK, "blocked")
    # the same stones with White flying are not blocked
    pos = make("standard", white="a1 g1 a7", black="d1 a4 g4 d7 c5")
    assert pos.outcome() is None


# ---------- draws at their exact thresholds ---------------------------------------------

def test_fifty_moves_each_draw_at_threshold():
    pos = make("standard", white="a1 d1 b2 f6", black="a7 d7 b6 c5", clocks="98/0")
    pos.push_text("b2-b4")
    assert pos.ncp == 99 and pos.outcome() is None
    pos.push_text("c5-c4")
    assert pos.ncp == 100 and pos.outcome() == Outcome(None, "no capture")
    pos.pop()
    assert pos.outcome() is None
    assert make("schmidt", white="a1 d1 b2 f6", black="a7 d7 b6 c5", clocks="500/0").outcome() is None


def test_three_versus_three_draw_at_threshold():
    pos = make("wikipedia", white="a1 d1 b2", black="a7 d7 c5", clocks="18/18")
    pos.push_text("b2-f4")
    assert pos.p33 == 19 and pos.outcome() is None
    pos.push_text("c5-e5")
    assert pos.p33 == 20 and pos.outcome() == Outcome(None, "three versus three")
    # the count starts only once both have three and none in hand
    pos = make("wikipedia", white="a1 d1 b2", black="a7 d7", hand="0/1", side="b")
    pos.push_text("e5")
    assert pos.p33 == 0
    pos.push_text("b2-f4")
    assert pos.p33 == 1
    assert make("standard", white="a1 d1 b2", black="a7 d7 c5", clocks="40/40").outcome() is None


def test_threefold_repetition_at_threshold():
    pos = make("standard", white="a1 d1 b2 f6", black="a7 d7 b6 c5")
    cycle = ["b2-b4", "c5-c4", "b4-b2", "c4-c5"]
    for m in cycle:
        pos.push_text(m)
    assert pos.repetitions() == 2 and pos.outcome() is None
    for m in cycle[:3]:
        pos.push_text(m)
        assert pos.outcome() is None
    pos.push_text(cycle[3])
    assert pos.repetitions() == 3 and pos.outcome() == Outcome(None, "threefold repetition")
    # the text form carries the history, so the count survives a round trip
    q = Position.from_text(pos.text())
    assert q.repetitions() == 3 and q.outcome() == Outcome(None, "threefold repetition")
    pos.pop()
    assert pos.outcome() is None and pos.repetitions() == 2
    # no repetition rule in schmidt
    s = make("schmidt", white="a1 d1 b2 f6", black="a7 d7 b6 c5")
    for m in cycle * 3:
        s.push_text(m)
    assert s.outcome() is None


def test_capture_restarts_repetition_count():
    pos = make("standard", white="a1 d1 g4 b2", black="a7 d7 b6 f6 c5")
    for m in ["b2-b4", "c5-c4", "b4-b2", "c4-c5"]:
        pos.push_text(m)
    assert pos.repetitions() == 2
    pos.push_text("g4-g1xa7")
    assert pos.repetitions() == 1 and pos.ncp == 0 and len(pos.hist) == 2


# ---------- undo ---------------------------------------------------------------------

def _snapshot(pos):
    return (pos.text(), pos.zkey, pos.count[0], pos.count[1], list(pos.hist), list(pos.hand), pos.turn)


def _undo_all(rules, seed, plies=100):
    """Pop every move of a random game; each state must equal a fresh replay of the moves
    before it (the repetition keys too: a rule without repetitions keeps only the key now)."""
    pos = Position(Rules.parse(rules))
    rng = Lcg(seed)
    for _ in range(plies):
        moves = pos.legal_moves
        if not moves:
            break
        pos.push(moves[rng.below(len(moves))])
    played = pos.move_stack
    while played:
        played.pop()
        pos.pop()
        fresh = Position(Rules.parse(rules))
        for m in played:
            fresh.push(m)
        assert _snapshot(pos) == _snapshot(fresh)


def test_undo_restores_every_counter_in_every_preset():
    seed = 3
    for rules in ("standard", "wikipedia+double_mill=two+no_return=on", "old-russian", "schmidt", "french"):
        _undo_all(rules, seed)
        seed += 7
    for rules in sorted(PRESETS):          # the relatives too (issue 22: old-russian's key after undo)
        if rules not in ("standard", "wikipedia", "old-russian", "schmidt", "french"):
            _undo_all(rules, seed, 40)
            seed += 7


# ---------- small-int limits -------------------------------------------------------------

def test_bitboards_and_keys_stay_below_2_30():
    def check(pos, m):
        assert 0 <= m < LIMIT
        for v in pos.bb:
            assert 0 <= v < LIMIT
        for v in pos.used:
            assert 0 <= v < LIMIT
        for v in pos.forbid:
            assert 0 <= v < LIMIT or v == -1
        for v in pos.hist:
            assert 0 <= v < LIMIT
        assert 0 <= pos.zkey < LIMIT
        assert 0 <= pos.exact_key()[0] < LIMIT and 0 <= pos.exact_key()[1] < LIMIT
    for seed, rules in ((5, "standard"), (6, "old-russian"), (7, "wikipedia+double_mill=two+no_return=on"),
                        (8, "standard+board=diagonals+stones=12")):
        random_game(rules, seed, on_push=check)


# ---------- position text -----------------------------------------------------------------

def test_position_text_round_trips():
    def check(pos, m):
        t = pos.text()
        q = Position.from_text(t)
        assert q.text() == t
        assert q.zkey == pos.zkey and q.repetitions() == pos.repetitions()
        assert texts(q) == texts(pos)
    for seed, rules in ((11, "standard"), (12, "wikipedia+no_return=on"), (13, "old-russian")):
        random_game(rules, seed, max_turns=120, on_push=check)


def test_copy_is_independent():
    pos = random_game("standard", 31, max_turns=30)
    c = pos.copy()
    assert c.text() == pos.text() and c.zkey == pos.zkey and texts(c) == texts(pos)
    c.push(c.legal_moves[0])
    assert c.text() != pos.text() and len(pos.hist) != len(c.hist)


def test_start_position_text():
    assert Position().text() == "standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -"
    assert Position(Rules("french"), first=BLACK).text().split()[2] == "b"


def test_malformed_position_text():
    good = "standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -"
    cases = [
        ("standard .../...", "8 fields"),
        (good.replace("standard", "chess"), "unknown rules preset"),
        (good.replace(".../.../.../", "..X/.../.../"), "bad character"),
        (good.replace("....../", "...../"), "row"),
        (good.replace(" w ", " r "), "side to move"),
        (good.replace("9/9", "9/x"), "in hand"),
        (good.replace("9/9", "10/9"), "in hand"),
        (good.replace(" 0/0 0/0", " 0/0 0/zz"), "used lines"),
        (good.replace("-/- -", "q9/- -"), "no-return"),
        (good.replace("-/- -", "-/- d2"), "history"),
        ("standard WWW/WWW/WWW/....../.../.../... w 9/9 0/0 0/0 -/- -", "more white stones"),
        # a bar or removals owed only where the rules have them, of stones on the board (a
        # break test once made the engine crash, or play an illegal removal, on these)
        ("standard BBW/.../.../WB..BW/.../.../.BW w 0/0 0/0 0/0 a4-a1/- -", "needs rules with no_return"),
        ("standard WBW/BWB/.../W....B/.../.../... w 0/0 0/0 0/0 -/- - 1/0", "never owe removals"),
        ("dooz .../.../.../....../.../.../... w 12/12 0/0 0/0 -/- - 1/1", "no such stone"),
        ("dooz WBW/BWB/.../W....B/.../.../... w 0/0 0/0 0/0 -/- - 2/0", "like 1/0"),
        ("dooz WBW/BWB/.../W....B/.../.../... w 0/0 0/0 0/0 -/- - 1o/0", "like 1/0"),
        (good.replace("standard", "standard+preset=dooz"), "unknown rules option"),
        (good.replace("standard", "standard+stones=9+stones=10"), "given twice"),
    ]
    for text, word in cases:
        e = raises(ValueError, Position.from_text, text)
        assert word in str(e), (text, str(e))


# ---------- bad moves -----------------------------------------------------------------------

def test_illegal_moves_name_the_reason_and_change_nothing():
    pos = make("standard", white="a1 d1 g4 b2", black="a7 d7 b6 f6")
    cases = [
        ("d1-a1", "occupied"), ("a1-g7", "not adjacent"), ("a7-a4", "not your stone"), ("c3-c4", "not your stone"),
        ("b4", "no stones in hand: move a stone (from-to)"),
        ("b2-b4xa7", "capture not allowed"), ("g4-g1", "capture missing"),
    ]
    before = state(pos)
    for text, reason in cases:
        e = raises(IllegalMoveError, pos.push_text, text)
        assert e.reason == reason, (text, e.reason)
        assert e.move == text and text in str(e)
        assert state(pos) == before
    pos = make("standard", white="a1 d1 g4 b2", black="a7 d7 g7 b6")
    assert raises(IllegalMoveError, pos.push_text, "g4-g1xd7").reason == "protected stone"
    pos = make("standard", white="a1", black="d1", hand="8/8")
    assert raises(IllegalMoveError, pos.push_text, "d1").reason == "occupied"
    assert raises(IllegalMoveError, pos.push_text, "a1-a4").reason.startswith("stones still in hand")


def test_malformed_move_text():
    pos = Position()
    before = state(pos)
    for text, word in (("z9", "bad point"), ("", "malformed"), ("d2-d3-d4", "malformed"),
                       ("d2xa1xb2xc3xd3", "at most three"), ("d2x", "bad point"), ("-d2", "malformed"),
                       ("d2-q1", "bad point"), ("d2" * 20, "malformed"), (None, "text")):
        e = raises(ValueError, pos.parse_move, text)
        assert not isinstance(e, IllegalMoveError)
        assert word in str(e), (text, str(e))
        assert state(pos) == before


# ---------- game records --------------------------------------------------------------------

def _sanmill_text():
    with open("tests/data/sanmill-selfplay-standard.txt") as f:
        return f.read()


def test_sanmill_game_ends_in_threefold_repetition_at_its_last_move():
    from morris.record import split_record
    toks = split_record(_sanmill_text())[1]
    pos = Position(Rules("standard"))
    for i, t in enumerate(toks):
        assert pos.outcome() is None, (i, t)
        pos.push_text(t)
    assert pos.outcome() == Outcome(None, "threefold repetition")
    assert len(toks) == 51 and toks[9] == "f6xb4"


def test_record_in_our_notation_round_trips():
    pos = random_game("standard", 21)
    record = " ".join(pos.move_text(m) for m in pos.move_stack)
    again = play_record(Position(), record)
    assert again.text() == pos.text() and again.outcome() == pos.outcome()


def test_broken_record_names_the_turn():
    e = raises(IllegalMoveError, play_record, Position(), "d2 d2")
    assert e.turn == 2 and "turn 2" in str(e) and "occupied" in str(e)
    e = raises(ValueError, play_record, Position(), "d2 xq9")
    assert "turn 1" in str(e) and "bad point" in str(e)
    e = raises(ValueError, play_record, Position(), "xd2")
    assert "no move before" in str(e)


def test_dooz_mill_at_the_last_placement_takes_any_stone():
    """Issue 22, finding 8, a deliberate difference from Sanmill (docs/variants.md,
    dooz): White's last placement c5 closes a mill while Black's hand is empty and the
    board is not full. Sanmill offers only the 10 Black stones next to a White stone
    (its full-board removal limit); we offer every Black stone, e3 too."""
    pos = Position(Rules("dooz"))
    for t in "f4 g4 e5 d3 c3 f2 a7 d7 c4 b2 d5 a1 g1 f6 a4 d1 b4 e4 d6 b6 d2 e3".split():
        pos.push_text(t)
    assert pos.hand == [1, 0] and pos.turn == WHITE
    assert pos.count[0] + pos.count[1] == 22           # two points empty: not a full board
    caps = sorted(pos.move_text(m) for m in pos.legal_moves if pos.move_text(m).startswith("c5"))
    black = sorted("c5x" + pos.geo.names[p] for p in range(24) if pos.bb[BLACK] >> p & 1)
    assert caps == black and len(caps) == 11 and "c5xe3" in caps
    e3 = pos.geo.point("e3")
    assert not pos.geo.adj[e3] & pos.bb[WHITE]        # e3 has no White neighbour: Sanmill refuses it
