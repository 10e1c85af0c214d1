"""One engine game for tools/match.py and tools/tune_weights.py; runs under
CPython and the MicroPython unix port (where the engine's emitted code makes
the new engine about ten times faster).

As a script (MicroPython or CPython), from the repository root::

    micropython -X heapsize=4m tools/match_game.py A B A_WHITE SEED RULES OPENING MAX_PLIES [dump]

prints ``score plies reason|a_nodes a_moves`` (score of A: 0, 0.5, 1) and,
with ``dump``, before it one line per position reached after the opening:
``F ply turn phase f0 f1 ... |text`` (phase 0 placement / 1 movement;
engine/evaluate.py features for the side to move, then the position's text)
for the weight tuner. Players: ``L1``..``L5`` (the engine;
``:w=F`` plays with the weights of family F of engine/evaluate.py's WEIGHTS instead of the rules' own),
``B1``..``B5`` (the frozen pre-issue-13 engine of tools/baseline_engine/), ``R1``..``R5`` (the
frozen relatives' engine of tools/baseline_engine/, replaced in issue 23), ``C1``..``C5`` (the frozen
engine of main 58dd098, before issue 25: tools/baseline_engine/c/, classic presets only), optionally
``:nodes=N``, ``:margin=M``, ``:tt=T`` (``B``, ``R``: ``:nodes=N`` only); ``random`` (a uniformly
random legal move, drawn with XorShift16). Openings: OPENING random placement plies drawn with
morris.compat.XorShift16 from SEED (the same on both interpreters).
"""
import sys

if "firmware" not in sys.path:
    sys.path.insert(0, "firmware")
    sys.path.insert(0, "tools")

from morris import Position, Rules  # noqa: E402
from morris.compat import XorShift16  # noqa: E402


class RandomMover:
    """A uniformly random legal move (XorShift16, the same on both interpreters)."""

    def __init__(self, seed):
        self.rng = XorShift16(seed & 0xFFFF or 1)
        self.nodes = 0

    def think(self, pos):
        """A random legal move of ``pos``."""
        moves = pos.legal_moves
        return moves[self.rng.below(len(moves))]


def make_engine(spec, seed):
    """The engine for a player spec 'L3', 'B5', 'R5', 'C5', 'L5:nodes=4000', 'L3:margin=6', 'L5:tt=4096' (the
    node cap / the variety margin in centi-stones / the table entries overridden), or 'random';
    ValueError otherwise."""
    if spec == "random":
        return RandomMover(seed)
    if len(spec) < 2 or spec[0] not in "LlBbRrCc":
        raise ValueError("unknown player %r (L1..L5, B1..B5, R1..R5, C1..C5 [:nodes=N][:margin=M][:tt=T])" % spec)
    parts = spec[1:].split(":")
    try:
        level = int(parts[0])
    except ValueError:
        raise ValueError("unknown player %r (L1..L5, B1..B5, R1..R5, C1..C5 [:nodes=N][:margin=M][:tt=T])" % spec)
    if not 1 <= level <= 5:
        raise ValueError("player %r: levels are 1..5" % spec)
    opts = {}
    for opt in parts[1:]:
        kv = opt.split("=")
        if kv[0] not in ("nodes", "margin", "tt", "w") or len(kv) != 2:
            raise ValueError("unknown player option %r (nodes=N, margin=M, tt=T, w=F)" % opt)
        try:
            opts[kv[0]] = int(kv[1])
        except ValueError:
            raise ValueError("player option %r needs an integer" % opt)
        if opts[kv[0]] < (0 if kv[0] in ("margin", "w") else 1):
            raise ValueError("player option %r is out of range" % opt)
    if spec[0] in "BbRr":
        if "margin" in opts or "tt" in opts or "w" in opts:
            raise ValueError("the baselines have no margin or tt option")
        if spec[0] in "Rr":
            from baseline_engine.relatives_player import RelativesEngine
            return RelativesEngine(level, nodes=opts.get("nodes"), seed=seed)
        import baseline_engine
        return baseline_engine.Engine(level, nodes=opts.get("nodes"), seed=seed)
    if spec[0] in "Cc":
        if "w" in opts:
            raise ValueError("the frozen C engine has no w option")
        from baseline_engine.c import Engine as Frozen
        eng = Frozen(level, nodes=opts.get("nodes"), seed=seed, tt_size=opts.get("tt"))
        if "margin" in opts:
            eng.margin = opts["margin"]
        return eng
    from engine import Engine
    eng = Engine(level, nodes=opts.get("nodes"), seed=seed, tt_size=opts.get("tt"))
    if "margin" in opts:
        eng.margin = opts["margin"]
    if "w" in opts:
        _fixed_weights(eng, opts["w"])
    return eng


