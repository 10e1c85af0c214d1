"""Issue 22: every game survives a power cut -- acceptance 1 (CPython; hypothesis).

For every one of the 18 presets, with random option changes on top: a random game
(hypothesis draws every choice: the moves, an undo now and then, a resignation or
an agreed draw) is played through the board controller (both sides "remote": each
move handed in and carried out on the switches, a stone taken from a hand
confirmed with "ok") onto the game store of the firmware (hw/store.py) over the
file-level fake of tests/test_power_cut.py; the power is cut at a random
low-level step (open, write, flush, close, rename, remove) of a random save.
At power-up a new controller on the same flash must have the saved game back
exactly -- the position text (board, side to move, hands, clocks, bars, the
repetition history, removals owed), counters, repetition keys, result, the
first player and the record -- as it stood at the last save that returned (or
at the save in flight, when the cut fell after its rename), and its exported
record must replay to that same position. The game then resumes once the
stones stand as the LEDs ask.

The number of examples keeps the test well under a minute (``EXAMPLES`` per
preset); ``GAME_SURVIVES_EXAMPLES=500 pytest tests/test_game_survives.py`` runs
a long search.
"""
import os
import sys

import pytest
from hypothesis import given, settings, HealthCheck, strategies as st
from hypothesis import event as _event
from hypothesis.errors import InvalidArgument

from board import controller as controller_mod
from board.controller import Controller, SETUP, PLAY
from hw.store import FileStore
from morris import Rules, PRESETS, Outcome
from morris.record import replay

from test_power_cut import Disk, FakeFiles, PowerCut

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import bench_resume  # noqa: E402

EXAMPLES = int(os.environ.get("GAME_SURVIVES_EXAMPLES", "15"))
MAX_PLIES = 90
TAIL = 4           # the controller's kept moves here: most games go through the log
# option changes drawn on top of a preset (each valid alone; combinations are the point)
OPTIONS = (("capture", "optional"), ("protect_mills", "strict"), ("protect_mills", "none"),
           ("double_mill", "two"), ("mill_reuse", "first_time_per_line"), ("no_return", "on"),
           ("no_return", "mill"), ("draw_repetition", "3"), ("draw_no_capture_moves", "12"),
           ("draw_3v3_moves", "4"), ("defender_first", "on"), ("first_player", "lot"),
           ("fly_at", "0"), ("placing_mill", "hand"), ("full_board", "draw"))


class Store(FileStore):
    """The firmware's store, remembering the game as it stood at each save: ``ok``
    (the last save that returned) and ``flight`` (the save under way)."""

    def __init__(self, files, plan=None):
        FileStore.__init__(self, "game.rec", files)
        self.owner = None
        self.ok = None
        self.flight = None
        self.plan = plan        # (n, k): cut at the k-th write step of the n-th save
        self.saves = 0

    def _arm(self):
        self.saves += 1
        if self.plan is not None and self.saves == self.plan[0]:
            disk = self.files.disk
            disk.cut_at = disk.ops + self.plan[1]

    def log_append(self, data):
        self._arm()
        FileStore.log_append(self, data)

    def save(self, data):
        self._arm()
        self.flight = snapshot(self.owner) if self.owner is not None else None
        FileStore.save(self, data)
        self.ok = self.flight
        self.flight = None


def event(text):
    """hypothesis.event, also when called outside a hypothesis test (ignored there)."""
    try:
        _event(text)
    except InvalidArgument:
        pass


def snapshot(c):
    """Everything a resumed game must give back exactly."""
    p = c.pos
    return {"text": p.text(), "bb": list(p.bb), "hand": list(p.hand), "count": list(p.count),
            "turn": p.turn, "ncp": p.ncp, "p33": p.p33, "hist": list(p.hist), "marks": p.marks,
            "owe": list(p.owe), "result": c.result, "record": c.record(),
            "start": c.game_start() if hasattr(c, "game_start") else None}


def after(c, m):
    """The physical occupancy once move ``m`` of ``c`` is carried out."""
    p = c.pos.copy()
    p.push(m)
    return c._phys(p.bb[0] | p.bb[1])


