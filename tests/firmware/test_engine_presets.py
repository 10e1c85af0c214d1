"""One Engine plays every preset and option combination (CPython and MicroPython).

Its own module: under MicroPython it runs in a fresh 192 KB heap (the
relatives load the rules core's morris/variant.py and presets and
engine/turns.py, which stay loaded), not after test_engine.py's tests.
"""
import gc
from morris import Position, Rules, PRESETS, OPTIONS
from engine import Engine, holds

RULE_SETS = PRESETS + ("wikipedia+double_mill=two", "wikipedia+no_return=on",
                       "wikipedia+double_mill=two+no_return=on", "standard+board=diagonals",
                       "standard+double_mill=each+capture=optional", "lasker+defender_first=on")


def test_every_rule_set_plays_legal_games():
    # one engine for every preset (holds) and option, through their special turns
    eng = Engine(3, nodes=60, seed=4)
    kinds = set()
    for rules in RULE_SETS:
        pos = Position(Rules.parse(rules))
        assert holds(pos.rules), rules
        eng.new_game()
        for _ in range(60):
            if pos.outcome() is not None:
                break
            t = pos.turn
            m = eng.think(pos)
            assert m in pos.legal_moves, (rules, pos.text(), m)
            pos.push(m)
            if m >> 29:
                kinds.add("removal")
            if pos.turn == t:
                kinds.add("same side")
            if pos.marks:
                kinds.add("mark")
        gc.collect()
    assert kinds == {"removal", "same side", "mark"}, kinds


def test_holds_every_preset_with_every_option_value():
    # every rule set the rules core accepts: each preset with each single option changed
    n = 0
    for preset in PRESETS:
        for opt in OPTIONS:
            values = OPTIONS[opt]
            for v in ((values[0], values[1]) if isinstance(values[0], int) else values):
                try:
                    rules = Rules(preset, **{opt: v})
                except ValueError:
                    continue
                assert holds(rules), str(rules)
                n += 1
    assert n > 800, n
