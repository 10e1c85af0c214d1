"""Issue 26, acceptance 5: every tool command the README gives runs to the end. The
commands are read from README.md itself (``.venv/bin/python tools/...``, in code
blocks and in the text); each runs with a short option that keeps its mode (fewer
games, a smaller depth, one game instead of three, a dry run, a check instead of a
rewrite). A command the README gains without a short form here fails the test."""
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _readme_commands():
    text = open(os.path.join(ROOT, "README.md")).read()
    found = []
    for m in re.finditer(r"\.venv/bin/python (tools/[\w/]+\.py)([^`#\n]*)", text):
        cmd = (m.group(1) + m.group(2)).strip()
        if cmd not in found:
            found.append(cmd)
    return found


def _short(cmd):
    """``cmd`` with its short option, or None when this test does not know it."""
    words = shlex.split(cmd)
    tool, args = os.path.basename(words[0]), words[1:]

    def swap(flag, value):
        if flag in args:
            args[args.index(flag) + 1] = value
    if tool == "match.py":
        swap("--games", "2")
        return words[:1] + args + ["--max-plies", "12"]
    if tool == "bench_engine.py":
        return words[:1] + [a if not a.isdigit() else "2" for a in args]   # search depth 2
    if tool == "bench_controller.py":
        return words[:1] + args + ["--short"]
    if tool == "perft.py":
        swap("--depth", "3")
        return words[:1] + args
    if tool == "deploy.py":
        return words[:1] + args + ["--dry-run"]
    if tool == "power_budget.py":
        return words[:1] + args
    if tool == "hw_tables.py":
        return words[:1] + args + ["--check"]     # it would rewrite the hardware documents
    return None


COMMANDS = _readme_commands()


def test_the_readme_names_its_tools():
    tools = {os.path.basename(shlex.split(c)[0]) for c in COMMANDS}
    assert {"match.py", "bench_engine.py", "bench_controller.py", "perft.py"} <= tools, tools


@pytest.mark.parametrize("cmd", COMMANDS)
def test_each_readme_command_runs_to_the_end(cmd):
    short = _short(cmd)
    assert short is not None, "no short form for the README command %r: add one here" % cmd
    runs = [short]
    if short[0].endswith("perft.py"):              # the README: "add --micropython" too
        runs.append(short + ["--micropython"])
    for argv in runs:
        r = subprocess.run([sys.executable] + argv, cwd=ROOT, capture_output=True, text=True, timeout=900)
        assert r.returncode == 0, (argv, r.stdout[-2000:], r.stderr[-2000:])
        assert "Traceback" not in r.stdout + r.stderr, (argv, r.stderr[-2000:])
