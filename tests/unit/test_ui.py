"""The table's controller without a browser: player actions, computer turns, saves, settings,
game numbers and the HTML hooks the page and its tests rely on (py/ui).

The screen is a stand-in whose pauses and animations end at once, so every event runs to its
end in one step (``drive``): no event loop needed, the same under CPython and Pyodide.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import MemoryStore, regions
from spades import BLIND, Card, Phase, Rules, Seat, from_record
from spades.bots.base import finish
from spades.rules import blind_allowed
from ui import players, saves
from ui.controller import FAST, Controller, in_progress
from ui.fmt import signed


class Screen:
    def __init__(self) -> None:
        self.renders = 0
        self.deals = []
        self.gathers = []

    def render(self) -> None:
        self.renders += 1

    async def pause(self, seconds) -> None:
        return None

    async def deal(self, dealer) -> None:
        self.deals.append(dealer)

    async def gather(self, winner) -> None:
        self.gathers.append(winner)


def drive(coroutine):
    """Run a coroutine that never suspends (the stand-in screen never waits)."""
    try:
        coroutine.send(None)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the controller waited on something")


def table(store=None, game=None) -> Controller:
    ctl = Controller(store if store is not None else MemoryStore(), Screen(), FAST)
    ctl.start(game)
    return ctl


def event(ctl, action, value=None) -> None:
    drive(ctl.handle(action, value))


def south_moves(ctl) -> None:
    """South's next move: deal, the hinted bid, or the lowest legal card (two clicks)."""
    game = ctl.session.game
    if game.phase is Phase.HAND_OVER or not ctl.session.dealt:
        event(ctl, "deal")
    elif game.phase is Phase.BID:
        event(ctl, "hint")
    else:
        card = str(game.legal_actions()[0])
        event(ctl, "card", card)
        event(ctl, "card", card)


def test_a_new_table_waits_for_the_deal_then_south_bids_first():
    ctl = table(game=12)
    assert ctl.session.game.number == 12 and not ctl.session.dealt
    assert 'data-action="deal"' in regions(ctl)["panel"]
    event(ctl, "deal")
    assert ctl.session.dealt and ctl.screen.deals == [Seat.E]
    assert ctl.session.game.to_move is Seat.S and ctl.session.south_turn
    html = regions(ctl)
    for bid in range(14):
        assert f'data-bid="{bid}"' in html["panel"]
    assert 'data-action="hint"' in html["panel"] and "hint-reason" in html["panel"]
    assert html["hand"].count("data-card=") == 13
    assert html["hand"].count('aria-disabled="true"') == 13  # no card is playable while bidding


def test_a_whole_game_to_its_end_saves_after_every_action_and_replays():
    store = MemoryStore()
    ctl = table(store, game=4242)
    for _ in range(3000):
        if ctl.session.game.over:
            break
        south_moves(ctl)
        saved = from_record(json.loads(store.get(saves.GAME_KEY)))
        assert saved.totals == ctl.session.game.totals and len(saved.hands) == len(ctl.session.game.hands)
    assert ctl.session.game.over and ctl.session.game.phase is Phase.GAME_OVER
    assert 'data-action="new-game"' in regions(ctl)["panel"]
    sheet = regions(ctl)["score"]
    assert sheet.count("<tbody") == len(ctl.session.game.hands)
    assert sheet.count("data-row=") == 6 * len(ctl.session.game.hands)
    event(ctl, "new-game")
    assert not ctl.session.game.over and ctl.session.game.number != 4242 and not ctl.session.dealt


def test_illegal_card_is_explained_and_not_raised_then_a_legal_card_needs_two_clicks():
    ctl = table(game=7)
    event(ctl, "deal")
    event(ctl, "bid", 3)
    assert ctl.session.game.phase is Phase.PLAY and ctl.session.game.to_move is Seat.S  # South leads trick 1
    hand = ctl.session.game.hand.held[Seat.S]
    legal = ctl.session.game.legal_actions()
    spades = [c for c in ctl.session.view().hand if c.suit == 0 and c not in legal]
    assert spades, "game 7: South holds a spade it may not lead"
    event(ctl, "card", str(spades[0]))
    assert ctl.session.status == "Пики ещё не разбиты" and ctl.session.selected is None
    assert ctl.session.game.hand.held[Seat.S] == hand
    event(ctl, "card", str(legal[0]))
    assert ctl.session.selected == legal[0] and ctl.session.game.hand.held[Seat.S] == hand
    event(ctl, "play")
    assert legal[0] in ctl.session.game.hand.plays


