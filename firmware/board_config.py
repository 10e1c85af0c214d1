"""Board configuration: the one source of truth for the wiring of the wooden board.

Plain data, MicroPython-compatible (no imports). The firmware drivers map
logical points to LED chain indices and switch bits through these tables; the
hardware documents (hardware/*.md, hardware/schematic.svg) are generated from
this file by ``tools/hw_tables.py`` and a test checks that they match.

Circuit in brief (hardware/README.md has the reasons):

* 24 reed switches, each from its input to GND, 10 kOhm pull-up to 3.3 V
  (bussed resistor networks, two per chip), read through three daisy-chained 74HC165
  parallel-in/serial-out shift registers powered from the Pico's 3V3 rail.
  U1 serves the outer ring, U2 the middle ring, U3 the inner ring; U3's QH
  feeds the Pico, U2's QH feeds U3's SER, U1's QH feeds U2's SER, U1's SER is
  driven by the Pico's ``sr_tail`` pin (SPI0 TX). A closed switch (stone
  present) reads 0: ``SWITCH_ACTIVE_LOW``.
* Reading the chain: pulse ``sr_load`` low (parallel load), then clock 24 bits
  in, most significant first: ``word = (word << 1) | data`` after each bit,
  sampling QH before each rising clock edge. The first bit out is bit 23 (U3
  input H), the last is bit 0 (U1 input A). Switch bit ``b`` is on chip
  ``U(1 + b // 8)``, input ``"ABCDEFGH"[b % 8]``. The same word comes from a
  3-byte read with ``machine.SPI(0, sck=Pin(2), mosi=Pin(7), miso=Pin(4))`` in
  mode 0, big-endian (bytes U3, U2, U1). The bits sent on ``sr_tail`` enter
  U1's SER and come out 24 clocks later: a 4-byte ``write_readinto`` must
  read its first written byte back as its fourth, and the chips must not
  return the bits the previous scan left in them -- the chain check of
  ``hw/switches.py``, which every wiring fault fails (an open or stuck data
  line, a chip that does not load or clock, an open SER, crossed links).
  ``sr_data`` has ``Pin.PULL_UP`` (the RP2040's and RP2350's reset default
  is a pull-down).
* 24 WS2812 LEDs (WS2812D-F5, 5 mm) in one chain, data from ``led_data`` through one gate of a
  74AHCT125 (3.3 V -> 5 V level shifter) and a 330 Ohm series resistor.
  The chain snakes ring by ring from the centre, where the electronics sit:
  inner ring, middle ring, outer ring, each counter-clockwise.
* Buttons from their GPIO to GND, internal pull-ups, active low.

Tables:

* ``POINTS``: ``(name, led_index, switch_bit)`` for every point, listed in
  LED chain order. Names are those of morris.geometry (a1 d1 g1 b2 ... g7).
* ``LED_INDEX`` / ``SWITCH_BIT``: dicts name -> index / bit, built from it.

Power (figures from ``tools/power_budget.py``, which a test re-runs):

* ``LED_MA_PER_CHANNEL`` mA drawn by one colour channel at value 255
  (about 60 mA per LED at full white), ``LED_IDLE_MA`` per LED when dark.
* ``USB_BUDGET_MA``: the port current the board may take: 250 mA by default
  (what MicroPython declares to the USB host), 500 mA as an option
  (hardware/README.md, "Power"); ``POWER_OPTIONS`` holds the figures of both.
* ``LED_BUDGET_MA``: the colour current (mA) the 24 LEDs may draw together
  within that port budget after the Pico, logic, pull-ups, idle LED current
  and a 20 % safety margin. Current model for a frame:
  ``sum over LEDs and channels of LED_MA_PER_CHANNEL * value / 255``,
  over the values *sent* (after gamma and brightness).
* ``BRIGHTNESS_CAP``: the channel value (0..255) at which all 24 LEDs at full
  white just stay within ``LED_BUDGET_MA``. The LED driver scales a frame
  whose current would exceed ``LED_BUDGET_MA`` (hw/lights.py): a frame
  lighting a few points may be brighter, the worst case (all white) is sent
  at ``BRIGHTNESS_CAP``.
"""

