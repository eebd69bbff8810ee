"""Vendor the browser runtime and assemble the static site in dist/ (called by build.sh).

What it owns:
- the runtime: the npm tarballs named in runtime.lock, fetched once with `npm pack` into the cache
  (.cache/ by default), checked against their registry integrity on every build, unpacked into
  the cache, and the shipped files checked against vendor.sha256: any mismatch, extra or missing
  file stops the build;
- the Python the page runs, precompiled (tools/precompile.py, run inside the verified Pyodide under
  Node.js): py/stdlib.zip (the standard library, the modules imported at start-up as bytecode)
  and py/piki.zip (the game's modules under py/, bytecode beside source; not the command-line
  tools of py/spades_cli/: the page never imports them; and PyScript's own `pyscript` package,
  the very text the pinned @pyscript/core writes at start, so that it is imported from bytecode).
  The result is kept in the cache under a key of every input, with its sha256 sums; a cached
  archive that no longer matches its sums stops the build. The game's entry point is py/main.py,
  the PyScript script of index.html, shipped as a file (PyScript fetches it as text);
- the site: the page files, pyscript.json (PyScript's configuration), js/shared.js (what the
  page's JavaScript shares with Python, from py/ui/shared.py), build.json, and sw.js with the
  precache list and build hash. Only what the page loads: not Pyodide's stock python_stdlib.zip
  (an input of the precompiled one), not PyScript's plugins and editors (bench/start.py's bare
  page uses the unpacked packages as they are).

Commands:
    python3 tools/site.py build [--cache DIR] [--dist DIR]
    python3 tools/site.py lock  [--cache DIR]   # rewrite vendor.sha256 after changing runtime.lock
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
from ui import shared  # noqa: E402  (py/ on the path first: the game's own constants)

LOCK = ROOT / "runtime.lock"
TEST_LOCK = ROOT / "tests.lock"  # npm packages for the tests only (axe-core)
SUMS = ROOT / "vendor.sha256"

# What the browser needs from each package: package path -> shipped path under dist/vendor/.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# Page files copied as they are (directories recursively).
PAGE = ["index.html", "pyscript.json", "manifest.webmanifest", "css", "img", "js", "sound"]
FACES = "img/faces.svg"  # put into index.html by inline_faces, not shipped as a file
CONFIG = "pyscript.json"  # put into index.html's <py-config> and <mpy-config> by inline_config
CONFIG_TAGS = ("py-config", "mpy-config")
PRELOADS_MARK = "<!-- preloads: the build puts PyScript's core modules here (tools/site.py, preload_modules) -->"
PYSCRIPT_CORE = "vendor/pyscript/core.js"
FACES_MARK = "<!-- faces: the build puts img/faces.svg here (tools/site.py), the symbols ui/art.py uses -->"
SCRIPT = "main.py"  # index.html's <script type="py" src="py/main.py">: shipped as text, not in piki.zip
# Python under py/ that the page never imports: the command-line tools stay off the site.
NOT_SHIPPED = ("spades_cli/", "spades/__main__.py", SCRIPT)
# The vendored files the page loads: of Pyodide, all but the stock standard library (the build's
# precompiled py/stdlib.zip replaces it); of PyScript, its core and the one plugin it imports even
# when turned off (error: notOnDOM). Checked by a browser test against what the page requests.
LOADED = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
          "pyodide/pyodide-lock.json", "pyscript/core.js", "pyscript/core-*.js", "pyscript/error-*.js")
# What the page downloads before Python starts, for the progress bar (build.json "runtime").
RUNTIME_AT_START = ("vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.js",
                    "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide-lock.json",
                    "py/stdlib.zip")


def page_module(rel: str) -> bool:
    """Is ``rel`` (a path under py/) a module the page may import?"""
    return not any(rel == skip or rel.startswith(skip) for skip in NOT_SHIPPED)


class BuildError(Exception):
    """A build that must not go on; the message says what and how to fix it."""


def read_lock(lock: Path = LOCK) -> list[tuple[str, str, str]]:
    entries = []
    for line in lock.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, version, integrity = line.split()
            entries.append((name, version, integrity))
    return entries


def tarball_name(name: str, version: str) -> str:
    """The file name `npm pack` gives: @scope/pkg -> scope-pkg-VERSION.tgz."""
    return f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"


def integrity_of(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def fetch(cache: Path, name: str, version: str, integrity: str) -> Path:
    """The package's tarball in the cache, fetched if missing, its integrity checked."""
    tgz = cache / "npm" / tarball_name(name, version)
    if not tgz.exists():
        if shutil.which("npm") is None:
            raise BuildError("npm is needed to fetch the runtime (apt-get install npm)")
        tgz.parent.mkdir(parents=True, exist_ok=True)
        print(f"build: fetching {name}@{version} from the npm registry", flush=True)
        subprocess.run(["npm", "pack", "--silent", f"{name}@{version}",
                        "--pack-destination", str(tgz.parent)], check=True,
                       stdout=subprocess.DEVNULL)
        if not tgz.exists():
            raise BuildError(f"npm pack {name}@{version} did not produce {tgz}")
    actual = integrity_of(tgz)
    if actual != integrity:
        raise BuildError(f"{tgz}: integrity mismatch for {name}@{version}\n"
                         f"  runtime.lock: {integrity}\n  tarball:      {actual}\n"
                         f"  delete the file to fetch it again, or fix runtime.lock")
    return tgz


