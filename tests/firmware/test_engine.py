"""Engine API, slicing, levels and rule state (CPython and MicroPython); every preset:
test_engine_presets.py."""
import gc
from morris import Position, Rules, NOMOVE
from morris.compat import ticks_ms
from engine import Engine, TOP_LEVEL, LEVELS, LEVEL_NAMES, level_budget
from engine.board import Board, tt_key

MID = "standard .../.../.../B.BW../BW./.W./.W. w 5/5 3/0 0/0 -/- c4,e4,c3"
# White to move closes a1-d1-g1 with g1 (a placement): a mill is open.
CLOSE = "standard .../.../.../B.B.../.../.../WW. w 7/6 0/0 0/0 -/- -"


def test_levels_table():
    assert TOP_LEVEL >= 5
    assert len(LEVELS) == TOP_LEVEL + 1
    prev = 0
    for lv in range(1, TOP_LEVEL + 1):
        depth, ms, nodes, margin = level_budget(lv)
        assert depth >= 1 and ms > 0 and nodes > 0 and margin >= 0
        assert nodes >= prev
        prev = nodes
        assert LEVELS[lv] == (depth, ms, nodes, margin)
        assert isinstance(LEVEL_NAMES[lv], str) and LEVEL_NAMES[lv]
    # the board's budgets (docs/engine.md): casual within 1 s, expert within 5 s
    assert level_budget(3)[1] <= 1000 and level_budget(TOP_LEVEL)[1] <= 5000
    assert LEVEL_NAMES[2] == "beginner"
    from engine.engine import ITERATIVE
    from engine.search import MAXPLY
    assert ITERATIVE == MAXPLY - 2
    for bad in (0, TOP_LEVEL + 1):
        try:
            level_budget(bad)
        except ValueError:
            pass
        else:
            assert False, "level %d accepted" % bad
    eng = Engine(0)
    assert eng.level == 1
    eng.set_level(TOP_LEVEL + 3)
    assert eng.level == TOP_LEVEL


def test_think_returns_legal_move_every_level():
    pos = Position.from_text(MID)
    eng = Engine(1, seed=3)
    for lv in range(1, TOP_LEVEL + 1):
        eng.set_level(lv, nodes=300)
        m = eng.think(pos)
        assert m in pos.legal_moves, (lv, m)


def test_caller_position_untouched():
    pos = Position.from_text(MID)
    pos.push_text("d6")
    before = pos.text()
    stack = pos.move_stack
    eng = Engine(3)
    eng.think(pos)
    assert pos.text() == before
    assert pos.move_stack == stack


def test_engine_board_is_independent_of_the_position():
    pos = Position.from_text(MID)
    eng = Engine(4, seed=1)
    eng.think(pos)
    assert pos.text() == MID
    b = eng.board
    assert b is not None and b.rules == pos.rules
    eng.think(pos)
    assert eng.board is b  # kept while the rules stay the same (no new allocation)


def test_step_returns_none_then_move_and_stays_done():
    pos = Position(Rules("standard"))
    eng = Engine(TOP_LEVEL, nodes=400, book=False)
    eng.start(pos)
    nones = 0
    r = None
    for _ in range(10000):
        r = eng.step(0)  # a zero budget still makes progress (one node per call)
        if r is not None:
            break
        nones += 1
    assert r is not None and r in pos.legal_moves
    assert nones >= 10  # it really was sliced
    assert eng.step(5) == r  # asking again returns the same move
    assert eng.nodes >= 400


def test_sliced_and_blocking_searches_agree():
    pos = Position.from_text(MID)
    m1 = Engine(4, nodes=600, seed=3).think(pos)
    eng = Engine(4, nodes=600, seed=3)
    eng.start(pos)
    m2 = None
    while m2 is None:
        m2 = eng.step(1)
    assert m1 == m2


def test_search_returns_in_slices():
    """Simulated main loop: step(budget) hands control back between slices
    (None while thinking) until the move comes. How long one slice overshoots
    the budget is a timing, measured by tools/bench_engine.py (stall), not here."""
    pos = Position.from_text(MID)
    eng = Engine(TOP_LEVEL, nodes=3000, ms=100000, seed=1)
    eng.start(pos)
    steps = 0
    while eng.step(1) is None:
        steps += 1
    assert steps >= 3, steps


def test_game_over_and_single_move():
    # black has two stones: the game is over, no move
    over = Position.from_text("standard W../W../W../B...../.B./.../... w 0/0 0/0 0/0 -/- -")
    assert over.outcome() is not None
    eng = Engine(3)
    assert eng.think(over) == NOMOVE
    # a position with exactly one legal move is answered at once
    one = Position.from_text("standard .../W../.../BBB.../WB./.B./WWB w 0/0 0/0 0/0 -/- -")
    moves = one.legal_moves
    assert [one.move_text(m) for m in moves] == ["b6-d6"]
    eng.start(one)
    assert eng.step(1) == moves[0]
    assert eng.nodes == 0


