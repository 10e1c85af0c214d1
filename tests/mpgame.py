"""A whole game through the firmware main loop (firmware/mainloop.py), runnable under
the MicroPython unix port with a Pico-sized heap (and under CPython):

    micropython -X heapsize=192k tests/mpgame.py [FIRMWARE_DIR] [--pico-drivers] [--seed N]
        [--players human,computer] [--tt ENTRIES] [--trace] [--save FILE | --restart FILE]

FIRMWARE_DIR defaults to firmware/ (the sources); tests pass build/pico/ to
run the .mpy files that tools/deploy.py builds. With ``--pico-drivers`` the
Pico drivers of firmware/hw/ (built by main.build()) run on the fake
``machine``/``neopixel`` of tests/fake_machine/ instead of simple simulated
drivers. A robot hand plays white (human: random legal moves, done stone by
stone on the switches) against the engine (black, level 1), carrying out
the engine's moves as the LEDs... as the controller asks. Every link line
must be JSON. Prints "GAME OK <plies> <result>" and "N passed, 0 failed".
``--save FILE`` writes the stores at the end; ``--restart FILE`` is the
power-up after that: a fresh interpreter loads them, waits for the stones,
resumes the game (a real cold start, fresh heap). A restart file may instead
name a ``game_file`` for the Pico's own store (firmware/hw/store.py on a real
file, e.g. a game.rec of an earlier firmware) with the ``plies`` and
``position`` the resumed game must have (a list of every move of a long game
would not fit the heap).
"""
import sys

try:
    import json
except ImportError:  # pragma: no cover
    import ujson as json

args = sys.argv[1:]
PICO = "--pico-drivers" in args
SEED = 7
if "--seed" in args:
    SEED = int(args[args.index("--seed") + 1])
SAVE = args[args.index("--save") + 1] if "--save" in args else None
RESTART = args[args.index("--restart") + 1] if "--restart" in args else None
PLAYERS = "human,computer"
if "--players" in args:
    PLAYERS = args[args.index("--players") + 1]
dirs = [a for a in args if a not in (PLAYERS, SAVE, RESTART) and not a.startswith("--") and not a.isdigit()]
FW = dirs[0] if dirs else "firmware"
sys.path.insert(0, FW)

import random  # noqa: E402


TRACE = "--trace" in args


def gc_mem():
    try:
        import gc
        return gc.mem_alloc()
    except (ImportError, AttributeError):  # pragma: no cover
        return -1


def gc_collect():
    try:
        import gc
        gc.collect()
    except ImportError:  # pragma: no cover
        pass


random.seed(SEED)

TT = 1024
if "--tt" in args:
    TT = int(args[args.index("--tt") + 1])
# The harness's own simulated drivers first: their code is test scaffolding, not
# firmware, and loaded now it does not split the firmware's heap.
sys.path.insert(0, "tests")
sys.path.insert(0, "tests/firmware")
import mpsim  # noqa: E402
gc_collect()
# Load the modules one by one with a collection after each: the loader's
# transient buffers are freed before the next module's code is placed, so the
# code packs tightly and the heap keeps larger free runs (as main.py does).
for _name in ("engine.search", "morris", "board.controller", "settings", "protocol", "mainloop"):
    if _name != "engine.search" or "computer" in PLAYERS:
        __import__(_name)
        gc_collect()
ENGINE = None
if "computer" in PLAYERS:
    from engine import Engine  # noqa: E402
    ENGINE = Engine(level=1, tt_size=TT, seed=SEED)   # first, as main.py does: its tables want a young heap
    ENGINE.reserve()
    gc_collect()
from morris import NONE, move_parts  # noqa: E402
import mainloop  # noqa: E402

SETTLE = 120
COMMIT = 250    # the controller counts a flight after this much rest


clock = mpsim.Clock()
link = mpsim.Link()
sstore = mpsim.Store(json.dumps({"rules": "standard", "level": 1, "players": PLAYERS.split(","),
                           "learning": True}).encode())
store = mpsim.Store()
saved = None
if RESTART:
    with open(RESTART) as f:
        saved = json.loads(f.read())
    if "game_file" in saved:               # the Pico's store on a real file
        from hw.store import FileStore
        store = FileStore(saved["game_file"])
    else:
        store = mpsim.Store(saved["game"].encode())
        for _ln in saved.get("log", ()):   # the older moves of a long game (the store's log)
            store.log_append((_ln + "\n").encode())
    sstore = mpsim.Store(saved["settings"].encode())

if PICO:
    sys.path.insert(0, "tests/fake_machine")
    import mppico as drv
else:
    drv = mpsim
sw, lights, buttons, link, phys, set_occ, link_out, link_in, link_clear = drv.setup(clock, link)
drv = None
# every module-level name the harness binds below, bound now: its globals dict never
# grows again (a rehash wants a ~1 KB block, test scaffolding the board never
# allocates) once the firmware's objects fill the heap
loop = c = step = settle = after = failures = counts = moves_with_position = None
drain = check = play = plies = after_game = gc = None

gc_collect()
if TRACE:
    print("before loop", gc_mem())
