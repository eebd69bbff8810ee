"""The page's entry point (index.html runs it; the only Python the page compiles from source).

The game's modules come precompiled in piki.zip, which PyScript writes next to this file's working
directory (pyscript.json); the standard library comes precompiled too (js/pyodide.mjs). Importing
``app`` starts the game.
"""

import sys

GAME = "/home/pyodide/piki.zip"  # tools/site.py GAME_AT: the bytecode names this path
if GAME in sys.path:  # a memory snapshot has it already (js/snapshot.mjs): first, and once
    sys.path.remove(GAME)
sys.path.insert(0, GAME)

import app  # noqa: E402, F401
