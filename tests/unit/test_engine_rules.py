"""One named test per rule of SPEC §2 (dealing, bidding, play), on hand-made positions."""

from __future__ import annotations

import pytest

from helpers import BASIC, basic_game, deal, names, play
from spades import (
    BLIND,
    DEAL,
    Card,
    Game,
    IllegalActionError,
    MalformedError,
    Phase,
    Rules,
    Seat,
    Suit,
    cards_of,
)
from spades.deal import deal_masks

FULL = (1 << 52) - 1


# --- cards ------------------------------------------------------------------------------------

def test_card_notation_round_trips_for_all_52_cards():
    for i in range(52):
        card = Card(i)
        assert Card.parse(str(card)) == card
        assert eval(repr(card)) == card
    assert str(Card.parse("TD")) == "TD" and Card.parse("AS").display == "A♠"
    assert Card.parse("TH").display == "10♥" and Card.parse("2C").suit is Suit.CLUBS


@pytest.mark.parametrize("text", ["", "1S", "AX", "ASX", "10H", None, 5])
def test_card_parse_rejects_non_cards(text):
    with pytest.raises(ValueError):
        Card.parse(text)


# --- dealing and order ------------------------------------------------------------------------

def test_deal_gives_13_distinct_cards_to_each_seat():
    for dealer in Seat:
        masks = deal_masks(7, 0, dealer)
        assert [bin(m).count("1") for m in masks] == [13, 13, 13, 13]
        union = 0
        for m in masks:
            assert union & m == 0
            union |= m
        assert union == FULL


def test_same_game_number_and_hand_give_the_same_deal():
    assert deal_masks(99, 3, Seat.W) == deal_masks(99, 3, Seat.W)
    assert deal_masks(99, 3, Seat.W) != deal_masks(99, 4, Seat.W)
    assert deal_masks(99, 0, Seat.E) != deal_masks(100, 0, Seat.E)


def test_the_deck_is_dealt_from_the_dealers_left():
    # the same shuffled deck whoever deals: the seat after the dealer gets the first card, etc.
    by_dealer = {d: deal_masks(99, 2, d) for d in Seat}
    for d in Seat:
        for k in range(4):
            assert by_dealer[d][(d + 1 + k) % 4] == by_dealer[Seat.E][k]


def test_the_game_deals_with_deal_masks():
    game = Game(game=4321)
    assert tuple(game.hand.deal) == deal_masks(4321, 0, Seat.E)
    while game.phase in (Phase.BID, Phase.PLAY):
        game.apply(game.legal_actions()[0] if game.phase is Phase.PLAY else 3)
    game.apply(DEAL)
    assert tuple(game.hand.deal) == deal_masks(4321, 1, Seat.S)
    assert game.view(Seat.W).held == deal_masks(4321, 1, Seat.S)[Seat.W]


def test_pinned_deals_never_change():
    from pinned_deals import PINNED_DEALS

    assert len(PINNED_DEALS) >= 4
    for (game, index, dealer), hands in PINNED_DEALS.items():
        dealt = deal_masks(game, index, Seat[dealer])
        for seat_name, cards in hands.items():
            assert names(cards_of(dealt[Seat[seat_name]])) == cards.split(), (game, index, dealer, seat_name)


def test_first_hand_is_dealt_by_east_so_south_bids_first():
    game = Game(game=5)
    assert game.hand.dealer is Seat.E
    assert game.to_move is Seat.S


def test_dealer_moves_clockwise_each_hand_and_bidding_starts_left_of_dealer():
    game = Game(game=5)
    dealers, first = [], []
    while len(game.hands) < 5 and not game.over:
        dealers.append(game.hand.dealer)
        first.append(game.to_move)
        while game.phase in (Phase.BID, Phase.PLAY):
            game.apply(game.legal_actions()[0] if game.phase is Phase.PLAY else 3)
        if game.phase is Phase.HAND_OVER:
            game.apply(DEAL)
    assert dealers[:4] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert first[:4] == [Seat.S, Seat.W, Seat.N, Seat.E]


# --- bidding ----------------------------------------------------------------------------------

def test_each_player_bids_once_clockwise_then_play_begins():
    game = Game(game=None, deal=deal(**BASIC))
    order = []
    for bid in (4, 2, 3, 3):
        order.append(game.to_move)
        game.apply(bid)
    assert order == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert game.phase is Phase.PLAY
    assert game.hand.bids == [4, 2, 3, 3]


def test_bids_are_0_to_13_and_nothing_else():
    game = Game(game=1)
    assert game.legal_actions() == list(range(14))
    with pytest.raises(IllegalActionError):
        game.apply(14)
    with pytest.raises(IllegalActionError):
        game.apply(-1)
    with pytest.raises(MalformedError):
        game.apply(3.0)
    with pytest.raises(MalformedError):
        game.apply(True)
    assert game.to_move is Seat.S  # nothing was lost


def test_nil_is_a_bid_of_zero():
    game = basic_game(bids=(0, 1, 1, 1))
    assert game.hand.bids[Seat.S] == 0


