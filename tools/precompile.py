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
- piki.zip: the game's modules, each as ``.pyc`` beside its ``.py`` (the source stays for
  tracebacks). The page puts it first on ``sys.path``.

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
# Standard modules that PyScript's own Python (inside its core.js) imports. The browser tests
# check that the page's start compiles no standard module from source: a module missing here or
# in the game's imports shows up there by name.
PYSCRIPT_IMPORTS = ("base64", "binascii", "collections", "functools", "json", "os", "pathlib")
# Names the game imports that are not standard modules (the page's glue, the game's own packages).
NOT_STDLIB = ("js", "pyscript", "pyodide", "spades", "ui", "app")


def pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3
    info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
    return info


def imported_names(root: str, files: list[str]) -> set[str]:
    """The absolute imports of the game's files that are not the game's own or the page's glue."""
    names = set(PYSCRIPT_IMPORTS)
    for rel in files:
        with open(f"{root}/{rel}", "rb") as handle:
            tree = ast.parse(handle.read(), rel)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return {name for name in names if name.split(".")[0] not in NOT_STDLIB}


def start_members(names: set[str]) -> set[str]:
    """The standard library archive's members loaded once Pyodide has started and ``names`` are
    imported (with everything they import in turn): what the page's start-up imports."""
    for name in sorted(names):
        importlib.import_module(name)
    prefix = STDLIB_AT + "/"
    return {module.__file__.removeprefix(prefix) for module in list(sys.modules.values())
            if (getattr(module, "__file__", None) or "").startswith(prefix)}


def stdlib(source_zip: str, out: str, members: set[str]) -> int:
    """The archive with ``members`` (.py names) as .pyc only; the rest copied. Returns the count."""
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


def game(root: str, files: list[str], at: str, out: str) -> int:
    """The game's modules (paths under root) as .pyc beside their sources. Returns the count."""
    with zipfile.ZipFile(out, "w", compresslevel=9) as dst:
        for rel in files:
            with open(f"{root}/{rel}", "rb") as handle:
                source = handle.read()
            dst.writestr(entry(rel), source)
            dst.writestr(entry(rel + "c"), pyc(source, f"{at}/{rel}"))
    return len(files)


def main(request: str) -> str:
    """Run one request (JSON from tools/precompile.mjs); the answer is JSON too."""
    job = json.loads(request)
    if sys.flags.hash_randomization:
        raise SystemExit("precompile: PYTHONHASHSEED=0 is required for reproducible bytecode")
    done = {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex()}
    members = start_members(imported_names(job["root"], job["files"]))
    done["stdlib"] = stdlib(job["stdlib"], job["stdlib_out"], members)
    done["game"] = game(job["root"], job["files"], job["game_at"], job["game_out"])
    return json.dumps(done)
