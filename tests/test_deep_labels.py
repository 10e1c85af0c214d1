"""tools/deep_label.py and tools/tune_weights.py --labels deep (issue 25): the deep
labels come from the engine's own search under the unix port, and the tuner fits
the weights to them from a samples file."""
import subprocess
import sys

from mptools import ROOT, tool

# white to move closes a7-d7-g7 by g4-g7 (black cannot reach g7) and takes a stone of four; the start
WON = "standard WW./.../W../.BB..W/.../.B./B.. w 0/0 0/0 0/0 -/- -"
START = "standard .../.../.../....../.../.../... w 9/9 0/0 0/0 -/- -"


def _labels(texts, nodes):
    r = subprocess.run([tool("micropython"), "-X", "heapsize=8m", "tools/deep_label.py", str(nodes)],
                       input="\n".join(texts) + "\n", cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    return [tuple(int(x) for x in ln.split()) for ln in r.stdout.split("\n") if ln.strip()]


def test_deep_label_scores_each_position_alone():
    out = _labels([START, WON, START], 3000)
    assert len(out) == 3 and all(len(x) == 2 for x in out)
    assert out[0] == out[2]                       # a value depends on the position alone
    assert out[0][1] >= 3 and abs(out[0][0]) < 300
    assert out[1][0] > 100                        # a stone up at once, and more to come


def test_tuner_fits_deep_labels_from_a_samples_file(tmp_path):
    texts = [START, WON]
    vals = _labels(texts, 2000)
    f = tmp_path / "samples.txt"
    f.write_text("".join("%s\t%s\t%d\n" % (t, r, v[0]) for t, r, v in zip(texts * 20, [0.5, 1.0] * 20, vals * 20)))
    r = subprocess.run([sys.executable, "tools/tune_weights.py", "--samples-in", str(f), "--labels", "deep",
                        "--iters", "50"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "loss after fitting" in r.stdout and "placement:" in r.stdout and "movement:" in r.stdout
