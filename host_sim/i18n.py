"""The simulator page in English, Russian, Serbian (Latin script) and French.

Standard gettext: the translations live in ``host_sim/locale/<lang>/LC_MESSAGES/sim.po``
(msgid = the English text); ``compile_catalogues()`` compiles them with Babel
into ``build/locale/<lang>/LC_MESSAGES/sim.mo`` (at server start-up, when a
.po is newer than its .mo), and ``translations(lang)`` loads a .mo with the
standard library's ``gettext``. The page gets one language at a time as JSON
(``/i18n/<lang>.json``: ``{"lang", "name", "messages": {msgid: text},
"templates": [...]}``) and translates with it (``t()`` in static/app.js).

What is translated (``msgids()`` lists it; ``python -m host_sim.i18n``
writes the template ``host_sim/locale/sim.pot`` and reports what a
catalogue lacks):

- the page's own text: ``data-i18n`` / ``data-i18n-title`` attributes of
  static/index.html and ``t("...")`` / ``N_("...")`` strings of static/app.js;
- the LED meanings (the descriptions of ``board.leds.TABLE``) and the words the firmware
  uses in its status (phases, outcome reasons, player kinds);
- the firmware's messages (board/message.py, board/mistake.py, board/reading.py,
  board/variant_ui.py): they are
  worded in English with point names and colours filled in, so the
  catalogue holds them as templates with ``{0}``, ``{1}`` (``TEMPLATES``);
  the page matches a message against the templates and translates the
  filled-in parts too. Where a language must bend a side's name or colour
  (a genitive, an adjective's plural), the template names it (one template
  for White, one for Black); a message with a move (``MOVE_TEMPLATES``) is
  said as a whole sentence of the page (static/app.js ``moveSentence``).
"""
import gettext
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LOCALE = os.path.join(HERE, "locale")
BUILD = os.path.join(ROOT, "build", "locale")
DOMAIN = "sim"
LANGUAGES = {"en": "English", "ru": "Русский", "sr": "Srpski", "fr": "Français"}
TRANSLATED = ("ru", "sr", "fr")
# English has a catalogue too: the firmware's short technical English (its msgids) in
# words for children; the page's own texts are written that way already.
CATALOGUES = ("en",) + TRANSLATED

# The firmware's messages as templates (board/message.py, board/mistake.py, board/reading.py,
# host_sim/mirror.py); {0}, {1}... stand for the parts filled in.
def _sides(template, caps=False):
    """``template`` once for each side, its "{c}" spelled (white / black, or White / Black)."""
    return [template.replace("{c}", c) for c in (("White", "Black") if caps else ("white", "black"))]