def test_level1_sometimes_misses_a_mill_top_level_never():
    pos = Position.from_text(CLOSE)
    closes = 0
    eng = Engine(1, seed=11)
    n = 40
    for _ in range(n):
        m = eng.think(pos)
        assert m in pos.legal_moves
        if m >> 10 & 31 != 31:
            closes += 1
    assert 0 < closes < n, closes
    eng.set_level(TOP_LEVEL)
    for _ in range(5):
        assert eng.think(pos) >> 10 & 31 != 31


def test_tt_key_mixes_rule_state_and_stays_small():
    pos = Position(Rules.parse("old-russian"))
    b = Board(pos.rules).load(pos)
    k0 = tt_key(b.S, b.G)
    assert 0 <= k0 < 1 << 30
    pos.used[0] = 0xFFFF
    pos.forbid[1] = 23 << 5 | 22
    b.load(pos)
    k1 = tt_key(b.S, b.G)
    assert k1 != k0 and 0 <= k1 < 1 << 30


def test_evaluate_is_antisymmetric_on_mirror_colours():
    from engine.probe import evaluate  # tools' module, loaded only here
    pos = Position.from_text(MID)
    v = evaluate(pos)
    swapped = Position.from_text("standard .../.../.../W.WB../WB./.B./.B. b 5/5 3/0 0/0 -/- -")
    assert evaluate(swapped) == v
    assert -10000 < v < 10000


def test_running_mill_sure_close_and_intervention_features():
    # engine/evaluate.py features 14-16 (issue 25: running mills; issue 23: intervention)
    from engine.probe import features
    F_RUN, F_SURE, F_INTERV = 14, 15, 16
    # White's mill a1-d1-g1: a1 steps to a4 and back, and no Black stone stands next to a1
    f = features(Position.from_text("standard ..B/W.W/B../....B./.B./.../WWW w 0/0 0/0 0/0 -/- -"))
    assert f[F_RUN] == 1 and f[F_SURE] == 0 and f[F_INTERV] == 0
    # Black next to every point of the mill (a4, d2, g4): no running mill
    f = features(Position.from_text("standard .../W.W/B../B....B/.../.B./WWW w 0/0 0/0 0/0 -/- -"))
    assert f[F_RUN] == 0
    # White's d7 d5 and b6 next to the gap d6: a close Black cannot stop (nothing next to d6)...
    f = features(Position.from_text("standard .W./W../.W./....../B.B/B.B/W.W w 0/0 0/0 0/0 -/- -"))
    assert f[F_SURE] == 1
    # ...until a Black stone stands on f6, next to d6
    f = features(Position.from_text("standard .W./W.B/.W./....../B.B/B.B/W.W w 0/0 0/0 0/0 -/- -"))
    assert f[F_SURE] == 0
    # Mul-Mulan: d1 lies between Black's a1 and g1 and White's d2 can step there (both sides' view)
    mm = "mul-mulan B../W.W/.../..B.W./.../.W./B.B %s 0/0 0/0 0/0 -/- -"
    assert features(Position.from_text(mm % "w"))[F_INTERV] == 1
    assert features(Position.from_text(mm % "b"))[F_INTERV] == -1
    # the same stones under standard rules: no intervention captures, no such chance
    assert features(Position.from_text(mm.replace("mul-mulan", "standard") % "w"))[F_INTERV] == 0


def test_cramped_feature():
    # engine/evaluate.py feature 17 (issue 25): a side with at most 2 sliding moves
    from engine.probe import features
    from engine.evaluate import F_CRAMP
    # Black's only slides are g4-g1 and g4-f4; White has 6
    cramped = "standard BWB/W../.../W....B/.../.../BW. %s 0/0 0/0 0/0 -/- -"
    assert features(Position.from_text(cramped % "b"))[F_CRAMP] == -1
    assert features(Position.from_text(cramped % "w"))[F_CRAMP] == 1
    # three Black stones fly: never cramped
    assert features(Position.from_text("standard BWB/W../.../W....B/.../.../.W. b 0/0 0/0 0/0 -/- -"))[F_CRAMP] == 0
    # stones in hand: placement, no such term
    assert features(Position.from_text("standard BWB/W../.../W....B/.../.../BW. b 1/1 0/0 0/0 -/- -"))[F_CRAMP] == 0


