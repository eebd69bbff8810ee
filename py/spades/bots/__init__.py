"""Computer players: one small interface, one module per level.

A player is any object with ``act(view, rng) -> action``: it gets one seat's ``View`` (its
own cards and the public table, never another hand) and a seeded ``SplitMix64``, and returns
one of ``view.legal``: a bid (0..13 or ``"blind"``) or a ``Card``. Its generator comes from
``decision_rng(key, view)``, the one seeding function of every computer decision — the page's
computers and hints, ``play``, the arena and the bot protocol all call it: the key is the game
number (the protocol, which is not told the number, uses a digest of its request), the rest is
the position. A bot never sees the game number, and any search in it is bounded by a count of
iterations, never by the clock — so the same game number and the same human moves replay the
same game.

Levels (SPEC §5): ``random`` (any legal action), ``easy`` (Лёгкий), ``medium`` (Средний),
``hard`` (Сложный). Who plays at which level at the page's table is ``spades.table``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..deal import SplitMix64, derive_seed
from ..state import View
from ..table import PARTNER_LEVEL
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_level import RandomBot

if TYPE_CHECKING:
    from collections.abc import Generator, Iterable

    from ..rules import Action
    from ..seating import Table
    from .base import Bot

LEVELS = {"random": RandomBot, "easy": EasyBot, "medium": MediumBot, "hard": HardBot}


# the levels that do not play a table yet, by table: the hard level's search is for partnerships
NOT_AT: dict[str, tuple[str, ...]] = {}


def unplayed(table: Table, levels: Iterable[str]) -> str | None:
    """Why one of ``levels`` cannot play at ``table`` (a line for the command line), or None."""
    for level in levels:
        if table.name in NOT_AT.get(level, ()):
            return f"the {level} level does not play the table {table.name!r} yet"
    return None


def make_player(level: str) -> Bot:
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}") from None


def choose(level: str, view: View, rng: SplitMix64) -> Action:
    """The action a player of ``level`` takes in ``view``."""
    return make_player(level).act(view, rng)


def think(level: str, view: View, rng: SplitMix64) -> Generator[None, None, Action]:
    """``choose`` a slice at a time: a generator that yields between slices of the search and
    returns the action (see ``Bot.think``)."""
    return make_player(level).think(view, rng)


def decision_rng(key: int, view: View) -> SplitMix64:
    """The generator of one decision: from ``key`` (the game number) and the position — the
    hand, the actions so far in it, the seat — never the clock."""
    return SplitMix64(derive_seed(key, view.hand_index, view.action_count, int(view.seat)))


__all__ = ["LEVELS", "NOT_AT", "PARTNER_LEVEL", "make_player", "unplayed", "choose", "think", "decision_rng",
           "RandomBot", "EasyBot", "MediumBot", "HardBot"]
