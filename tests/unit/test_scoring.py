"""Hand-worked scoring cases (SPEC §3) and the end of the game (SPEC §4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import deal
from spades import BLIND, DEAL, Game, Phase, Rules, Seat, Team, from_record, score_hand, score_team

DATA = Path(__file__).resolve().parent.parent / "data"

# (bids of the two partners, their tricks, bank before, penalty on) ->
#   (contract, bags, nil, bag_penalty, hand, bank after)
CASES = {
    "worked example, us: 4+3 bid, 5+3 taken": ((4, 3), (5, 3), 0, True, (70, 1, 0, 0, 71, 1)),
    "worked example, them: 2+3 bid, 5 taken": ((2, 3), (3, 2), 0, True, (50, 0, 0, 0, 50, 0)),
    "contract set": ((4, 3), (3, 2), 0, True, (-70, 0, 0, 0, -70, 0)),
    "nil made, partner's contract made": ((0, 4), (0, 5), 0, True, (40, 1, 100, 0, 141, 1)),
    "nil made, partner's contract set": ((0, 5), (0, 3), 0, True, (-50, 0, 100, 0, 50, 0)),
    "nil failed, partner's contract made": ((0, 4), (2, 4), 0, True, (40, 2, -100, 0, -58, 2)),
    "nil failed, partner's contract set": ((0, 6), (1, 4), 0, True, (-60, 1, -100, 0, -159, 1)),
    "nil tricks never help the partner": ((0, 4), (3, 3), 0, True, (-40, 3, -100, 0, -137, 3)),
    "both partners nil, both made": ((0, 0), (0, 0), 0, True, (0, 0, 200, 0, 200, 0)),
    "both partners nil, one failed: contract 0": ((0, 0), (0, 2), 0, True, (0, 2, 0, 0, 2, 2)),
    "blind nil made": ((BLIND, 3), (0, 4), 0, True, (30, 1, 200, 0, 231, 1)),
    "blind nil failed": ((BLIND, 3), (1, 3), 0, True, (30, 1, -200, 0, -169, 1)),
    "bags roll over 10 with the penalty": ((3, 3), (5, 4), 7, True, (60, 3, 0, -100, -37, 0)),
    "bags roll over 10 with remainder": ((2, 2), (6, 4), 8, True, (40, 6, 0, -100, -54, 4)),
    "bags over 10 without the penalty keep growing": ((3, 3), (5, 4), 7, False, (60, 3, 0, 0, 63, 10)),
    "twenty bags at once with the penalty": ((0, 0), (7, 6), 9, True, (0, 13, -200, -200, -387, 2)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_scoring_table(case):
    bids, taken, bank, penalty, expected = CASES[case]
    s = score_team(bids, taken, 1000, bank, Rules(bag_penalty=penalty))
    assert (s.contract, s.bags, s.nil, s.bag_penalty, s.hand, s.bank) == expected
    assert s.total == 1000 + s.hand


def test_worked_example_record_scores_71_and_50():
    game = from_record(json.loads((DATA / "worked_example.json").read_text()))
    ns, ew = game.hand.score
    assert game.hand.bids == [4, 2, 3, 3]
    assert (game.hand.taken[Seat.S], game.hand.taken[Seat.N]) == (5, 3)
    assert (ns.contract, ns.bags, ns.hand, ns.total) == (70, 1, 71, 71)
    assert (ew.contract, ew.hand, ew.total) == (50, 50, 50)
    assert game.phase is Phase.HAND_OVER and game.outcome is None
    game.apply(DEAL)
    assert game.hand.dealer is Seat.S and game.to_move is Seat.W


def test_bags_accumulate_across_hands_and_roll_over():
    totals, banks = [0, 0], [0, 0]
    hands = [((3, 2, 3, 2), (5, 2, 4, 2)), ((3, 2, 3, 2), (5, 2, 4, 2)), ((1, 2, 1, 2), (4, 2, 3, 4))]
    for bids, taken in hands:
        ns, ew = score_hand(bids, taken, totals, banks, Rules())
        totals, banks = [ns.total, ew.total], [ns.bank, ew.bank]
    # 3 + 3 bags, then 5 more: 11 bags -> one penalty, one bag left
    assert banks[0] == 1 and ns.bag_penalty == -100
    assert totals[0] == (60 + 3) + (60 + 3) + (20 + 5 - 100)


def _finish_hand(game: Game, totals_before, bids, bank=(0, 0)):
    """Play one hand where South takes every trick (South holds all spades)."""
    game.totals, game.banks = list(totals_before), list(bank)
    for b in bids:
        game.apply(b)
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[-1])


SWEEP = dict(
    S="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    W="2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    N="2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    E="2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
)


def _sweep_game(rules=None):
    return Game(game=None, rules=rules, deal=deal(**SWEEP))


def test_game_ends_when_a_team_reaches_the_target():
    game = _sweep_game()
    _finish_hand(game, (120, 0), (13, 1, 0, 1))  # NS +130 +100 (North's nil) -> 350
    assert game.totals[0] >= 250 and game.outcome.winner is Team.NS and game.over


def test_game_ends_when_a_team_falls_below_minus_200():
    game = _sweep_game()
    _finish_hand(game, (0, -150), (13, 1, 0, 1))  # EW set: -20 -> -170, not yet below
    assert not game.over
    game = _sweep_game()
    _finish_hand(game, (0, -190), (13, 1, 0, 1))  # -210 < -200
    assert game.over and game.outcome.winner is Team.NS


def test_score_of_exactly_minus_200_does_not_end_the_game():
    game = _sweep_game()
    _finish_hand(game, (0, -180), (13, 1, 0, 1))
    assert game.totals[1] == -200 and not game.over


def test_both_teams_over_the_target_the_higher_wins():
    game = _sweep_game()
    _finish_hand(game, (100, 400), (13, 0, 0, 0))  # NS: 130 + 100 = 330; EW: two nils failed? no: 0 tricks
    assert game.totals == [330, 600] and game.outcome.winner is Team.EW


# In a SWEEP hand bid 13-0-0-0, South takes all 13: NS +130 +100 (North's nil), EW +200.


def test_a_tie_at_the_end_continues_the_game():
    game = _sweep_game()
    _finish_hand(game, (170, 200), (13, 0, 0, 0))
    assert game.totals == [400, 400] and not game.over and game.phase is Phase.HAND_OVER


def test_the_game_ends_after_the_30th_hand_with_the_higher_score_winning():
    game = _sweep_game()
    game.hands = game.hands * 30  # the hand count is what matters
    _finish_hand(game, (0, 0), (13, 0, 0, 0))
    assert game.totals == [230, 200] and game.over and game.outcome.winner is Team.NS


def test_the_30th_hand_with_equal_scores_is_a_draw():
    game = _sweep_game()
    game.hands = game.hands * 30
    _finish_hand(game, (70, 100), (13, 0, 0, 0))
    assert game.totals == [300, 300] and game.over and game.outcome.draw


def test_target_500_keeps_playing_past_250():
    game = _sweep_game(Rules(target=500))
    _finish_hand(game, (120, 0), (13, 1, 0, 1))
    assert game.totals[0] == 350 and not game.over
