"""What the memory snapshot of the started interpreter holds (js/snapshot-worker.mjs makes it).

``run()`` imports every module of the game the page may import (all of piki.zip) but those that
need the page's worker itself: the page's glue, ``app``, and PyScript's ``pyscript`` package (it
reads what PyScript's worker registers, ``polyscript``); and every standard module the build
precompiled (the ones the page and PyScript's package import, tools/precompile.py). A page started
from the snapshot then imports nothing but ``pyscript`` and ``app`` at start-up, and nothing later.
Runs in a worker, with no page: nothing here may touch the browser.
"""

import encodings.cp437  # noqa: F401  zipfile reads member names with it: precompiled with the rest
import importlib
import sys
import zipfile

NEEDS_THE_PAGE = ("app", "pyscript")  # and every module under them


def archive_of(module):
    """The zip archive a module was imported from."""
    path = module.__file__
    return path[:path.index(".zip") + len(".zip")]


def modules_in(archive):
    """The dotted names of the bytecode modules in an archive (``a/b/__init__.pyc`` is ``a.b``)."""
    with zipfile.ZipFile(archive) as members:
        names = [name[:-len(".pyc")] for name in members.namelist() if name.endswith(".pyc")]
    dotted = (name.removesuffix("/__init__").replace("/", ".") for name in names)
    return sorted(name for name in dotted if name.split(".")[0] not in NEEDS_THE_PAGE)


def run():
    """Import them all; return the names that would not import (none is expected)."""
    refused = []
    for archive in (archive_of(sys.modules[__name__]), archive_of(zipfile)):
        for name in modules_in(archive):
            try:
                importlib.import_module(name)
            except Exception as error:  # a module that needs what a worker lacks: not preloaded
                refused.append(f"{name} ({type(error).__name__}: {error})")
    return refused
