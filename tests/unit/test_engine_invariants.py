"""Seeded random games checking invariants after every action, and Hypothesis properties."""

from __future__ import annotations

import json

import pytest

try:
    from hypothesis import given, settings
    from hypothesis import strategies as st
except ImportError:  # e.g. inside Pyodide: the property tests are skipped there
    given = None

from spades import (
    CARDS,
    Card,
    Game,
    Phase,
    Rules,
    Seat,
    SplitMix64,
    from_record,
    to_record,
    trick_winner,
)
from spades.record import summary

FULL = (1 << 52) - 1


def _check(game: Game) -> None:
    hand = game.hand
    held = 0
    for mask in hand.held:
        assert held & mask == 0
        held |= mask
    played = 0
    for card in hand.plays:
        assert not (played >> card) & 1
        played |= 1 << card
    assert held & played == 0 and held | played == FULL, "52 cards conserved"
    assert len(hand.tricks) <= 13 and sum(hand.taken) == len(hand.tricks)
    assert len(hand.plays) == 4 * len(hand.tricks) + len(hand.trick)
    if game.phase in (Phase.BID, Phase.PLAY):
        assert game.legal_actions(), "the seat to move always has a legal action"
    if game.phase is Phase.HAND_OVER or game.phase is Phase.GAME_OVER:
        assert len(hand.tricks) == 13


def _random_game(number: int, rules: Rules, check=_check) -> Game:
    game = Game(game=number, rules=rules)
    rng = SplitMix64(number * 7 + 1)
    while not game.over:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        check(game)
    return game


def test_1000_random_games_keep_the_invariants_and_replay():
    rules = [Rules(), Rules(target=500, bag_penalty=False), Rules(blind_nil=True)]
    for number in range(1000):
        game = _random_game(number, rules[number % 3])
        assert game.winner is not None and len(game.hands) <= 30
        if number % 10 == 0:
            record = to_record(game)
            again = from_record(json.loads(json.dumps(record)))
            assert to_record(again) == record and again.totals == game.totals
            assert summary(again) == summary(game)


def test_a_record_written_mid_game_replays_to_the_same_state():
    for number in range(30):
        game = Game(game=number, rules=Rules(blind_nil=True))
        rng = SplitMix64(number)
        steps = rng.below(300)
        for _ in range(steps):
            if game.over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        again = from_record(to_record(game))
        assert again.phase is game.phase and again.to_move == game.to_move
        assert again.legal_actions() == game.legal_actions()
        for seat in Seat:
            assert again.view(seat) == game.view(seat)


def test_importing_spades_needs_no_browser():
    import sys

    import spades  # noqa: F401

    assert "js" not in sys.modules and "pyscript" not in sys.modules


if given is not None:
    PERMS = st.permutations([1, 2, 3])

    @given(
        st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
        st.sampled_from(list(Seat)),
        PERMS,
    )
    def test_relabelling_non_trump_suits_never_changes_the_winner(cards, leader, perm):
        mapping = {0: 0, 1: perm[0], 2: perm[1], 3: perm[2]}
        relabelled = [Card.of(mapping[c // 13], c % 13) for c in cards]
        assert trick_winner(leader, [CARDS[c] for c in cards]) == trick_winner(leader, relabelled)

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 2**40), st.integers(0, 400))
    def test_record_round_trip(number, steps):
        game = Game(game=number)
        rng = SplitMix64(number)
        for _ in range(steps):
            if game.over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        record = to_record(game)
        assert to_record(from_record(json.loads(json.dumps(record)))) == record

    @given(st.integers(0, 51))
    def test_card_text_round_trip(index):
        assert Card.parse(str(CARDS[index])) == CARDS[index]

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 2**40), st.integers(0, 60), st.sampled_from(list(Seat)))
    def test_view_never_contains_another_seats_cards(number, steps, seat):
        game = Game(game=number)
        rng = SplitMix64(number)
        for _ in range(steps):
            if game.phase not in (Phase.BID, Phase.PLAY):
                break
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        view = game.view(seat)
        hidden = 0
        for other in Seat:
            if other != seat:
                hidden |= game.hand.held[other]
        assert view.held == game.hand.held[seat]
        seen = set()
        for trick in view.tricks + (view.trick,):
            seen.update(trick.cards)
        for value in view.legal:
            if isinstance(value, Card):
                seen.add(value)
        assert all(not (hidden >> c) & 1 for c in seen)
        fields = set(vars(view)) if hasattr(view, "__dict__") else set(view.__dataclass_fields__)
        assert not fields & {"game", "deal", "hands", "held_by"}
else:  # pragma: no cover

    @pytest.mark.skip(reason="hypothesis is not installed")
    def test_properties_need_hypothesis():
        pass
