"""Page benchmark: time to ready of the game page against the same game from source and a bare page.

    .venv/bin/python bench/page.py [DIST] [--runs N]      (./build.sh bench runs it)

It measures a copy of DIST with three pages:
- game: index.html as built (the standard library and the game precompiled, tools/precompile.py);
- source: the same game started the way it was before precompiling — through PyScript, with its
  stock interpreter, Pyodide's python_stdlib.zip (sources only) and every game module as a .py
  file in its configuration's `files` (taken from piki.zip), its controller on the main thread
  (bench/source_app.py, the page's controller before the game's worker): "today's page" of the
  start-up issue;
- bare: bare.html, the unmodified runtime (stock interpreter and stdlib) with no game.
The copy's service worker precaches all three pages' files (the built site leaves the bare page's
standard library out: players never load it).

For each page, in one Chromium, in rotating order, N times each:
- cold: a fresh browser context (no HTTP cache, no service worker): navigation to <body data-ready>;
- warm: once the service worker controls the page, a second visit in a new tab of the same
  profile: time to ready again, and the bytes that came from the network (goal: 0, everything
  from the service worker's cache);
- 4th visit: the third visit deals a hand (game pages), the fourth finds that game in progress:
  time to ready, and when the saved table was painted (goal: within 0.5 s of navigation). The
  4th visit also shows what V8's WebAssembly code cache gives once it is filled;
- the longest main-thread task between the first paint and ready, cold and warm (the game's
  interpreter starts in its worker: its tasks are not the page's);
- «Раздать» pressed at the first paint of a fresh game page: how long until the deal animation
  starts (goal: within 0.3 s of the first paint, before Python is ready);
- first paint (first-contentful-paint) of the cold and warm loads (goal for the game: ≤ 0.5 s);
- the time from "interpreter started" to ready: the page's own start-up work;
- for the game: how long after ready its memory snapshot was kept (js/snapshot.mjs, made by a
  worker once the service worker holds the build); the warm and 4th visits start from it.
Prints the medians side by side and the ratios game/source and game/bare (goals: ≤ 0.6 and
≤ 1.0, cold and warm). Figures, not a test: nothing here fails on a slow run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SOURCE_APP = ROOT / "bench" / "source_app.py"  # the page's controller before the game's worker
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


def bench_site(dist: Path, into: Path) -> Path:
    """A copy of dist with source.html (the game from source, as before precompiling) added."""
    site = into / "site"
    shutil.copytree(dist, site)
    files = {}
    with zipfile.ZipFile(dist / "py" / "piki.zip") as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                target = site / "py" / "source" / name
                target.parent.mkdir(parents=True, exist_ok=True)
                # the controller of the page as it was, on the main thread (the game's own runs
                # in its worker, which PyScript's page does not start)
                text = SOURCE_APP.read_bytes() if name == "app.py" else archive.read(name)
                target.write_bytes(text)
                files[f"./py/source/{name}"] = f"./{name}"
    config = {"interpreter": "./vendor/pyodide/pyodide.mjs", "files": files}
    (site / "source.json").write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    # the page as it started before: through PyScript (which builds its hooks with Function(), so
    # its CSP needs 'unsafe-eval'), its main script importing the controller
    html = (site / "index.html").read_text(encoding="utf-8")
    start = '<script type="module" src="js/main.mjs"></script>'
    csp = "script-src 'self' 'wasm-unsafe-eval';"
    if start not in html or csp not in html:
        sys.exit("bench: index.html does not start with js/main.mjs: update bench/page.py")
    html = html.replace(start, '<script type="module" src="vendor/pyscript/core.js"></script>').replace(
        csp, "script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval';").replace(
        "</body>", '<script type="py" config="source.json">import app</script>\n</body>')
    (site / "source.html").write_text(html, encoding="utf-8")
    for written in ("sw.js", "build.json"):  # finish() writes them anew from the files on disk
        (site / written).unlink()
    load_tool("site").finish(site, precache_all=True)
    return site


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"bench: {args.dist} is not built: run ./build.sh")
    temp = tempfile.TemporaryDirectory(prefix="piki-bench-")
    server, base = load_serve().serve_in_thread(bench_site(args.dist, Path(temp.name)))
    pages = {"game": base + "index.html", "source": base + "source.html", "bare": base + "bare.html"}
    runs: dict[str, list[dict]] = {name: [] for name in pages}
    with sync_playwright() as playwright:
        options = {"headless": True, "args": ARGS}
        if CHROMIUM.exists() and os.environ.get("PIKI_CHROMIUM") != "playwright":
            options["executable_path"] = str(CHROMIUM)
        browser = playwright.chromium.launch(**options)
        version = browser.version
        for run in range(args.runs):
            order = list(pages)[run % 3:] + list(pages)[:run % 3]
            for name in order:
                runs[name].append(measure(browser, pages[name], game=name != "bare",
                                          snapshot=name == "game"))
                if name == "game":
                    runs[name][-1].update(measure_early_deal(browser, pages[name]))
                r = runs[name][-1]
                print(f"  run {run + 1} {name}: cold {r['cold']:.2f} s, warm {r['warm']:.2f} s, "
                      f"warm network bytes {r['warm_bytes']}", flush=True)
        browser.close()
    server.shutdown()
    temp.cleanup()

    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    def best(name: str, key: str) -> float:
        return min(r[key] for r in runs[name])

    print(f"\nPage benchmark — Chromium {version}, {args.runs} runs each, medians "
          f"(and the best run: the least disturbed by other load on the machine)")
    print(f"{'':30}{'game':>9}{'source':>9}{'bare':>9}{'/source':>9}{'/bare':>7}")

    def row(label: str, game: float, source: float, bare: float, ratios: bool = True) -> None:
        tail = f"{game / source:9.2f}{game / bare:7.2f}" if ratios else ""
        print(f"{label:30}{game:9.2f}{source:9.2f}{bare:9.2f}{tail}")

    for key, label in (("cold", "cold: time to ready (s)"), ("warm", "warm: time to ready (s)"),
                       ("fourth", "4th visit: time to ready (s)")):
        row(label, med("game", key), med("source", key), med("bare", key))
        row("  best run", best("game", key), best("source", key), best("bare", key))
    for key, label in (("cold_after", "cold: after interpreter (s)"),
                       ("warm_after", "warm: after interpreter (s)"),
                       ("fourth_after", "4th: after interpreter (s)"),
                       ("cold_paint", "cold: first paint (s)"), ("warm_paint", "warm: first paint (s)"),
                       ("cold_long", "cold: longest task (s)"), ("warm_long", "warm: longest task (s)")):
        row(label, med("game", key), med("source", key), med("bare", key), ratios=False)
        if key.endswith("_after"):  # the Python-side start (goal: under 0.3 s): every run of the game
            print(f"{'':30}(the game's runs: " + ", ".join(f"{r[key]:.2f}" for r in runs["game"]) + ")")
    print(f"{'4th: saved table painted (s)':30}{med('game', 'fourth_painted'):9.2f}"
          f"{med('source', 'fourth_painted'):9.2f}   (a game in progress, from navigation)")
    made = [r["snapshot_made"] for r in runs["game"]]
    used = sum(r["warm_snapshot"] == "used" for r in runs["game"])
    print(f"{'snapshot kept, after ready (s)':30}{statistics.median(made):9.2f}   "
          f"(visit 1, in a worker; the 2nd visit started from it in {used} of {len(made)} runs)")
    early = [r["deal_after_paint"] for r in runs["game"]]
    print(f"{'«Раздать» after first paint':30}{statistics.median(early):9.2f}   "
          f"(s, to the animation's start; before ready in "
          f"{sum(r['deal_before_ready'] for r in runs['game'])} of {len(early)} runs)")
    for key, label in (("cold_bytes", "cold: network bytes"), ("warm_bytes", "warm: network bytes"),
                       ("fourth_bytes", "4th: network bytes")):
        game, source, bare = (int(med(name, key)) for name in ("game", "source", "bare"))
        print(f"{label:30}{game:9d}{source:9d}{bare:9d}"
              + (f"{game / source:9.2f}" if source else ""))


if __name__ == "__main__":
    main()
