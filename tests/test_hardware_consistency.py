"""The hardware documents agree with firmware/board_config.py, the one source of truth for the wiring."""
import importlib.util
import os
import re
import xml.etree.ElementTree as ET

import board_config as cfg
from morris.geometry import GEOMETRIES

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HW = os.path.join(ROOT, "hardware")


def _load(name, rel):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, rel))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


hw = _load("morris_hw_tables", "tools/hw_tables.py")
GEO = GEOMETRIES["standard"]


def _read(name):
    with open(os.path.join(HW, name), encoding="utf-8") as f:
        return f.read()


def test_every_point_once_with_unique_led_index_and_switch_bit():
    names = [r[0] for r in cfg.POINTS]
    assert sorted(names) == sorted(GEO.names) and len(names) == 24
    assert sorted(r[1] for r in cfg.POINTS) == list(range(24))
    assert sorted(r[2] for r in cfg.POINTS) == list(range(24))
    assert cfg.LED_INDEX == {r[0]: r[1] for r in cfg.POINTS}
    assert cfg.SWITCH_BIT == {r[0]: r[2] for r in cfg.POINTS}


def test_generated_docs_match_board_config():
    assert hw.stale() == [], "run: .venv/bin/python tools/hw_tables.py"


def _table_rows(text, block):
    m = re.search(r"<!-- BEGIN GENERATED: %s -->\n(.*?)<!-- END GENERATED: %s -->" % (block, block), text, re.S)
    assert m, block
    rows = [ln for ln in m.group(1).splitlines() if ln.startswith("|")][2:]
    return [[c.strip() for c in ln.strip("|").split("|")] for ln in rows]


