"""Compile the Python the page imports to bytecode — run inside the pinned Pyodide (tools/precompile.mjs).

Pyodide's python_stdlib.zip holds sources only and the page's Python may not write bytecode, so
every start compiles the standard library modules it imports, and all of the game's modules, from
source. This compiles them once, at build time, with the very interpreter the page runs (the
bytecode format belongs to that CPython build), into two zip archives:

- stdlib.zip: python_stdlib.zip with the modules the page imports at start-up as ``.pyc`` only;
  every other member as it is (a module imported later is compiled from source then, as today:
  bytecode is about twice the size of the source in the archive, so precompiling all 531 would
  add 1.8 MB to every first visit instead of 0.6 MB). The page's loader passes it to Pyodide as
  the standard library (``stdLibURL``).
- piki.zip: the game's modules and PyScript's ``pyscript`` package, each as ``.pyc`` beside its
  ``.py`` (the source stays for tracebacks). The page puts it first on ``sys.path``.

The bytecode is "unchecked hash-based" (PEP 552): no timestamps, so the same inputs give the same
bytes, and nothing compares it with a source file at import. The archives are written
deterministically too (fixed dates, the input's order). PYTHONHASHSEED=0 is set by the runner:
set and frozenset constants are marshalled in hash order.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

EPOCH = (1980, 1, 1, 0, 0, 0)
STDLIB_AT = "/lib/python313.zip"  # where Pyodide mounts the standard library it is given
# Names imported that are not standard modules: the browser's and Pyodide's, PyScript's (its
# `pyscript` package is compiled with the game's; polyscript and _pyscript are its JavaScript), the
# game's own.
NOT_STDLIB = ("js", "pyodide", "pyscript", "polyscript", "_pyscript", "spades", "ui", "app")


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    return info


def imported_names(sources: dict[str, bytes]) -> set[str]:
    """The absolute imports in ``sources`` (name -> source) that are not the game's own modules or
    the page's glue: the standard modules the page imports (at start-up or later)."""
    names: set[str] = set()
    for rel, source in sources.items():
        for node in ast.walk(ast.parse(source, rel)):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] not in NOT_STDLIB}


def start_members(names: set[str]) -> set[str]:
    """The standard library archive's members loaded once Pyodide has started and ``names`` are
    imported (with everything they import in turn): what the page's start-up imports."""
    for name in sorted(names):
        try:  # noqa: SIM105  (contextlib would be one more module loaded at the start it measures)
            importlib.import_module(name)
        except ImportError:  # a module this Pyodide lacks: nothing to precompile
            pass
    prefix = STDLIB_AT + "/"
    return {module.__file__.removeprefix(prefix) for module in list(sys.modules.values())
            if (getattr(module, "__file__", None) or "").startswith(prefix)}


def stdlib(source_zip: str, out: str, members: set[str]) -> int:
    """The archive with ``members`` (.py names) as .pyc only, the rest copied. Returns the number
    of modules compiled."""
    count = 0
    with zipfile.ZipFile(source_zip) as src, \
            zipfile.ZipFile(out, "w", compresslevel=9) as dst:
        for member in src.infolist():
            data = src.read(member)
            if member.filename in members:
                data = pyc(data, f"{STDLIB_AT}/{member.filename}")
                dst.writestr(entry(member.filename + "c"), data)
                count += 1
            else:
                dst.writestr(entry(member.filename), data)
    return count


def game(sources: dict[str, bytes], at: str, out: str) -> int:
    """The game's modules as .pyc beside their sources. Returns the count."""
    with zipfile.ZipFile(out, "w", compresslevel=9) as dst:
        for rel, source in sources.items():
            dst.writestr(entry(rel), source)
            dst.writestr(entry(rel + "c"), pyc(source, f"{at}/{rel}"))
    return len(sources)


def main(request: str) -> str:
    """Run one request (JSON from tools/precompile.mjs); the answer is JSON too."""
    job = json.loads(request)
    if sys.flags.hash_randomization:
        raise SystemExit("precompile: PYTHONHASHSEED=0 is required for reproducible bytecode")
    done = {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex()}
    sources = {}
    for rel in job["files"]:
        with open(f"{job['root']}/{rel}", "rb") as handle:
            sources[rel] = handle.read()
    members = start_members(imported_names(sources))
    done["stdlib"] = stdlib(job["stdlib"], job["stdlib_out"], members)
    done["game"] = game(sources, job["game_at"], job["game_out"])
    return json.dumps(done)
