"""Reading hands from the other seats' bids and plays (``spades.bots.inference``), and the
sampler it draws from (``knowledge.Sampler``)."""

from __future__ import annotations

from dataclasses import replace

from spades import Game, Phase, Seat, SplitMix64
from spades.bots import decision_rng, make_player
from spades.bots.bidding import STYLE, bid_for
from spades.bots.easy import easy_play
from spades.bots.estimate import estimate
from spades.bots.inference import (
    Evidence,
    bid_misses,
    likely_hands,
    misses,
    plays_of,
    read,
    seat_rules,
)
from spades.bots.knowledge import Sampler, remaining_counts, to_sim, voids
from spades.bots.sim import honours_policy, policy
from spades.cards import CARD_SLOTS, NUM_SEATS, SUIT_OF, Card


def true_unseen(game: Game, seat: Seat) -> list[int]:
    """The real hands, shaped as a sampled deal for ``seat`` (its own hand in its entry)."""
    return [game.view(Seat(s)).held for s in range(NUM_SEATS)]


def medium_positions(number: int, level: str = "medium"):
    """South's views through a hand played by four players of ``level``, with the true deal."""
    game = Game(game=number)
    bot = make_player(level)
    while game.phase in (Phase.BID, Phase.PLAY):
        seat = game.to_move
        view = game.view(seat)
        if seat == Seat.S and view.phase is Phase.PLAY:
            yield view, true_unseen(game, seat)
        game.apply(bot.act(view, decision_rng(number, view)))


def test_the_true_deal_explains_every_bid_and_play_of_medium_seats():
    checked = 0
    for number in range(6):
        for view, hands in medium_positions(number):
            assert misses(Evidence(view, STYLE), hands) == 0, (number, plays_of(view))
            checked += 1
    assert checked == 6 * 13


def test_the_true_deal_explains_the_beginners_bids_and_plays_too():
    for number in range(4):
        for view, hands in medium_positions(number, "easy"):
            assert misses(Evidence(view, STYLE), hands) == 0, number


def test_the_partners_bid_search_is_allowed_for():
    # North (the hard level) "bid Nil" on a hand the count makes a number: explained while the
    # hand is safe enough for the bid search to try a Nil; an opponent's is not
    none = (None,) * NUM_SEATS
    north, west = int(Seat.N), int(Seat.W)
    for number in range(200):
        view, hands = next(medium_positions(number))
        ev = Evidence(view, STYLE)
        full = ev.full(hands)
        est = estimate(full[north])
        if bid_for(north, none, est, STYLE)[0] and est.danger < STYLE.nil_search_danger:
            break
    else:
        raise AssertionError("no safe North hand with a count in 200 deals")
    strict = Evidence(view, replace(STYLE, nil_search_danger=0.0))
    for e in (ev, strict):
        e.bidders = [(north, 0, none)]
    assert bid_misses(ev, full) == 0 and bid_misses(strict, full) == 2
    full[west] = full[north]  # the same cards at an opponent's seat
    ev.bidders = [(west, 0, none)]
    assert bid_misses(ev, full) == 2


def test_sampled_deals_mostly_do_not_explain_them():
    rng = SplitMix64(5)
    total = 0
    for number in range(3):
        for view, _ in medium_positions(number):
            total += misses(Evidence(view, STYLE), Sampler(view).draw(rng))
    assert total > 3 * 13  # more than one unexplained bid or card per position, on average


def test_a_play_the_deal_cannot_explain_is_counted():
    view, hands = next(v for v in medium_positions(2) if len(plays_of(v[0])) >= 8)
    ev = Evidence(view, STYLE)
    # swap two cards of one suit that West and East still hold: in some swap, a card one of
    # them played earlier is no longer the card the policy would have played
    base = misses(ev, hands)
    assert base == 0
    found = False
    w, e = int(Seat.W), int(Seat.E)
    for a in range(52):
        for b in range(52):
            if hands[w] >> a & 1 and hands[e] >> b & 1 and a // 13 == b // 13:
                swapped = hands[:]
                swapped[w] ^= (1 << a) | (1 << b)
                swapped[e] ^= (1 << a) | (1 << b)
                if misses(ev, swapped) > 0:
                    found = True
                    break
        if found:
            break
    assert found


def test_more_tries_give_deals_that_explain_more():
    one = four = 0
    for number in range(3):
        for view, _ in medium_positions(number):
            ev = Evidence(view, STYLE)
            sampler = Sampler(view)
            rng1, rng4 = SplitMix64(number), SplitMix64(number)
            one += likely_hands(ev, sampler, rng1, 1).reading.misses
            four += likely_hands(ev, sampler, rng4, 4).reading.misses
    assert four < one * 0.7


def test_one_try_is_one_plain_draw():
    view, _ = next(medium_positions(4))
    ev = Evidence(view, STYLE)
    sampler = Sampler(view, vd=voids(view), counts=remaining_counts(view))
    a, b = SplitMix64(9), SplitMix64(9)
    assert [likely_hands(ev, sampler, a, 1).hands for _ in range(5)] == [Sampler(view).draw(b) for _ in range(5)]


def test_draws_respect_counts_voids_and_the_seat_own_hand():
    for number in range(2):
        for view, _ in medium_positions(number):
            counts, vd = remaining_counts(view), voids(view)
            sampler = Sampler(view, vd=vd, counts=counts)
            rng = SplitMix64(number)
            for k in range(6):
                # the weighted draws, and every sixth the certain placement they fall back on
                # after ``DRAW_TRIES`` dead ends: it too keeps every shown void
                hands = sampler.matched(rng) if k == 5 else sampler.draw(rng)
                assert hands[int(view.seat)] == view.held
                union = 0
                for s in range(NUM_SEATS):
                    assert bin(hands[s]).count("1") == counts[s]
                    assert not union & hands[s]
                    union |= hands[s]
                    if s != int(view.seat):
                        for suit in range(4):
                            if vd[s] >> suit & 1:
                                assert not hands[s] >> (13 * suit) & 0x1FFF
                assert union & ~view.held == view.unseen_mask


