"""The rules kernel (``spades.rules``) called directly: order, bids, the play mask, tricks, the
end of the game; and ``score_team``'s bag cost. The same rules through ``Game`` are in
test_engine_rules.py and test_scoring.py."""

from __future__ import annotations

import pytest

from spades import BLIND, CARDS, Card, IllegalActionError, MalformedError, Rules, Seat, SplitMix64, Team
from spades.cards import HIGH_DEUCES, JOKER_MASK, SPADE_MASK, SUIT_MASK, mask_of
from spades.rules import (
    BAG_COST,
    BEATERS,
    FIRST_DEALER,
    NON_SPADES,
    beats,
    bid_error,
    bid_value,
    blind_allowed,
    first_to_act,
    game_outcome,
    is_nil,
    legal_bids,
    next_dealer,
    next_seat,
    nil_stake,
    play_error,
    play_mask,
    trick_winner,
    winning_index,
)
from spades.scoring import score_team

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
LEADING = -1


def m(text: str) -> int:
    return mask_of(Card.parse(c) for c in text.split())


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# --- order ------------------------------------------------------------------------------------

def test_east_deals_first_so_south_acts_first():
    assert FIRST_DEALER is Seat.E and first_to_act(FIRST_DEALER) is Seat.S


def test_order_is_clockwise_and_the_dealers_left_acts_first():
    assert [next_seat(s) for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert [first_to_act(d) for d in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    dealers = [FIRST_DEALER]
    for _ in range(5):
        dealers.append(next_dealer(dealers[-1]))
    assert dealers == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E, Seat.S]


# --- bids -------------------------------------------------------------------------------------

def test_nil_and_blind_nil_are_nil_bids_worth_no_tricks():
    assert is_nil(0) and is_nil(BLIND) and not is_nil(1) and not is_nil(13)
    assert [bid_value(b) for b in (None, 0, BLIND, 1, 7, 13)] == [0, 0, 0, 1, 7, 13]
    assert [nil_stake(b) for b in (0, BLIND, 1, 13)] == [100, 200, 0, 0]


def test_legal_bids_are_0_to_13_then_blind_where_allowed():
    off, on = Rules(), Rules(blind_nil=True)
    assert legal_bids(off, (0, 500), Seat.S) == list(range(14))
    assert legal_bids(on, (0, 99), Seat.S) == list(range(14))  # trailing by 99: not yet
    assert legal_bids(on, (0, 100), Seat.S) == list(range(14)) + [BLIND]
    assert legal_bids(on, (0, 100), Seat.N) == list(range(14)) + [BLIND]
    assert legal_bids(on, (0, 100), Seat.W) == list(range(14))  # the team ahead
    assert legal_bids(on, (-300, -150), Seat.E) == list(range(14))
    assert legal_bids(on, (-30, -150), Seat.E) == list(range(14)) + [BLIND]
    assert blind_allowed(on, (0, 100), Seat.S) and not blind_allowed(off, (0, 100), Seat.S)


def test_bid_error_names_the_reason():
    on = Rules(blind_nil=True)
    assert bid_error(Rules(), (0, 0), Seat.S, 0) is None
    assert bid_error(Rules(), (0, 0), Seat.S, 13) is None
    assert bid_error(on, (0, 100), Seat.S, BLIND) is None
    cases = [
        (Rules(), BLIND, IllegalActionError, "blind_disabled"),
        (on, BLIND, IllegalActionError, "blind_not_trailing"),
        (Rules(), 14, IllegalActionError, "bid_range"),
        (Rules(), -1, IllegalActionError, "bid_range"),
        (Rules(), "AS", IllegalActionError, "not_playing"),  # a card in the bidding
        (Rules(), CARDS[5], IllegalActionError, "not_playing"),
        (Rules(), 3.0, MalformedError, "bad_bid"),
        (Rules(), True, MalformedError, "bad_bid"),
        (Rules(), "four", MalformedError, "bad_bid"),
        (Rules(), None, MalformedError, "bad_bid"),
    ]
    for rules, action, kind, code in cases:
        error = bid_error(rules, (0, 50), Seat.S, action)
        assert type(error) is kind and error.code == code, (action, error)
    assert bid_error(Rules(), (0, 0), Seat.S, 14).reason("en") == "a bid is a whole number from 0 to 13"


# --- the play mask ----------------------------------------------------------------------------

HELD = m("2S 9S AH 4H 3D KC")


def test_play_mask_follows_the_led_suit():
    assert play_mask(HELD, HEARTS, False) == m("AH 4H")
    assert play_mask(HELD, CLUBS, True) == m("KC")
    assert play_mask(HELD, SPADES, True) == m("2S 9S")


def test_play_mask_void_in_the_led_suit_allows_anything():
    held = m("2S AH 4H KC")
    assert play_mask(held, DIAMONDS, False) == held  # a spade included, broken or not


def test_play_mask_no_spade_lead_before_they_are_broken():
    assert play_mask(HELD, LEADING, False) == m("AH 4H 3D KC") == HELD & NON_SPADES
    assert play_mask(HELD, LEADING, True) == HELD


def test_play_mask_a_hand_of_spades_may_lead_them():
    assert play_mask(m("2S 9S KS"), LEADING, False) == m("2S 9S KS")
    assert play_mask(0, LEADING, False) == 0


def test_play_error_gives_the_reason():
    assert play_error(HELD, HEARTS, False, Card.parse("4H")) is None
    assert play_error(HELD, LEADING, False, Card.parse("KC")) is None
    assert play_error(HELD, LEADING, True, Card.parse("9S")) is None
    e = play_error(HELD, HEARTS, False, Card.parse("KC"))
    assert e.code == "must_follow" and e.reason("en") == "must follow suit ♥"
    e = play_error(HELD, LEADING, False, Card.parse("2S"))
    assert e.code == "spades_not_broken" and e.reason("ru") == "Пики ещё не разбиты"
    e = play_error(HELD, LEADING, True, Card.parse("AS"))
    assert e.code == "not_in_hand" and e.reason("en") == "card not in hand: A♠"
    assert play_error(HELD, DIAMONDS, False, Card.parse("QD")).code == "not_in_hand"  # before the suit


def test_play_error_agrees_with_play_mask_everywhere():
    rng = SplitMix64(5)
    for _ in range(300):
        held = 0
        for _ in range(1 + rng.below(13)):
            held |= 1 << rng.below(52)
        led, broken = rng.below(5) - 1, bool(rng.below(2))
        mask = play_mask(held, led, broken)
        assert mask & ~held == 0 and (mask or not held)
        for card in CARDS:
            assert (play_error(held, led, broken, card) is None) == bool((mask >> card) & 1)


# --- tricks -----------------------------------------------------------------------------------

@pytest.mark.parametrize("trick, leader, index, winner", [
    ("9H KH 2H 4H", Seat.S, 1, Seat.W),      # the highest of the led suit
    ("9H KH 2S 4H", Seat.S, 2, Seat.N),      # a trump beats the led suit
    ("9H 3S 2S AS", Seat.W, 3, Seat.S),      # the highest trump, last to play
    ("9H 3S 2S 4H", Seat.E, 1, Seat.S),      # a lower trump after a higher one loses
    ("5D AC AH KD", Seat.N, 3, Seat.W),      # off-suit aces are discards: they never win
    ("5D AC AH 4D", Seat.N, 0, Seat.N),      # the lead holds
    ("2S AH AD AC", Seat.E, 0, Seat.E),      # a spade led: the two of spades beats every ace
    ("TC", Seat.W, 0, Seat.W),               # an open trick: the winner so far
    ("TC JC", Seat.W, 1, Seat.N),
    ("TC JC 2S", Seat.W, 2, Seat.E),
])
def test_winning_index_and_trick_winner(trick, leader, index, winner):
    assert winning_index(cards(trick)) == index
    assert trick_winner(leader, cards(trick)) is winner


def test_beaters_agrees_with_beats_for_every_pair():
    for best in range(52):
        for card in range(52):
            assert bool((BEATERS[best] >> card) & 1) == beats(card, best), (CARDS[card], CARDS[best])


def test_beats_by_definition():
    for best in range(52):
        for card in range(52):
            c, b = CARDS[card], CARDS[best]
            expected = c.rank > b.rank if c.suit == b.suit else c.suit == SPADES
            assert beats(card, best) == expected, (c, b)
    assert BEATERS[Card.parse("AS")] == HIGH_DEUCES | JOKER_MASK  # nothing but a deuce high or a joker
    high_two = Rules(deuces_high=True).card(Card.parse("2D"))
    assert BEATERS[high_two] == JOKER_MASK and BEATERS[Card.parse("KS")] >> high_two & 1
    assert BEATERS[Card.parse("BJ")] == 0 and BEATERS[Card.parse("LJ")] == m("BJ")
    assert BEATERS[Card.parse("2H")] == SPADE_MASK | (SUIT_MASK[HEARTS] & ~m("2H"))


def _reference_winner(trick: list[int]) -> int:
    """SPEC §2: the highest spade if any spade was played, else the highest of the led suit."""
    spades = [c for c in trick if c // 13 == SPADES]
    pool = spades or [c for c in trick if c // 13 == trick[0] // 13]
    return trick.index(max(pool, key=lambda c: c % 13))


def test_winning_index_matches_the_rule_on_random_tricks():
    rng = SplitMix64(11)
    for _ in range(5000):
        deck = list(range(52))
        rng.shuffle(deck)
        trick = deck[: 1 + rng.below(4)]
        assert winning_index(trick) == _reference_winner(trick), [str(CARDS[c]) for c in trick]


# --- the end of the game ----------------------------------------------------------------------

@pytest.mark.parametrize("rules, totals, hands, result", [
    (Rules(), (249, 100), 5, None),
    (Rules(), (250, 100), 5, Team.NS),
    (Rules(), (260, 300), 5, Team.EW),       # both over: the higher
    (Rules(), (300, 300), 5, None),          # equal: play on
    (Rules(), (0, -200), 5, None),           # -200 is not below -200
    (Rules(), (0, -201), 5, Team.NS),
    (Rules(), (-250, -300), 5, Team.NS),     # both below: the higher
    (Rules(target=500), (400, 0), 5, None),
    (Rules(), (10, 20), 29, None),
    (Rules(), (10, 20), 30, Team.EW),        # the 30th hand ends it
    (Rules(), (20, 20), 30, "draw"),
])
def test_game_outcome_winner(rules, totals, hands, result):
    outcome = game_outcome(rules, totals, hands)
    assert (None if outcome is None else "draw" if outcome.draw else outcome.winner) == result


# --- the bag cost -----------------------------------------------------------------------------

def _old_arena_points(bids, taken) -> int:
    """fa7a0f3's arena: the hand's points without the bag penalty, less 10 per bag."""
    s = score_team(bids, taken, 0, 0, Rules(bag_penalty=False))
    return s.hand - 10 * s.bags


def test_score_team_with_a_bag_cost_is_the_old_arena_formula():
    assert BAG_COST == 10
    bids = list(range(14)) + [BLIND]
    checked = 0
    for a in bids:
        for b in bids:
            for ta in range(14):
                for tb in range(14 - ta):
                    plain = score_team((a, b), (ta, tb), 0, 0, Rules(bag_penalty=False))
                    costed = score_team((a, b), (ta, tb), 0, 0, Rules(bag_penalty=False), -BAG_COST)
                    assert costed.hand == _old_arena_points((a, b), (ta, tb)), (a, b, ta, tb)
                    assert costed.total == costed.hand
                    assert costed[:4] == plain[:4] and costed.bank == plain.bank  # only hand/total move
                    checked += 1
    assert checked == 15 * 15 * 105


def test_the_bag_cost_is_added_to_the_hand_and_the_total():
    s = score_team((4, 3), (5, 3), 100, 8, Rules(), -BAG_COST)  # 1 bag, no rollover (9 in the bank)
    assert (s.contract, s.bags, s.bag_penalty, s.hand, s.total, s.bank) == (70, 1, 0, 61, 161, 9)
    s = score_team((4, 3), (6, 4), 100, 8, Rules(), -BAG_COST)  # 3 bags: 11, one penalty
    assert (s.bags, s.bag_penalty, s.hand, s.total, s.bank) == (3, -100, 70 + 3 - 100 - 30, 100 - 57, 1)


def test_blind_nil_eligibility_is_one_function():
    # who may bid Blind Nil is ``rules.blind_allowed`` alone: the legal bids, the bid's check and
    # the views call it; no other module compares a deficit with the Blind Nil's hundred
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "py"
    users = sorted(str(p.relative_to(root)) for p in root.rglob("*.py")
                   if "BLIND_NIL_DEFICIT" in p.read_text(encoding="utf-8"))
    assert users == ["spades/bids.py"]  # the kernel's bids (re-exported by ``rules``)
    rules_text = (root / "spades" / "bids.py").read_text(encoding="utf-8")
    assert len(re.findall(r"\bBLIND_NIL_DEFICIT\b", rules_text)) == 2  # defined, then used once
    assert not [p.name for p in root.rglob("*.py") if re.search(r"def \w*blind_(allowed|offer)\b", p.read_text(
        encoding="utf-8")) and p.name != "bids.py"]
