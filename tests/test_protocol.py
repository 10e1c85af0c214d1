"""The USB serial protocol (firmware/protocol.py, docs/protocol.md) through the main loop
with the host simulator's drivers: every command, and a hypothesis fuzz of
malformed lines (error replies only, exactly one per line, state unchanged).
"""
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

import mainloop
import protocol
from host_sim import drivers
from morris import Rules

NAMES = Rules("standard").geo.names


def P(name):
    return NAMES.index(name)


class Rig:
    """A main loop on simulated drivers, with helpers to talk and to move stones."""

    def __init__(self, players=("human", "remote"), level=2, stones=()):
        self.sw = drivers.SimSwitches()
        self.lights = drivers.SimLights()
        self.buttons = drivers.SimButtons()
        self.clock = drivers.SimClock(manual=True, start=5000)
        self.store = drivers.MemoryStore()
        self.sstore = drivers.MemoryStore()
        self.sstore.save(json.dumps({"rules": "standard", "level": level,
                                     "players": list(players), "learning": False}).encode())
        self.link = drivers.SimLink(max_line=1024)
        self.loop = mainloop.MainLoop(self.sw, self.lights, self.buttons, self.clock, self.store,
                                      self.sstore, self.link)
        for s in stones:
            self.sw.put(P(s))
        self.settle()
        self.link.take()

    @property
    def c(self):
        return self.loop.controller

    def tick(self, ms=20):
        self.clock.advance(ms)
        self.loop.tick()

    def settle(self):
        for _ in range(12):
            self.tick()

    def send(self, obj_or_line):
        line = obj_or_line if isinstance(obj_or_line, str) else json.dumps(obj_or_line)
        self.link.feed(line + "\n")
        self.tick()
        return [json.loads(x) for x in self.link.take()]

    def reply(self, obj_or_line):
        """The one reply to a command (other lines are events)."""
        out = [o for o in self.send(obj_or_line)
               if o["type"] in ("ok", "error", "state", "settings", "hello", "selftest", "record", "stats")]
        assert len(out) == 1, out
        return out[0]

    def snapshot(self):
        c = self.c
        lp = self.loop
        return (json.dumps(c.status(), sort_keys=True), c.position.text(), tuple(c.moves),
                json.dumps(lp.settings, sort_keys=True), self.sstore.load(), self.store.load(),
                tuple(lp._pressed), c.remote, lp.level, tuple(lp.players),
                lp.menu is None)


# ---- every command ---------------------------------------------------------

def test_hello():
    r = Rig().reply({"cmd": "hello", "id": "h1"})
    assert r["type"] == "hello" and r["protocol"] == protocol.PROTOCOL and r["id"] == "h1"
    assert set(r["commands"]) == set(protocol.COMMANDS)


def test_state_reports_the_game():
    rig = Rig(stones=())
    rig.sw.put(P("d2"))
    rig.settle()
    r = rig.reply({"cmd": "state", "id": 7})
    assert r["type"] == "state" and r["id"] == 7
    assert r["record"] == ["d2"] and r["turn"] == "black" and r["phase"] == "placement"
    assert r["position"] == rig.c.position.text()
    assert r["players"] == ["human", "remote"] and r["level"] == 2
    assert r["awaiting_remote"] is True and r["occupancy"] == 1 << P("d2")


def test_record_exports_the_game():
    from morris.record import read_record
    rig = Rig(stones=())
    rig.sw.put(P("d2"))
    rig.settle()
    r = rig.reply({"cmd": "record", "id": "r"})
    assert r["type"] == "record" and r["id"] == "r"
    tags, start, moves = read_record(r["text"])
    assert moves == ["d2"] and tags["Rules"] == str(rig.c.position.rules)
    assert tags["White"] == "human" and tags["Result"] == "*"
    assert rig.reply({"cmd": "state"})["lit"] == rig.c.status()["lit"]


def test_new_game_with_rules_players_level_is_saved():
    rig = Rig()
    r = rig.reply({"cmd": "new", "rules": "wikipedia+no_return=on", "players": ["human", "computer"],
                   "level": 4, "learning": True})
    assert r == {"type": "ok", "cmd": "new", "started": True, "rules": "wikipedia+no_return=on"}
    assert str(rig.c.position.rules) == "wikipedia+no_return=on"
    assert rig.loop.level == 4 and rig.c.learning is True
    saved = json.loads(rig.sstore.load())
    assert saved == {"rules": "wikipedia+no_return=on", "level": 4,
                     "players": ["human", "computer"], "learning": True, "brightness": 3,
                     "puzzle": 0, "solved": 0, "tried": 0}