def test_root_keeps_its_legal_moves_between_iterations():
    # engine/search.py: from the second iteration on the root reuses the moves the
    # last one left in the move stack, M[0:R[_R_END]], reordered, not generated again
    from engine import search
    from morris.compat import ticks_add
    r_end = getattr(search, "_R_END", 182)   # a private const: compiled away under MicroPython
    texts = ("standard .../.../.../....../.../.../W.. b 8/9 1/0 0/0 -/- a1",
             "standard .W./W../BWB/B.WBWW/BBW/BBB/.W. b 0/0 5/0 0/0 -/- -",
             "standard BWB/W../.../W....B/.../.../BW. b 0/0 0/0 0/0 -/- -",
             "wikipedia+double_mill=two .../W.W/.../WW.BB./.B./.B./B.. w 0/0 0/0 0/0 -/- -")
    for text in texts:
        pos = Position.from_text(text)
        legal = sorted(pos.legal_moves)
        b = Board(pos.rules)
        b.load(pos)
        s = search.Searcher()
        s.begin(b, 4, 100000)
        state = [b.S[i] for i in range(24)]
        for depth in range(1, 5):
            while s.run(ticks_add(ticks_ms(), 1)) == search.PAUSED:   # slices: paused and resumed
                pass
            s.finish_iteration()
            assert sorted(b.M[i] for i in range(s.R[r_end])) == legal, (text, depth)
            assert [b.S[i] for i in range(24)] == state and s.best_move in legal, (text, depth)
            if depth < 4:
                s._start_iteration(depth + 1)


def test_every_preset_has_a_weights_family_of_both_phases():
    # engine/evaluate.py: one family per kind of game (docs/engine.md, "Weights")
    from morris import PRESETS
    from engine.evaluate import WEIGHTS, NF, family
    want = {"standard": 0, "twelve": 1, "dooz": 1, "mul-mulan": 2, "six": 2, "cham-gonu": 3,
            "da-san-qi": 3, "cheng-san-qi": 3, "el-filja": 4}
    for name in PRESETS:
        f = family(Rules.parse(name))
        assert 0 <= f < len(WEIGHTS) and len(WEIGHTS[f]) == 2 * NF, name
        assert want.get(name, f) == f, (name, f)
        assert WEIGHTS[f][0] == WEIGHTS[f][NF] == 100, name     # material: the scale


def test_deterministic_by_seed_and_varied_across_seeds():
    gc.collect()
    pos = Position(Rules("standard"))
    eng = Engine(3, seed=9, book=False)
    for lv in (3, TOP_LEVEL):
        eng.set_level(lv)
        moves = []
        for _ in range(2):
            eng.new_game()
            eng.reseed(9)
            moves.append(eng.think(pos))
        assert moves[0] == moves[1], (lv, moves)
    # variety: the casual level opens differently across seeds (moves within its margin)
    eng.set_level(3)
    seen = set()
    for seed in range(1, 9):
        eng.new_game()
        eng.reseed(seed)
        seen.add(eng.think(pos))
    assert len(seen) >= 2, seen


def test_variety_picks_moves_within_the_margin():
    # one ply from the start: no move closes or blocks a mill (no extension), so a
    # root move's exact score is minus the static evaluation of the position after it
    from engine.probe import evaluate
    pos = Position(Rules("standard"))
    scores = {}
    for m in pos.legal_moves:
        c = pos.copy()
        c.push(m)
        scores[m] = -evaluate(c)
    best = max(scores.values())
    eng = Engine(3, depth=1, book=False, seed=1)
    margin = eng.margin
    assert margin > 0 and len([m for m in scores if scores[m] >= best - margin]) >= 2
    chosen = set()
    for seed in range(1, 13):
        eng.reseed(seed)
        eng.new_game()
        m = eng.think(pos)
        assert scores[m] >= best - margin, (pos.move_text(m), scores[m], best)
        chosen.add(m)
    assert len(chosen) >= 2, chosen

def test_bad_overrides_and_calls_are_clear_errors():
    # a node cap of 0 used to end the search before the root's moves were made
    # and return a stale move; now every override is checked
    for kw in ({"nodes": 0}, {"nodes": -1}, {"ms": 0}, {"depth": 0}):
        try:
            Engine(3, **kw)
            assert False, kw
        except ValueError:
            pass
    for level in ("3", 3.5, None, True):
        try:
            Engine(level)
            assert False, level
        except TypeError:
            pass
    try:
        Engine(3).step(20)
        assert False
    except RuntimeError:
        pass
    pos = Position.from_text(MID)
    m = Engine(3, nodes=1, seed=1, book=False).think(pos)
    assert m in pos.legal_moves


def test_book_rules_name_the_book_file():
    # the engine opens the book only for the rules it was built for (no RAM for the others)
    from engine.engine import BOOK_RULES
    from engine.book import Book, _default_path
    assert Book(_default_path()).rules == BOOK_RULES
