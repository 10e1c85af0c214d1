"""Import a script of tools/ as a module by its path (tools/ is no package): ``load("tools/harness.py")``."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(rel, name=None):
    """The module at ``rel`` (a path below the repository), imported under ``name`` (default: from the path)."""
    name = name or "morris_" + os.path.splitext(os.path.basename(rel))[0]
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, rel))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
