"""Compile the Python the page imports to bytecode — run inside the pinned Pyodide (tools/precompile.mjs).

Pyodide's python_stdlib.zip holds sources only and the page's Python may not write bytecode, so
every start compiles the standard library modules it imports, and all of the game's modules, from
source. This compiles them once, at build time, with the very interpreter the page runs (the
bytecode format belongs to that CPython build), into two zip archives:

- stdlib.zip: only the standard library the page can import, as ``.pyc`` without docstrings
  (compiled as ``python -OO`` would, which the standard library is tested with): the closure of the
  modules a fresh interpreter loads to start and to import every standard module the game's
  Python names (at start-up or later), plus ``LAZY``, the few that the standard library itself
  imports inside functions the page reaches (``closure``, run in a Pyodide of its own). Every
  other module of Pyodide's archive (asyncio's unused parts aside, email, xml, unittest, the
  REPL, most encodings…) is left out. The page's loader passes it to Pyodide as the standard
  library (``stdLibURL``); ``check`` then imports every name again from the trimmed archive, in
  a third Pyodide, and the build fails on any module missing.
- piki.zip: the game's modules (without their docstrings, asserts kept) and PyScript's
  ``pyscript`` package, as ``.pyc`` only, and ``piki_index``, what both archives hold. The page
  puts it first on ``sys.path``.

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
NOT_STDLIB = ("js", "pyodide", "pyscript", "polyscript", "_pyscript", "spades", "ui", "app", "preload", "piki_index")
# Pyodide's own Python, which lives in its standard library archive and which it and PyScript
# import from JavaScript as they need: shipped whole (29 small modules).
RUNTIME_PACKAGES = ("pyodide/", "_pyodide/")
# Standard modules the standard library imports inside functions that the page reaches, which an
# import of the game's names does not load: a traceback with its source lines (the page's error
# panel and console) reads them with linecache, which tokenizes.
LAZY = ("tokenize",)


def pyc(source: bytes, filename: str, optimize: int = 0) -> bytes:
    """Bytecode of ``source``; ``optimize`` 2 drops docstrings and asserts (``python -OO``: the
    standard library's, which CPython is tested with; the game's keep both)."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
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


# The closure, run in a fresh interpreter as it is (its text, not this module: what this tool
# imports must not count): NAMES holds the names to import, one a line; the answer, the archive's
# members loaded, one a line. Only builtins and the builtin ``sys`` are used.
CLOSURE = f"""
import sys
for name in sorted(set(NAMES.split("\\n"))):
    try:
        __import__(name)
    except ImportError:  # a module this Pyodide lacks: nothing to ship
        pass
"\\n".join(sorted({{module.__file__.removeprefix("{STDLIB_AT}/") for module in list(sys.modules.values())
                    if (getattr(module, "__file__", None) or "").startswith("{STDLIB_AT}/")}}))
"""


def check(names: str) -> str:
    """Run in a Pyodide started with the trimmed archive: the names of ``names`` (one a line) that
    no longer import, one a line (the build fails on any)."""
    missing = []
    for name in sorted(set(names.split("\n"))):
        try:
            importlib.import_module(name)
        except ImportError as error:
            missing.append(f"{name}: {error}")
    return "\n".join(missing)


def stdlib(source_zip: str, out: str, members: set[str]) -> list[str]:
    """The archive with only ``members`` (.py names) and Pyodide's own packages, each as .pyc.
    Returns the members shipped."""
    shipped = []
    with zipfile.ZipFile(source_zip) as src, \
            zipfile.ZipFile(out, "w", compresslevel=9) as dst:
        for member in src.infolist():
            name = member.filename
            if name.endswith(".py") and (name in members or name.startswith(RUNTIME_PACKAGES)):
                data = pyc(src.read(member), f"{STDLIB_AT}/{member.filename}", optimize=2)
                dst.writestr(entry(member.filename + "c"), data)
                shipped.append(member.filename)
    return shipped


INDEX = "piki_index.py"  # in piki.zip: what both archives hold, for py/preload.py


def dotted(rel: str) -> str:
    """A module's name from its path in an archive: ``a/b/__init__.py`` is ``a.b``."""
    return rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def without_docstrings(source: bytes, filename: str) -> ast.Module:
    """The module's tree with every docstring dropped (a body that was only one keeps a
    ``pass``); its asserts stay, and every line number is the source's."""
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant) and isinstance(node.body[0].value.value, str)):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), node.body[0])]
    return tree


def game_pyc(source: bytes, filename: str, strip: bool) -> bytes:
    """A module of piki.zip as bytecode; ``strip``: without its docstrings (the game's own)."""
    code = compile(without_docstrings(source, filename) if strip else source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def game(sources: dict[str, bytes], at: str, out: str, standard: list[str]) -> int:
    """The game's modules and PyScript's package as bytecode only (the game's without its
    docstrings), with ``INDEX``: the names of the game's modules and of the ``standard`` ones
    shipped (what the memory snapshot imports, without reading the archives). A traceback names
    each frame's file and line; the source of that line is the build's, in the checkout. Returns
    the count of modules."""
    names = sorted(dotted(rel) for rel in sources)
    index = (f'"""The modules of piki.zip and of stdlib.zip (written by tools/precompile.py)."""\n\n'
             f"GAME = {tuple(names)!r}\nSTANDARD = {tuple(standard)!r}\n").encode()
    with zipfile.ZipFile(out, "w", compresslevel=9) as dst:
        for rel, source in [*sources.items(), (INDEX, index)]:
            strip = not rel.startswith("pyscript/")  # PyScript's package is compiled as PyScript wrote it
            dst.writestr(entry(rel + "c"), game_pyc(source, f"{at}/{rel}", strip))
    return len(sources)


def names_of(request: str) -> str:
    """The standard module names the game's Python imports, and ``LAZY``: one a line."""
    job = json.loads(request)
    sources = {}
    for rel in job["files"]:
        with open(f"{job['root']}/{rel}", "rb") as handle:
            sources[rel] = handle.read()
    return "\n".join(sorted(imported_names(sources) | set(LAZY)))


def main(request: str, members: str) -> str:
    """Run one request (JSON from tools/precompile.mjs) with the closure's ``members`` (one a
    line); the answer is JSON too."""
    job = json.loads(request)
    if sys.flags.hash_randomization:
        raise SystemExit("precompile: PYTHONHASHSEED=0 is required for reproducible bytecode")
    done = {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex()}
    sources = {}
    for rel in job["files"]:
        with open(f"{job['root']}/{rel}", "rb") as handle:
            sources[rel] = handle.read()
    shipped = stdlib(job["stdlib"], job["stdlib_out"], set(members.split("\n")))
    done["stdlib"] = len(shipped)
    done["game"] = game(sources, job["game_at"], job["game_out"], sorted(dotted(rel) for rel in shipped))
    return json.dumps(done)
