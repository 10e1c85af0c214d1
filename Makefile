# Two commands set everything up on a fresh machine: `make sim` and `make test`.
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed

.PHONY: sim test test-host test-mp perft template hw-tables chromium i18n clean

$(STAMP): pyproject.toml
	@# tools/template.py renders PDF/PNG through CairoSVG, which needs the libcairo2 system library
	@dpkg -s libcairo2 >/dev/null 2>&1 || ! command -v apt-get >/dev/null || \
		{ apt-get update -qq && apt-get install -y -qq libcairo2; } || \
		echo "warning: libcairo2 missing; install it (apt-get install libcairo2) for tools/template.py"
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q '.[test]'
	touch $@

sim: $(STAMP)
	$(PY) -m host_sim

test: $(STAMP) chromium
	$(PY) -m pytest

# Debian's chromium for the simulator's browser test (Playwright drives it; it downloads no browser).
chromium:
	@command -v chromium >/dev/null || ! command -v apt-get >/dev/null || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
		echo "warning: chromium missing; install it (apt-get install chromium) for tests/test_browser.py"

# Only the firmware tests, under the real MicroPython interpreter with a Pico-sized heap
# (one interpreter per test module, firmware loaded from .mpy files as on the Pico).
test-mp: $(STAMP)
	$(PY) -m pytest tests/test_micropython.py

perft: $(STAMP)
	$(PY) tools/perft.py --rules standard --depth 5

# Drilling template (SVG + PDF + PNG preview) and the generated hardware tables.
template: $(STAMP)
	$(PY) tools/template.py --size 400mm --png artifacts/template.png
	$(PY) tools/template.py --size 400mm --diagonals --png artifacts/template-diagonals.png

# Translation template (host_sim/locale/sim.pot), missing translations, .po -> .mo (Babel).
i18n: $(STAMP)
	$(PY) -m host_sim.i18n

hw-tables: $(STAMP)
	$(PY) tools/power_budget.py --check
	$(PY) tools/hw_tables.py

clean:
	rm -rf $(VENV) build artifacts .pytest_cache .hypothesis
