"""The firmware version: "dev" in the sources; tools/deploy.py writes the build's
``git describe`` (e.g. "v0.2-14-g1a2b3c4", "-dirty" for uncommitted changes) into
the copy it compiles for the Pico. Shown by the protocol's "hello", "selftest" and
the settings menu."""
VERSION = "dev"
