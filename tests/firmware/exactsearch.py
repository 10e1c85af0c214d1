"""Exact material search over the engine board, for the running-mill suite
(tests/firmware/test_engine_running.py) and its finder (tools/running_mill_suite.py).

Not the engine's search or evaluation: a plain alpha-beta negamax over
engine/board.py's perft-verified move generator (tests/firmware/test_engine_board.py
checks it against the rules core). A position at the horizon scores its
material (stones on the board and in hand: the side to move's minus the
opponent's); a game's end scores +-(100 - ply) (a blocked side or one below
three stones loses; the engine board's draws score 0). Alpha-beta returns the
same value as the full minimax tree, so every root value is exact.
"""
from engine.board import gen, push, pop, terminal, T_NONE, T_WIN, T_DRAW

WINV = 100
INF = 1000


def _material(S):
    t = S[6]
    return S[4 + t] + S[2 + t] - S[5 - t] - S[3 - t]


def exact(S, G, M, base, depth, alpha, beta, ply):
    """Exact negamax value ``depth`` plies deep (material at the horizon, +-(100 - ply) at the end)."""
    t = terminal(S, G)
    if t != T_NONE:
        return 0 if t == T_DRAW else (WINV - ply if t == T_WIN else ply - WINV)
    end = gen(S, G, M, base)
    if end == base:
        return ply - WINV  # blocked
    if depth == 0:
        return _material(S)
    # captures first: they decide these positions and make the cut-offs early
    order = [M[i] for i in range(base, end) if M[i] >> 10 & 31 != 31]
    order += [M[i] for i in range(base, end) if M[i] >> 10 & 31 == 31]
    best = -INF
    for m in order:
        push(S, G, m)
        v = -exact(S, G, M, end, depth - 1, -beta, -alpha, ply + 1)
        pop(S, G)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def root_values(board, pos, depth):
    """{move text: exact value ``depth`` plies deep} for every legal move of ``pos``."""
    board.load(pos)
    S, G, M = board.S, board.G, board.M
    out = {}
    for m in pos.legal_moves:
        push(S, G, m)
        out[pos.move_text(m)] = -exact(S, G, M, 0, depth - 1, -INF, INF, 1)
        pop(S, G)
    return out


def outcome_class(v):
    """``v`` with a game's end made one value, whatever its length: WINV for a won
    game, -WINV for a lost one (|v| >= WINV // 2); material values are unchanged."""
    return WINV if v >= WINV // 2 else (-WINV if v <= -WINV // 2 else v)


def classify(board, pos, depth):
    """``judge`` of ``pos``'s root values ``depth`` plies deep against ``pos``'s own
    material (root_values leaves ``board`` loaded with ``pos``): (kind, answers) or None."""
    vals = root_values(board, pos, depth)
    return judge(vals, _material(board.S))


def judge(vals, start=0):
    """(kind, answers) when ``vals`` ({move text: root_values' value}) makes a suite
    entry, else None: the answers are the moves of the best value and beat every
    other move by two stones or more, where every won game is one value and every
    lost game one value (a faster win or a slower loss is not two stones better:
    a suite entry's answer must change the outcome or the material), and they
    are at most half of the moves. ``kind`` is 'build' when the answers win the
    game or gain two stones or more on ``start`` (the root's material, as ``classify``
    passes it),
    else 'avoid'."""
    vals = {k: outcome_class(v) for k, v in vals.items()}
    best = max(vals.values())
    answers = sorted(k for k in vals if vals[k] == best)
    rest = [v for v in vals.values() if v != best]
    if not rest or len(answers) * 2 > len(vals) or best - max(rest) < 2:
        return None
    return ("build" if best - start >= 2 else "avoid"), answers
