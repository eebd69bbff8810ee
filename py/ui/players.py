"""The computer players and the hint, as the table sees them: one function each.

``choose(game, seat, level)`` asks the bot of ``level`` for its action, handing it only
``game.view(seat)`` and a generator seeded from the game number and the position, so the same
game number and the same moves always give the same game. ``hint(view)`` is the «Совет» for the
player. Until ``spades.bots`` / ``spades.advice`` exist, a simple legal stand-in answers.
"""

from __future__ import annotations

from spades import SplitMix64, derive_seed
from spades.cards import Suit, sort_for_display

try:  # the real computer players, once they land
    from spades.bots import choose as _bot_choose
except ImportError:  # pragma: no cover - depends on the team's progress
    _bot_choose = None

try:
    from spades.advice import bid_hint as _bid_hint, play_hint as _play_hint
except ImportError:  # pragma: no cover
    _bid_hint = _play_hint = None

PARTNER_LEVEL = "hard"
LEVELS = ("easy", "medium", "hard")


def action_count(view) -> int:
    """How many actions were taken in this hand so far (bids and cards)."""
    played = sum(len(t.cards) for t in view.tricks) + len(view.trick.cards)
    return len(view.bid_log) + played


def rng_for(game, view, seat) -> SplitMix64:
    return SplitMix64(derive_seed(game.game or 0, view.hand_index, action_count(view), int(seat)))


def choose(game, seat, level: str):
    """The action of the computer at ``seat`` playing at ``level``."""
    view = game.view(seat)
    rng = rng_for(game, view, seat)
    if _bot_choose is not None:
        return _bot_choose(level, view, rng)
    return _stand_in(view, rng)


def _stand_in(view, rng):
    legal = list(view.legal)
    if view.phase.value == "bid":
        bid, _ = _simple_bid(view)
        return bid if bid in legal else legal[0]
    return rng.choice(legal)


_HIGH_SPADES = set("AKQJT")


def _simple_bid(view) -> tuple[int, list]:
    """The beginner's count of SPEC §5: 1 per non-spade Ace and King, 1 per high spade."""
    sure = [c for c in sort_for_display(view.hand)
            if (c.suit is Suit.SPADES and c.rank_letter in _HIGH_SPADES)
            or (c.suit is not Suit.SPADES and c.rank_letter in "AK")]
    return max(1, len(sure)), sure


def hint(view) -> tuple[object, str]:
    """The suggested action for the player and why, in words (a bid or a card)."""
    if _bid_hint is not None:
        return _bid_hint(view) if view.phase.value == "bid" else _play_hint(view)
    if view.phase.value == "bid":
        bid, sure = _simple_bid(view)
        if sure:
            return bid, " ".join(c.display for c in sure) + " — вероятные взятки"
        return bid, "сильных карт нет — закажите одну взятку"
    legal = list(view.legal)
    low = min(legal, key=lambda c: (c.suit is Suit.SPADES, c.rank)) if legal else None
    return low, "самая младшая карта — сбросьте её"


__all__ = ["choose", "hint", "LEVELS", "PARTNER_LEVEL"]
