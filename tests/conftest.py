import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("firmware", "tests/firmware", ""):
    p = os.path.join(ROOT, sub)
    if p not in sys.path:
        sys.path.insert(0, p)


import pytest  # noqa: E402


@pytest.fixture(scope="session")
def mpy_build(tmp_path_factory):
    """firmware/ and tests/firmware/ compiled to .mpy once per session: (firmware dir, tests dir)."""
    import mptools
    return mptools.build(tmp_path_factory.mktemp("mpy"))
