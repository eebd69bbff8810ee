"""A seat's view from a partial record equals the engine's own view of that seat."""

from __future__ import annotations

import copy

import pytest

from helpers import BASIC, deal
from spades import Game, Phase, RecordError, Rules, Seat, SplitMix64, to_record, view_from_partial_record


def _partial(record: dict, seat: Seat) -> dict:
    out = copy.deepcopy(record)
    for hand in out["hands"]:
        hand["deal"] = {seat.name: hand["deal"][seat.name]}
    out.pop("game", None)
    return out


def test_partial_view_equals_the_engine_view_at_every_decision():
    for number in range(12):
        game = Game(game=number, rules=Rules(blind_nil=True))
        rng = SplitMix64(number)
        steps = 0
        while not game.over and steps < 400:
            if game.phase is Phase.HAND_OVER:
                game.apply("deal")
                continue
            seat = game.to_move
            if steps % 7 == 0:
                assert view_from_partial_record(_partial(to_record(game), seat), seat) == game.view(seat)
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
            steps += 1


def test_another_seats_cards_in_the_request_are_refused():
    record = to_record(Game(game=3))
    del record["game"]
    with pytest.raises(RecordError, match="other seats' cards"):
        view_from_partial_record(record, Seat.S)


def test_own_illegal_past_play_is_refused():
    game = Game(game=8)
    for _ in range(4):
        game.apply(2)
    record = _partial(to_record(game), Seat.S)
    south = game.view(Seat.S)
    illegal = [c for c in south.hand if c not in south.legal]
    assert illegal, "game 8: South holds spades it may not lead yet"
    record["hands"][0]["plays"] = [str(illegal[0])]
    with pytest.raises(RecordError, match=r"hand 1, play 1 \(S, .*\): spades are not broken yet"):
        view_from_partial_record(record, Seat.S)


def test_a_card_played_twice_or_held_by_the_seat_is_refused():
    game = Game(game=8)
    for _ in range(4):
        game.apply(2)
    game.apply(game.legal_actions()[0])
    record = _partial(to_record(game), Seat.N)
    first = record["hands"][0]["plays"][0]
    record["hands"][0]["plays"].append(first)
    with pytest.raises(RecordError, match="already played"):
        view_from_partial_record(record, Seat.N)
    record["hands"][0]["plays"][1] = record["hands"][0]["deal"]["N"][0]
    with pytest.raises(RecordError, match="N holds this card"):
        view_from_partial_record(record, Seat.N)


@pytest.mark.parametrize("dealer", list(Seat))
def test_a_partial_record_keeps_its_first_dealer(dealer):
    # S is seat 0: a partial record naming dealer "S" once read as dealt by East
    left = Seat((dealer + 1) % 4)
    game = Game(game=41, dealer=dealer)
    for seat in Seat:
        view = view_from_partial_record(_partial(to_record(game), seat), seat)
        assert view.dealer is dealer and view.to_move is left
        assert view == game.view(seat)
    for bid in (2, 3, 2, 3):
        game.apply(bid)
    view = view_from_partial_record(_partial(to_record(game), left), left)
    assert view.phase is Phase.PLAY and view.to_move is left and left == game.to_move
    assert view.bids[left] == 2 and view.bids[Seat((dealer + 2) % 4)] == 3


def _basic_partial(plays: list[str], seat: Seat = Seat.S) -> dict:
    """Hand 1 of the BASIC deal (S: 4 low spades and 9 hearts, N no hearts, E only clubs) as
    ``seat`` may know it, bid 1 each, with ``plays``."""
    game = Game(game=None, deal=deal(**BASIC))
    record = _partial(to_record(game), seat)
    record["hands"][0]["bids"] = [1, 1, 1, 1]
    record["hands"][0]["plays"] = plays
    return record


def test_a_card_of_a_suit_the_seat_has_shown_out_of_is_refused():
    # North and East discarded on South's ace of hearts: neither may play a heart later.
    shown = ["AH", "2H", "2D", "2C", "KH", "3H"]
    view = view_from_partial_record(_basic_partial(shown), Seat.S)
    assert view.to_move is Seat.N
    with pytest.raises(RecordError) as err:
        view_from_partial_record(_basic_partial(shown + ["4H"]), Seat.S)  # West's heart, in N's name
    assert str(err.value) == "hand 1, play 7 (N, 4H): N has shown out of ♥"
    assert err.value.text("ru").endswith(": N уже не ходил в масть ♥")
    with pytest.raises(RecordError, match=r"play 8 \(E, 5H\): E has shown out of ♥"):
        view_from_partial_record(_basic_partial(shown + ["3D", "5H"]), Seat.S)


def test_a_seat_that_showed_out_of_one_suit_may_still_play_the_others():
    # North showed out of hearts, not of clubs (it was never led) nor diamonds (it played one)
    plays = ["AH", "2H", "2D", "2C", "KH", "3H", "AC"]  # AC is East's, but S cannot know that
    view = view_from_partial_record(_basic_partial(plays), Seat.S)
    assert view.to_move is Seat.E and [str(c) for c in view.trick.cards] == ["KH", "3H", "AC"]


def test_a_discard_on_the_lead_is_showing_out():
    # West, second to the first trick, discards a club on South's heart: from then on in this
    # hand a heart from West is refused
    record = _basic_partial(["AH", "KC"])  # KC is East's, but S cannot know that
    assert view_from_partial_record(record, Seat.S).to_move is Seat.N
    record = _basic_partial(["AH", "KC", "3D", "QC", "KH", "4H"])
    with pytest.raises(RecordError, match=r"play 6 \(W, 4H\): W has shown out of ♥"):
        view_from_partial_record(record, Seat.S)
