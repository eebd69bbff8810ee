"""The rest of the rule book, checked from the records alone (independent of the engine's
kernel): Mirror's bids are the spades held, Whiz's are Nil or that count, Suicide has one Nil
per partnership with the other partner at 4 or more; the 2♣ leads the first trick and no spade
falls on it from a hand holding anything else; "10 for 200" and the set penalty score as stated;
deuces high rank above the ace (2♦ following as a spade) in every trick; bad values are refused
naming the key. Every level keeps to each rule."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from helpers import ROOT, behind_after_a_hand
from spades import BLIND, Card, Game, IllegalActionError, Phase, Rules, Seat, SplitMix64, score_team, to_record
from spades.bots import choose
from spades.rules import RulesError

ORDER = "SWNE"
LEVELS = ("random", "easy", "medium", "hard")


def spades_in(cards: list[str]) -> int:
    return sum(1 for c in cards if c.endswith("S") or c in ("LJ", "BJ"))


def bidders(hand: dict, table: str = "SWNE") -> list[str]:
    first = (table.index(hand["dealer"]) + 1) % len(table)
    return [table[(first + k) % len(table)] for k in range(len(hand["bids"]))]


def check_bidding(record: dict) -> int:
    """Every bid of the record by its bidding game; returns the bids checked."""
    game = record["rules"].get("bidding", "normal")
    checked = 0
    for hand in record["hands"]:
        bids = dict(zip(bidders(hand), hand["bids"]))
        for seat, bid in bids.items():
            held = spades_in(hand["deal"][seat])
            nil = bid in (0, "blind")
            if game == "mirror":
                assert bid == held, (seat, bid, held)
            elif game == "whiz":
                assert nil or bid == held, (seat, bid, held)
            checked += 1
        if game == "suicide" and len(bids) == 4:
            for a, b in (("S", "N"), ("W", "E")):
                nils = [bids[s] in (0, "blind") for s in (a, b)]
                assert sum(nils) == 1, (a, b, bids)
                number = bids[b] if nils[0] else bids[a]
                assert number >= 4, bids
    return checked


def play(rules: Rules, number: int, levels: tuple[str, ...]) -> dict:
    game = Game(game=number, rules=rules)
    rng = SplitMix64(number)
    while game.phase is not Phase.GAME_OVER and len(game.hands) <= 2:
        if game.phase is Phase.HAND_OVER:
            if len(game.hands) == 2:
                break
            game.apply("deal")
            continue
        seat = game.to_move
        game.apply(choose(levels[int(seat) % len(levels)], game.view(seat), rng))
    return to_record(game)


@pytest.mark.parametrize("bidding", ["mirror", "whiz", "suicide"])
def test_every_level_keeps_to_the_bidding_game(bidding):
    checked = 0
    for number, levels in enumerate((("random", "easy"), ("medium", "hard"), ("hard", "random"), ("easy", "medium"))):
        rules = Rules(bidding=bidding, blind_nil=bidding != "mirror")
        checked += check_bidding(play(rules, 900 + number, levels))
    assert checked >= 24


def test_a_bid_outside_the_bidding_game_is_refused_in_words():
    game = Game(game=5, rules=Rules(bidding="mirror"))
    held = spades_in([str(c) for c in game.view(Seat.S).hand])
    with pytest.raises(IllegalActionError) as refused:
        game.apply(held + 1)
    assert f"число ваших пик: {held}" in str(refused.value)
    game = Game(game=5, rules=Rules(bidding="suicide"))
    with pytest.raises(IllegalActionError, match="Nil или не меньше 4"):
        game.apply(2)
    game.apply(5)  # South chooses a number: North must bid Nil
    game.apply(game.legal_actions()[0])
    assert game.legal_actions() == [0]
    with pytest.raises(IllegalActionError, match="ваш заказ — Nil"):
        game.apply(4)


def test_the_lowest_club_leads_the_first_trick_and_no_spade_falls_on_it_from_a_mixed_hand():
    for table, club in (("partners", "2C"), ("cutthroat3", "3C")):
        for number in range(20, 28):
            record = play(Rules(first_trick_clubs=True, table=table), number, LEVELS)
            order = {"partners": "SWNE", "cutthroat3": "SWE"}[table]
            for hand in record["hands"]:
                if len(hand["plays"]) < len(order):
                    continue
                holder = next(s for s in order if club in hand["deal"][s])
                first = hand["plays"][:len(order)]
                assert first[0] == club
                seats = [order[(order.index(holder) + k) % len(order)] for k in range(len(order))]
                for seat, card in zip(seats[1:], first[1:]):
                    cards = hand["deal"][seat]
                    if not any(c.endswith("C") for c in cards) and card.endswith("S"):
                        assert all(c.endswith("S") or c in ("LJ", "BJ") for c in cards), (seat, card)


def test_a_wrong_first_lead_or_a_spade_on_the_first_trick_is_refused_in_words():
    game = Game(game=5, rules=Rules(first_trick_clubs=True))
    while game.phase is Phase.BID:
        game.apply(3)
    seat = game.to_move
    other = next(c for c in game.view(seat).hand if str(c) != "2C")
    with pytest.raises(IllegalActionError, match="открывает ♣2|открывает 2♣"):
        game.apply(other)


@pytest.mark.parametrize("rules, bids, taken, contract", [
    (Rules(ten_for_200=True), (6, 4), (6, 5), 200),
    (Rules(ten_for_200=True), (5, 4), (5, 5), 90),
    (Rules(ten_for_200=True), (6, 4), (5, 4), -100),
    (Rules(set_penalty="bid_and_short"), (4, 3), (3, 2), -70 - 20),
    (Rules(set_penalty="bid_and_short"), (4, 3), (4, 3), 70),
    (Rules(), (4, 3), (3, 2), -70),
])
def test_ten_for_200_and_the_set_penalty_score_as_stated(rules, bids, taken, contract):
    assert score_team(bids, taken, rules=rules).contract == contract


@pytest.mark.parametrize("rules, key", [
    ({"bidding": "twice"}, "bidding"), ({"ten_for_200": 1}, "ten_for_200"),
    ({"set_penalty": "double"}, "set_penalty"), ({"first_trick_clubs": "yes"}, "first_trick_clubs"),
    ({"bidding": "mirror", "min_team_bid": 4}, "min_team_bid"), ({"bidding": "whiz", "table": "two"}, "bidding"),
    ({"first_trick_clubs": True, "table": "two"}, "first_trick_clubs"), ({"deuces_high": 2}, "deuces_high"),
    ({"deuces_high": True, "jokers": True, "table": "cutthroat3"}, "deuces_high"),
])
def test_a_bad_value_is_refused_naming_the_key(rules, key):
    with pytest.raises(RulesError) as refused:
        Rules.from_json(rules)
    assert refused.value.key == key
    done = subprocess.run([sys.executable, "-m", "spades", "play", "--game", "1", "--rules", json.dumps(rules)],
                          capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert done.returncode != 0 and key in done.stderr


def test_blind_nil_is_not_offered_where_a_number_must_be_bid():
    rules = Rules(bidding="suicide", blind_nil=True)
    game = Game(game=8, rules=rules)
    game.totals = [0, 300]  # North and South trail by 300
    game.apply(5)  # South bids a number …
    game.apply(game.legal_actions()[0])
    assert BLIND in game.legal_actions()  # … North may still bid its Nil blind
    game = Game(game=8, rules=rules)
    game.totals = [0, 300]
    game.apply(0)
    game.apply(game.legal_actions()[0])
    assert BLIND not in game.legal_actions() and min(game.legal_actions()) == 4


@pytest.mark.parametrize("bidding", ["mirror", "whiz"])
def test_a_cut_down_record_of_the_bot_protocol_reads_the_others_bids_under_a_bidding_game(bidding):
    from spades.record import view_from_partial_record

    game = Game(game=3, rules=Rules(bidding=bidding))
    game.apply(game.legal_actions()[-1])
    game.apply(game.legal_actions()[-1])
    record = to_record(game)
    del record["game"]
    record["hands"][0]["deal"] = {"N": record["hands"][0]["deal"]["N"]}
    view = view_from_partial_record(record, Seat.N)
    held = spades_in([str(c) for c in view.hand])
    assert view.legal == ((held,) if bidding == "mirror" else tuple(sorted({0, held})))


def test_the_first_trick_s_leader_is_not_shown_while_bidding():
    game = Game(game=3, rules=Rules(first_trick_clubs=True))
    first = game.view(Seat.S).trick.leader
    assert first == game.to_move  # the first bidder, whoever holds the 2♣
    while game.phase is Phase.BID:
        game.apply(3)
    assert "2C" in [str(c) for c in game.view(game.to_move).hand]


def trailing_game(number: int, rules: Rules) -> Game:
    game = Game(game=number, rules=rules)
    game.totals = [0, 150]  # North and South trail by 150 (the sides' running scores)
    return game


def test_blind_bids_are_offered_before_looking_only_to_a_side_100_behind_and_score_double():
    rules = Rules(blind_bids=True)
    game = trailing_game(31, rules)
    legal = game.legal_actions()
    assert [b for b in legal if isinstance(b, str)] == [f"blind{n}" for n in range(6, 14)]
    assert game.view(Seat.S).looked().legal == tuple(range(14))  # the cards seen: no blind bid
    with pytest.raises(IllegalActionError, match="от 6 до 13"):
        game.apply("blind5")
    level = Game(game=31, rules=rules)  # not behind: no blind bid
    assert not [b for b in level.legal_actions() if isinstance(b, str)]
    with pytest.raises(IllegalActionError, match="Заказ вслепую доступен, только если"):
        level.apply("blind6")
    with pytest.raises(IllegalActionError, match="вслепую выключен"):
        trailing_game(31, Rules()).apply("blind6")
    assert score_team(("blind6", 2), (5, 3), rules=rules).contract == 160  # 8 bid, 8 taken: 80, doubled
    assert score_team(("blind6", 2), (4, 3), rules=rules).contract == -160  # set: doubled too
    assert score_team(("blind6", 0), (6, 0), rules=rules).nil == 100 and \
        score_team(("blind6", 0), (6, 0), rules=rules).contract == 120


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_a_hand_after_a_blind_bid_and_the_record_replays(level):
    from spades import from_record

    game = behind_after_a_hand(Rules(blind_bids=True))
    game.apply("blind7")  # South, before looking
    rng = SplitMix64(32)
    while game.phase is Phase.BID or game.phase is Phase.PLAY:
        seat = game.to_move
        game.apply(choose(level, game.view(seat), rng))
    record = to_record(game)
    assert "blind7" in record["hands"][1]["bids"] and record["rules"]["blind_bids"] is True
    assert to_record(from_record(record)) == record


@pytest.mark.parametrize("table", ["partners", "cutthroat3"])
def test_the_bot_protocol_serves_every_seat_under_first_trick_clubs(table):
    from spades import from_record
    from spades.record import RecordError, view_from_partial_record
    from spades_cli.protocol import partial_record

    game = Game(game=3, rules=Rules(first_trick_clubs=True, table=table))
    rng = SplitMix64(3)
    led = False
    while game.phase is Phase.BID or game.phase is Phase.PLAY:
        seat = game.to_move
        record = partial_record(to_record(game), seat)
        assert view_from_partial_record(record, seat).legal == game.view(seat).legal
        assert to_record(from_record(record, known=seat))["hands"] == record["hands"]
        led = led or "leader" in record["hands"][-1]
        game.apply(choose("medium", game.view(seat), rng))
    assert led  # a seat without the opening club was served after the first lead
    full = to_record(game)
    club = "3C" if table == "cutthroat3" else "2C"
    for other in game.table.seats:
        record = partial_record(full, other)
        if "leader" in record["hands"][-1]:
            record["hands"][-1]["leader"] = other.name  # the seat whose cards are given: refused
            with pytest.raises(RecordError) as refused:
                from_record(record, known=other)
            assert refused.value.code == "record.leader"
            assert club not in record["hands"][-1]["deal"][other.name]


# deuces high (pagat.com's variation), from the top: the jokers when they play, 2♦, 2♠, A♠ … 3♠
TRUMPS_FROM_TOP = ("BJ", "LJ", "2D", "2S", *(r + "S" for r in "AKQJT9876543"))
SIDE_FROM_TOP = "AKQJT98765432"


def follows_as(card: str) -> str:
    """The suit a card follows as under deuces high: 2♦ and the jokers are spades."""
    return "S" if card in TRUMPS_FROM_TOP else card[1]


def trick_winner_by_the_book(cards: list[str]) -> int:
    trumps = [c for c in cards if c in TRUMPS_FROM_TOP]
    if trumps:
        return cards.index(min(trumps, key=TRUMPS_FROM_TOP.index))
    led = [c for c in cards if c[1] == cards[0][1]]
    return cards.index(min(led, key=lambda c: SIDE_FROM_TOP.index(c[0])))


@pytest.mark.parametrize("jokers, table", [(False, "partners"), (True, "partners"), (False, "cutthroat3"),
                                           (True, "cutthroat")])
def test_deuces_high_rank_above_the_ace_in_every_trick_and_2d_follows_as_a_spade(jokers, table):
    order = "SWE" if table == "cutthroat3" else "SWNE"
    tricks = 0
    for number, levels in enumerate((("random", "easy"), ("medium", "hard"), ("hard", "medium"))):
        record = play(Rules(deuces_high=True, jokers=jokers, table=table), 940 + number, levels)
        for hand in record["hands"]:
            dealt = [c for cards in hand["deal"].values() for c in cards]
            out = {"2H", "2C"} if jokers else set()
            assert {"2S", "2D"} <= set(dealt) and not out & set(dealt) and len(set(dealt)) == len(dealt)
            holding = {seat: set(cards) for seat, cards in hand["deal"].items()}
            plays, size = hand["plays"], len(order)
            leader = bidders(hand, order)[0]
            for start in range(0, len(plays) - size + 1, size):
                cards = plays[start:start + size]
                seats = [order[(order.index(leader) + k) % size] for k in range(size)]
                for seat, card in zip(seats[1:], cards[1:]):
                    led = follows_as(cards[0])
                    if follows_as(card) != led:  # a discard or a ruff: the seat had none of the led suit
                        assert not any(follows_as(c) == led for c in holding[seat]), (seat, card, cards)
                for seat, card in zip(seats, cards):
                    holding[seat].discard(card)
                leader = seats[trick_winner_by_the_book(cards)]
                if start + size < len(plays):
                    first_next = plays[start + size]
                    assert first_next in hand["deal"][leader], (cards, leader, first_next)
                tricks += 1
    assert tricks >= 30


def test_deuces_high_read_from_a_record_and_refused_where_the_deck_cannot_deal():
    from spades import from_record

    game = Game(game=4, rules=Rules(deuces_high=True))
    south = [str(c) for c in game.view(Seat.S).hand]
    record = to_record(game)
    assert from_record(json.loads(json.dumps(record))).view(Seat.S).hand == game.view(Seat.S).hand
    assert sorted(record["hands"][0]["deal"]["S"]) == sorted(south)
    with pytest.raises(RulesError) as refused:
        Rules.from_json({"deuces_high": True, "jokers": True, "table": "cutthroat3"})
    assert refused.value.key == "deuces_high"
    assert Rules.fitted(deuces_high=True, jokers=True, table="cutthroat3").deuces_high is False
    high = Rules(deuces_high=True)
    two = high.card(Card.parse("2D"))
    assert two.suit == 0 and two.printed == Card.parse("2D") and str(two) == "2D" and two.display == "2♦"
    assert high.card(Card.parse("2H")) == Card.parse("2H") and Rules().card(Card.parse("2D")) == Card.parse("2D")


def test_the_count_of_a_hand_puts_the_deuces_high_over_the_ace():
    from spades.bots.estimate import estimate

    rules = Rules(deuces_high=True)

    def dealt(text: str) -> list[Card]:
        return [rules.card(Card.parse(c)) for c in text.split(" ")]

    hand = dealt("2D 2S 4H 6H 8H TH 3D 5D 7D 3C 5C 7C 9C")
    held = sum(1 << c for c in hand)
    assert sorted(estimate(held, rules.over_ace).sure) == sorted(hand[:2])  # the two top trumps
    ace = sum(1 << c for c in dealt("AS 4H 6H 8H TH 3D 5D 7D 9D 3C 5C 7C 9C"))
    assert estimate(ace, rules.over_ace).sure == [] and estimate(ace).sure == [Card.parse("AS")]
