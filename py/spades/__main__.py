"""``python -m spades …``: the command line lives in ``spades_cli`` (not shipped to the page).

The engine does not import the tools above it: the command line is looked up when run, so
``mypy --strict -p spades`` checks the engine alone."""

import importlib
import sys

if __name__ == "__main__":
    sys.exit(importlib.import_module("spades_cli.main").main())
