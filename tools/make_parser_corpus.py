"""Writes tests/data/parser_corpus.jsonl: inputs for the firmware's text readers --
records, Sanmill FEN, position texts, moves, rules texts and saved games --
most of them malformed, on which CPython and MicroPython must give the same
answer (tests/test_parsers_agree.py runs tests/parsers_agree.py under both).

    .venv/bin/python tools/make_parser_corpus.py      # rewrites the corpus file

The inputs: hand-written cases (what people send: a byte-order mark, tabs, CR
LF, comments anywhere, non-ASCII names and digits, Unicode spaces, a text that
looks like a FEN) and deterministic mutations (a character deleted, doubled or
replaced by one of a set of awkward characters, a word swapped, the text cut
short) of valid inputs. Deterministic: the same file on every run.
"""
import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from morris import Position, Rules  # noqa: E402
from morris.record import write_record  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "parser_corpus.jsonl")
# characters the two interpreters tell apart unless the readers stay in ASCII:
# Unicode spaces, C0 separators CPython counts as whitespace, non-ASCII letters
# and digits, a byte-order mark, control characters, quotes, brackets
AWKWARD = ["\u00a0", "\u2003", "\u3000", "\x1c", "\x1f", "\x85", "\ufeff", "\u200b", "\u00e9",
           "\u00c4", "\u0130", "\u00df", "\u0663", "\u00b2", "\uff24", "\x00", "\x07", "\t", "\r",
           "\v", "\f", '"', "\\", "[", "]", "{", "}", "#", ";", "/", "x", "-", ".", " ", "\n",
           "\U0001f600"]


def _game(rules, seed, plies, first=0):
    rng = random.Random(seed)
    pos = Position(Rules.parse(rules), first)
    moves = []
    while len(moves) < plies and pos.legal_moves:
        m = rng.choice(pos.legal_moves)
        moves.append(pos.move_text(m))
        pos.push(m)
    return pos, moves


def mutations(text, rng, n):
    """``n`` mutated copies of ``text``."""
    out = []
    words = text.split(" ")
    for _ in range(n):
        k = rng.randrange(6)
        i = rng.randrange(len(text) + 1)
        if k == 0 and text:
            t = text[:i] + text[i + 1:]                    # a character deleted
        elif k == 1:
            t = text[:i] + rng.choice(AWKWARD) + text[i:]   # an awkward character inserted
        elif k == 2 and text:
            j = min(len(text) - 1, i)
            t = text[:j] + rng.choice(AWKWARD) + text[j + 1:]   # one replaced
        elif k == 3 and len(words) > 1:
            w = list(words)
            a, b = rng.randrange(len(w)), rng.randrange(len(w))
            w[a], w[b] = w[b], w[a]
            t = " ".join(w)                                 # two words swapped
        elif k == 4:
            t = text[:i]                                    # cut short
        else:
            t = text[:i] + text[i:i + 3] * 2 + text[i + 3:]  # a piece doubled
        if t != text:
            out.append(t)
    return out