def unpack(cache: Path, tgz: Path) -> Path:
    """The tarball unpacked once into cache/pkg/<tarball stem>/ (the whole npm package)."""
    target = cache / "pkg" / tgz.name.removesuffix(".tgz")
    stamp = target / ".unpacked"
    if not stamp.exists():
        if target.exists():
            shutil.rmtree(target)
        tmp = target.with_name(target.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        (tmp / "package").rename(target)
        shutil.rmtree(tmp)
        stamp.write_text(tgz.name + "\n")
    return target


def test_package(cache: Path, name: str) -> Path:
    """A package the tests use and the site never ships (``tests.lock``: axe-core), fetched and
    checked as the runtime is, unpacked in the cache."""
    for each, version, integrity in read_lock(TEST_LOCK):
        if each == name:
            return unpack(cache, fetch(cache, each, version, integrity))
    raise BuildError(f"{name} is not in {TEST_LOCK.name}")


def shipped(name: str, package: Path) -> dict[str, Path]:
    """The files of one package that the browser needs: shipped path -> unpacked file."""
    if name == "pyodide":
        return {f"pyodide/{f}": package / f for f in PYODIDE_FILES if (package / f).exists()}
    if name == "@pyscript/core":
        return {f"pyscript/{p.name}": p for p in sorted((package / "dist").iterdir())
                if p.suffix in (".js", ".css")}
    raise BuildError(f"runtime.lock names {name}, which the build does not know how to ship")


def runtime(cache: Path) -> dict[str, Path]:
    """Every vendored file vendor.sha256 checks (path under vendor/ -> source), fetched and
    unpacked: those the page loads (LOADED) and the rest of the pinned runtime (the input of the
    precompiled standard library, and what the bench's bare page loads)."""
    files: dict[str, Path] = {}
    for name, version, integrity in read_lock():
        files.update(shipped(name, unpack(cache, fetch(cache, name, version, integrity))))
    return files


def loaded(path: str) -> bool:
    """Does the page load ``path`` (under vendor/)?"""
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in LOADED)


def pyscript_package(cache: Path) -> dict[str, bytes]:
    """PyScript's `pyscript` package as the pinned @pyscript/core writes it at start (its
    src/stdlib/pyscript.js, the text its dist embeds): {"pyscript/__init__.py": source, …}."""
    packages = [unpack(cache, fetch(cache, *entry)) for entry in read_lock() if entry[0] == "@pyscript/core"]
    if len(packages) != 1:
        raise BuildError("runtime.lock must pin @pyscript/core once")
    text = (packages[0] / "src" / "stdlib" / "pyscript.js").read_text(encoding="utf-8")
    body = text[text.index("export default") + len("export default"):].strip().removesuffix(";")
    try:
        tree = json.loads(body)
    except ValueError as error:
        raise BuildError(f"@pyscript/core's src/stdlib/pyscript.js is not the literal expected: {error}") from None
    files: dict[str, bytes] = {}

    def walk(prefix: str, node: dict) -> None:
        for name, value in node.items():
            if isinstance(value, str):
                files[prefix + name] = value.encode()
            else:
                walk(prefix + name + "/", value)

    walk("", tree)
    if "pyscript/__init__.py" not in files:
        raise BuildError("@pyscript/core's src/stdlib/pyscript.js holds no pyscript package")
    return files


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_sums() -> dict[str, str]:
    sums = {}
    for line in SUMS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            digest, path = line.split(maxsplit=1)
            sums[path.strip()] = digest
    return sums


