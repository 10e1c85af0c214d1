"""Shared set-up of the browser tests: the simulator on a free loopback port and
Debian's chromium for Playwright for Python (no downloaded browsers)."""
import os
import re
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTIFACTS = os.path.join(ROOT, "artifacts")
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


def simulator(*flags):
    """Generator for a fixture: start ``python -m host_sim --port 0 FLAGS``, yield its
    URL, stop it afterwards. Fails the test when no URL is printed within 30 s."""
    proc = subprocess.Popen([sys.executable, "-m", "host_sim", "--port", "0"] + list(flags),
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = None
    t = time.time()
    while time.time() - t < 30:
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:\d+/", line or "")
        if m:
            url = m.group(0)
            break
        if not line and proc.poll() is not None:
            break
    if not url:
        proc.kill()
        pytest.fail("simulator did not start")
    yield url
    proc.terminate()
    proc.wait(10)


def chromium():
    """Generator for a fixture: Debian's chromium launched by Playwright (headless),
    yielded as the Playwright Browser and closed afterwards."""
    from playwright import sync_api
    assert os.path.exists(CHROMIUM), "Debian's chromium is missing: run `make test` (it installs it)"
    os.makedirs(ARTIFACTS, exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
