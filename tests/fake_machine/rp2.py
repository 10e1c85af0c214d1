"""A fake ``rp2`` module: just enough names for imports (the drivers use none today)."""


class PIO:
    OUT_LOW = 0
    OUT_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1

    def __init__(self, id):
        self.id = id


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, **kw):
        self.id = id
        self.put_words = []

    def active(self, x=None):
        return True

    def put(self, value, shift=0):
        self.put_words.append(value)


def asm_pio(**kw):
    def deco(f):
        return f
    return deco


def bootsel_button():
    return 0
