"""The computer players and the hint, as the table sees them: one function each.

``choose(game, seat, level)`` asks the bot of ``level`` (``spades.bots``) for its action, handing
it only ``game.view(seat)`` and a generator seeded from the game number and the position, so the
same game number and the same moves always give the same game. ``hint(view, looked)`` is the
«Совет» for the player (``spades.advice``): the action and its reason in words.
"""

from __future__ import annotations

from dataclasses import replace

from spades import BLIND, SplitMix64
from spades.advice import hint_steps as advice_hint_steps
from spades.bots.base import finish
from spades.bots import LEVELS as BOT_LEVELS, PARTNER_LEVEL, choose as bot_choose, seed_for
from spades.bots import think as bot_think

LEVELS = tuple(level for level in ("easy", "medium", "hard") if level in BOT_LEVELS)


def action_count(view) -> int:
    """How many actions were taken in this hand so far (bids and cards)."""
    played = sum(len(t.cards) for t in view.tricks) + len(view.trick.cards)
    return len(view.bid_log) + played


def rng_for(game, view, seat) -> SplitMix64:
    return SplitMix64(seed_for(game.game or 0, view.hand_index, action_count(view), int(seat)))


def choose(game, seat, level: str):
    """The action of the computer at ``seat`` playing at ``level``."""
    view = game.view(seat)
    return bot_choose(level, view, rng_for(game, view, seat))


def think(game, seat, level: str):
    """``choose`` a slice at a time: a generator that returns the action (``Bot.think``)."""
    view = game.view(seat)
    return bot_think(level, view, rng_for(game, view, seat))


def hint(view, looked: bool = True, lang: str = "ru") -> tuple[object, str]:
    """The suggested action for the player and why, in words of ``lang`` (a bid or a card)."""
    return finish(hint_steps(view, looked, lang))


def hint_steps(view, looked: bool = True, lang: str = "ru"):
    """``hint`` a slice at a time (a generator). Once the player has looked at the cards,
    Blind Nil is no longer a choice to suggest."""
    if looked and BLIND in view.legal:
        view = replace(view, legal=tuple(a for a in view.legal if a != BLIND), blind_offer=False)
    advice = yield from advice_hint_steps(view)
    return advice.action, advice.text(lang)


__all__ = ["choose", "think", "hint", "hint_steps", "LEVELS", "PARTNER_LEVEL"]
