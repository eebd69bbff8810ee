"""Computer players: one small interface, one module per level.

A player is any object with ``act(view, rng) -> action``: it gets one seat's ``View`` (its
own cards and the public table, never another hand) and a seeded ``SplitMix64``, and returns
one of ``view.legal``: a bid (0..13 or ``"blind"``) or a ``Card``. The driver derives the seed
from the game number and the position (``seed_for``); a bot never sees the game number, and
any search in it is bounded by a count of iterations, never by the clock — so the same game
number and the same human moves replay the same game.

Levels (SPEC §5): ``random`` (any legal action), ``easy`` (Лёгкий), ``medium`` (Средний),
``hard`` (Сложный). The partner (North) always plays ``hard``: ``seat_levels`` says so.
"""

from __future__ import annotations

from ..deal import SplitMix64, derive_seed
from ..state import View
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_level import RandomBot

LEVELS = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}
PARTNER_LEVEL = "hard"


def make_player(level: str):
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}") from None


def choose(level: str, view: View, rng: SplitMix64):
    """The action a player of ``level`` takes in ``view``."""
    return make_player(level).act(view, rng)


def think(level: str, view: View, rng: SplitMix64):
    """``choose`` a slice at a time: a generator that yields between slices of the search and
    returns the action (see ``Bot.think``)."""
    return make_player(level).think(view, rng)


def seed_for(game_number: int, hand_index: int, action_count: int, seat: int) -> int:
    """The seed of one decision: the game number and the position, never the clock."""
    return derive_seed(game_number, hand_index, action_count, seat)


def seat_levels(opponents: str) -> dict[int, str]:
    """The page's table: South is the human, North hard, West and East at ``opponents``."""
    return {1: opponents, 2: PARTNER_LEVEL, 3: opponents}


__all__ = ["LEVELS", "PARTNER_LEVEL", "make_player", "choose", "think", "seed_for", "seat_levels",
           "RandomBot", "EasyBot", "MediumBot", "HardBot"]
