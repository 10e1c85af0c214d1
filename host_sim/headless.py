"""Headless play: a move list or a game record, through simulated switch events only.

Each move becomes the hand actions a person would make (lift, put, lift the
captured stone), with the simulated clock running past the debounce between
them; the firmware alone decides what was played, and the simulator learns
it as a PC would, from the board's "state" replies (docs/protocol.md). A
side played by the computer thinks with the real engine and its move is then
carried out on the board the same way. Prints the record and the result.
"""
from .sim import Simulation, COLOURS

MAX_COMPUTER_MS = 120000     # simulated time the computer may take for one move


class HeadlessError(Exception):
    """The controller did not read a move the way the record says."""


def _computer_move(sim, out):
    """Wait for the computer's move and carry it out on the board; returns its text."""
    waited = 0
    while sim.board()["awaiting_remote"]:
        sim.step(20)
        waited += 20
        if waited > MAX_COMPUTER_MS:
            raise HeadlessError("the computer did not move within %d ms" % MAX_COMPUTER_MS)
    # the computer's move is now shown on the LEDs: carry it out by hand
    text = sim.board()["remote"]
    if not text:
        raise HeadlessError("the computer's move is not shown (%s)" % sim.state()["message"])
    if sim.pico is not None:      # what the board would do: its search's Pico time and end
        import stats     # firmware/stats.py: the board's own "stats" reply
        last = stats.last_search(sim.loop.stats) or {}
        out("computer %s: %s nodes, %s ms on the Pico (ended by %s)" % (
            text, last.get("nodes"), last.get("ms"), last.get("ended_by")))
    sim.play_by_hand(text)
    return text


def _norm(text):
    """Move text with captures in a fixed order (``d2-d3xg7xa1`` == ``d2-d3xa1xg7``)."""
    parts = text.strip().lower().split("x")
    return "x".join(parts[:1] + sorted(parts[1:]))


def play(moves, rules=None, players=("human", "human"), level=3, out=print, max_moves=None,
         first=None, pico_timing=False, seed=None):
    """Play ``moves`` (move texts for the human sides, in turn order) on a
    simulated board by hand actions only; a "computer" side's moves come from
    the engine and are carried out by hand too. Stops at the game's end, after
    ``max_moves`` turns, or when a human is to move and the list is used up.
    Returns the Simulation.

    ``first`` (WHITE/BLACK or "white"/"black") sets who begins, for rules
    that draw the first player by lot. ``pico_timing``: the board's clock on
    host_sim/pico_timing.py's model (each computer move is printed with its
    Pico time); ``seed``: the engine's seed.

    Raises HeadlessError when the controller reads something else than the
    move given (the message names the turn).
    """
    sim = Simulation(rules=rules, players=players, level=level, manual_clock=True,
                     pico_timing=pico_timing, seed=seed)
    sim.settle()
    if first is not None:
        first = first if isinstance(first, str) else COLOURS[first]
        if sim.board()["turn"] != first:
            sim.new_game(first=first)
            sim.settle()
    moves = list(moves)
    i = 0
    turn = 0
    while True:
        st = sim.board()
        if st["result"] is not None:
            break
        if max_moves is not None and turn >= max_moves:
            break
        if st["players"][COLOURS.index(st["turn"])] == "computer":
            n = len(st["record"])
            try:
                text = _computer_move(sim, out)
            except ValueError as e:
                raise HeadlessError("turn %d (computer): %s" % (turn + 1, e))
            if len(sim.board()["record"]) != n + 1:
                raise HeadlessError("turn %d (computer, %s): the board did not take the move (%s)"
                                    % (turn + 1, text, sim.state()["message"]))
        else:
            if i >= len(moves):
                break
            text = moves[i]
            i += 1
            n = len(st["record"])
            try:
                sim.play_by_hand(text)
            except ValueError as e:
                raise HeadlessError("turn %d (%s): %s" % (turn + 1, text, e))
            rec = sim.board()["record"]
            if len(rec) != n + 1:
                raise HeadlessError("turn %d (%s): the board did not take the move (%s)"
                                    % (turn + 1, text, sim.state()["message"]))
            if _norm(rec[-1]) != _norm(text):
                raise HeadlessError("turn %d: the board read %s, the record says %s"
                                    % (turn + 1, rec[-1], text))
        turn += 1
    if i < len(moves) and sim.board()["result"] is not None:
        out("note: the game ended before the last %d move(s) of the list" % (len(moves) - i))
    return sim


def report(sim, out=print):
    """Print the record (numbered, both sides per line) and the result; returns the
    result text ("1-0", "0-1", "1/2-1/2") or None while the game goes on."""
    st = sim.board()
    rec = st["record"]
    lines = []
    for k in range(0, len(rec), 2):
        pair = rec[k:k + 2]
        lines.append("%d. %s" % (k // 2 + 1, " ".join(pair)))
    out("record: %d moves" % len(rec))
    for ln in lines:
        out("  " + ln)
    result = st["result"]
    if result is None:
        out("result: * (game goes on; %s to move)" % st["turn"])
        return None
    who = "draw" if result == "1/2-1/2" else "white wins" if result == "1-0" else "black wins"
    last = rec[-1] if rec else "-"
    out("result: %s (%s by %s) at move %d, %s" % (result, who, st["reason"], len(rec), last))
    return result


def run(args, out=print):
    """The ``--headless`` command: returns the process exit code."""
    from .sim import build_rules
    from morris.record import read_record, split_record, RecordError
    rules = build_rules(args.rules, args.option)
    first = None
    try:
        if args.game:
            with open(args.game) as f:
                tags, start, moves = read_record(f.read(), rules)
            if "Position" in tags or "FEN" in tags:
                out("error: headless play starts from the start position; this record has a SetUp position")
                return 1
            rules = start.rules
            first = start.turn
        else:
            moves = split_record((args.moves or "").replace(",", " "))[1]
    except RecordError as e:
        out("error: %s" % e)
        return 1
    players = (args.white or "human", args.black or "human")
    try:
        sim = play(moves, rules=rules, players=players, level=args.level, out=out,
                   max_moves=args.max_moves, first=first,
                   pico_timing=getattr(args, "pico_timing", False), seed=getattr(args, "seed", None))
    except HeadlessError as e:
        out("error: %s" % e)
        return 1
    report(sim, out)
    if getattr(args, "record_out", None):
        try:
            with open(args.record_out, "w") as f:
                f.write(sim.record_text())
        except OSError as e:
            out("error: cannot write the record: %s" % e)
            return 1
        out("record written to %s" % args.record_out)
    return 0
