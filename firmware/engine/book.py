"""Opening book: placement-phase answers computed offline, read from flash on demand."""


def book_moves(position):
    """Book moves (ints) for ``position``, or [] when it is not in the book."""
    return []
