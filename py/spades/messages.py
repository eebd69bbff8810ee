"""The engine's reasons, in one catalogue per language.

Every rule the engine enforces has a code; an error carries the code and its parameters, and
``reason(code, params, lang)`` renders it. Russian is the page's default, English is the
command line's and the second language of the page.
"""

from __future__ import annotations

RU = {
    "must_follow": "Нужно ходить в масть: {suit}",
    "spades_not_broken": "Пики ещё не разбиты",
    "not_in_hand": "Этой карты нет на руке: {card}",
    "not_your_turn": "Сейчас ход другого игрока ({seat})",
    "not_bidding": "Сейчас не время заказа",
    "not_playing": "Сейчас не время ходить картой",
    "hand_over": "Сдача окончена — раздайте карты",
    "game_over": "Партия окончена",
    "not_hand_over": "Раздавать можно, только когда сдача окончена",
    "bid_range": "Заказ — целое число от 0 до 13",
    "blind_disabled": "Слепой Nil выключен в настройках",
    "blind_not_trailing": "Слепой Nil доступен, только если команда отстаёт на 100 очков",
    "bad_card": "Это не карта: {text}",
    "bad_bid": "Это не заказ: {text}",
    "bad_action": "Непонятное действие: {text}",
    "already_played": "Эта карта уже сыграна: {card}",
    "held_by": "Эта карта на руке у {seat}: {card}",
    "shown_void": "{seat} уже не ходил в масть {suit}",
}

EN = {
    "must_follow": "must follow suit {suit}",
    "spades_not_broken": "spades are not broken yet",
    "not_in_hand": "card not in hand: {card}",
    "not_your_turn": "it is another player's turn ({seat})",
    "not_bidding": "not the time to bid",
    "not_playing": "not the time to play a card",
    "hand_over": "the hand is over: deal the next one",
    "game_over": "the game is over",
    "not_hand_over": "dealing is only possible when the hand is over",
    "bid_range": "a bid is a whole number from 0 to 13",
    "blind_disabled": "blind nil is off in the settings",
    "blind_not_trailing": "blind nil is allowed only when the team trails by 100 points or more",
    "bad_card": "not a card: {text}",
    "bad_bid": "not a bid: {text}",
    "bad_action": "not an action: {text}",
    "already_played": "this card was already played: {card}",
    "held_by": "{seat} holds this card: {card}",
    "shown_void": "{seat} has shown out of {suit}",
}

CATALOGUES = {"ru": RU, "en": EN}


def reason(code: str, params: dict | None = None, lang: str = "ru") -> str:
    template = CATALOGUES.get(lang, RU).get(code) or RU.get(code, code)
    return template.format(**(params or {}))


class SpadesError(Exception):
    """Base of the engine's errors: a code, its parameters, a reason in words."""

    def __init__(self, code: str, **params) -> None:
        self.code = code
        self.params = params
        super().__init__(reason(code, params, "ru"))

    def reason(self, lang: str = "ru") -> str:
        return reason(self.code, self.params, lang)


class MalformedError(SpadesError, ValueError):
    """The input is not an action at all (not a card, not a bid, bad JSON shape)."""


class IllegalActionError(SpadesError):
    """A well-formed action that the rules forbid here and now."""