def test_new_game_with_preset_and_options_and_events():
    rig = Rig()
    out = rig.send({"cmd": "new", "preset": "wikipedia", "options": {"double_mill": "two"}})
    types = [o["type"] for o in out]
    assert "new_game" in types and "ok" in types
    ev = out[types.index("new_game")]
    assert ev["rules"] == "wikipedia+double_mill=two" and "position" in ev


def test_new_game_waits_for_an_empty_board():
    rig = Rig(stones=("d2",))
    r = rig.reply({"cmd": "new"})
    assert r["started"] is False
    assert rig.c.status()["state"] == "clear"
    rig.sw.lift(P("d2"))
    rig.settle()
    assert rig.c.moves == [] and rig.c.status()["state"] == "idle"


@pytest.mark.parametrize("bad", [
    {"cmd": "new", "rules": "nosuch"},
    {"cmd": "new", "rules": "standard", "preset": "standard"},
    {"cmd": "new", "options": {"double_mill": "two"}},
    {"cmd": "new", "preset": "wikipedia", "options": {"double_mill": "three"}},
    {"cmd": "new", "preset": "wikipedia", "options": {"bogus": 1}},
    {"cmd": "new", "preset": "wikipedia", "options": {"stones": [9]}},
    {"cmd": "new", "preset": "wikipedia", "options": ["double_mill"]},
    {"cmd": "new", "preset": 3},
    {"cmd": "new", "level": 0},
    {"cmd": "new", "level": 6},
    {"cmd": "new", "level": True},
    {"cmd": "new", "level": "3"},
    {"cmd": "new", "level": 2.0},
    {"cmd": "new", "players": ["human"]},
    {"cmd": "new", "players": ["human", "robot"]},
    {"cmd": "new", "players": "human,human"},
    {"cmd": "new", "learning": 1},
    {"cmd": "new", "colour": "white"},
])
def test_bad_new_game_changes_nothing(bad):
    rig = Rig(stones=("d2",))
    before = rig.snapshot()
    r = rig.reply(bad)
    assert r["type"] == "error" and r["cmd"] == "new" and r["error"]
    assert rig.snapshot() == before


def test_undo():
    rig = Rig(players=("human", "human"))
    assert rig.reply({"cmd": "undo"})["type"] == "error"        # nothing to undo
    rig.sw.put(P("d2"))
    rig.settle()
    assert rig.c.moves == ["d2"]
    assert rig.reply({"cmd": "undo"}) == {"type": "ok", "cmd": "undo"}
    assert rig.c.status()["state"] == "restore"
    rig.sw.lift(P("d2"))
    rig.settle()
    assert rig.c.moves == []


def test_hint_and_press():
    rig = Rig(players=("human", "human"))
    out = rig.send({"cmd": "hint"})
    assert {"type": "ok", "cmd": "hint"} in out
    rig.tick()
    out = rig.send({"cmd": "press", "button": "hint"})
    assert {"type": "ok", "cmd": "press", "button": "hint"} in out
    rig.tick()
    # the pressed "hint" reached the controller: a hint event went out
    rig.sw.put(P("d2"))
    rig.settle()
    rig.link.take()
    before = rig.snapshot()
    r = rig.reply({"cmd": "press", "button": "eject"})
    assert r["type"] == "error" and rig.snapshot() == before


def test_press_button_reaches_the_controller():
    rig = Rig(players=("human", "human"))
    rig.link.feed(json.dumps({"cmd": "press", "button": "hint"}) + "\n")
    rig.tick()
    rig.tick()
    types = [json.loads(x)["type"] for x in rig.link.take()]
    assert "ok" in types and "hint" in types


