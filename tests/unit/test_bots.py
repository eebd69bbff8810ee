"""The computer players: the interface, determinism, and one named scenario per behaviour.

Scenarios are hand-made positions (``botpos.position``); each behaviour the medium and hard
levels must show — the partner complaints of SPEC §5 — is asserted for both levels unless the
behaviour needs card memory (hard only).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from botpos import decide, position
from spades import BLIND, Card, Game, Phase, Rules, Seat, SplitMix64
from spades.bots import LEVELS, choose, decision_rng, make_player
from spades.bots.easy import COUNTED_SIDE, COUNTED_SPADES, easy_card, easy_count
from spades.bots.estimate import card, ranks
from spades.bots.hard import HardBot, candidate_runs, out_of_play, run_of
from spades.bots.knowledge import to_sim
from spades.bots.order import lowest_rank
from spades.bots.sim import SET_REACH, Sim, policy, reaching
from spades.cards import CARD_SLOTS, NUM_CARDS, NUM_RANKS, RANK_OF, SUIT_MASK, SUIT_OF, mask_of
from spades.rules import BEATERS, NON_SPADES, beats, winning_index
from spades.table import seat_levels
from spades_cli.play import play_hand

SMART = ["medium", "hard"]


class QuickHard(HardBot):
    budget = 2500  # enough for clear-cut positions, quick for tests


def player(level: str):
    return QuickHard() if level == "hard" else make_player(level)


def c(text: str) -> Card:
    return Card.parse(text)


# --- interface ----------------------------------------------------------------------------------

def test_levels_registry_and_partner_is_hard():
    assert set(LEVELS) == {"random", "easy", "medium", "hard"}
    assert seat_levels("easy") == {Seat.W: "easy", Seat.N: "hard", Seat.E: "easy"}
    assert seat_levels("medium") == {Seat.W: "medium", Seat.N: "hard", Seat.E: "medium"}
    with pytest.raises(ValueError):
        make_player("expert")


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_every_level_plays_legal_actions_through_whole_hands(level):
    for number in range(3):
        game = Game(game=number)
        players = {s: make_player(level) for s in range(4)}
        play_hand(game, players)
        assert game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert sum(game.hand.taken) == 13


def test_hard_plays_a_whole_hand_legally():
    game = Game(game=11)
    players = {0: QuickHard(), 1: make_player("medium"), 2: QuickHard(), 3: make_player("easy")}
    play_hand(game, players)
    assert sum(game.hand.taken) == 13


def test_choose_is_deterministic_for_the_same_view_and_seed():
    game = Game(game=42)
    for _ in range(4):
        game.apply(choose("medium", game.view(game.to_move), SplitMix64(0)))
    for _ in range(5):
        game.apply(choose("easy", game.view(game.to_move), SplitMix64(0)))
    view = game.view(game.to_move)
    assert view.action_count == 9
    a = QuickHard().act(view, decision_rng(42, view))
    b = QuickHard().act(view, decision_rng(42, view))
    assert a == b and a in view.legal


def test_bot_action_seeds_from_the_position_not_the_clock():
    runs = []
    for _ in range(2):
        game = Game(game=9)
        players = {s: make_player("random") for s in range(4)}
        play_hand(game, players)
        runs.append(game.hand.plays[:])
    assert runs[0] == runs[1]


def test_bots_refuse_to_act_out_of_turn():
    game = Game(game=1)
    with pytest.raises(ValueError):
        make_player("medium").act(game.view(Seat.N), SplitMix64(1))


def test_candidate_runs_merge_cards_with_nothing_unseen_between():
    held = mask_of([c("QH"), c("JH"), c("9H"), c("2C")])
    played = mask_of([c("TH")])
    runs = candidate_runs(held, held, played)
    assert runs == [c("9H"), c("2C")]


def test_a_card_on_the_table_parts_two_runs_of_candidates():
    game = position({"S": "8H", "W": "7H 9H"}, plays="8H")
    view = game.view(Seat.W)
    sim = to_sim(view, memory="all")
    assert out_of_play(sim) == sim.played & ~mask_of([c("8H")])  # the never dealt, not the table
    _, means, _ = HardBot().search(view, SplitMix64(1))
    assert c("7H") in means and c("9H") in means  # 9♥ beats the 8♥, 7♥ does not: both are searched
    assert run_of(c("9H"), list(means), view.held, out_of_play(sim)) == c("9H")


# --- easy ---------------------------------------------------------------------------------------

def test_easy_counts_side_aces_kings_and_spade_honours():
    hand = mask_of(map(c, ["AS", "KS", "TS", "9S", "2S", "AH", "KH", "QH", "2H", "AD", "3D", "4C", "5C"]))
    assert easy_count(hand) == 3 + 2 + 1  # A K 10 of spades; A K of hearts; A of diamonds
    game = position({"S": "AS KS TS 9S 2S AH KH QH 2H AD 3D 4C 5C"}, bids=())
    assert decide(game, make_player("easy")) == 6


def test_easy_counts_and_plays_as_its_rules_say_on_any_cards():
    """The beginner's count (a mask of the counted cards) and its card (the beaters' mask) against
    the rules said card by card, with ``beats``: random hands and tricks, jokers among them."""
    rng = SplitMix64(27)
    for _ in range(3000):
        cards = list(range(CARD_SLOTS))
        rng.shuffle(cards)
        held = sum(1 << x for x in cards[:1 + rng.below(13)])
        counted = sum(1 for x in range(CARD_SLOTS) if held >> x & 1
                      and RANK_OF[x] in (COUNTED_SPADES if SUIT_OF[x] == 0 else COUNTED_SIDE))
        assert easy_count(held) == counted
        trick = cards[13:14 + rng.below(3)]
        top = trick[winning_index(trick)]
        winners = [x for x in range(CARD_SLOTS) if held >> x & 1 and beats(x, top)]
        following = [x for x in winners if SUIT_OF[x] == SUIT_OF[trick[0]]]
        if winners:  # the highest of the led suit that wins, else the lowest winning trump
            assert easy_card(held, trick) == (max(following) if following else min(winners))
        else:
            assert not held & BEATERS[top] and easy_card(held, trick) == lowest_rank(held & NON_SPADES or held)


def test_a_suits_ranks_are_those_held_highest_first():
    """``estimate.ranks`` (worked out once per suit pattern) against the cards' own ranks."""
    rng = SplitMix64(13)
    for _ in range(2000):
        held = rng.next64() & rng.next64() & ((1 << CARD_SLOTS) - 1)
        for suit in range(4):
            plain = sorted((RANK_OF[x] for x in range(NUM_CARDS) if held >> x & 1 and SUIT_OF[x] == suit), reverse=True)
            assert list(ranks(held, suit)) == plain
            if suit == 0:  # with trumps above the ace: counted from the top, the highest as the ace
                for rules in (Rules(jokers=True), Rules(deuces_high=True), Rules(jokers=True, deuces_high=True)):
                    dealt = held & rules.pack
                    spades = sorted((x for x in range(CARD_SLOTS) if dealt >> x & 1 and SUIT_OF[x] == 0), reverse=True)
                    assert [card(0, r, rules.over_ace) for r in ranks(dealt, 0, rules.over_ace)] == spades


