"""The KiCad schematic: drawn from the netlist, ERC clean, and the ERC really catches an open pin."""
import os
import re
import sys
import xml.etree.ElementTree as ET

import pytest

import toolmod

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))


ks = toolmod.load("tools/kicad_sch.py")
bn = toolmod.load("tools/board_netlist.py")
SVG = "{http://www.w3.org/2000/svg}"


def _project(tmp_path, **kw):
    files = ks.project_files()
    if kw:
        files[ks.PROJECT + ".kicad_sch"] = ks.schematic(**kw)
    return ks.write_project(str(tmp_path / "kicad"), files)


def _errors(violations):
    return [v for v in violations if v.get("severity") == "error"]


def test_erc_is_clean(tmp_path):
    assert ks.erc(_project(tmp_path)) == []


def test_erc_fails_when_u1_ser_is_left_unconnected(tmp_path):
    errs = _errors(ks.erc(_project(tmp_path, omit=("U1.10",))))
    assert errs, "an open SER input must be an ERC error"
    text = " ".join(i.get("description", "") for e in errs for i in e.get("items", []))
    assert "U1" in text and "SER" in text, errs


@pytest.mark.parametrize("net", ["SR_Q1", "SR_DATA", "+3V3", "BTN_OK"])
def test_erc_fails_when_a_net_is_removed(tmp_path, net):
    pins = tuple(bn.netlist()[net])
    assert _errors(ks.erc(_project(tmp_path, omit=pins))), net


def test_kicad_netlist_equals_the_board_netlist(tmp_path):
    """Schematic parity: KiCad's own netlist export of the drawing is the netlist, pin for pin."""
    want = {net: sorted(pins) for net, pins in bn.netlist().items()}
    assert ks.exported_netlist(_project(tmp_path)) == want


def _svg_texts(path):
    return {(t.text or "").strip() for t in ET.parse(path).getroot().iter(SVG + "text")}


def test_the_drawing_shows_every_part_and_every_net(tmp_path):
    """hardware/schematic.svg (KiCad's plot) names every component and every net of the netlist,
    and is the plot of the current schematic (re-exported and compared)."""
    committed = _svg_texts(os.path.join(ROOT, "hardware", "schematic.svg"))
    refs = {p.rsplit(".", 1)[0] for pins in bn.netlist().values() for p in pins}
    missing_refs = sorted(r for r in refs if r not in committed)
    missing_nets = sorted(n for n in bn.netlist() if n not in committed)
    assert not missing_refs and not missing_nets, (missing_refs, missing_nets)
    svg, _ = ks.export_drawings(_project(tmp_path), str(tmp_path))
    assert _svg_texts(svg) == committed, "hardware/schematic.svg is stale: run make schematic"


def test_every_pin_type_is_declared():
    """Each used symbol pin has a KiCad electrical type (no 'unspecified', which the ERC cannot check)."""
    text = ks.schematic()
    kinds = set(re.findall(r"\(pin (\w+) line", text))
    assert kinds and "unspecified" not in kinds
    assert {"input", "output", "power_in", "power_out", "passive"} <= kinds