def test_remote_move():
    rig = Rig(players=("human", "remote"))
    r = rig.reply({"cmd": "move", "move": "d3"})
    assert r["type"] == "error"                     # white (human) to move
    rig.sw.put(P("d2"))
    rig.settle()
    assert rig.c.awaiting_remote()
    for bad in ("d2", "z9", "d3-d4", "", "d3xa1", 12):
        before = rig.snapshot()
        r = rig.reply({"cmd": "move", "move": bad})
        assert r["type"] == "error" and r["cmd"] == "move", bad
        assert rig.snapshot() == before
    r = rig.reply({"cmd": "move", "move": " D3 ", "id": "m"})
    assert r == {"type": "ok", "cmd": "move", "move": "d3", "id": "m"}
    assert rig.c.status()["remote"] == "d3"
    assert rig.reply({"cmd": "move", "move": "d5"})["type"] == "error"   # one pending already
    rig.sw.put(P("d3"))
    rig.settle()
    assert rig.c.moves == ["d2", "d3"]


def test_move_refused_for_the_boards_own_computer():
    rig = Rig(players=("human", "computer"), level=1)
    rig.sw.put(P("d2"))
    rig.settle()
    r = rig.reply({"cmd": "move", "move": "d3"})
    assert r["type"] == "error"


def test_settings():
    rig = Rig()
    r = rig.reply({"cmd": "settings"})
    assert r == {"type": "settings", "rules": "standard", "level": 2,
                 "players": ["human", "remote"], "learning": False, "brightness": 3,
                 "puzzle": 0, "solved": 0, "tried": 0}
    r = rig.reply({"cmd": "settings", "set": {"level": 5, "learning": True}})
    assert r["level"] == 5 and r["learning"] is True
    assert json.loads(rig.sstore.load())["level"] == 5
    assert rig.loop.level == 5           # level and learning apply at once
    assert rig.c.learning is True
    r = rig.reply({"cmd": "settings", "set": {"rules": "wikipedia", "players": ["human", "human"]}})
    assert str(rig.c.position.rules) == "standard"       # rules and players: the next game
    assert rig.loop.players == ("human", "remote")
    rig.settle()        # learning mode's move quality done: the board changes no more by itself
    for bad in ({"cmd": "settings", "set": {}}, {"cmd": "settings", "set": {"volume": 3}},
                {"cmd": "settings", "set": {"level": 9}}, {"cmd": "settings", "set": "level=3"},
                {"cmd": "settings", "set": {"rules": "standard+stones=99"}}):
        before = rig.snapshot()
        r = rig.reply(bad)
        assert r["type"] == "error", bad
        assert rig.snapshot() == before


def test_resign_and_draw():
    rig = Rig(players=("human", "human"))
    assert rig.reply({"cmd": "resign"})["type"] == "error"        # no move yet: no game to end
    rig.sw.put(P("d2"))
    rig.settle()
    out = rig.send({"cmd": "resign", "side": "white"})
    assert {"type": "ok", "cmd": "resign"} in out
    rig.tick()
    assert rig.c.result.result() == "0-1"
    text = rig.reply({"cmd": "record"})["text"]
    assert '[Result "0-1"]' in text and '[Termination "resignation"]' in text
    assert rig.reply({"cmd": "draw"})["type"] == "error"          # over already
    assert rig.reply({"cmd": "resign", "side": "red"})["type"] == "error"
    rig.sw.set(0)
    rig.settle()
    rig.sw.put(P("d2"))
    rig.settle()
    assert rig.reply({"cmd": "draw"}) == {"type": "ok", "cmd": "draw"}
    rig.tick()
    assert rig.c.result.result() == "1/2-1/2"


def test_selftest():
    """The reply is built over a few passes (the loop goes on meanwhile: issue 21) and
    comes with its id; a second selftest while one runs is refused."""
    rig = Rig()
    rig.link.feed(json.dumps({"cmd": "selftest", "id": "s"}) + "\n")
    rig.link.feed(json.dumps({"cmd": "selftest", "id": "t"}) + "\n")
    out = []
    for _ in range(6):
        rig.tick()
        out += [json.loads(x) for x in rig.link.take()]
    ids = {o.get("id"): o for o in out}
    assert ids["s"]["type"] == "selftest" and ids["s"]["ok"] is True and ids["s"]["store"] == "ok"
    assert ids["t"]["type"] == "error" and "already" in ids["t"]["error"]
    assert rig.loop.stats.n[0] >= 6      # the passes went on