def leans(level: str, numbers):
    """(plays so far, West's lean, East's lean) at South's turns, read with the true deal."""
    for number in numbers:
        for view, hands in medium_positions(number, level):
            ev = Evidence(view, STYLE)
            lean = read(ev, hands).lean
            assert lean[int(Seat.S)] == lean[int(Seat.N)] == 0  # the own team is never read
            yield len(ev.plays), lean[int(Seat.W)], lean[int(Seat.E)]


def test_beginners_are_read_as_beginners_and_the_medium_level_is_not():
    for plays, west, east in leans("medium", range(4)):
        assert west <= 0 and east <= 0, plays
    late = [(west, east) for plays, west, east in leans("easy", range(4)) if plays >= 32]
    assert late and all(west > 0 and east > 0 for west, east in late)


def test_the_seat_rules_follow_the_lean():
    view, hands = next(v for v in medium_positions(1, "easy") if len(plays_of(v[0])) >= 32)
    ev = Evidence(view, STYLE)
    assert seat_rules(ev, read(ev, hands)) == (policy, easy_play, policy, easy_play)  # S W N E
    view, hands = next(v for v in medium_positions(1) if len(plays_of(v[0])) >= 32)
    assert seat_rules(Evidence(view, STYLE), read(Evidence(view, STYLE), hands)) == (policy,) * NUM_SEATS
    # the level's own team plays the rule it is given (the hard level's: ``HardBot.team_reach``)
    assert seat_rules(Evidence(view, STYLE), read(Evidence(view, STYLE), hands), easy_play) == (easy_play, policy) * 2


def test_the_two_opponents_are_read_together():
    # One opponent's beginner's plays make both play the beginner's rule, even when the other's
    # cards so far fit the policy as well or better: one level sits on both seats.
    mixed = positions = 0
    for number in range(4):
        for view, hands in medium_positions(number, "easy"):
            ev = Evidence(view, STYLE)
            lean = read(ev, hands).lean
            west, east = lean[int(Seat.W)], lean[int(Seat.E)]
            rules = seat_rules(ev, read(ev, hands))
            assert rules[int(Seat.W)] is rules[int(Seat.E)]
            assert rules[int(Seat.W)] is (easy_play if west + east > 0 else policy)
            mixed += (west > 0) != (east > 0) and west + east > 0
            positions += 1
    assert mixed and positions > mixed  # mixed: the case that reading the seats apart would split


def test_the_playout_rules_are_the_levels_own():
    # easy_play is the beginner's card and honours_policy the medium level's, on the real table
    easy, medium = make_player("easy"), make_player("medium")
    for number in range(3):
        game = Game(game=number)
        while game.phase in (Phase.BID, Phase.PLAY):
            view = game.view(game.to_move)
            rng = decision_rng(number, view)
            if view.phase is Phase.PLAY:
                sim = to_sim(view, memory="all")
                assert Card(easy_play(sim, int(view.seat))) == easy.act(view, rng)
                assert Card(honours_policy(sim, int(view.seat))) == medium.act(view, rng)
                assert sim.played == view.played_mask | view.rules.absent and sim.voids == voids(view)  # as found
            game.apply((easy if number % 2 else medium).act(view, rng))


def test_a_playout_with_the_default_rules_is_the_policy_at_every_seat():
    view, hands = next(medium_positions(3))
    finished = []
    for rules in (None, (policy,) * NUM_SEATS, (policy, easy_play, policy, easy_play)):
        sim = to_sim(view, memory="all", others=hands)
        for _ in sim.playout_steps(rules):
            pass
        finished.append((sim.taken, sim.played))
    assert finished[0] == finished[1] != finished[2]


def test_a_draw_that_keeps_running_into_dead_ends_still_keeps_the_voids(monkeypatch):
    from spades.bots import knowledge

    monkeypatch.setattr(knowledge, "DRAW_TRIES", 0)  # every draw goes to the certain placement
    placed = 0
    for view, _ in (position for number in range(3) for position in medium_positions(number)):
        vd = voids(view)
        hands = Sampler(view).draw(SplitMix64(placed))
        for s in range(NUM_SEATS):
            if s != int(view.seat):
                assert not any(vd[s] >> SUIT_OF[c] & 1 for c in range(CARD_SLOTS) if hands[s] >> c & 1)
        placed += 1
    assert placed > 30


def test_a_deal_is_read_once_for_its_misses_and_the_opponents_leans(monkeypatch):
    # the search reads each deal drawn once: every bid counted and every card replayed a single
    # time, the misses and the leans together (``read``), never a second replay for the leans
    from spades.bots import inference

    view, hands = next(v for v in medium_positions(1, "easy") if len(plays_of(v[0])) >= 32)
    ev = Evidence(view, STYLE, press=1)
    starts, counts = [], []
    real_start, real_bid_for = inference.replay_start, inference.bid_for
    monkeypatch.setattr(inference, "replay_start", lambda *a: starts.append(1) or real_start(*a))
    monkeypatch.setattr(inference, "bid_for", lambda *a: counts.append(1) or real_bid_for(*a))
    deal = likely_hands(ev, Sampler(view), SplitMix64(5), 4)
    drawn = len(starts)
    assert drawn and len(counts) == drawn * len(ev.bidders)
    seat_rules(ev, deal.reading)
    assert len(starts) == drawn  # the seat rules replay nothing
    assert deal.reading == read(ev, deal.hands)
