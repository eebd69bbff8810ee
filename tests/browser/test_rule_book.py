"""The rest of the rule book in real Chromium: «Остальные мои» claims a certain hand and the
record replays; the bidding games (Mirror) and the deuces high in the settings, the bid panel
and a whole hand at a phone's and a desktop's width; «Сыграть сдачу заново» plays the same cards again."""

from __future__ import annotations

import json

import pytest

from test_a11y import violations
from test_other_tables import play_to_summary, watched
from test_table import RESULTS, ROOT, SETTLED, act, body, click, hand_cards, open_table, replay, saved_record

SUITS = "SHDC"
RANKS = "23456789TJQKA"
CLAIMING = {  # South holds every spade: each lead wins, whoever follows
    "S": [r + "S" for r in RANKS], "W": [r + "H" for r in RANKS],
    "N": [r + "D" for r in RANKS], "E": [r + "C" for r in RANKS],
}


def open_record(page, tmp_path, record: dict) -> None:
    path = tmp_path / "claim.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    act(page, lambda: page.set_input_files('#tools input[data-action="import"]', str(path)))
    page.wait_for_selector(SETTLED, state="attached")


def set_rule(page, axe_script, control: str, hint: str, said: str, info: str) -> None:
    """Turn a rule on in the settings (``control``: its input), see its one-line ``hint`` say
    ``said`` with the panel axe-clean, close it, and see the top bar name the rule (``info``)."""
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check(control))
    assert said in page.locator(hint).inner_text()
    assert not violations(page, axe_script, "settings")
    click(page, '#settings-panel [data-value="close"]')
    assert info in page.inner_text("#info")