def test_easy_never_bids_nil():
    game = position({"S": "2S 3S 2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C"}, bids=())
    assert decide(game, make_player("easy")) == 1


# --- bidding ------------------------------------------------------------------------------------

WEAK = "2S 3S 2H 3H 4H 7H 2D 5D 6D 2C 4C 6C 8C"


@pytest.mark.parametrize("level", SMART)
def test_weak_safe_hand_bids_nil(level):
    game = position({"N": WEAK}, bids=(3, 4))
    assert decide(game, player(level)) == 0


@pytest.mark.parametrize("level", SMART)
def test_no_nil_after_partners_nil(level):
    game = position({"N": WEAK}, bids=(0, 4))
    bid = decide(game, player(level))
    assert bid != 0 and bid != BLIND


@pytest.mark.parametrize("level", SMART)
def test_strong_hand_bids_its_tricks(level):
    game = position({"S": "AS KS QS JS 9S 5S AH KH 2H AD 2D 3C 4C"}, bids=())
    assert 7 <= decide(game, player(level)) <= 9


@pytest.mark.parametrize("level", SMART)
def test_blind_nil_only_from_the_score(level):
    rules = Rules(blind_nil=True)
    game = position({"S": WEAK}, bids=(), rules=rules)
    view = game.view(Seat.S)
    assert BLIND not in view.legal  # level scores: not offered
    game.totals = [-150, 120]  # trailing by 270: offered, and taken
    view = game.view(Seat.S)
    assert BLIND in view.legal
    assert player(level).act(view, SplitMix64(1)) == BLIND


