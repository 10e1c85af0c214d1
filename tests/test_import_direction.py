"""Issue 22, acceptance 4: firmware/morris/'s modules depend one way, as python-chess's
do (its core knows nothing of its variants and its PGN reader; they import the core).

Layers, lowest first (docs/rules.md, "Code"):

- core: compat, text (helpers), presets (data only), geometry, rules, position;
- the relatives' turn flow: variant;
- text input and output: notation, posread, sanmill, writer, record;
- tools over the core: perft.

Each module is imported alone in a fresh interpreter (CPython and the MicroPython
unix port): a core module must not bring in a module of a higher layer at import
time. And every import statement of the package, those inside functions too (the
lazy imports that keep the Pico's heap small), goes to its own or a lower layer,
with no circle: the package's ``__init__`` alone wires the core's extension points
(``position.HOOKS``) to the variant flow and the position-text reader.
"""
import ast
import os
import subprocess
import sys

import pytest

from mptools import ROOT, tool

MORRIS = os.path.join(ROOT, "firmware", "morris")
LAYERS = {
    "compat": 0, "text": 0, "presets": 0, "geometry": 0, "rules": 0, "position": 0,
    "variant": 1,
    "notation": 2, "posread": 2, "sanmill": 2, "writer": 2, "record": 2,
    "perft": 3,
}
CORE = [m for m in LAYERS if LAYERS[m] == 0]
MODULES = sorted(f[:-3] for f in os.listdir(MORRIS) if f.endswith(".py") and f != "__init__.py")


def test_every_module_has_a_layer():
    assert sorted(LAYERS) == MODULES


def _imports(name):
    """The morris modules that module ``name`` imports anywhere (function bodies too)."""
    with open(os.path.join(MORRIS, name + ".py")) as f:
        tree = ast.parse(f.read())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    out.add(node.module.split(".")[0])
                else:
                    out.update(a.name for a in node.names)
            elif node.module and node.module.split(".")[0] == "morris":
                parts = node.module.split(".")
                out.update([parts[1]] if len(parts) > 1 else [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            for a in node.names:
                parts = a.name.split(".")
                if parts[0] == "morris" and len(parts) > 1:
                    out.add(parts[1])
    return out & set(LAYERS)


def test_imports_go_down_the_layers_and_never_round_a_circle():
    graph = {m: _imports(m) for m in MODULES}
    for m, deps in graph.items():
        for d in deps:
            assert LAYERS[d] <= LAYERS[m], "%s (layer %d) imports %s (layer %d)" % (
                m, LAYERS[m], d, LAYERS[d])
    # no circle, lazy imports included: a depth-first search finds no back edge
    state = {}

    def visit(m, path):
        state[m] = 1
        for d in graph[m]:
            assert state.get(d) != 1, "import circle: %s" % " -> ".join(path + [m, d])
            if d not in state:
                visit(d, path + [m])
        state[m] = 2
    for m in MODULES:
        if m not in state:
            visit(m, [])


def test_the_core_never_names_a_higher_module():
    """No import and no dotted reference of a variant or text module in the core's
    source (the extension points are wired by morris/__init__.py)."""
    higher = [m for m in LAYERS if LAYERS[m] > 0]
    for m in CORE:
        assert not _imports(m) - set(CORE), m
        with open(os.path.join(MORRIS, m + ".py")) as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                assert node.value.id not in higher, "%s uses %s.%s" % (m, node.value.id, node.attr)


CHECK = """
import sys
sys.path.insert(0, "firmware")
import morris.%s
print(" ".join(sorted(k[7:] for k in sys.modules if k.startswith("morris."))))
"""


def _loaded(exe, name):
    r = subprocess.run(exe + ["-c", CHECK % name], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    return set(r.stdout.split())


@pytest.mark.parametrize("interpreter", ["cpython", "micropython"])
def test_each_module_imported_alone_loads_only_its_own_layer_and_below(interpreter):
    exe = [sys.executable] if interpreter == "cpython" else [tool("micropython"), "-X", "heapsize=192k"]
    for m in MODULES:
        loaded = _loaded(exe, m)
        assert m in loaded, (m, loaded)
        above = [d for d in loaded if d in LAYERS and LAYERS[d] > LAYERS[m]]
        assert not above, "importing morris.%s (layer %d) loads %s" % (m, LAYERS[m], above)
        if LAYERS[m] == 0:
            assert loaded <= set(CORE), (m, loaded)
    # the package itself loads the core only: the rest comes on first use
    r = subprocess.run(exe + ["-c", "import sys; sys.path.insert(0, 'firmware'); import morris; "
                                    "print(' '.join(sorted(k for k in sys.modules if k.startswith('morris.'))))"],
                       cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert set(x[7:] for x in r.stdout.split()) <= set(CORE), r.stdout + r.stderr
