"""The end of a game (SPEC §4), part of the rules kernel (``rules`` re-exports it): why it ended
(``Cause``), how (``Outcome``: the winning side or a draw) and when (``game_outcome``)."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from .cards import TEAMS
from .seating import PARTNERS
from .values import Value

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .rules import Rules

LOSING_SCORE = -200  # a score below this ends the game
MAX_HANDS = 30


class Cause(Enum):
    """Why a game ended (SPEC §4)."""

    TARGET = "target"  # a team reached the target, and the scores differ
    BELOW = "below"  # a team fell below −200, and the scores differ
    HANDS = "hands"  # the last hand (``MAX_HANDS``) was played


class Outcome(Value):
    """How a game ended (SPEC §4): the winning side (a ``Team`` at partnerships, else the side's
    index in ``Table.sides``), or None for a draw, and its ``Cause``."""

    __slots__ = ("winner", "cause")
    winner: int | None
    cause: Cause

    def __init__(self, winner: int | None, cause: Cause | str) -> None:
        try:
            cause = Cause(cause)
        except ValueError:
            raise ValueError(f"an outcome's cause is one of {[c.value for c in Cause]}, not {cause!r}") from None
        if winner is None and cause is not Cause.HANDS:
            raise ValueError("only the last hand ends a game in a draw")
        super().__init__(winner, cause)

    @property
    def draw(self) -> bool:
        return self.winner is None


def game_outcome(rules: Rules, totals: Sequence[int], hands_played: int) -> Outcome | None:
    """SPEC §4 after a hand: how the game ended, or None while it goes on. ``totals`` are by
    side: the winner is the one side with the highest score; the top scores tied, the game goes
    on (a draw after the last hand)."""
    top = max(totals)
    ahead: int | None = totals.index(top) if list(totals).count(top) == 1 else None
    if ahead is not None and rules.table == PARTNERS.name:
        ahead = TEAMS[ahead]
    if hands_played >= MAX_HANDS:
        return Outcome(ahead, Cause.HANDS)
    if ahead is None:
        return None  # tied: the game goes on, whatever the scores
    if top >= rules.target:
        return Outcome(ahead, Cause.TARGET)
    if min(totals) < LOSING_SCORE:
        return Outcome(ahead, Cause.BELOW)
    return None


__all__ = ["LOSING_SCORE", "MAX_HANDS", "Cause", "Outcome", "game_outcome"]
