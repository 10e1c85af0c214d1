"""Engine matches: levels, a random mover and a one-ply greedy mover.

Usage (from the repository root)::

    .venv/bin/python tools/match.py L5 random --games 200
    .venv/bin/python tools/match.py L3 L2 --games 200 --rules standard --jobs 2

Players: ``random`` (uniform legal move), ``greedy`` (best move by one ply
of the engine's static evaluation, ties broken at random), ``L1``..``L5``
(the engine at that level), ``B1``..``B5`` (the frozen baseline engine of
tools/baseline_engine/, the engine before issue 13, at that level), ``R1``..``R5``
(the frozen relatives' engine of tools/baseline_engine/, which issue 23 replaced),
``C1``..``C5`` (the frozen engine of main 58dd098, before issue 25:
tools/baseline_engine/c/, classic presets only, under ``--micropython`` only),
optionally with a node cap or variety margin override ``L5:nodes=4000``, ``L3:margin=6``.

Games are played in pairs from the same randomised opening (``--opening``
random placement plies, 4 by default), once with each player as white, so
colours alternate. The engine plays with its level's node cap (see
firmware/engine/engine.py), which is deterministic and independent of the
host's speed: a match shows the play of the Pico, only faster. Games that
reach ``--max-plies`` are scored as draws (presets without a draw rule can
otherwise go on for ever).

Output: wins, draws, losses of the first player, its score, and the Elo
difference with a 95% confidence interval (normal approximation of the
per-game score, Elo = -400 log10(1/s - 1); a bound at a score of 0 or
1 prints as -inf / +inf; when every game scored alike the interval is
Wilson's for a proportion). Runs games in ``--jobs``
processes (multiprocessing, 2 by default). ``--log FILE`` appends each
game's result as it ends; ``match.py --summarize FILE`` scores them.
"""
import argparse
import math
import multiprocessing
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from morris import Position, Rules  # noqa: E402
from engine import Engine, holds  # noqa: E402
from engine.probe import evaluate  # noqa: E402
from engine.board import Board  # noqa: E402
import match_game  # noqa: E402


class RandomPlayer:
    """Plays a uniformly random legal move."""

    def __init__(self, rng):
        self.rng = rng

    def move(self, pos):
        """A random legal move of ``pos``."""
        return self.rng.choice(pos.legal_moves)


class GreedyPlayer:
    """One ply: the move after which the static evaluation is best for the mover
    (a win scores highest), ties broken at random."""

    def __init__(self, rng):
        self.rng = rng
        self.board = None

    def move(self, pos):
        """The greedy move of ``pos``."""
        if holds(pos.rules) and (self.board is None or self.board.rules != pos.rules):
            self.board = Board(pos.rules)
        best = None
        cands = []
        me = pos.turn
        for m in pos.legal_moves:
            pos.push(m)
            oc = pos.outcome()
            if oc is not None:
                v = 0 if oc.winner is None else (100000 if oc.winner == me else -100000)
            else:
                v = -evaluate(pos, self.board)
            pos.pop()
            if best is None or v > best:
                best = v
                cands = [m]
            elif v == best:
                cands.append(m)
        return self.rng.choice(cands)


def make_player(spec, seed):
    """Player from its text spec ('random', 'greedy', 'L3', 'B5', 'L5:nodes=4000')."""
    rng = random.Random(seed)
    if spec == "random":
        return _Adapter(RandomPlayer(rng))  # under --micropython: match_game.RandomMover
    if spec == "greedy":
        return _Adapter(GreedyPlayer(rng))
    return match_game.make_engine(spec, seed)


class _Adapter:
    """A random / greedy player with the engine's ``think`` / ``nodes`` API."""

    def __init__(self, player):
        self.player = player
        self.nodes = 0

    def think(self, pos):
        """The player's move."""
        return self.player.move(pos)


def play_game(args):
    """Play one game; returns (score of player A in 0/0.5/1, plies, reason, A's nodes, A's moves).
    Engine-only games run in ``micropython`` (path) when given, else here."""
    a_spec, b_spec, a_white, opening_seed, rules_text, opening, max_plies, mp = args
    if mp:
        r = subprocess.run([mp, "-X", "heapsize=4m", "tools/match_game.py", a_spec, b_spec,
                            "1" if a_white else "0", str(opening_seed), rules_text, str(opening),
                            str(max_plies)], cwd=ROOT, capture_output=True, text=True, timeout=3600)
        if r.returncode != 0:
            raise RuntimeError("micropython game failed: %s" % r.stderr[-2000:])
        head, tail = r.stdout.strip().splitlines()[-1].split("|")
        sc, plies, reason = head.split(" ", 2)
        an, am = tail.split()
        return float(sc), int(plies), reason, int(an), int(am)
    return match_game.play(a_spec, b_spec, a_white, opening_seed, rules_text, opening, max_plies,
                           make=make_player)


