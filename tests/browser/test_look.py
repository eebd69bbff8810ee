"""The table's look and pace, as a player sets them: a four-colour deck, large cards, the felt's
colour, the pace, and the single legal card played at once (all kept with the settings)."""

from __future__ import annotations

import json

from test_table import SETTLED, act, body, click, nil_worked_out, open_table, step

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


# --- the faces, the players' faces, the colour scheme and the motion ----------------------------

SPRITE_USES = """() => {
  return Object.fromEntries([...document.querySelectorAll("svg.sprite symbol")].map(
    (s) => [s.id, [...s.querySelectorAll("use")].map((u) => u.getAttribute("href"))]));
}"""
PIPS = {rank: count for count, rank in enumerate("23456789T", start=2)}


def test_the_cards_show_their_pips_courts_and_aces_in_the_suits_colour(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 46)
    click(page, '[data-action="deal"]')
    uses = page.evaluate(SPRITE_USES)  # the sprite, in the page's HTML
    cards = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => [e.dataset.card, e.querySelector('.art use').getAttribute('href')])")
    assert len(cards) == 13
    ranks = set()
    for code, href in cards:
        assert href == f"#c{code}"
        rank, suit = code
        ranks.add("pips" if rank in PIPS else rank)
        drawn = uses[f"c{code}"]
        if rank in PIPS:  # a seven has seven pips, the lower half upside down
            assert len(drawn) == PIPS[rank] and set(drawn) <= {f"#p{suit}", f"#q{suit}"}, code
        elif rank in "JQK":  # the court's figure, head to head
            assert drawn.count(f"#f{rank}") == 2, code
        else:
            assert f"#p{suit}" in drawn
    assert "pips" in ranks and ranks & {"J", "Q", "K"}  # this deal has both
    # the drawing is there: the sprite loaded and the face has a size inside its card
    page.wait_for_function("document.querySelector('#hand .card .art use').getBBox().width > 0")
    inside = page.eval_on_selector("#hand .card:last-child", """card => {
      const c = card.getBoundingClientRect(), a = card.querySelector('.art').getBoundingClientRect();
      return a.width > c.width / 3 && a.left >= c.left && a.right <= c.right && a.bottom <= c.bottom; }""")
    assert inside
    # the pips are painted in the card's colour: the four-colour deck's blue diamonds too
    choose(page, "deck", "four")
    diamond = "#hand .card.suit-D .art"
    if page.locator(diamond).count():
        assert page.eval_on_selector(diamond, "e => getComputedStyle(e).fill") == BLUE_DIAMOND
    spade = "#hand .card.suit-S .art"
    if page.locator(spade).count():
        assert page.eval_on_selector(spade, "e => getComputedStyle(e).fill") == "rgb(21, 23, 26)"


def test_each_seat_shows_its_face_named_in_the_language_and_the_seat_to_act_is_marked(browser, site_url,
                                                                                       wait_ready):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    try:
        open_table(page, site_url, wait_ready, 47)
        click(page, '[data-action="deal"]')
        assert body(page, "turn") == "S"

        def faces() -> dict:
            return {s: (page.get_attribute(f"#seat-{s} svg.avatar", "role"),
                        page.get_attribute(f"#seat-{s} svg.avatar", "aria-label")) for s in "SNWE"}

        assert faces() == {"S": ("img", "Вы: обезьянка"), "N": ("img", "Север: птичка"),
                           "W": ("img", "Запад: выдра"), "E": ("img", "Восток: лиса")}
        # South is to bid: its box and its face are ringed in the turn's colour, no one else's
        ring = "e => getComputedStyle(e).boxShadow"
        assert "rgb(242, 193, 78)" in page.eval_on_selector("#seat-S .avatar", ring)
        assert "rgb(242, 193, 78)" not in page.eval_on_selector("#seat-W .avatar", ring)
        assert page.locator(".seat-box.is-turn").count() == 1
        # at 360 px: every face on the screen, none under the bids' buttons, nothing scrolls sideways
        nil_worked_out(page)  # the Nil's line is drawn again then: measure the panel as it stays
        boxes = [page.locator(f"#seat-{s} .avatar").bounding_box() for s in "SNWE"]
        buttons = [b.bounding_box() for b in page.locator(".bid-button").all()]
        for box in boxes:
            assert box["width"] >= 20 and box["x"] >= 0 and box["x"] + box["width"] <= 360
            for b in buttons:
                apart = (box["x"] + box["width"] <= b["x"] or b["x"] + b["width"] <= box["x"]
                         or box["y"] + box["height"] <= b["y"] or b["y"] + b["height"] <= box["y"])
                assert apart, (box, b)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        click(page, '[data-action="lang"]')
        assert faces()["E"] == ("img", "East: the fox") and faces()["S"] == ("img", "You: the monkey")
    finally:
        context.close()


