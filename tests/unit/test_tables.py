"""The other tables (``seating``): two players with the draw, and each for themselves at four and
at three. A game of each is played by the command line and checked here by rules written out
afresh, not by the engine's: who plays after whom, the draw's turns, following suit, spades
broken, every trick's winner, the hand sizes and the score of every side."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import ROOT
from spades import DEAL, Game, Phase, RecordError, Rules, Seat, from_record, to_record
from spades.bots import decision_rng, make_player
from spades.rules import RulesError, blind_allowed
from spades.seating import TABLES

ORDER = "SWNE"  # clockwise
SEATS_AT = {"two": "SN", "cutthroat": "SWNE", "cutthroat3": "SWE"}
SIZE = {"two": 13, "cutthroat": 13, "cutthroat3": 17}
RANKS = "23456789TJQKA"


def power(card: str, led: str) -> int:
    """How strongly ``card`` holds a trick whose led suit is ``led``: a spade above any other
    suit, the led suit above a discard (which never wins)."""
    rank = RANKS.index(card[0])
    if card[1] == "S":
        return 200 + rank
    return 100 + rank if card[1] == led else -1


def after(seat: str, seats: str) -> str:
    for k in range(1, 5):
        nxt = ORDER[(ORDER.index(seat) + k) % 4]
        if nxt in seats:
            return nxt
    raise AssertionError(seat)


def check(record: dict, table: str) -> list[dict]:
    """Replays ``record`` by the rules written out here; returns each hand's score by side."""
    seats = SEATS_AT[table]
    size = SIZE[table]
    totals = dict.fromkeys(seats, 0)
    banks = dict.fromkeys(seats, 0)
    sheet = []
    for hand in record["hands"]:
        first = after(hand["dealer"], seats)
        if table == "two":  # the draw: turn about from the dealer's left, two cards a turn
            stock = hand["stock"]
            assert len(stock) == 52 == len(set(stock)) and len(hand["draw"]) == 26
            held = {s: set() for s in seats}
            seat = first
            for turn, choice in enumerate(hand["draw"]):
                top, nxt = stock[2 * turn], stock[2 * turn + 1]
                held[seat].add(top if choice == "keep" else nxt)
                assert choice in ("keep", "discard")
                seat = after(seat, seats)
        else:
            held = {s: set(cards) for s, cards in hand["deal"].items()}
            assert set(held) == set(seats)
            dealt = set().union(*held.values())
            assert len(dealt) == len(seats) * size
            assert ("2C" in dealt) == (table != "cutthroat3")
        assert all(len(cards) == size for cards in held.values())
        bids: dict[str, int] = {}
        seat = first
        for bid in hand["bids"]:
            assert type(bid) is int and 0 <= bid <= size
            bids[seat] = bid
            seat = after(seat, seats)
        assert len(bids) == len(seats)
        taken = dict.fromkeys(seats, 0)
        broken = False
        leader = first
        plays = hand["plays"]
        assert len(plays) == len(seats) * size
        for k in range(size):
            trick = plays[k * len(seats):(k + 1) * len(seats)]
            seat = leader
            led = trick[0][1]
            best, winner = -2, None
            for n, card in enumerate(trick):
                mine = held[seat]
                assert card in mine, (seat, card)
                if n == 0 and card[1] == "S" and not broken:
                    assert all(c[1] == "S" for c in mine), "a spade led before spades were broken"
                if n and card[1] != led:
                    assert not any(c[1] == led for c in mine), "did not follow suit"
                broken = broken or card[1] == "S"
                mine.discard(card)
                if power(card, led) > best:
                    best, winner = power(card, led), seat
                seat = after(seat, seats)
            taken[winner] += 1
            leader = winner
        rows = {}
        for s in seats:
            bid, got = bids[s], taken[s]
            if bid == 0:
                contract, bags, nil = 0, got, (100 if got == 0 else -100)
            else:
                contract = 10 * bid if got >= bid else -10 * bid
                bags, nil = max(0, got - bid), 0
            banks[s] += bags
            penalty = -100 * (banks[s] // 10)
            banks[s] %= 10
            totals[s] += contract + bags + nil + penalty
            rows[s] = {"contract": contract, "bags": bags, "nil": nil, "bag_penalty": penalty,
                       "hand": contract + bags + nil + penalty, "total": totals[s], "bank": banks[s]}
        sheet.append(rows)
    return sheet


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "spades", *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.mark.parametrize("table", ["two", "cutthroat", "cutthroat3"])
def test_a_game_at_each_table_is_legal_and_scored_by_the_rules(table):
    played = run("play", "--game", "7", "--ns", "hard", "--ew", "medium", "--rules", json.dumps({"table": table}))
    assert played.returncode == 0, played.stderr
    record = json.loads(played.stdout)
    assert record["rules"]["table"] == table
    sheet = check(record, table)
    replayed = run("replay", "-", stdin=played.stdout)
    assert replayed.returncode == 0, replayed.stderr
    summary = json.loads(replayed.stdout)
    assert [hand["score"] for hand in summary["hands"]] == sheet
    assert all(set(hand["taken"]) == set(SEATS_AT[table]) for hand in summary["hands"])
    last = sheet[-1]
    top = max(row["total"] for row in last.values())
    leaders = [s for s, row in last.items() if row["total"] == top]
    assert summary["game"] == {"over": True, "winner": leaders[0] if len(leaders) == 1 else "draw"}
    assert top >= 250 or min(row["total"] for row in last.values()) < -200 or len(sheet) == 30


def test_the_partnership_record_does_not_name_the_table():
    assert "table" not in to_record(Game(3))["rules"]
    assert Rules.from_json({"table": "partners"}) == Rules()


@pytest.mark.parametrize("rules, key", [
    ('{"table": "five"}', "table"),
    ('{"table": 2}', "table"),
    ('{"table": "cutthroat", "min_team_bid": 4}', "min_team_bid"),
    ('{"table": "two", "nil_tricks_count": true}', "nil_tricks_count"),
])
def test_a_bad_table_is_refused_naming_the_key(rules, key):
    out = run("play", "--game", "1", "--rules", rules)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: --rules: ") and key in out.stderr, out.stderr
    if "min_team_bid" in rules or "nil_tricks" in rules:
        assert "table" in out.stderr and "no partners" in out.stderr


def test_the_draw_shows_each_seat_only_its_own_cards():
    game = Game(11, Rules(table="two"))
    assert game.phase is Phase.DRAW and game.to_move == Seat.S
    seen = {Seat.S: set(), Seat.N: set()}
    while game.phase is Phase.DRAW:
        seat = game.to_move
        view, other = game.view(seat), game.view(Seat.N if seat == Seat.S else Seat.S)
        assert view.offered is not None and other.offered is None
        assert view.legal == ("keep", "discard") and other.legal == ()
        top = view.offered
        game.apply("keep" if len(seen[seat]) % 2 else "discard")
        seen[seat] |= {top}
        assert not game.view(seat).discarded & game.view(seat).held
    for seat in (Seat.S, Seat.N):
        view = game.view(seat)
        assert view.held.bit_count() == 13 and view.discarded.bit_count() == 13
        assert view.unseen_mask.bit_count() == 26  # the other's 13 and its 13 discards
    assert game.phase is Phase.BID and game.to_move == Seat.S


def test_a_damaged_draw_is_named_with_its_hand_turn_and_seat():
    record = to_record(played(Game(5, Rules(table="two"))))
    record["hands"][0]["draw"][6] = "take"
    with pytest.raises(RecordError) as caught:
        from_record(record)
    assert caught.value.code == "record.draw"
    assert str(caught.value) == "hand 1, draw 7 (S, take): a turn of the draw is keep or discard"
    record = to_record(played(Game(5, Rules(table="two"))))
    record["hands"][0]["stock"] = record["hands"][0]["stock"][:51]
    with pytest.raises(RecordError, match="hand 1: the draw's stock must list all 52 cards"):
        from_record(record)


def test_a_record_of_one_table_is_not_read_as_another():
    record = to_record(played(Game(5, Rules(table="cutthroat3"))))
    record["rules"]["table"] = "cutthroat"
    with pytest.raises(RecordError, match="deal must give the cards of S, W, N, E"):
        from_record(record)


def played(game: Game) -> Game:
    """``game`` with its first hand played by the medium level at every seat."""
    bot = make_player("medium")
    while game.phase is not Phase.HAND_OVER and not game.over:
        view = game.view(game.to_move)
        game.apply(bot.act(view, decision_rng(5, view)))
    return game


def test_three_play_seventeen_tricks_without_the_two_of_clubs():
    game = played(Game(9, Rules(table="cutthroat3")))
    hand = game.hands[0]
    assert len(hand.tricks) == 17 and all(len(t.cards) == 3 for t in hand.tricks)
    assert game.legal_bids(Seat.S)[-1] == 17 and game.table.first_dealer == Seat.E
    assert [int(s) for s in hand.tricks[0].seats] in ([0, 1, 3], [1, 3, 0], [3, 0, 1])
    game.apply(DEAL)
    assert game.hand.dealer == Seat.S and game.to_move == Seat.W


def test_blind_nil_alone_is_for_a_player_trailing_the_leader_by_100():
    rules = Rules(table="cutthroat", blind_nil=True)
    assert blind_allowed(rules, [0, 100, 50, 20], Seat.S)
    assert not blind_allowed(rules, [0, 99, 50, 20], Seat.S)
    assert not blind_allowed(rules, [120, 100, 50, 20], Seat.S)  # the leader itself


def test_every_table_is_declared_once_with_its_facts():
    two, cut, three = TABLES["two"], TABLES["cutthroat"], TABLES["cutthroat3"]
    assert two.draw and not cut.draw and three.aside.bit_count() == 1
    assert [t.players for t in (two, cut, three)] == [2, 4, 3]
    assert all(t.solo for t in (two, cut, three)) and not TABLES["partners"].solo
    assert TABLES["partners"].side_names == ("NS", "EW") and three.side_names == ("S", "W", "E")
    with pytest.raises(RulesError):
        Rules(table="cutthroat", min_team_bid=4)


@pytest.mark.parametrize("table", ["two", "cutthroat", "cutthroat3"])
def test_the_arena_seats_a_in_every_seat_and_nothing_is_refused(table):
    out = run("arena", "--ns", "hard", "--ew", "easy", "--deals", "3", "--seed", "2", "--json",
              "--rules", json.dumps({"table": table}))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["seatings"] == len(SEATS_AT[table])
    assert result["teams"]["ns"]["hands"] == 3 * len(SEATS_AT[table])
    assert result["teams"]["ew"]["hands"] == 3 * len(SEATS_AT[table]) * (len(SEATS_AT[table]) - 1)
    assert result["teams"]["ns"]["refused"] == result["teams"]["ew"]["refused"] == 0


def test_the_bot_protocol_at_two_shows_a_seat_only_what_it_saw_in_the_draw():
    """At every position of a two-player game, the seat to move's partial record (``seen`` in
    place of the stock) rebuilds exactly that seat's view, and holds no card it did not see."""
    from spades.record import view_from_partial_record
    from spades_cli.protocol import partial_record, request_for

    game = Game(21, Rules(table="two"))
    bot = make_player("medium")
    checked = 0
    while not game.over and len(game.hands) < 3:
        if game.phase is Phase.HAND_OVER:
            game.apply(DEAL)
            continue
        seat = game.to_move
        view = game.view(seat)
        request = request_for(game)
        partial = request["record"]
        hand = partial["hands"][-1]
        assert "stock" not in hand and "deal" not in hand and tuple(hand["draw"]) == view.draws
        seen = set(hand["seen"])
        mine = game.hand.deal[seat] if game.phase is not Phase.DRAW else game.hand.held[seat]
        assert seen <= {str(c) for c in game.hand.stock}
        assert {str(c) for c in (*view.hand, *([view.offered] if view.offered is not None else []))} <= seen | {
            str(c) for c in view.trick.cards} | {str(c) for t in view.tricks for c in t.cards}
        assert view_from_partial_record(partial, seat) == view, (len(game.hands), view.action_count)
        assert partial_record(to_record(game), seat) == partial and mine == view.held | view.played_mask & mine
        game.apply(bot.act(view, decision_rng(21, view)))
        checked += 1
    assert checked > 100


def test_a_partial_draw_refuses_a_card_its_seat_saw_discarded():
    """North cannot play a card South saw go to the discards: South's partial record says so."""
    from spades.cards import CARDS
    from spades_cli.protocol import partial_record

    game = played(Game(5, Rules(table="two")))
    record = partial_record(to_record(game), Seat.S)
    north_first = 0 if game.hands[0].tricks[0].leader == Seat.N else 1  # North's first card
    thrown = next(c for c in range(52) if game.hands[0].discards[Seat.S] >> c & 1)
    record["hands"][0]["plays"][north_first] = str(CARDS[thrown])
    with pytest.raises(RecordError) as caught:
        from_record(record, known=Seat.S)
    assert caught.value.code == "discarded"
    assert f"(N, {CARDS[thrown]})" in str(caught.value) and "S discarded this card in the draw" in str(caught.value)