loop = mainloop.MainLoop(sw, lights, buttons, clock, store, sstore, link, slice_ms=5, engine=ENGINE)
if TRACE:
    gc_collect(); print("after loop", gc_mem())
c = loop.controller


def step(ms=20):
    clock.now += ms
    loop.tick()


def settle():
    for _ in range((SETTLE + COMMIT) // 20 + 3):
        step()


def after(occ, m):
    to, frm, c1, c2 = move_parts(m)
    if frm != NONE:
        occ &= ~(1 << frm)
    occ |= 1 << to
    for cap in (c1, c2):
        if cap != NONE:
            occ &= ~(1 << cap)
    return occ


failures = []
counts = {}
moves_with_position = [0]


def drain():
    """Parse and count the link lines written so far, then drop them (RAM)."""
    last = None
    for ln in link_out():
        try:
            ev = json.loads(ln)
        except ValueError:
            check(False, "link line is JSON: %r" % ln)
            continue
        t = ev.get("type")
        counts[t] = counts.get(t, 0) + 1
        if t == "move" and "position" in ev:
            moves_with_position[0] += 1
        last = ev
    link_clear()
    return last


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL", what)


if RESTART:
    # power came back: the saved game waits in "setup" until the stones match it
    def same():
        if "record" in saved:
            return c.record() == saved["record"]
        return c.plies == saved["plies"] and c.position.text() == saved["position"]
    check(same(), "restart loads the game")
    # (no c.status() here: its big dict is the harness's, not the board's, allocation)
    settle()      # the board is still empty: the game waits
    drain()
    check(counts.get("resumed", 0) == 0, "restart waits for the stones")
    set_occ(c.position.bb[0] | c.position.bb[1])
    settle()
    drain()
    check(counts.get("resumed", 0) == 1, "resumed once the stones match")
    check(same(), "game kept")
    print("GAME %s %d restart" % ("OK" if not failures else "FAILED", len(c.moves)))
    print("%d passed, %d failed" % (1 if not failures else 0, 1 if failures else 0))
    sys.exit(1 if failures else 0)


def play():
    """The game: the robot hand's moves and the computer's, until a result. Returns the
    plies played. (A function: its names are locals, so the harness's module dict
    does not grow mid-game -- an allocation the board never makes.)"""
    settle()
    check(c.status()["state"] == "idle", "game starts idle: %r" % c.status()["state"])
    plies = 0
    guard = 0
    while c.result is None and plies < 400 and guard < 20000:
        guard += 1
        if TRACE:
            gc_collect(); print("ply", plies, gc_mem())
        drain()
        pos = c.position
        n = c.plies
        if loop.players[pos.turn] == "human":
            m = random.choice(pos.legal_moves)
            to, frm, c1, c2 = move_parts(m)
            occ = phys.occ
            if frm != NONE:
                occ &= ~(1 << frm)
                set_occ(occ)
                settle()
            occ |= 1 << to
            set_occ(occ)
            settle()
            for cap in (c1, c2):
                if cap != NONE:
                    occ &= ~(1 << cap)
                    set_occ(occ)
                    settle()
            check(c.plies == n + 1, "human move taken")
            if c.plies != n + 1:
                break
            plies += 1
        elif c.remote >= 0:
            set_occ(after(phys.occ, c.remote))
            settle()
            check(c.plies == n + 1, "computer move carried out")
            if c.plies != n + 1:
                break
            plies += 1
        else:
            step(20)   # the engine thinks
    return plies


plies = play()


def after_game(plies):
    """The checks once the game is over, and the --save file (a function, as ``play``)."""
    check(c.result is not None, "game over after %d plies" % plies)
    drain()
    check(counts.get("result", 0) == 1, "result event sent")
    check(counts.get("move", 0) == plies, "one move event per ply (%d vs %d)" % (counts.get("move", 0), plies))
    check(moves_with_position[0] == plies, "move events carry the position")
    saved = store.data.decode()
    check(saved.split("\n")[-2].split() == c.moves, "the store holds the record")
    # the protocol answers on the same link
    link_in('{"cmd": "state", "id": 1}')
    step()
    last = drain()
    check(last.get("type") == "state" and last.get("id") == 1 and last.get("record") == c.record(),
          "state reply")
    link_in('{"cmd": "undo", "oops": 1}')
    step()
    last = drain()
    check(last.get("type") == "error", "bad command -> error")
    if SAVE:
        # the flash as it is now, for a cold restart in a fresh interpreter (--restart)
        with open(SAVE, "w") as f:
            f.write(json.dumps({"game": store.data.decode(), "settings": sstore.data.decode(),
                                "log": [ln.decode() for ln in store.log_lines()],
                                "record": c.record()}))


after_game(plies)
try:
    import gc
    gc.collect()
    print("mem_free", gc.mem_free(), "mem_alloc", gc.mem_alloc())
except (ImportError, AttributeError):
    pass
print("LOADED", getattr(mainloop, "__file__", "?"), getattr(sys.modules.get("board.controller"), "__file__", "?"))
print("GAME %s %d %s" % ("OK" if not failures else "FAILED", plies, c.result.result() if c.result else None))
print("%d passed, %d failed" % (1 if not failures else 0, 1 if failures else 0))
sys.exit(1 if failures else 0)
