#!/usr/bin/env python3
"""Fit the evaluation weights to self-play results (Texel's method) or to deep-search values.

    .venv/bin/python tools/tune_weights.py --games 300 --player L3:nodes=600 [--rules PRESET]
    .venv/bin/python tools/tune_weights.py --games 300 --labels deep --label-nodes 100000 \
        --samples-out artifacts/samples.txt
    .venv/bin/python tools/tune_weights.py --samples-in artifacts/samples.txt --labels deep

1. Self-play: ``--games`` games of ``--player`` against itself (random
   openings, the engine's seeded variety), played in the MicroPython unix
   port by tools/match_game.py (``dump``), which prints the features of
   engine/evaluate.py for every position reached, with the game's result.
2. Fit: every position where the side to move cannot close a mill (quiet:
   the tempo feature is 0) is a sample (features x, result r in {0, 0.5, 1}
   for the side to move). Minimise mean (r - sigmoid(K * w.x / 100))^2 over
   the weights w of both phases by gradient descent, material fixed at 100
   (the scale) and K fitted first for the current weights.
   With ``--labels deep`` the target of a position is not the game's result
   but sigmoid(K * v / 100) of its value v from a deep search (``--label-nodes``
   nodes of the top level without book or root noise, tools/deep_label.py in the
   unix port; K as fitted on the results): the static evaluation is fitted to
   what a search far deeper than the Pico's sees (issue 25). ``--sample`` keeps
   that many quiet positions, drawn evenly over the games (labels cost about
   a quarter of a second each at 100,000 nodes). ``--samples-out`` writes the
   samples (position text, result, deep value) and ``--samples-in`` fits from
   such a file without playing or searching again (the features are computed
   anew from the texts, so a changed evaluation is fitted from old samples).
3. Print the fitted weights of the rules' family (engine/evaluate.py
   ``family``: the nine-stone games, twelve stones, no flying, marks, placement
   mills that do nothing; paste
   into that family's entry of WEIGHTS) and the loss before / after. Play
   the games in a preset of the family; the fit starts from the family's
   current weights. Check a fit by a match before keeping it, e.g.
   ``tools/match.py L5 L5:w=0 --rules dooz --micropython`` (the new family
   weights against the nine-stone games' weights).
   A fit without ``--only`` refits every weight, the hand-set ones too (family
   0's cramped weight, 100, issue 25): ``--only`` (the features to fit) keeps
   the others.
Numpy does the fitting.
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

FAMILY_NAMES = ("nine stones", "twelve stones", "no flying", "marks", "placement mills do nothing")  # engine/evaluate.py family()

# engine/evaluate.py's features in F order (kept here: the board's RAM has no use for them)
FEATURE_NAMES = ("material", "mills", "open", "ready", "fork", "mobility", "jammed",
                 "boxed", "liberties", "tempo", "double", "flyopp", "danger", "oppblocked",
                 "running", "sure", "intervention", "cramped")
assert len(FEATURE_NAMES) == NF, "FEATURE_NAMES must name every feature of engine/evaluate.py"

MP = os.path.join(os.path.dirname(sys.executable), "micropython")


def selfplay(args):
    """One self-play game in MicroPython: list of (phase, features, result for the side to move,
    position text)."""
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
        head, _, text = ln.partition("|")
        parts = head.split()
        if parts[0] != "F":
            continue
        turn = int(parts[2])
        f = [int(x) for x in parts[4:]]
        res = score if turn == 0 else 1.0 - score
        out.append((int(parts[3]), f, res, text))
    return out


def deep_values(args):
    """Deep-search values (centi-stones for the side to move) of position texts, in MicroPython."""
    nodes, texts = args
    r = subprocess.run([MP, "-X", "heapsize=8m", "tools/deep_label.py", str(nodes)],
                       input="\n".join(texts) + "\n", cwd=ROOT, capture_output=True, text=True,
                       timeout=36000)
    if r.returncode != 0:
        raise RuntimeError(r.stderr[-2000:])
    vals = [int(x.split()[0]) for x in r.stdout.splitlines() if x.strip()]
    if len(vals) != len(texts):
        raise RuntimeError("deep_label.py answered %d of %d positions" % (len(vals), len(texts)))
    return vals


def features(text, cache={}):
    """(phase, features) of a position text, by engine/evaluate.py under CPython."""
    from morris import Position
    from engine.board import Board, zeros
    from engine.evaluate import score, weights
    pos = Position.from_text(text)
    key = str(pos.rules)
    if key not in cache:
        cache[key] = (Board(pos.rules), weights(pos.rules), zeros(NF))
    board, W, F = cache[key]
    bd = board.load(pos)
    score(bd.S, bd.G, W, F)
    return (0 if pos.hand[0] or pos.hand[1] else 1), [F[i] for i in range(NF)]


def target(value, k):
    """The deep value ``value`` (centi-stones) as an expected score at scale ``k``."""
    v = max(-3000, min(3000, value))
    return 1.0 / (1.0 + math.exp(-k * v / 100.0))


def _arrays(samples):
    import numpy as np
    X = np.array([f for _, f, _ in samples], dtype=float)
    P = np.array([ph for ph, _, _ in samples], dtype=int)
    R = np.array([r for _, _, r in samples], dtype=float)
    return X, P, R


def loss(samples, w, k):
    """Mean squared error of the logistic prediction sigmoid(k * w.x / 100) against the targets."""
    import numpy as np
    X, P, R = _arrays(samples)
    W = np.array(w, dtype=float).reshape(2, NF)
    e = np.einsum("ij,ij->i", X, W[P])
    p = 1.0 / (1.0 + np.exp(-k * e / 100.0))
    return float(np.mean((R - p) ** 2))


def fit(samples, w, k, rate, iters, log, only=None):
    """Adam descent on the weights of both phases (material fixed at 100, the scale); a weight
    whose feature never occurs in a phase's samples keeps its value, and so does every feature
    not in ``only`` (indices; None: all). Returns the new weights."""
    import numpy as np
    X, P, R = _arrays(samples)
    W = np.array(w, dtype=float).reshape(2, NF)
    free = np.ones((2, NF))
    free[:, F_MAT] = 0
    if only is not None:
        for i in range(NF):
            if i not in only:
                free[:, i] = 0
    for ph in (0, 1):
        free[ph, ~np.any(X[P == ph] != 0, axis=0)] = 0
    m = np.zeros_like(W)
    v = np.zeros_like(W)
    b1, b2 = 0.9, 0.999
    for it in range(1, iters + 1):
        e = np.einsum("ij,ij->i", X, W[P])
        p = 1.0 / (1.0 + np.exp(-k * e / 100.0))
        d = 2 * (p - R) * p * (1 - p) * k / 100.0
        g = np.zeros_like(W)
        for ph in (0, 1):
            sel = P == ph
            g[ph] = d[sel] @ X[sel] / len(R)
        g *= free
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        W -= rate * (m / (1 - b1 ** it)) / (np.sqrt(v / (1 - b2 ** it)) + 1e-12)
        if it % 200 == 0 or it == 1:
            log("  iter %d loss %.5f" % (it, float(np.mean((R - p) ** 2))))
    return list(W.reshape(-1))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--player", default="L3:nodes=600")
    ap.add_argument("--rules", default="standard")
    ap.add_argument("--opening", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--iters", type=int, default=2000)
    ap.add_argument("--rate", type=float, default=0.5, help="Adam step (centi-stones)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--labels", choices=("results", "deep"), default="results",
                    help="fit to the games' results (default) or to deep-search values")
    ap.add_argument("--label-nodes", type=int, default=100000, help="nodes of a deep-search label")
    ap.add_argument("--sample", type=int, default=0, help="quiet positions to keep (0: all)")
    ap.add_argument("--samples-out", help="write the samples (text, result, deep value) to this file")
    ap.add_argument("--samples-in", help="fit from this file of samples (no games, no searches)")
    ap.add_argument("--only", help="comma-separated feature names to fit (the others keep their weights)")
    a = ap.parse_args(argv)
    rows = []  # (text, result, deep value or None)
    if a.samples_in:
        for ln in open(a.samples_in):
            text, res, deep = ln.rstrip("\n").split("\t")
            rows.append((text, float(res), None if deep == "-" else int(deep)))
        ngames = 0
    else:
        tasks = [(a.player, (a.seed * 7717 + g) & 0xFFFF, a.rules, a.opening) for g in range(a.games)]
        with multiprocessing.Pool(a.jobs) as pool:
            games = pool.map(selfplay, tasks, chunksize=1)
        ngames = len(games)
        for g in games:
            for ph, f, r, text in g:
                if not f[F_TEMPO]:  # quiet: the side to move does not capture next
                    rows.append((text, r, None))
        if a.sample and a.sample < len(rows):
            step = len(rows) / a.sample
            rows = [rows[int(i * step)] for i in range(a.sample)]
        if a.labels == "deep":
            chunks = [rows[i:i + 50] for i in range(0, len(rows), 50)]
            with multiprocessing.Pool(a.jobs) as pool:
                vals = pool.map(deep_values, [(a.label_nodes, [t for t, _, _ in c]) for c in chunks], chunksize=1)
            rows = [(t, r, v) for c, vs in zip(chunks, vals) for (t, r, _), v in zip(c, vs)]
        if a.samples_out:
            with open(a.samples_out, "w") as out:
                for t, r, v in rows:
                    out.write("%s\t%s\t%s\n" % (t, r, "-" if v is None else v))
    samples = []
    deep = []
    for text, r, v in rows:
        ph, f = features(text)
        if f[F_TEMPO]:
            continue
        samples.append((ph, f, r))
        deep.append(v)
    rules = Rules.parse(rows[0][0].split()[0]) if rows else Rules.parse(a.rules)
    fam = family(rules)
    print("%d games of %s (weights family %d, %s), %d quiet positions"
          % (ngames, rules, fam, FAMILY_NAMES[fam], len(samples)))
    w0 = list(WEIGHTS[fam])
    best_k, best_l = 1.0, None
    for k10 in range(2, 31, 2):
        k = k10 / 10.0
        lo = loss(samples, w0, k)
        if best_l is None or lo < best_l:
            best_k, best_l = k, lo
    print("K = %.1f, loss with the current weights %.5f (game results)" % (best_k, best_l))
    if a.labels == "deep":
        if any(v is None for v in deep):
            print("the samples have no deep values: run with --labels deep to search them")
            return 2
        samples = [(ph, f, target(v, best_k)) for (ph, f, _), v in zip(samples, deep)]
        print("deep-search targets: loss with the current weights %.5f" % loss(samples, w0, best_k))
    only = None
    if a.only:
        only = [FEATURE_NAMES.index(x) for x in a.only.split(",")]
    w = fit(samples, w0, best_k, a.rate, a.iters, print, only)
    print("loss after fitting %.5f" % loss(samples, w, best_k))
    wi = [int(round(x)) for x in w]
    for ph, name in ((0, "placement"), (1, "movement")):
        print("%s: %s" % (name, ", ".join("%s %d" % (FEATURE_NAMES[i], wi[ph * NF + i]) for i in range(NF))))
    print("family %d: (%s,\n     %s)" % (fam, ", ".join(str(x) for x in wi[:NF]), ", ".join(str(x) for x in wi[NF:])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