# --- play: partner complaints -------------------------------------------------------------------

@pytest.mark.parametrize("level", SMART)
def test_no_trumping_partners_ace(level):
    # S leads the ace of hearts, W follows; North, void in hearts, must not ruff its partner.
    game = position({"S": "AH 5H", "W": "3H", "N": "2S 3S 9S"}, bids=(3, 3, 3, 3),
                    plays="AH 3H", voids={"N": "H"})
    card = decide(game, player(level))
    assert card.suit != 0, f"{level} trumped its partner's ace with {card}"


@pytest.mark.parametrize("level", SMART)
def test_fourth_hand_does_not_trump_partners_ace(level):
    # S leads 3D, W wins with the ace; East (W's partner, last to play) is void: it discards.
    game = position({"S": "3D", "W": "AD", "N": "4D", "E": "2S 3S"}, bids=(3, 3, 3, 3),
                    plays="3D AD 4D", voids={"E": "D"})
    card = decide(game, player(level))
    assert card.suit != 0, f"{level} trumped its partner's ace with {card}"


def test_covers_partners_nil_second_hand_high():
    # East bid Nil; South leads a club; West (second) plays its ace so East can duck.
    # (The hard level weighs this against the clubs a Nil bidder is likely to hold.)
    game = position({"S": "5C", "W": "AC 9C 2C", "E": "KC QC JC"}, bids=(3, 4, 3, 0), plays="5C")
    assert decide(game, player("medium")) == c("AC")