class Rig:
    def __init__(self, c):
        self.c = c
        self.t = 10

    def step(self, occ, buttons=()):
        for _ in range(3):
            self.t += 5
            self.c.step(self.t, occ, buttons)
            buttons = ()

    def move(self, m):
        c = self.c
        n = c.plies
        c.remote_move(m)
        self.step(after(c, m))
        assert c.plies == n + 1, (c.status()["state"], c.status()["message"])
        if c._take >= 0:        # a stone taken from a hand: confirmed with ok
            self.step(c.expected_occupancy(), ["ok"])

    def undo(self):
        c = self.c
        if c.undo():
            self.step(c.expected_occupancy())


def play(data, rules, disk, plan):
    """Play a drawn game on ``disk`` with the power cut as ``plan`` says; the store."""
    store = Store(FakeFiles(disk), plan)
    try:
        c = Controller(rules=rules, players=("remote", "remote"), store=store, settle_ms=1,
                       commit_ms=0, now_ms=10)
    except PowerCut:
        return store
    store.owner = c
    store.ok = snapshot(c)      # the new game's save in the constructor returned
    rig = Rig(c)
    try:
        rig.step(0)
        for _ in range(MAX_PLIES):
            if c.result is not None:
                break
            a = data.draw(st.integers(0, 299), label="action")
            if a == 0 and c.plies:
                c.resign(data.draw(st.sampled_from(["white", "black"]), label="resigns"))
            elif a == 1 and c.plies:
                c.agree_draw()
            elif a < 8 and c.plies:
                rig.undo()
            else:
                legal = c.pos.legal_moves
                rig.move(legal[data.draw(st.integers(0, len(legal) - 1), label="move")])
    except PowerCut:
        event("power cut in a save")
        return store
    event("no cut: the game ended first")
    # no cut: every change of the game was saved, its end too
    if store.ok is not None:
        assert snapshot(c) == store.ok, "\nplayed %r\nsaved  %r" % (snapshot(c), store.ok)
    return store


def check_resume(store, disk):
    """Power up on ``disk``: the saved game (``store.ok`` / ``store.flight``) comes back."""
    disk.restart()
    r = Controller(rules="standard", players=("remote", "remote"), store=FileStore("game.rec", FakeFiles(disk)),
                   settle_ms=1, commit_ms=0, now_ms=10)
    if store.ok is None and store.flight is None:
        assert r.plies == 0
        return r
    got = snapshot(r)
    event("resumed %s" % ("through the log" if r._ply0 else "from the state file alone"))
    if r.result is not None:
        event("resumed ended: %s" % r.result.reason)
    want = [s for s in (store.ok, store.flight) if s is not None]
    assert got in want, "\nresumed %r\nsaved   %r" % (got, want[0])
    if got["record"]:
        assert r._mode == SETUP
    # the exported record replays to the same position (and the same repetition keys)
    end = replay(r.export_record())
    assert end.text() == r.pos.text() and end.hist == r.pos.hist
    # the stones as the LEDs ask: the game resumes, ended as it was
    rig = Rig(r)
    rig.step(r.expected_occupancy())
    assert r._mode == PLAY and r.result == got["result"]
    return r


def _rules(preset, changes):
    r = Rules(preset)
    values = {}
    for k, v in changes:
        values[k] = v
    return Rules(preset, **values) if values else r


@pytest.fixture(autouse=True)
def _short_tail(monkeypatch):
    monkeypatch.setattr(controller_mod, "TAIL", TAIL)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_power_cut_in_any_save_resumes_the_saved_game_exactly(preset, data):
    changes = data.draw(st.lists(st.sampled_from(OPTIONS), max_size=2), label="options")
    rules = _rules(preset, changes)
    plan = (data.draw(st.integers(1, 60), label="cut in save"), data.draw(st.integers(1, 7), label="at step"))
    disk = Disk()
    store = play(data, rules, disk, plan)
    check_resume(store, disk)