def copy_vendor(files: dict[str, Path], dest: Path) -> None:
    """Copy the runtime into dest, checking every byte against vendor.sha256."""
    expected = read_sums()
    problems = []
    for path in sorted(set(expected) - set(files)):
        problems.append(f"missing: {path} is listed in vendor.sha256 but not in the runtime")
    for path in sorted(set(files) - set(expected)):
        problems.append(f"extra: {path} would be shipped but is not listed in vendor.sha256")
    for path in sorted(set(files) & set(expected)):
        data = files[path].read_bytes()
        if sha256(data) != expected[path]:
            problems.append(f"sha256 mismatch: {path} ({files[path]})\n"
                            f"    expected {expected[path]}\n    got      {sha256(data)}")
            continue
        if loaded(path):
            target = dest / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(trimmed_lock(data) if path == LOCK_FILE else data)
    if problems:
        raise BuildError("the vendored runtime does not match vendor.sha256:\n  "
                         + "\n  ".join(problems)
                         + "\n  (a tampered or corrupt cache: delete .cache/ and build again)")


LOCK_FILE = "pyodide/pyodide-lock.json"


def trimmed_lock(data: bytes) -> bytes:
    """Pyodide's package lock as the site ships it: its ``info`` (the runtime's ABI, which the
    loader reads at start) and no packages, since the game loads none (122 KB less on a first
    visit). The file as the runtime pinned it is checked against vendor.sha256 first."""
    info = json.loads(data)["info"]
    return (json.dumps({"info": info, "packages": {}}, indent=1, sort_keys=True) + "\n").encode()


def copy_page(dest: Path) -> None:
    for item in PAGE:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, dest / item)
        elif source.exists():
            shutil.copy2(source, dest / item)
        else:
            raise BuildError(f"missing page file: {item}")
    (dest / "py").mkdir()
    shutil.copy2(ROOT / "py" / SCRIPT, dest / "py" / SCRIPT)
    write_shared(dest)
    inline_faces(dest)
    inline_config(dest)
    preload_modules(dest)


def put_in_page(dest: Path, marker: str, text: str) -> None:
    """Replace ``marker`` in the built index.html with ``text``; the marker must be there once."""
    page = dest / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(marker) != 1:
        raise BuildError(f"index.html must hold {marker!r} once")
    page.write_text(html.replace(marker, text), encoding="utf-8")


def inline_faces(dest: Path) -> None:
    """The faces' sprite (img/faces.svg, made by tools/faces.py) goes into index.html, where its
    marker is, and not as a file: a <use> of another file's symbol loads that file as a document
    of its own, which the browser fetches and parses again (40–90 ms of the main thread, measured)
    whenever a render replaces the last element using it and the HTTP cache says "no-cache"."""
    sprite = dest / FACES
    svg = sprite.read_text(encoding="utf-8").strip().replace(
        "<svg ", '<svg class="sprite" aria-hidden="true" focusable="false" ', 1)
    put_in_page(dest, FACES_MARK, svg)
    sprite.unlink()


def inline_config(dest: Path) -> None:
    """PyScript's configuration (pyscript.json) goes into index.html, as the text of its
    <py-config src="pyscript.json"> and <mpy-config src="pyscript.json">, and not as a file:
    PyScript reads an inline configuration at once, where a src is fetched, once per interpreter
    type and one after the other, before it creates the game's worker."""
    config = dest / CONFIG
    text = json.dumps(json.loads(config.read_text(encoding="utf-8")), ensure_ascii=False, separators=(",", ":"))
    if "<" in text or "&" in text:
        raise BuildError(f"{CONFIG} holds < or &: it cannot be the text of an HTML element as it is")
    for tag in CONFIG_TAGS:
        put_in_page(dest, f'<{tag} src="{CONFIG}"></{tag}>', f"<{tag}>{text}</{tag}>")
    config.unlink()