def elo(score):
    """Elo difference for a score fraction; -inf / +inf at 0 and 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def summarize(results):
    """(wins, draws, losses, score fraction, elo, elo_low, elo_high) of player A."""
    n = len(results)
    scores = [r[0] for r in results]
    w = sum(1 for s in scores if s == 1.0)
    d = sum(1 for s in scores if s == 0.5)
    lo = n - w - d
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    se = math.sqrt(var / n)
    if se == 0:  # every game scored alike: Wilson interval of a proportion instead
        z = 1.96
        c = (mean + z * z / (2 * n)) / (1 + z * z / n)
        h = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return w, d, lo, mean, elo(mean), elo(c - h), elo(c + h)
    return w, d, lo, mean, elo(mean), elo(max(0.0, mean - 1.96 * se)), elo(min(1.0, mean + 1.96 * se))


def _log(path, r):
    """Append game result ``r`` (score plies reason nodes moves) to ``path`` (if given)."""
    if path:
        with open(path, "a") as f:
            f.write("%s %d %s|%d %d\n" % (r[0], r[1], r[2], r[3], r[4]))


def summarize_log(path):
    """Print the score of the games logged in ``path`` (``--log``) so far."""
    results = []
    for line in open(path):
        head, tail = line.strip().split("|")
        sc, plies, reason = head.split(" ", 2)
        an, am = tail.split()
        results.append((float(sc), int(plies), reason, int(an), int(am)))
    w, d, lo, s, e, el, eh = summarize(results)
    print("%s: %d games: A wins %d  draws %d  losses %d  score %.1f%%  Elo %+.0f [%+.0f, %+.0f] (95%%)"
          % (path, len(results), w, d, lo, 100 * s, e, el, eh))


def main(argv=None):
    if argv is None and len(sys.argv) == 3 and sys.argv[1] == "--summarize":
        summarize_log(sys.argv[2])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 epilog="match.py --summarize FILE: the score of a --log file (no games played)")
    ap.add_argument("a", help="player A: random, greedy, L1..L5 or baselines B1..B5, R1..R5, C1..C5 "
                                   "[:nodes=N][:margin=M][:tt=T]")
    ap.add_argument("b", help="player B")
    ap.add_argument("--games", type=int, default=200, help="number of games (even)")
    ap.add_argument("--rules", default="standard", help="rules text, e.g. wikipedia+double_mill=two")
    ap.add_argument("--opening", type=int, default=4, help="random placement plies before play")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--log", help="append each game's result to this file as it ends (a long match's"
                    " partial score survives an interruption: --summarize FILE)")
    ap.add_argument("--micropython", action="store_true",
                    help="play the games in the MicroPython unix port (emitted code: faster; not with greedy)")
    args = ap.parse_args(argv)
    if args.games < 2 or args.games % 2:
        ap.error("--games must be an even number of at least 2 (colours alternate)")
    if args.jobs < 1 or args.opening < 0 or args.max_plies < 1:
        ap.error("--jobs and --max-plies must be at least 1, --opening at least 0")
    try:
        Rules.parse(args.rules)
        for spec in (args.a, args.b):
            make_player(spec, 0)
    except ValueError as e:
        ap.error(str(e))
    mp = None
    if args.micropython:
        mp = os.path.join(os.path.dirname(sys.executable), "micropython")
        if not os.path.exists(mp):
            ap.error("micropython not found beside %s" % sys.executable)
        if "greedy" in (args.a, args.b):
            ap.error("--micropython plays engine levels and random only (L1..L5, B1..B5, R1..R5, C1..C5, random)")
    tasks = []
    for g in range(args.games):
        tasks.append((args.a, args.b, g % 2 == 0, (args.seed * 100003 + g // 2) & 0xFFFF,
                      args.rules, args.opening, args.max_plies, mp))
    t0 = time.time()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = []
            for r in pool.imap_unordered(play_game, tasks, chunksize=1):
                results.append(r)
                _log(args.log, r)
    else:
        results = []
        for t in tasks:
            results.append(play_game(t))
            _log(args.log, results[-1])
    dt = time.time() - t0
    w, d, lo, s, e, el, eh = summarize(results)
    reasons = {}
    for r in results:
        reasons[r[2]] = reasons.get(r[2], 0) + 1
    nodes = sum(r[3] for r in results)
    moves = sum(r[4] for r in results)
    plies = sum(r[1] for r in results)
    print("%s vs %s, %d games, rules %s, opening %d random plies" % (args.a, args.b, len(results), args.rules, args.opening))
    print("  A wins %d  draws %d  losses %d  score %.1f%%  Elo %+.0f [%+.0f, %+.0f] (95%%)"
          % (w, d, lo, 100 * s, e, el, eh))
    print("  endings: %s" % ", ".join("%s %d" % kv for kv in sorted(reasons.items())))
    if moves:
        print("  A: %.0f nodes/move; games average %.0f plies; %.0f s wall" % (nodes / moves, plies / len(results), dt))
    else:
        print("  games average %.0f plies; %.0f s wall" % (plies / len(results), dt))
    return 0


if __name__ == "__main__":
    sys.exit(main())
