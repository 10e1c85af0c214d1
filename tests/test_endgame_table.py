"""The shipped endgame table (firmware/engine/endgame.bin), CPython only (numpy).

- The retrograde check: every entry equals what its children give under every
  move and capture (tools/endgame_table.py ``check``: moves generated anew,
  separately from the builder's level-by-level propagation). With the
  children's values this is a proof of every entry: a win or loss in d by
  induction on d, and a draw has a drawing move and no losing one.
- The three-against-three part built for ``wikipedia`` (optional capture) is the
  standard one, byte for byte: the claim that lets engine/endgame.py serve it.
- The probe (engine/endgame.py, its own index code) reads every part the way
  the builder wrote it: the probe of each part's states in index order gives
  the file's bytes.
The brute-force comparison on random positions is tests/firmware/test_endgame.py.
"""
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import endgame_table  # noqa: E402
from morris import Rules  # noqa: E402
from engine.endgame import Table  # noqa: E402

PATH = endgame_table.OUT


def test_every_entry_is_consistent_under_every_move():
    n = endgame_table.check(PATH, log=lambda *a: None)
    _, _, parts = endgame_table.read(PATH)
    assert (3, 3) in parts
    assert n == sum(len(v) for _, v in parts.values()) and n >= 210140
    assert os.path.getsize(PATH) < 700 * 1024  # the Pico's flash budget for the table


def test_wikipedia_three_against_three_is_the_standard_part():
    game, tables = endgame_table.build("wikipedia", four=False, log=lambda *a: None)
    _, _, parts = endgame_table.read(PATH)
    assert (endgame_table.encode(tables[(3, 3)]) == parts[(3, 3)][1]).all()


def test_probe_reads_what_the_builder_wrote():
    game = endgame_table.Game(Rules("standard"))
    _, _, parts = endgame_table.read(PATH)
    tb = Table(PATH)
    try:
        rng = np.random.default_rng(3)
        for (a, b), (_, vals) in parts.items():
            ms, os_ = game.states(a, b)
            for i in rng.choice(len(ms), 2000, replace=False):
                m, o = int(ms[i]), int(os_[i])
                assert tb.value(m, o) == vals[i], (a, b, i)
                # any symmetric image of the position reads the same entry
                g = int(rng.integers(16))
                pm = int(game.permute_one(np.array([m]), g)[0])
                po = int(game.permute_one(np.array([o]), g)[0])
                assert tb.value(pm, po) == vals[i], (a, b, i, g)
    finally:
        tb.close()
