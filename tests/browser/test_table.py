"""The playable table in real Chromium: a whole game by clicks, illegal clicks explained, the saved
record replaying to the page's scores, reloads that continue identically, a damaged save, a hand
played with the keyboard only, settings and game numbers, phone-sized screenshots.

Pages open with ``?fast=1`` (every pause and animation zero, see README) and a fixed ``?game=N``.
Tests wait on the body's data attributes that py/app.py keeps up to date, never on sleeps:
``data-seq`` moves on after every event and computer action, ``data-busy="0"`` once the
computers are done, ``data-turn="S"`` when the player is to act, ``data-phase`` =
deal | bid | play | hand_over | over.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from spades import Card, Phase, Seat, from_record  # noqa: E402
from spades.bots.base import finish  # noqa: E402
from spades.claim import claim_actions, claim_plan  # noqa: E402
from ui import players  # noqa: E402

RESULTS = ROOT / "test-results"
SETTLED = 'body[data-busy="0"]'
VISIBLE_PART = {"x": 6, "y": 30}  # South's cards overlap: click the visible left edge


def open_table(page, site_url, wait_ready, game: int, extra: str = "") -> None:
    page.goto(f"{site_url}?fast=1&game={game}{extra}")
    wait_ready(page)
    page.wait_for_selector(SETTLED, state="attached")


def body(page, name: str) -> str:
    return page.get_attribute("body", f"data-{name}") or ""


def act(page, do) -> None:
    """Do one thing on the page, then wait until the page has handled it and settled."""
    seq = body(page, "seq")
    do()
    page.wait_for_selector(f'{SETTLED}:not([data-seq="{seq}"])', state="attached", timeout=60_000)


def click(page, selector: str, **options) -> None:
    act(page, lambda: page.locator(selector).click(**options))


def hint_worked_out(page) -> None:
    """Wait for «Совет» for South's bid: the hard level's playouts run in the game's worker once the
    bid panel is up, and the panel is drawn again with the bid (``data-hint``) and its reason."""
    page.wait_for_selector("#panel .hint[data-hint]", state="attached", timeout=60_000)


def nil_worked_out(page) -> None:
    """Wait for the Nil's chance: it is worked out after South's bid panel is up, and its line is
    drawn again then, so read the bid panel's lines, or measure it, after this."""
    page.wait_for_selector("#risk-0[data-chance]", state="attached", timeout=60_000)


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")


def legal_cards(page) -> list[str]:
    return page.eval_on_selector_all(
        "#hand [data-card]:not([aria-disabled='true'])", "els => els.map(e => e.dataset.card)")


def saved_record(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('spades.game')"))


def table_state(page) -> dict:
    """What the player sees: hand, trick, bids and tricks of every seat, scores, the sheet."""
    seats = {s: (page.get_attribute(f"#seat-{s} .seat-box", "data-bid"),
                 page.get_attribute(f"#seat-{s} .seat-box", "data-taken")) for s in "SWNE"}
    return {
        "phase": body(page, "phase"),
        "turn": body(page, "turn"),
        "hand": hand_cards(page),
        "legal": legal_cards(page),
        "trick": page.eval_on_selector_all("#trick [data-trick-card]", "els => els.map(e => e.dataset.trickCard)"),
        "seats": seats,
        "scores": page.inner_text("#scores"),
        "sheet": page.text_content("#score"),
    }


def play_card(page, code: str) -> None:
    """A legal card: the first click raises it, the second plays it."""
    card = page.locator(f'#hand [data-card="{code}"]')
    act(page, lambda: card.click(position=VISIBLE_PART))
    assert card.get_attribute("aria-pressed") == "true"
    assert "нажмите ещё раз" in page.inner_text("#status")
    act(page, lambda: card.click(position=VISIBLE_PART))


def step(page, explain: dict | None = None) -> str:
    """The player's next move, by clicking: deal, bid by the hint, or play a legal card.
    Explains an illegal click on the way when ``explain`` collects them. Returns the phase."""
    phase = body(page, "phase")
    if phase in ("deal", "hand_over"):
        click(page, '[data-action="deal"]')
    elif phase == "bid":
        assert body(page, "turn") == "S", table_state(page)
        click(page, '[data-action="hint"]')
    elif phase == "play":
        assert body(page, "turn") == "S", table_state(page)
        legal = legal_cards(page)
        illegal = [c for c in hand_cards(page) if c not in legal]
        if explain is not None and illegal:
            before = table_state(page)
            code = illegal[-1]
            # Playwright treats aria-disabled as "not enabled"; a person can still click it.
            act(page, lambda: page.locator(f'#hand [data-card="{code}"]').click(position=VISIBLE_PART, force=True))
            reason = page.inner_text("#status")
            explain.setdefault(reason, code)
            assert page.get_attribute(f'#hand [data-card="{code}"]', "aria-pressed") is None
            assert table_state(page)["hand"] == before["hand"], "an illegal click changed the hand"
        if len(explain or {}) % 2:
            play_card(page, legal[0])
        else:  # raise with a click, play with «Сыграть»
            act(page, lambda: page.locator(f'#hand [data-card="{legal[0]}"]').click(position=VISIBLE_PART))
            click(page, '[data-action="play"]')
    return body(page, "phase")


def replay(record: dict) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "spades", "replay", "-"], input=json.dumps(record),
        capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    return json.loads(done.stdout)


