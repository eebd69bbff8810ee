"""«Остальные мои»: a claim is offered only when certain, checked by brute force over every
distribution of the unseen cards and every way the others may play them (independent of the
engine's rules kernel), and it plays out into a record that replays."""

from __future__ import annotations

from itertools import combinations

from helpers import basic_game, deal, play
from spades import Card, Game, Phase, Rules, Seat, SplitMix64, from_record, to_record
from spades.bots import choose
from spades.claim import claim_plan, play_claim

SUIT = "SHDC"


def suit_of(card: Card) -> str:
    return "S" if card.is_joker else str(card)[-1]


def rank_of(card: Card) -> int:
    return int(card)  # within a suit the engine's index grows with the rank (the jokers top the spades)


def wins(lead: str, cards: list[Card]) -> int:
    """The index of the winning card: the highest spade, else the highest of the led suit."""
    spades = [i for i, c in enumerate(cards) if suit_of(c) == "S"]
    pool = spades or [i for i, c in enumerate(cards) if suit_of(c) == lead]
    return max(pool, key=lambda i: rank_of(cards[i]))


def always_wins(plan: list[Card], hands: list[list[Card]]) -> bool:
    """Does the claimer's ``plan`` win every trick against ``hands`` (the others', in turn after
    it), whatever legal cards they play? Exhaustive."""
    if not plan:
        return True
    lead, rest = plan[0], plan[1:]

    def replies(i: int, played: list[Card], left: list[list[Card]]) -> bool:
        if i == len(hands):
            return wins(suit_of(lead), [lead, *played]) == 0 and always_wins(rest, left)
        hand = left[i]
        follow = [c for c in hand if suit_of(c) == suit_of(lead)] or hand
        return all(replies(i + 1, played + [c], left[:i] + [[x for x in hand if x != c]] + left[i + 1:])
                   for c in follow)

    return replies(0, [], hands)


def certain(view, plan: list[Card]) -> bool:
    """Every distribution of the unseen cards to the other seats (their counts, their shown voids)
    loses every trick to ``plan``."""
    table = view.rules.layout
    others = [s for s in table.seats if s != view.seat]
    order = [s for s in (Seat((int(view.seat) + k) % 4) for k in range(1, 4)) if s in others]
    n = len(plan)
    unseen = [Card(c) for c in range(54) if view.unseen_mask >> c & 1]
    voids: dict[Seat, set[str]] = {s: set() for s in table.seats}
    for trick in view.tricks:
        led = suit_of(trick.cards[0])
        for seat, card in zip(trick.seats, trick.cards):
            if suit_of(card) != led:
                voids[seat].add(led)

    def deals(i: int, pool: list[Card]):
        if i == len(order):
            yield []
            return
        seat = order[i]
        for hand in combinations(pool, n):
            if any(suit_of(c) in voids[seat] for c in hand):
                continue
            left = [c for c in pool if c not in hand]
            for more in deals(i + 1, left):
                yield [list(hand), *more]

    worlds = 0
    for hands in deals(0, unseen):
        worlds += 1
        if not always_wins(plan, hands):
            return False
    return worlds > 0


def test_a_claim_is_offered_only_when_no_distribution_and_no_play_beats_it():
    checked = offered = 0
    for number in range(1, 80):
        game = Game(game=number)
        rng = SplitMix64(number)
        while game.phase in (Phase.BID, Phase.PLAY):
            view = game.view(game.to_move)
            plan = claim_plan(view)
            if plan is not None:
                offered += 1
                if len(plan) <= 3:
                    assert certain(view, list(plan)), (number, view.hand, plan)
                    checked += 1
            game.apply(choose("medium", view, rng))
    assert offered >= 12 and checked >= 6