@pytest.mark.parametrize("level", SMART)
def test_leads_high_for_partners_nil(level):
    # North bid Nil. The medium level leads an ace; the hard level may instead lead a small
    # card the partner can play under (North's 4D 5D under South's 6D: whatever the others
    # play, the trick is not North's) and keep the aces to cover later. Either way North is
    # never made to win the trick.
    game = position({"S": "AH KH 6H AD 6D 7D AC 6C", "N": "3H 4H 4D 5D 3C 4C"}, bids=(4, 3, 0, 3))
    card = decide(game, player(level))
    under = game.view(Seat.N).held & SUIT_MASK[card // NUM_RANKS] & ((1 << card) - 1)
    assert card.rank == 12 or (card >= NUM_RANKS and under), f"{level} led {card} with a Nil partner"
    if level == "medium":
        assert card.rank == 12


@pytest.mark.parametrize("level", SMART)
def test_overtakes_partners_nil_card(level):
    # North (Nil) is winning with the queen of hearts; South, last, overtakes with the king.
    game = position({"S": "2D KH 3H", "W": "AD 2H", "N": "3D QH", "E": "4D 5H"}, bids=(3, 4, 0, 3),
                    plays="2D AD 3D 4D 2H QH 5H")
    assert decide(game, player(level)) == c("KH")


@pytest.mark.parametrize("level", SMART)
def test_does_not_overtake_opponents_nil_card(level):
    # West bid Nil and is winning with the king; North must not take it with the ace.
    game = position({"S": "2H", "W": "KH", "N": "AH 3H", "E": "4H"}, bids=(3, 0, 4, 3), plays="2H KH")
    assert decide(game, player(level)) != c("AH")


def test_leads_low_against_opponents_nil():
    # (the hard level weighs this lead against cashing its own winners, by search)
    game = position({"S": "AH KH 2H AD KD 3D 4C"}, bids=(4, 0, 3, 4))
    card = decide(game, player("medium"))
    assert card.rank <= 2, f"medium led {card} against a Nil"


def test_the_hard_team_plans_to_go_for_a_set_a_trick_earlier():
    # Three tricks left; South leads. South and North bid 4 and have 5; West and East bid 6 and
    # have 5: two of the three tricks set them. The policy goes for a set only one trick out, so
    # it ducks with a low card; the rule the hard level plans its own team's play by
    # (``reaching(HardBot.team_reach)``) goes for it two tricks out and cashes the ace.
    hands = [mask_of([c(x) for x in cards.split()]) for cards in ("AH 2C 3D", "KH 4C 5D", "QH 6C 7D", "JH 8C 9D")]
    played = ((1 << CARD_SLOTS) - 1) & ~sum(hands)  # the ten tricks gone, and the two never dealt
    sim = Sim(hands, played, [3, 3, 2, 2], [2, 3, 2, 3], [0] * 4, True, int(Seat.S), [], 10, [0] * 4)
    assert reaching(SET_REACH) is policy
    assert policy(sim, int(Seat.S)) == c("2C")
    assert reaching(HardBot.team_reach)(sim, int(Seat.S)) == c("AH")
    assert reaching(2) is reaching(2)  # one rule per reach: the seats' rules compare by identity


@pytest.mark.parametrize("level", SMART)
def test_second_hand_low(level):
    game = position({"S": "5D", "W": "KD 3D 8C"}, bids=(3, 3, 3, 3), plays="5D")
    card = decide(game, player(level))
    assert card.suit == c("5D").suit and card.rank < c("5D").rank, card


@pytest.mark.parametrize("level", SMART)
def test_third_hand_high(level):
    game = position({"S": "3D", "W": "4D", "N": "KD 8D 2D"}, bids=(3, 3, 4, 3), plays="3D 4D")
    assert decide(game, player(level)) == c("KD")


@pytest.mark.parametrize("level", SMART)
def test_avoids_bags_once_contract_made(level):
    # NS bid 1 + 1 and South has taken two tricks; North ducks under the nine, not with the ace.
    game = position(
        {"S": "AH AD 5C", "W": "2H 2D 9C", "N": "3H 3D AC 8C 2C", "E": "4H 4D"},
        bids=(1, 2, 1, 2), plays="AH 2H 3H 4H AD 2D 3D 4D 5C 9C",
    )
    card = decide(game, player(level))
    assert card.suit == c("9C").suit and card.rank < c("9C").rank, card


def test_hard_does_not_lead_into_a_void_opponent():
    # West ruffed the first club; North, on lead with the top club and the top diamond,
    # cashes the diamond rather than the club West would trump.
    game = position(
        {"S": "2C 5H", "W": "2S 3H 4S", "N": "3C AH KC AD", "E": "4C 6H"},
        bids=(3, 3, 4, 3), plays="2C 2S 3C 4C 3H AH 6H 5H", voids={"W": "C"},
    )
    assert game.to_move == Seat.N
    assert decide(game, QuickHard()) != c("KC")


def test_hard_does_not_draw_spades_when_opponents_have_none():
    # Neither opponent holds a spade; North, on lead after winning a heart, keeps its trumps.
    game = position(
        {"S": "2S 3S 4S 5S 6S 7S 8S 9S 3H", "W": "2H", "N": "AS KS QS JS TS AH 4H 9H", "E": "5H"},
        bids=(5, 1, 5, 1), plays="3H 2H AH 5H", voids={"W": "S", "E": "S"},
    )
    assert game.to_move == Seat.N
    card = decide(game, QuickHard())
    assert card.suit != 0


def test_a_view_carries_no_game_number():
    # a bot cannot re-derive the deal: the view has no game number and no other hand
    view = Game(game=123).view(Seat.S)
    assert not hasattr(view, "game") and not hasattr(view, "deal")
    assert bin(view.held).count("1") == 13


def test_a_sliced_decision_is_the_same_decision():
    """The page runs the hard bot a slice at a time; the action must not change."""
    from spades import Game, SplitMix64
    from spades.bots import choose, think

    game = Game(game=31)
    slices = []
    while game.phase.value in ("bid", "play") and len(game.hand.plays) < 12:
        view = game.view(game.to_move)
        steps = think("hard", view, SplitMix64(len(game.hand.plays) + 1))
        count = 0
        while True:
            try:
                next(steps)
                count += 1
            except StopIteration as done:
                action = done.value
                break
        assert action == choose("hard", view, SplitMix64(len(game.hand.plays) + 1))
        slices.append(count)
        game.apply(action)
    assert max(slices) > 1  # the search really is cut into slices


def test_the_bid_search_tries_nil_as_the_levels_own_style_allows():
    # South's hand of the analysis tests (A♥ and small hearts, three low spades), first to bid:
    # the hard level's search prefers Nil to the count; a level whose style lets the search try
    # no Nil bids a number on the same cards
    game = position({"S": "2C AH 4H 7S 5S 3S 8D 6D 4D 8C 6C 5H 3H", "W": "3C", "N": "AC KH", "E": "5C 2H"},
                    bids=())
    assert game.to_move is Seat.S

    class NoNil(HardBot):
        style = replace(HardBot.style, nil_search_danger=0.0)

    assert decide(game, HardBot()) == 0 and decide(game, NoNil()) > 0