def records(rng):
    pos, moves = _game("standard", 3, 40)
    std = write_record(moves, rules="standard", tags={"Event": "Club \"evening\"", "White": "Ana"})
    _, dooz = _game("dooz", 5, 30)
    dz = write_record(dooz, rules="dooz")
    _, fr = _game("french", 7, 12, first=1)
    french = write_record(fr, rules="french", first="black")
    with open(os.path.join(ROOT, "tests", "data", "sanmill-selfplay-standard.txt")) as f:
        sanmill = f.read()
    fen = "O*******/********/***O**@* b p p 2 7 1 8 0 0 3 2"
    start = Position(Rules("standard"))
    for t in "d2 d6 b4 f4".split():
        start.push_text(t)
    hand = [
        "\ufeff" + std, std.replace("\n", "\r\n"), std.replace('[Event "', '[Event\t"'),
        std.replace("]\n", "] # a note\n", 1), std.replace("]\n", "] ; a note\n", 1),
        "{a comment before the tags}\n" + std, std.replace("1. ", "1. {why?} ", 1),
        "# from the club\n" + std, '[Event "x"] [Site "y"]\n1. d2 d6', '[Évent "x"]\n1. d2',
        '[Event\u00a0"x"]\n1. d2', '[Event "x"]\u00a0\n1. d2', "1. d2\u00a0d6", "1. d2\u3000d6",
        "1. d2\x1cd6", "1. d2\x85d6", "1.\u0663 d2", "\u0661. d2 d6", "1. \uff24\uff12",
        "1. d2 d6 2. b4\u200b", "XXXX/////", "XXXX///// w p p 1 1 1 1 0 0 0 1",
        fen.replace("O*", "Q*", 1), fen + " d6 d2", "[FEN \"%s\"]\n1... d6" % fen, fen,
        fen.replace(" 3 2", " \u0663 2"), start.text() + "\n1. d1", start.text().replace(" w ", " x "),
        "d2 " + fen, '[Rules "standard"]\n[Rules "dooz"]\n1. d2', '[Rules "st\u00e4ndard"]\n1. d2',
        '[First "bl\u00e4ck"]\n1. d2', '[First "BLACK"]\n1... d2', '[First "\u0130"]\n1. d2',
        '[Result "1-0"]\n1. d2 0-1', "1. d2 d6 1-0 b4", "{unclosed\n1. d2", "1. d2 } d6",
        "xd2", "1. d2 d6 2. b4 f4 3. d1 b6 4. d3xb6xf4", "1. d2xd6", "1. d2 [Event \"late\"]",
        "", "   ", "\ufeff", "[", "[]", '[Event]', '[Event "unterminated]', '[Event "a\\"b"]\n1. d2',
        '[Event "tab\tinside"]\n1. d2', '[ Event "x" ]\n1. d2', '[Event"x"]\n1. d2',
        "12.d2", "1...d6 2.d2", "1. D2 D6", "1. d2 d6 2. B4-b2", sanmill.replace("xb4", "Xb4", 1),
        sanmill.replace("\n", "\r\n"), "\ufeff" + sanmill, sanmill.replace(" ", "\t"),
    ]
    out = [("record", t) for t in hand]
    for base in (std, dz, french, sanmill[:400]):
        out += [("record", t) for t in mutations(base, rng, 25)]
    return out


def fens(rng):
    base = ["O*******/********/***O**@* b p p 2 7 1 8 0 0 3 2",
            "O*******/********/******@* b p p 1 8 1 8 0 0 0 0 0 0 0 0 1",
            "O*O@O*O@/@*@***@O/O@O@O@O* b m s 9 0 8 0 0 8 23"]
    hand = ["", "O", "O*******/********/***O**@*", "O*******/********/***O**@* w", base[0] + " i:12",
            base[0].replace("O", "\u041e"), base[0].replace(" 2 7 ", " \u0662 7 "), base[0].replace(" ", "\u00a0"),
            base[0].replace(" 3 2", " 3 2 5 6 7 8"), base[1].replace(" 0 0 0 0 0 0 0 0 1", " 0 0 0 0 0 0 0 99999999999999999999999 1")]
    out = [("fen", t) for t in hand]
    for b in base:
        out += [("fen", t) for t in mutations(b, rng, 14)]
    return out


def positions(rng):
    pos, _ = _game("standard", 11, 14)
    _, dz = _game("dooz", 13, 26)
    dpos = Position(Rules("dooz"))
    for t in dz:
        dpos.push_text(t)
    base = [Position(Rules("standard")).text(), pos.text(), dpos.text()]
    hand = ["", "standard", base[0].replace("standard", "st\u00e4ndard"), base[0].replace(" 9/9 ", " \u0669/9 "),
            base[0].replace(" w ", "\u00a0w "), base[1] + " 1/1", base[0].replace("-/-", "d1-d2/-"),
            base[0].replace(" 0/0 0/0 ", " 0/0 0x10/0 ")]
    out = [("position", t) for t in hand]
    for b in base:
        out += [("position", t) for t in mutations(b, rng, 12)]
    return out


