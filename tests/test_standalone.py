"""The repository stands alone: a copy of its files in an empty folder, with no
sibling folders, collects every test, passes tests/firmware and plays the
Sanmill self-play record headless to its draw by threefold repetition.

The copy holds the files git knows (tracked, plus new ones not ignored), as a
fresh clone would; the interpreter is this one (its packages are the
environment `make` installs, not part of the repository)."""
import os
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _project_files():
    r = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                       cwd=ROOT, capture_output=True, text=True, check=True)
    return [f for f in r.stdout.split("\0") if f and os.path.isfile(os.path.join(ROOT, f))]


def _run(cwd, *args, timeout=600):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable] + list(args), cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_a_copy_alone_collects_passes_the_firmware_tests_and_plays_the_sanmill_game(tmp_path):
    alone = tmp_path / "clone"
    for rel in _project_files():
        dst = alone / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), dst)
    assert os.listdir(tmp_path) == ["clone"]          # nothing beside it
    assert (alone / "tests" / "data" / "sanmill-selfplay-standard.txt").is_file()

    pytest = ("-m", "pytest", "-o", "addopts=-p no:cacheprovider", "-q")
    r = _run(alone, *pytest, "--collect-only")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    summary = r.stdout.strip().splitlines()[-1]
    assert "tests collected" in summary and "error" not in summary, summary
    assert int(summary.split()[0]) > 400, summary

    r = _run(alone, *pytest, "tests/firmware")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    summary = r.stdout.strip().splitlines()[-1]
    assert " passed" in summary and "failed" not in summary and "skipped" not in summary, summary

    r = _run(alone, "-m", "host_sim", "--headless", "--game", "tests/data/sanmill-selfplay-standard.txt")
    assert r.returncode == 0, r.stdout + r.stderr
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("result: 1/2-1/2 (draw by threefold repetition) at move 51, "), last

    # the README's headless examples, as written, in the copy
    examples = [ln.split()[1:] for ln in open(alone / "README.md").read().splitlines()
                if ln.strip().startswith(".venv/bin/python -m host_sim --headless")]
    assert len(examples) >= 2, examples
    for args in examples:
        r = _run(alone, *shlex.split(" ".join(args)))
        assert r.returncode == 0 and "result: " in r.stdout, (args, r.stdout + r.stderr)