def assert_computers_played_their_own_moves(record: dict) -> None:
    """Every computer action in the record is the one its bot makes in that position (CPython),
    but for a claim («Остальные мои», ``spades.claim``): from a position where the seat to lead
    is sure of the rest, the record holds the claim's plays."""
    levels = record.get("levels", {})
    game = None
    for i, hand in enumerate(record["hands"]):
        partial = dict(record, hands=record["hands"][:i] + [dict(hand, bids=[], plays=[])])
        game = from_record(partial)
        claimed: list = []
        for action in hand["bids"] + hand["plays"]:
            seat = game.to_move
            if not claimed and game.phase is Phase.PLAY and claim_plan(game.view(seat)) is not None:
                claimed = [str(a) for a in claim_actions(game)]
                assert [str(a) for a in hand["plays"][-len(claimed):]] == claimed, f"hand {i + 1}: the claim"
            if seat != Seat.S and not claimed:
                level = levels.get(seat.name, "easy")
                expected = finish(players.think(record.get("game") or 0, game.view(seat), level))
                got = action if isinstance(action, int) or action == "blind" else Card.parse(action)
                assert expected == got, f"hand {i + 1}: {seat.name} played {action}, its bot says {expected}"
            game.apply(action)


# --- the tests ------------------------------------------------------------------------------


def test_whole_game_played_by_clicking_to_its_end(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=4242)
    assert page.inner_text("#info").startswith("Партия № 4242")
    reasons: dict[str, str] = {}
    for _ in range(2000):
        if step(page, reasons) == "over":
            break
    assert body(page, "phase") == "over"

    # The end is announced, with the result and «Новая партия».
    result = page.inner_text("#panel")
    assert "Партия окончена" in result and ("Победа" in result or "Поражение" in result or "Ничья" in result)
    assert page.locator('#panel [data-action="new-game"]').is_visible()

    # Illegal clicks were explained in the status line, in the engine's words.
    assert reasons, "no illegal card was ever clicked"
    assert all(r.startswith(("Нужно ходить в масть: ", "Пики ещё не разбиты")) for r in reasons), reasons

    # The score sheet: six rows per team for every hand, the running score last.
    record = saved_record(page)
    hands = len(record["hands"])
    assert page.locator("#score tbody[data-hand]").count() == hands
    assert page.locator("#score tr[data-row]").count() == 6 * hands
    assert page.locator("#score td[data-team]").count() == 12 * hands

    # The saved record replays to the scores the page shows.
    summary = replay(record)
    assert summary["game"]["over"] is True
    for i, hand in enumerate(summary["hands"], 1):
        for team in ("NS", "EW"):
            for row, value in hand["score"][team].items():
                if row == "bank":
                    continue
                cell = page.locator(f'#score tbody[data-hand="{i}"] tr[data-row="{row}"] td[data-team="{team}"]')
                assert int(cell.get_attribute("data-value")) == value, (i, team, row)
    last = summary["hands"][-1]["score"]
    for team in ("NS", "EW"):
        assert page.get_attribute(f'#scores [data-team="{team}"]', "data-score") == str(last[team]["total"])
        assert page.get_attribute(f'#scores [data-team="{team}"]', "data-bank") == str(last[team]["bank"])
    assert_computers_played_their_own_moves(record)

    # «Новая партия» starts another game, ready to deal.
    click(page, '#panel [data-action="new-game"]')
    assert body(page, "phase") == "deal"
    assert body(page, "game") != "4242"
    assert page.locator("#deal").is_visible()


def test_reload_mid_bidding_mid_trick_and_between_hands_continues_identically(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=31337)

    def reload_same():
        before, record = table_state(page), saved_record(page)
        page.reload()
        wait_ready(page)
        page.wait_for_selector(SETTLED, state="attached")
        assert saved_record(page) == record
        assert table_state(page) == before

    step(page)  # deal
    assert body(page, "phase") == "bid"
    reload_same()  # hand 1, South bids first

    seen_mid_trick = False
    while body(page, "phase") != "hand_over":
        if body(page, "phase") == "play" and page.locator("#trick [data-trick-card]").count() and not seen_mid_trick:
            reload_same()
            seen_mid_trick = True
        step(page)
    assert seen_mid_trick
    reload_same()  # between hands: the last hand's scores, «Раздать»
    assert page.locator("#deal").is_visible()

    step(page)  # hand 2 is dealt by South: West, North and East bid before South
    assert body(page, "phase") == "bid" and body(page, "turn") == "S"
    bids = [page.get_attribute(f"#seat-{s} .seat-box", "data-bid") for s in "WNE"]
    assert all(b != "" for b in bids), bids
    reload_same()
    for _ in range(6):
        step(page)
    record = saved_record(page)
    assert len(record["hands"]) == 2 and len(record["hands"][1]["plays"]) >= 6
    assert_computers_played_their_own_moves(record)


