"""The computer players' simulator, ``bots.sim.Sim``, restates the play of a hand on bitmasks for
speed: whose turn it is, which cards are legal, spades broken, a trick's end and its winner, the
next leader, the tricks taken and the suits each seat has shown void in. Here it is pinned to the
engine (``Game.apply``) card by card over thousands of random plays, so that the two can never
drift apart unseen (OpenSpiel's spades shipped a spades-broken flag that was never set)."""

from __future__ import annotations

from spades import SEATS, Game, Phase, Rules, SplitMix64
from spades.bots.knowledge import to_sim, voids
from spades.cards import SUIT_OF, TRUMP
from spades.rules import OPTION, play_mask
from spades.seating import TABLES

HANDS = 400  # random hands, 52 cards each: 20,800 plays compared
# the rules the hands are played under, in turn: the default, each option away from its default,
# the jokers' deck among them, and all the house rules at once
VARIANTS = (Rules(), Rules(blind_nil=True), Rules(jokers=True), Rules(min_team_bid=4), Rules(thirteen_bonus=200),
            Rules(nil_tricks_count=True), Rules(bag_limit=5), Rules(bag_penalty=False), Rules(target=500),
            Rules(nil_bonus=50), Rules(spades_anytime=True),
            Rules(blind_nil=True, jokers=True, min_team_bid=4, thirteen_bonus=500, nil_tricks_count=True, bag_limit=5,
                  nil_bonus=200, spades_anytime=True),
            Rules(table="two"), Rules(table="cutthroat"), Rules(table="cutthroat3", jokers=True),
            Rules(ten_for_200=True), Rules(set_penalty="bid_and_short"), Rules(bidding="mirror"),
            Rules(bidding="whiz", blind_nil=True), Rules(bidding="suicide", blind_nil=True),
            Rules(first_trick_clubs=True), Rules(first_trick_clubs=True, table="cutthroat3"), Rules(blind_bids=True),
            Rules(deuces_high=True), Rules(deuces_high=True, jokers=True), Rules(deuces_high=True, table="cutthroat3"))


def random_until_play(game: Game, rng: SplitMix64) -> None:
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])


def same(sim, game: Game) -> None:
    """The simulator's state is the engine's (every seat's view of the hand in play)."""
    views = [game.view(seat) for seat in SEATS]
    public = views[0]
    assert [v.held for v in views] == sim.held
    assert list(public.taken) == sim.taken
    assert public.spades_broken == sim.broken
    assert len(public.tricks) == sim.done
    assert int(public.trick.leader) == sim.leader
    assert [int(c) for c in public.trick.cards] == sim.trick
    assert public.played_mask | public.rules.absent == sim.played  # and the two cards never dealt
    assert voids(public) == sim.voids
    assert int(public.to_move) == sim.to_move


def test_every_option_is_played_by_the_simulator_test():
    assert {name for rules in VARIANTS for name in rules.changed()} | {"target"} == set(OPTION)
    assert {rules.table for rules in VARIANTS} == set(TABLES)
    assert any(rules.target != Rules().target for rules in VARIANTS)


def test_the_simulator_plays_a_hand_as_the_engine_does():
    plays = spade_leads = broken_by_discard = jokers = expected = 0
    for number in range(1, HANDS + 1):
        game = Game(game=number, rules=VARIANTS[number % len(VARIANTS)])
        table = game.table
        expected += table.players * table.hand_size
        rng = SplitMix64(number * 7 + 3)
        random_until_play(game, rng)
        hand_index = game.view(SEATS[0]).hand_index
        sim = to_sim(game.view(SEATS[0]), others=[game.view(seat).held for seat in SEATS])
        same(sim, game)
        while game.phase is Phase.PLAY and game.view(SEATS[0]).hand_index == hand_index:
            seat = int(game.to_move)
            led = SUIT_OF[sim.trick[0]] if sim.trick else -1
            legal = game.legal_actions()
            # the simulator's legal cards are the engine's
            assert play_mask(sim.held[seat], led, sim.broken, sim.opening) == sum(1 << int(card) for card in legal)
            card = legal[rng.below(len(legal))]
            spade = SUIT_OF[card] == TRUMP  # a joker too
            if not sim.trick and spade:
                spade_leads += 1
            if sim.trick and spade and led != TRUMP and not sim.broken:
                broken_by_discard += 1
            jokers += card.is_joker
            last = sim.done == table.hand_size - 1 and len(sim.trick) == table.players - 1
            taken_before = sim.taken[:]
            game.apply(card)
            sim.play(int(card))
            plays += 1
            if last:  # the hand is over: the engine has moved on; the last trick's winner took it
                assert sum(sim.taken) == table.hand_size and sim.done == table.hand_size
                winner = [s for s in range(4) if sim.taken[s] != taken_before[s]]
                assert len(winner) == 1 and winner[0] == sim.leader
                assert list(game.hands[hand_index].taken) == sim.taken
                break
            same(sim, game)
    assert plays == expected
    assert spade_leads > 100 and broken_by_discard > 100  # both ways of breaking spades were met
    assert jokers > 50  # the jokers were played, as spades above A♠
