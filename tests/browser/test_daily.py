"""«Сдача дня» in real Chromium: the same cards for two fresh profiles on the same date and other
cards on another (the page's clock set), a whole day's hand played to the comparison with its par
at a phone's and a desktop's width, the game in progress back after it, the streak after a reload."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import datetime

import pytest

from test_a11y import violations
from test_other_tables import watched
from test_table import RESULTS, ROOT, body, click, hand_cards, hint_worked_out, legal_cards, open_table

NOON = "T12:00:00"


def on_date(page, day: str) -> None:
    """The page's clock at noon of ``day`` (local time), before the page loads."""
    page.clock.set_fixed_time(datetime.fromisoformat(day + NOON))


def par_of(day: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "spades", "daily", "--date", day], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    return json.loads(done.stdout)


def open_day(page) -> None:
    click(page, '[data-action="daily"]')
    assert body(page, "game").startswith("20")
    if body(page, "phase") == "deal":
        click(page, '[data-action="deal"]')


def play_day(page) -> None:
    """South's moves until the day's hand is over, by clicks: a bid of 3, then the first legal card
    (raised, then played)."""
    while body(page, "phase") != "hand_over":
        assert body(page, "turn") == "S", body(page, "phase")
        if body(page, "phase") == "bid":
            click(page, '#panel [data-bid="3"]')
        else:
            card = legal_cards(page)[0]
            click(page, f'#hand [data-card="{card}"]')
            if card in hand_cards(page):
                click(page, f'#hand [data-card="{card}"]')


def test_two_fresh_profiles_on_a_date_get_the_same_cards_and_another_date_other_cards(browser, site_url,
                                                                                        wait_ready):
    seen = []
    for day in ("2026-12-08", "2026-12-08", "2026-12-09"):
        with watched(browser, 1280, 800) as (page, errors):
            on_date(page, day)
            open_table(page, site_url, wait_ready, game=70)
            open_day(page)
            assert body(page, "game") == day.replace("-", "")
            assert f"daily={day}" in page.url and "game=" not in page.url
            seen.append(hand_cards(page))
            assert not errors
    assert seen[0] == seen[1] and seen[0] != seen[2]
    assert sorted(seen[0]) == sorted(par_of("2026-12-08")["deal"]["S"])


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_a_day_s_hand_is_played_to_its_par_and_the_game_comes_back(browser, site_url, wait_ready, axe_script,
                                                                    width, height):
    day = "2027-01-01"
    expected = par_of(day)
    with watched(browser, width, height, bypass_csp=True) as (page, errors):
        on_date(page, day)
        open_table(page, site_url, wait_ready, game=71)
        click(page, '[data-action="deal"]')
        hint_worked_out(page)  # the bid panel is drawn again with it: bid after
        click(page, '#panel [data-bid="2"]')
        game = page.evaluate("localStorage.getItem('spades.game')")
        phase, cards = body(page, "phase"), hand_cards(page)
        open_day(page)
        assert "Сдача дня 2027-01-01" in page.inner_text("#info")
        assert page.locator('#panel [data-action="hint"]').count() == 0
        assert not violations(page, axe_script, "daily bid")
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"daily-{width}-bid.png"))
        play_day(page)
        page.wait_for_selector('#day[data-done="1"] .day-par', timeout=120_000)
        par = page.locator("#day .day-par")
        assert int(par.get_attribute("data-par")) == expected["par"]
        score = int(page.get_attribute("#day .day-score", "data-score"))
        assert int(par.get_attribute("data-diff")) == score - expected["par"]
        tricks = page.get_attribute("#day .day-tricks", "data-tricks")
        assert len(tricks) == 13 and set(tricks) <= {"■", "□"}
        assert not violations(page, axe_script, "daily result")
        page.screenshot(path=str(RESULTS / f"daily-{width}-result.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        stats = json.loads(page.evaluate("localStorage.getItem('spades.stats')"))
        assert stats["days"][day] == {"score": score, "par": expected["par"], "tricks": tricks}
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        click(page, '#day [data-action="day-share"]')
        status = page.inner_text("#status")
        assert "?daily=2027-01-01" in status and tricks in status
        assert not re.search(r"\b[2-9TJQKA][SHDC]\b|[♠♥♦♣]", status.split("http")[0].replace(day, ""))
        page.reload()
        wait_ready(page)
        assert body(page, "phase") == "hand_over" and "daily=2027-01-01" in page.url  # the day stays till left
        click(page, '[data-action="panel"][data-value="stats"]')
        assert page.get_attribute('[data-day-stat="streak"]', "data-value") == "1"
        assert page.get_attribute('[data-day-stat="played"]', "data-value") == "1"
        click(page, '#stats-panel [data-value="close"]')
        click(page, '#day [data-action="daily-leave"]')
        assert body(page, "game") == "71" and page.evaluate("localStorage.getItem('spades.game')") == game
        assert body(page, "phase") == phase and hand_cards(page) == cards and "game=71" in page.url
        assert not errors


def test_a_damaged_record_of_days_is_named_and_the_rest_kept(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=72)
    stats = {"format": "spades-stats/1", "games": {}, "order": [],
             "days": {"2026-12-01": {"score": 10, "par": 5, "tricks": "■"}, "2026-12-02": "broken"}}
    page.evaluate(f"localStorage.setItem('spades.stats', {json.dumps(json.dumps(stats))})")
    page.reload()
    wait_ready(page)
    click(page, '[data-action="panel"][data-value="stats"]')
    assert "2026-12-02" in page.inner_text("#stats .days-damaged")
    assert page.get_attribute('[data-day-stat="played"]', "data-value") == "1"
    assert page.get_attribute('[data-day-stat="best"]', "data-value") == "5"