def test_a_hand_of_top_spades_claims_and_one_with_a_missing_top_card_does_not():
    game = basic_game()
    view = game.view(Seat.S)
    spades = sum(1 << c for c in range(13))  # 2♠..A♠
    assert claim_plan(view._replace(held=spades)) == tuple(Card(c) for c in range(12, -1, -1))
    hearts_ace = 1 << Card.parse("AH")
    twelve = spades & ~1  # A♠..3♠: the 2♠ is out, and falls to the first round
    assert claim_plan(view._replace(held=twelve | hearts_ace, spades_broken=True)) is not None
    assert claim_plan(view._replace(held=twelve | hearts_ace)) is None  # unbroken: the A♥ first, the 2♠ may ruff
    assert claim_plan(view._replace(held=twelve | 1 << Card.parse("KH"))) is None  # A♥ is out
    two_spades = 1 << Card.parse("AS") | 1 << Card.parse("KS")
    hearts = sum(1 << Card.parse(f"{r}H") for r in "AKQJT98765432")
    assert claim_plan(view._replace(held=two_spades | hearts & ~(1 << Card.parse("2H")) & ~(1 << Card.parse("3H")))) \
        is None  # eleven spades are out: a seat may ruff a heart


def test_a_claim_not_offered_when_someone_else_is_to_lead_or_the_trick_has_begun():
    game = basic_game()
    play(game, "AH")
    assert claim_plan(game.view(Seat.W)) is None
    assert claim_plan(game.view(Seat.S)) is None


def test_play_claim_plays_the_rest_out_in_the_record_and_the_record_replays():
    hands = dict(S="AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", W="AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
                 N="AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", E="AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
    game = Game(game=None, rules=Rules(spades_anytime=True), deal=deal(**hands))
    for bid in (13, 1, 1, 1):
        game.apply(bid)
    assert play_claim(game) == 13
    assert game.phase is Phase.HAND_OVER
    assert game.view(Seat.S).taken[Seat.S] == 13
    record = to_record(game)
    assert to_record(from_record(record)) == record


def test_play_claim_refuses_a_claim_that_is_not_certain():
    game = basic_game()
    try:
        play_claim(game)
    except ValueError as error:
        assert "cannot be sure" in str(error)
    else:
        raise AssertionError("an uncertain claim was played")


def test_a_claim_leads_only_what_may_be_led():
    # spades not broken and a mixed hand: the side suits go first, and only when no one can ruff
    game = basic_game()
    view = game.view(Seat.S)
    spades = sum(1 << c for c in range(1, 13))  # 3♠..A♠: the 2♠ is out
    assert not view.spades_broken
    assert claim_plan(view._replace(held=spades | 1 << Card.parse("AH"))) is None  # the 2♠ may ruff the A♥
    every = sum(1 << c for c in range(13))
    plan = claim_plan(view._replace(held=(every & ~1) | 1 << Card.parse("AH"), spades_broken=False,
                                    tricks=()))
    assert plan is None or str(plan[0]) == "AH"
    # the first trick under first_trick_clubs is led by the rule, never claimed
    opened = Game(game=None, rules=Rules(first_trick_clubs=True, spades_anytime=True), deal=deal(**{
        "S": "2C AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", "W": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "N": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D", "E": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2S"}))
    for bid in (12, 1, 1, 1):
        opened.apply(bid)
    assert opened.to_move is Seat.S and claim_plan(opened.view(Seat.S)) is None


def test_every_offered_claim_plays_out_legally_at_every_table():
    for table in ("partners", "two", "cutthroat", "cutthroat3"):
        for number in range(1, 25):
            rules = Rules(table=table, jokers=number % 2 == 0, first_trick_clubs=table != "two" and number % 3 == 0)
            game = Game(game=number, rules=rules)
            rng = SplitMix64(number)
            while game.phase in (Phase.DRAW, Phase.BID, Phase.PLAY):
                seat = game.to_move
                if game.phase is Phase.PLAY and claim_plan(game.view(seat)) is not None:
                    before = game.view(seat).taken[seat]
                    left = len(game.view(seat).hand)
                    play_claim(game)  # raises on an illegal card or a lost trick
                    assert game.view(seat).taken[seat] == before + left
                    break
                game.apply(choose("medium", game.view(seat), rng))
