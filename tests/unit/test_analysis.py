"""The after-hand analysis prices the player's cards by the hard level's search from the
player's own knowledge at the time (``spades.analysis``)."""

from __future__ import annotations

from botpos import position
from helpers import MemoryStore
from spades import Card, Seat
from spades.analysis import NOISE, analyse_steps, costliest, decisions_of, hand_range, price_steps
from spades.bots import HardBot, decision_rng
from spades.bots.base import finish
from ui.coach import Review

# North's ♥K is winning the second trick, and only South could beat it: overtaking with the ♥A
# throws a sure trick of the partner's into a bag and the ace away.
OVERTAKE = "2C 3C AC 5C KH 2H AH"
LOW = "2C 3C AC 5C KH 2H 4H"
SOUTH = "2C AH 4H 7S 5S 3S 8D 6D 4D 8C 6C 5H 3H"  # all 13: only the others' cards are filled in
HANDS = {"S": SOUTH, "W": "3C", "N": "AC KH", "E": "5C 2H"}


def priced(plays: str, hands=None):
    # South bids 2 on its ace and spades; the partner's and the opponents' 3s are read from
    # their bids by the search (``bots.inference``): the team needs the partner's trick
    game = position(hands or HANDS, bids=(2, 3, 3, 3), plays=plays)
    return finish(analyse_steps(game, 0, Seat.S))


def test_overtaking_the_partners_sure_winner_costs_points():
    decisions = priced(OVERTAKE)
    assert [d.kind for d in decisions] == ["bid", "play", "play"]
    assert [d.played for d in decisions[1:]] == [Card.parse("2C"), Card.parse("AH")]
    overtake = decisions[-1]
    assert overtake.trick == 2 and overtake.cost >= NOISE and overtake.best != Card.parse("AH")
    assert overtake.why == ("overtook", {})
    assert overtake in costliest(decisions)


def test_a_sound_play_costs_nothing():
    low = priced(LOW)[-1]
    assert low.played == Card.parse("4H") and low.cost < NOISE and low.why is None
    assert costliest([low]) == []


STRONG = "AS KS QS JS TS AH KH AD KD AC 2H 3D 4C"
WEAK = "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"


def bid_priced(south: str, bid, others=None):
    """South bids first (hand 1 is dealt by East): the price of ``bid``."""
    game = position({"S": south, **(others or {})}, bids=(bid, 3, 3, 3))
    return finish(price_steps(game, 0, Seat.S))


def hard_bid(south: str):
    view = position({"S": south}, bids=()).view(Seat.S)
    return HardBot().bid(view, decision_rng(0, view))


def test_the_hard_levels_own_bid_costs_nothing():
    for south in (STRONG, WEAK):
        bid = hard_bid(south)
        d = bid_priced(south, bid)
        assert (d.kind, d.trick, d.played, d.best, d.cost, d.why) == ("bid", 1, bid, bid, 0.0, None)


def test_a_nil_on_a_strong_hand_and_a_number_on_a_nil_hand_are_priced_with_their_reason():
    nil = bid_priced(STRONG, 0)
    assert nil.cost >= NOISE and nil.best == hard_bid(STRONG) and nil.why == ("nil_broke", {"pct": 100})
    number = bid_priced(WEAK, 4)
    assert hard_bid(WEAK) == 0 and number.cost >= NOISE and number.best == 0
    code, params = number.why
    assert code == "nil_held" and params["pct"] >= 80


def test_an_overbid_and_an_underbid_are_told_apart():
    over = bid_priced(STRONG, 13)
    assert over.cost >= NOISE and over.why[0] == "overbid" and over.why[1]["pct"] > 50
    under = bid_priced(STRONG, 1)
    assert under.cost >= NOISE and under.why[0] == "underbid" and under.why[1]["tricks"] > 5


def test_a_bid_is_priced_without_the_hidden_hands():
    # South's cards as before, the others' dealt otherwise (hand 1: nothing else is known)
    other = {"W": "2C 3C 4D 5D 6D", "N": "KC QC JC TC 9C", "E": "7H 8H 9H TH JH"}
    assert bid_priced(STRONG, 6, other) == bid_priced(STRONG, 6)


def test_the_decisions_are_the_bid_and_the_thirteen_plays():
    game = position(HANDS, plays=OVERTAKE)
    assert decisions_of(game, 0, Seat.S) == [0, 4, 10]