# --- pins (GPIO numbers, the same on the Pico's RP2040 and the Pico 2's RP2350; header pin in the comment)
PINS = {
    "sr_clock": 2,   # pin 4  -> CLK (pin 2) of U1, U2, U3; SPI0 SCK capable
    "sr_load": 3,    # pin 5  -> SH/LD (pin 1) of U1, U2, U3; low = load inputs
    "sr_data": 4,    # pin 6  <- QH (pin 9) of U3, last chip of the chain; SPI0 RX; PULL_UP
    "sr_tail": 7,    # pin 10 -> SER (pin 10) of U1: the tail pattern; SPI0 TX capable
    "led_data": 6,   # pin 9  -> 74AHCT125 1A; 1Y -> 330 Ohm -> DIN of LED 0
}
BUTTON_PINS = {      # to GND, Pin.PULL_UP, pressed reads 0
    "new": 10,       # pin 14: new game (from an empty board) / menu: back
    "undo": 11,      # pin 15: take back the last move
    "hint": 12,      # pin 16: show a hint
    "ok": 13,        # pin 17: confirm / decline an optional capture / open the menu
}
BUTTON_ACTIVE_LOW = True
BUTTON_DEBOUNCE_MS = 30

# --- switches ----------------------------------------------------------------
SWITCH_COUNT = 24
SHIFT_REGISTERS = 3          # 74HC165, 8 inputs each
SWITCH_ACTIVE_LOW = True     # a closed reed switch (stone present) reads 0
SCAN_HZ = 250                # switch scans per second (4 ms period)
SETTLE_MS = 120              # suggested controller settle time for a point

# --- LEDs --------------------------------------------------------------------
LED_COUNT = 24
LED_ORDER = "GRB"            # WS2812 byte order on the wire (neopixel's default)

# --- wiring: (point name, LED chain index, switch bit), in LED chain order ---
# Inner ring from c3 counter-clockwise, then out to b4 and the middle ring,
# then out to a7 and the outer ring. Switch bits: U3 = inner ring (16..23),
# U2 = middle ring (8..15), U1 = outer ring (0..7), each ring counter-clockwise
# from its lower-left corner on inputs A..H.
POINTS = (
    ("c3", 0, 16),   # U3.A
    ("d3", 1, 17),   # U3.B
    ("e3", 2, 18),   # U3.C
    ("e4", 3, 19),   # U3.D
    ("e5", 4, 20),   # U3.E
    ("d5", 5, 21),   # U3.F
    ("c5", 6, 22),   # U3.G
    ("c4", 7, 23),   # U3.H
    ("b4", 8, 15),   # U2.H
    ("b2", 9, 8),    # U2.A
    ("d2", 10, 9),   # U2.B
    ("f2", 11, 10),  # U2.C
    ("f4", 12, 11),  # U2.D
    ("f6", 13, 12),  # U2.E
    ("d6", 14, 13),  # U2.F
    ("b6", 15, 14),  # U2.G
    ("a7", 16, 6),   # U1.G
    ("a4", 17, 7),   # U1.H
    ("a1", 18, 0),   # U1.A
    ("d1", 19, 1),   # U1.B
    ("g1", 20, 2),   # U1.C
    ("g4", 21, 3),   # U1.D
    ("g7", 22, 4),   # U1.E
    ("d7", 23, 5),   # U1.F
)
LED_INDEX = {}
SWITCH_BIT = {}
for _name, _led, _bit in POINTS:
    LED_INDEX[_name] = _led
    SWITCH_BIT[_name] = _bit
del _name, _led, _bit

# --- power (mA); derived by tools/power_budget.py ---------------------------
USB_BUDGET_MA = 250          # MicroPython declares 250 mA to the USB host; 500: hardware/README.md "Power"
LED_MA_PER_CHANNEL = 20      # one channel at 255 (about 60 mA per LED at white)
LED_IDLE_MA = 1              # one dark WS2812
POWER_OPTIONS = {            # USB_BUDGET_MA -> (LED_BUDGET_MA, BRIGHTNESS_CAP)
    250: (126, 22),
    500: (326, 57),
}
LED_BUDGET_MA, BRIGHTNESS_CAP = POWER_OPTIONS[USB_BUDGET_MA]   # colour current of the chain; all-white level

# --- game defaults -----------------------------------------------------------
DEFAULT_PRESET = "standard"  # a key of morris.rules.PRESETS
DEFAULT_LEVEL = 3            # computer opponent level; the engine clamps to its range