def test_stats_reports_pass_times_and_the_engines_share():
    rig = Rig(players=("computer", "human"), level=3)
    for _ in range(40):
        rig.tick(5)
    r = rig.reply({"cmd": "stats"})
    assert r["type"] == "stats" and r["idle_passes"] + r["thinking_passes"] >= 40
    assert r["searches"] >= 1 and r["last_search"]["ended_by"] in ("book", "node cap", "depth", "deadline")
    assert 0 <= r["idle_mean_us"] <= r["idle_max_us"] and r["longest_pass_us"] > 0
    r = rig.reply({"cmd": "stats", "reset": True})
    assert sum(rig.loop.stats.n) == 1      # the pass that answered counts afresh
    assert rig.reply({"cmd": "stats", "reset": 1})["type"] == "error"


def test_events_are_json_lines_with_position():
    rig = Rig(players=("human", "human"))
    rig.sw.put(P("d2"))
    rig.settle()
    out = [json.loads(x) for x in rig.link.take()]
    mv = [o for o in out if o["type"] == "move"]
    assert len(mv) == 1 and mv[0]["move"] == "d2" and mv[0]["position"] == rig.c.position.text()
    rig.sw.put(P("a1"))
    rig.sw.put(P("g7"))
    rig.settle()
    out = [json.loads(x) for x in rig.link.take()]
    assert any(o["type"] == "mistake" for o in out)


@pytest.mark.parametrize("line,error", [
    ("hello", "not JSON"),
    ("[1, 2]", "object"),
    ('"state"', "object"),
    ("{}", "unknown command"),
    ('{"cmd": "dance"}', "unknown command"),
    ('{"cmd": "state", "x": 1}', "unknown field"),
    ('{"cmd": "press"}', "needs"),
    ('{"cmd": "move"}', "needs"),
    ('{"cmd": "state", "id": [1]}', "id"),
    ('{"cmd": "state", "id": "%s"}' % ("x" * 33), "id"),
    ('{"cmd": "state", "id": 1.5}', "id"),
    ('{"cmd": "state", "pad": "%s"}' % ("x" * 300), "too long"),
])
def test_malformed_lines_get_one_error(line, error):
    rig = Rig(stones=("d2",))
    before = rig.snapshot()
    out = rig.send(line)
    assert len(out) == 1 and out[0]["type"] == "error" and error in out[0]["error"], out
    assert "id" not in out[0]
    assert rig.snapshot() == before


def test_blank_line_is_ignored_and_one_reply_per_line():
    rig = Rig()
    assert rig.send("") == []
    rig.link.feed('{"cmd": "hello"}\n{"cmd": "state"}\nnope\n')
    rig.tick()
    types = [json.loads(x)["type"] for x in rig.link.take()]
    assert types == ["hello", "state", "error"]


# ---- fuzz: malformed lines -------------------------------------------------------

_RIG = {}


def fuzz_rig():
    """One rig for all examples (a change by any example shows up in the next)."""
    if "rig" not in _RIG:
        rig = Rig(players=("human", "remote"))
        rig.sw.put(P("d2"))
        rig.settle()
        rig.link.take()
        _RIG["rig"] = rig
        _RIG["before"] = rig.snapshot()
    return _RIG["rig"], _RIG["before"]


VALID = [{"cmd": "hello"}, {"cmd": "state"}, {"cmd": "undo"}, {"cmd": "hint"},
         {"cmd": "press", "button": "ok"}, {"cmd": "move", "move": "d3"},
         {"cmd": "new", "rules": "standard"}, {"cmd": "settings", "set": {"level": 3}},
         {"cmd": "selftest"}]
json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 12, 10 ** 12),
                         st.floats(allow_nan=False), st.text(max_size=12))
json_values = st.recursive(json_scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=3), st.dictionaries(st.text(max_size=6), kids, max_size=3)), max_leaves=6)