def test_the_analysis_never_looks_at_the_hidden_hands():
    # the same hand for South and the same cards played, the unseen cards dealt otherwise
    other = {**HANDS, "W": "3C QH JH 9D", "E": "5C 2H TD 8S"}
    assert priced(OVERTAKE, other) == priced(OVERTAKE)


def test_the_same_hand_gives_the_same_figures():
    assert priced(OVERTAKE) == priced(OVERTAKE)


def test_hand_range_splits_the_actions_at_each_deal():
    game = position(HANDS, plays=OVERTAKE)
    assert hand_range(game, 0) == range(0, len(game.actions()))


def test_the_table_prices_the_finished_hand_and_opens_the_review_at_a_listed_trick():
    from helpers import regions
    from spades import Phase
    from test_ui import event, south_moves, table

    ctl = table(MemoryStore(), 77)
    while ctl.session.game.phase is not Phase.HAND_OVER:
        south_moves(ctl)
    assert 'data-action="analysis"' in regions(ctl)["panel"]
    event(ctl, "analysis")
    state = ctl.coach.analysis
    done, total, listed = state.done, state.total, state.listed
    assert done == total == 14 and listed is not None  # the bid and thirteen cards
    html = regions(ctl)["panel"]
    assert 'id="analysis"' in html and 'data-done="1"' in html
    # South played the lowest legal card every time: what that cost, the costliest first
    costs = [d.cost for d in listed]
    assert costs == sorted(costs, reverse=True) and all(c >= NOISE for c in costs) and len(costs) <= 3
    for d in listed:
        assert f'data-cost="{d.cost}" data-trick="{d.trick}" data-kind="{d.kind}"' in html
    play = next((d for d in listed if d.kind == "play"), None)
    if play is not None:
        event(ctl, "review-at", f"1:{play.trick}")
        assert ctl.session.panel == "review" and ctl.coach.review == Review(0, play.trick)
    event(ctl, "review-at", "1:0")  # a bid opens the review at the bids
    assert ctl.session.panel == "review" and ctl.coach.review == Review(0, 0)
    again = finish(analyse_steps(ctl.session.game, 0, Seat.S))  # the same figures, computed again
    assert tuple(costliest(again)) == listed


def test_a_listed_decision_reads_with_its_reason():
    from ui.panels import decision_text

    decisions = priced(OVERTAKE)
    assert decision_text(decisions[-1]) == (
        "Взятка 2: A♥ вместо 3♥ — −8 очков в среднем — вы перебили взятку партнёра")
    assert decision_text(decisions[0]) == (
        "Заказ 2 вместо Nil — −90 очков в среднем — Nil держался в 90% раскладов")


def reason_at(plays: str, played: str, best: str, bids=(3, 3, 3, 3), hands=None):
    """``play_reason`` for South about to play after ``plays``, played against best."""
    from spades.analysis import play_reason

    game = position(hands or CLUBS, bids=bids, plays=plays, voids={"S": "C"} if hands is None else None)
    assert game.to_move is Seat.S
    return play_reason(game.view(Seat.S), Card.parse(played), Card.parse(best))


# West wins the first trick and leads the ♣K; South, void in clubs, plays fourth
CLUBS = {"S": "2H 3S 5D", "W": "AH KC", "N": "4H 2C", "E": "5H 3C"}
FIRST = "2H AH 4H 5H KC 2C 3C"


def test_the_reasons_name_what_the_position_shows():
    assert reason_at(FIRST, "3S", "5D") == ("trumped", {})
    # South holds the ♣A now, not void: overtaking the king or not
    hands = {"S": "2H AC 4C", "W": "AH KC", "N": "4H 2C", "E": "5H 3C"}
    assert reason_at(FIRST, "4C", "AC", hands=hands) == ("gave_trick", {})
    # North on Nil has played under the king: nothing to cover any more
    assert reason_at(FIRST, "4C", "AC", bids=(3, 3, 0, 3), hands=hands) == ("gave_trick", {})
    # …but with North still to play (East won the first trick and leads the ♣K, South second),
    # letting the king through leaves the Nil to North
    east = {"S": "2H AC 4C", "W": "3H 3C", "N": "4H 2C", "E": "AH KC"}
    assert reason_at("2H 3H 4H AH KC", "4C", "AC", bids=(3, 3, 0, 3), hands=east) == ("cover_nil", {})
    assert reason_at("2H 3H 4H AH KC", "4C", "AC", hands=east) == ("gave_trick", {})
