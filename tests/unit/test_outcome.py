"""How a game ends (SPEC §4) is a value of its own: ``Game.outcome``, the winner or a draw, and why."""

from __future__ import annotations

import pytest

from spades import Cause, Game, Outcome, Phase, Rules, SplitMix64, Team
from spades.rules import LOSING_SCORE, MAX_HANDS, game_outcome


@pytest.mark.parametrize("totals, hands, expected", [
    ((250, 100), 5, Outcome(Team.NS, "target")),
    ((100, 262), 5, Outcome(Team.EW, "target")),
    ((260, 251), 7, Outcome(Team.NS, "target")),
    ((-210, 50), 5, Outcome(Team.EW, "below")),
    ((300, -250), 5, Outcome(Team.NS, "target")),  # both: the target names it
    ((260, 260), 5, None),  # tied past the target: the game goes on
    ((-210, -210), 5, None),
    ((10, 20), MAX_HANDS, Outcome(Team.EW, "hands")),
    ((20, 20), MAX_HANDS, Outcome(None, "hands")),
    ((100, 100), 4, None),
])
def test_the_outcome_of_the_scores(totals, hands, expected):
    assert game_outcome(Rules(), totals, hands) == expected


def test_an_outcome_says_a_draw_only_after_the_last_hand():
    assert Outcome(None, "hands").draw and Outcome(Team.NS, Cause.BELOW).winner is Team.NS
    assert Outcome(None, "hands") == Outcome(None, Cause.HANDS) and Outcome(None, "hands").cause is Cause.HANDS
    with pytest.raises(ValueError):
        Outcome(None, "target")
    with pytest.raises(ValueError):
        Outcome(Team.NS, "time")
    assert hash(Outcome(Team.EW, "hands")) == hash(Outcome(Team.EW, "hands"))


def test_every_random_game_ends_with_an_outcome_that_fits_its_scores():
    causes = set()
    for number in range(1, 41):
        rules = Rules(target=250 if number % 2 else 500)
        game = Game(game=number, rules=rules)
        rng = SplitMix64(number)
        while game.phase is not Phase.GAME_OVER:
            assert game.outcome is None
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        outcome, (ns, ew) = game.outcome, game.totals
        assert outcome is not None and isinstance(outcome.cause, Cause)
        if outcome.cause is Cause.HANDS:
            assert len(game.hands) == MAX_HANDS
        elif outcome.cause is Cause.TARGET:
            assert max(ns, ew) >= rules.target and ns != ew
        else:
            assert min(ns, ew) < LOSING_SCORE and max(ns, ew) < rules.target and ns != ew
        if outcome.winner is not None:
            assert (ns > ew) == (outcome.winner is Team.NS)
        causes.add(outcome.cause)
    assert Cause.BELOW in causes  # random bids sink a team below −200 often
