# Two commands set everything up on a fresh machine: `make sim` and `make test`.
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed

.PHONY: sim test test-host test-mp perft template template-diagonals hw-tables hardware schematic harness stripboard kicad chromium i18n clean

MAKER_STAMP := $(VENV)/.installed-maker
# pyproject.toml's requires-python: checked before anything is installed (Ubuntu 22.04's python3 is 3.10)
PY_MIN  := 3.11

define check_python
	@python3 -c 'import sys; sys.exit(sys.version_info < tuple(int(v) for v in "$(PY_MIN)".split(".")))' || \
		{ echo "error: Python $(PY_MIN) or later is needed (pyproject.toml); python3 is $$(python3 --version 2>&1)"; exit 1; }
	@# tools/template.py renders PDF/PNG through CairoSVG, which needs the libcairo2 system library
	@dpkg -s libcairo2 >/dev/null 2>&1 || ! command -v apt-get >/dev/null || \
		{ apt-get update -qq && apt-get install -y -qq libcairo2; } || \
		echo "warning: libcairo2 missing; install it (apt-get install libcairo2) for tools/template.py"
endef

# Everything (the tests, the simulator); it holds the maker extra too.
$(STAMP): pyproject.toml
	$(check_python)
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q '.[test]'
	touch $@ $(MAKER_STAMP)

# Only what a maker needs: the drilling template and the firmware's deploy (pyproject.toml, extra "maker").
$(MAKER_STAMP): pyproject.toml
	$(check_python)
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q '.[maker]'
	touch $@

sim: $(STAMP)
	$(PY) -m host_sim

test: $(STAMP) chromium kicad
	$(PY) -m pytest

# Debian's chromium for the simulator's browser test (Playwright drives it; it downloads no browser).
chromium:
	@command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
		echo "warning: chromium missing; install it (apt-get install chromium) for tests/test_browser.py"

# KiCad 9 (kicad-cli: the schematic's ERC and plots) and Graphviz (WireViz's harness drawings), from
# Debian. On bookworm KiCad 9 comes from bookworm-backports (its own KiCad 6 has no kicad-cli): the
# backports suite is added from the machine's own Debian mirror; later releases carry KiCad 9 in main.
kicad:
	@{ command -v kicad-cli >/dev/null && kicad-cli version | grep -q '^9' && command -v dot >/dev/null; } || \
		! command -v apt-get >/dev/null || { \
		. /etc/os-release; target=; \
		if [ "$$VERSION_CODENAME" = bookworm ]; then target="-t bookworm-backports"; \
			grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ || { \
				uri=$$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1); \
				[ -n "$$uri" ] || uri=$$(sed -n 's/^deb \([^ ]*\) bookworm .*/\1/p' /etc/apt/sources.list 2>/dev/null | head -n1); \
				printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
					"$$uri" > /etc/apt/sources.list.d/bookworm-backports.sources; }; fi; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
			$$target kicad graphviz >/dev/null; } || \
		echo "warning: kicad-cli 9 or graphviz missing; install them (kicad from bookworm-backports, graphviz) for tests/test_kicad.py and tests/test_harness.py"

# Every generated hardware document: tables, netlist, KiCad schematic and its plots, stripboard,
# harness (with its WireViz drawings), the button carriers and the drilling template with tiles and DXF.
hardware: $(STAMP) kicad
	$(PY) tools/power_budget.py --check
	$(PY) tools/hw_tables.py
	$(PY) tools/kicad_sch.py --erc --export
	$(PY) tools/stripboard.py
	$(PY) tools/carriers.py
	$(PY) tools/harness.py --render
	$(PY) tools/template.py --size 400mm --tiles --dxf --png artifacts/template.png

schematic: $(STAMP) kicad
	$(PY) tools/kicad_sch.py --erc --export

stripboard: $(STAMP)
	$(PY) tools/stripboard.py

harness: $(STAMP) kicad
	$(PY) tools/harness.py --render

# Only the firmware tests, under the real MicroPython interpreter with a Pico-sized heap
# (one interpreter per test module, firmware loaded from .mpy files as on the Pico).
test-mp: $(STAMP)
	$(PY) -m pytest tests/test_micropython.py

perft: $(STAMP)
	$(PY) tools/perft.py --rules standard --depth 5

# Drilling template: front and back views (SVG + PDF), A4 and A3 tiles, DXF (board and back cover), a PNG preview
# and the depths for the sheet: make template THICKNESS=17.6 REED_WOOD=2 (the measured sheet, the depth test's wood).
# It installs only the maker extra (no test tools), which also deploys the firmware (hardware/BUILD.md 9).
THICKNESS ?= 18.0
REED_WOOD ?= 3
template: $(MAKER_STAMP)
	$(PY) tools/template.py --size 400mm --thickness $(THICKNESS) --reed-wood $(REED_WOOD) --tiles --dxf --png artifacts/template.png

# The same set with the four diagonals drawn on the front view (Twelve Men's Morris, Morabaraba), under its own
# names (template-400mm-diagonals*): only on request, so that no one prints it for the standard board by mistake.
template-diagonals: $(MAKER_STAMP)
	$(PY) tools/template.py --size 400mm --thickness $(THICKNESS) --reed-wood $(REED_WOOD) --diagonals --tiles --dxf --png artifacts/template-diagonals.png

# Translation template (host_sim/locale/sim.pot), missing translations, .po -> .mo (Babel).
i18n: $(STAMP)
	$(PY) -m host_sim.i18n

hw-tables: $(STAMP)
	$(PY) tools/power_budget.py --check
	$(PY) tools/hw_tables.py

clean:
	rm -rf $(VENV) build artifacts .pytest_cache .hypothesis