def played_to_summary(page, name: str, width: int) -> dict:
    """Screenshots at the bid and at the summary of a hand played to it by clicks, nothing wider
    than the page; the saved record."""
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"{name}-{width}-bid.png"))
    play_to_summary(page)
    page.screenshot(path=str(RESULTS / f"{name}-{width}-summary.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    return saved_record(page)


def test_the_rest_are_mine_claims_a_certain_hand_and_the_record_replays(browser, site_url, wait_ready, tmp_path,
                                                                      axe_script):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page = context.new_page()
    try:
        open_table(page, site_url, wait_ready, game=62)
        click(page, '[data-action="deal"]')
        assert page.locator('[data-action="claim"]').count() == 0  # bidding: nothing to claim
        record = {"format": "spades-game/1", "rules": {"target": 250, "bag_penalty": True, "blind_nil": False},
                  "game": 62, "hands": [{"dealer": "E", "deal": CLAIMING, "bids": [], "plays": []}]}
        open_record(page, tmp_path, record)
        if body(page, "phase") == "deal":
            click(page, '[data-action="deal"]')
        assert body(page, "phase") == "bid" and body(page, "turn") == "S"
        click(page, '#panel [data-bid="13"]')
        page.wait_for_selector('#panel [data-action="claim"]')
        assert body(page, "phase") == "play" and body(page, "turn") == "S"
        assert page.locator('#panel [data-action="claim"]').inner_text() == "Остальные мои"
        assert not violations(page, axe_script, "claim")
        click(page, '#panel [data-action="claim"]')
        page.wait_for_function("document.body.dataset.phase === 'hand_over'")
        saved = saved_record(page)
        plays = saved["hands"][0]["plays"]
        assert len(plays) == 52 and plays[0] == "AS"
        assert replay(saved)["hands"][0]["score"]["NS"]["contract"] == 130
    finally:
        context.close()


def test_a_claim_is_not_offered_where_it_is_not_certain(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=63)
    click(page, '[data-action="deal"]')
    click(page, '[data-action="hint"]')
    page.wait_for_function("document.body.dataset.phase === 'play' && document.body.dataset.turn === 'S'")
    assert page.locator('[data-action="claim"]').count() == 0


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_a_mirror_hand_bids_the_spades_held_and_is_played_to_its_summary(browser, site_url, wait_ready, axe_script,
                                                                         width, height):
    with watched(browser, width, height, bypass_csp=True) as (page, errors):
        open_table(page, site_url, wait_ready, game=64)
        set_rule(page, axe_script, '#settings input[name="bidding"][value="mirror"]', "#hint-bidding", "пик",
                 "«Зеркало»")
        click(page, '[data-action="deal"]')
        assert body(page, "phase") == "bid" and body(page, "turn") == "S"
        spades = sum(1 for card in hand_cards(page) if card.endswith("S"))
        bids = page.eval_on_selector_all("#panel [data-bid]", "els => els.map(e => e.dataset.bid)")
        assert bids == [str(spades)]
        record = played_to_summary(page, "mirror", width)
        assert record["rules"]["bidding"] == "mirror"
        hand = record["hands"][0]
        first = "SWNE".index("S")  # East deals hand 1: South bids first
        for k, bid in enumerate(hand["bids"]):
            seat = "SWNE"[(first + k) % 4]
            assert bid == sum(1 for card in hand["deal"][seat] if card.endswith("S")), (seat, bid)
        replay(record)
        assert not errors


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_deuces_high_show_the_2d_first_among_the_spades_and_a_hand_plays_to_its_summary(browser, site_url, wait_ready,
                                                                                       axe_script, width, height):
    with watched(browser, width, height, bypass_csp=True) as (page, errors):
        open_table(page, site_url, wait_ready, game=66)  # South is dealt 2♦, K♠ and Q♠
        set_rule(page, axe_script, '#settings input[name="deuces_high"]', "#hint-deuces_high", "2♦",
                 "старшие двойки")
        click(page, '[data-action="deal"]')
        assert hand_cards(page)[:3] == ["2D", "KS", "QS"]  # the top trump first, in its own red
        assert "red" in page.get_attribute('#hand [data-card="2D"]', "class")
        assert "2♦" in page.get_attribute('#hand [data-card="2D"]', "aria-label")
        record = played_to_summary(page, "deuces", width)
        assert record["rules"]["deuces_high"] is True and "2D" in record["hands"][0]["deal"]["S"]
        assert len(record["hands"][0]["plays"]) == 52
        replay(record)
        assert not errors


def test_play_the_hand_again_deals_the_same_cards_from_the_bid(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=65)
    click(page, '[data-action="deal"]')
    cards = hand_cards(page)
    play_to_summary(page)
    button = page.locator('#summary [data-action="replay-hand"]')
    assert button.inner_text() == "Сыграть сдачу заново"
    click(page, '#summary [data-action="replay-hand"]')
    assert body(page, "phase") == "bid" and body(page, "turn") == "S"
    assert hand_cards(page) == cards and "заново" in page.inner_text("#status")
    record = saved_record(page)
    assert record["replayed"][0]["hand"] == 0 and record["hands"][0]["bids"] == []
    play_to_summary(page)
    assert saved_record(page)["replayed"] == record["replayed"]


def behind_record() -> dict:
    """A record at South's bid in its second hand, 100 or more behind, with blind bids on (the
    unit tests' ``helpers.behind_after_a_hand``)."""
    import importlib.util

    from spades import Rules, to_record

    spec = importlib.util.spec_from_file_location("unit_helpers", ROOT / "tests" / "unit" / "helpers.py")
    assert spec and spec.loader
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    game = helpers.behind_after_a_hand(Rules(blind_bids=True))
    return dict(to_record(game), levels={"N": "hard", "W": "medium", "E": "medium"})


def test_a_blind_bid_is_offered_100_behind_and_scores_double(browser, site_url, wait_ready, tmp_path, axe_script):
    with watched(browser, 360, 740, bypass_csp=True) as (page, errors):
        open_table(page, site_url, wait_ready, game=66)
        record = behind_record()
        open_record(page, tmp_path, record)
        assert body(page, "phase") == "bid" and body(page, "turn") == "S"
        offers = page.eval_on_selector_all('#panel [data-action="blind-bid"]', "els => els.map(e => e.dataset.value)")
        assert offers == [f"blind{n}" for n in range(6, 14)]
        assert page.locator('#panel [data-action="blind-nil"]').count() == 0  # Blind Nil is off
        assert not violations(page, axe_script, "blind bid")
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / "blind-bid-360.png"))
        click(page, '#panel [data-action="blind-bid"][data-value="blind6"]')
        assert "6 вслепую" in page.inner_text("#seat-S")
        play_to_summary(page)
        saved = saved_record(page)
        assert "blind6" in saved["hands"][1]["bids"]
        score = replay(saved)["hands"][1]["score"]["NS"]
        assert abs(score["contract"]) % 20 == 0 and abs(score["contract"]) >= 2 * 10 * 6
        assert not errors
