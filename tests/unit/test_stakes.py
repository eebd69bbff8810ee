"""The hard level values a hand's end with the game's score (``sim.Stakes``): a hand that ends
the game is worth its result, so near the target a safe contract beats a richer risky one."""

from __future__ import annotations

import pytest

from spades import Game, Rules
from spades.bots import decision_rng
from spades.bots.hard import HardBot, Trial, judge_trials
from spades.bots.knowledge import stakes_of, to_sim
from spades.bots.sim import Stakes, hand_value

S, W, N, E = range(4)
NS, EW = 0, 1


def by_seat(s: int, w: int, n: int, e: int) -> tuple[int, int, int, int]:
    return (s, w, n, e)


MADE = by_seat(3, 4, 1, 5)  # NS take 4 of their 3 (+31), EW 9 of their 6 (+63)
SET = by_seat(1, 5, 1, 6)  # NS take 2 of their 3 (−30), EW 11 of their 6 (+65)


@pytest.mark.parametrize("totals, taken, hands, ns_result", [
    ((230, 100), MADE, 3, 1),   # NS reach 261: won
    ((230, 100), SET, 3, 0),    # NS 200, EW 165: the game goes on
    ((230, 240), MADE, 3, -1),  # both past the target: EW's 303 beat NS's 261
    ((-190, 0), SET, 3, -1),    # NS fall to −220: lost
    ((0, 0), MADE, 30, -1),     # the 30th hand: whoever is ahead wins
    ((32, 0), MADE, 30, 0),     # … and a tie after it is a draw
])
def test_the_result_of_a_hand_that_may_end_the_game(totals, taken, hands, ns_result):
    bids = by_seat(2, 3, 1, 3)  # NS 3, EW 6
    stakes = Stakes(Rules(), totals, (0, 0), hands)
    assert stakes.result(bids, taken, NS) == ns_result
    assert stakes.result(bids, taken, EW) == -ns_result


def test_a_hand_that_ends_the_game_is_worth_the_target_more_or_less():
    game = Game(game=7, rules=Rules(target=250))
    game.totals = [230, 100]
    sim = to_sim(game.view(game.to_move))
    sim.bids, sim.nil = [2, 3, 1, 3], [0, 0, 0, 0]
    sim.taken = [3, 4, 2, 4]  # NS 5 of 3: 230 + 32 = 262, the game won
    stakes = stakes_of(game.view(game.to_move))
    assert stakes.value(sim, NS) == hand_value(sim, NS) + 250
    assert stakes.value(sim, EW) == hand_value(sim, EW) - 250
    sim.taken = [1, 5, 1, 6]  # NS set: the game goes on, the hand is valued as from 0
    assert stakes.value(sim, NS) == hand_value(sim, NS)


def test_near_the_target_the_bid_search_takes_the_contract_that_is_sure_to_end_the_game():
    """South (NS at 230 of 250) takes 4 tricks in 7 playouts of 10 and 2 in the others, North 1
    of its 1. From 0, bidding 4 is worth most (20 points a hand, against 17.4 for 2); at 230 the
    sure 2 wins the game every time, and the bid search takes it."""
    def trial(mine_taken: int):
        bids = by_seat(4, 4, 1, 4)
        taken = by_seat(mine_taken, 12 - mine_taken - 5, 1, 5)
        return Trial(S, bids, taken, N)

    trials = [trial(4)] * 7 + [trial(2)] * 3
    best, means = judge_trials(trials, False, 4)
    assert best == 4 and means[4] == pytest.approx(20.0) and means[2] == pytest.approx(17.4)
    stakes = Stakes(Rules(), (230, 100), (0, 0), 4)
    best, means = judge_trials(trials, False, 4, stakes=stakes)
    assert best == 2
    assert means[2] == pytest.approx(17.4 + 250) and means[4] == pytest.approx(20.0 + 0.7 * 250)


def test_the_level_without_the_score_values_every_hand_from_0():
    game = Game(game=3)
    game.totals = [240, 0]
    view = game.view(game.to_move)
    assert HardBot().game_stakes(view) is not None

    class FromZero(HardBot):
        score_aware = False

    assert FromZero().game_stakes(view) is None


def test_at_230_of_250_the_first_bidder_bids_what_ends_the_game_not_the_most_it_might_make():
    """The first bidder of games 1–24 with its team at 230 and the opponents at 100: the level
    valuing every hand from 0 bids as at the start of a game; the score-aware level bids lower
    wherever they differ (a made contract of any size wins), and they differ in at least 8."""
    class FromZero(HardBot):
        score_aware = False

    aware, from_zero = HardBot(), FromZero()
    lower = 0
    for number in range(1, 25):
        game = Game(game=number)
        totals = [100, 100]
        totals[int(game.to_move) & 1] = 230
        game.totals = totals
        view = game.view(game.to_move)
        rng = decision_rng(number, view)
        mine, theirs = aware.act(view, rng), from_zero.act(view, decision_rng(number, view))
        assert mine <= theirs, number
        lower += mine < theirs
    assert lower >= 8