def _fixed_weights(eng, fam):
    """Make ``eng`` search with the weights of family ``fam`` (engine/evaluate.py WEIGHTS)."""
    from engine.evaluate import WEIGHTS, NF
    if not fam < len(WEIGHTS):
        raise ValueError("player option w=%d: families are 0..%d" % (fam, len(WEIGHTS) - 1))
    eng.reserve()
    s = eng.searcher
    begin = s.begin

    def fixed_begin(board, *args):
        begin(board, *args)
        for i in range(2 * NF):
            s.W[i] = WEIGHTS[fam][i] + 32768  # evaluate._WBIAS
    s.begin = fixed_begin


def play(a_spec, b_spec, a_white, seed, rules_text, opening, max_plies, dump=None, make=None):
    """Play one game; returns (score of A, plies, reason, A's nodes, A's moves).
    ``dump``: a function called with (ply, position) at every position after the opening;
    ``make(spec, seed)``: the player factory (default ``make_engine``; a player has
    ``think(position)`` and ``nodes``)."""
    make = make or make_engine
    pos = Position(Rules.parse(rules_text))
    rng = XorShift16(seed)
    for _ in range(opening):
        moves = pos.legal_moves
        if not moves:
            break
        pos.push(moves[rng.below(len(moves))])
    pseed = (seed * 2 + (1 if a_white else 0)) & 0x3FFFFFFF
    a = make(a_spec, pseed)
    b = make(b_spec, pseed + 7919)
    players = (a, b) if a_white else (b, a)
    a_colour = 0 if a_white else 1
    plies = 0
    an = 0
    am = 0
    while True:
        oc = pos.outcome()
        if oc is not None:
            break
        if plies >= max_plies:
            oc = None
            break
        if dump is not None:
            dump(plies, pos)
        p = players[pos.turn]
        m = p.think(pos)
        if p is a:
            an += p.nodes
            am += 1
        pos.push(m)
        plies += 1
    if oc is None or oc.winner is None:
        score = 0.5
        reason = oc.reason if oc is not None else "max plies"
    else:
        score = 1.0 if oc.winner == a_colour else 0.0
        reason = oc.reason
    return score, plies, reason, an, am


def _main(argv):
    a, b, aw, seed, rules, opening, max_plies = argv[:7]
    dump = None
    if len(argv) > 7 and argv[7] == "dump":
        from engine.board import Board, zeros
        from engine.evaluate import score, weights, NF
        board = [None]
        W = weights(Rules.parse(rules))
        F = zeros(NF)

        def dump(ply, pos):
            if board[0] is None:
                board[0] = Board(pos.rules)
            bd = board[0].load(pos)
            score(bd.S, bd.G, W, F)
            phase = 0 if pos.hand[0] or pos.hand[1] else 1
            print("F %d %d %d %s|%s" % (ply, pos.turn, phase, " ".join(str(F[i]) for i in range(NF)),
                                         pos.text()))
    r = play(a, b, aw == "1", int(seed), rules, int(opening), int(max_plies), dump)
    print("%s %d %s|%d %d" % (r[0], r[1], r[2], r[3], r[4]))


if __name__ == "__main__":
    _main(sys.argv[1:])
