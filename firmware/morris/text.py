"""Text helpers that behave the same on CPython and MicroPython, for every reader of
text in the package (moves, rules, position text, records, Sanmill FEN).

CPython's ``str.split()`` / ``strip()`` also take Unicode spaces and \\x1c..\\x1f
for whitespace, its ``str.isdigit()`` / ``isalpha()`` / ``lower()`` know
Unicode, and its ``repr`` keeps printable non-ASCII characters; MicroPython's
know ASCII only. The readers use ASCII whitespace and ASCII names only and
quote text in messages with ``shown``, so both interpreters give every text
the same answer (tests/test_parsers_agree.py). Core layer, imports nothing;
loaded by the text readers and by the core's error paths only.
"""
from .compat import SPACE   # ASCII whitespace: the only whitespace both interpreters agree on


def words(text):
    """``text`` (str) split at ASCII whitespace: list of non-empty str."""
    for c in SPACE[1:]:
        if c in text:
            text = text.replace(c, " ")
    return [w for w in text.split(" ") if w]


def strip(text):
    """``text`` without leading and trailing ASCII whitespace."""
    return text.strip(SPACE)


def shown(text, n=40):
    """``text`` in single quotes for a message, the same on both interpreters: at
    most ``n`` characters (then "..."), quote, backslash and everything outside
    printable ASCII escaped (\\uNNNN, \\UNNNNNNNN)."""
    out = ["'"]
    for c in text[:n]:
        o = ord(c)
        if o == 39 or o == 92:          # ' and \\
            out.append("\\" + c)
        elif 32 <= o < 127:
            out.append(c)
        else:
            out.append(("\\u%04x" if o < 0x10000 else "\\U%08x") % o)
    if len(text) > n:
        out.append("...")
    out.append("'")
    return "".join(out)


def is_ascii_word(text):
    """True when every character of ``text`` is printable ASCII (no space)."""
    for c in text:
        if not 32 < ord(c) < 127:
            return False
    return True
