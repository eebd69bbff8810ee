"""The game's history: ``Game.actions()`` and ``Game.rewound(n)`` (undo and the hand review stand
on them), and the view's derived properties, on seeded random games."""

from __future__ import annotations

import copy

import pytest

from spades import DEAL, SEATS, Game, Phase, Rules, Seat, SplitMix64, cards_of, from_record, to_record
from spades.bots import make_player
from spades.deal import deal_masks
from spades.record import summary
from spades.rules import blind_allowed
from spades_cli.play import bot_action

RULES = [Rules(), Rules(target=500, bag_penalty=False), Rules(blind_nil=True)]


def random_game(number: int, snapshots: list | None = None, limit: int = 10_000) -> Game:
    """Game ``number`` played with random legal actions (``DEAL`` between hands); with
    ``snapshots``, the record after each action is appended (index k: after k actions)."""
    game = Game(game=number, rules=RULES[number % 3])
    rng = SplitMix64(number * 13 + 5)
    if snapshots is not None:
        snapshots.append(to_record(game))
    while not game.over and limit:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        limit -= 1
        if snapshots is not None:
            snapshots.append(to_record(game))
    return game


def state(game: Game) -> tuple:
    """What a game shows: its record, phase, seat to move, legal actions, every seat's view."""
    views = tuple(game.view(s) for s in SEATS) if game.hand.known is None else (game.view(game.hand.known),)
    return (to_record(game), game.phase, game.to_move, game.legal_actions(), game.totals, game.banks,
            game.outcome, views)


def test_actions_are_the_bids_and_plays_with_a_deal_between_hands():
    game = random_game(3)
    actions = game.actions()
    expected = []
    for i, hand in enumerate(game.hands):
        if i:
            expected.append(DEAL)
        expected += list(hand.bid_log) + [c for t in hand.tricks for c in t.cards] + list(hand.trick)
    assert actions == expected and len(game.hands) >= 2
    assert actions.count(DEAL) == len(game.hands) - 1
    assert Game(game=3).actions() == []


def test_rewound_to_the_end_is_the_same_game():
    for number in range(60):
        game = random_game(number)
        again = game.rewound(len(game.actions()))
        assert to_record(again) == to_record(game)
        assert summary(again) == summary(game) and state(again) == state(game)


def test_rewound_k_is_the_game_after_k_actions():
    for number in range(12):
        snapshots: list = []
        game = random_game(number, snapshots)
        n = len(game.actions())
        assert len(snapshots) == n + 1
        rng = SplitMix64(number)
        deals = [i for i, a in enumerate(game.actions()) if a == DEAL]
        positions = {0, 1, n - 1, n} | {k for d in deals for k in (d, d + 1)}
        positions |= {rng.below(n + 1) for _ in range(15)}
        for k in sorted(positions):
            back = game.rewound(k)
            assert to_record(back) == snapshots[k], (number, k)
            assert back.actions() == game.actions()[:k]
    # and every position of one whole game, against the game replayed from its record
    snapshots = []
    game = random_game(2, snapshots)
    for k in range(len(game.actions()) + 1):
        assert state(game.rewound(k)) == state(from_record(snapshots[k])), k


def test_rewound_through_a_long_game_of_easy_players():
    # random bids end games in a hand or two; easy players play many hands
    players = {s: make_player("easy") for s in SEATS}
    game, snapshots = Game(game=31), []
    while not game.over:
        snapshots.append(to_record(game))
        game.apply(DEAL if game.phase is Phase.HAND_OVER else bot_action(game, players[game.to_move]))
    snapshots.append(to_record(game))
    actions = game.actions()
    assert len(game.hands) >= 5 and len(snapshots) == len(actions) + 1
    assert to_record(game.rewound(len(actions))) == to_record(game)
    for k in range(0, len(actions) + 1, 7):
        assert to_record(game.rewound(k)) == snapshots[k], k


def test_rewound_leaves_the_game_as_it_was_and_goes_on_like_it():
    game = random_game(8, limit=70)
    before = state(game)
    actions = game.actions()
    back = game.rewound(len(actions) - 1)  # undo the last action
    assert state(game) == before
    back.apply(actions[-1])  # and do it again
    assert state(back) == before
    assert back is not game and back.hands[0] is not game.hands[0]


@pytest.mark.parametrize("count", [-1, 10_000])
def test_rewound_outside_the_history_is_refused(count):
    with pytest.raises(ValueError):
        random_game(1, limit=30).rewound(count)


