"""The table tried the way a curious player would, in real Chromium: clicks on anything that
looks clickable, odd addresses, damaged and oversized storage. Each must leave the page working,
with a clear message where something was lost, and never an uncaught error (the ``page`` fixture
fails a test on any console error or page exception)."""

from __future__ import annotations

import json

import pytest

from test_table import SETTLED, body, click, open_table, saved_record, step

pytestmark = pytest.mark.browser

RECORD_DEALT_BY_SOUTH = {
    "format": "spades-game/1", "game": 515, "levels": {"N": "hard", "W": "easy", "E": "easy"},
    "hands": [{"dealer": "S", "bids": [], "plays": []}],
}


def test_clicking_the_seat_boxes_never_acts_and_never_bids(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=515)
    page.evaluate("r => localStorage.setItem('spades.game', r)", json.dumps(RECORD_DEALT_BY_SOUTH))
    page.reload()
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    step(page)  # deal: South dealt, so West, North and East bid before South
    assert body(page, "phase") == "bid" and body(page, "turn") == "S"
    before = saved_record(page)["hands"][0]["bids"]
    assert len(before) == 3
    shown = [page.get_attribute(f"#seat-{s} .seat-box", "data-bid") for s in "WNE"]
    assert shown == [str(b) for b in before]
    for seat in "SWNE":
        page.locator(f"#seat-{seat} .seat-box").click()
        page.locator(f"#seat-{seat} .seat-name").click()
    page.locator("#table").click(position={"x": 5, "y": 5})
    page.wait_for_selector(SETTLED, state="attached")
    assert saved_record(page)["hands"][0]["bids"] == before  # nothing was bid for South
    assert body(page, "turn") == "S" and body(page, "phase") == "bid"
    click(page, '#panel [data-bid="2"]')  # the real bid buttons still work
    assert saved_record(page)["hands"][0]["bids"] == before + [2]


@pytest.mark.parametrize("number", ["²", "١٢", "-5", "1e3", "0", "9999999", "%20", "abc"])
def test_odd_game_numbers_in_the_address_are_ignored(page, site_url, wait_ready, number):
    page.goto(f"{site_url}?fast=1&game={number}")
    wait_ready(page)
    game = body(page, "game")
    assert game.isdigit() and 0 < int(game) <= 999_999 and game != number
    assert page.locator("#deal").is_visible()


def test_deeply_nested_storage_is_a_damaged_save_not_a_dead_page(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=8)
    deep = "[" * 20000 + "]" * 20000
    page.evaluate("""d => { for (const k of ['spades.game', 'spades.settings', 'spades.table'])
                               localStorage.setItem(k, d); }""", deep)
    page.reload()
    wait_ready(page)
    notice = page.inner_text("#notice")
    assert "не удалось прочитать" in notice and "вложенность" in notice
    assert page.evaluate("localStorage.getItem('spades.game.damaged').length") == len(deep)
    step(page)
    assert body(page, "phase") == "bid"


def test_a_damaged_save_too_big_to_copy_is_moved_and_the_game_starts(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=9)
    size = 3_000_000
    page.evaluate("n => localStorage.setItem('spades.game', 'x'.repeat(n))", size)
    page.reload()
    wait_ready(page)
    assert "spades.game.damaged" in page.inner_text("#notice")
    assert page.evaluate("localStorage.getItem('spades.game.damaged').length") == size
    step(page)
    assert saved_record(page)["format"] == "spades-game/1"


def test_a_damaged_setting_falls_back_with_a_notice(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=10)
    page.evaluate("""localStorage.setItem('spades.settings', '{"target": 250.0}')""")
    page.evaluate("localStorage.removeItem('spades.game')")
    page.reload()
    wait_ready(page)
    assert "target" in page.inner_text("#notice")
    assert "до 250" in page.inner_text("#info")


def test_a_full_storage_is_said_in_the_notice_and_the_table_plays_on(page, site_url, wait_ready):
    # Python runs in the game's worker and writes through the page: a write the browser refuses
    # comes back to it, and the notice says so; once there is room, the game is saved again.
    open_table(page, site_url, wait_ready, game=11)
    step(page)  # deal
    # full to the last character, every key but the game's and the settings' taken out first (a
    # write that shrank one, as the painted table's does once the bidding box closes, would make
    # room). Chromium still takes a write that grows a value by a few characters: the moves go
    # on until the record has grown past that.
    page.evaluate("""() => { for (const k of Object.keys(localStorage))
                               if (k !== 'spades.game' && k !== 'spades.settings') localStorage.removeItem(k);
        let n = 1 << 22, i = 0;
        while (n >= 1) { try { localStorage.setItem('filler.' + i, 'x'.repeat(n)); i++; } catch (e) { n >>= 1; } } }""")
    for _ in range(6):
        step(page)
        if "не даёт сохранять" in page.inner_text("#notice"):
            break
    page.wait_for_selector("#notice:has-text(\"не даёт сохранять\")")
    behind = saved_record(page)
    step(page)  # the table plays on; the storage keeps the last save it took
    assert saved_record(page) == behind
    page.evaluate("""() => Object.keys(localStorage).filter(k => k.startsWith('filler.'))
                               .forEach(k => localStorage.removeItem(k))""")
    step(page)  # saved again, with every move
    now = saved_record(page)["hands"][0]
    assert len(now["bids"]) == 4 and len(now["plays"]) > len(behind["hands"][0]["plays"])


def test_a_call_into_the_game_failing_after_the_start_stops_the_table_in_words(page, site_url, wait_ready):
    # a call into the game's interpreter that fails after ready (here another tab's storage write
    # of 256 M characters, more than the interpreter can take in: the call is refused with a
    # RangeError): the event is lost and the game may no longer answer, so the table says so in
    # words, takes no more clicks, and offers the reload that goes on with the saved game
    open_table(page, site_url, wait_ready, game=516)
    step(page)  # deal
    assert body(page, "phase") == "bid"
    page.allow_console_errors(".")  # the interpreter's own report of its failure
    page.evaluate("""dispatchEvent(new StorageEvent("storage", {
        key: "spades.huge", newValue: "x".repeat(2 ** 28), storageArea: localStorage}))""")
    page.wait_for_function("() => document.body.dataset.stage === 'error'", timeout=60_000, polling=100)
    text = page.locator("#boot-error").inner_text()
    assert "Игра остановилась" in text and "партия продолжится с последнего сохранённого хода" in text
    inert = "(selector) => document.querySelector(selector).closest('[inert]') !== null"
    assert all(page.evaluate(inert, selector) for selector in ("#hand", "#panel", "#tools", ".bar"))
    assert not page.evaluate(inert, "#boot-retry") and page.evaluate("document.activeElement.id") == "boot-retry"
    with page.expect_navigation():
        page.locator("#boot-retry").click(timeout=5_000)
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    assert body(page, "game") == "516" and body(page, "phase") == "bid"  # the saved game goes on