def test_blind_nil_is_refused_when_the_option_is_off():
    game = Game(game=1)
    game.totals = [0, 300]
    assert BLIND not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply(BLIND)
    assert err.value.code == "blind_disabled"


def test_blind_nil_needs_the_team_to_trail_by_100():
    game = Game(game=1, rules=Rules(blind_nil=True))
    game.totals = [0, 99]
    assert BLIND not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply(BLIND)
    assert str(err.value) == "Слепой Nil доступен, только если команда отстаёт на 100 очков"
    game.totals = [0, 100]
    assert game.legal_actions()[-1] == BLIND and BLIND in game.view(Seat.S).legal
    game.apply(BLIND)
    assert game.hand.bids[Seat.S] == BLIND
    # West's team leads, so West may not bid blind.
    assert BLIND not in game.legal_actions()


# --- play -------------------------------------------------------------------------------------

def test_first_lead_is_by_the_first_bidder():
    game = basic_game()
    assert game.phase is Phase.PLAY and game.to_move is Seat.S


def test_must_follow_suit_when_holding_it():
    game = basic_game()
    play(game, "AH")
    assert names(game.legal_actions()) == ["2H", "3H", "4H", "5H"]
    with pytest.raises(IllegalActionError) as err:
        game.apply(Card.parse("AD"))
    assert str(err.value) == "Нужно ходить в масть: ♥"
    assert err.value.reason("en") == "must follow suit ♥"


def test_void_in_led_suit_may_play_anything_including_a_spade():
    game = basic_game()
    play(game, "AH", "2H")
    assert len(game.legal_actions()) == 13  # North has no hearts


def test_spades_cannot_be_led_before_broken():
    game = basic_game()
    assert all(c.suit is Suit.HEARTS for c in game.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        game.apply(Card.parse("2S"))
    assert str(err.value) == "Пики ещё не разбиты"


def test_spades_may_be_led_when_the_leader_holds_only_spades():
    only_spades = deal(
        S="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        W="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        N="2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        E="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    )
    game = Game(game=None, deal=only_spades)
    for bid in (13, 0, 0, 0):
        game.apply(bid)
    assert len(game.legal_actions()) == 13


def test_a_spade_played_as_a_trump_breaks_spades():
    game = basic_game()
    play(game, "AH", "2H", "TS", "2C")  # North trumps and wins
    assert game.hand.spades_broken and game.to_move is Seat.N
    assert Card.parse("JS") in game.legal_actions()


def test_a_spade_played_as_a_discard_breaks_spades():
    game = basic_game()
    play(game, "AH", "2H", "2D", "2C")  # South wins; nobody played a spade yet
    assert not game.hand.spades_broken
    play(game, "KH", "3H", "JS")  # North discards... a spade, which is a trump here
    assert game.hand.spades_broken


def test_highest_spade_wins_the_trick():
    game = basic_game()
    play(game, "AH", "2H", "TS", "2C")
    assert game.hand.tricks[0].winner is Seat.N


def test_highest_card_of_the_led_suit_wins_without_spades():
    game = basic_game()
    play(game, "6H", "5H", "2D", "2C")
    assert game.hand.tricks[0].winner is Seat.S
    play(game, "KH", "4H", "3D", "3C")
    assert game.hand.tricks[1].winner is Seat.S


def test_a_discard_of_another_suit_never_wins():
    game = basic_game()
    play(game, "6H", "2H", "9D", "AC")  # AC and 9D are off-suit discards
    assert game.hand.tricks[0].winner is Seat.S


def test_the_winner_leads_the_next_trick():
    game = basic_game()
    play(game, "6H", "5H", "TS", "2C")
    assert game.to_move is Seat.N and game.hand.leader is Seat.N


def test_a_hand_is_thirteen_tricks_then_it_is_scored():
    game = Game(game=3)
    for _ in range(4):
        game.apply(2)
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[-1])
    assert len(game.hand.tricks) == 13 and sum(game.hand.taken) == 13
    assert game.hand.score is not None
    assert game.legal_actions() == [DEAL] and game.to_move is None


def test_playing_a_card_not_in_hand_is_refused():
    game = basic_game()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Card.parse("AD"))
    assert game.why_illegal(Card.parse("AD")).code == "not_in_hand"
    assert err.value.code in ("not_in_hand",)


def test_bids_in_play_phase_and_cards_in_bid_phase_are_refused():
    game = Game(game=1)
    with pytest.raises(IllegalActionError):
        game.apply(Card.parse("AS"))
    game = basic_game()
    with pytest.raises(IllegalActionError):
        game.apply(3)
    with pytest.raises(MalformedError):
        game.apply("XX")


def test_nothing_is_applied_after_the_game_is_over():
    game = Game(game=1)
    game.phase = Phase.GAME_OVER
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError):
        game.apply(3)


def test_view_shows_own_hand_and_public_play_only():
    game = basic_game()
    play(game, "AH", "2H")
    view = game.view(Seat.N)
    assert view.hand == cards_of(game.hand.held[Seat.N])
    assert names(view.trick.cards) == ["AH", "2H"] and view.to_move is Seat.N
    assert len(view.legal) == 13
    assert game.view(Seat.S).legal == ()
    assert not hasattr(view, "game")
