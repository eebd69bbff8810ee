"""The settings of a game and the vocabulary of actions and phases.

- ``Rules``: target 250 (default) or 500, the bag penalty (on by default), blind nil (off by
  default). Frozen: a game's rules never change while it is played.
- Actions: a bid is an ``int`` 0..13 (0 is Nil) or ``BLIND`` (Blind Nil); a play is a ``Card``;
  ``DEAL`` starts the next hand once a hand is over.
- ``Phase``: BID → PLAY → HAND_OVER → BID … → GAME_OVER.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import Enum

from .cards import HAND_SIZE

BLIND = "blind"
DEAL = "deal"
NIL = 0
MAX_BID = HAND_SIZE
TARGETS = (250, 500)
LOSING_SCORE = -200  # a score below this ends the game
BLIND_NIL_DEFICIT = 100
BAGS_PER_PENALTY = 10
BAG_PENALTY = 100
NIL_BONUS = 100
BLIND_NIL_BONUS = 200
MAX_HANDS = 30


class Phase(Enum):
    BID = "bid"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "over"


@dataclass(frozen=True)
class Rules:
    target: int = 250
    bag_penalty: bool = True
    blind_nil: bool = False

    def __post_init__(self) -> None:
        if type(self.target) is not int or self.target <= 0:
            raise ValueError(f"target must be a positive whole number, not {self.target!r}")
        if type(self.bag_penalty) is not bool or type(self.blind_nil) is not bool:
            raise ValueError("bag_penalty and blind_nil must be true or false")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict | None) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        unknown = set(data) - {"target", "bag_penalty", "blind_nil"}
        if unknown:
            raise ValueError(f"unknown rules: {', '.join(sorted(unknown))}")
        return cls(**data)


def is_nil(bid) -> bool:
    return bid == NIL or bid == BLIND