def test_damaged_or_unknown_save_is_reported_kept_and_a_new_game_starts(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=7)
    for text, words in (('{"format": "spades-game/1", "hands": [', "не JSON"),
                        ('{"format": "spades-game/99", "hands": []}', "Неизвестный формат")):
        page.evaluate("t => localStorage.setItem('spades.game', t)", text)
        page.reload()
        wait_ready(page)
        notice = page.inner_text("#notice")
        assert "не удалось прочитать" in notice and words in notice and "spades.game.damaged" in notice
        assert page.evaluate("localStorage.getItem('spades.game.damaged')") == text
        assert page.locator("#deal").is_visible()
        step(page)  # the new game deals and can be played
        assert body(page, "phase") == "bid"
        click(page, '[data-action="dismiss"]')
        assert page.inner_text("#notice") == ""
        assert saved_record(page)["format"] == "spades-game/1"


def focused(page) -> dict:
    return page.evaluate(
        "() => { const e = document.activeElement; return {card: e.dataset.card || null,"
        " action: e.dataset.action || null, bid: e.dataset.bid || null,"
        " disabled: e.getAttribute('aria-disabled')}; }")


def tab_to(page, want, limit: int = 60) -> dict:
    for _ in range(limit):
        page.keyboard.press("Tab")
        f = focused(page)
        if want(f):
            return f
    raise AssertionError("Tab never reached the control")


def test_a_hand_played_with_the_keyboard_only(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=2024)
    assert page.get_attribute("#status", "role") == "status"
    tab_to(page, lambda f: f["action"] == "deal")
    act(page, lambda: page.keyboard.press("Enter"))
    tab_to(page, lambda f: f["bid"] == "3")
    act(page, lambda: page.keyboard.press("Enter"))
    assert page.get_attribute("#seat-S .seat-box", "data-bid") == "3"
    while body(page, "phase") == "play":
        assert body(page, "turn") == "S"
        if focused(page)["card"] is None:
            tab_to(page, lambda f: f["card"] is not None)
        page.keyboard.press("Home")
        for _ in range(13):
            if focused(page)["disabled"] != "true":
                break
            page.keyboard.press("ArrowRight")
        card = focused(page)["card"]
        assert focused(page)["disabled"] is None, card
        act(page, lambda: page.keyboard.press("Enter"))
        assert card not in hand_cards(page)
    assert body(page, "phase") == "hand_over"
    taken = sum(int(page.get_attribute(f"#seat-{s} .seat-box", "data-taken")) for s in "SWNE")
    assert taken == 13
    assert page.locator('#score tbody[data-hand="1"] tr[data-row]').count() == 6


def test_settings_and_game_numbers(page, site_url, wait_ready):
    open_table(page, site_url, wait_ready, game=100)
    click(page, '[data-action="panel"][data-value="settings"]')
    assert page.locator("#settings-panel").is_visible()
    assert page.get_attribute(".settings-note", "data-applies") == "now"
    act(page, lambda: page.check('#settings input[name="target"][value="500"]'))
    act(page, lambda: page.check('#settings input[name="blind_nil"]'))
    assert "до 500" in page.inner_text("#info")  # before the first deal: this game
    click(page, '#settings-panel [data-value="close"]')
    step(page)
    step(page)  # South bids: the game is under way
    click(page, '[data-action="panel"][data-value="settings"]')
    assert page.get_attribute(".settings-note", "data-applies") == "next"
    assert "со следующей партии" in page.inner_text(".settings-note")
    act(page, lambda: page.check('#settings input[name="target"][value="250"]'))
    act(page, lambda: page.check('#settings input[name="level"][value="medium"]'))
    assert "до 500" in page.inner_text("#info")  # this game keeps its rules
    assert saved_record(page)["rules"] == {"target": 500, "bag_penalty": True, "blind_nil": True}
    assert json.loads(page.evaluate("localStorage.getItem('spades.settings')"))["level"] == "medium"
    click(page, '#settings-panel [data-value="close"]')

    # ?game=N with an unfinished game: asked first; keeping it keeps game 100.
    page.goto(f"{site_url}?fast=1&game=555")
    wait_ready(page)
    assert "Начать партию № 555?" in page.inner_text("#confirm")
    click(page, '[data-action="confirm-keep"]')
    assert body(page, "game") == "100" and "game=100" in page.url
    page.goto(f"{site_url}?fast=1&game=555")
    wait_ready(page)
    click(page, '[data-action="confirm-new"]')
    assert body(page, "game") == "555" and body(page, "phase") == "deal"
    assert "до 250" in page.inner_text("#info")  # the new game takes the new settings
    assert saved_record(page)["levels"]["W"] == "medium"


