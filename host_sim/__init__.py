"""Host simulator of the electronic Nine Men's Morris board (run: ``python -m host_sim``).

Runs what the Pico runs above its drivers -- ``firmware/mainloop.py``'s
``MainLoop`` with the settings, the menu, the USB protocol, the controller and
the engine -- on simulated drivers (``host_sim.drivers``) and talks to it in
the JSON lines of docs/protocol.md (``host_sim.sim``)
and shows the board in a browser (``host_sim.server``) or plays headless
(``host_sim.headless``). ``host_sim.records``: export, import and replay of
game records; ``host_sim.mirror``: a real board shown live from its USB
protocol (``--mirror PORT``); ``host_sim.i18n``: the page's translations.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)
