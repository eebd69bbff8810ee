"""The table's look and pace, as a player sets them: a four-colour deck, large cards, the felt's
colour, the pace, and the single legal card played at once (all kept with the settings)."""

from __future__ import annotations

import json

from test_table import SETTLED, act, body, click, open_table, step

BLUE_DIAMOND = "rgb(21, 84, 192)"  # css/table.css, body[data-deck="four"] .suit-D
LIGHT_DIAMOND = "rgb(156, 194, 255)"  # the same suit in the words: .pip-D


def choose(page, name: str, value: str) -> None:
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check(f'#settings input[name="{name}"][value="{value}"]'))
    click(page, '#settings-panel [data-value="close"]')


def colour(page, selector: str) -> str:
    return page.eval_on_selector(selector, "e => getComputedStyle(e).color")


def saved_settings(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('spades.settings')"))


def test_a_four_colour_deck_colours_diamonds_on_the_cards_and_in_the_words(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 41)
    click(page, '[data-action="deal"]')
    diamond = '#hand .card.suit-D'
    assert page.locator(diamond).count() > 0
    red = colour(page, diamond)
    choose(page, "deck", "four")
    assert body(page, "deck") == "four" and saved_settings(page)["deck"] == "four"
    assert colour(page, diamond) == BLUE_DIAMOND != red
    for _ in range(80):  # play on until the status line names a diamond
        if page.locator("#status .pip-D").count():
            break
        step(page)
    assert colour(page, "#status .pip-D") == LIGHT_DIAMOND
    page.reload()
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")
    assert body(page, "deck") == "four"  # kept: the reloaded table is four-coloured too
    faces = ".card.suit-D"
    if page.locator(faces).count():
        assert colour(page, faces) == BLUE_DIAMOND
        choose(page, "deck", "two")
        assert colour(page, faces) == red


def test_large_cards_still_fit_thirteen_on_a_phone(browser, site_url, wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        open_table(page, site_url, wait_ready, 42)
        click(page, '[data-action="deal"]')
        normal = page.locator("#hand .card").first.bounding_box()
        choose(page, "cards", "large")
        assert body(page, "cards") == "large"
        cards = page.locator("#hand .card")
        assert cards.count() == 13
        large = cards.first.bounding_box()
        assert large["width"] > normal["width"] and large["height"] > normal["height"]
        first, last = large, cards.nth(12).bounding_box()
        assert first["x"] >= 0 and last["x"] + last["width"] <= 360  # the whole fan on the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        choose(page, "felt", "blue")
        assert body(page, "felt") == "blue" and saved_settings(page)["felt"] == "blue"
    finally:
        context.close()


def test_the_single_legal_card_is_played_at_once_only_when_asked(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 43)
    choose(page, "pace", "slow")
    assert saved_settings(page)["pace"] == "slow"
    choose(page, "pace", "normal")
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check('#settings input[name="autoplay"]'))
    click(page, '#settings-panel [data-value="close"]')
    assert saved_settings(page)["autoplay"] is True
    by_hand = 0
    for _ in range(60):
        phase = body(page, "phase")
        if phase == "hand_over":
            break
        if phase == "play":
            assert len(page.locator("#hand [data-card]:not([aria-disabled='true'])").all()) > 1
            by_hand += 1
        step(page)
    assert body(page, "phase") == "hand_over" and by_hand < 13  # at least the last card went by itself


COUNT_AUDIO = """
window.pikiAudioMade = 0;
const realPlay = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { window.pikiAudioMade += 1; return realPlay.call(this); };
"""


def test_the_sound_switch_is_remembered_and_fast_pages_are_silent(page, site_url, wait_ready):
    page.add_init_script(COUNT_AUDIO)  # counts the sounds the page plays
    open_table(page, site_url, wait_ready, 44)  # ?fast=1: the tests' pace, no sound at all
    click(page, '[data-action="deal"]')
    click(page, '[data-action="hint"]')
    assert page.evaluate("window.pikiAudioMade") == 0
    switch = "#sound-switch button"
    assert page.get_attribute(switch, "aria-pressed") == "true" and page.get_attribute(switch, "aria-label") == "Звук"
    click(page, switch)
    assert page.get_attribute(switch, "aria-pressed") == "false" and saved_settings(page)["sound"] is False
    page.reload()
    wait_ready(page)
    assert page.get_attribute(switch, "aria-pressed") == "false"
    click(page, switch)
    assert saved_settings(page)["sound"] is True
    page.goto(f"{site_url}?game=45")  # the usual pace: the deal, then South's turn is heard
    wait_ready(page)
    page.locator('[data-action="confirm-new"]').click()  # game 44 is left unfinished: asked first
    page.locator("#deal").click()
    page.wait_for_function("window.pikiAudioMade > 0", timeout=30_000)
    assert any(url.endswith(".wav") for url in page.requests)  # the site's own sound files
