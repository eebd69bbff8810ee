"""The after-hand analysis prices the player's cards by the hard level's search from the
player's own knowledge at the time (``spades.analysis``)."""

from __future__ import annotations

from botpos import position

from spades import Card, Seat
from spades.analysis import NOISE, analyse_steps, costliest, hand_range
from spades.bots.base import finish

# North's ♥K is winning the second trick, and only South could beat it: overtaking with the ♥A
# throws a sure trick of the partner's into a bag and the ace away.
OVERTAKE = "2C 3C AC 5C KH 2H AH"
LOW = "2C 3C AC 5C KH 2H 4H"
SOUTH = "2C AH 4H 7S 5S 3S 8D 6D 4D 8C 6C 5H 3H"  # all 13: only the others' cards are filled in
HANDS = {"S": SOUTH, "W": "3C", "N": "AC KH", "E": "5C 2H"}


def priced(plays: str, hands=None):
    game = position(hands or HANDS, plays=plays)
    return finish(analyse_steps(game, 0, Seat.S))


def test_overtaking_the_partners_sure_winner_costs_points():
    decisions = priced(OVERTAKE)
    assert [d.played for d in decisions] == [Card.parse("2C"), Card.parse("AH")]
    overtake = decisions[-1]
    assert overtake.trick == 2 and overtake.cost >= NOISE and overtake.best != Card.parse("AH")
    assert costliest(decisions)[0] == overtake


def test_a_sound_play_costs_nothing():
    low = priced(LOW)[-1]
    assert low.played == Card.parse("4H") and low.cost < NOISE
    assert costliest([low]) == []


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
    from test_ui import event, south_moves, table
    from ui import saves
    from ui.render import regions

    from spades import Phase

    ctl = table(saves.MemoryStore(), 77)
    while ctl.game.phase is not Phase.HAND_OVER:
        south_moves(ctl)
    assert 'data-action="analysis"' in regions(ctl)["panel"]
    event(ctl, "analysis")
    key, done, total, listed = ctl.analysis
    assert done == total == 13 and listed is not None
    html = regions(ctl)["panel"]
    assert 'id="analysis"' in html and 'data-done="1"' in html
    # South played the lowest legal card every time: what that cost, the costliest first
    costs = [d.cost for d in listed]
    assert costs == sorted(costs, reverse=True) and all(c >= NOISE for c in costs) and len(costs) <= 3
    for d in listed:
        assert f'data-cost="{d.cost}" data-trick="{d.trick}"' in html
    if listed:
        event(ctl, "review-at", f"1:{listed[0].trick}")
        assert ctl.panel == "review" and ctl.review == (0, listed[0].trick)
    again = finish(analyse_steps(ctl.game, 0, Seat.S))  # the same figures, computed again
    assert costliest(again) == listed
