"""«Сыграть сдачу заново» and «Остальные мои» at the table's controller (no browser): the hand
goes back to its start with the same cards, the first play is kept in the record and is the one
the statistics count, a reload keeps it; a computer's claim says so in the status."""

from __future__ import annotations

import json

from helpers import MemoryStore
from spades import Phase, Seat
from test_ui import event, south_moves, table
from ui import saves, stats


def play_hand(ctl, bid: int | None = None) -> None:
    """South's moves to the hand's end: ``bid`` in place of the hinted one when given."""
    while ctl.session.game.phase is not Phase.HAND_OVER:
        game = ctl.session.game
        if bid is not None and ctl.session.dealt and game.phase is Phase.BID and game.to_move is Seat.S:
            event(ctl, "bid", bid)
        else:
            south_moves(ctl)


def test_a_hand_played_again_has_the_same_cards_and_the_statistics_count_its_first_play():
    store = MemoryStore()
    ctl = table(store, game=4242)
    south_moves(ctl)  # the deal
    cards = ctl.session.game.hand.held[Seat.S]
    play_hand(ctl)
    first = stats.load(store)
    (entry,) = first["games"].values()
    assert entry["hands"] == 1
    event(ctl, "replay-hand")
    session = ctl.session
    assert session.game.phase is Phase.BID and session.game.hand.index == 0 and session.dealt
    assert session.game.hand.held[Seat.S] == cards and "Сдача 1 заново" in session.status
    assert [h["hand"] for h in session.replayed] == [0] and session.looked  # seen cards: no Blind Nil
    play_hand(ctl, bid=13)  # played otherwise: a contract of 13, surely set
    record = json.loads(store.get(saves.GAME_KEY))
    assert record["replayed"][0]["hand"] == 0 and record["hands"][0]["bids"][0] == 13
    (again,) = stats.load(store)["games"].values()
    assert (again["hands"], again["points"], again["sets"]) == (entry["hands"], entry["points"], entry["sets"])
    assert again["undos"] == entry["undos"] + 1  # marked as a game with a move taken back
    event(ctl, "replay-hand")  # twice: the first play is still the one kept
    assert len(ctl.session.replayed) == 1
    reloaded = table(store)
    assert reloaded.session.replayed == ctl.session.replayed


def test_a_damaged_replayed_entry_is_passed_over_and_the_game_still_loads():
    store = MemoryStore()
    ctl = table(store, game=4243)
    play_hand(ctl)
    record = json.loads(store.get(saves.GAME_KEY))
    record["replayed"] = [{"hand": 0, "bids": "x"}, 7, {"hand": 99}]
    store.set(saves.GAME_KEY, json.dumps(record))
    reloaded = table(store)
    assert reloaded.session.game.phase is Phase.HAND_OVER and not reloaded.session.notice
    assert stats.entry(record)["hands"] == 1  # the hand as it stands counts