@pytest.mark.parametrize("width,height", [(360, 740), (1280, 800)])
def test_table_fits_phone_and_desktop_screens(browser, site_url, wait_ready, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    try:
        open_table(page, site_url, wait_ready, game=99)
        step(page)
        RESULTS.mkdir(exist_ok=True)
        page.screenshot(path=str(RESULTS / f"table-{width}-bid.png"))
        step(page)
        step(page)
        page.screenshot(path=str(RESULTS / f"table-{width}-play.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for box in (page.locator(f'#hand [data-card="{c}"]').bounding_box() for c in hand_cards(page)):
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        for selector in ("#seat-N", "#seat-W", "#seat-E", "#scores", '[data-action="play"]'):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, selector
        assert errors == []
    finally:
        context.close()


def test_house_rules_jokers_and_a_team_minimum_in_the_page(page, site_url, wait_ready):
    """Jokers and a team minimum of 4, set before the first deal: game 101 deals South both
    jokers; their faces show, the partner's bid reaches the minimum, a trick is played, and the
    saved record carries the rules and replays with the command line."""
    open_table(page, site_url, wait_ready, game=101)
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check('#settings input[name="jokers"]'))
    act(page, lambda: page.check('#settings input[name="min_team_bid"][value="4"]'))
    assert page.locator("#hint-jokers").inner_text().strip()  # each house rule is explained
    assert "джокеры" in page.inner_text("#info") and "минимум команды — 4" in page.inner_text("#info")
    bags_per_penalty = page.locator('#settings input[name="bag_limit"][value="5"]')
    act(page, lambda: page.uncheck('#settings input[name="bag_penalty"]'))
    assert bags_per_penalty.is_disabled()  # nothing to count to with the penalty off
    act(page, lambda: page.check('#settings input[name="bag_penalty"]'))
    assert bags_per_penalty.is_enabled()
    click(page, '#settings-panel [data-value="close"]')
    step(page)  # deal
    hand = hand_cards(page)
    assert {"LJ", "BJ"} <= set(hand) and not {"2H", "2D"} & set(hand) and len(hand) == 13
    big = page.locator('#hand [data-card="BJ"]')
    assert big.get_attribute("aria-label").startswith("большой джокер")
    assert big.locator("svg use").count() >= 1  # the drawn face
    while body(page, "phase") == "bid":
        step(page)
    bids = saved_record(page)["hands"][0]["bids"]
    partner = bids[2]  # S bids first (East deals): S, W, N, E
    assert partner == 0 or bids[0] == 0 or bids[0] + partner >= 4, bids
    while len(saved_record(page)["hands"][0].get("plays", [])) < 4:
        assert step(page) == "play"
    record = saved_record(page)
    assert record["rules"] == {"target": 250, "bag_penalty": True, "blind_nil": False, "min_team_bid": 4,
                               "jokers": True}
    replayed = replay(record)  # the command line checks it, jokers and minimum included
    assert replayed["hands"][0]["bids"] == dict(zip("SWNE", bids))


def test_nil_worth_50_and_spades_led_from_the_first_trick_in_the_page(page, site_url, wait_ready):
    """Set before the first deal: the top bar names both, South (the first to lead: East deals)
    may lead a spade at the first trick, and the saved record carries the rules and replays."""
    open_table(page, site_url, wait_ready, game=101)
    click(page, '[data-action="panel"][data-value="settings"]')
    act(page, lambda: page.check('#settings input[name="nil_bonus"][value="50"]'))
    act(page, lambda: page.check('#settings input[name="spades_anytime"]'))
    assert page.locator("#hint-nil_bonus").inner_text().strip()
    assert page.locator("#hint-spades_anytime").inner_text().strip()
    info = page.inner_text("#info")
    assert "Nil — 50" in info and "пики без разбивания" in info
    click(page, '#settings-panel [data-value="close"]')
    step(page)  # deal
    while body(page, "phase") == "bid":
        step(page)
    assert body(page, "phase") == "play" and saved_record(page)["hands"][0].get("plays", []) == []
    spades = [card for card in hand_cards(page) if card.endswith("S")]
    assert spades and set(spades) <= set(legal_cards(page))  # spades may be led at once
    record = saved_record(page)
    assert record["rules"] == {"target": 250, "bag_penalty": True, "blind_nil": False, "nil_bonus": 50,
                               "spades_anytime": True}
    replay(record)