TEMPLATES = [
    "{0} to place a stone ({1} in hand)",
    "{0} flies: lift a stone",
    "{0} to move: lift a stone",
    "Put the stone on a lit point, or back on {0}",
    "{0} plays {1}",
    *_sides("Mill! Take a lit {c} stone"),
    *_sides("Mill! Take a lit {c} stone, or press ok to skip"),
    *_sides("Take one more lit {c} stone"),
    *_sides("Take one more lit {c} stone, or press ok to skip"),
    "{0}'s move is coming: wait",
    "Make {0}'s move {1} as lit",
    "Draw ({0}). Clear the board for a new game",
    "{0} wins ({1}). Clear the board for a new game",
    "{0} wins ({1} resigned). Clear the board for a new game",
    "New game: remove the {0} lit stones (press OK to cancel)",
    "New game? Clear the board. Or press hint: {0} resigns; undo: draw agreed; ok: play on",
    *_sides("Wait for {c}'s move: {0}"),
    "Carry out {0}'s move {1}: {2}",
    "remove the stone from {0}",
    "remove the stones from {0}",
    "put the stone back on {0}",
    "put the stones back on {0}",
    "remove the stone from {0} and put the stone back on {1}",
    "remove the stones from {0} and put the stone back on {1}",
    "remove the stone from {0} and put the stones back on {1}",
    "remove the stones from {0} and put the stones back on {1}",
    "{0} is not a legal destination: put the stone on a lit point or back on {1}",
    "Two stones up at once: put the stone back on {0}",
    "Remove the stone from {0} and put the stone back on {1}",
    "Remove the stones from {0} and put the stone back on {1}",
    "Remove the stone from {0} and put the stones back on {1}",
    "Remove the stones from {0} and put the stones back on {1}",
    "Protected stone: put it back on {0} and take a lit stone",
    "No capture now: put the stone back on {0}",
    "That is your own stone: put it back on {0}",
    "Stone where none should be: remove it from {0}",
    "Two stones up at once: put them back on {0}",
    *_sides("That is {c}'s stone: put it back on {0}"),
    *_sides("{c} still has stones in hand: put this one back on {0} and place a new one", caps=True),
    "This stone cannot move: put it back on {0}",
    "Stones where none should be: remove them from {0}",
    "That stone came off before the mill: put it back on {0}, then take a lit stone",
    "Board disturbed: {0}",
    "{0} took {1}. Wrong? Press Undo. {2}",
    "Game over: {0} ({1})",
    "record refused: {0}",
    "move {0}. (white, {1}): {2}",
    "move {0}... (black, {1}): {2}",
    "capture not allowed: no opponent stone on {0}",
    "malformed move {0}: bad point {1}",
    "Settings menu: {0} = {1} (Hint: next value, Undo: previous, OK: next setting, then save;"
    " New: leave without saving)",
    "White: {0}, Black: {1}",
    # the variants' messages (board/variant_ui.py)
    *_sides("Mill! Take one stone out of {c}'s hand (off the game), then press OK", caps=True),
    "Full board: {0} removes one more lit stone",
    "Full board: {0} removes {1} of its own lit stones",
    *_sides("Full board: {0} removes {1} of the lit {c} stones"),
    *_sides("Captured in between! Take the lit {c} stones"),
    "{0} to place a stone ({1} in hand) or move one",
    "{0} is marked: no stone may go there until placement ends; remove it",
    # the saved game could not be resumed at power-up (board/message.py)
    "The saved game could not be resumed ({0}); it is kept as {1}. Press a button",
    # the puzzles (teach/puzzle.py)
    "Puzzle {0} ({1}): set up the stones as the lights show.",
    *_sides("Puzzle {0} ({1}): {c} to move. {2}", caps=True),
    *_sides("Try again. {c} to move. {0}", caps=True),
    "Right! {0} plays {1}. Press OK for the next puzzle.",
    "Not quite: {0} plays {1}, which is not the answer. Put the stones back as the lights show.",
    "Here is the answer: {0} plays {1}. Play it on the board, or press OK for the next puzzle.",
]
# Templates with a number: the part {n} that counts (a number, or a list of points: how many
# points); their catalogue entries have plural forms.
TEMPLATE_PLURALS = {
    "{0} took {1}. Wrong? Press Undo. {2}": 1,
    "{0} to place a stone ({1} in hand)": 1,
    "{0} to place a stone ({1} in hand) or move one": 1,
    "New game: remove the {0} lit stones (press OK to cancel)": 0,
    "Full board: {0} removes {1} of its own lit stones": 1,
    "Full board: {0} removes {1} of the lit white stones": 1,
    "Full board: {0} removes {1} of the lit black stones": 1,
}
# Templates that carry a move: the page says the move as a sentence of its own
# (static/app.js moveSentence), with the side of part "side" and the move of part "move", in
# the "tense" "now" (a move being played or to carry out, the default) or "past" (a move
# played); "before" and "then" are said before and after it: a text of the catalogue, or a
# part's number (that part translated as a message: what to put right). These templates are
# not catalogue texts; their "before" and "then" texts are (``move_texts()``).
MOVE_TEMPLATES = {
    "{0} plays {1}": {"side": 0, "move": 1},
    "Make {0}'s move {1} as lit": {"side": 0, "move": 1,
                                   "then": "Do this move on the board as the lights show."},
    "Carry out {0}'s move {1}: {2}": {"side": 0, "move": 1, "then": 2},
    # the puzzles' verdicts and answer (teach/puzzle.py)
    "Right! {0} plays {1}. Press OK for the next puzzle.": {
        "side": 0, "move": 1, "tense": "past", "before": "Right! You found it.",
        "then": "Press OK for the next puzzle."},
    "Not quite: {0} plays {1}, which is not the answer. Put the stones back as the lights show.": {
        "side": 0, "move": 1, "tense": "past",
        "then": "That is not the answer. Put the stones back as the lights show."},
    "Here is the answer: {0} plays {1}. Play it on the board, or press OK for the next puzzle.": {
        "side": 0, "move": 1, "before": "Here is the answer.",
        "then": "Play it on the board, or press OK for the next puzzle."},
}
# Whole messages and words the firmware and the server use as they are.
WORDS = [
    "Undo: set the stones as lit - remove the ones blinking red, put white stones on white lights,"
    " black stones on violet lights (press OK to cancel)",
    "New game: remove the lit stone (press OK to cancel)",
    "Saved game: set the stones as lit to resume (new starts a new game)",
    "Waiting for the board",
    "mirror mode is read-only: play on the board itself",
    "replay view: leave the replay to touch the board",
    # the puzzles (teach/puzzle.py): a verdict, the tasks, the levels
    "Well done! That is the answer. Press OK for the next puzzle.",
    "Close a mill with one move.",
    "Stop the other player's mill.",
    "Find the move that wins a stone in two moves.",
    "Keep your stones free: do not let the other player block them.",
    "Win the game with the flying stones.",
] + [
    # parts: words used inside other sentences (PARTS below)
    "White", "Black", "white", "black", "human", "computer", "remote",
    "placement", "movement", "flying", "game over",
    "fewer than three stones", "blocked", "threefold repetition", "no capture", "three versus three",
    "resignation", "draw by agreement",
    "full board",
    "occupied", "not adjacent", "not your stone", "capture not allowed", "capture missing",
    "protected stone", "stones still in hand: place a stone",
    "no stones in hand: move a stone (from-to)",
    "no return: this stone may not go straight back",
    "capture not allowed: the same stone twice",
    "not a legal move here",
    # the settings of the board's menu (host_sim.sim.menu_message) and their values
    "rules", "level", "players", "learning", "on", "off", "puzzle",
    # the puzzles' levels (teach/puzzle.py)
    "easy", "medium", "hard",
]
# Texts that are parts of sentences (a word, a reason in brackets, a legend label, a
# move in words), not sentences of their own: they may start in lower case.
PARTS = set(WORDS[WORDS.index("White"):]) | {
    "move {0}. (white, {1}): {2}", "move {0}... (black, {1}): {2}",
    "capture not allowed: no opponent stone on {0}", "malformed move {0}: bad point {1}",
    # the page's parts (static/app.js, index.html)
    "{0} and {1}", "{0}: {1}", "your turn", "the computer's turn",
    "in hand", "on board", "lost", "the player whose turn it is", "dim light", "blinks fast", "pulses slowly",
    "stones of this player captured by the opponent",
    "the last move: a dashed ring where it went, a small dashed circle where it came from",
    "the last move: a dashed ring where it went, a small dashed circle where it came from,"
    " a dashed cross where it took a stone",
    "White: {0}, Black: {1}",
    "you must take one", "you may say no", "unless all are in mills", "always", "never",
    "one stone", "two stones", "takes a stone every time", "takes a stone only the first time",
    "allowed", "not allowed", "loses", "drawn by lot", "three squares",
    "three squares with diagonals",
    # the relatives' option values (docs/variants.md)
    "one stone for each mill",
    "takes a stone only with a new point",
    "not allowed to make the same mill again",
    "only the two inner squares",
    "takes a stone from the board",
    "takes a stone from the other player's hand",
    "takes a stone and marks its point",
    "takes nothing",
    "the next player, as usual",
    "whoever put the last stone",
    "the player who began loses",
    "a draw",
    "the player who began takes away one stone",
    "each player takes away one stone",
    "count the mills",
    "nothing happens",
    "both are taken away",
    # the move quality's cue (static/app.js)
    "flashes twice a second",
}


