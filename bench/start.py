"""Start-up against the bare PyScript + Pyodide page: cold and warm time to ready, on the loopback
and over a shared 20 Mbit/s link with 60 ms round trips. bench/page.py prints these first.

    .venv/bin/python bench/start.py [DIST] [--runs N]

The bare page (``bare_site``): the npm tarballs of the pinned pyodide and @pyscript/core unpacked
as they are (``pyodide/``, and the package's ``dist/`` as ``pyscript/``), an ``index.html`` that
loads ``pyscript/core.js`` (a module) and ``core.css`` and holds the two lines
``from pyscript import document; document.body.dataset.ready = "1"`` in a ``<script type="py">``
whose configuration is ``{"interpreter": "./pyodide/pyodide.mjs"}``. Each site is served by the
standard library's ``http.server`` on 127.0.0.1 (through a ``Link`` that shares 20 Mbit/s among
all of a site's responses and waits 60 ms before each, when throttled).

For each page, N runs, the two pages alternating: Chromium with a fresh persistent profile;
cold = the first load; warm = a reload in that profile (the game's once its service worker holds
the build and its memory snapshot is kept, as a returning player's browser has them); ready =
``body[data-ready="1"]`` seen. Medians, and the ratios game / bare (goals: cold ≤ 0.6, warm ≤ 0.5;
over the link, cold ≤ 0.8). Also the bytes each first visit was served until then (the game's
service worker precaches the build: every file once). Figures, not a test.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
BARE_HTML = """<!doctype html>
<html>
<head>
<meta charset="utf-8">
<script type="module" src="./pyscript/core.js"></script>
<link rel="stylesheet" href="./pyscript/core.css">
</head>
<body>
<script type="py" config="pyscript.json">from pyscript import document
document.body.dataset.ready = "1"</script>
</body>
</html>
"""
RATE = 20_000_000 / 8  # bytes a second: 20 Mbit/s, shared by every response of a site
RTT = 0.060  # seconds before each response
MARK = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""
READY = "() => window.__readyAt !== undefined"


def bare_site(cache: Path, into: Path) -> Path:
    """The bare page's site, from the runtime packages the build unpacked (tools/site.py)."""
    pkg = cache / "pkg"
    pyodide = next(pkg.glob("pyodide-*"))
    pyscript = next(pkg.glob("pyscript-core-*")) / "dist"
    site = into / "bare"
    shutil.copytree(pyodide, site / "pyodide")
    shutil.copytree(pyscript, site / "pyscript")
    (site / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "pyscript.json").write_text('{"interpreter": "./pyodide/pyodide.mjs"}\n', encoding="utf-8")
    return site


class Link:
    """One shared link: every response waits a round trip, then takes its turn at ``RATE``."""

    def __init__(self, throttled: bool) -> None:
        self.throttled = throttled
        self.free_at = 0.0
        self.lock = threading.Lock()
        self.sent = 0

    def take(self, size: int) -> None:
        with self.lock:
            self.sent += size
            if not self.throttled:
                return
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / RATE
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


def serve(site: Path, link: Link) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802  (http.server's name)
            if link.throttled:
                time.sleep(RTT)
            super().do_GET()

        def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
            try:
                while chunk := source.read(16_384):
                    link.take(len(chunk))
                    outputfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the browser closed its profile while a file was still on its way

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def start(playwright, options: dict, url: str, game: bool, warm: bool = True) -> dict:
    """One run: cold and (with ``warm``) warm time to ready in a fresh profile, in seconds."""
    with tempfile.TemporaryDirectory(prefix="piki-start-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, service_workers="allow", **options)
        context.add_init_script(MARK)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=300_000, polling=20)
        out = {"cold": page.evaluate("window.__readyAt") / 1000}
        if warm:
            if game:  # a returning player's browser: the build precached, the snapshot kept
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=300_000)
                page.wait_for_selector('body[data-snapshot="made"]', state="attached", timeout=300_000)
            else:
                time.sleep(1.0)
            page.reload()
            page.wait_for_function(READY, timeout=300_000, polling=20)
            out["warm"] = page.evaluate("window.__readyAt") / 1000
        context.close()
    return out


def compare(playwright, options: dict, dist: Path, cache: Path, runs: int, throttled: bool) -> dict:
    """Medians of ``runs`` alternating runs of each page: {"game": {...}, "bare": {...}}."""
    with tempfile.TemporaryDirectory(prefix="piki-bare-") as temp:
        sites = {"game": dist, "bare": bare_site(cache, Path(temp))}
        links = {name: Link(throttled) for name in sites}
        servers = {name: serve(site, links[name]) for name, site in sites.items()}
        results: dict[str, list[dict]] = {name: [] for name in sites}
        sent: dict[str, list[int]] = {name: [] for name in sites}
        for run in range(runs):
            for name in (["game", "bare"] if run % 2 == 0 else ["bare", "game"]):
                before = links[name].sent
                figures = start(playwright, options, servers[name][1], name == "game", warm=not throttled)
                sent[name].append(links[name].sent - before)
                results[name].append(figures)
                print(f"  {'link' if throttled else 'loopback'} run {run + 1} {name}: "
                      + ", ".join(f"{k} {v:.2f} s" for k, v in figures.items()), flush=True)
        for server, _ in servers.values():
            server.shutdown()
    out: dict = {}
    for name, figures in results.items():
        out[name] = {key: statistics.median(f[key] for f in figures) for key in figures[0]}
        out[name]["bytes"] = statistics.median(sent[name])
    return out


def report(loopback: dict, link: dict | None) -> None:
    print(f"{'':30}{'game':>9}{'bare':>9}{'/bare':>7}   goal")
    for key, goal in (("cold", "≤ 0.6"), ("warm", "≤ 0.5")):
        game, bare = loopback["game"][key], loopback["bare"][key]
        print(f"{key + ': ready (s)':30}{game:9.2f}{bare:9.2f}{game / bare:7.2f}   {goal}")
    if link is not None:
        game, bare = link["game"]["cold"], link["bare"]["cold"]
        print(f"{'20 Mbit/s, 60 ms: cold (s)':30}{game:9.2f}{bare:9.2f}{game / bare:7.2f}   ≤ 0.8")
    print(f"{'first visit: bytes served':30}{int(loopback['game']['bytes']):9d}{int(loopback['bare']['bytes']):9d}"
          f"{'':7}   game ≤ 11,500,000 (its service worker's precache included)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-link", action="store_true", help="skip the throttled runs")
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("PIKI_CACHE", ROOT / ".cache")))
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"bench: {args.dist} is not built: run ./build.sh")
    with sync_playwright() as playwright:
        options = {"headless": True, "args": ARGS}
        if CHROMIUM.exists() and os.environ.get("PIKI_CHROMIUM") != "playwright":
            options["executable_path"] = str(CHROMIUM)
        loopback = compare(playwright, options, args.dist.resolve(), args.cache.resolve(), args.runs, False)
        link = None if args.no_link else compare(playwright, options, args.dist.resolve(), args.cache.resolve(),
                                                 args.runs, True)
    print(f"\nStart-up against the bare PyScript + Pyodide page, medians of {args.runs} alternating runs")
    report(loopback, link)


if __name__ == "__main__":
    main()
