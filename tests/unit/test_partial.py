"""A seat's view from a partial record equals the engine's own view of that seat."""

from __future__ import annotations

import copy

import pytest

from spades import Game, Phase, RecordError, Rules, Seat, SplitMix64, to_record, view_from_partial_record


def _partial(record: dict, seat: Seat) -> dict:
    out = copy.deepcopy(record)
    for hand in out["hands"]:
        hand["deal"] = {seat.name: hand["deal"][seat.name]}
    del out["game"]
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
