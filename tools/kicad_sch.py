#!/usr/bin/env python3
"""The board's KiCad 9 schematic, written from the netlist that firmware/board_config.py decides.

Usage:
    python tools/kicad_sch.py                 # write hardware/kicad/ (schematic, symbol library, project)
    python tools/kicad_sch.py --erc           # also run KiCad's electrical rule check (kicad-cli)
    python tools/kicad_sch.py --export        # also plot hardware/schematic.svg and .pdf (kicad-cli)

The netlist is ``tools/hw_tables.netlist()``; this module only draws it: every
component becomes a symbol whose pins carry their electrical type (input,
output, power input, ...), every connected pin gets a short wire and a label
with its net's name, every unused pin a no-connect flag, and nets fed only by
passive parts (GND, +5V_LED) a power flag. KiCad's ERC then checks the real
thing: an input left open, two outputs on one net, a power pin nobody drives.
``tests/test_kicad.py`` runs the ERC, removes a connection to see it fail,
and reads KiCad's own netlist export back to compare it with the netlist.

Needs ``kicad-cli`` (Debian's ``kicad`` package, 9.x from bookworm-backports;
``make kicad`` installs it) for --erc and --export only.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))

import board_netlist as hw  # noqa: E402

KICAD_DIR = os.path.join(ROOT, "hardware", "kicad")
PROJECT = "morris_board"
LIB = "morris"
G = 2.54          # grid and pin length, mm
_NS = uuid.UUID("6f1d3c52-3f7e-4d38-9d0b-8f6b5f0c2a17")


def _uuid(*parts):
    return str(uuid.uuid5(_NS, "/".join(str(p) for p in parts)))


def _q(s):
    return '"%s"' % str(s).replace("\\", "\\\\").replace('"', '\\"')


def _f(v):
    return ("%.4f" % v).rstrip("0").rstrip(".")


# --- symbols: (value, left pins, right pins); a pin is (number, name, electrical type) ----------

def _pico_pins():
    used_out = {hw.PICO_GPIO_PIN[cfg_pin] for key, cfg_pin in hw.cfg.PINS.items() if key != "sr_data"}
    used_in = {hw.PICO_GPIO_PIN[hw.cfg.PINS["sr_data"]]} | {hw.PICO_GPIO_PIN[g] for g in hw.cfg.BUTTON_PINS.values()}

    def pin(n):
        name = hw.PICO_PIN_NAMES[n]
        if name in ("GND", "AGND"):
            kind = "power_in"
        elif name in ("VBUS", "3V3(OUT)", "VSYS"):
            kind = "power_out"
        elif name == "ADC_VREF":
            kind = "power_in"
        elif name in ("RUN", "3V3_EN"):
            kind = "input"
        elif n in used_out:
            kind = "output"
        elif n in used_in:
            kind = "input"
        else:
            kind = "bidirectional"
        return (n, name, kind)
    return [pin(n) for n in range(1, 21)], [pin(n) for n in range(40, 20, -1)]


HC165 = ("74HC165",
         [(1, "SH/~LD", "input"), (2, "CLK", "input"), (3, "E", "input"), (4, "F", "input"), (5, "G", "input"),
          (6, "H", "input"), (7, "~QH", "output"), (8, "GND", "power_in")],
         [(16, "VCC", "power_in"), (15, "CLK_INH", "input"), (14, "D", "input"), (13, "C", "input"),
          (12, "B", "input"), (11, "A", "input"), (10, "SER", "input"), (9, "QH", "output")])
AHCT125 = ("74AHCT125",
           [(1, "~1OE", "input"), (2, "1A", "input"), (3, "1Y", "output"), (4, "~2OE", "input"), (5, "2A", "input"),
            (6, "2Y", "output"), (7, "GND", "power_in")],
           [(14, "VCC", "power_in"), (13, "~4OE", "input"), (12, "4A", "input"), (11, "4Y", "output"),
            (10, "~3OE", "input"), (9, "3A", "input"), (8, "3Y", "output")])


def _two(value, a="1", b="2"):
    return (value, [(1, a, "passive")], [(2, b, "passive")])


def symbol_of(ref):
    """The symbol drawn for ``ref``: (lib symbol name, value, left pins, right pins)."""
    if ref == "A1":
        left, right = _pico_pins()
        return "Pico", "Raspberry Pi Pico / Pico 2", left, right
    if ref in ("U1", "U2", "U3"):
        return ("HC165",) + HC165
    if ref == "U4":
        return ("AHCT125",) + AHCT125
    if ref.startswith("RN"):
        return "RN4", "10k x 4 bussed", [(1, "COM", "passive")], [(n, "R%d" % (n - 1), "passive") for n in range(2, 6)]
    if ref.startswith("LED"):
        return ("WS2812D", "WS2812D-F5",
                [(hw.LED_PIN["DIN"], "DIN", "input"), (hw.LED_PIN["VDD"], "VDD", "power_in")],
                [(hw.LED_PIN["DOUT"], "DOUT", "output"), (hw.LED_PIN["GND"], "GND", "power_in")])
    if ref == "Q1":
        return ("PMOS", "NDP6020P", [(hw.Q1_PIN["S"], "S", "passive"), (hw.Q1_PIN["G"], "G", "passive")],
                [(hw.Q1_PIN["D"], "D", "passive")])
    values = {"R1": "330", "F1": "PTC 0.5 A", "C7": "100nF"}
    values.update({r: hw.value_text(r) for r in hw.SOFT_START})
    values["C1"] += " 25V"
    if ref.startswith("REED_"):
        return ("REED",) + _two("reed " + ref[5:])
    if ref.startswith("SW"):
        return ("SW",) + _two({"SW5": "reset"}.get(ref, "button"))
    if ref.startswith("C"):
        return ("C",) + _two(values.get(ref, "100nF"))
    if ref in ("R1", "R2"):
        return ("R",) + _two(values[ref])
    if ref == "F1":
        return ("F",) + _two(values[ref])
    raise KeyError(ref)


def _height(left, right):
    return G * (max(len(left), len(right)) + 1)


def _width(name):
    return {"Pico": 25.4, "HC165": 15.24, "AHCT125": 15.24, "RN4": 10.16}.get(name, 7.62)


def _pin_points(name, left, right):
    """Pin ends in symbol coordinates (y up): dict pin number -> (x, y, side)."""
    w, h = _width(name), _height(left, right)
    top = h / 2 - G
    out = {}
    for k, (n, _, _) in enumerate(left):
        out[n] = (-w / 2 - G, top - k * G, "L")
    for k, (n, _, _) in enumerate(right):
        out[n] = (w / 2 + G, top - k * G, "R")
    return out


def _lib_symbol(name, value, left, right, prefix=""):
    w, h = _width(name), _height(left, right)
    pts = _pin_points(name, left, right)
    full = prefix + name
    lines = ["(symbol %s (pin_names (offset 0.762)) (exclude_from_sim no) (in_bom yes) (on_board yes)" % _q(full),
             '(property "Reference" %s (at 0 %s 0) (effects (font (size 1.27 1.27))))' % (
                 _q("A" if name == "Pico" else "U"), _f(h / 2 + 1.27)),
             '(property "Value" %s (at 0 %s 0) (effects (font (size 1.27 1.27))))' % (_q(value), _f(-h / 2 - 1.27)),
             '(property "Footprint" "" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))',
             '(property "Datasheet" "" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))',
             '(symbol %s (rectangle (start %s %s) (end %s %s) (stroke (width 0.254) (type default)) '
             '(fill (type background))))' % (_q(name + "_0_1"), _f(-w / 2), _f(h / 2), _f(w / 2), _f(-h / 2)),
             "(symbol %s" % _q(name + "_1_1")]
    for n, pname, kind in left + right:
        x, y, side = pts[n]
        lines.append('(pin %s line (at %s %s %d) (length %s) (name %s (effects (font (size 1.016 1.016)))) '
                     '(number %s (effects (font (size 1.016 1.016)))))' % (
                         kind, _f(x), _f(y), 0 if side == "L" else 180, _f(G), _q(pname), _q(n)))
    lines += [")", ")"]
    return "\n".join(lines)


PWR_FLAG = ('(symbol "morris:PWR_FLAG" (power) (pin_numbers (hide yes)) (pin_names (offset 0) (hide yes)) '
            '(exclude_from_sim no) (in_bom yes) (on_board yes)\n'
            '(property "Reference" "#FLG" (at 0 1.905 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
            '(property "Value" "PWR_FLAG" (at 0 3.81 0) (effects (font (size 1.27 1.27))))\n'
            '(property "Footprint" "" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
            '(property "Datasheet" "" (at 0 0 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
            '(symbol "PWR_FLAG_0_0" (pin power_out line (at 0 0 90) (length 0) (name "~" (effects (font (size 1.27 1.27)))) '
            '(number "1" (effects (font (size 1.27 1.27))))))\n'
            '(symbol "PWR_FLAG_0_1" (polyline (pts (xy 0 0) (xy 0 1.27) (xy -1.016 1.905) (xy 0 2.54) (xy 1.016 1.905) '
            '(xy 0 1.27)) (stroke (width 0) (type default)) (fill (type none))))\n)')
POWER_FLAG_NETS = ("GND", "+5V_LED")


# --- placement ---------------------------------------------------------------------------------

def _refs(nets):
    refs = set()
    for pins in nets.values():
        for p in pins:
            refs.add(p.rsplit(".", 1)[0])
    return refs


def _order_key(ref):
    m = re.match(r"([A-Z_]+?)(\d*)$", ref)
    return (m.group(1), int(m.group(2) or 0)) if m else (ref, 0)


def layout(refs):
    """Sheet positions (mm, y down) of every component: dict ref -> (x, y). Rows of similar parts."""
    pos = {}
    pos["A1"] = (50.8, 88.9)
    for k, u in enumerate(("U1", "U2", "U3")):
        pos[u] = (127.0 + 55.88 * k, 63.5)
    pos["U4"] = (127.0, 127.0)
    for k in range(6):
        pos["RN%d" % (k + 1)] = (177.8 + 33.02 * k, 127.0)
    small = sorted([r for r in refs if r[:1] in "RCFQ" and not r.startswith("RN")
                    and not (r.startswith("C") and r[1:].isdigit() and int(r[1:]) >= 10)], key=_order_key)
    for k, r in enumerate(small):
        pos[r] = (35.56 + 40.64 * (k % 12), 165.1 + 17.78 * (k // 12))
    leds = sorted([r for r in refs if r.startswith("LED")], key=_order_key)
    for k, r in enumerate(leds):
        pos[r] = (35.56 + 45.72 * (k % 12), 205.74 + 22.86 * (k // 12))
    caps = sorted([r for r in refs if r.startswith("C") and r[1:].isdigit() and int(r[1:]) >= 10], key=_order_key)
    for k, r in enumerate(caps):
        pos[r] = (35.56 + 30.48 * (k % 12), 256.54 + 15.24 * (k // 12))
    reeds = [r for r in refs if r.startswith("REED_")]
    reeds.sort(key=lambda r: hw.cfg.SWITCH_BIT[r[5:]])
    for k, r in enumerate(reeds):
        pos[r] = (35.56 + 30.48 * (k % 12), 299.72 + 15.24 * (k // 12))
    sws = sorted([r for r in refs if r.startswith("SW")], key=_order_key)
    for k, r in enumerate(sws):
        pos[r] = (35.56 + 30.48 * k, 337.82)
    missing = set(refs) - set(pos)
    if missing:
        raise ValueError("no place on the sheet for %s" % sorted(missing))
    return pos


# --- the schematic file ------------------------------------------------------------------------

def schematic(nets=None, omit=()):
    """The .kicad_sch text for ``nets`` (default: the board's netlist).

    ``omit``: 'REF.pin' strings drawn without their wire and label (unconnected), for the tests
    that show the ERC catching an open pin."""
    nets = hw.netlist() if nets is None else nets
    pin_net = {p: net for net, pins in nets.items() for p in pins if p not in omit}
    refs = _refs(nets)
    pos = layout(refs)
    root = _uuid("root")
    syms, body = {}, []
    for ref in sorted(refs, key=_order_key):
        name, value, left, right = symbol_of(ref)
        syms[name] = _lib_symbol(name, value, left, right, prefix=LIB + ":")
        x0, y0 = pos[ref]
        h = _height(left, right)
        pins = " ".join("(pin %s (uuid %s))" % (_q(n), _q(_uuid(ref, "pin", n))) for n, _, _ in left + right)
        body.append(
            '(symbol (lib_id %s) (at %s %s 0) (unit 1) (exclude_from_sim no) (in_bom yes) (on_board yes) (dnp no) '
            '(uuid %s)\n(property "Reference" %s (at %s %s 0) (effects (font (size 1.27 1.27))))\n'
            '(property "Value" %s (at %s %s 0) (effects (font (size 1.27 1.27))))\n'
            '(property "Footprint" "" (at %s %s 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
            '(property "Datasheet" "" (at %s %s 0) (effects (font (size 1.27 1.27)) (hide yes)))\n%s\n'
            '(instances (project %s (path %s (reference %s) (unit 1)))))' % (
                _q(LIB + ":" + name), _f(x0), _f(y0), _q(_uuid(ref)), _q(ref), _f(x0), _f(y0 - h / 2 - 1.27),
                _q(value), _f(x0), _f(y0 + h / 2 + 1.27), _f(x0), _f(y0), _f(x0), _f(y0), pins,
                _q(PROJECT), _q("/" + root), _q(ref)))
        for n, (px, py, side) in _pin_points(name, left, right).items():
            x, y = x0 + px, y0 - py
            key = "%s.%s" % (ref, n)
            net = pin_net.get(key)
            if net is None:
                if key in omit:
                    continue
                body.append("(no_connect (at %s %s) (uuid %s))" % (_f(x), _f(y), _q(_uuid(key, "nc"))))
                continue
            x2 = x - G if side == "L" else x + G
            body.append("(wire (pts (xy %s %s) (xy %s %s)) (stroke (width 0) (type default)) (uuid %s))" % (
                _f(x), _f(y), _f(x2), _f(y), _q(_uuid(key, "wire"))))
            body.append('(label %s (at %s %s %d) (effects (font (size 1.016 1.016)) (justify %s bottom)) (uuid %s))' % (
                _q(net), _f(x2), _f(y), 180 if side == "L" else 0, "right" if side == "L" else "left",
                _q(_uuid(key, "label"))))
    syms["PWR_FLAG"] = PWR_FLAG
    for k, net in enumerate(POWER_FLAG_NETS):
        if net not in nets:
            continue
        x, y = 330.2 + 20.32 * k, 30.48
        ref = "#FLG%02d" % (k + 1)
        body.append('(symbol (lib_id "morris:PWR_FLAG") (at %s %s 0) (unit 1) (exclude_from_sim no) (in_bom yes) '
                    '(on_board yes) (dnp no) (uuid %s)\n(property "Reference" %s (at %s %s 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
                    '(property "Value" "PWR_FLAG" (at %s %s 0) (effects (font (size 1.27 1.27))))\n'
                    '(property "Footprint" "" (at %s %s 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
                    '(property "Datasheet" "" (at %s %s 0) (effects (font (size 1.27 1.27)) (hide yes)))\n'
                    '(pin "1" (uuid %s))\n(instances (project %s (path %s (reference %s) (unit 1)))))' % (
                        _f(x), _f(y), _q(_uuid(ref)), _q(ref), _f(x), _f(y - 1.905), _f(x), _f(y - 3.81),
                        _f(x), _f(y), _f(x), _f(y), _q(_uuid(ref, "pin")), _q(PROJECT), _q("/" + root), _q(ref)))
        body.append("(wire (pts (xy %s %s) (xy %s %s)) (stroke (width 0) (type default)) (uuid %s))" % (
            _f(x), _f(y), _f(x), _f(y + G), _q(_uuid(ref, "wire"))))
        body.append('(label %s (at %s %s 270) (effects (font (size 1.016 1.016)) (justify right bottom)) (uuid %s))' % (
            _q(net), _f(x), _f(y + G), _q(_uuid(ref, "label"))))
    title = ('(title_block (title "Electronic Nine Men\'s Morris board") (company "generated by tools/kicad_sch.py '
             'from firmware/board_config.py") (comment 1 "Net labels join pins of the same net; hardware/netlist.md '
             'lists every net"))')
    text = ['(kicad_sch (version 20250114) (generator "morris_kicad_sch") (generator_version "9.0")',
            "(uuid %s)" % _q(root), '(paper "A2")', title, "(lib_symbols"]
    text += [syms[k] for k in sorted(syms)]
    text += [")"] + body + ['(sheet_instances (path "/" (page "1")))', "(embedded_fonts no)", ")"]
    return "\n".join(text) + "\n"


def symbol_library():
    """The project's symbol library (morris.kicad_sym) with every symbol the schematic uses."""
    seen = {}
    for ref in sorted(_refs(hw.netlist()), key=_order_key):
        name, value, left, right = symbol_of(ref)
        seen.setdefault(name, _lib_symbol(name, value, left, right))
    seen["PWR_FLAG"] = PWR_FLAG.replace('"morris:PWR_FLAG"', '"PWR_FLAG"')
    return ('(kicad_symbol_lib (version 20241209) (generator "morris_kicad_sch") (generator_version "9.0")\n'
            + "\n".join(seen[k] for k in sorted(seen)) + "\n)\n")


def project_files():
    """Every file of hardware/kicad/: dict file name -> text."""
    pro = {"meta": {"filename": PROJECT + ".kicad_pro", "version": 3},
           "schematic": {"legacy_lib_dir": "", "legacy_lib_list": []},
           "sheets": [[_uuid("root"), "Root"]], "text_variables": {}}
    return {
        PROJECT + ".kicad_sch": schematic(),
        PROJECT + ".kicad_pro": json.dumps(pro, indent=2) + "\n",
        LIB + ".kicad_sym": symbol_library(),
        "sym-lib-table": '(sym_lib_table\n  (version 7)\n  (lib (name "%s")(type "KiCad")(uri "${KIPRJMOD}/%s.kicad_sym")'
                         '(options "")(descr "symbols of the morris board, generated"))\n)\n' % (LIB, LIB),
    }


def write_project(folder, files=None):
    """Write ``files`` (default: project_files()) into ``folder``; returns the schematic's path."""
    files = project_files() if files is None else files
    os.makedirs(folder, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return os.path.join(folder, PROJECT + ".kicad_sch")


def kicad_cli():
    """Path of kicad-cli, or raise RuntimeError saying how to install it."""
    path = shutil.which("kicad-cli")
    if not path:
        raise RuntimeError("kicad-cli not found: run `make kicad` (Debian's kicad 9 from bookworm-backports)")
    return path


def erc(sch_path):
    """Run KiCad's ERC on ``sch_path``: list of violations (dicts with 'severity', 'type', 'description', 'items')."""
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "erc.json")
        r = subprocess.run([kicad_cli(), "sch", "erc", "--format", "json", "--units", "mm", "-o", report, sch_path],
                           capture_output=True, text=True, env=_env(tmp))
        if not os.path.exists(report):
            raise RuntimeError("kicad-cli erc failed: %s %s" % (r.stdout, r.stderr))
        with open(report, encoding="utf-8") as f:
            data = json.load(f)
    out = []
    for sheet in data.get("sheets", []):
        out += sheet.get("violations", [])
    return out


def _env(home):
    env = dict(os.environ)
    env["HOME"] = home          # kicad-cli writes its settings under $HOME
    return env


def exported_netlist(sch_path):
    """KiCad's own netlist of ``sch_path`` (kicad-cli, KiCad XML): dict net name -> sorted 'REF.pin' list,
    power flags (#FLG) and the single pins KiCad names "unconnected-..." (no-connect flags) left out."""
    import xml.etree.ElementTree as ET
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "net.xml")
        r = subprocess.run([kicad_cli(), "sch", "export", "netlist", "--format", "kicadxml", "-o", out, sch_path],
                           capture_output=True, text=True, env=_env(tmp))
        if r.returncode != 0:
            raise RuntimeError("kicad-cli netlist export failed: %s %s" % (r.stdout, r.stderr))
        root = ET.parse(out).getroot()
    nets = {}
    for net in root.iter("net"):
        pins = sorted("%s.%s" % (n.get("ref"), n.get("pin")) for n in net.iter("node") if not n.get("ref").startswith("#"))
        name = net.get("name").lstrip("/")
        if pins and not name.startswith("unconnected-"):
            nets[name] = pins
    return nets


