"""The table's tools in real Chromium, by clicking and by keyboard: new game at any time (asking
while a game is in progress), the hand summary, the last trick, undo, the record downloaded and
opened again (a bad file, or one far too large to read, refused with the game kept)."""

from __future__ import annotations

import json

import pytest

from test_table import SETTLED, act, body, click, open_table, replay, saved_record, step

pytestmark = pytest.mark.browser


def until(page, done, limit=400):
    for _ in range(limit):
        if done():
            return
        step(page)
    raise AssertionError("never reached")


def test_new_game_mid_game_asks_then_starts_with_the_new_settings(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=301)
    step(page)
    step(page)  # deal, bid
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.locator('#settings input[name="target"][value="500"]').check())
    click(page, '#settings [data-action="new-game"]')  # «Начать новую партию с этими настройками»
    assert page.locator('[data-action="confirm-new"]').is_visible()
    click(page, '[data-action="confirm-new"]')
    assert body(page, "game") != "301" and "до 500" in page.inner_text("#info")
    assert saved_record(page)["rules"]["target"] == 500 and not saved_record(page)["hands"][0]["bids"]
    page.locator('#tools [data-action="new-game"]').focus()  # by keyboard: nothing played, no question
    number = body(page, "game")
    act(page, lambda: page.keyboard.press("Enter"))
    assert body(page, "game") != number and not page.locator('[data-action="confirm-new"]').count()


def test_hand_summary_equals_replay_and_the_last_trick_and_undo_work(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=302)
    until(page, lambda: body(page, "phase") == "play" and body(page, "turn") == "S"
          and page.locator('#tools [data-action="last-trick"]').is_enabled())
    click(page, '#tools [data-action="last-trick"]')
    record = saved_record(page)
    first = record["hands"][0]["plays"][:4]
    assert page.eval_on_selector_all("#trick [data-trick-card]", "e => e.map(x => x.dataset.trickCard)") == first
    assert "Последняя взятка" in page.inner_text("#status")
    click(page, '#tools [data-action="last-trick"]')
    before = saved_record(page)
    step(page)  # South plays, the computers answer
    assert len(saved_record(page)["hands"][0]["plays"]) > len(before["hands"][0]["plays"])
    click(page, '#tools [data-action="undo"]')
    after = saved_record(page)
    assert after["hands"][0]["plays"] == before["hands"][0]["plays"] and after["undos"] == 1
    assert body(page, "turn") == "S"
    until(page, lambda: body(page, "phase") == "hand_over")
    summary = page.locator("#summary")
    assert summary.is_visible()
    hand = replay(saved_record(page))["hands"][0]
    for team, score in hand["score"].items():
        for row in ("contract", "bags", "nil", "bag_penalty", "hand", "total"):
            cell = summary.locator(f'[data-row="{row}"] td[data-team="{team}"]')
            assert int(cell.get_attribute("data-value")) == score[row], (team, row)
        assert int(summary.locator(f'li[data-team="{team}"]').get_attribute("data-bank")) == score["bank"]
    for seat, taken in hand["taken"].items():
        assert summary.locator(f'li[data-seat="{seat}"]').get_attribute("data-taken") == str(taken)
    assert page.locator('#tools [data-action="undo"]').is_disabled()  # the hand is scored
    click(page, '#summary [data-action="deal"]')
    assert body(page, "phase") == "bid" and not page.locator("#summary").count()


def test_download_then_open_gives_the_same_game_and_a_bad_file_is_refused(page, site_url, wait_ready, tmp_path):
    open_table(page, site_url, wait_ready, game=303)
    until(page, lambda: len(saved_record(page)["hands"][0]["plays"]) >= 12)
    with page.expect_download() as info:
        click(page, '#tools [data-action="export"]')
    path = tmp_path / "game.json"
    info.value.save_as(path)
    downloaded = json.loads(path.read_text(encoding="utf-8"))
    assert info.value.suggested_filename == "piki-303.json"
    assert downloaded["hands"] == saved_record(page)["hands"]
    click(page, '#tools [data-action="new-game"]')
    click(page, '[data-action="confirm-new"]')
    assert body(page, "game") != "303"
    kept = saved_record(page)
    bad = dict(downloaded, hands=[dict(downloaded["hands"][0], plays=downloaded["hands"][0]["plays"][:3]
                                       + downloaded["hands"][0]["plays"][:1])])
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(bad), encoding="utf-8")
    act(page, lambda: page.set_input_files('#tools input[data-action="import"]', str(bad_path)))
    assert "bad.json" in page.inner_text("#notice") and "сдача 1, карта 4" in page.inner_text("#notice")
    assert saved_record(page) == kept  # the current game is kept
    act(page, lambda: page.set_input_files('#tools input[data-action="import"]', str(path)))
    page.wait_for_selector(SETTLED, state="attached")
    assert body(page, "game") == "303"
    assert saved_record(page)["hands"] == downloaded["hands"]
    assert "game.json" in page.inner_text("#notice")


