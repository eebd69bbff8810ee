"""The other tables in real Chromium: a whole two-player hand, the draw included, at a phone's and
a desktop's width, and a whole three-player hand, each chosen in the settings and played by
clicking to the hand's summary; the saved record replays with the command line, and a reload in
the middle of the draw continues it."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from test_a11y import violations
from test_table import (
    RESULTS,
    SETTLED,
    act,
    body,
    click,
    hand_cards,
    legal_cards,
    open_table,
    play_card,
    replay,
    saved_record,
)


def choose_table(page, name: str) -> None:
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check(f'#settings input[name="table"][value="{name}"]'))
    assert page.locator("#hint-table").inner_text().strip()
    click(page, '#settings-panel [data-value="close"]')


def play_to_summary(page, draw_choices: list[str] | None = None) -> None:
    """South's moves by clicking until the hand's summary: deal, each turn of the draw (keep,
    then discard, in turn, or «Совет» once), the hinted bid, the first legal card."""
    turns = 0
    while True:
        phase = body(page, "phase")
        if phase == "hand_over" or phase == "over":
            return
        if phase == "deal":
            click(page, '[data-action="deal"]')
        elif phase == "draw":
            assert body(page, "turn") == "S"
            offered = page.get_attribute("#panel .draw-card", "data-offered")
            assert offered and offered not in hand_cards(page)
            if turns == 3:  # «Совет» says which, and why
                click(page, '#panel [data-action="hint"]')
                assert "Совет" in page.inner_text("#status") and "взятк" in page.inner_text("#status")
            choice = "keep" if turns % 2 == 0 else "discard"
            before = len(hand_cards(page))
            click(page, f'#panel [data-action="draw"][data-value="{choice}"]')
            assert len(hand_cards(page)) == before + 1
            if choice == "keep":
                assert offered in hand_cards(page)
            else:
                assert offered not in hand_cards(page)
            if draw_choices is not None:
                draw_choices.append(choice)
            turns += 1
        elif phase == "bid":
            assert body(page, "turn") == "S"
            click(page, '[data-action="hint"]')
        else:
            assert phase == "play" and body(page, "turn") == "S", phase
            play_card(page, legal_cards(page)[0])


@contextmanager
def watched(browser, width: int, height: int, **options):
    """A page ``width`` × ``height`` px in a context of its own, and the list its console errors
    and uncaught exceptions go to; the context is closed after."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, errors
    finally:
        context.close()


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_a_two_player_hand_with_the_draw_is_played_to_its_summary(browser, site_url, wait_ready, width, height):
    with watched(browser, width, height) as (page, errors):
        open_table(page, site_url, wait_ready, game=61)
        choose_table(page, "two")
        assert "Вдвоём, с добором" in page.inner_text("#info")
        assert page.locator("#seat-W .seat-box").count() == 0 and page.locator("#seat-E .seat-box").count() == 0
        assert "соперник" in page.inner_text("#seat-N")
        click(page, '[data-action="deal"]')
        assert body(page, "phase") == "draw" and body(page, "turn") == "S"
        assert len(hand_cards(page)) == 0
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"two-{width}-draw.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        choices: list[str] = []
        play_to_summary(page, choices)
        page.screenshot(path=str(RESULTS / f"two-{width}-summary.png"))
        assert len(choices) == 13
        summary = page.inner_text("#summary")
        assert "Вы" in summary and "Север" in summary and "Запад" not in summary
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        record = saved_record(page)
        assert record["rules"]["table"] == "two" and record["hands"][0]["draw"][0::2] == choices
        assert record["levels"] == {"N": "easy"}
        replayed = replay(record)
        assert set(replayed["hands"][0]["score"]) == {"S", "N"}
        scores = page.locator("#scores [data-team]")
        assert [scores.nth(i).get_attribute("data-team") for i in range(scores.count())] == ["S", "N"]
        assert errors == []


def test_a_three_player_hand_is_played_to_its_summary(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=62)
    choose_table(page, "cutthroat3")
    assert page.locator("#seat-N .seat-box").count() == 0
    click(page, '[data-action="deal"]')
    assert len(hand_cards(page)) == 17 and "2C" not in hand_cards(page)
    bids = page.locator("#panel [data-bid]")
    assert bids.count() == 18  # 0 (Nil) to 17
    play_to_summary(page)
    record = saved_record(page)
    assert record["rules"]["table"] == "cutthroat3"
    assert len(record["hands"][0]["plays"]) == 51
    replayed = replay(record)
    assert set(replayed["hands"][0]["taken"]) == {"S", "W", "E"}
    sheet = page.locator("#summary .summary-sheet thead th")
    assert [sheet.nth(i).inner_text() for i in range(1, sheet.count())] == ["Вы", "Запад", "Восток"]


def test_a_reload_in_the_draw_continues_it(page, site_url, wait_ready):
    """Three turns of the draw, the first from the keyboard (the button focused, Enter), then a
    reload: the same cards, the same card looked at, the draw goes on."""
    open_table(page, site_url, wait_ready, game=63)
    choose_table(page, "two")
    click(page, '[data-action="deal"]')
    keep = page.locator('#panel [data-action="draw"][data-value="keep"]')
    assert keep.get_attribute("aria-describedby") == "draw-explain"
    keep.focus()
    act(page, lambda: page.keyboard.press("Enter"))
    assert len(hand_cards(page)) == 1
    for choice in ("discard", "keep"):
        click(page, f'#panel [data-action="draw"][data-value="{choice}"]')
    held = sorted(hand_cards(page))
    offered = page.get_attribute("#panel .draw-card", "data-offered")
    page.reload()
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    assert body(page, "phase") == "draw" and sorted(hand_cards(page)) == held
    assert page.get_attribute("#panel .draw-card", "data-offered") == offered
    assert saved_record(page)["hands"][0]["draw"][0::2] == ["keep", "discard", "keep"]


def test_the_draw_and_a_solo_table_have_no_serious_accessibility_violation(browser, site_url, wait_ready,
                                                                           axe_script):
    context = browser.new_context(viewport={"width": 360, "height": 740}, bypass_csp=True)
    page = context.new_page()
    found: list[str] = []
    try:
        open_table(page, site_url, wait_ready, 64)
        choose_table(page, "two")
        click(page, '[data-action="panel"][data-value="settings"]')
        assert page.locator('#settings input[name="min_team_bid"][value="4"]').is_disabled()
        found += violations(page, axe_script, "the settings at two")
        click(page, '#settings-panel [data-value="close"]')
        click(page, '[data-action="deal"]')
        found += violations(page, axe_script, "the draw")
        play_to_summary(page)
        found += violations(page, axe_script, "the summary at two")
        click(page, '[data-action="panel"][data-value="score"]')
        found += violations(page, axe_script, "the score sheet at two")
        assert not found, "\n".join(found)
    finally:
        context.close()
