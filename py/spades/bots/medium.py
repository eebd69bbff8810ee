"""Средний (medium): counts its hand, looks at the table, plays to its contract.

Bids with ``bidding.judge_bid`` (ruffs, long spades, discounted long suits, the bids already
made, Nil on weak hands). Plays the shared ``sim.policy`` — contract first, then no bags; covers
a partner's Nil, tries to break an opponent's; second hand low, third hand high; never
overtakes a partner's sure winner — remembering only the honours played (J and up) and the
current trick: it does not count every card nor track voids (the hard level does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import BLIND
from .base import Bot, finish, legal_card
from .bidding import STYLE, blind_wanted, judge_bid
from .knowledge import to_sim
from .sim import policy_why
from .solo import SoloSim, draw_choice, solo_policy_why

if TYPE_CHECKING:
    from collections.abc import Generator

    from ..cards import Card
    from ..deal import SplitMix64
    from ..reasons import Why
    from ..rules import Bid
    from ..state import View


class MediumBot(Bot):
    level = "medium"
    memory = "honours"
    style = STYLE

    def bid(self, view: View, rng: SplitMix64) -> Bid:
        if blind_wanted(view):
            return BLIND
        bid, _, _ = judge_bid(view, self.style)
        return bid

    def play(self, view: View, rng: SplitMix64) -> Card:
        return finish(self.play_why(view, rng))[0]

    def play_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Card, Why | None]]:
        """The policy's card and the rule that chose it (what the partner says and the bot
        protocol answers): one slice."""
        sim = to_sim(view, memory=self.memory)
        seat = int(view.seat)
        card, reason = solo_policy_why(sim, seat) if isinstance(sim, SoloSim) else policy_why(sim, seat)
        return legal_card(view, card), reason
        yield  # pragma: no cover - a generator that ends at once

    def draw(self, view: View, rng: SplitMix64) -> str:
        return draw_choice(view)