def export_drawings(sch_path, out_dir):
    """Plot the schematic as SVG and PDF into ``out_dir`` (kicad-cli); returns (svg path, pdf path)."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([kicad_cli(), "sch", "export", "svg", "--exclude-drawing-sheet", "-o", tmp, sch_path],
                       check=True, capture_output=True, env=_env(tmp))
        svgs = [n for n in os.listdir(tmp) if n.endswith(".svg")]
        svg = os.path.join(out_dir, "schematic.svg")
        with open(os.path.join(tmp, svgs[0]), encoding="utf-8") as f:
            text = re.sub(r"<title>SVG Image created as (\S+) date [^<]*</title>", r"<title>\1</title>", f.read())
        with open(svg, "w", encoding="utf-8") as f:          # no date stamp: a re-export changes nothing
            f.write(text)
    pdf = os.path.join(out_dir, "schematic.pdf")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([kicad_cli(), "sch", "export", "pdf", "-o", pdf, sch_path], check=True, capture_output=True,
                       env=_env(tmp))
    return svg, pdf


def main(argv=None):
    """Command line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--erc", action="store_true", help="run KiCad's ERC and print the violations")
    ap.add_argument("--export", action="store_true", help="plot hardware/schematic.svg and .pdf")
    a = ap.parse_args(argv)
    sch = write_project(KICAD_DIR)
    print("wrote " + os.path.relpath(KICAD_DIR, ROOT))
    status = 0
    if a.erc:
        v = erc(sch)
        for item in v:
            print("%s: %s %s" % (item.get("severity"), item.get("type"), item.get("description")))
        errors = [x for x in v if x.get("severity") == "error"]
        print("ERC: %d errors, %d warnings" % (len(errors), len(v) - len(errors)))
        status = 1 if v else 0
    if a.export:
        for p in export_drawings(sch, os.path.join(ROOT, "hardware")):
            print("wrote " + os.path.relpath(p, ROOT))
    return status


if __name__ == "__main__":
    sys.exit(main())
