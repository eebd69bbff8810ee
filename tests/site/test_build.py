"""build.sh and the assembled dist/: the runtime is verified, the site is complete and self-contained."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
CACHE = Path(os.environ.get("PIKI_CACHE", ROOT / ".cache"))


def built() -> Path:
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} is not built: run ./build.sh (or ./build.sh test)")
    return DIST


def run_build(cache: Path, dist: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PIKI_CACHE": str(cache), "PIKI_DIST": str(dist)}
    return subprocess.run([str(ROOT / "build.sh"), "build"], env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def private_cache(tmp_path: Path) -> Path:
    """A copy of the npm tarballs in a temporary cache, unpacked by one good build."""
    tarballs = sorted((CACHE / "npm").glob("*.tgz"))
    if not tarballs:
        pytest.skip("no cached runtime tarballs: run ./build.sh first")
    cache = tmp_path / "cache"
    (cache / "npm").mkdir(parents=True)
    for tgz in tarballs:
        shutil.copy2(tgz, cache / "npm" / tgz.name)
    first = run_build(cache, tmp_path / "dist")
    assert first.returncode == 0, first.stderr
    return cache


def tamper_unpacked_file(cache: Path) -> None:
    mjs = next((cache / "pkg").glob("pyodide-*/pyodide.mjs"))
    mjs.write_bytes(mjs.read_bytes() + b"\n// tampered\n")


def add_extra_file(cache: Path) -> None:
    (next((cache / "pkg").glob("pyscript-core-*/dist")) / "extra.js").write_text("export {};\n")


def corrupt_tarball(cache: Path) -> None:
    tgz = next((cache / "npm").glob("pyodide-*.tgz"))
    tgz.write_bytes(tgz.read_bytes() + b"\0")


@pytest.mark.parametrize("tamper, message", [
    (tamper_unpacked_file, "sha256 mismatch: pyodide/pyodide.mjs"),
    (add_extra_file, "extra: pyscript/extra.js"),
    (corrupt_tarball, "integrity mismatch for pyodide@"),
])
def test_build_refuses_a_tampered_runtime(private_cache: Path, tmp_path: Path, tamper, message):
    tamper(private_cache)
    result = run_build(private_cache, tmp_path / "dist")
    assert result.returncode != 0
    assert message in result.stderr
    assert not (tmp_path / "dist.new").exists()


def test_dist_ships_only_the_runtime_files_the_page_loads_each_listed_in_vendor_sha256():
    # every vendored file is checked against vendor.sha256; the site ships those the page loads:
    # not Pyodide's stock standard library (the input of py/stdlib.zip), not PyScript's plugins
    # (tests/browser/test_pyscript.py checks that the page asks for these and no others)
    dist = built()
    listed = {line.split()[1] for line in (ROOT / "vendor.sha256").read_text().splitlines()
              if line and not line.startswith("#")}
    shipped = {p.relative_to(dist / "vendor").as_posix() for p in (dist / "vendor").rglob("*")
               if p.is_file()}
    assert shipped <= listed
    assert {p for p in shipped if p.startswith("pyodide/")} == {
        "pyodide/pyodide.mjs", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm", "pyodide/pyodide-lock.json"}
    pyscript = sorted(p for p in shipped if p.startswith("pyscript/"))
    assert len(pyscript) == 3 and "pyscript/core.js" in pyscript
    assert [p for p in pyscript if re.fullmatch(r"pyscript/(core|error)-[\w-]+\.js", p)] == pyscript[:1] + pyscript[2:]
    assert not [p for p in dist.rglob("*.map")]
    assert not [p for p in dist.iterdir() if p.name.startswith("bare")]  # the bench's page: not shipped
    assert sorted(p.name for p in (dist / "py").rglob("*") if p.is_file()) == [
        "main.py", "piki.zip", "stdlib.zip"]


def test_build_refuses_a_tampered_precompiled_archive(private_cache: Path, tmp_path: Path):
    (kept,) = (private_cache / "pyc").glob("*/piki.zip")
    kept.write_bytes(kept.read_bytes() + b"\0")
    result = run_build(private_cache, tmp_path / "dist2")
    assert result.returncode != 0
    assert "sha256 mismatch: precompiled piki.zip" in result.stderr
    assert not (tmp_path / "dist2.new").exists() and not (tmp_path / "dist2").exists()


def test_precompiling_is_reproducible(private_cache: Path, tmp_path: Path):
    # private_cache compiled everything afresh, in another Pyodide process than the one that
    # built dist/: the archives are the same, byte for byte.
    dist = built()
    for name in ("stdlib.zip", "piki.zip"):
        assert (tmp_path / "dist" / "py" / name).read_bytes() == (dist / "py" / name).read_bytes()


def pyscript_sources() -> dict[str, bytes]:
    """The `pyscript` package the pinned @pyscript/core writes at start (the build's reading)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("piki_site", ROOT / "tools" / "site.py")
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    return site.pyscript_package(CACHE)


def test_the_game_archive_holds_every_page_module_pyscripts_package_and_no_command_line_tool():
    dist = built()
    every = {p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*.py")
             if "__pycache__" not in p.parts}
    tools = {p for p in every if p.startswith("spades_cli/") or p == "spades/__main__.py"}
    assert "spades_cli/arena.py" in tools and "spades_cli/protocol.py" in tools
    page = every - tools - {"main.py"}  # py/main.py is PyScript's script: a file of its own
    assert (dist / "py" / "main.py").read_bytes() == (ROOT / "py" / "main.py").read_bytes()
    package = pyscript_sources()
    assert {"pyscript/__init__.py", "pyscript/context.py", "pyscript/events.py"} <= set(package)
    # the very text PyScript's core writes (its dist embeds it, JSON-escaped)
    core = next((dist / "vendor" / "pyscript").glob("core-*.js")).read_text(encoding="utf-8")
    for rel, source in package.items():
        assert json.dumps(source.decode(), ensure_ascii=False) in core, rel
    with zipfile.ZipFile(dist / "py" / "piki.zip") as archive:
        names = set(archive.namelist())
        shipped = page | set(package) | {"piki_index.py"}
        assert names == {p + "c" for p in shipped}  # bytecode only: the sources are the checkout's


# Pyodide 0.29's CPython 3.13: its bytecode's magic number, and PEP 552's "unchecked hash" flags.
MAGIC = bytes.fromhex("f30d0d0a")
UNCHECKED_HASH = 0b01


def pyc_header(data: bytes) -> tuple[bytes, int, bytes]:
    return data[:4], int.from_bytes(data[4:8], "little"), data[8:16]


def test_precompiled_bytecode_is_for_pyodides_python_and_hashes_its_source():
    import _imp  # the keyed source hash of PEP 552, computed with 3.13's key here

    dist = built()
    key = int.from_bytes(MAGIC, "little")
    package = pyscript_sources()
    with zipfile.ZipFile(dist / "py" / "piki.zip") as archive:
        for name in archive.namelist():
            assert name.endswith(".pyc"), name
            magic, flags, digest = pyc_header(archive.read(name))
            assert (magic, flags) == (MAGIC, UNCHECKED_HASH), name
            rel = name[:-1]
            if rel != "piki_index.py":
                source = package[rel] if rel.startswith("pyscript/") else (ROOT / "py" / rel).read_bytes()
                assert digest == _imp.source_hash(key, source), name
    stock = next((CACHE / "pkg").glob("pyodide-*/python_stdlib.zip"))
    with zipfile.ZipFile(dist / "py" / "stdlib.zip") as ours, zipfile.ZipFile(stock) as theirs:
        names = set(ours.namelist())
        # bytecode only, each of a module of Pyodide's archive: the closure of what the page imports
        assert all(n.endswith(".pyc") and n[:-1] in theirs.namelist() for n in names)
        assert {"json/__init__.pyc", "asyncio/__init__.pyc", "dataclasses.pyc", "random.pyc", "tokenize.pyc",
                "pyodide/ffi/__init__.pyc"} <= names
        assert not {"unittest/__init__.pyc", "xml/__init__.pyc", "email/__init__.pyc", "_pyrepl/__init__.pyc",
                    "wsgiref/__init__.pyc", "multiprocessing/__init__.pyc"} & names
        assert sum(1 for n in names if n.startswith("encodings/")) < 10
        for name in names:
            magic, flags, digest = pyc_header(ours.read(name))
            assert (magic, flags) == (MAGIC, UNCHECKED_HASH), name
            assert digest == _imp.source_hash(key, theirs.read(name[:-1])), name


def test_the_page_ships_only_the_standard_library_its_python_imports():
    # the build computes the closure and imports every name again from the trimmed archive: a
    # name the game imports that the closure lacked stops it (tools/precompile.mjs); here the
    # check itself is seen to fail on such a name, and the index the snapshot reads is right
    import importlib.util

    spec = importlib.util.spec_from_file_location("precompile", ROOT / "tools" / "precompile.py")
    precompile = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(precompile)
    assert precompile.check("json\nno_such_module_anywhere") == (
        "no_such_module_anywhere: No module named 'no_such_module_anywhere'")
    assert "tokenize" in precompile.LAZY
    dist = built()
    with zipfile.ZipFile(dist / "py" / "piki.zip") as archive:
        names = set(archive.namelist())
    with zipfile.ZipFile(dist / "py" / "stdlib.zip") as ours:
        standard = {precompile.dotted(n[:-1]) for n in ours.namelist()}
    assert "piki_index.pyc" in names and {"json", "asyncio", "pyodide.ffi"} <= standard
    lock = json.loads((dist / "vendor" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.13")


def test_service_worker_precaches_every_file_with_its_hash():
    dist = built()
    sw = (dist / "sw.js").read_text()
    build = re.search(r'const BUILD = "([0-9a-f]+)"', sw).group(1)
    files = json.loads(re.search(r"const FILES = (\[.*?\n\]);", sw, re.S).group(1))
    listed = dict(files)
    on_disk = {f"./{p.relative_to(dist).as_posix()}" for p in dist.rglob("*") if p.is_file()}
    assert set(listed) == on_disk - {"./sw.js"}  # the site is what the page loads: all of it
    assert {"./py/stdlib.zip", "./py/piki.zip", "./py/main.py", "./js/pyodide.mjs",
            "./vendor/pyscript/core.js", "./js/shared.js"} <= set(listed)
    for path, integrity in listed.items():
        digest = hashlib.sha256((dist / path).read_bytes()).digest()
        assert integrity == "sha256-" + base64.b64encode(digest).decode(), path
    assert json.loads((dist / "build.json").read_text())["build"] == build


class Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict] = []
        self.csp = ""
        self.urls: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self.scripts.append({**attrs, "body": ""})
            self._in_script = True
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy":
            self.csp = attrs["content"]
        self.urls += [v for k, v in attrs.items() if k in ("src", "href") and v]

    def handle_data(self, data):
        if self._in_script:
            self.scripts[-1]["body"] += data

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


@pytest.mark.parametrize("name", ["index.html"])
def test_pages_have_a_strict_csp_no_inline_script_and_no_foreign_url(name: str):
    page = Scripts()
    page.feed((built() / name if name == "index.html" else ROOT / name).read_text())
    assert page.scripts and all(s.get("src") and not s["body"].strip() for s in page.scripts)
    directives = dict(d.strip().split(" ", 1) for d in page.csp.split(";") if d.strip())
    assert directives["default-src"] == "'self'"
    # PyScript builds its worker's hooks with Function() and starts it from a blob: URL
    assert set(directives["script-src"].split()) <= {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
    assert set(directives["worker-src"].split()) <= {"'self'", "blob:"}
    assert "http" not in page.csp and "data:" not in page.csp and page.csp.count("blob:") <= 1
    assert not [u for u in page.urls if re.match(r"^[a-z]+:", u)]


def test_manifest_names_icons_that_exist():
    dist = built()
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["short_name"] == "Пики" and manifest["lang"] == "ru"
    sizes = set()
    for icon in manifest["icons"]:
        data = (dist / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width = int.from_bytes(data[16:20], "big")
            assert icon["sizes"] == f"{width}x{width}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_the_sounds_are_the_ones_tools_sounds_makes_one_per_event_and_small(tmp_path):
    import importlib.util

    from ui.play import SOUNDS

    spec = importlib.util.spec_from_file_location("piki_sounds", ROOT / "tools" / "sounds.py")
    sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sounds)
    made = {path.name: path.read_bytes() for path in sounds.write(tmp_path)}
    assert set(made) == {f"{name}.wav" for name in SOUNDS}
    for name, data in made.items():
        assert (ROOT / "sound" / name).read_bytes() == data, f"run python3 tools/sounds.py ({name})"
        assert (DIST / "sound" / name).read_bytes() == data
    assert sum(map(len, made.values())) < 40_000  # a few kilobytes: the budget is 150 KB for all


def test_the_faces_are_the_ones_tools_faces_makes_shipped_and_small(tmp_path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("piki_faces", ROOT / "tools" / "faces.py")
    faces = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(faces)
    made = faces.write(tmp_path / "faces.svg").read_bytes()
    assert faces.write(tmp_path / "again.svg").read_bytes() == made  # the same bytes every run
    assert (ROOT / "img" / "faces.svg").read_bytes() == made, "run python3 tools/faces.py"
    # in the page itself (a file of its own is parsed again and again: tools/site.py inline_faces),
    # so precached with it for offline play
    page = (DIST / "index.html").read_text()
    symbols = re.findall(r'<symbol id="(\w+)"', made.decode())
    assert len(symbols) > 50 and all(f'<symbol id="{name}"' in page for name in symbols)
    assert page.count('<svg class="sprite" aria-hidden="true"') == 1 and "<!-- faces:" not in page
    assert not (DIST / "img" / "faces.svg").exists()
    assert not re.search(rb"https?:|data:|url\(", made.replace(b"http://www.w3.org/2000/svg", b""))
    assert len(made) < 40_000  # the budget for all the art is 120 KB


def test_pyscripts_configuration_is_written_into_the_page_and_not_shipped_as_a_file():
    # PyScript reads an inline <py-config> at once; a src= would be fetched before the game's
    # worker is created, once for each interpreter type (tools/site.py inline_config)
    page = (DIST / "index.html").read_text()
    config = json.loads((ROOT / "pyscript.json").read_text())
    for tag in ("py-config", "mpy-config"):
        (text,) = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.S)
        assert json.loads(text) == config
    assert 'src="pyscript.json"' not in page and not (DIST / "pyscript.json").exists()


def test_the_page_preloads_pyscripts_core_modules_that_the_build_ships():
    # core.js and the chunk it imports are asked for while the page is parsed (tools/site.py
    # preload_modules), not one after the other as each module arrives
    page = (DIST / "index.html").read_text()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', page)
    chunk = re.search(r'from"\./(core-[^"]+\.js)"', (DIST / "vendor/pyscript/core.js").read_text())[1]
    assert {"vendor/pyscript/core.js", f"vendor/pyscript/{chunk}", "js/snapshot.mjs"} <= set(preloaded)
    assert all((DIST / path).is_file() for path in preloaded) and "<!-- preloads:" not in page
