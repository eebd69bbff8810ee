"""Page benchmark: time to ready of the game page against a bare PyScript + Pyodide page.

    .venv/bin/python bench/page.py [DIST] [--runs N]      (./build.sh bench runs it)

For each page — the game (index.html) and the bare page (bare.html: the same runtime and config,
no game) — in one Chromium, alternating, N times each:
- cold: a fresh browser context (no HTTP cache, no service worker): navigation to <body data-ready>;
- warm: once the service worker controls the page, a second visit in a new tab of the same
  profile: time to ready again, and the bytes that came from the network (goal: 0, everything
  from the service worker's cache);
- first paint (first-contentful-paint) of the cold and warm loads (goal for the game: ≤ 0.5 s);
- the time from "interpreter started" to ready: the page's own start-up work.
Prints the medians side by side and the game/bare ratios (goal: ≤ 1.15 cold and warm).
Figures, not a test: nothing here fails on a slow run.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
# Stamps the moment <body data-ready="1"> appears, and the moment PyScript reports the interpreter
# started, in ms since navigation start. Ready minus interpreter is the page's own start-up work
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
"""
READY = "() => window.__readyAt !== undefined"
PAINT = ("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
         " ?? null")


def load_serve():
    spec = importlib.util.spec_from_file_location("piki_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class NetworkBytes:
    """Bytes a page received from the network (not from its service worker or disk cache)."""

    def __init__(self, context, page) -> None:
        self.session = context.new_cdp_session(page)
        self.session.send("Network.enable")
        self.local: set[str] = set()
        self.total = 0
        self.requests = 0
        self.session.on("Network.responseReceived", self._response)
        self.session.on("Network.loadingFinished", self._finished)

    def _response(self, event: dict) -> None:
        response = event["response"]
        if response.get("fromServiceWorker") or response.get("fromDiskCache"):
            self.local.add(event["requestId"])

    def _finished(self, event: dict) -> None:
        if event["requestId"] not in self.local:
            self.total += int(event.get("encodedDataLength", 0))
            self.requests += 1

    def reset(self) -> None:
        self.total = self.requests = 0
        self.local.clear()


def measure(browser, url: str) -> dict:
    context = browser.new_context(service_workers="allow")
    context.add_init_script(MARK_READY)
    page = context.new_page()
    net = NetworkBytes(context, page)
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000, polling=50)
    after = "window.__readyAt - window.__interpreterAt"
    result = {"cold": page.evaluate("window.__readyAt") / 1000,
              "cold_after": page.evaluate(after) / 1000,
              "cold_paint": (page.evaluate(PAINT) or 0) / 1000, "cold_bytes": net.total}
    # The game page registers the service worker itself once ready; the bare page has no boot
    # script, so register the same worker for it here (after ready, as the game does).
    page.evaluate("navigator.serviceWorker.register('sw.js')")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    # A second visit: a new tab on the same browser profile, served by the service worker.
    page.close()
    page = context.new_page()
    net = NetworkBytes(context, page)
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000, polling=50)
    result.update(warm=page.evaluate("window.__readyAt") / 1000,
                  warm_after=page.evaluate(after) / 1000,
                  warm_paint=(page.evaluate(PAINT) or 0) / 1000,
                  warm_bytes=net.total, warm_requests=net.requests)
    context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        sys.exit(f"bench: {args.dist} is not built: run ./build.sh")
    server, base = load_serve().serve_in_thread(args.dist)
    pages = {"game": base + "index.html", "bare": base + "bare.html"}
    runs: dict[str, list[dict]] = {name: [] for name in pages}
    with sync_playwright() as playwright:
        options = {"headless": True, "args": ARGS}
        if CHROMIUM.exists() and os.environ.get("PIKI_CHROMIUM") != "playwright":
            options["executable_path"] = str(CHROMIUM)
        browser = playwright.chromium.launch(**options)
        version = browser.version
        for run in range(args.runs):
            order = list(pages) if run % 2 == 0 else list(reversed(pages))
            for name in order:
                runs[name].append(measure(browser, pages[name]))
                r = runs[name][-1]
                print(f"  run {run + 1} {name}: cold {r['cold']:.2f} s, warm {r['warm']:.2f} s, "
                      f"warm network bytes {r['warm_bytes']}", flush=True)
        browser.close()
    server.shutdown()

    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    def best(name: str, key: str) -> float:
        return min(r[key] for r in runs[name])

    print(f"\nPage benchmark — Chromium {version}, {args.runs} runs each, medians "
          f"(and the best run: the least disturbed by other load on the machine)")
    print(f"{'':28}{'game':>10}{'bare':>10}{'ratio':>8}")
    for key, label in (("cold", "cold: time to ready (s)"), ("warm", "warm: time to ready (s)")):
        game, bare = med("game", key), med("bare", key)
        print(f"{label:28}{game:10.2f}{bare:10.2f}{game / bare:8.2f}")
        game, bare = best("game", key), best("bare", key)
        print(f"{'  best run':28}{game:10.2f}{bare:10.2f}{game / bare:8.2f}")
    for key, label in (("cold_after", "cold: after interpreter (s)"),
                       ("warm_after", "warm: after interpreter (s)")):
        game, bare = med("game", key), med("bare", key)
        print(f"{label:28}{game:10.2f}{bare:10.2f}{'':>8}")
    for key, label in (("cold_paint", "cold: first paint (s)"), ("warm_paint", "warm: first paint (s)")):
        print(f"{label:28}{med('game', key):10.2f}{med('bare', key):10.2f}")
    for key, label in (("cold_bytes", "cold: network bytes"), ("warm_bytes", "warm: network bytes")):
        print(f"{label:28}{int(med('game', key)):10d}{int(med('bare', key)):10d}")


if __name__ == "__main__":
    main()
