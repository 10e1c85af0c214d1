"""MicroPython's viper emitter, up to its current releases, negates and inverts a
register-held local in place: ``x = a & ~b`` leaves ``~b`` in ``b`` when ``b`` lives
in a register (MicroPython issue 14397, fixed by PR 19508 in July 2026, not yet in a
release). The first three locals of a viper function -- its arguments first, then
its variables in the order they first appear -- are the ones in registers on the
x64 and Thumb emitters (checked on the unix port: a 4th or later local is not
clobbered). This test keeps the firmware clear of the pattern: no unary ``-`` or
``~`` is applied to one of those three names."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REGISTER_LOCALS = 3


def _is_viper(fn):
    for d in fn.decorator_list:
        if isinstance(d, ast.Attribute) and d.attr == "viper":
            return True
    return False


def _locals_in_order(fn):
    names = [a.arg for a in fn.args.args]

    class V(ast.NodeVisitor):
        def visit_Name(self, node):
            if isinstance(node.ctx, ast.Store) and node.id not in names:
                names.append(node.id)
    for stmt in fn.body:
        V().visit(stmt)
    return names


def _offenders(source):
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and _is_viper(node):
            first = set(_locals_in_order(node)[:REGISTER_LOCALS])
            for u in ast.walk(node):
                if (isinstance(u, ast.UnaryOp) and isinstance(u.op, (ast.USub, ast.Invert))
                        and isinstance(u.operand, ast.Name) and u.operand.id in first):
                    out.append((node.name, u.lineno, u.operand.id))
    return out


def test_the_check_finds_the_pattern():
    bad = "@micropython.viper\ndef f(a: int, b: int) -> int:\n    x = a & ~b\n    return x + b\n"
    good = ("@micropython.viper\ndef f(a: int, b: int, c: int) -> int:\n    d = c\n"
            "    e = a & ~d\n    return e\n")
    assert _offenders(bad) == [("f", 3, "b")] and _offenders(good) == []


def test_no_viper_function_negates_a_register_local():
    found = []
    for d, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                for name, line, var in _offenders(open(path).read()):
                    found.append("%s:%d %s: -/~ %s" % (os.path.relpath(path, ROOT), line, name, var))
    assert found == [], found
