"""After the hand: what each of a seat's plays cost, by the hard level's judgement at the time.

For every card the seat played, the position is rebuilt (``Game.rewound``) and judged from that
seat's view only — its own cards, the bids, the cards played so far, never the hidden hands,
though the hand is over — by the hard level's search (``HardBot.search_steps``): the expected
points for the team (``sim.hand_value``, bags at −10) of every candidate card over the same
sampled deals, the card played among them. The cost of a play is the best candidate's mean
minus the played card's; the search is seeded by ``decision_rng`` like every decision, so the
same hand gives the same figures. Costs under ``NOISE`` points are sampling noise, not mistakes.

Bids are not priced yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bots import HardBot, decision_rng
from .bots.hard import candidate_runs, run_of
from .bots.knowledge import to_sim
from .cards import Card, Seat, mask_of
from .rules import DEAL, Phase
from .state import Game

NOISE = 3.0  # points: below this, a difference is the sampling's, not the player's
LISTED = 3  # the costliest decisions the summary lists


@dataclass(frozen=True)
class Decision:
    action_index: int  # in ``game.actions()``
    trick: int  # 1-based, within the hand
    played: Card
    best: Card
    cost: float  # expected points lost against the best candidate (0 when it was the best)


def hand_range(game: Game, hand_index: int) -> range:
    """The indices in ``game.actions()`` of hand ``hand_index``'s bids and plays."""
    actions = game.actions()
    start, hand = 0, 0
    for i, action in enumerate(actions):
        if action == DEAL:
            hand += 1
            if hand == hand_index:
                start = i + 1
            elif hand == hand_index + 1:
                return range(start, i)
    if hand < hand_index:
        raise ValueError(f"the game has no hand {hand_index + 1}")
    return range(start, len(actions))


def plays_of(game: Game, hand_index: int, seat: Seat = Seat.S) -> list[int]:
    """The indices in ``game.actions()`` of the cards ``seat`` played in hand ``hand_index``."""
    span = hand_range(game, hand_index)
    actions = game.actions()
    replay = game.rewound(span.start)  # one replay, stepped through the hand
    out = []
    for i in span:
        if replay.phase is Phase.PLAY and replay.to_move is seat:
            out.append(i)
        replay.apply(actions[i])
    return out


def price_steps(game: Game, index: int, seat: Seat = Seat.S):
    """The ``Decision`` for the card ``seat`` played at ``index`` of ``game.actions()``: a
    generator that yields between playouts (like ``Bot.think``) and returns it."""
    view = game.rewound(index).view(seat)
    played = int(game.actions()[index])
    key = game.game or 0
    card, means, _ = yield from HardBot().search_steps(view, decision_rng(key, view), include=played)
    held, seen = view.held, to_sim(view, memory="all").played
    mine = run_of(played, candidate_runs(mask_of(view.legal), held, seen), held, seen)
    best = max(means, key=lambda c: means[c])
    cost = max(0.0, means[best] - means.get(mine, means[best]))
    return Decision(index, len(view.tricks) + 1, Card(played), Card(card if cost < NOISE else best),
                    round(cost, 1))


def analyse_steps(game: Game, hand_index: int, seat: Seat = Seat.S):
    """The seat's plays in hand ``hand_index`` (0-based), priced: a generator that yields
    between playouts and returns the ``Decision`` list in the order played."""
    out = []
    for index in plays_of(game, hand_index, seat):
        out.append((yield from price_steps(game, index, seat)))
    return out


def costliest(decisions, listed: int = LISTED) -> list[Decision]:
    """The ``listed`` costliest decisions at or above ``NOISE``, costliest first."""
    mistakes = [d for d in decisions if d.cost >= NOISE]
    return sorted(mistakes, key=lambda d: (-d.cost, d.action_index))[:listed]


__all__ = ["Decision", "NOISE", "analyse_steps", "costliest", "hand_range", "plays_of", "price_steps"]
