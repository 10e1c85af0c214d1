"""One Engine switching between the array board's search and engine/relatives.py's
(CPython and MicroPython). Its own module: under MicroPython it runs in a fresh
192 KB heap, not after test_engine.py's tests (the relatives' code is about
20 KB of the 64-bit unix port's heap)."""
import gc
from morris import Position, Rules
from engine import Engine


def test_relatives_searched_by_the_position_search_classic_by_the_board():
    # engine/relatives.py takes the rule sets engine.holds rejects; one Engine
    # switches both ways (the shared TT is cleared) and plays legal moves
    import sys
    from engine import holds
    eng = Engine(3, tt_size=64, nodes=150, seed=2)
    for rules in ("six", "lasker", "standard", "dooz", "schmidt"):
        pos = Position(Rules.parse(rules))
        for _ in range(12):
            if pos.outcome() is not None:
                break
            m = eng.think(pos)
            assert m in pos.legal_moves, (rules, pos.text(), m)
            if len(pos.legal_moves) > 1:
                assert (eng.active is None) == holds(pos.rules), rules
            pos.push(m)
    assert "engine.relatives" in sys.modules
    assert not holds(Rules("lasker")) and not holds(Rules("twelve")) and holds(Rules("six"))
    gc.collect()
