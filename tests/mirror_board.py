"""A board for the mirror test: the firmware main loop (firmware/mainloop.py:
controller, protocol) with simulated switches, talking the USB protocol on its
stdin/stdout -- run it under the real MicroPython interpreter behind a
pseudo-terminal:

    micropython -X heapsize=192k tests/mirror_board.py "d2 d6 b4 f4 ..." [PAUSE_MS] [--fw DIR]

(``--fw DIR``: the firmware folder, e.g. .mpy files from tools/deploy.py; default firmware/)

Two humans play. The script waits until a PC asks for the state (the mirror's
``{"cmd": "state"}``), then plays the moves one by one on the simulated reed
switches (lift, put, lift the captured stone, each held past the debounce),
PAUSE_MS of real time apart, and then keeps the loop running (answering
commands) until it is stopped, or 60 s have passed. The simulated clock
moves 20 ms a loop pass. Runs under CPython too.
"""
import sys
import time

FW = "firmware"
if "--fw" in sys.argv:
    FW = sys.argv[sys.argv.index("--fw") + 1]
    del sys.argv[sys.argv.index("--fw"):sys.argv.index("--fw") + 2]
sys.path.insert(0, FW)
sys.path.insert(0, "tests")
sys.path.insert(0, "tests/firmware")

import gc  # noqa: E402
# Load the modules one by one with a collection after each (as tests/mpgame.py and
# main.py do): the compiler's transient buffers are freed before the next module
# is placed, so the heap keeps larger free runs.
for _name in ("morris", "board.controller", "settings", "protocol", "mainloop", "hw.link"):
    __import__(_name)
    gc.collect()
import mpsim  # noqa: E402
import mainloop  # noqa: E402
from hw.link import UsbLink  # noqa: E402
from morris import NONE, move_parts  # noqa: E402
gc.collect()

try:
    sleep_ms = time.sleep_ms
except AttributeError:  # CPython
    def sleep_ms(ms):
        time.sleep(ms / 1000)

MOVES = sys.argv[1].split() if len(sys.argv) > 1 else []
PAUSE_MS = int(sys.argv[2]) if len(sys.argv) > 2 else 150
TICK_MS = 20
LIMIT_S = 60


class Link(UsbLink):
    """The USB link that notes when the PC has asked for the state."""
    asked = False
    quit = False

    def write_line(self, text):
        if '"state"' in text and '"mirror"' in text:
            Link.asked = True
        UsbLink.write_line(self, text)
        try:
            self.out.flush()
        except AttributeError:
            pass


clock = mpsim.Clock()
sw = mpsim.Sw()
sstore = mpsim.Store(b'{"rules": "standard", "level": 1, "players": ["human", "human"], "learning": false}')
loop = mainloop.MainLoop(sw, mpsim.Lights(), mpsim.Buttons(), clock, mpsim.Store(), sstore, Link(),
                         slice_ms=5)
c = loop.controller
start = time.time()


def run(ms):
    for _ in range(max(1, ms // TICK_MS)):
        clock.now += TICK_MS
        loop.tick()
        loop.protocol.link.flush()      # main.py's part of a pass
        sleep_ms(1)


def play(text):
    pos = c.position
    m = pos.parse_move(text)
    to, frm, c1, c2 = move_parts(m)
    if frm != NONE:
        sw.occ &= ~(1 << frm)
        run(200)
    sw.occ |= 1 << to
    run(200)
    for cap in (c1, c2):
        if cap != NONE:
            sw.occ &= ~(1 << cap)
            run(200)
    run(300)


while not Link.asked and time.time() - start < LIMIT_S:
    run(TICK_MS)
for mv in MOVES:
    play(mv)
    sleep_ms(PAUSE_MS)
while time.time() - start < LIMIT_S:
    run(TICK_MS * 5)
