"""A returning player sees the table as it was left before Python is ready (py/app.py keeps the
rendered regions, js/boot.js paints them), inert until then; clicks meanwhile change nothing."""

from __future__ import annotations

import pytest

from test_table import SETTLED, open_table, saved_record, step

pytestmark = pytest.mark.browser

REGIONS = ("info", "scores", "seat-N", "seat-W", "seat-E", "seat-S", "trick", "hand")


def regions(page) -> dict:
    return {r: page.inner_html(f"#{r}") for r in REGIONS}


def test_the_saved_table_is_painted_before_python_and_matches_after(browser, site_url, wait_ready):
    context = browser.new_context(service_workers="block")  # every request passes page.route
    page = context.new_page()
    try:
        open_table(page, site_url, wait_ready, game=401)
        for _ in range(6):
            step(page)  # deal, bid, a few cards
        shown = regions(page)
        record = saved_record(page)
        held = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))  # Python waits
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector('body[data-painted="1"]', state="attached")
        assert page.get_attribute("body", "data-ready") is None
        assert regions(page) == shown  # their cards, the trick, the scores, as left
        assert page.evaluate("document.getElementById('table').inert && document.getElementById('tools').inert")
        assert "секунду" in page.inner_text("#load-stage")
        page.locator("#hand [data-card]").first.click(force=True)  # inert: nothing happens
        page.wait_for_timeout(200)
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")
        assert regions(page) == shown and saved_record(page) == record  # no lost or doubled action
        assert not page.evaluate("document.getElementById('table').inert")
        assert page.get_attribute("body", "data-painted") is None
        step(page)  # and the game goes on
    finally:
        context.close()


def dealt_once(page, wait_ready, game: int) -> None:
    """Ready, the hand of ``game`` dealt once (the flying card backs gone) and South to bid."""
    wait_ready(page)
    page.wait_for_selector('body[data-phase="bid"][data-turn="S"]', state="attached")
    page.wait_for_selector(SETTLED, state="attached")
    assert page.locator("#fly .fly").count() == 0
    assert page.locator("#hand [data-card]").count() == 13
    record = saved_record(page)
    assert record["game"] == game and len(record["hands"]) == 1 and not record["hands"][0]["bids"]


def test_deal_answers_before_python_and_python_deals_once(browser, site_url, wait_ready):
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        held = []
        page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
        page.goto(f"{site_url}?fast=1&game=402", wait_until="domcontentloaded")
        button = page.locator('#panel [data-action="deal"]')
        button.click()
        assert page.locator("#fly .fly").count() == 52  # the cards fly at once
        button.click(force=True)  # a second press is not a second deal
        assert page.locator("#fly .fly").count() == 52
        assert page.get_attribute("body", "data-ready") is None
        while not held:
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()
        page.unroute("**/pyodide.asm.wasm")
        dealt_once(page, wait_ready, 402)
        step(page)  # South bids: the game goes on
        assert len(saved_record(page)["hands"][0]["bids"]) >= 1
    finally:
        context.close()


# The page's calls into the game's worker go through PyScript's xworker.sync, one message on a
# MessagePort each ([id, name, args]): the call "start" and every later message are held here (in
# their order) until the test releases them.
HOLD_THE_START = """
const post = MessagePort.prototype.postMessage;
window.__held = null;
MessagePort.prototype.postMessage = function (message, ...rest) {
  if (window.__held === null && Array.isArray(message) && message[1] === "start") {
    window.__held = [[this, message, rest]];
    return;
  }
  if (window.__held !== null && !window.__released) {
    window.__held.push([this, message, rest]);
    return;
  }
  return post.call(this, message, ...rest);
};
window.__release = () => {
  window.__released = true;
  for (const [port, message, rest] of window.__held) post.call(port, message, ...rest);
};
"""


def test_deal_pressed_after_the_page_called_start_and_before_ready_is_dealt_once(browser, site_url, wait_ready):
    # The page calls the game's start (how long ago «Раздать» was pressed among what it sends) and
    # Python draws the first table; a press after that call and before ready is its own call,
    # early_deal. The start call is held here (the calls keep their order) to press then.
    context = browser.new_context(service_workers="block")
    context.add_init_script(HOLD_THE_START)
    page = context.new_page()
    try:
        page.goto(f"{site_url}?fast=1&game=403")
        page.wait_for_function("() => window.__held !== null && window.piki.onEarlyDeal !== null",
                               timeout=120_000)
        button = page.locator('#panel [data-action="deal"]')
        button.click()
        assert page.locator("#fly .fly").count() == 52
        assert page.get_attribute("body", "data-ready") is None
        page.evaluate("() => window.__release()")
        dealt_once(page, wait_ready, 403)
    finally:
        context.close()
