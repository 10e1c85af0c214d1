"""Command line: ``python -m host_sim [--headless] [options]`` (see ``--help``)."""
import argparse
import os
import sys

from . import ROOT  # noqa: F401  (puts firmware/ on sys.path)
from morris import PRESETS

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_LEVEL = 3


def parser():
    """The argparse parser of the simulator's command line."""
    p = argparse.ArgumentParser(
        prog="python -m host_sim",
        description="Electronic Nine Men's Morris board simulator: the real firmware "
                    "with simulated switches, LEDs, buttons, clock, store and serial link, "
                    "shown in the browser (or played headless).")
    p.add_argument("--host", default=DEFAULT_HOST,
                   help="address to bind the web server to (default %(default)s: this machine only)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                   help="a page address besides this machine's that may use the simulator, "
                        "e.g. http://classroom-pc:8765 (repeatable; others are refused)")
    p.add_argument("--port", type=_port, default=DEFAULT_PORT,
                   help="TCP port of the web server (default %(default)s; 0 picks a free one)")
    p.add_argument("--rules", default="standard", metavar="PRESET", choices=sorted(PRESETS),
                   help="rules preset: %s (default %%(default)s)" % ", ".join(sorted(PRESETS)))
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="rules variation on top of the preset, repeatable, "
                        "e.g. --option double_mill=two --option no_return=on")
    p.add_argument("--white", choices=("human", "computer"), default=None,
                   help="who plays White (default human)")
    p.add_argument("--black", choices=("human", "computer"), default=None,
                   help="who plays Black (default computer; human in --headless)")
    p.add_argument("--level", type=int, default=DEFAULT_LEVEL,
                   help="computer strength, 1 (a child's first games) .. 5 (strongest); "
                        "default %(default)s")
    p.add_argument("--learning", action="store_true",
                   help="learning mode: dimly light the stones that may move")
    p.add_argument("--by-hand", action="store_true",
                   help="carry out the computer's moves by hand, as on the wooden board (the page "
                        "can switch this; default: the computer moves its own stones)")
    p.add_argument("--state-dir", default=None, metavar="DIR",
                   help="keep the saved game in DIR (the board's flash) so a restart resumes; "
                        "default: memory only")
    p.add_argument("--headless", action="store_true",
                   help="no web page: play --game or --moves through simulated switch "
                        "events, print the record and the result")
    play = p.add_mutually_exclusive_group()
    play.add_argument("--game", metavar="FILE",
                      help="(headless) game record to play: ours or Sanmill's action notation")
    play.add_argument("--moves", metavar="MOVES",
                      help='(headless) moves to play, e.g. "d2 d3 d6 f4" (not with --game)')
    p.add_argument("--max-moves", type=_turns, default=None, metavar="N",
                   help="(headless) stop after N turns")
    p.add_argument("--record-out", default=None, metavar="FILE",
                   help="(headless) write the game's record (docs/records.md) to FILE at the end")
    p.add_argument("--pico-timing", action="store_true",
                   help="(headless) run the board's clock on the Pico timing model "
                        "(host_sim/pico_timing.py): each computer move with its time on the board")
    p.add_argument("--seed", type=int, default=None, metavar="N",
                   help="(headless) the engine's seed, to replay a game as the board played it")
    p.add_argument("--mirror", default=None, metavar="PORT",
                   help="mirror a real board: show its game live from its USB serial PORT "
                        "(a device such as /dev/ttyACM0 or a pseudo-terminal), read-only")
    return p


def _number(lo, hi=None):
    """An argparse type: a whole number lo..hi (hi None: no upper bound)."""
    def check(text):
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError("not a number: %r" % text)
        if n < lo or hi is not None and n > hi:
            raise argparse.ArgumentTypeError("must be %s, got %d" % (
                "%d..%d" % (lo, hi) if hi is not None else "%d or more" % lo, n))
        return n
    return check


_port = _number(0, 65535)     # a TCP port (0 picks a free one)
_turns = _number(1)           # a number of turns


def main(argv=None):
    """Parse the command line and run the simulator; returns the exit code."""
    args = parser().parse_args(argv)
    from .sim import build_rules
    try:
        build_rules(args.rules, args.option)
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    from engine import TOP_LEVEL
    if not 1 <= args.level <= TOP_LEVEL:
        print("error: --level must be 1..%d" % TOP_LEVEL, file=sys.stderr)
        return 2
    if args.host not in ("127.0.0.1", "localhost", "::1") and not args.headless:
        print("warning: --host %s makes the simulator reachable from other machines" % args.host,
              file=sys.stderr)
    if args.mirror and args.headless:
        print("error: --mirror shows a board in the browser; it cannot be --headless", file=sys.stderr)
        return 2
    if args.headless:
        if not args.game and not args.moves and "computer" not in (args.white, args.black):
            print("error: --headless needs --game FILE or --moves \"...\"", file=sys.stderr)
            return 2
        if args.game and not os.path.isfile(args.game):
            print("error: no such file: %s" % args.game, file=sys.stderr)
            return 2
        out_dir = os.path.dirname(os.path.abspath(args.record_out)) if args.record_out else None
        if out_dir and not os.path.isdir(out_dir):
            print("error: --record-out: no such folder: %s" % out_dir, file=sys.stderr)
            return 2
        from . import headless
        return headless.run(args)
    from . import server
    return server.run(args)


if __name__ == "__main__":
    sys.exit(main())
