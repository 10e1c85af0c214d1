import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tests/firmware", ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def mpy_build():
    """firmware/ and tests/firmware/ compiled to .mpy once per session: (firmware dir, tests dir).

    Built under a folder whose path has one fixed length (/tmp/mpy-XXXXXXXX): module
    paths become qstrs in the heap, so under pytest's own temporary folders
    (/tmp/pytest-of-USER/pytest-N/, N the machine's run count) the layout of the
    192 KB heap of tests/firmware/test_saved_game changed from one run to the next."""
    import shutil
    import tempfile
    import mptools
    base = "/tmp" if os.path.isdir("/tmp") else None
    d = tempfile.mkdtemp(prefix="mpy-", dir=base)
    try:
        yield mptools.build(d)
    finally:
        shutil.rmtree(d, ignore_errors=True)
