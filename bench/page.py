"""Page benchmark: the game's start-up and first visit, and against the bare PyScript + Pyodide page.

    .venv/bin/python bench/page.py [DIST] [--runs N]      (./build.sh bench runs it)

First the comparison with the bare page, as bench/start.py makes it (the npm tarballs unpacked as
they are, two lines of Python; both sites served by ``http.server``; a fresh profile each run,
cold = the first load, warm = a reload; 5 alternating runs; on the loopback and over a shared
20 Mbit/s link with 60 ms round trips): the ratios game / bare (goals: cold ≤ 0.6, warm ≤ 0.5,
over the link cold ≤ 0.8) and the bytes each first visit is served (goal: ≤ 11.5 MB). Then the
game's own figures, N runs, each in a fresh browser context:
- cold and warm (a second visit in a new tab once the service worker controls the page), and the
  bytes the warm visit took from the network (goal: 0, everything from the service worker);
- 4th visit: the third visit deals a hand, the fourth finds that game in progress: time to ready,
  and when the saved table was painted (goal: within 0.5 s of navigation);
- the longest main-thread task between the first paint and ready, cold and warm (the game's
  interpreter starts in its PyScript worker: its tasks are not the page's);
- «Раздать» pressed at the first paint of a fresh game page: how long until the deal animation
  starts (before Python is ready);
- the time from "interpreter up" (our loader's performance mark piki:interpreter) to ready: the
  Python-side start (goal: under 0.3 s);
- how long after ready its memory snapshot was kept (js/snapshot.mjs, made by a worker once the
  service worker holds the build); the warm and 4th visits start from it;
- the first visit in a new browser profile with a disk cache, as a player's browser has: every
  byte the server sends (the page, its workers, the service worker's precache) until the service
  worker is installed and the memory snapshot kept, against the bytes of the distinct files asked
  for (goal: ≤ 1.05: each file downloaded once).
Figures, not a test: nothing here fails on a slow run.
"""

from __future__ import annotations

import argparse
import importlib.util
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
# Stamps the moment <body data-ready="1"> appears, and the moment PyScript reports the interpreter
# started (the game marks that itself: performance.mark "piki:interpreter"), in ms since navigation
# start. Ready minus interpreter is the page's own start-up work
# (its files, imports, first render): less at the mercy of the machine's load than the total.
MARK_READY = """
addEventListener("py:progress", (event) => {
  if (event.detail === "Loaded interpreter") window.__interpreterAt = performance.now();
});
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
// main-thread tasks over 50 ms, and when a saved table was painted (js/boot.js)
window.__long = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push([e.startTime, e.duration])))
  .observe({type: "longtask", buffered: true});
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.painted === "1" && !window.__paintedAt) {
    window.__paintedAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-painted"]});
// when the memory snapshot for the next visits was kept (js/snapshot.mjs)
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.snapshot === "made" && !window.__snapshotAt) {
    window.__snapshotAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-snapshot"]});
// when the first card back of the deal animation is in the fly layer
new MutationObserver((_, observer) => {
  const fly = document.getElementById("fly");
  if (fly && fly.firstElementChild && !window.__flyAt) {
    window.__flyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true});
"""
READY = "() => window.__readyAt !== undefined"
PAINT = ("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
         " ?? null")