def is_part(msgid):
    """True for a text used inside sentences (PARTS, the LED meanings of the legend,
    the level names after their number)."""
    return msgid in PARTS or msgid in _led_texts() or msgid in _level_texts()


def _led_texts():
    from board.legend import DESCRIPTIONS
    return list(DESCRIPTIONS)


def _level_texts():
    from engine import LEVEL_NAMES
    return [n for n in LEVEL_NAMES if n]


def move_texts():
    """The catalogue texts the page says around a move (MOVE_TEMPLATES' "before" / "then")."""
    return [v for spec in MOVE_TEMPLATES.values() for k, v in sorted(spec.items())
            if k in ("before", "then") and isinstance(v, str)]


def _page_strings():
    out = []
    with open(os.path.join(HERE, "static", "index.html"), encoding="utf-8") as f:
        html = f.read()
    out += re.findall(r'data-i18n(?:-title)?="([^"]*)"', html)
    with open(os.path.join(HERE, "static", "app.js"), encoding="utf-8") as f:
        js = f.read()
    for m in re.finditer(r'\b(?:t|N_)\(\s*"((?:[^"\\]|\\.)*)"', js):
        out.append(json.loads('"%s"' % m.group(1)))
    return [s.replace("&#39;", "'").replace("&amp;", "&") for s in out]


def plural_ids():
    """The texts with a number, as (singular msgid, plural msgid): the page's
    ``tn("...", "...", n)`` strings of static/app.js and the TEMPLATE_PLURALS (the
    firmware's English is the same for any number). Their catalogue entries have one
    form per plural class of the language (Plural-Forms, Babel's CLDR rules)."""
    with open(os.path.join(HERE, "static", "app.js"), encoding="utf-8") as f:
        js = f.read()
    out = [(json.loads('"%s"' % m.group(1)), json.loads('"%s"' % m.group(2))) for m in re.finditer(
        r'\btn\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"', js)]
    return out + [(s, s) for s in TEMPLATE_PLURALS]