def test_point_table_in_readme_matches_config_row_by_row():
    # Read back the documented table and compare with the config directly (not via the generator).
    rows = _table_rows(_read("README.md"), "points")
    assert [r[0] for r in rows] == list(GEO.names)
    for r in rows:
        name, num, led, bit, chip, letter, pin = r[:7]
        b = cfg.SWITCH_BIT[name]
        assert int(num) == GEO.index[name]
        assert int(led) == cfg.LED_INDEX[name]
        assert int(bit) == b
        assert chip == "U%d" % (1 + b // 8) and letter == "ABCDEFGH"[b % 8]
        assert int(pin) == {"A": 11, "B": 12, "C": 13, "D": 14, "E": 3, "F": 4, "G": 5, "H": 6}[letter]


def test_pin_map_in_readme_matches_config():
    rows = _table_rows(_read("README.md"), "pin-map")
    doc = {r[0].strip("`"): int(r[1][2:]) for r in rows if r[1].startswith("GP")}
    for key, g in cfg.PINS.items():
        assert doc[key] == g, key
    for key, g in cfg.BUTTON_PINS.items():
        assert doc["button `%s" % key] == g, key


def test_led_chain_table_is_continuous():
    rows = _table_rows(_read("README.md"), "led-chain")
    assert [int(r[0]) for r in rows] == list(range(24))
    for r in rows:
        assert cfg.LED_INDEX[r[1]] == int(r[0])


def test_netlist_is_well_formed():
    nets = hw.netlist()
    seen = {}
    for net, pins in nets.items():
        for p in pins:
            assert p not in seen, "%s in %s and %s" % (p, seen.get(p), net)
            seen[p] = net
    for name in GEO.names:
        b = cfg.SWITCH_BIT[name]
        assert sorted(nets["PT_" + name]) == sorted(
            ["U%d.%d" % (1 + b // 8, hw.HC165_INPUT_PIN["ABCDEFGH"[b % 8]]), hw.switch_site(b)[3],
             "REED_%s.1" % name])
        assert "REED_%s.2" % name in nets["GND"]
    # LED chain: LED i's DIN is fed by LED i-1's DOUT (or R1 for LED0)
    din, dout = hw.LED_PIN["DIN"], hw.LED_PIN["DOUT"]
    assert sorted(nets["LED_DIN0"]) == sorted(["LED0.%d" % din, "R1.2"])
    for i in range(1, 24):
        assert sorted(nets["LED_DIN%d" % i]) == sorted(["LED%d.%d" % (i - 1, dout), "LED%d.%d" % (i, din)])
    # Pico pins in the netlist follow the config
    for key, g in cfg.PINS.items():
        assert "A1.%d" % hw.PICO_GPIO_PIN[g] in nets[hw.SIGNALS[key][0]]
    assert "A1.%d" % hw.PICO_GPIO_PIN[cfg.PINS["sr_data"]] in nets["SR_DATA"] and "U3.9" in nets["SR_DATA"]


def test_netlist_file_lists_every_net():
    text = _read("netlist.md")
    for net in hw.netlist():
        assert "| %s |" % net in text, net


def test_schematic_svg_is_valid_and_names_every_point():
    root = ET.parse(os.path.join(HW, "schematic.svg")).getroot()
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    for name in GEO.names:
        assert "REED_" + name in texts and "PT_" + name in texts, name


def test_spi0_can_read_the_chain():
    # The docs promise machine.SPI(0, sck=sr_clock, miso=sr_data) works (RP2040 GPIO function table).
    assert cfg.PINS["sr_clock"] in (2, 6, 18, 22)
    assert cfg.PINS["sr_data"] in (0, 4, 16, 20)


def test_buttons_in_template_follow_config():
    tpl = _load("morris_template_tool2", "tools/template.py")
    labels = [lab for lab, _ in tpl.button_positions(400.0)]
    assert sorted(labels) == sorted(cfg.BUTTON_PINS)


def test_build_guide_prose_follows_the_led_chain():
    # BUILD.md names the solder order in prose; it must follow board_config too.
    text = " ".join(_read("BUILD.md").split())
    chain = [r[0] for r in sorted(cfg.POINTS, key=lambda r: r[1])]
    assert "(%s)" % ", ".join(chain[:8]) in text
    assert "LED 0 = %s, 1 = %s, ... 23 = %s" % (chain[0], chain[1], chain[23]) in text
    assert "out to %s, the middle ring, out to %s, the outer ring" % (chain[8], chain[16]) in text


def test_build_epoxy_windows_after_bring_up():
    """The LED windows are cast in epoxy only after the bring-up has passed (a faulty LED can still be
    pushed out before), with the board face up for the cure; the harness step only seals the rims."""
    text = " ".join(_read("BUILD.md").split())
    harness = text[text.index("## 5. The harness"):text.index("## 6. The reed switches")]
    assert "fill the window" not in harness.lower() and "run hot glue into both gaps" in harness
    fill = text.index("**Last, fill the LED windows**")
    assert fill > text.index("## 10. Close the back") > text.index("## 9. Flash MicroPython")
    assert "face up and level, for **12 h**" in text[fill:]


def _bom_sections():
    text = _read("BOM.md")
    out = {}
    for sec in text.split("\n## ")[1:4]:
        rows = [ln for ln in sec.splitlines() if ln.startswith("|") and not ln.startswith("|---")][1:]
        out[sec.splitlines()[0]] = [[c.strip() for c in ln.strip("|").split("|")] for ln in rows]
    return text, out


def test_bom_lists_every_part_of_the_netlist_and_adds_up():
    text, sections = _bom_sections()
    refs = {p.rsplit(".", 1)[0] for pins in hw.netlist().values() for p in pins}
    covered = set()
    for row in sections["Electronics"]:
        for part in row[0].replace(" ", "").split(","):
            if ".." in part:                      # a range: C10..C33, LED0..LED23, RN1..RN6
                a, b = part.split("..")
                prefix = a.rstrip("0123456789")
                covered |= {prefix + str(k) for k in range(int(a[len(prefix):]), int(b[len(prefix):]) + 1)}
            elif part.endswith("_*"):
                covered |= {r for r in refs if r.startswith(part[:-1])}
            else:
                covered.add(part)
    assert refs - covered == set(), sorted(refs - covered)
    total = 0.0
    for name, rows in sections.items():
        items = [float(r[-1]) for r in rows if re.fullmatch(r"[0-9.]+", r[-1])]
        stated = [r[-1] for r in rows if r[-1].startswith("**~")][0]
        assert abs(sum(items) - float(stated.strip("*~"))) < 1.0, (name, sum(items), stated)
        total += sum(items)
    assert "about %d EUR" % (5 * round(total / 5)) in text, total


def test_bom_soft_start_values_follow_the_netlist():
    soft = _load("morris_board_netlist_bom", "tools/board_netlist.py").SOFT_START
    _, sections = _bom_sections()
    rows = {r[0]: r for r in sections["Electronics"]}
    assert rows["R2"][2].startswith("%d kOhm" % (soft["R2"] / 1e3))
    assert rows["C6"][2].startswith("%g uF" % (soft["C6"] * 1e6))
    assert rows["C8"][2].startswith("%g nF" % (soft["C8"] * 1e9))
    assert rows["C1"][2].startswith("%g uF" % (soft["C1"] * 1e6))


def _harness():
    return _load("morris_harness_consistency", "tools/harness.py")


def test_bom_heat_shrink_counts_follow_the_led_leg_joints():
    # Two 24 AWG wires on one leg (2.8 mm across) need the 4.8 mm tube (TE's sizing); the BOM counts from harness.py.
    hz = _harness()
    counts, unused = hz.led_leg_joints(hz.wires())
    sleeves = hz.led_sleeves(hz.wires())
    assert unused == ["LED23 DOUT"], unused
    _, sections = _bom_sections()
    rows = {r[2].split(",")[1].split()[0]: r for r in sections["Electronics"] if r[2].startswith("heat-shrink tube")}
    two, one, one24 = (rows[size][4] for size in ("4.8", "1.6", "2.4"))
    assert "each of the %d LED legs that carry two wires" % counts[2] in two and sleeves["3/16"] == counts[2]
    assert "each of the %d LED legs that carry one 26 AWG data wire" % sleeves["1/16"] in one
    assert "each of the %d LED legs that carry one 24 AWG wire" % sleeves["3/32"] in one24
    assert sleeves["1/16"] + sleeves["3/32"] == counts[1]
    build = " ".join(_read("BUILD.md").split())
    assert "LED23's (d7) DOUT leg stays unused: cut it off at the bend" in build
    assert "4.8 mm heat-shrink slid over both wires together" in build


def test_harness_wire_names_are_not_part_or_bridge_names():
    # A wire called R1 next to the resistor R1, or B1 next to the stripboard's bridge B1, is misread.
    hz = _harness()
    refs = {p.rsplit(".", 1)[0] for pins in hw.netlist().values() for p in pins}
    bridges = set(re.findall(r"^\| (B\d+) \|", _read("stripboard.md"), re.M))
    assert bridges, "stripboard.md lists no bridges"
    clash = {w["id"] for w in hz.wires()} & (refs | bridges)
    assert clash == set(), sorted(clash)


def test_build_positions_give_every_ring_channel_its_edges():
    # The edge guide's settings: each ring channel runs RING_OFFSET_MM beside its line (pitch 50 mm at
    # 400 mm: lines at 50/100/150 and 350/300/250 mm), 6 mm wide; checked from the numbers, not the layout.
    bl = _load("morris_board_layout_pos", "tools/board_layout.py")
    off, half = bl.RING_OFFSET_MM, bl.RING_CHANNEL[0] / 2
    text = _read("BUILD.md")
    rows = {m[0]: m[1] for m in re.findall(r"^\| (\w+ ring channel \w\d-\w\d) \| ([^|]+) \| ([^|]+) \|", text, re.M)}
    assert len(rows) == 12, sorted(rows)
    lines = {"outer": (50, 350), "middle": (100, 300), "inner": (150, 250)}
    for label, y_span in rows.items():
        ring, a, b = label.split()[0], label[-5:-3], label[-2:]
        near, far = lines[ring]
        if a[1] == b[1]:                  # a side along x: its edges across are in the y column
            line = {"1": 350, "2": 300, "3": 250, "5": 150, "6": 100, "7": 50}[a[1]]
            centre = line - off if (ring == "inner" and a[1] == "3") else line + off
            assert y_span.strip() == "%g .. %g" % (centre - half, centre + half), label
        else:                             # a side along y: its edges in the x column (front view)
            x = {"a": 50, "b": 100, "c": 150, "e": 250, "f": 300, "g": 350}[a[0]]
            x_span = re.search(r"^\| %s \| [^|]+ \| ([^|]+) \|" % re.escape(label), text, re.M).group(1)
            assert x_span.strip() == "%g .. %g" % (x - off - half, x - off + half), label


# --- maker review 1: the build's schedule, order and numbers -------------------------------------------------

def _build():
    return " ".join(_read("BUILD.md").split())


def _section(text, start, end):
    return text[text.index(start):text.index(end, text.index(start))]


def test_the_schedule_is_counted_and_the_guide_does_not_promise_a_weekend():
    """Item 18: the hours come from the design's counts (holes, cuts, links, wires, joints); the plan puts every
    step in a day of about 8 hours, the cures overnight; BUILD.md states the total and three weekends, and no
    document promises one weekend."""
    total = hw.total_hours()
    text = _build()
    assert "about **%d hours of work: three weekends**" % round(total) in text and "It does not fit one weekend" in text
    days = hw.plan_hours()
    assert all(h <= 9.0 for _, _, h in days), days
    assert len([d for d, _, _ in days if d.startswith("weekend")]) == 6
    shown = {sec: h for sec, _, h in hw.schedule()}     # maker review 10: a day's hours are its rows' as printed
    assert all(h == round(h, 1) for h in shown.values())
    for (_, _, keys), (_, _, h) in zip(hw.PLAN, days):
        assert "%.1f" % h == "%.1f" % sum(shown[k] for k in keys)
    for name in ("BUILD.md", "README.md"):
        assert "in a weekend" not in _read(name)
    assert "in a weekend" not in open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()


def test_the_build_order_powers_after_the_checks_measures_before_glue_seats_before_laying():
    """Items 19-21: the logic board is first powered (5.3) after the multimeter checks of 4.6; the reeds' wires
    are measured (6.4) before any wire is glued (6.5, none in section 5); each LED is seated in its window
    before its joints are laid in the spur."""
    text = _build()
    checks = text.index("**Before it is ever powered**")
    first_power = text.index("Flash MicroPython and deploy the firmware (section 9")
    assert checks < first_power and "has passed the checks of 4.6: this is the first time it is powered" in text
    assert "| Q1 gate (" in _section(text, "## 4. The logic board", "## 5. The harness")
    harness = _section(text, "## 5. The harness", "## 6. The reed switches")
    assert "hot glue every 10 cm" not in harness and "**No glue yet**" in harness
    reeds = _section(text, "## 6. The reed switches", "## 7. Stones")
    assert reeds.index("Measure each signal wire to GND") < reeds.index("**Now glue**")
    assert harness.index("**Seat the LED**") < harness.index("**Lay the joints in the spur**")


def test_the_stones_jig_sorts_the_discs_and_sets_the_stop_per_group():
    """Item 6: a disc stands on the backer board, so the stop is set again for every group of discs within
    0.2 mm; discs outside 8..10 mm or not flat are discarded; the jig's hole has room for a 31 mm disc."""
    bl = _load("morris_board_layout_stones", "tools/board_layout.py")
    text = _build()
    stones = _section(text, "## 7. Stones", "## 8.")
    assert "**Discard** a disc thinner than 8.0 mm, thicker than 10.0 mm, under 29.0 or over 31.0 mm across" in stones
    assert "**For each group, set the depth stop again**" in stones and "within 0.2 mm" in stones
    assert "**%g mm Forstner** hole" % bl.STONE_JIG_HOLE_MM in stones and bl.STONE_JIG_HOLE_MM > 31.0
    assert "**%g mm lower**" % bl.STONE_POCKET[1] in stones
    assert "| 32 mm Forstner | the stone jig's hole |" in _read("BOM.md")


def test_every_reed_is_tested_against_a_figure():
    """Item 9: each reed closes with the stone on a 3.0 mm stack in the depth test's pocket, or is discarded."""
    reeds = _section(_build(), "## 6. The reed switches", "## 7. Stones")
    assert "until the stack measures **3.0 mm**" in reeds and "is **discarded**" in reeds
    assert hw.DEPTH_TEST_MARGIN_MM == 3.0


def test_the_computer_needs_root_once_and_the_dialout_group():
    """Item 11: libcairo2 as root, the serial port through the dialout group."""
    for text in (_build(), " ".join(open(os.path.join(ROOT, "docs", "pico.md"), encoding="utf-8").read().split())):
        assert "sudo usermod -aG dialout $USER" in text
    assert "sudo apt-get install git make python3-venv libcairo2" in _build()


def test_cure_times_are_one_figure_everywhere():
    """Item 15: 12 h before a stone is sanded (then finished for the depth test), 24 h before play."""
    text = _build()
    assert "hard enough to sand after **12 h**" in text and "played with only after **24 h**" in text
    stones = _section(text, "## 7. Stones", "## 8.")
    assert "After 12 h sand the base flat" in stones and "cured 24 h" in stones
    sensing = " ".join(_read("sensing.md").split())
    assert "12 h after its epoxy went in" in sensing and "SAFETY.md" in sensing
    assert "epoxy cures in 24 h before the stones are played with" in " ".join(_read("SAFETY.md").split())


def test_the_depth_test_margin_is_stated_as_it_is():
    """Item 17: 3 mm more than the 7.5-8.5 mm gap is about 1.4 times it, not 2x; the figures are generated."""
    text = " ".join(_read("sensing.md").split())
    assert "2x margin" not in text and "**1.35-1.40 times** the gap in play" in text


def test_the_load_reading_is_taken_where_a_probe_reaches():
    """Item 14: the rail is measured on the logic board (review 3, item 5: probes at Q1's tab and the Pico's debug GND
    hole, no clips); the last LED's share is computed from
    the harness's wire lengths, not probed at C33 under a sleeve."""
    text = _build()
    assert "C33" not in text and "probe its two bare solder joints" not in text
    assert "Hold the multimeter's probes by hand" in text and "**+5V_LED: Q1's metal tab**" in text
    assert "it must read at least **%.2f V** with the default" % hw.rail_check()[0]["need"] in text


def test_the_bom_buys_the_bits_the_build_uses():
    """Item 13: the bits table is generated from the layout's BITS (one figure: no '6 mm for all channels')."""
    bom = _read("BOM.md")
    assert "all channels" not in bom
    assert "| 8 mm straight router bit | LED spur channel;" in bom and "| 6 mm straight router bit | ring channel;" in bom


def test_angled_spurs_have_their_lines_and_a_method():
    """Item 8: every spur's centre line is in BUILD.md; the six angled ones are drilled and chiselled."""
    rows = [r for r in _table_rows(_read("BUILD.md"), "spurs") if len(r) == 5]
    assert len(rows) == 24
    angled = [r for r in rows if "degrees" in r[3]]
    assert len(angled) == 6 and all(r[4] == "drill and chisel" for r in angled)
    assert "pare the walls to the two pencil lines with the 6 mm chisel" in _build()
    bl = _load("morris_board_layout_spurs", "tools/board_layout.py")
    assert "%g mm brad-point holes 6 mm deep along the centre line" % bl.ANGLED_SPUR_HOLE_D in _build()
    assert "the holes along the angled LED spurs" in _read("BOM.md")


def test_the_usb_cable_needs_no_part_measured_by_trial():
    """Item 10: two cable ties (their width is their specification) hold the cable; the plug pocket takes any
    plug up to 12 x 9 x 24 mm; no P-clip is left in any document."""
    bl = _load("morris_board_layout_cable", "tools/board_layout.py")
    assert bl.CABLE_MM[0] + 2 * bl.TIE_HEAD_MM + 2 * bl.TIE_BAND_MM > bl.USB_CHANNEL[0] + 1.0
    for name in ("BUILD.md", "BOM.md", "README.md", "harness.md"):
        assert "P-clip" not in _read(name), name
    assert "cable tie, nylon, 2.5 x 100 mm" in _read("BOM.md")
    assert "12.5 mm across" in _build()
    assert bl.CABLE_MM[0] + 2 * bl.TIE_HEAD_MM + 2 * bl.TIE_BAND_MM == 12.5


def test_the_features_that_meet_are_listed_and_the_wall_rule_says_so():
    """Item 16: the guide lists the features meant to meet (the cavity opens into the inner ring channels, the
    plug pocket crosses e5-c5, the USB channel two ring channels) and states the 4 mm rule for all others."""
    text = _build()
    assert "The electronics cavity meets the USB plug pocket, the front radial channel, the inner ring channel " \
           "e3-e5, the inner ring channel e5-c5" in text
    assert "Everywhere else at least 4 mm of wood stands between two features" in text
    assert "the 400 mm board has 4.5 mm at its thinnest" not in text



# --- maker review 2 ------------------------------------------------------------------------------------------

def test_every_step_of_the_plan_has_its_inputs_before_it():
    """Maker review 2, items 5 and 6: the evening before made the test stone with a jig cut from a strip that was
    only cut in 3.1 on the Saturday, and the depth test (2) needed that strip while 3.1 needed the depth test's
    result. The steps now say what they need and make (STEP_IO); the plan is walked in order, cures overnight."""
    assert hw.plan_faults() == []
    assert sorted(k for _, _, keys in hw.PLAN for k in keys) == sorted(hw.STEP_IO)
    review2 = (("the evening before", "", ("7.2-7.4",)),                         # the test stone: no strip, no jig yet
               ("weekend 1, Saturday", "", ("1", "2.4", "2.1-2.3", "3.1-3.8")))
    faults = hw.plan_faults(review2)
    assert any("step 7.2-7.4 needs the stone jig" in f for f in faults) and any("step 2.4 needs the strip" in f
                                                                           for f in faults), faults
    same_day = (("the evening before", "", ("2.1-2.3", "2.4")),)
    assert any("still curing" in f for f in hw.plan_faults(same_day))
    text = _build()
    assert "| the evening before | 2.1-2.3: the sheet cut and measured, the stone jig, the test stone" in text
    two = _section(text, "## 2. The strip", "## 3. Cut")
    assert two.index("**Measure its thickness**") < two.index("**The stone jig**") < two.index("**The depth test**")
    assert "REED_WOOD=<3 or 2: the depth test, 2.4>" in _section(text, "## 3. Cut", "## 4.")


def test_the_last_led_sees_its_datasheet_minimum():
    """Maker review 2, item 11: the last LED was allowed 4.3 V; WS2812-family datasheets give VDD from 4.5 V. The
    reading at U4 is 4.5 V plus the wires' loss, rounded up; what to do when it is lower is generated with it, and
    the default budget passes with any port inside USB's 4.75 V."""
    harness = _load("morris_harness_led", "tools/harness.py")
    assert harness.LED_END_MIN_V == 4.5
    rc = hw.rail_check()
    for r in rc:
        assert r["need"] >= harness.LED_END_MIN_V + r["wires"] - 1e-9 and r["need"] >= harness.U4_MIN_V
    assert rc[0]["vbus"] <= hw.USB_VBUS_MIN_V
    text = _build()
    assert "If it reads lower, find where the volts go" in text and "4.3 V or more" not in text
    assert "With VBUS at 4.75 V (USB's minimum) or more at the Pico the default budget always passes" in text


def test_the_led_leg_order_is_found_without_power_on_a_data_pin():
    """Maker review 2, item 12: up to four leg orders were tried with 5 V through 100 Ohm, a wrong guess putting the
    supply on DIN or DOUT. VDD and GND are found with the multimeter's diode test (about 1 mA, no supply); DIN and
    DOUT follow from both datasheet orders (DIN beside VDD, DOUT beside GND); power goes on only in that order."""
    step = _section(_build(), "3. **Find the LED's leg order now", "4. **Lay the logic board")
    assert "**diode test**" in step and "DIN is the leg beside VDD" in step and "DOUT the leg beside GND" in step
    assert "Try in turn" not in step and "harmless" not in step
    assert step.index("diode test") < step.index("first time it is powered")
    assert "a multimeter with a diode test" in " ".join(_read("BOM.md").split())
    for order in ((1, "DIN", 2, "VDD", 3, "GND", 4, "DOUT"), (1, "VDD", 2, "DIN", 3, "DOUT", 4, "GND")):
        legs = dict(zip(order[1::2], order[0::2]))
        assert abs(legs["DIN"] - legs["VDD"]) == 1 and abs(legs["DOUT"] - legs["GND"]) == 1


def test_tools_and_wire_are_bought_by_the_dimensions_that_matter():
    """Maker review 2, items 7-10 and 14: the machines' and bits' figures come from the layout (test_template); the
    28 AWG wire is thin-wall by its UL style (UL1007 is 1.1 mm across, the harness is checked at 1.0 mm)."""
    harness = _load("morris_harness_wire", "tools/harness.py")
    bom = " ".join(_read("BOM.md").split())
    assert "UL style 1061" in bom and "Not UL1007 in 28 or 26 AWG" in bom
    for gauge, mm in harness.INSULATION_MM.items():
        assert "at most %s mm (%s)" % (("%.1f" % mm), gauge) in bom or "%.1f mm (%s)" % (mm, gauge) in bom, gauge
    assert "<!-- BEGIN GENERATED: tools -->" in _read("BOM.md")


def test_felt_pads_fit_the_stones_and_close_the_cover():
    """Maker review 2, item 15: a 25 mm pad cannot cover the whole base of a 29..31 mm disc: it is centred over the
    filled magnet pocket; the BOM buys one per stone and one per cover reed hole."""
    bl = _load("morris_board_layout_felt", "tools/board_layout.py")
    assert bl.STONE_POCKET[0] + 2 * 5.0 <= bl.FELT_PAD_D <= 29.0
    stones = _section(_build(), "## 7. Stones", "## 8.")
    assert "stick a 25 mm felt pad centred on the base" in stones and "over the whole base" not in stones
    assert "| 48 (+2) | self-adhesive felt pads, 25 mm round, 1 mm |" in _read("BOM.md")
    assert "stick a 25 mm felt pad centred over each reed hole" in _build()


def test_the_readme_names_the_flipped_leds_as_the_layout_has_them():
    """Maker review 2, item 16: 'the four inner-ring points of the front side' were three."""
    bl = _load("morris_board_layout_flip", "tools/board_layout.py")
    flipped = [n for n in GEO.names if bl.led_angle(n, 400.0) != bl.LED_ANGLE_DEG]
    front = [n for n in flipped if n[1] == "3"]
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    text = " ".join(_read("README.md").split())
    assert "the %s inner-ring points of the front side and %s (%s)" % (
        words[len(front)], ", ".join(n for n in flipped if n not in front), ", ".join(front + [n for n in flipped
                                                                                       if n not in front])) in text


def test_dowel_slices_have_a_method_and_its_tools():
    """Maker review 2, item 17: slices parallel within 0.2 mm need a square cut and a way to true them."""
    stones = _section(_build(), "## 7. Stones", "## 8.")
    assert "mitre box" in stones and "stop block" in stones and "until its three thicknesses agree" in stones
    bom = " ".join(_read("BOM.md").split())
    assert "a mitre box for stock up to 50 mm" in bom and "abrasive paper, 120 grit" in bom


def test_parts_are_named_as_their_distributors_list_them():
    """Maker review 2, 'not verified': C1's suffix (DigiKey lists UPW1E220MDD, Mouser UPW1E220MDD6), the heat-shrink's
    TE catalogue number, the magnet by its measurable grade range rather than one shop's number."""
    bom = _read("BOM.md")
    assert "UPW1E220MDD (DigiKey 493-1811-ND" in bom and "TE's catalogue number 5052892055" in bom
    assert "grade N42 to N52" in bom


# --- maker review 3 -------------------------------------------------------------------------------------------

def _bl(name="morris_board_layout_review3"):
    return _load(name, "tools/board_layout.py")


def test_the_router_guide_reaches_every_pass_or_a_batten_takes_over():
    """Maker review 3, item 2: the front radial channel's centre lies 196 mm from the nearer edge and the pockets'
    walls up to 199 mm, beyond the ~150 mm many stock guides reach; the BOM states the reach the layout needs and a
    fallback (a clamped batten, stop blocks at the closed ends), and BUILD.md says how to use it."""
    bl = _bl()
    reach, (far, _) = bl.guide_reach_mm()
    assert all(mm <= reach for mm, _ in bl.guide_passes()) and far > bl.GUIDE_STOCK_MM
    x0, x1 = (float(v) for v in re.search(r"^\| front radial channel \| [^|]+ \| ([\d.]+) \.\. ([\d.]+) \|",
                                           _read("BUILD.md"), re.M).groups())
    centre = (x0 + x1) / 2
    assert min(centre, 400.0 - centre) <= reach
    bom = " ".join(_read("BOM.md").split())
    assert "**The guide must reach %d mm** from its fence to the bit's centre" % reach in bom
    assert "**straight batten**" in bom and "**four clamps** in all" in bom
    build = _build()
    assert "An edge guide that does them all reaches **%d mm**" % reach in build
    guide = _section(build, "**The router's guide**", "Every LED spur's centre line")
    assert "**straight batten**" in guide and "**Closed ends**" in guide
    routing = _section(build, "6. **Cavity, plug pocket", "7. **Button body pockets**")
    assert "the clamped batten" in routing and "stop blocks" in routing


def test_the_varnish_goes_on_after_every_cut():
    """Maker review 3, item 3: the schedule had the first coat drying while the back was routed (the wet top face
    on the bench, in the dust); 3.11 varnishes after every cut, and the plan says so."""
    day = [text for day, text, keys in hw.PLAN if "3.9-3.11" in keys][0]
    assert "while you rout" not in day and day.index("every cut first") < day.index("varnish")
    steps = _section(_build(), "## 3. Cut, drill and rout", "## 4. The logic board")
    assert steps.index("**Channels**") < steps.index("**Cover screw pilots**") < steps.index("**two coats** of clear")
    assert "while you rout" not in _build()


def test_no_document_allows_the_wire_the_bom_forbids():
    """Maker review 3, item 4: harness.md allowed 'PVC- or silicone-insulated' wire while the BOM forbids silicone
    wire (thicker: the channels and the cavity are checked at the thin-wall PVC maxima) and sends the maker to
    harness.md for the totals. Wherever a document names silicone wire it forbids it."""
    harness = _load("morris_harness_review3", "tools/harness.py")
    for name in sorted(os.listdir(HW)):
        if not name.endswith(".md"):
            continue
        text = " ".join(_read(name).split())
        for sentence in re.split(r"(?<=[.;|])\s", text):
            if "silicone" in sentence.lower():
                assert re.search(r"\b(not|nor|no)\b", sentence), (name, sentence)
    md = " ".join(_read("harness.md").split())
    assert "thin-wall PVC of UL style 1061" in md
    for gauge, mm in harness.INSULATION_MM.items():
        assert "%.1f mm (%s)" % (mm, gauge) in md


def test_the_powered_rail_is_probed_where_no_clip_can_short_it():
    """Maker review 3, item 5: crocodile clips on U4 pin 14 (its neighbour pin 13 is tied to GND) or on the Pico's
    pins 1 mm above it short the LED rail under load. 9.3 names points a hand-held probe takes safely: Q1's bare
    tab (the drain: +5V_LED) and the Pico's debug GND hole; VBUS at the Pico's pin 40, whose neighbour is VSYS."""
    from board_netlist import Q1_PIN
    nets = hw.netlist()
    assert "Q1.%d" % Q1_PIN["D"] in nets["+5V_LED"] and "U4.13" in nets["GND"] and "U4.14" in nets["+5V_LED"]
    powered = _section(_build(), "## 9. Flash MicroPython", "## 10. Close the back")
    assert "Clip the" not in powered and "with crocodile clips" not in powered
    assert "no crocodile clips on the logic board" in powered
    assert "**+5V_LED: Q1's metal tab**" in powered and "**GND: the middle one of the Pico's three debug holes**" in powered
    assert "**Q1's source leg** (%s: F1's output)" % hw.q1_hole("S") in powered
    assert "the drain leg, is the tab's own net" in powered and hw.q1_hole("D")[hw.q1_hole("D").index("R"):] == \
        hw.q1_hole("S")[hw.q1_hole("S").index("R"):]
    assert "U4 pin 14 must read" not in _build()


_TEST_ONLY = ("networkx", "wireviz", "yaml", "playwright", "pytest", "hypothesis", "coloraide", "mypy")
_BLOCKER = """import runpy, sys
class _Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in %r:
            raise ImportError("a test-only package: " + name)
sys.meta_path.insert(0, _Block())
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
""" % (_TEST_ONLY,)


def test_the_python_version_and_the_makers_install_are_stated_once(tmp_path):
    """Maker review 3, item 7: BUILD.md asked for 'Python 3' while pyproject.toml requires 3.11 (Ubuntu 22.04 has
    3.10), and `make template` installed the whole test extra to draw the template. The minimum is the same in
    pyproject.toml, the Makefile's check and BUILD.md; `make template` installs the maker extra, which the test extra
    contains, and the template and the deploy run without any test-only package."""
    import subprocess
    import sys
    import tomllib
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    minimum = re.fullmatch(r">=(\d+\.\d+)", project["requires-python"]).group(1)
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        makefile = f.read()
    assert re.search(r"^PY_MIN\s*:=\s*%s$" % re.escape(minimum), makefile, re.M)
    assert "**Python %s or later**" % minimum in _build()
    assert re.search(r"^template: \$\(MAKER_STAMP\)$", makefile, re.M)
    assert re.search(r"^\$\(MAKER_STAMP\): pyproject.toml\n(?:\t.*\n)*?\t\$\(PY\) -m pip install -q '\.\[maker\]'",
                     makefile, re.M)

    def names(reqs):
        return {re.split(r"[<>=\[ ]", r, maxsplit=1)[0].lower() for r in reqs}
    extras = project["optional-dependencies"]
    assert names(extras["maker"]) <= names(extras["test"])
    assert not names(extras["maker"]) & set(_TEST_ONLY)
    blocker = tmp_path / "block.py"
    blocker.write_text(_BLOCKER)
    for argv in (["tools/template.py", "--size", "400mm", "--no-pdf", "--dxf", "--out", str(tmp_path / "t.svg")],
                 ["tools/deploy.py", "--dry-run"]):
        r = subprocess.run([sys.executable, str(blocker)] + argv, cwd=ROOT, capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, (argv, r.stderr[-2000:])


_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "ten": 10}


def test_the_bom_buys_a_clip_lead_for_every_clipped_connection():
    """Maker review 3, item 8: the BOM bought three crocodile-clip leads; the one-LED test clips five connections
    (GND; the wire, the 100 Ohm resistor, VDD; the wire, R1, DIN). 5.3 lists them, the BOM buys as many."""
    with open(os.path.join(HW, "BUILD.md"), encoding="utf-8") as f:
        raw = f.read()
    step = raw[raw.index("Connect the LED with **"):raw.index("DOUT stays free", raw.index("Connect the LED with **"))]
    clips = re.findall(r"^\s+\d\. ", step, re.M)
    said = re.search(r"Connect the LED with \*\*(\w+) crocodile-clip leads\*\*", step).group(1)
    assert _WORDS[said] == len(clips) == 5
    bought = re.search(r"(\w+) crocodile-clip leads", " ".join(_read("BOM.md").split())).group(1)
    assert _WORDS[bought] >= len(clips)
    assert "Clip the" not in _section(_build(), "## 9. Flash MicroPython", "## 10. Close the back")


def test_the_stones_have_the_box_safety_relies_on():
    """Maker review 3, item 9: SAFETY.md counts the stones into their box and keeps it 10 cm from implants; the BOM
    had no box. It buys one that takes the 24 stones at their largest (31 x 10 mm) in two layers of 4 x 3."""
    _, sections = _bom_sections()
    box = [r for r in sections["Stones and magnets"] if r[1].startswith("box with a lid for the 24 stones")]
    assert len(box) == 1
    w, d, h = (int(v) for v in re.search(r"at least (\d+) x (\d+) x (\d+) mm inside", box[0][3]).groups())
    assert w >= 4 * 31 and d >= 3 * 31 and h >= 2 * 10 and len(cfg.POINTS) == 4 * 3 * 2
    safety = " ".join(_read("SAFETY.md").split())
    assert "Count the stones into their box (the BOM's box with a lid)" in safety


def test_the_board_has_a_power_source_for_play():
    """Maker review 3, item 10: the BOM listed only the cable; README mentioned chargers and the 500 mA option but no
    supply was chosen. The BOM buys a 5 V USB mains adapter with more current than the board's worst case."""
    _, sections = _bom_sections()
    supply = [r for r in sections["Electronics"] if r[2].startswith("USB power supply")]
    assert len(supply) == 1
    amps = float(re.search(r"5 V at ([\d.]+) A or more", supply[0][4]).group(1))
    row = [ln for ln in _read("README.md").splitlines() if ln.startswith("| whole board, worst case at the cap |")][0]
    worst = max(float(c) for c in row.strip("|").split("|")[1:3])
    assert amps * 1000 >= 2 * worst
    assert "**Away from the computer**" in _read("README.md") and "USB power supply (BOM)" in _build()


SLICE_MM, KERF_MM, SQUARE_MM, HOLD_MM = 10.0, 1.0, 5.0, 50.0   # BUILD.md 7.1: a slice, the saw's kerf, the end
#                                                                squared off, the end the mitre box must hold


def test_the_dowel_gives_every_slice_with_its_kerf():
    """Maker review 3, item 11: 300 mm of dowel gave fewer than the 24 (+4) slices of 10.0 mm once the kerf, the
    squared end and the end the mitre box holds are counted."""
    _, sections = _bom_sections()
    discs = [r for r in sections["Stones and magnets"] if "wooden discs" in r[1]][0]
    n = sum(int(v) for v in re.findall(r"\d+", discs[0]))
    length = int(re.search(r"a (\d+) mm length of 30 mm beech dowel", discs[2]).group(1))
    assert length >= n * (SLICE_MM + KERF_MM) + SQUARE_MM + HOLD_MM, (n, length)
    stones = _section(_build(), "## 7. Stones", "## 8.")
    assert "stop when %d mm of dowel remain" % HOLD_MM in stones and "the BOM's %d mm gives the %d slices" % (
        length, n) in stones


def test_every_spare_disc_has_its_magnet():
    """Maker review 3, item 12: 24 (+2) magnets for 24 (+4) discs; a stone remade after the check of 7.5 takes a new
    magnet (the old one is sealed in epoxy and is not taken out: SAFETY.md)."""
    _, sections = _bom_sections()
    rows = sections["Stones and magnets"]

    def spares(row):
        return int(re.fullmatch(r"\d+ \(\+(\d+)\)", row[0]).group(1))
    magnets = [r for r in rows if r[1].startswith("NdFeB disc magnet")][0]
    discs = [r for r in rows if "wooden discs" in r[1]][0]
    assert spares(magnets) >= spares(discs)
    assert "Do not take them out of the stones" in _read("SAFETY.md")


def test_discs_have_both_diameter_limits_the_jig_assumes():
    """Maker review 3, item 13: 7.2 discarded discs over 31.0 mm only; the BOM's 29..31 mm and the jig's 1.5 mm
    centring (2.2) need the lower limit too."""
    bl = _bl()
    lo, hi = bl.DISC_D_MM
    off = (bl.STONE_JIG_HOLE_MM - lo) / 2
    build = _build()
    assert "the magnet lands within %g mm of the disc's centre" % off in build
    assert "under %.1f or over %.1f mm across" % (lo, hi) in _section(build, "## 7. Stones", "## 8.")
    assert "%g..%g mm across" % (lo, hi) in " ".join(_read("BOM.md").split()) and bl.STONE_JIG_HOLE_MM > hi


def test_the_reed_lower_lead_reaches_the_channel_floor_in_every_sheet(tmp_path):
    """Maker review 3, item 15: 8 mm past the bend left the GND joint above the channel's floor (the bend up to
    1.6 mm proud, the floor 6 mm down, the channel's centre 4 mm off the pocket's axis). The cut length follows the
    sheet: over and down to the floor, in sensing.md's table, the sheet's depths file and 6.3. Maker review 4,
    item 1: the joint's 3 mm along the floor asked for more lead than an MDSR-10 has; the joint is on the lead's
    last 3 mm standing in the channel, its end on the floor."""
    import subprocess
    import sys
    bl = _bl()
    sensing = _read("sensing.md")
    for t in (17.0, 18.0, 19.0):
        for w in bl.REED_WOOD_OPTIONS:
            depth = t - w
            need = bl.REED_LEAD_RUN_MM + bl.reed_bend_proud_mm(depth) + bl.RING_CHANNEL[1]
            assert bl.RING_OFFSET_MM - bl.RING_CHANNEL[0] / 2 < bl.REED_LEAD_RUN_MM < bl.RING_OFFSET_MM
            assert need - bl.REED_LEAD_STEP_MM < bl.reed_lower_lead_mm(depth) <= need
        row = re.search(r"^\| %g \| ([\d.]+) mm \| ([\d.]+) mm \|$" % t, sensing, re.M)
        assert row and [float(v) for v in row.groups()] == [
            bl.reed_lower_lead_mm(t - w) for w in sorted(bl.REED_WOOD_OPTIONS, reverse=True)]
    lo, hi = bl.reed_lower_lead_range_mm()
    reeds = _section(_build(), "## 6. The reed switches", "## 7. Stones")
    assert "%g to %g mm past the bend" % (lo, hi) in reeds and "8 mm past the bend" not in reeds
    assert "leaves at least %g mm there" % round(bl.reed_lead_past_bend_mm(), 2) in reeds
    assert "lie on the channel floor" not in reeds and "Its last 3 mm, standing in the channel" in reeds
    assert "straight down into the channel-to-be, parallel to the glass, **%g mm from the first bend**" \
        % bl.REED_LEAD_RUN_MM in reeds
    assert "**Bend the lower lead before the switch goes in**" in reeds          # maker review 9, item 5
    r = subprocess.run([sys.executable, "tools/template.py", "--thickness", "17.6", "--reed-wood", "2", "--no-pdf",
                        "--out", str(tmp_path / "t.svg")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "cut each %g mm past its bend" % bl.reed_lower_lead_mm(15.6) in (tmp_path / "t-depths.md").read_text()


def test_the_reed_lower_lead_is_never_cut_longer_than_it_is(monkeypatch):
    """Maker review 4, item 1: the MDSR-10's lead is at least 14.39 mm (Littelfuse), 11.96 mm of it past a bend 2 mm
    from the glass; the cut length asked for (the 17 mm sheet's 15 mm) was longer. For every sheet the tool accepts,
    in 0.1 mm steps, and both wood options the lead reaches the channel's floor with what it has, and the part
    standing in the channel holds the 3 mm joint even with the bend 1 mm lower; a shorter lead is refused."""
    bl = _bl()
    assert bl.REED_LEAD_LEN_MM <= (40.38 - 10.16) / 2 and bl.REED_BEND_MM >= 2.0
    have = bl.reed_lead_past_bend_mm()
    lo, hi = bl.THICKNESS_RANGE_MM
    for k in range(int(round((hi - lo) * 10)) + 1):
        t = lo + k / 10.0
        for w in bl.REED_WOOD_OPTIONS:
            depth = t - w
            assert bl.reed_lower_lead_mm(depth) <= bl.reed_lower_lead_need_mm(depth) <= have, (t, w)
            standing = bl.reed_bend_proud_mm(depth) - 1.0 + bl.RING_CHANNEL[1]
            assert standing >= bl.REED_JOINT_MM + bl.REED_LEAD_STEP_MM, (t, w)
            assert bl.reed_lead_problems(bl.features(400.0, t, w)) == []
    monkeypatch.setattr(bl, "REED_LEAD_LEN_MM", 13.0)
    problems = bl.check(bl.features(400.0, lo), 400.0)
    assert any("lower leads need" in p for p in problems), problems


def test_the_signal_wire_check_names_a_point_a_probe_reaches():
    """Maker review 3, item 16: 6.4 measured each signal wire 'at its pad, on the component side', where no metal
    shows (the joint faces down in the cavity, the insulation reaches the board). It names the 74HC165 pin of
    table 5 (and README's points table) and U1 pin 8 for GND; every reed pad's table-5 pin is a 74HC165 input."""
    sb = _load("morris_stripboard_review3", "tools/stripboard.py")
    reeds = _section(_build(), "## 6. The reed switches", "## 7. Stones")
    assert "at its pad, on the component side" not in reeds
    assert "**74HC165 pin the pad is wired to**" in reeds and "**the middle one of the Pico's three debug holes**" in reeds
    assert sb.pad_check_pin("GND inner ring") == "U1 pin 8"
    for name, _, _ in cfg.POINTS:
        chip, pin = re.fullmatch(r"(U\d) pin (\d+)", sb.pad_check_pin("reed " + name)).groups()
        assert chip in ("U1", "U2", "U3") and int(pin) in HC165_INPUTS
    assert "e.g. %s for c3" % sb.pad_check_pin("reed c3") in reeds


HC165_INPUTS = (3, 4, 5, 6, 11, 12, 13, 14)    # A..H of the 74HC165 (SN74HC165 pinout)


def test_the_button_carrier_wires_are_lap_soldered_on_the_copper():
    """Maker review 3, item 17: the button carrier's wires were soldered 'onto the copper ... at the hole left of its
    first leg' without saying how; its component side lies on the pocket floor, so nothing may stick out there.
    They are lap-soldered flat on the copper side, through no hole; carriers.svg says the same."""
    harness = _section(_build(), "7. **Buttons**", "8. **SW5** (reset)")
    assert "**lap-soldered on the copper side**, through no hole" in harness
    assert "nothing may stand out of its component side but the switches" in harness
    with open(os.path.join(HW, "carriers.svg"), encoding="utf-8") as f:
        assert "lap-soldered flat on the copper side at the hole marked (through no hole)" in f.read()


def test_overlapping_spur_holes_are_drilled_alternately():
    """Maker review 3, item 18: 8 mm holes every 4 mm, drilled one after the other, land each spur on the previous
    hole's rim and the bit wanders; alternate holes go first, those between them after."""
    bl = _bl()
    routing = _section(_build(), "9. **Channels**", "10. **Cover screw pilots**")
    assert "**First every other hole** (the circled crosses, 8 mm apart" in routing
    assert "**Then the holes between them**" in routing
    assert bl.ANGLED_SPUR_HOLE_D == 2 * 4.0 and "every 4 mm" in routing


def test_the_template_is_printed_for_the_measured_sheet_and_the_tested_wood():
    """Maker review 3, item 20: section 1 printed the template with the defaults (18 mm, 3 mm of wood) before 2.1
    measured the sheet and 2.4 chose the wood, so the back view's depth labels were wrong for other sheets; 3.1 did
    not say whether to reprint. Section 1 needs both (the plan checks it), prints with them, and 3.1 says so."""
    assert hw.plan_faults() == []
    early = tuple((day, text, ("1", "2.4", "3.1-3.8") if "2.4" in keys else keys) for day, text, keys in hw.PLAN)
    assert any("step 1 needs the reed wood" in f for f in hw.plan_faults(early))
    assert set(hw.STEP_IO["1"][0]) >= {"sheet thickness", "reed wood"}
    build = _build()
    first = _section(build, "## 1. Print and check the template", "This writes into")
    assert "make template THICKNESS=<the mean of 2.1> REED_WOOD=<3 or 2: the depth test, 2.4>" in first
    assert "Print it **after** section 2" in first
    steps = _section(build, "## 3. Cut, drill and rout", "2. **From the top**")
    assert "printed again with yours" in steps and "The template of section 1 was printed for your sheet" in steps


def test_the_heat_shrink_is_bought_in_the_lengths_the_build_takes():
    """Maker review 3, item 22: the 2.4 mm tube was a TE spool for 2 x 6 mm of it (and ~5 EUR is not a spool's
    price); the other sizes are 1.2 m sticks. It is bought as a short length, with its sizing; every tube's length
    covers its sleeves."""
    hz = _harness()
    sleeves = hz.led_sleeves(hz.wires())
    _, sections = _bom_sections()
    rows = {r[2].split(",")[1].split()[0]: r for r in sections["Electronics"] if r[2].startswith("heat-shrink tube")}
    small = rows["2.4"]
    assert "spool" not in small[2] and "-SP" not in small[3] and float(small[-1]) <= 2.0
    metres = float(re.search(r"a short length \(([\d.]+) m is plenty\)", small[2]).group(1))
    assert sleeves["3/32"] * 6.0 <= metres * 1000 and "bought by the metre" in small[4]
    for size in ("1.6", "4.8"):
        assert "1.2 m stick" in rows[size][2]


def test_micropython_is_flashed_once():
    """Maker review 3, item 23: 9.1 flashed MicroPython with BOOTSEL again after 5.3 had, without saying the step
    may be skipped."""
    harness = _section(_build(), "## 5. The harness", "## 6. The reed switches")
    assert "Flash MicroPython and deploy the firmware (section 9, steps 1 and 2" in harness
    powered = _section(_build(), "## 9. Flash MicroPython", "## 10. Close the back")
    assert "**Flash MicroPython**, unless section 5.3 did" in powered and "skip this step" in powered
    assert "5.3 deployed it once already" in powered
    assert [w for s, w, _ in hw.schedule() if s == "9"] == ["deploy and bring-up (MicroPython flashed since 5.3)"]


def test_the_fuse_figures_are_the_datasheets():
    """Maker review 3, parts: MF-R050's resistance figures checked against Bourns' MF-R series datasheet (0.41 Ohm
    minimum and 0.77 Ohm maximum initial, R1 at most 1.17 Ohm one hour after a trip, at 23 degC); the BOM, README and
    the load reading's F1_OHM_MAX give the same figures and name the source."""
    assert hw.F1_OHM_MAX == 0.77
    for name in ("BOM.md", "README.md"):
        text = " ".join(_read(name).split())
        assert "0.41-0.77 Ohm new, at most 1.17 Ohm one hour after a trip" in text, name
        assert "MF-R series datasheet" in text, name


# --- maker review 4 ------------------------------------------------------------------------------------------

def test_the_signal_wire_check_expects_zero_with_a_stone_not_open_without():
    """Maker review 4, item 2: 6.4 expected 'open without a stone' while 8 calls the same reading (an input to GND,
    through the unpowered Pico's 3.3 V rail) meaningless. Both now ask only that it is never 0 without a stone, and
    0 Ohm with one."""
    text = _build()
    reeds = _section(text, "## 6. The reed switches", "## 7. Stones")
    assert "open without a stone" not in text and "**0 Ohm with a stone on its point**, and clearly more" in reeds
    assert "never 0" in reeds and "meaningless" not in text and "only never 0, as in 6.4" in text


def _covered_holes():
    """Logic board holes (0-based column, row) the harness's wires lie over in the cavity: a pad's column run and the
    edge lanes over the first and last harness.LANE_ROWS rows (tools/harness.py cavity_cells)."""
    harness = _load("morris_harness_review4", "tools/harness.py")
    sb = _load("morris_stripboard_review4", "tools/stripboard.py")
    out = set()
    for cell in harness.cavity_cells(harness.wires()):
        if cell[0] == "column":
            out.add((cell[1], cell[2]))
        elif cell[0] in ("far", "near"):
            rows = range(harness.LANE_ROWS) if cell[0] == "far" else range(sb.ROWS - harness.LANE_ROWS, sb.ROWS)
            out.update((cell[1], r) for r in rows)
    return out, sb


def test_every_probe_point_after_the_harness_is_clear_of_its_wires():
    """Maker review 4, items 3 and 12: with the harness in, 9.3 probed VBUS at the Pico's pin 40, 8 at pin 40 and at
    the button and reset pads, 6.4 at U1 pin 8: pin 40 and U1 pin 8 lie under the far and near lanes, a pad's joint
    faces down. Sections 6, 8 and 9 name only points no wire covers (GND: the Pico's debug hole; F1's output: Q1's
    source leg; the Pico's pins of table 5's last column), and the troubleshooting's Q1 figure is 9.3's."""
    covered, sb = _covered_holes()
    pins = sb.placement()

    def hole(ref, pin):
        return tuple(pins[ref][0][pin])
    assert hole("A1", 40) in covered and hole("U1", 8) in covered          # why the points moved
    from board_netlist import Q1_PIN
    clear = [hole("Q1", Q1_PIN["S"]), hole("U4", 14), hole("A1", 36), hole("A1", 30)]
    clear += [hole("A1", p) for p in (14, 15, 16, 17)]
    for name, _, _ in cfg.POINTS:                                     # the 74HC165 inputs of 6.4 and 8
        chip, pin = re.fullmatch(r"(U\d) pin (\d+)", sb.pad_check_pin("reed " + name)).groups()
        clear.append(hole(chip, int(pin)))
    assert not [h for h in clear if h in covered], [h for h in clear if h in covered]
    debug = {(c, r) for c in range(19, 24) for r in range(18, 21)}     # the Pico's debug holes, beyond pin 20 / 21
    assert not debug & covered
    text = _build()
    after = text[text.index("## 6. The reed switches"):]
    for gone in ("U1 pin 8** (GND)", "Pico VBUS (pin 40) to GND", "solder joint of the Pico's pin 40",
                 "each button's pad (table 5) to GND", "the reset pad (table 5) to GND", "within 0.1 V"):
        assert gone not in after, gone
    eight = _section(text, "## 8. Before power again", "## 9. Flash")
    assert "F1's output, Q1's source leg (%s, 9.3), to GND" % hw.q1_hole("S") in eight
    assert "A1 pins 14 to 17" in eight and "A1 pin 30" in eight
    assert [sb.pad_check_pin(p) for p in ("button new", "button ok", "reset")] == ["A1 pin 14", "A1 pin 17", "A1 pin 30"]
    trouble = text[text.index("## Troubleshooting"):]
    assert "Q1's source leg must read within %.2f V of its tab" % hw.q1_loss_limit_v() in trouble
    assert "more than **%.2f V**: Q1 is not fully on" % hw.q1_loss_limit_v() in text
    assert hw.q1_loss_limit_v() >= hw.rail_check()[0]["q1"]


def test_cross_references_price_kerf_and_directions_are_right():
    """Maker review 4, items 7, 8, 10 and 11: the BOM sent the plug's measuring to BUILD 1 (it opens section 2) and
    the sheet's to 3.1 (it is 2.1); README priced the 74HC165 at 0.4 EUR where the BOM says 0.60; the sheet's split
    ignored the saw's kerf (the board must stay 400 mm); the drilling table said 'back' (the underside everywhere
    else) where it meant the far edge."""
    bom = " ".join(_read("BOM.md").split())
    build = _build()
    readme = " ".join(_read("README.md").split())
    assert "BUILD.md 1)" not in bom and "before you buy the wood, BUILD.md 2, its first paragraph" in bom
    assert "Before you buy the wood, measure the micro-USB cable's plug" in _section(build, "## 2. The strip", "1. Saw")
    plywood = [r for r in _read("BOM.md").splitlines() if "birch plywood" in r][0]
    assert "BUILD.md 3.1" not in plywood and "(BUILD.md 2.1)" in plywood and "kerf" in plywood
    assert "**Measure its thickness**" in _section(build, "1. Saw the 400 x 500 mm sheet", "2. **The stone jig**")
    price = re.search(r"\| U1\.\.U3 \| 3 \|[^\n]*\| ([\d.]+) \| ([\d.]+) \|", _read("BOM.md")).group(1)
    assert "3 x ~%s EUR" % price in readme and "0.4 EUR" not in readme
    assert "about %.1f EUR for the chips" % (3 * float(price)) in readme
    split = _section(build, "1. Saw the 400 x 500 mm sheet", "2. **The stone jig**")
    assert "kerf" in split and "the board stays a full **400 x 400 mm**" in split and "100 x 400" not in build + bom
    for name in ("BUILD.md", "BOM.md", "README.md", "harness.md", "stripboard.md", "sensing.md"):
        text = " ".join(_read(name).split())
        assert "back edge" not in text and "back wall" not in text, name
    assert "| USB plug pocket (at the cavity's far wall) |" in build and "| USB cable channel (to the far edge) |" in build


def test_the_usb_cable_is_fitted_the_day_before_the_wires_go_into_channels():
    """Maker review 4, item 9: the schedule put the USB cable (5.10) with the carriers on weekend 3, a weekend after
    5.4, which fits it before any wire goes into a channel. The cable is 5.4's work now; every step that lays wires
    in channels needs it (STEP_IO), so a plan that puts it later is refused."""
    rows = {sec: what for sec, what, _ in hw.schedule()}
    cable = [sec for sec, what in rows.items() if "USB cable" in what]
    assert cable == ["5.2-5.4, 5.10"] and "5.7-5.10" not in rows
    for key in ("5.5", "5.7-5.8", "6"):
        assert "USB cable" in hw.STEP_IO[key][0], key
    assert hw.plan_faults() == []
    late = tuple((day, text, tuple(k for k in keys if k != "5.2-5.4, 5.10") + (("5.2-5.4, 5.10",) if "5.5" in keys else ()))
                 for day, text, keys in hw.PLAN)
    assert any("step 5.5 needs the USB cable" in f for f in hw.plan_faults(late)), hw.plan_faults(late)
    text = _build()
    assert "| weekend 2, Sunday | 5.1-5.4 and 5.10 (the USB cable, before any wire goes into a channel) |" in text
    assert "Then lay the cable in and fit its strain relief (step 10) **before** any wire goes into a channel" in text
    assert "**the USB cable already plugged into the Pico**" in text       # maker review 10: a long plug


def test_the_readme_states_f1_and_q1_losses_from_the_rail_current_9_3_uses():
    """Maker review 4 (item 5's kind: one figure for each threshold): README gave F1 0.15 V and 0.39 V and Q1 25 mV
    at 0.33 A, from other currents than 9.3's rail (the LEDs at the cap, idle, and U4: 0.15 A and 0.35 A)."""
    readme = " ".join(_read("README.md").split())
    d, o = hw.rail_check()
    assert "drops at most %.2f V of the LED rail's %.2f A at the default LED budget (%.2f V in the hour after a trip)" % (
        d["rail"] / 1000.0 * hw.F1_OHM_MAX, d["rail"] / 1000.0, d["rail"] / 1000.0 * hw.F1_OHM_TRIPPED_MAX) in readme
    assert "and %.2f V of its %.2f A at the 500 mA option (%.2f V)" % (
        o["rail"] / 1000.0 * hw.F1_OHM_MAX, o["rail"] / 1000.0, o["rail"] / 1000.0 * hw.F1_OHM_TRIPPED_MAX) in readme
    assert "At the 500 mA option's %.2f A Q1 drops %.0f mV" % (o["rail"] / 1000.0, o["q1"] * 1000.0) in readme


def test_every_reed_is_tested_before_its_wire_is_soldered_and_sleeved():
    """Maker review 5, item 3: 6.1 soldered each reed's U-turned lead to its harness signal wire and sleeved it, and
    only 6.2 tested the reed: a failing reed was cut off its wire, losing the sleeve and some of the wire's
    allowance. Now 6.1 only bends, 6.2 tests with a test lead wrapped on the bare lead and then solders and sleeves a
    switch that passed, in the schedule's order (U-turned, tested, soldered and sleeved, fitted, wired)."""
    reeds = _section(_build(), "## 6. The reed switches", "## 7. Stones and magnets")
    one = _section(reeds, "1. The switch stands", "2. **Test every switch")
    two = _section(reeds, "2. **Test every switch", "3. **Bend the lower lead before")
    assert "heat-shrink" not in one and "solder the wire" not in one and "Solder no wire to it yet" in one
    assert "**Test every switch before any wire is soldered to it**" in two
    test, after = two.split("Then, only for a switch that passed:")
    assert "crocodile-clip leads to the test lead's free end and to the bare lower lead" in test
    assert "solder the wire to the U-turned lead's end" in after and "joint and shrink it**" in after
    line = [x for x in _read("BUILD.md").splitlines() if x.startswith("| 6 | ")][0]
    order = ["U-turned", "tested", "soldered to their wires and sleeved", "fitted", "wired"]
    assert [line.index(w) for w in order] == sorted(line.index(w) for w in order), line
    assert "bent and sleeved as in section 6" not in _build()
    assert "two of them clip the meter to every reed in its test, BUILD.md 6.2" in _read("BOM.md")


def test_every_reed_test_holds_the_switch_on_its_pocket_floor_under_a_marked_centre():
    """Maker review 6, items 2 and 4: the strip's test pocket opened downwards, so nothing held the switch on the
    pocket's floor (1 mm lower is 1 mm more gap, and the gap decides the wood and which switch is discarded), and the
    pocket's centre was not marked on the top face where the stone stands; the test lead was wound three turns from
    5 mm of bare wire (too short) round the U-turned lead beside the glass. Now 2.4 marks each pocket's centre on
    both faces and sets up a test stand (the strip top face down, the pocket opening upwards: the switch rests on its
    bend by its own weight, the stone pressed up from below on the card stack), which sensing.md's depth test and
    6.2 use; the test lead is tacked on with solder where the signal wire's joint goes and taken off holding the
    lead between the glass and the bend."""
    build = _build()
    depth = _section(build, "4. **The depth test**", "## 3. Cut, drill and rout the board")
    assert "**Mark each pocket's centre on the top face first**" in depth
    assert "run both lines out to the strip's edges, so that they show on either side of a stone" in depth
    assert "Draw the same lines on the back face, measured from the same end" in depth
    assert "lay the strip **top face down** across two books" in depth
    assert "it rests on its bend on the pocket's floor by its own weight" in depth
    assert "press stone and stack up against the top face, the stone centred on the pocket's cross" in depth
    assert "test lead tacked on (6.2)" in depth
    two = _section(build, "2. **Test every switch", "3. **Bend the lower lead before")
    assert "on the test stand of 2.4 (the strip top face down" in two
    assert "stripped 3 mm at one end and 5 mm at the other. **Tack** its 3 mm end to the U-turned lead's end" in two
    assert "nothing is wound round the lead beside the glass" in two and "turns" not in two and "wrap" not in two
    assert "the stone centred on the pocket's cross" in two and "stand a finished stone on it" not in two
    off = two[two.index("take the test lead off"):two.index("Then, only for a switch that passed:")]
    assert "pliers **between the glass and the bend** (as in step 1)" in off
    sensing = " ".join(_read("sensing.md").split())
    assert "Lay the strip **top face down** on the test stand of BUILD.md 2.4" in sensing
    assert "its test lead tacked on as in 6.2" in sensing and "wrapped on" not in sensing
    assert "centred on the pocket's marked centre, on a stack of playing cards pressed against the top face" in sensing
    assert "wrapped on" not in build and "three turns" not in build
