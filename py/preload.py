"""What the memory snapshot of the started interpreter holds (js/snapshot-worker.mjs makes it).

``run()`` imports every module of the game the page may import (all of piki.zip) but those that
need the page's worker itself: the page's glue, ``app``, and PyScript's ``pyscript`` package (it
reads what PyScript's worker registers, ``polyscript``); and every standard module the build
shipped (the closure of what the page and PyScript's package import, tools/precompile.py). Both
lists are the build's (``piki_index``, written into piki.zip), so nothing here reads an archive.
A page started from the snapshot then imports nothing but ``pyscript`` and ``app`` at start-up,
and nothing later. Runs in a worker, with no page: nothing here may touch the browser.
"""

import importlib

from piki_index import GAME, STANDARD

NEEDS_THE_PAGE = ("app", "pyscript")  # and every module under them


def run():
    """Import them all; return the names that would not import (none is expected)."""
    refused = []
    for name in GAME + STANDARD:
        if name.split(".")[0] in NEEDS_THE_PAGE or name == "preload":
            continue
        try:
            importlib.import_module(name)
        except Exception as error:  # a module that needs what a worker lacks: not preloaded
            refused.append(f"{name} ({type(error).__name__}: {error})")
    return refused