@st.composite
def malformed(draw):
    kind = draw(st.integers(0, 6))
    base = dict(draw(st.sampled_from(VALID)))
    if kind == 0:      # random text
        return draw(st.text(max_size=80).filter(lambda s: "\n" not in s and "\r" not in s))
    if kind == 1:      # a strict prefix of a valid command
        text = json.dumps(base)
        return text[:draw(st.integers(1, len(text) - 1))]
    if kind == 2:      # an unknown field
        key = draw(st.text(min_size=1, max_size=8).filter(
            lambda k: k not in ("cmd", "id") + protocol.COMMANDS[base["cmd"]]))
        base[key] = draw(json_values)
        return json.dumps(base)
    if kind == 3:      # a wrong value in a known field
        fields = protocol.COMMANDS[base["cmd"]]
        if not fields:
            base["cmd"] = draw(json_values.filter(lambda v: not (isinstance(v, str) and v in protocol.COMMANDS)))
            return json.dumps(base)
        key = draw(st.sampled_from(fields))
        base.pop("rules", None)
        base.pop("set", None)
        bad = {"rules": st.one_of(st.text(max_size=10).filter(lambda s: s.strip() not in
                                                              ("standard", "wikipedia", "schmidt", "french", "old-russian")),
                                  st.integers(), st.lists(st.text(), max_size=2)),
               "preset": st.one_of(st.integers(), st.none(), st.text(max_size=5)),
               "options": st.one_of(st.integers(), st.lists(st.text(), min_size=1, max_size=2),
                                    st.dictionaries(st.text(min_size=1, max_size=5), json_scalars,
                                                    min_size=1, max_size=2)),
               "players": st.one_of(st.text(max_size=8), st.lists(st.text(max_size=6), max_size=3)),
               "level": st.one_of(st.integers().filter(lambda i: not 1 <= i <= 5), st.booleans(),
                                  st.floats(allow_nan=False), st.text(max_size=2)),
               "learning": st.one_of(st.integers(), st.text(max_size=3), st.none()),
               "first": st.one_of(st.integers(), st.text(max_size=6).filter(lambda f: f not in ("white", "black"))),
               "button": st.text(max_size=6).filter(lambda b: b not in protocol.BUTTONS),
               "move": st.one_of(st.text(max_size=20).filter(lambda s: s.strip().lower() not in NAMES),
                                 st.integers(), st.none()),
               "set": st.one_of(st.just({}), st.dictionaries(st.text(min_size=1, max_size=6).filter(
                   lambda k: k not in ("rules", "level", "players", "learning")), json_scalars,
                   min_size=1, max_size=2), st.lists(st.text(), max_size=2))}[key]
        base[key] = draw(bad)
        if key == "preset" and isinstance(base[key], str) and base[key] in (
                "standard", "wikipedia", "schmidt", "french"):
            base[key] = base[key] + "!"
        return json.dumps(base)
    if kind == 4:      # not an object
        v = draw(json_values.filter(lambda v: not isinstance(v, dict)))
        return json.dumps(v)
    if kind == 5:      # a bad id on a valid command
        base["id"] = draw(st.one_of(st.floats(allow_nan=False), st.lists(json_scalars, max_size=2),
                                    st.text(min_size=33, max_size=40), st.none(), st.booleans()))
        return json.dumps(base)
    # kind 6: missing cmd / unknown cmd
    base["cmd"] = draw(st.one_of(st.none(), st.text(max_size=8).filter(
        lambda s: s not in protocol.COMMANDS), st.integers()))
    return json.dumps(base)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line=malformed())
def test_fuzz_malformed_lines_error_only_state_unchanged(line):
    assume(line.strip())
    rig, before = fuzz_rig()
    rig.link.feed(line + "\n")
    rig.loop.protocol.poll()
    out = rig.link.take()
    assert len(out) == 1, (line, out)
    reply = json.loads(out[0])
    assert reply["type"] == "error" and isinstance(reply["error"], str), (line, reply)
    rig.tick()   # nothing was set in motion either
    assert rig.link.take() == []
    assert rig.snapshot() == before, line


def test_a_fault_below_still_gets_one_error_reply(monkeypatch):
    rig = Rig()
    monkeypatch.setattr(rig.loop, "run_job", lambda gen: 1 / 0)
    out = rig.send({"cmd": "selftest", "id": 3})
    assert out == [{"type": "error", "cmd": "selftest", "id": 3,
                    "error": "internal error: division by zero"}]


def test_a_fault_inside_the_selftest_gets_an_error_reply_and_the_loop_goes_on(monkeypatch):
    import selftest

    def broken(out, *a, **k):
        yield
        raise OSError("flash gone")
    monkeypatch.setattr(selftest, "check_steps", broken)
    rig = Rig()
    rig.link.feed('{"cmd": "selftest", "id": 4}\n')
    out = []
    for _ in range(4):
        rig.tick()
        out += [json.loads(x) for x in rig.link.take()]
    assert out == [{"type": "error", "cmd": "selftest", "id": 4, "error": "internal error: flash gone"}]
    assert rig.reply({"cmd": "hello"})["type"] == "hello"
