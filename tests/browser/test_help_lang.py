"""The help panel and the language switch in real Chromium.

- The help opens over a game in progress and closes (button, Esc) without touching it: the table,
  the saved record and the turn are the same; the focus goes into the panel and comes back.
- The language switch turns the table, the status line and the hint to English at once, is
  remembered in ``spades.settings`` across a reload, and ``?lang=`` opens in that language.

Driven like tests/browser/test_table.py (its helpers), on ``?fast=1`` pages.
"""

from __future__ import annotations

import json

from spades import Seat, from_record
from test_table import SETTLED, act, body, click, hint_worked_out, open_table, saved_record, step, table_state
from ui import players, strings

HELP = '[data-action="panel"][data-value="help"]'


def active_in(page, selector: str) -> bool:
    return page.evaluate(f"document.querySelector({json.dumps(selector)}).contains(document.activeElement)")


def test_help_opens_and_closes_without_losing_the_game(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=777)
    step(page)  # deal
    step(page)  # South bids by the hint, the computers bid: South leads
    assert body(page, "phase") == "play" and body(page, "turn") == "S"
    before, record = table_state(page), saved_record(page)

    click(page, HELP)
    assert page.locator("#help-panel").is_visible()
    assert active_in(page, "#help-panel")
    assert page.evaluate("document.getElementById('table').inert")
    text = page.inner_text("#help-panel")
    for words in ("Правила и справка", "Как играть", "Подсчёт очков", "Вопросы и ответы"):
        assert words in text
    page.click("#help-scoring summary")  # a section opens; the worked example's table inside
    assert page.get_attribute('#help tr[data-row="hand"] td[data-team="NS"]', "data-value") == "71"
    assert "Видят ли компьютеры мои карты?" in page.text_content("#help-faq")

    act(page, lambda: page.keyboard.press("Escape"))
    assert page.locator("#help-panel").is_hidden()
    assert active_in(page, HELP), "the focus did not come back to «Правила»"
    assert table_state(page) == before and saved_record(page) == record

    click(page, HELP)  # and the panel's own button closes it too
    click(page, '#help-panel .help-head [data-action="panel"]')
    assert page.locator("#help-panel").is_hidden() and not page.evaluate("document.getElementById('table').inert")
    assert table_state(page) == before
    step(page)  # the game goes on: South plays a card
    assert len(saved_record(page)["hands"][0]["plays"]) > len(record["hands"][0]["plays"])


def english_hint(page) -> str:
    """The hint for South's bid as the engine words it in English, from the saved record."""
    record = saved_record(page)
    game = from_record(record)
    return players.hint(game.view(Seat.S), record["game"], looked=True, lang="en")[1]


def test_language_switch_rerenders_the_table_status_and_hint_and_is_remembered(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=2025)
    step(page)  # deal: East deals the first hand, South bids first
    assert body(page, "turn") == "S" and page.get_attribute("html", "lang") == "ru"
    hint_worked_out(page)
    ru_hint = page.inner_text("#hint-reason")

    click(page, '[data-action="lang"]')
    en = strings.EN
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("#info").startswith("Game #2025")
    assert page.inner_text("#status") == en["status.your_bid"]
    assert page.inner_text("#seat-W .seat-name") == en["seat.W"]
    assert page.inner_text("#panel .panel-title") == en["bid.title"]
    assert page.inner_text("#hint-reason") == english_hint(page) != ru_hint
    assert page.inner_text(HELP) == en["button.help"] and page.inner_text('[data-action="lang"]') == "RU"
    settings = json.loads(page.evaluate("localStorage.getItem('spades.settings')"))
    assert settings["lang"] == "en" and {"target", "level", "bag_penalty", "blind_nil"} <= set(settings)
    click(page, HELP)
    assert "How to play" in page.inner_text("#help-panel")
    click(page, '#help-panel .help-head [data-action="panel"]')

    page.reload()  # remembered
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    assert page.get_attribute("html", "lang") == "en" and page.title() == en["page.title"]
    assert page.inner_text("#status") == en["status.your_bid"]

    for lang, words in (("ru", strings.RU), ("en", en)):  # ?lang= opens in that language
        page.goto(f"{site_url}?fast=1&game=2025&lang={lang}")
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")
        assert page.get_attribute("html", "lang") == lang
        assert page.inner_text("#status") == words["status.your_bid"]
        assert page.inner_text('[data-action="panel"][data-value="score"]') == words["button.score"]
