"""Hints: the bid and the card of the strongest level, with reasons that match the hand."""

from __future__ import annotations

from botpos import position
from spades import BLIND, Card, Rules, Seat
from spades.advice import MESSAGES, bid_hint, hint, play_hint
from spades.bots import decision_rng
from spades.bots.bidding import judge_bid
from spades.bots.hard import HardBot

KEY = 7  # the game number the hints are asked for


def codes(h):
    return [r.code for r in h.reasons]


def test_sure_tricks_are_named():
    game = position({"S": "AS 4S 3S AH 5H 4H 3H 7D 6D 5D 4D 9C 8C"}, bids=())
    h = bid_hint(game.view(Seat.S))
    # the hint bids the hard level's count (before its playout check), instantly
    assert h.action == judge_bid(game.view(Seat.S), HardBot.style)[0]
    assert codes(h)[0] == "sure"
    assert h.reasons[0].text("ru") == "♠A ♥A — верные взятки"
    assert h.text("en").startswith("♠A ♥A — sure tricks")


def test_void_is_a_ruffing_reason():
    game = position({"S": "KS 7S 5S 3S AH 5H 4H 3H AD 7D 6D 5D 4D"}, bids=())
    h = bid_hint(game.view(Seat.S))
    assert "нет треф — можно бить пикой" in h.text("ru")
    assert h.action >= 3


def test_long_spades_are_listed():
    game = position({"S": "KS QS JS 9S 8S 3H 5H 4D 7D 6D 2C 3C 4C"}, bids=())
    h = bid_hint(game.view(Seat.S))
    assert "длинные пики: ♠K Q J 9 8" in h.text("ru")


def test_weak_hand_suggests_nil():
    game = position({"S": "2S 3S 2H 3H 4H 7H 2D 5D 6D 2C 4C 6C 8C"}, bids=())
    h = bid_hint(game.view(Seat.S))
    assert h.action == 0
    assert h.text("ru") == "слабая рука — можно заказать Nil"


def test_no_nil_hint_after_partners_nil():
    game = position({"N": "2S 3S 2H 3H 4H 7H 2D 5D 6D 2C 4C 6C 8C"}, bids=(0, 3))
    h = bid_hint(game.view(Seat.N))
    assert h.action != 0 and "partner_nil" in codes(h)


def test_blind_nil_hint_only_when_offered():
    game = position({"S": "AS KS QS AH KH QH AD KD QD AC KC QC JC"}, bids=(), rules=Rules(blind_nil=True))
    game.totals = [-100, 150]
    h = bid_hint(game.view(Seat.S))
    assert h.action == BLIND and "250" in h.text("ru")


def test_play_hint_covers_partners_nil():
    game = position({"S": "2D KH 3H", "W": "AD 2H", "N": "3D QH", "E": "4D 5H"}, bids=(3, 4, 0, 3),
                    plays="2D AD 3D 4D 2H QH 5H")
    h = play_hint(game.view(Seat.S), KEY)
    assert h.action == Card.parse("KH")
    assert h.text("ru") == "прикрываем Nil партнёра"


def test_play_hint_partner_winning():
    game = position({"S": "AH 5H", "W": "3H", "N": "2S 3S 9S"}, bids=(3, 3, 3, 3), plays="AH 3H",
                    voids={"N": "H"})
    view = game.view(Seat.N)
    h = play_hint(view, KEY)
    assert h.action.suit != 0
    assert codes(h)[0] in ("partner_winning", "partner_winning_shed")
    assert h.text("ru").startswith("партнёр уже берёт взятку")


def test_hint_dispatches_on_phase_and_is_deterministic():
    game = position({}, bids=(3,))
    view = game.view(Seat.W)
    assert hint(view, KEY) == hint(view, KEY) == bid_hint(view)
    assert isinstance(hint(view, KEY).action, int)
    game = position({}, bids=(3, 3, 3, 3))
    a, b = hint(game.view(Seat.S), KEY), hint(game.view(Seat.S), KEY)
    assert a == b and isinstance(a.action, Card) and a.text("ru") and a.text("en")
    assert a == play_hint(game.view(Seat.S), KEY)


def test_catalogues_have_the_same_codes():
    assert set(MESSAGES["ru"]) == set(MESSAGES["en"])


def test_play_hint_is_the_hard_levels_card_for_the_game_number():
    # the hint's search is seeded like any computer decision: decision_rng(game number, view)
    game = position({}, bids=(3, 3, 3, 3), plays="")
    view = game.view(Seat.S)
    for key in (0, 1, KEY, 2**40):
        h = play_hint(view, key)
        assert h.action in view.legal and h.text("ru") and h.text("en")
        assert h.action == HardBot().act(view, decision_rng(key, view))
    assert play_hint(view) == play_hint(view, 0)  # no key: game number 0


def test_bid_hint_needs_no_generator():
    view = position({}, bids=()).view(Seat.S)
    h = bid_hint(view)
    assert h.action in view.legal and isinstance(h.action, int) and h.text("ru")
    assert h == bid_hint(view)
