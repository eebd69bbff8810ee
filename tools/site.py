"""Vendor the browser runtime and assemble the static site in dist/ (called by build.sh).

What it owns:
- the runtime: the npm tarballs named in runtime.lock, fetched once with `npm pack` into the cache
  (.cache/ by default), checked against their registry integrity on every build, unpacked into
  the cache, and the shipped files checked against vendor.sha256: any mismatch, extra or missing
  file stops the build;
- the Python the page runs, precompiled (tools/precompile.py, run inside the verified Pyodide under
  Node.js): py/stdlib.zip (the standard library, the modules imported at start-up as bytecode)
  and py/piki.zip (the game's modules under py/, bytecode beside source; not the command-line
  tools of py/spades_cli/: the page never imports them). The result is kept in the cache under
  a key of every input, with its sha256 sums; a cached archive that no longer matches its sums
  stops the build. The game's entry point is js/worker.mjs (`import app`), a page file;
- the site: the page files, bare.json (the bare benchmark page's PyScript configuration),
  build.json, and sw.js with the precache list and build hash.

Commands:
    python3 tools/site.py build [--cache DIR] [--dist DIR]
    python3 tools/site.py lock  [--cache DIR]   # rewrite vendor.sha256 after changing runtime.lock
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "runtime.lock"
SUMS = ROOT / "vendor.sha256"

# What the browser needs from each package: package path -> shipped path under dist/vendor/.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json"]
# Page files copied as they are (directories recursively).
PAGE = ["index.html", "manifest.webmanifest", "css", "img", "js"]
BENCH = ["bench/bare.html", "bench/bare.py"]  # the bare page: the same runtime, no game
# Python under py/ that the page never imports: the command-line tools stay off the site.
NOT_SHIPPED = ("spades_cli/", "spades/__main__.py")
GAME_AT = "/home/pyodide/piki.zip"  # where js/pyodide.mjs writes piki.zip and puts it on sys.path
# Files only the bare benchmark page loads (the page's loader passes its own standard library, and
# the game does not start through PyScript): shipped for ./build.sh bench, not precached for players.
BARE_ONLY = ("vendor/pyodide/python_stdlib.zip", "vendor/pyscript/")
# What the page downloads before Python starts, for the progress bar (build.json "runtime").
RUNTIME_AT_START = ("vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.js",
                    "vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide-lock.json",
                    "py/stdlib.zip")


def page_module(rel: str) -> bool:
    """Is ``rel`` (a path under py/) a module the page may import?"""
    return not any(rel == skip or rel.startswith(skip) for skip in NOT_SHIPPED)


class BuildError(Exception):
    """A build that must not go on; the message says what and how to fix it."""


def read_lock() -> list[tuple[str, str, str]]:
    entries = []
    for line in LOCK.read_text(encoding="utf-8").splitlines():
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


def shipped(name: str, package: Path) -> dict[str, Path]:
    """The files of one package that the browser needs: shipped path -> unpacked file."""
    if name == "pyodide":
        return {f"pyodide/{f}": package / f for f in PYODIDE_FILES if (package / f).exists()}
    if name == "@pyscript/core":
        return {f"pyscript/{p.name}": p for p in sorted((package / "dist").iterdir())
                if p.suffix in (".js", ".css")}
    raise BuildError(f"runtime.lock names {name}, which the build does not know how to ship")


def runtime(cache: Path) -> dict[str, Path]:
    """Every vendored file to ship (path under vendor/ -> source), fetched and unpacked."""
    files: dict[str, Path] = {}
    for name, version, integrity in read_lock():
        files.update(shipped(name, unpack(cache, fetch(cache, name, version, integrity))))
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
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if problems:
        raise BuildError("the vendored runtime does not match vendor.sha256:\n  "
                         + "\n  ".join(problems)
                         + "\n  (a tampered or corrupt cache: delete .cache/ and build again)")


def copy_page(dest: Path) -> None:
    for item in PAGE:
        source = ROOT / item
        if source.is_dir():
            shutil.copytree(source, dest / item)
        elif source.exists():
            shutil.copy2(source, dest / item)
        else:
            raise BuildError(f"missing page file: {item}")
    for item in BENCH:
        shutil.copy2(ROOT / item, dest / Path(item).name)
    (dest / "py").mkdir()


def game_modules() -> list[str]:
    """The modules under py/ that go into piki.zip (paths relative to py/), sorted."""
    found = []
    for source in sorted((ROOT / "py").rglob("*.py")):
        rel = source.relative_to(ROOT / "py").as_posix()
        if "__pycache__" not in source.parts and page_module(rel):
            found.append(rel)
    return found


PRECOMPILED = ("stdlib.zip", "piki.zip")


def precompile(cache: Path, vendor: Path, dest: Path) -> None:
    """py/stdlib.zip and py/piki.zip into dest, compiled by the verified Pyodide under ``vendor``,
    or taken from the cache when every input is the same and the cached archives match their sums."""
    files = game_modules()
    pyodide = vendor / "pyodide"
    key = hashlib.sha256()
    for path in sorted(pyodide.iterdir()):
        key.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    for tool in ("precompile.py", "precompile.mjs"):
        key.update(tool.encode() + b"\0" + (ROOT / "tools" / tool).read_bytes())
    for rel in files:
        key.update(rel.encode() + b"\0" + (ROOT / "py" / rel).read_bytes())
    key.update(GAME_AT.encode())
    kept = cache / "pyc" / key.hexdigest()[:24]
    sums_file = kept / "sha256.json"
    if not sums_file.exists():
        if shutil.which("node") is None:
            raise BuildError("Node.js is needed to precompile the page's Python "
                             "(apt-get install nodejs)")
        tmp = kept.with_name(kept.name + ".tmp")
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        request = {"stdlib": str(pyodide / "python_stdlib.zip"), "stdlib_out": str(tmp / "stdlib.zip"),
                   "root": str(ROOT / "py"), "files": files, "game_at": GAME_AT,
                   "game_out": str(tmp / "piki.zip")}
        print(f"build: precompiling the page's Python inside Pyodide ({len(files)} game modules)",
              flush=True)
        done = subprocess.run(["node", str(ROOT / "tools" / "precompile.mjs"), str(pyodide),
                               json.dumps(request)], capture_output=True, text=True)
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


def bare_config(dest: Path) -> None:
    """bare.json: the bare benchmark page's PyScript configuration, the unmodified runtime (the
    game itself starts on Pyodide directly, in its worker: js/worker.mjs)."""
    bare = {"interpreter": "./vendor/pyodide/pyodide.mjs"}
    (dest / "bare.json").write_text(json.dumps(bare) + "\n", encoding="utf-8")


def finish(dest: Path, precache_all: bool = False) -> str:
    """Write build.json and sw.js (precache list + build hash); return the build hash.
    ``precache_all`` also precaches the bare page's files (bench/page.py's copy of the site)."""
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

    def sri(data: bytes) -> str:
        return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()

    precache = [[f"./{rel}", sri(data)] for rel, data in sorted(entries)
                if precache_all or not rel.startswith(BARE_ONLY)]
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
        precompile(cache, staging / "vendor", staging)
        bare_config(staging)
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