def moves(rng):
    start = Position(Rules("standard")).text()
    pos, _ = _game("standard", 17, 20)
    texts = ["d2", " d2 ", "D2", "d2\u00a0", "\uff44\uff12", "d\u0662", "\u00e92", "d2-d3", "a1xb2", "d2xx",
             "x", "xa1", "", "-", "d2-", "-d2", "d2-d3-d4", "z9", "d2x\u00e9", "\x00d2", "d2\t", "d2\x1c",
             "a" * 50, "d2xa1xa4xa7xg7"]
    out = [("move", t, start) for t in texts]
    for m in pos.legal_moves[:6]:
        t = pos.move_text(m)
        out += [("move", x, pos.text()) for x in [t] + mutations(t, rng, 3)]
    return out


def rules(rng):
    texts = ["standard", "Standard", "st\u00e4ndard", "standard+", "+", "", "dooz+stones=9",
             "standard+stones=\u0661\u0662", "standard+stones=12\u00a0", "\u00a0standard",
             "standard+fly_at", "standard+fly_at=3=4", "standard+capture=Optional", "standard+capture=optional",
             "standard+b\u00f6ard=six", "standard+stones=99", "standard+stones=-1", "wikipedia+double_mill=two",
             "standard\t", "standard\x1c", "standard+stones=+9", "standard+stones=0x9", "standard+stones=9_0"]
    out = [("rules", t) for t in texts]
    out += [("rules", t) for t in mutations("wikipedia+double_mill=two+no_return=on", rng, 12)]
    return out


def _earlier_defender_first(rules, plies, seed):
    """A defender-first game past its double move, saved as the earlier firmware did:
    no Format tag, First worked out from the plies (the wrong colour)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import bench_resume
    from board.controller import Controller
    st = bench_resume.MemStore(log=False)
    c = Controller(rules=rules, players=("remote", "remote"), store=st)
    for m in bench_resume.long_game(rules, plies, seed):
        c._commit(m)
        c._take = -1
    wrong = c.pos.turn if c.plies % 2 == 0 else 1 - c.pos.turn
    out = []
    for line in st.data.decode().split("\n"):
        if line.startswith("[First "):
            line = '[First "%s"]' % ("white", "black")[wrong]
        if not line.startswith("[Format "):
            out.append(line)
    return "\n".join(out)


def saved(rng):
    good = '[Format "3"]\n[Rules "standard"]\n[First "white"]\nd2 d6 b4\n'
    old = '[Rules "nerenchi"]\n[First "white"]\nd2 d6\n'
    texts = [good, old, good.replace('"3"', '"4"'), good.replace("d6", "d2"), good.replace("[First", "[First\u00a0"),
             good.replace('"white"', '"wh\u00eete"'), '[Format "3"]\n[Rules "standard"]\n[Ply "x"]\nd2\n',
             '[Format "3"]\n[Rules "standard"]\n[Ply "\u0663"]\nd2\n', '[Format "3"]\n[Rules "standard"]\n[Ply "3"]\nd2\n',
             '[Format "3"]\n[Rules "standard"]\n[Result "2-0"]\nd2\n', good.replace("d2", "d\u0662"),
             good + "[Late \"tag\"]\n", "[Rules \"standard\"\nd2\n", "", "\n", "d2 d6\n",
             _earlier_defender_first("nerenchi", 28, 2), _earlier_defender_first("da-san-qi", 36, 3)]
    out = [("saved", t) for t in texts]
    out += [("saved", t) for t in mutations(good, rng, 15)]
    return out


def corpus():
    rng = random.Random(22)
    out = []
    for part in (records, fens, positions, moves, rules, saved):
        for entry in part(rng):
            d = {"kind": entry[0], "text": entry[1]}
            if len(entry) > 2:
                d["position"] = entry[2]
            out.append(d)
    return out


def main():
    entries = corpus()
    with open(OUT, "w", encoding="utf-8") as f:
        for e in entries:
            # raw UTF-8, not \u escapes: MicroPython's json does not join surrogate pairs
            f.write(json.dumps(e, sort_keys=True, ensure_ascii=False) + "\n")
    print("%d inputs written to %s" % (len(entries), os.path.relpath(OUT, ROOT)))


if __name__ == "__main__":
    main()