@pytest.mark.parametrize("preset", ["nerenchi", "da-san-qi"])
def test_defender_first_games_resume_with_their_colours(preset):
    """Finding 1 (the minimal case): after the defender's first movement move, a
    saved nerenchi / da-san-qi game came back with every colour and the side to
    move swapped, and its export re-imported swapped."""
    import random
    for seed in range(12):
        rng = random.Random(seed)
        disk = Disk()
        store = Store(FakeFiles(disk))
        c = Controller(rules=Rules(preset), players=("remote", "remote"), store=store, settle_ms=1,
                       commit_ms=0, now_ms=10)
        store.owner = c
        store.ok = snapshot(c)
        rig = Rig(c)
        rig.step(0)
        slid = False
        while c.result is None and not slid:
            m = rng.choice(c.pos.legal_moves)
            slid = m >> 5 & 31 != 31
            rig.move(m)
        if c.result is not None:
            continue
        assert c.pos.hand == [0, 0]
        r = check_resume(store, disk)
        assert r.pos.text() == c.pos.text()
        assert replay(c.export_record()).text() == c.pos.text()


def test_outcomes_compare_by_value():
    assert Outcome(0, "resignation") == Outcome(0, "resignation")


# ---- earlier formats: their First was worked out from the plies ------------------------------

def _parity_first(c):
    """The First tag the earlier firmware wrote: worked out from the plies."""
    return c.pos.turn if c.plies % 2 == 0 else 1 - c.pos.turn


def _defender_first_game(rules, plies, seed, store):
    """A Controller that played ``plies`` plies of ``rules`` (random, seeded) past
    the defender's first movement move, saving into ``store``."""
    c = Controller(rules=rules, players=("remote", "remote"), store=store)
    for m in bench_resume.long_game(rules, plies, seed):
        c._commit(m)
        c._take = -1
        c.events()          # the main loop takes them every pass
    return c


def _as_earlier_format(data, first):
    """Saved-game bytes of today's format as formats 1 / 2 wrote them: no Format tag,
    First ``first`` (0/1)."""
    out = []
    for line in data.decode().split("\n"):
        if line.startswith("[Format "):
            continue
        if line.startswith("[First "):
            line = '[First "%s"]' % ("white", "black")[first]
        out.append(line)
    return "\n".join(out).encode()


def _defender_first_case(rules, plies, seed):
    """An earlier format's save of a defender-first game past its double move, with
    First as that firmware wrote it, resumes with the game's colours; saved again in
    today's format; its export replays to the game."""
    st = bench_resume.MemStore()
    c = _defender_first_game(rules, plies, seed, st)
    assert c.result is None and c.pos.hand == [0, 0], (rules, c.pos.text())
    final = c.pos.text()
    n = c.plies
    wrong = _parity_first(c)
    assert wrong != 0          # the parity says black began: it was white
    st.data = _as_earlier_format(st.data, wrong)
    r = Controller(rules="standard", players=("remote", "remote"), store=st)
    assert r.pos.text() == final and r.game_start()[1] == "white" and r.plies == n, rules
    assert r.pos.hist == c.pos.hist and r.record() == c.record()
    assert st.data.startswith(b'[Format "3"]') and b'[First "white"]' in st.data
    end = replay(r.export_record())
    assert end.text() == final and end.hist == c.pos.hist


def test_defender_first_games_of_the_earlier_formats_resume_with_their_colours(monkeypatch):
    """Finding 1 for games saved by the earlier firmware (format 1: every move in the
    state file): their First was worked out from the plies, wrong once the defender
    moved twice running; they come back with the colours and the side to move they
    had. (The rule's code is the same on MicroPython: tests/test_parsers_agree.py's
    corpus holds such saves.)"""
    monkeypatch.setattr(controller_mod, "TAIL", 32)      # every move in the state file
    for rules, plies, seed in (("nerenchi", 28, 2), ("da-san-qi", 36, 3)):
        _defender_first_case(rules, plies, seed)


def test_defender_first_games_of_the_earlier_formats_through_the_log(monkeypatch):
    """The same with the older moves in the log (format 2): the position after the
    base tells the double move."""
    monkeypatch.setattr(controller_mod, "TAIL", 32)
    for rules, plies, seed in (("nerenchi", 126, 1), ("da-san-qi", 126, 3)):
        _defender_first_case(rules, plies, seed)
