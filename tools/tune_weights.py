#!/usr/bin/env python3
"""Fit the evaluation weights to self-play results (Texel's method).

    .venv/bin/python tools/tune_weights.py --games 300 --player L3:nodes=600 [--rules PRESET]

1. Self-play: ``--games`` games of ``--player`` against itself (random
   openings, the engine's seeded variety), played in the MicroPython unix
   port by tools/match_game.py (``dump``), which prints the features of
   engine/evaluate.py for every position reached, with the game's result.
2. Fit: every position where the side to move cannot close a mill (quiet:
   the tempo feature is 0) is a sample (features x, result r in {0, 0.5, 1}
   for the side to move). Minimise mean (r - sigmoid(K * w.x / 100))^2 over
   the weights w of both phases by gradient descent, material fixed at 100
   (the scale) and K fitted first for the current weights.
3. Print the fitted weights of the rules' family (engine/evaluate.py
   ``family``: the nine-stone games, twelve stones, no flying, marks; paste
   into that family's entry of WEIGHTS) and the loss before / after. Play
   the games in a preset of the family; the fit starts from the family's
   current weights. Check a fit by a match before keeping it, e.g.
   ``tools/match.py L5 L5:w=0 --rules dooz --micropython`` (the new family
   weights against the nine-stone games' weights).
Pure Python: no numpy on the project's hosts.
"""
import argparse
import math
import multiprocessing
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Rules  # noqa: E402
from engine.evaluate import WEIGHTS, NF, F_MAT, F_TEMPO, family  # noqa: E402

FAMILY_NAMES = ("nine stones", "twelve stones", "no flying", "marks")  # engine/evaluate.py family()

# engine/evaluate.py's features in F order (kept here: the board's RAM has no use for them)
FEATURE_NAMES = ("material", "mills", "open", "ready", "fork", "mobility", "jammed",
                 "boxed", "liberties", "tempo", "double", "flyopp", "danger", "oppblocked")

MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def selfplay(args):
    """One self-play game in MicroPython: list of (phase, features, result for the side to move)."""
    player, seed, rules, opening = args
    r = subprocess.run([MP, "-X", "heapsize=4m", "tools/match_game.py", player, player, "1",
                        str(seed), rules, str(opening), "300", "dump"],
                       cwd=ROOT, capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    lines = r.stdout.strip().splitlines()
    score = float(lines[-1].split()[0])  # of white (A plays white)
    out = []
    for ln in lines[:-1]:
        parts = ln.split()
        if parts[0] != "F":
            continue
        turn = int(parts[2])
        f = [int(x) for x in parts[4:]]
        res = score if turn == 0 else 1.0 - score
        out.append((int(parts[3]), f, res))
    return out


def loss(samples, w, k):
    """Mean squared error of the logistic prediction."""
    tot = 0.0
    for ph, f, r in samples:
        base = ph * NF
        e = 0
        for i in range(NF):
            e += w[base + i] * f[i]
        p = 1.0 / (1.0 + math.exp(-k * e / 100.0))
        tot += (r - p) ** 2
    return tot / len(samples)


def fit(samples, w, k, rate, iters, log):
    """Gradient descent on the weights (material fixed); returns the new weights."""
    w = list(w)
    n = len(samples)
    for it in range(iters):
        grad = [0.0] * (2 * NF)
        tot = 0.0
        for ph, f, r in samples:
            base = ph * NF
            e = 0
            for i in range(NF):
                e += w[base + i] * f[i]
            p = 1.0 / (1.0 + math.exp(-k * e / 100.0))
            d = (p - r) * p * (1 - p) * k / 100.0
            tot += (r - p) ** 2
            for i in range(NF):
                if f[i]:
                    grad[base + i] += d * f[i]
        for i in range(2 * NF):
            if i % NF == F_MAT:
                continue
            w[i] -= rate * grad[i] / n * 1e4
        if it % 20 == 0:
            log("  iter %d loss %.5f" % (it, tot / n))
    return w


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--player", default="L3:nodes=600")
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--opening", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--iters", type=int, default=200)
    ap.add_argument("--rate", type=float, default=2.0)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args(argv)
    tasks = [(a.player, (a.seed * 7717 + g) & 0xFFFF, a.rules, a.opening) for g in range(a.games)]
    with multiprocessing.Pool(a.jobs) as pool:
        games = pool.map(selfplay, tasks, chunksize=1)
    samples = []
    for g in games:
        for ph, f, r in g:
            if f[F_TEMPO]:
                continue  # not quiet: the side to move captures next
            samples.append((ph, f, r))
    fam = family(Rules.parse(a.rules))
    print("%d games of %s (weights family %d, %s), %d quiet positions"
          % (len(games), a.rules, fam, FAMILY_NAMES[fam], len(samples)))
    w0 = list(WEIGHTS[fam])
    best_k, best_l = 1.0, None
    for k10 in range(2, 31, 2):
        k = k10 / 10.0
        lo = loss(samples, w0, k)
        if best_l is None or lo < best_l:
            best_k, best_l = k, lo
    print("K = %.1f, loss with the current weights %.5f" % (best_k, best_l))
    w = fit(samples, w0, best_k, a.rate, a.iters, print)
    print("loss after fitting %.5f" % loss(samples, w, best_k))
    wi = [int(round(x)) for x in w]
    for ph, name in ((0, "placement"), (1, "movement")):
        print("%s: %s" % (name, ", ".join("%s %d" % (FEATURE_NAMES[i], wi[ph * NF + i]) for i in range(NF))))
    print("family %d: (%s,\n     %s)" % (fam, ", ".join(str(x) for x in wi[:NF]), ", ".join(str(x) for x in wi[NF:])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
