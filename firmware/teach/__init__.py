"""The board as a teacher: learning mode's move quality (``teach.quality``) and
puzzles (``teach.puzzle``, the puzzle file ``teach/puzzles.bin``). The main loop
imports them only while learning mode or the puzzles are in use, and the board
controller knows them only as its ``teacher`` hook (board/display.py)."""
