"""Hypothesis properties of the engine. Hypothesis is a test requirement (pyproject's test extra):
under CPython these always run; inside Pyodide, which lacks it, the runner skips the module."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from spades import CARDS, Card, Game, Seat, SplitMix64, from_record, to_record, trick_winner

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