def test_a_file_larger_than_any_record_is_not_read_and_is_refused_in_words(page, site_url, wait_ready, tmp_path):
    # a curious player opens a film: the page does not read it (the worker's fileBytes), says why
    # and keeps the game
    open_table(page, site_url, wait_ready, game=304)
    step(page)
    step(page)  # deal, bid
    kept = saved_record(page)
    film = tmp_path / "film.json"
    with open(film, "wb") as out:
        out.truncate(700 * 1024 * 1024)  # sparse: takes no room on the disk
    act(page, lambda: page.set_input_files('#tools input[data-action="import"]', str(film)))
    assert page.inner_text("#notice").startswith(
        "Запись «film.json» не открыта: файл слишком большой (735 МБ). Текущая партия сохранена.")
    assert saved_record(page) == kept and body(page, "game") == "304"


def test_at_360_px_each_card_of_a_full_hand_shows_a_24_px_strip(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        open_table(page, site_url, wait_ready, game=77)
        step(page)  # deal: South bids first, with 13 cards
        lefts = page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.getBoundingClientRect().left)")
        right = page.eval_on_selector("#hand [data-card]:last-child", "e => e.getBoundingClientRect().right")
        assert len(lefts) == 13 and min(b - a for a, b in zip(lefts, lefts[1:])) >= 24 and right <= 360
        step(page)  # bid; the seats show tricks against bids
        assert "/" in page.inner_text("#seat-W .chip.taken")
    finally:
        context.close()


def test_review_chart_and_statistics_after_a_hand_survive_a_reload(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=304)
    until(page, lambda: body(page, "phase") == "hand_over")
    record = saved_record(page)
    click(page, '#summary [data-action="review"]')
    assert page.locator("#review-panel").is_visible()
    assert page.get_attribute("#review .review-where", "data-step") == "0"
    click(page, '#review [data-action="review-step"][data-value="1"]')
    trick = replay(record)["hands"][0]["tricks"][0]
    assert page.get_attribute("#review .review-trick", "data-winner") == trick["winner"]
    assert page.eval_on_selector_all("#review .review-trick li", "e => e.map(x => x.dataset.card)") == trick["cards"]
    act(page, lambda: page.keyboard.press("Escape"))
    assert page.locator("#review-panel").is_hidden()
    click(page, '[data-action="panel"][data-value="score"]')
    assert page.get_attribute("svg#chart", "data-hands") == "1"
    assert page.locator("svg#chart circle.dot-ns").count() == 1
    assert "после сдачи 1" in page.get_attribute("svg#chart", "aria-label")
    click(page, '#score-panel [data-action="panel"][data-value="close"]')
    for _ in range(2):
        click(page, '#tools [data-action="panel"][data-value="stats"]')
        assert page.get_attribute('#stats [data-stat="hands"]', "data-value") == "1"
        assert page.get_attribute('#stats [data-stat="games"]', "data-value") == "0"
        click(page, '#stats-panel [data-action="panel"][data-value="close"]')
        page.reload()
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")


def test_a_record_dropped_on_the_page_is_opened(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=305)
    until(page, lambda: len(saved_record(page)["hands"][0]["plays"]) >= 4)
    text = json.dumps(saved_record(page))
    click(page, '#tools [data-action="new-game"]')
    click(page, '[data-action="confirm-new"]')
    act(page, lambda: page.evaluate("""text => {
        const data = new DataTransfer();
        data.items.add(new File([text], "dropped.json", {type: "application/json"}));
        document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", text))
    assert body(page, "game") == "305" and "dropped.json" in page.inner_text("#notice")
    assert saved_record(page)["hands"] == json.loads(text)["hands"]


def test_the_tools_by_keyboard(page, site_url, wait_ready):
    from test_table import tab_to

    open_table(page, site_url, wait_ready, game=306)
    until(page, lambda: body(page, "phase") == "play" and body(page, "turn") == "S"
          and page.locator('#tools [data-action="last-trick"]').is_enabled())
    page.evaluate("document.activeElement && document.activeElement.blur()")
    tab_to(page, lambda f: f["action"] == "last-trick")
    act(page, lambda: page.keyboard.press("Enter"))
    assert "Последняя взятка" in page.inner_text("#status")
    act(page, lambda: page.keyboard.press("Enter"))  # again: hidden
    before = saved_record(page)["hands"][0]["plays"]
    step(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    tab_to(page, lambda f: f["action"] == "undo")
    act(page, lambda: page.keyboard.press("Enter"))
    assert saved_record(page)["hands"][0]["plays"] == before
    until(page, lambda: body(page, "phase") == "hand_over")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    tab_to(page, lambda f: f["action"] == "review")
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.locator("#review-panel").is_visible()
    tab_to(page, lambda f: f["action"] == "review-step")  # «Вперёд» is the first one enabled
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.get_attribute("#review .review-where", "data-step") == "1"


def test_statistics_written_in_another_tab_are_seen(page, site_url, wait_ready):
    # The game's worker reads the storage from the copy the page sent at start; what another tab
    # writes reaches it (the storage event), so the statistics of two tabs add up.
    other = page.context.new_page()
    other.goto(f"{site_url}?fast=1")
    wait_ready(other)
    other.wait_for_selector(SETTLED, state="attached")
    open_table(page, site_url, wait_ready, game=305)
    until(page, lambda: body(page, "phase") == "hand_over")  # this tab counts a hand
    click(other, '#tools [data-action="panel"][data-value="stats"]')
    assert other.get_attribute('#stats [data-stat="hands"]', "data-value") == "1"