def test_reload_anywhere_restores_the_same_table():
    store = MemoryStore()
    ctl = table(store, game=31337)
    for _ in range(80):
        before = regions(ctl)
        again = table(store)
        drive(again.run())  # as py/app.py does after start: here it only works out the Nil's chance
        assert regions(again) == before, f"after {len(ctl.session.game.hand.plays)} plays"
        south_moves(ctl)


def test_damaged_and_unknown_saves_are_kept_and_reported():
    for text in ("{not json", json.dumps({"format": "spades-game/99", "hands": []}), "[1, 2]"):
        store = MemoryStore({saves.GAME_KEY: text})
        ctl = table(store)
        assert "не удалось прочитать" in ctl.session.notice and saves.DAMAGED_KEY in ctl.session.notice
        assert store.get(saves.DAMAGED_KEY) == text
        assert not ctl.session.dealt and ctl.session.game.phase is Phase.BID
        assert json.loads(store.get(saves.GAME_KEY))["format"] == "spades-game/1"


def test_settings_apply_now_before_the_first_bid_and_from_the_next_game_after():
    store = MemoryStore()
    ctl = table(store, game=5)
    event(ctl, "setting", ("target", 500))
    assert ctl.session.game.rules.target == 500 and ctl.session.game.number == 5
    event(ctl, "deal")
    event(ctl, "bid", 2)
    assert in_progress(ctl.session.game)
    event(ctl, "setting", ("target", 250))
    event(ctl, "setting", ("level", "hard"))
    assert ctl.session.game.rules.target == 500 and ctl.session.level == "easy"
    assert 'data-applies="next"' in regions(ctl)["settings"]
    kept = json.loads(store.get(saves.SETTINGS_KEY))
    assert {k: kept[k] for k in ("target", "level", "bag_penalty", "blind_nil")} == {
        "target": 250, "level": "hard", "bag_penalty": True, "blind_nil": False}
    assert 'data-action="new-game"' in regions(ctl)["settings"]  # «Начать новую партию…»
    event(ctl, "new-game")  # a game is in progress: it asks first
    assert ctl.session.confirm and ctl.session.game.rules.target == 500
    event(ctl, "confirm-new")
    assert ctl.session.game.rules.target == 250 and ctl.session.level == "hard" and not in_progress(ctl.session.game)


def test_the_bags_per_penalty_are_chosen_only_while_the_penalty_is_on():
    ctl = table(game=5)
    choice = '<fieldset disabled><legend>Мешков до штрафа</legend>'
    assert "<legend>Мешков до штрафа</legend>" in regions(ctl)["settings"]
    assert choice not in regions(ctl)["settings"]
    event(ctl, "setting", ("bag_penalty", False))
    assert choice in regions(ctl)["settings"]
    assert regions(ctl)["settings"].count("<fieldset disabled>") == 1  # the other choices stay open
    event(ctl, "setting", ("bag_penalty", True))
    assert choice not in regions(ctl)["settings"]


def test_a_game_number_in_the_url_asks_before_dropping_an_unfinished_game():
    store = MemoryStore()
    ctl = table(store, game=100)
    event(ctl, "deal")
    event(ctl, "bid", 4)
    asked = table(store, game=200)
    assert asked.session.confirm == (200, 100) and asked.session.game.number == 100
    assert "data-action=\"confirm-new\"" in regions(asked)["confirm"]
    event(asked, "confirm-keep")
    assert asked.session.confirm is None and asked.session.game.number == 100
    event(asked, "confirm-new")  # nothing asked any more: ignored
    assert asked.session.game.number == 100
    fresh = table(store, game=200)
    event(fresh, "confirm-new")
    assert fresh.session.game.number == 200 and not fresh.session.dealt
    assert table(MemoryStore(), game=300).session.confirm is None  # nothing to lose: no question


