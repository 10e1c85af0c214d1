# Two commands set everything up on a fresh machine: `make sim` and `make test`.
VENV    := .venv
PY      := $(VENV)/bin/python
STAMP   := $(VENV)/.installed
HEAP    ?= 192k

.PHONY: sim test test-host test-mp perft clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q '.[test]'
	touch $@

sim: $(STAMP)
	$(PY) -m host_sim

test: $(STAMP)
	$(PY) -m pytest

# Only the firmware tests, under the real MicroPython interpreter with a Pico-sized heap.
test-mp: $(STAMP)
	$(VENV)/bin/micropython -X heapsize=$(HEAP) tests/mprun.py

perft: $(STAMP)
	$(PY) tools/perft.py --rules standard --depth 5

clean:
	rm -rf $(VENV) build artifacts .pytest_cache .hypothesis