# the longest main-thread task from the first paint to ready (0: none over 50 ms)
LONGEST = """() => {
  const paint = (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0;
  return Math.max(0, ...window.__long.filter(([start]) => start >= paint && start < window.__readyAt)
                                      .map(([, duration]) => duration));
}"""


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(f"piki_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_serve():
    return load_tool("serve")


def load_bench(name: str):
    spec = importlib.util.spec_from_file_location(f"piki_bench_{name}", ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Served:
    """Every byte of every file the server sent (bodies), by path, in order."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int]] = []
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def handler(self):
        served = self

        class Counting(load_serve().Handler):
            def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
                data = source.read()
                with served.lock:
                    served.sent.append((self.path.split("?")[0], len(data)))
                    served.last = time.monotonic()
                outputfile.write(data)

        return Counting

    def clear(self) -> None:
        with self.lock:
            self.sent = []

    def idle_for(self, seconds: float) -> None:
        while time.monotonic() - self.last < seconds:
            time.sleep(0.2)


class NetworkBytes:
    """Bytes a page received from the network (not from its service worker or disk cache): its
    own requests and its workers' (the game's interpreter downloads in its worker), as Playwright
    reports them (``requestfinished``; body as received, and headers)."""

    def __init__(self, page) -> None:
        self.finished: list = []
        page.on("requestfinished", lambda request: self.finished.append(request))

    @property
    def total(self) -> int:
        total = 0
        for request in list(self.finished):
            if not request.url.startswith("http"):  # PyScript's worker: a blob: URL, no bytes
                continue
            response = request.response()
            if response is None or response.from_service_worker:
                continue
            sizes = request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total


def visit(context, url: str, prefix: str) -> tuple[object, dict]:
    """Open url in a new tab of context and wait for ready: the page and its figures."""
    page = context.new_page()
    net = NetworkBytes(page)
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000, polling=50)
    # the game marks it itself (js/main.mjs); the PyScript pages say it in a py:progress event
    after = ("window.__readyAt - ((performance.getEntriesByName('piki:interpreter')[0] || {}).startTime"
             " ?? window.__interpreterAt)")
    return page, {prefix: page.evaluate("window.__readyAt") / 1000,
                  f"{prefix}_after": page.evaluate(after) / 1000,
                  f"{prefix}_paint": (page.evaluate(PAINT) or 0) / 1000,
                  f"{prefix}_long": page.evaluate(LONGEST) / 1000,
                  f"{prefix}_bytes": net.total,
                  f"{prefix}_snapshot": page.evaluate("document.body.dataset.snapshot || ''")}


def measure(browser, url: str, game: bool, snapshot: bool = False) -> dict:
    """Visits 1 (cold), 2 and 4 (warm) of one page; for the game, visit 4 has a game in progress.
    ``snapshot``: the page keeps a memory snapshot after visit 1; visit 2 waits for it."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(MARK_READY)
    page, result = visit(context, url, "cold")
    # The game page registers the service worker itself once ready; the bare page has no boot
    # script, so register the same worker for it here (after ready, as the game does).
    page.evaluate("navigator.serviceWorker.register('sw.js')")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    if snapshot:  # the game keeps a memory snapshot for the next visits (js/snapshot.mjs)
        page.wait_for_function("() => window.__snapshotAt !== undefined", timeout=180_000)
        result["snapshot_made"] = page.evaluate("window.__snapshotAt - window.__readyAt") / 1000
    # The second visit: a new tab on the same browser profile, served by the service worker.
    page.close()
    page, figures = visit(context, url, "warm")
    result.update(figures)
    # The third visit deals a hand (the game), so that the fourth finds a game in progress: the
    # saved table is painted before Python (js/boot.js) and the game is restored.
    page.close()
    page, _ = visit(context, url, "third")
    if game:
        page.click("#deal")
        page.wait_for_selector('body[data-phase="bid"]', state="attached", timeout=60_000)
        page.wait_for_selector('body[data-busy="0"]', state="attached", timeout=60_000)
    page.close()
    page, figures = visit(context, url, "fourth")
    result.update(figures)
    result["fourth_painted"] = (page.evaluate("window.__paintedAt || 0") or 0) / 1000
    context.close()
    return result


def measure_early_deal(browser, url: str) -> dict:
    """A new player presses «Раздать» as soon as the page has painted, before Python is ready:
    how long from the first paint until the deal animation starts."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(MARK_READY)
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length",
                           timeout=60_000, polling=10)
    page.evaluate("document.getElementById('deal').click()")
    page.wait_for_function("() => window.__flyAt !== undefined", timeout=60_000, polling=10)
    flew = page.evaluate("window.__flyAt") - page.evaluate(PAINT)
    before_ready = page.evaluate("window.__readyAt === undefined")
    context.close()
    return {"deal_after_paint": flew / 1000, "deal_before_ready": before_ready}


def first_visit(playwright, options: dict, url: str, site: Path, served: Served) -> dict:
    """A new player's first visit, in a new browser profile with a disk cache: every byte served
    until the service worker is installed and the memory snapshot kept, against the distinct
    files' bytes."""
    with tempfile.TemporaryDirectory(prefix="piki-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, service_workers="allow", **options)
        context.add_init_script(MARK_READY)
        served.clear()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=180_000, polling=50)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_function("() => window.__snapshotAt !== undefined", timeout=180_000)
        served.idle_for(2.0)
        context.close()
    sent = list(served.sent)
    distinct = {path for path, _ in sent}
    files = sum((site / (path.lstrip("/") or "index.html")).stat().st_size
                for path in distinct if (site / (path.lstrip("/") or "index.html")).is_file())
    total = sum(size for _, size in sent)
    twice = sorted({path for path in distinct if sum(p == path for p, _ in sent) > 1})
    return {"first_bytes": total, "first_files": files, "first_twice": twice}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=Path(os.environ.get("PIKI_CACHE", ROOT / ".cache")))
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"bench: {args.dist} is not built: run ./build.sh")
    start = load_bench("start")
    temp = tempfile.TemporaryDirectory(prefix="piki-bench-")
    site = Path(temp.name) / "site"
    shutil.copytree(args.dist, site)
    served = Served()
    server, base = load_serve().serve_in_thread(site, served.handler())
    url = base + "index.html"
    runs: list[dict] = []
    with sync_playwright() as playwright:
        options = {"headless": True, "args": ARGS}
        if CHROMIUM.exists() and os.environ.get("PIKI_CHROMIUM") != "playwright":
            options["executable_path"] = str(CHROMIUM)
        loopback = start.compare(playwright, options, args.dist.resolve(), args.cache.resolve(), 5, False)
        link = start.compare(playwright, options, args.dist.resolve(), args.cache.resolve(), 5, True)
        browser = playwright.chromium.launch(**options)
        version = browser.version
        for run in range(args.runs):
            runs.append(measure(browser, url, game=True, snapshot=True))
            runs[-1].update(measure_early_deal(browser, url))
            r = runs[-1]
            print(f"  run {run + 1}: cold {r['cold']:.2f} s, warm {r['warm']:.2f} s, "
                  f"warm network bytes {r['warm_bytes']}", flush=True)
        browser.close()
        for run in range(args.runs):
            figures = first_visit(playwright, options, url, site, served)
            runs[run].update(figures)
            print(f"  run {run + 1}, first visit: {figures['first_bytes']} bytes served for "
                  f"{figures['first_files']} bytes of files", flush=True)
    server.shutdown()
    temp.cleanup()

    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"\nPage benchmark — Chromium {version}")
    print("Against the bare PyScript + Pyodide page (bench/start.py), medians of 5 alternating runs:")
    start.report(loopback, link)
    print(f"\nThe game alone, {args.runs} runs, medians")
    for key, label, goal in (("cold", "cold: time to ready (s)", ""),
                             ("warm", "warm: time to ready (s)", "(a second tab, the snapshot kept)"),
                             ("fourth", "4th visit: time to ready (s)", "(a game in progress)"),
                             ("cold_after", "cold: after interpreter (s)", "< 0.3 s"),
                             ("warm_after", "warm: after interpreter (s)", ""),
                             ("cold_paint", "cold: first paint (s)", ""),
                             ("cold_long", "cold: longest task (s)", "≤ 0.05 s (0: none over 50 ms)"),
                             ("warm_long", "warm: longest task (s)", "≤ 0.05 s"),
                             ("fourth_long", "4th: longest task (s)", "≤ 0.05 s"),
                             ("fourth_painted", "4th: saved table painted (s)", "≤ 0.5 s from navigation"),
                             ("snapshot_made", "snapshot kept, after ready (s)", "(visit 1, in a worker)"),
                             ("deal_after_paint", "«Раздать» after first paint (s)", "(to the animation)")):
        print(f"{label:34}{med(key):9.2f}   {goal}")
    for key, label in (("cold_bytes", "cold: network bytes"), ("warm_bytes", "warm: network bytes"),
                       ("fourth_bytes", "4th: network bytes")):
        print(f"{label:34}{int(med(key)):9d}")
    ratios = [r["first_bytes"] / r["first_files"] for r in runs]
    print(f"{'first visit: bytes served':34}{int(med('first_bytes')):9d}   for "
          f"{int(med('first_files'))} bytes of distinct files: "
          + ", ".join(f"{ratio:.3f}" for ratio in ratios) + " × (goal ≤ 1.05)")
    twice = sorted({path for r in runs for path in r["first_twice"]})
    if twice:
        print(f"{'':34}(served more than once: {', '.join(twice)})")


if __name__ == "__main__":
    main()
