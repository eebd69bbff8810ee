"""The engine's words, in one catalogue per language: every refusal the engine makes.

Every rule the engine enforces, and every way a record is refused (``record.*``, with the
place in the record: ``where.*``), has a code; an error carries the code and its parameters,
and ``reason(code, params, lang)`` renders it. Russian is the page's default, English is the
command line's and the second language of the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TypeAlias

    Params: TypeAlias = dict[str, object]  # the named values a message's words fill in

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
    "bid_range": "Заказ — целое число от 0 до {most}",
    "drawing": "Сейчас добор: оставьте карту или сбросьте её",
    "not_drawing": "Сейчас не время добора",
    "blind_disabled": "Слепой Nil выключен в настройках",
    "blind_not_trailing": "Слепой Nil доступен, только если команда отстаёт на 100 очков",
    "bad_card": "Это не карта: {text}",
    "bad_bid": "Это не заказ: {text}",
    "bad_action": "Непонятное действие: {text}",
    "already_played": "Эта карта уже сыграна: {card}",
    "held_by": "Эта карта на руке у {seat}: {card}",
    "discarded": "Эту карту {seat} сбросил при доборе: {card}",
    "shown_void": "{seat} уже не ходил в масть {suit}",
    "bid_team_min": "Команде нужно заказать вместе не меньше {min}: заказ от {least} или Nil",
    "first_trick_lead": "Первую взятку открывает {card}",
    "blind_bids_off": "Заказ вслепую выключен в настройках",
    "blind_bid_not_trailing": "Заказ вслепую доступен, только если команда отстаёт на 100 очков",
    "blind_bid_range": "Вслепую заказывают от {least} до {most}",
    "first_trick_spade": "На первую взятку пику кладут, только если других мастей нет",
    "bid_mirror": "В «Зеркале» заказ — число ваших пик: {spades}",
    "bid_whiz": "В «Визе» заказ — Nil или число ваших пик: {spades}",
    "bid_suicide": "В «Самоубийстве» заказ — Nil или не меньше {least}",
    "bid_suicide_nil": "В «Самоубийстве» партнёр заказал число: ваш заказ — Nil",
    "bid_suicide_number": "В «Самоубийстве» партнёр заказал Nil: ваш заказ — не меньше {least}",
    "not_in_deck": "Этой карты нет в колоде этой партии: {card}",
    "bad_seat": "Такого места за столом нет: {text}",
    "bad_rule": "правило {key!r}: {why}",
    # a record refused (``record.RecordError``): what is wrong …
    "record.not_text": "это не JSON",
    "record.not_json": "это не JSON",
    "record.too_long": "слишком длинный текст для записи партии ({chars} символов)",
    "record.too_deep": "слишком глубокая вложенность для записи партии (больше {depth})",
    "record.not_object": "Запись партии должна быть объектом JSON",
    "record.format": "Неизвестный формат записи: {format!r}",
    "record.rules": "правило {key!r} записано неверно: {value}",
    "record.rules_unknown": "неизвестное правило {key!r}",
    "record.rules_object": "правила должны быть объектом JSON",
    "record.game_number": "это не номер партии: {number!r}",
    "record.no_hands": "в записи нет списка сдач",
    "record.hand_object": "сдача должна быть объектом JSON",
    "record.dealer": "сдающий: такого места нет ({dealer!r})",
    "record.deal_seats": "раздача должна называть карты мест {seats}",
    "record.draw": "ход добора — только «оставить» или «сбросить»",
    "record.stock": "колода добора должна быть списком всех {cards} карт",
    "record.hand_size": "раздача: у {seat} должно быть {cards} карт",
    "record.deal_card": "раздача: это не карта: {text!r}",
    "record.dealt_twice": "раздача: одна карта сдана дважды",
    "record.not_in_deck": "раздача: карты {card} нет в колоде этой партии",
    "record.own_missing": "раздача: нет карт {seat}",
    "record.others_shown": "раздача: в запросе видны карты других мест ({seats})",
    "record.leader": "первую взятку открывает место, которого нет или чьи карты даны: {leader!r}",
    "record.no_deal": "нет ни раздачи, ни номера партии, чтобы сдать карты",
    "record.game_over": "партия уже окончена",
    "record.unfinished": "сдача {hand} не доиграна",
    "record.lists": "добор, заказы и ходы должны быть списками",
    "record.seen": "добор: карты, которые видел {seat}, должны быть списком его карт по порядку",
    "record.plays_early": "ходы раньше, чем все четыре заказа",
    "record.plays_early_n": "ходы раньше, чем все заказы ({count})",
    "record.bids_early": "заказы раньше конца добора",
    "record.hand_over": "сдача уже окончена",
    "record.not_bid": "это не заказ",
    "record.not_card": "это не карта",
    # … and where
    "where.rules": "правила",
    "where.game": "номер партии",
    "where.hand": "сдача {hand}",
    "where.bid": "сдача {hand}, заказ {index} ({seat}, {action})",
    "where.play": "сдача {hand}, карта {index} ({seat}, {action})",
    "where.draw": "сдача {hand}, добор {index} ({seat}, {action})",
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
    "bid_range": "a bid is a whole number from 0 to {most}",
    "drawing": "the draw is on: keep the card or discard it",
    "not_drawing": "not the time to draw",
    "blind_disabled": "blind nil is off in the settings",
    "blind_not_trailing": "blind nil is allowed only when the team trails by 100 points or more",
    "bad_card": "not a card: {text}",
    "bad_bid": "not a bid: {text}",
    "bad_action": "not an action: {text}",
    "already_played": "this card was already played: {card}",
    "held_by": "{seat} holds this card: {card}",
    "discarded": "{seat} discarded this card in the draw: {card}",
    "shown_void": "{seat} has shown out of {suit}",
    "bid_team_min": "the team must bid {min} or more together: bid {least} or more, or Nil",
    "first_trick_lead": "the first trick is led with {card}",
    "blind_bids_off": "blind bids are off in the settings",
    "blind_bid_not_trailing": "a blind bid is allowed only when the team trails by 100 points or more",
    "blind_bid_range": "a blind bid is {least} to {most}",
    "first_trick_spade": "no spade on the first trick unless you hold nothing else",
    "bid_mirror": "in Mirror the bid is the number of your spades: {spades}",
    "bid_whiz": "in Whiz the bid is Nil or the number of your spades: {spades}",
    "bid_suicide": "in Suicide the bid is Nil or {least} or more",
    "bid_suicide_nil": "in Suicide the partner bid a number: your bid is Nil",
    "bid_suicide_number": "in Suicide the partner bid Nil: your bid is {least} or more",
    "not_in_deck": "this card is not in this game's deck: {card}",
    "bad_seat": "not a seat: {text}",
    "bad_rule": "{key}: {why}",
    "record.not_text": "not JSON: not a text",
    "record.not_json": "not JSON: {error}",
    "record.too_long": "too long for a record ({chars:,} characters)",
    "record.too_deep": "nested too deeply for a record (over {depth} levels)",
    "record.not_object": "a record must be a JSON object",
    "record.format": "unknown format {format!r}",
    "record.rules": "rule {key!r} = {value}: {error}",
    "record.rules_unknown": "unknown rule {key!r}",
    "record.rules_object": "rules must be a JSON object",
    "record.game_number": "not a game number: {number!r}",
    "record.no_hands": "a record needs a non-empty list of hands",
    "record.hand_object": "a hand must be an object",
    "record.dealer": "dealer: not a seat: {dealer!r}",
    "record.deal_seats": "deal must give the cards of {seats}",
    "record.draw": "a turn of the draw is keep or discard",
    "record.stock": "the draw's stock must list all {cards} cards",
    "record.hand_size": "deal: {seat} must hold {cards} cards",
    "record.deal_card": "deal: not a card: {text!r}",
    "record.dealt_twice": "deal: a card is dealt twice",
    "record.not_in_deck": "deal: {card} is not in this game's deck",
    "record.own_missing": "deal: the cards of {seat} are missing",
    "record.others_shown": "deal: the request shows other seats' cards ({seats})",
    "record.leader": "the first trick's leader is no seat of the table, or a seat whose cards are given: {leader!r}",
    "record.no_deal": "no deal and no game number to deal from",
    "record.game_over": "the game was already over",
    "record.unfinished": "hand {hand} is not finished",
    "record.lists": "the draw, bids and plays must be lists",
    "record.seen": "draw: the cards {seat} saw must be a list of its cards in order",
    "record.plays_early": "plays before all four bids",
    "record.plays_early_n": "plays before all {count} bids",
    "record.bids_early": "bids before the draw is over",
    "record.hand_over": "the hand is already over",
    "record.not_bid": "not a bid",
    "record.not_card": "not a card",
    "where.rules": "rules",
    "where.game": "game",
    "where.hand": "hand {hand}",
    "where.bid": "hand {hand}, bid {index} ({seat}, {action})",
    "where.play": "hand {hand}, play {index} ({seat}, {action})",
    "where.draw": "hand {hand}, draw {index} ({seat}, {action})",
}

CATALOGUES = {"ru": RU, "en": EN}


def reason(code: str, params: Mapping[str, object] | None = None, lang: str = "ru") -> str:
    template = CATALOGUES.get(lang, RU).get(code) or RU.get(code, code)
    return template.format(**(params or {}))


class SpadesError(Exception):
    """Every error of the engine: a code in the catalogues and its parameters. ``reason(lang)``
    says what is wrong, ``text(lang)`` the whole message (a record's error names the place too)."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(reason(code, params, "ru"))

    def reason(self, lang: str = "ru") -> str:
        return reason(self.code, self.params, lang)

    def text(self, lang: str = "ru") -> str:
        return self.reason(lang)


class MalformedError(SpadesError, ValueError):
    """The input is not an action at all (not a card, not a bid, bad JSON shape)."""


class IllegalActionError(SpadesError):
    """A well-formed action that the rules forbid here and now."""