def test_blind_nil_is_offered_before_the_cards_are_seen_and_not_hinted_after_a_look():
    # A record where NS trail by 100+ after hand 1 (their bids fail), blind nil on.
    store = MemoryStore()
    ctl = table(store, game=9)
    ctl.session.settings = saves.Settings(rules=Rules(blind_nil=True))
    ctl.session.new_game(9)
    for _ in range(400):
        game = ctl.session.game
        if game.phase is Phase.HAND_OVER and game.totals[1] - game.totals[0] >= 100:
            break
        if game.over:
            ctl.session.new_game(ctl.session.game.number + 1)
            continue
        if game.phase is Phase.BID and ctl.session.south_turn and not ctl.session.blind_pending:
            event(ctl, "bid", 13)  # South overbids: NS fall behind
        else:
            south_moves(ctl)
    game = ctl.session.game
    assert game.phase is Phase.HAND_OVER and blind_allowed(game.rules, game.totals, Seat.S)
    event(ctl, "deal")
    while ctl.session.game.to_move is not Seat.S:
        south_moves(ctl)
    assert ctl.session.blind_pending
    html = regions(ctl)
    assert 'data-action="blind-nil"' in html["panel"] and "data-card" not in html["hand"]
    assert table(store).session.blind_pending  # a reload still offers it
    event(ctl, "look")
    assert not ctl.session.blind_pending and ctl.coach.bid_hint()[0] != BLIND
    assert not table(store).session.blind_pending  # a reload after a look does not offer it again
    assert 'data-action="blind-nil"' not in regions(ctl)["panel"]


def test_computer_decisions_are_the_bots_own_and_seeded_by_the_position():
    ctl = table(game=77)
    event(ctl, "deal")
    event(ctl, "bid", 3)
    game = from_record(json.loads(ctl.session.store.get(saves.GAME_KEY)))
    assert game.hand.bid_log == ctl.session.game.hand.bid_log
    replayed = from_record(dict(json.loads(ctl.session.store.get(saves.GAME_KEY)),
                                hands=[dict(json.loads(ctl.session.store.get(saves.GAME_KEY))["hands"][0],
                                            bids=[3], plays=[])]))
    for seat in (Seat.W, Seat.N, Seat.E):
        assert replayed.to_move is seat
        level = ctl.session.level_of(seat)
        view = replayed.view(seat)
        action = finish(players.think(ctl.session.number, view, level))
        assert action == finish(players.think(ctl.session.number, view, level))
        replayed.apply(action)
    assert replayed.hand.bid_log == ctl.session.game.hand.bid_log


def test_signed_numbers_use_a_real_minus():
    assert signed(70) == "+70" and signed(-100) == "−100" and signed(0) == "0"
    assert isinstance(Card.parse("QH"), Card)


def test_the_play_hint_raises_the_hard_bots_card_and_says_why():
    ctl = table(game=5)
    while not (ctl.session.game.phase is Phase.PLAY and ctl.session.south_turn):
        south_moves(ctl)
    event(ctl, "hint")
    expected, reason = players.hint(ctl.session.view(), ctl.session.number)
    assert ctl.session.selected == expected and reason in ctl.session.status


@pytest.mark.skipif(sys.platform == "emscripten", reason="needs a fresh interpreter (a subprocess)")
def test_the_table_imports_the_computer_players_only_when_asked():
    # What the page imports to draw its first table leaves the computer players and the coach
    # (ui.controller.LATER) to be imported after ready; a computer's turn imports what it needs.
    # Nor does it import the standard modules that cost a first visit most for what the table
    # uses of them (COSTLY): dataclasses (its classes compile code as they are created, see
    # spades.values) and html (its table of named entities).
    from ui.controller import LATER

    COSTLY = ("dataclasses", "html")

    script = (
        "import sys\n"
        "from ui import controller, render, saves, stats, review, help\n"
        f"later = {LATER!r} + {COSTLY!r}\n"
        "print(sorted(m for m in later if m in sys.modules))\n"
        "from ui import players\n"  # what a computer's turn calls
        "print(sorted(m for m in later if m in sys.modules))\n"
    )
    py = Path(__file__).resolve().parents[2] / "py"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=py, check=True,
                          env={**os.environ, "PYTHONPATH": str(py)})
    before, after = done.stdout.splitlines()
    assert before == "[]"
    assert after == repr(sorted({"spades.bots", "spades.advice", "ui.players", "dataclasses"}))


def test_the_tables_escape_is_htmls():
    import html

    from ui.fmt import escape

    for text in ("", "plain", "<b>«Пики» & 'ты'</b>", '"quoted" &amp; <already>', "a'\"<>&b" * 3):
        assert escape(text) == html.escape(text)