def msgids():
    """Every English text the page may show, in a stable order without duplicates."""
    if ROOT + "/firmware" not in sys.path:
        sys.path.insert(0, os.path.join(ROOT, "firmware"))
    seen = []
    for s in _page_strings() + move_texts() + _led_texts() + _level_texts() + WORDS + TEMPLATES:
        if s and s not in seen and s not in TEMPLATE_PLURALS and s not in MOVE_TEMPLATES:
            seen.append(s)
    return seen


def _po_path(lang):
    return os.path.join(LOCALE, lang, "LC_MESSAGES", DOMAIN + ".po")


def _mo_path(lang):
    return os.path.join(BUILD, lang, "LC_MESSAGES", DOMAIN + ".mo")


def compile_catalogues(force=False):
    """Compile every .po into its .mo with Babel (only those out of date unless ``force``)."""
    from babel.messages.pofile import read_po
    from babel.messages.mofile import write_mo
    done = []
    for lang in CATALOGUES:
        po, mo = _po_path(lang), _mo_path(lang)
        if not force and os.path.exists(mo) and os.path.getmtime(mo) >= os.path.getmtime(po):
            continue
        with open(po, "rb") as f:
            cat = read_po(f, locale=lang if lang != "sr" else "sr_Latn")
        os.makedirs(os.path.dirname(mo), exist_ok=True)
        tmp = mo + ".tmp"
        with open(tmp, "wb") as f:
            write_mo(f, cat)
        os.replace(tmp, mo)
        done.append(lang)
    return done


_CACHE = {}


def translations(lang):
    """{msgid: translation} of ``lang`` from its compiled .mo (for English: the
    firmware's texts in words for children)."""
    if lang not in _CACHE:
        compile_catalogues()
        tr = gettext.translation(DOMAIN, localedir=BUILD, languages=[lang])
        _CACHE[lang] = {k: v for k, v in tr._catalog.items() if isinstance(k, str) and k}
        forms = {}
        for k, v in tr._catalog.items():
            if isinstance(k, tuple) and v:
                forms.setdefault(k[0], {})[k[1]] = v
        _CACHE[lang, "plurals"] = {k: [v[i] for i in sorted(v)] for k, v in forms.items()}
        _CACHE[lang, "rule"] = tr.info().get("plural-forms", "")
    return _CACHE[lang]


def plurals(lang):
    """({singular msgid: [form 0, form 1, ...]}, the Plural-Forms header) of ``lang``."""
    translations(lang)
    return _CACHE[lang, "plurals"], _CACHE[lang, "rule"]


def language_names():
    """{code: name in that language} of the page's languages."""
    return dict(LANGUAGES)


def catalogue_json(lang):
    """The JSON the page loads for ``lang``."""
    forms, rule = plurals(lang)
    return {"lang": lang, "name": LANGUAGES[lang], "messages": translations(lang),
            "templates": TEMPLATES, "move_templates": MOVE_TEMPLATES, "plurals": forms,
            "plural_forms": rule, "template_plurals": TEMPLATE_PLURALS}


def firmware_texts():
    """The firmware's and the server's own texts (English msgids the English catalogue
    words for children): the LED meanings, WORDS and TEMPLATES."""
    out = []
    for s in _led_texts() + WORDS + TEMPLATES:
        if s and s not in out and s not in TEMPLATE_PLURALS and s not in MOVE_TEMPLATES:
            out.append(s)
    return out


def write_pot(path=None):
    """Write the template catalogue (every msgid) with Babel; returns its path."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    cat = Catalog(project="morris-board simulator", charset="utf-8")
    for s in msgids():
        cat.add(s, flags=("python-brace-format",) if "{0}" in s else ())
    for ids in plural_ids():
        cat.add(ids, flags=("python-brace-format",))
    path = path or os.path.join(LOCALE, DOMAIN + ".pot")
    with open(path, "wb") as f:
        write_po(f, cat, width=100, omit_header=False)
    return path


def missing(lang):
    """msgids without a translation in ``lang``'s .po (English: the firmware's texts only)."""
    from babel.messages.pofile import read_po
    with open(_po_path(lang), "rb") as f:
        cat = read_po(f)
    have = {m.id: m.string for m in cat if m.id}
    want = firmware_texts() if lang == "en" else msgids()
    out = [s for s in want if not have.get(s)]
    for ids in plural_ids():
        if lang == "en" and ids[0] not in TEMPLATE_PLURALS:
            continue
        forms = have.get(ids)
        if not isinstance(forms, tuple) or len(forms) != cat.num_plurals or not all(forms):
            out.append(ids[0])
    return out


if __name__ == "__main__":
    print("wrote", write_pot())
    bad = 0
    for lang in CATALOGUES:
        miss = missing(lang)
        bad += len(miss)
        print("%s: %d missing" % (lang, len(miss)))
        for s in miss:
            print("   ", s)
    print("compiled:", compile_catalogues(force=True))
    sys.exit(1 if bad else 0)
