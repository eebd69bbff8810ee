"""The exact endgame (``spades_cli.endgame``): the solver against brute force, and the tools-only
level that uses it."""

from __future__ import annotations

import random

import pytest

from spades.bots import LEVELS, decision_rng, make_player
from spades.bots.hard import HardBot
from spades.bots.knowledge import to_sim
from spades.bots.sim import Sim, hand_value
from spades.cards import CARD_SLOTS, SEATS, SUIT_OF, Card, mask_of
from spades.rules import TRICKS_PER_HAND, Phase, Rules, nil_stake, play_mask
from spades.state import Game
from spades_cli.arena import player_for
from spades_cli.endgame import ENDGAME, ENDGAME_CARDS, EndgameBot, distinct_plays, solve
from spades_cli.play import bot_action


def brute(sim: Sim, team: int) -> int:
    """Minimax over every legal card, no pruning, no table, no runs: the solver's reference."""
    if sim.done == TRICKS_PER_HAND:
        return hand_value(sim, team)
    seat = sim.to_move
    led = SUIT_OF[sim.trick[0]] if sim.trick else -1
    values = []
    legal = play_mask(sim.held[seat], led, sim.broken)
    for c in range(CARD_SLOTS):
        if legal >> c & 1:
            branch = sim.copy()
            branch.play(c)
            values.append(brute(branch, team))
    return max(values) if (seat & 1) == team else min(values)


def endings(per_hand: int, count: int, rules: Rules, seed: int) -> list[tuple[Sim, list[int]]]:
    """``count`` positions with at most ``per_hand`` cards in each hand (some mid-trick), from
    games the medium level plays, with every hand known and bids (some Nil) drawn at random."""
    rnd = random.Random(seed)
    medium = make_player("medium")
    out = []
    number = 0
    while len(out) < count:
        number += 1
        game = Game(game=number, rules=rules)
        stop = 52 - 4 * per_hand + rnd.randrange(4)
        while game.phase in (Phase.BID, Phase.PLAY):
            if game.phase is Phase.PLAY:
                view = game.view(game.to_move)
                if 52 - sum(h.bit_count() for h in game.hand.held) >= stop:
                    sim = to_sim(view, others=list(game.hand.held))
                    bids = [rnd.choice([0, 1, 2, 3, 4, 5]) for _ in range(4)]
                    sim.bids, sim.nil = bids, [nil_stake(b) for b in bids]
                    legal = [int(c) for c in view.legal]  # in play: cards
                    out.append((sim, legal))
                    break
            game.apply(bot_action(game, medium, None))
    return out


@pytest.mark.parametrize("rules", [Rules(), Rules(jokers=True, nil_tricks_count=True)], ids=["default", "house"])
@pytest.mark.parametrize("per_hand", [1, 2, 3, 4])
def test_the_solver_agrees_with_brute_force_on_small_endings(per_hand, rules):
    positions = endings(per_hand, 6 if per_hand < 4 else 3, rules, seed=per_hand)
    for sim, legal in positions:
        for team in (0, 1):
            before = (sim.held[:], sim.taken[:], sim.trick[:], sim.leader, sim.played)
            values = solve(sim, team, legal)
            assert (sim.held, sim.taken, sim.trick, sim.leader, sim.played) == before  # left as it was
            for card in legal:
                branch = sim.copy()
                branch.play(card)
                assert values[card] == brute(branch, team), (per_hand, team, Card(card).display)


def test_cards_play_alike_only_with_nothing_between_them_still_in_play():
    hearts = mask_of((Card.parse("7H"), Card.parse("9H"), Card.parse("JH")))
    eight, ten = 1 << int(Card.parse("8H")), 1 << int(Card.parse("TH"))
    assert len(distinct_plays(hearts, -1, False, hearts)) == 1  # 8♥ and 10♥ gone: one run
    assert len(distinct_plays(hearts, -1, False, hearts | eight)) == 2  # 8♥ on the table or in a hand
    assert len(distinct_plays(hearts, -1, False, hearts | eight | ten)) == 3


def test_the_endgame_level_is_a_tool_that_searches_as_hard_until_the_last_tricks():
    assert ENDGAME not in LEVELS
    bot = player_for(ENDGAME)
    assert isinstance(bot, EndgameBot) and isinstance(bot, HardBot)
    game = Game(game=21, rules=Rules())
    hard = make_player("hard")
    while game.phase in (Phase.BID, Phase.PLAY):
        view = game.view(game.to_move)
        mine = bot.act(view, decision_rng(21, view))
        left = sum(h.bit_count() for h in game.hand.held)
        if left > ENDGAME_CARDS:  # the same search, the same card
            assert mine == hard.act(view, decision_rng(21, view))
        assert mine in view.legal
        game.apply(mine)
    assert sum(game.view(SEATS[0]).taken) == TRICKS_PER_HAND