def _given_deal(number: int, index: int) -> dict:
    masks = deal_masks(number, index, Seat.E)
    return {seat: cards_of(masks[seat]) for seat in SEATS}


def test_rewound_keeps_the_deals_and_dealers_a_game_was_given():
    # no game number: every hand's deal given, and dealers off the usual rotation
    dealers = [Seat.N, Seat.N, Seat.S, Seat.W, Seat.E, Seat.S] * 5
    game = Game(game=None, dealer=dealers[0], deal=_given_deal(900, 0))
    rng = SplitMix64(9)
    while not game.over:
        if game.phase is Phase.HAND_OVER:
            i = len(game.hands)
            game.next_hand(_given_deal(900 + i, i), dealers[i])
            continue
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    assert len(game.hands) >= 2 and game.number is None
    n = len(game.actions())
    assert to_record(game.rewound(n)) == to_record(game)
    replayed = from_record(to_record(game))
    assert to_record(replayed.rewound(n)) == to_record(game)
    for k in sorted({0, 5, n // 2, n - 1, n} | {i for i, a in enumerate(game.actions()) if a == DEAL}):
        for back in (game.rewound(k), replayed.rewound(k)):
            assert back.actions() == game.actions()[:k]
            for i, hand in enumerate(back.hands):
                assert hand.dealer is dealers[i] and hand.deal == game.hands[i].deal, (k, i)
        assert state(game.rewound(k)) == state(replayed.rewound(k))


def test_rewound_of_a_partial_record_is_the_same_seats_game():
    game = random_game(6, limit=150)
    record = to_record(game)
    record.pop("game")
    for hand in record["hands"]:
        hand["deal"] = {"E": hand["deal"]["E"]}
    partial = from_record(copy.deepcopy(record), known=Seat.E)
    n = len(partial.actions())
    assert n == len(game.actions())
    for k in (0, 17, n // 2, n):
        assert game.rewound(k).view(Seat.E) == partial.rewound(k).view(Seat.E), k


# --- the view's derived properties --------------------------------------------------------------

def test_view_properties_follow_the_game():
    for number in range(40):
        game = Game(game=number, rules=Rules(blind_nil=True))
        rng = SplitMix64(number)
        while not game.over:
            hand = game.hand
            for seat in SEATS:
                view = game.view(seat)
                assert view.action_count == len(hand.bid_log) + len(hand.plays)
                assert view.last_trick == (hand.tricks[-1] if hand.tricks else None)
                assert view.held_counts == tuple(bin(h).count("1") for h in hand.held)
                if game.phase in (Phase.HAND_OVER, Phase.GAME_OVER):
                    assert view.hand_score == hand.score is not None
                else:
                    assert view.hand_score is None
                may = (game.phase is Phase.BID and hand.bids[seat] is None
                       and blind_allowed(game.rules, game.totals, seat))
                assert view.may_bid_blind == may
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])


def test_may_bid_blind_before_ones_turn_and_not_after_bidding():
    game = Game(game=1, rules=Rules(blind_nil=True))
    game.totals = [0, 150]  # NS trail by 150
    assert [game.view(s).may_bid_blind for s in SEATS] == [True, False, True, False]
    game.apply(3)  # South bids: it may no longer; North, still to bid, may
    assert [game.view(s).may_bid_blind for s in SEATS] == [False, False, True, False]
    assert game.view(Seat.N).legal == () and game.view(Seat.W).legal == tuple(range(14))


def test_who_made_each_action_is_one_history_on_the_game():
    # ``Game.actors`` is the seat to move before each action, over whole random games; each
    # view's ``actors`` is its hand's part of it; and the places that need it read it, not a copy
    from pathlib import Path

    for number in range(1, 6):
        game = random_game(number)
        replay = Game(game=game.number, rules=game.rules)
        for action, actor in zip(game.actions(), game.actors()):
            if action == DEAL:
                assert actor is None
                replay.apply(DEAL)
                continue
            assert actor is replay.to_move
            view = replay.view(actor)
            assert len(view.actors) == view.action_count
            replay.apply(action)
            assert replay.view(actor).actors[-1] is actor
    root = Path(__file__).resolve().parents[2] / "py"
    for name in ("ui/play.py", "spades/analysis.py", "spades/bots/inference.py"):
        assert "first_to_act" not in (root / name).read_text(encoding="utf-8"), name