def background(page, selector: str = "html") -> str:
    return page.eval_on_selector(selector, "e => getComputedStyle(e).backgroundColor")


BOX = "#settings-panel .overlay-box"


def test_the_page_follows_the_dark_scheme_and_more_contrast(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 48)
    click(page, '[data-action="panel"][data-value="settings"]')
    light = background(page), background(page, BOX)
    page.emulate_media(color_scheme="dark")
    dark = background(page), background(page, BOX)
    assert dark[0] != light[0] and dark[1] != light[1]  # the page and its panels darker
    assert colour(page, BOX) == "rgb(236, 232, 220)"  # light words on the dark panel
    page.emulate_media(color_scheme="light", contrast="more")
    assert background(page) == "rgb(0, 0, 0)" and background(page, BOX) == "rgb(255, 255, 255)"
    assert colour(page, BOX) == "rgb(0, 0, 0)"
    page.emulate_media(color_scheme="dark", contrast="more")
    assert background(page, BOX) == "rgb(0, 0, 0)" and colour(page, BOX) == "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="light", contrast="no-preference")
    assert (background(page), background(page, BOX)) == light


TRICK_MOTION = """() => [...document.querySelectorAll('#trick .card')].flatMap(
  card => card.getAnimations().map(a => [card.dataset.seat, a.effect.getKeyframes()[0].transform || ""]))"""


def test_a_card_played_flies_in_from_its_seat_and_not_under_reduced_motion(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, 49)
    click(page, '[data-action="deal"]')
    while body(page, "phase") == "bid":
        click(page, '[data-action="hint"]')
    # ?fast=1 has no animation: give the flight a length the test can see
    page.evaluate("document.documentElement.style.setProperty('--gather', '20000ms')")
    page.wait_for_selector('body[data-turn="S"]', state="attached")
    before = page.locator("#trick .card").count()
    played = legal_first(page)
    click(page, f'#hand [data-card="{played}"]', position={"x": 6, "y": 30})
    click(page, '[data-action="play"]')
    flying = page.evaluate(TRICK_MOTION)
    # the newest card of the trick flies (by transform) from its seat; the others stay put
    assert len(flying) == 1 and flying[0][1].startswith("translate("), flying
    seat = flying[0][0]
    newest = page.eval_on_selector_all("#trick .card", "els => els.at(-1).dataset.seat")
    assert seat == newest
    if before == 0 and seat == "S":
        assert page.eval_on_selector('#trick .at-S', "e => e.dataset.trickCard") == played
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    # under prefers-reduced-motion nothing moves: no animation, no transition, no transform
    page.emulate_media(reduced_motion="reduce")
    still = 0
    for _ in range(8):
        if body(page, "phase") != "play":
            break
        page.wait_for_selector('body[data-turn="S"]', state="attached")
        code = legal_first(page)
        click(page, f'#hand [data-card="{code}"]', position={"x": 6, "y": 30})
        click(page, '[data-action="play"]')
        assert page.evaluate(TRICK_MOTION) == []
        assert page.evaluate("document.getAnimations().length") == 0
        transforms = page.eval_on_selector_all("#trick .card", "els => els.map(e => getComputedStyle(e).transform)")
        assert set(transforms) <= {"none"}
        still += 1
    assert still >= 2


def legal_first(page) -> str:
    return page.eval_on_selector("#hand [data-card]:not([aria-disabled='true'])", "e => e.dataset.card")
