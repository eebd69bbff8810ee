"""The shape every level shares: ``act`` dispatches on the phase to ``bid`` or ``play``.

A decision may also be taken a slice at a time: ``think(view, rng)`` is a generator that
yields between slices of work (a searching bot yields after each sampled deal) and returns the
action. ``act`` runs it to the end; the page runs it between animation frames so that a long
search never freezes the table. Slicing changes nothing in the result: the work is bounded by
counts, and the same view and seed give the same action however it is sliced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..rules import Phase, closest_bid
from ..state import View

if TYPE_CHECKING:
    from collections.abc import Generator
    from typing import TypeVar

    from ..cards import Card
    from ..deal import SplitMix64
    from ..reasons import Why
    from ..rules import Action, Bid

    _T = TypeVar("_T")


class Bot:
    level = "base"

    def act(self, view: View, rng: SplitMix64) -> Action:
        return finish(self.think(view, rng))

    def think(self, view: View, rng: SplitMix64) -> Generator[None, None, Action]:
        """The decision as a generator: yields between slices of work, returns the action."""
        action, _ = yield from self.think_why(view, rng)
        return action

    def think_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Action, Why | None]]:
        """``think``, returning ``(action, reason)``: the reason is what decided the action, a
        ``(code, params)`` pair in the catalogue of ``spades.advice``, or None for a level that
        does not say."""
        if not view.legal:
            raise ValueError(f"{self.level}: seat {view.seat.name} has nothing to do now")
        if view.phase is Phase.BID:
            action, reason = yield from self.bid_why(view, rng)
            if action not in view.legal:  # a level's own count, kept to the bidding game (Mirror, …)
                action = closest_bid(action, view.legal)
        elif view.phase is Phase.DRAW:
            action, reason = self.draw(view, rng), None
        else:
            action, reason = yield from self.play_why(view, rng)
        assert action in view.legal, (self.level, action, view.legal)
        return action, reason

    def bid_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Bid, Why | None]]:
        """``bid_steps`` with its reason; levels that explain override it."""
        action = yield from self.bid_steps(view, rng)
        return action, None

    def play_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Card, Why | None]]:
        """``play_steps`` with its reason; levels that explain override it."""
        action = yield from self.play_steps(view, rng)
        return action, None

    def bid_steps(self, view: View, rng: SplitMix64) -> Generator[None, None, Bid]:
        """``bid`` in slices; levels that search override it. This one takes one slice."""
        return self.bid(view, rng)
        yield  # pragma: no cover - the yield makes this a generator that ends at once

    def play_steps(self, view: View, rng: SplitMix64) -> Generator[None, None, Card]:
        """``play`` in slices; levels that search override it. This one takes one slice."""
        return self.play(view, rng)
        yield  # pragma: no cover

    def bid(self, view: View, rng: SplitMix64) -> Bid:  # pragma: no cover - every level overrides
        raise NotImplementedError

    def play(self, view: View, rng: SplitMix64) -> Card:  # pragma: no cover
        raise NotImplementedError

    def draw(self, view: View, rng: SplitMix64) -> str:
        """The draw (two players): ``KEEP`` the card looked at, or ``DISCARD`` it."""
        raise ValueError(f"{self.level}: no draw at this level yet")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class Explaining(Bot):
    """A level whose decisions come with their reasons: it writes ``bid_why`` and ``play_why``;
    the decision alone, sliced or whole, is their action without the reason."""

    def bid_steps(self, view: View, rng: SplitMix64) -> Generator[None, None, Bid]:
        return (yield from self.bid_why(view, rng))[0]

    def play_steps(self, view: View, rng: SplitMix64) -> Generator[None, None, Card]:
        return (yield from self.play_why(view, rng))[0]

    def bid(self, view: View, rng: SplitMix64) -> Bid:
        return finish(self.bid_steps(view, rng))

    def play(self, view: View, rng: SplitMix64) -> Card:
        return finish(self.play_steps(view, rng))


def legal_card(view: View, index: int) -> Card:
    """The ``Card`` of ``view.legal`` with index ``index`` (a bitmask bot's choice)."""
    for c in view.legal:
        if c == index:
            return cast("Card", c)  # in play, ``view.legal`` holds cards
    raise AssertionError(f"chose card {index}, not one of {view.legal}")


def finish(steps: Generator[object, None, _T]) -> _T:
    """Run a sliced computation (a generator) to its end and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast("_T", done.value)