def static_imports(module: Path) -> list[Path]:
    """The modules a vendored ES module imports statically, and theirs, in order, each once (a
    bundler's chunks: ``from"./core-….js"``, ``import"./….js"``; dynamic ``import(…)`` is left)."""
    found: list[Path] = []

    def walk(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        for name in re.findall(r'(?:\bfrom|\bimport)\s*"(\./[^"]+\.js)"', text):
            target = (path.parent / name).resolve()
            if target not in found:
                found.append(target)
                walk(target)

    walk(module.resolve())
    return found


def preload_modules(dest: Path) -> None:
    """index.html asks for PyScript's core modules with <link rel="modulepreload">, where its
    marker is: the browser fetches and compiles them while it parses the page, instead of
    finding each import only once the module before it has arrived (core.js, then its chunk)."""
    core = dest / PYSCRIPT_CORE
    links = [f'<link rel="modulepreload" href="{path.relative_to(dest.resolve()).as_posix()}">'
             for path in [core.resolve(), *static_imports(core)]]
    put_in_page(dest, PRELOADS_MARK, "\n  ".join(links))


def shared_js() -> str:
    """js/shared.js: what the page's JavaScript shares with Python (py/ui/shared.py), as the
    global PIKI_SHARED (a classic script for js/boot.js, imported by the modules)."""
    values = json.dumps(shared.for_the_page(), indent=1, ensure_ascii=False)
    return ("// «Пики» — written by the build (tools/site.py) from py/ui/shared.py: do not edit.\n"
            "// What the page's JavaScript shares with its Python, written once there.\n"
            f"globalThis.PIKI_SHARED = Object.freeze({values});\n")


def write_shared(dest: Path) -> None:
    target = dest / "js" / "shared.js"
    if target.exists():
        raise BuildError("js/shared.js is written by the build (from py/ui/shared.py): remove it from js/")
    target.write_text(shared_js(), encoding="utf-8")


def game_modules() -> list[str]:
    """The modules under py/ that go into piki.zip (paths relative to py/), sorted."""
    found = []
    for source in sorted((ROOT / "py").rglob("*.py")):
        rel = source.relative_to(ROOT / "py").as_posix()
        if "__pycache__" not in source.parts and page_module(rel):
            found.append(rel)
    return found


PRECOMPILED = ("stdlib.zip", "piki.zip")


def precompile(cache: Path, runtime_files: dict[str, Path], dest: Path) -> None:
    """py/stdlib.zip and py/piki.zip into dest, compiled by the verified Pyodide (``runtime_files``,
    checked by copy_vendor), or taken from the cache when every input is the same and the cached
    archives match their sums. piki.zip holds the game's modules and PyScript's package."""
    files = game_modules()
    pyodide = {path.removeprefix("pyodide/"): source for path, source in runtime_files.items()
               if path.startswith("pyodide/")}
    package = pyscript_package(cache)
    key = hashlib.sha256()
    for name, path in sorted(pyodide.items()):
        key.update(name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for tool in ("precompile.py", "precompile.mjs"):
        key.update(tool.encode() + b"\0" + (ROOT / "tools" / tool).read_bytes())
    for rel in files:
        key.update(rel.encode() + b"\0" + (ROOT / "py" / rel).read_bytes())
    for rel, source in sorted(package.items()):
        key.update(rel.encode() + b"\0" + source)
    key.update(shared.GAME_AT.encode())
    kept = cache / "pyc" / key.hexdigest()[:24]
    sums_file = kept / "sha256.json"
    if not sums_file.exists():
        if shutil.which("node") is None:
            raise BuildError("Node.js is needed to precompile the page's Python "
                             "(apt-get install nodejs)")
        tmp = kept.with_name(kept.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        # PyScript's package beside the game's modules, as one source tree
        source_root = tmp / "src"
        for rel in files:
            (source_root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / "py" / rel, source_root / rel)
        for rel, source in package.items():
            (source_root / rel).parent.mkdir(parents=True, exist_ok=True)
            (source_root / rel).write_bytes(source)
        runtime_dir = pyodide["pyodide.mjs"].parent
        request = {"stdlib": str(pyodide["python_stdlib.zip"]), "stdlib_out": str(tmp / "stdlib.zip"),
                   "root": str(source_root), "files": files + sorted(package), "game_at": shared.GAME_AT,
                   "game_out": str(tmp / "piki.zip")}
        print(f"build: precompiling the page's Python inside Pyodide ({len(files)} game modules)",
              flush=True)
        done = subprocess.run(["node", str(ROOT / "tools" / "precompile.mjs"), str(runtime_dir),
                               json.dumps(request)], capture_output=True, text=True)
        shutil.rmtree(source_root, ignore_errors=True)
        if done.returncode != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            raise BuildError("precompiling the page's Python failed:\n" + done.stderr[-4000:])
        sums = {name: sha256((tmp / name).read_bytes()) for name in PRECOMPILED}
        (tmp / "sha256.json").write_text(json.dumps({"sha256": sums,
                                                     "compiled": json.loads(done.stdout)},
                                                    indent=1) + "\n", encoding="utf-8")
        shutil.rmtree(kept, ignore_errors=True)
        tmp.rename(kept)
    try:
        sums = json.loads(sums_file.read_text(encoding="utf-8"))["sha256"]
    except (ValueError, KeyError) as error:
        raise BuildError(f"{sums_file} is damaged ({error}): delete {kept} and build again") from None
    for name in PRECOMPILED:
        data = (kept / name).read_bytes() if (kept / name).exists() else b""
        if sha256(data) != sums.get(name):
            raise BuildError(f"sha256 mismatch: precompiled {name} in {kept}\n"
                             f"    expected {sums.get(name)}\n    got      {sha256(data)}\n"
                             f"  (a tampered or corrupt cache: delete {kept} and build again)")
        (dest / "py" / name).write_bytes(data)


def sri(data: bytes) -> str:
    """The Subresource Integrity string sw.js checks a file of the build against."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def finish(dest: Path) -> str:
    """Write build.json and sw.js (precache list + build hash); return the build hash."""
    paths = sorted(p for p in dest.rglob("*") if p.is_file())
    build = hashlib.sha256()
    entries = []
    for path in paths:
        rel = path.relative_to(dest).as_posix()
        data = path.read_bytes()
        build.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
        entries.append((rel, data))
    build_hash = build.hexdigest()[:16]
    runtime_sizes = {rel: len(data) for rel, data in entries if rel in RUNTIME_AT_START}
    info = {"build": build_hash, "runtime": runtime_sizes}
    info_bytes = (json.dumps(info, indent=1) + "\n").encode()
    (dest / "build.json").write_bytes(info_bytes)
    entries.append(("build.json", info_bytes))

    precache = [[f"./{rel}", sri(data)] for rel, data in sorted(entries)]
    template = (ROOT / "sw.js").read_text(encoding="utf-8")
    sw = template.replace("__BUILD__", build_hash).replace(
        "__FILES__", json.dumps(precache, indent=0, ensure_ascii=False))
    (dest / "sw.js").write_text(sw, encoding="utf-8")
    return build_hash


def build(cache: Path, dist: Path) -> None:
    files = runtime(cache)
    staging = dist.with_name(dist.name + ".new")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        copy_vendor(files, staging / "vendor")
        copy_page(staging)
        precompile(cache, files, staging)
        build_hash = finish(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = dist.with_name(dist.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if dist.exists():
        dist.rename(old)
    staging.rename(dist)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(p.stat().st_size for p in dist.rglob("*") if p.is_file())
    count = sum(1 for p in dist.rglob("*") if p.is_file())
    print(f"build: {dist} ready — {count} files, {total / 1048576:.1f} MiB, build {build_hash}")


def lock(cache: Path) -> None:
    """Rewrite vendor.sha256 from the tarballs runtime.lock pins (integrity checked first)."""
    lines = ["# sha256 of every vendored runtime file shipped in dist/vendor/ (./build.sh lock)"]
    for path, source in sorted(runtime(cache).items()):
        lines.append(f"{sha256(source.read_bytes())}  {path}")
    SUMS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"lock: wrote {SUMS} ({len(lines) - 1} files)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "lock"])
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("PIKI_CACHE",
                                                                          ROOT / ".cache")))
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("PIKI_DIST",
                                                                         ROOT / "dist")))
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            build(args.cache.resolve(), args.dist.resolve())
        else:
            lock(args.cache.resolve())
    except BuildError as error:
        print(f"build: error: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build: error: {' '.join(error.cmd)} failed (exit {error.returncode})",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
