"""Table responsiveness benchmark: a hand at «Сложный» in real Chromium, main-thread long tasks.

    .venv/bin/python bench/table.py [DIST] [--hands N] [--game N] [--table NAME]   (./build.sh bench runs it)

Opens the built page with the opponents at «Сложный» (North is always hard), at the normal pace
(the computers' readable pauses, the deal and trick animations), and plays N hands as South by
clicking (the hinted bid, the first legal card, two clicks; at two, «Оставить» on every turn of
the draw), at the table ``--table`` (partners by default). A PerformanceObserver counts every
`longtask` after the page is ready. Prints the longest main-thread task (goal: ≤ 100 ms), how
many tasks were over 50 and 100 ms, and the computers' think time per decision in the browser
(p50, p95, max; from window.pikiThinkTimes). Then it presses «Разбор сдачи» on the last hand and
counts the long tasks until the analysis is done (goal: none over 50 ms). Figures, not a test:
nothing fails on a slow run.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
WATCH = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "1" && !window.__readyAt) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
if (!localStorage.getItem("spades.settings")) {
  localStorage.setItem("spades.settings", JSON.stringify({level: "hard", table: "TABLE"}));
}
"""
SETTLED = 'body[data-busy="0"]'


def serve(dist: Path):
    spec = importlib.util.spec_from_file_location("piki_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.serve_in_thread(dist)


def act(page, selector: str, **options) -> None:
    seq = page.get_attribute("body", "data-seq")
    page.locator(selector).click(**options)
    page.wait_for_selector(f'{SETTLED}:not([data-seq="{seq}"])', state="attached", timeout=180_000)


def play(page, hands: int) -> None:
    done = 0
    while True:
        phase = page.get_attribute("body", "data-phase")
        if phase in ("deal", "hand_over"):
            if phase == "hand_over":
                done += 1
                if done >= hands:
                    return
            act(page, '[data-action="deal"]')
        elif phase == "over":
            return
        elif phase == "bid":
            act(page, '[data-action="hint"]')
        elif phase == "draw":
            act(page, '#panel [data-action="draw"][data-value="keep"]')
        else:
            card = page.locator("#hand [data-card]:not([aria-disabled='true'])").first
            code = card.get_attribute("data-card")
            act(page, f'#hand [data-card="{code}"]', position={"x": 6, "y": 30})
            act(page, f'#hand [data-card="{code}"]', position={"x": 6, "y": 30})


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--game", type=int, default=2026)
    parser.add_argument("--table", default="partners", help="partners, two, cutthroat or cutthroat3")
    args = parser.parse_args()
    server, url = serve(Path(args.dist))
    with sync_playwright() as playwright:
        options = {"headless": True, "args": ARGS}
        if CHROMIUM.exists():
            options["executable_path"] = str(CHROMIUM)
        browser = playwright.chromium.launch(**options)
        context = browser.new_context()
        context.add_init_script(WATCH.replace("TABLE", args.table))
        page = context.new_page()
        page.goto(f"{url}?game={args.game}")
        page.wait_for_selector('body[data-ready="1"]', state="attached", timeout=180_000)
        page.wait_for_selector(SETTLED, state="attached")
        began = time.monotonic()
        play(page, args.hands)
        seconds = time.monotonic() - began
        ready = page.evaluate("window.__readyAt")
        tasks = [d for start, d in page.evaluate("window.__long") if start > ready]
        think = [float(x) for x in page.evaluate("window.pikiThinkTimes()").split(",") if x]
        analysis = None
        if page.get_attribute("body", "data-phase") in ("hand_over", "over"):
            pressed = page.evaluate("performance.now()")
            began = time.monotonic()
            page.locator('#summary [data-action="analysis"]').click()
            page.wait_for_selector('#analysis[data-done="1"]', state="attached", timeout=600_000)
            took = time.monotonic() - began
            during = [d for start, d in page.evaluate("window.__long") if start > pressed]
            analysis = (took, during, page.locator("#analysis [data-cost]").count())
        browser.close()
    server.shutdown()
    print(f"table benchmark: {args.hands} hand(s) of game {args.game} at «Сложный», table {args.table}, "
          f"{seconds:.0f} s")
    print(f"  longest main-thread task after ready: {max(tasks, default=0):.0f} ms (goal ≤ 100 ms)")
    print(f"  long tasks: {len(tasks)} over 50 ms, {sum(d > 100 for d in tasks)} over 100 ms")
    if think:
        print(f"  computer think time per decision in the browser: p50 {statistics.median(think):.0f} ms,"
              f" p95 {percentile(think, 95):.0f} ms, max {max(think):.0f} ms ({len(think)} decisions)")
    if analysis:
        took, during, listed = analysis
        print(f"  «Разбор сдачи»: {took:.1f} s for the bid and every card, {listed} listed; long tasks meanwhile:"
              f" {sum(d > 50 for d in during)} over 50 ms, the longest {max(during, default=0):.0f} ms (goal ≤ 50 ms)")


if __name__ == "__main__":
    sys.exit(main())
