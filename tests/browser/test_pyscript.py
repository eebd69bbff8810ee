"""The game runs under PyScript: the vendored core starts it from the page's <script type="py">,
the page's event handlers reach Python through PyScript's calls, and a memory snapshot that
breaks the start is dropped."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from test_snapshot import SNAPSHOTS
from test_table import SETTLED, body, hand_cards, open_table, step

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))

# every call the page makes into the game's worker: PyScript's xworker.sync posts [id, name, args]
# on its MessagePort
RECORD_CALLS = """
const post = MessagePort.prototype.postMessage;
window.__calls = [];
MessagePort.prototype.postMessage = function (message, ...rest) {
  if (Array.isArray(message) && typeof message[1] === "string") window.__calls.push(message[1]);
  return post.call(this, message, ...rest);
};
"""


def test_the_page_starts_through_pyscript_and_loads_only_what_the_site_ships(page, site_url, wait_ready):
    asked = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    page.goto(site_url)
    wait_ready(page)
    # PyScript's core, from the site, configured by the page itself (the build wrote
    # pyscript.json into <py-config>); the game's script tag, run by it in a worker
    assert "vendor/pyscript/core.js" in asked and "py/main.py" in asked and "pyscript.json" not in asked
    assert json.loads(page.locator("py-config").text_content())["interpreter"] == "./js/pyodide.mjs"
    script = page.locator('script[type="py"][worker][name="game"]')
    assert script.count() == 1 and script.evaluate("(node) => !!node.xworker")
    # the game's Python imported PyScript's package, from the game's archive (as bytecode)
    assert page.evaluate("window.pikiProbe().then((p) => p.pyscript)") == "/home/pyodide/piki.zip/pyscript/__init__.pyc"
    # the vendored files the page asks for are the ones the site ships, and it ships no others
    vendor = {url for url in asked if url.startswith("vendor/")}
    shipped = {p.relative_to(DIST).as_posix() for p in (DIST / "vendor").rglob("*") if p.is_file()}
    assert vendor == shipped


# the order of two events: a Worker made (PyScript's, for the game) and js/main.mjs run (it sets
# window.pikiThinkTimes first thing); py/main.py's first message (__engine); and the loading
# indicator's stages as <body> shows them
RECORD_ORDER = """
window.__order = [];
const Made = window.Worker;
window.Worker = class extends Made {
  constructor(...args) {
    super(...args);
    window.__order.push("worker");
    this.addEventListener("message", (event) => {  // py/main.py runs: the game's Python started
      if (event.data && event.data.piki && event.data.piki.stage === "engine") window.__engine = true;
    });
  }
};
Object.defineProperty(window, "pikiThinkTimes", { configurable: true, set(value) {
  window.__order.push("module");
  Object.defineProperty(window, "pikiThinkTimes", { value, writable: true, configurable: true });
} });
window.__stages = [];
new MutationObserver(() => {
  const stage = document.body.dataset.stage;
  if (stage && stage !== window.__stages.at(-1)) window.__stages.push(stage);
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-stage"] });
"""


def test_the_loading_indicator_hears_each_stage_of_the_start(page, site_url, wait_ready):
    page.add_init_script(RECORD_ORDER)
    open_table(page, site_url, wait_ready, 612)
    stages = page.evaluate("window.__stages")
    # the loader's "interpreter up" and py/main.py's "engine" (plain messages of the worker)
    assert stages[-3:] == ["start", "engine", "ready"], stages


def test_the_game_starts_when_the_page_module_arrives_late(browser, site_url, wait_ready):
    """index.html declares the game's <script type="py" worker>, which PyScript starts as soon as
    its core has run: with the page's module held back until the game's Python runs, PyScript made
    the worker before that module could register its hook. The module finds the worker on the tag,
    and the game starts."""
    held = []
    context = browser.new_context(service_workers="block")  # page.route does not see its fetches
    page = context.new_page()
    try:
        assert '<script type="py" worker name="game" src="py/main.py">' in page.request.get(site_url).text()
        page.add_init_script(RECORD_ORDER)
        page.route("**/js/main.mjs", lambda route: held.append(route))
        page.goto(f"{site_url}?fast=1&game=612", wait_until="commit")
        page.wait_for_function("window.__engine === true", timeout=120_000, polling=100)
        held[0].continue_()
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")
        assert page.evaluate("window.__order")[:2] == ["worker", "module"]  # the hook came too late
        step(page)  # «Раздать»: the game answers
        assert body(page, "phase") in ("bid", "play")
    finally:
        context.close()


def test_a_bid_and_a_card_go_from_the_dom_into_python_through_pyscripts_calls(page, site_url, wait_ready):
    page.add_init_script(RECORD_CALLS)
    open_table(page, site_url, wait_ready, game=611)
    assert page.evaluate("window.__calls") == ["start"]  # the page's first call: the game starts
    step(page)  # «Раздать»
    step(page)  # South's bid, by the hint
    assert body(page, "phase") in ("bid", "play")
    while body(page, "phase") == "bid":
        step(page)
    step(page)  # South's card (or the computers' until South's turn)
    calls = page.evaluate("window.__calls")
    assert calls[0] == "start" and calls.count("tap") >= 3 and set(calls) <= {"start", "tap"}
    record = page.evaluate("JSON.parse(localStorage.getItem('spades.game'))")
    hand = record["hands"][0]
    assert len(hand["bids"]) == 4 and hand["plays"]  # South's among them
    # the computers' decision times reach the page once each (the benchmark's figures)
    south_played = 13 - len(hand_cards(page))
    times = page.evaluate("window.pikiThinkTimes()").split(",")
    assert len(times) == 3 + len(hand["plays"]) - south_played and all(float(t) >= 0 for t in times)


# In a page of the site (a module, as the CSP allows): start the interpreter as the game does, make a
# snapshot whose state breaks the game's import (app can no longer be imported), and keep it as
# this build's snapshot. It restores fine; the start then fails.
PLANT = """
import { start } from "./pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

const pyodide = await start({ _makeSnapshot: true });
pyodide.runPython('import preload\\npreload.run()\\nimport sys\\nsys.modules["app"] = None');
await snapshot.keep(pyodide.makeMemorySnapshot());
postMessage("planted");
"""


def test_a_snapshot_that_breaks_the_start_is_dropped_and_the_game_starts_without_it(browser, tmp_path, serve_site,
                                                                                 wait_ready):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    (site / "js" / "plant.mjs").write_text(PLANT, encoding="utf-8")
    url = serve_site(site)
    context = browser.new_context(service_workers="block")  # no snapshot of the game's own meanwhile
    page = context.new_page()
    try:
        page.goto(f"{url}?fast=1&game=612")
        wait_ready(page)
        assert body(page, "snapshot") == "none"
        planted = page.evaluate("""() => new Promise((resolve) => {
            const worker = new Worker("js/plant.mjs", { type: "module" });
            worker.onmessage = (event) => resolve(String(event.data));
            worker.onerror = (event) => resolve("failed: " + event.message);
        })""")
        assert planted == "planted"
        # the next start restores it, fails importing the game, spoils it and starts once more
        with page.expect_navigation():
            page.reload()
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")
        assert body(page, "snapshot") == "broken" and body(page, "game") == "612"
        assert page.locator("#boot-error").is_hidden()
        kept = page.evaluate("""async () => {
            const name = (await caches.keys()).find((k) => k.startsWith('piki-snapshot-'));
            const response = await (await caches.open(name)).match('snapshot.bin');
            return [response.headers.get('x-piki-spoiled'), (await response.text()).slice(0, 200)];
        }""")
        assert kept[0] == "1" and "app" in kept[1]  # a marker in its place, with why
        assert len(page.evaluate(SNAPSHOTS)) == 1
        # and every later start of this build goes without a snapshot, and none is made again
        page.reload()
        wait_ready(page)
        assert body(page, "snapshot") == "broken"
        step(page)  # the game plays
        assert body(page, "phase") == "bid"
    finally:
        context.close()
