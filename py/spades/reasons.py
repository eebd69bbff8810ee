"""The words of the hints («Совет») and of the partner's reasons: the one place where they live.

A ``Reason(code, params)`` is data; ``text(lang, voice)`` renders it from the ``MESSAGES``
catalogue ("ru" and "en") or, in the partner's own voice, from ``PARTNER`` over it. A ``Hint`` is
an action with a tuple of reasons. ``spades.advice`` finds the hints and their reasons (with the
hard level's search); this module only says them, so the page can show a saved reason without
importing the computer players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .cards import HIGH_TWO_OF_SPADES, SUIT_OF, SUIT_SYMBOLS, Card
from .values import Frozen, Value

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping
    from typing import TypeAlias

    from .messages import Params

    Why: TypeAlias = tuple[str, Params]  # a reason as data: (code, params), the fields of a Reason

SUIT_RU = {  # genitive plural («нет треф»), singular («одна трефа»), plural
    1: ("червей", "черва", "черви"),
    2: ("бубен", "бубна", "бубны"),
    3: ("треф", "трефа", "трефы"),
    0: ("пик", "пика", "пики"),
}
SUIT_EN = {0: "spades", 1: "hearts", 2: "diamonds", 3: "clubs"}

MESSAGES = {
    "ru": {
        "sure": "{cards} — верные взятки",
        "sure_one": "{cards} — верная взятка",
        "likely": "{cards} — возможные взятки",
        "likely_one": "{cards} — возможная взятка",
        "long_spades": "длинные пики: {cards}",
        "void": "нет {suit_gen} — можно бить пикой",
        "singleton": "одна {suit_one} — можно бить пикой",
        "doubleton": "короткие {suit_pl} — можно бить пикой",
        "long_side": "длинные {suit_pl} — старшие могут перебить пикой",
        "nil": "слабая рука — можно заказать Nil",
        "partner_nil": "партнёр заказал Nil — второй Nil не заказываем",
        "crowded": "уже заказано {bids} — заказываем осторожнее",
        "weak": "слабая рука, но для Nil опасная — заказываем минимум",
        "team_min": "минимум команды — {min}: заказываем не меньше {least}",
        "joker": "{cards}: джокер — старший козырь, верная взятка",
        "jokers": "{cards}: джокеры — старшие козыри, верные взятки",
        "deuce": "{cards}: старшая двойка — козырь выше туза, верная взятка",
        "deuces": "{cards}: старшие двойки — козыри выше туза, верные взятки",
        "bid_blind": "отстаём на {deficit} — можно рискнуть слепым Nil",
        "mirror": "«Зеркало»: заказ — число пик на руке ({spades})",
        "whiz": "«Виз»: заказ — Nil или число пик на руке ({spades})",
        "suicide": "«Самоубийство»: в паре один Nil, другой заказывает не меньше {least}",
        "bid_mirror": "«Зеркало»: заказ — число пик на руке ({spades})",
        "bid_whiz": "«Виз»: заказ — Nil или число пик на руке ({spades})",
        "bid_suicide": "«Самоубийство»: в паре один Nil, другой заказывает не меньше {least}",
        "bid_search": "по розыгрышу {samples} раскладов это выгоднее, чем {counted} по счёту",
        "draw_keep": "с этой картой рука тянет на {kept} взятки, со следующей — в среднем на {mean}",
        "draw_discard": "с этой картой рука тянет на {kept} взятки, со следующей — в среднем на {mean}",
        "own_nil": "у вас Nil — сбросьте старшую карту, которая не берёт",
        "own_nil_forced": "у вас Nil, но взятку не отдать — берите старшей",
        "own_nil_lead": "у вас Nil — ходите с младшей",
        "cover_partner_nil": "прикрываем Nil партнёра",
        "break_nil": "пробуем сорвать Nil противника — играем младшую",
        "partner_winning": "партнёр уже берёт взятку — сбросьте младшую",
        "partner_winning_shed": "партнёр уже берёт взятку — сбросьте старшую, пока можно",
        "avoid_bags": "контракт уже сделан — не берём лишнего (мешки)",
        "ruff": "нет масти — бьём пикой",
        "win_cheap": "последним ходом — берём самой младшей картой, которая бьёт",
        "sure_winner": "{card} — старшая карта в масти, взятка наша",
        "third_high": "третьей рукой — старшую",
        "second_low": "второй рукой — младшую",
        "cant_win": "взятку не взять — сбросьте младшую",
        "take": "берём взятку",
        "lead_winner": "{card} — старшая карта в масти, забираем взятку",
        "draw_trumps": "вытягиваем пики у противников",
        "lead_short": "ходим с короткой масти — потом сможем бить пикой",
        "lead_low": "ходим с младшей",
        "search": "лучший ход по расчёту раздач: в среднем {gain:+d} к счёту",
        "only": "других карт сыграть нельзя",
        "cover_cannot": "прикрыть Nil партнёра нечем — сбросьте младшую",
        "break_nil_under": "срываем Nil {seat} — не перебивайте его карту",
        "break_nil_forced": "срываем Nil {seat}, но взятку придётся взять",
        "take_over": "карту партнёра могут перебить — заберите взятку верной картой",
        "partner_winning_forced": "партнёр берёт взятку, но перебить придётся",
        "ruff_later": "партнёр ещё может взять — пикой не бейте",
    },
    "en": {
        "sure": "{cards} — sure tricks",
        "sure_one": "{cards} — a sure trick",
        "likely": "{cards} — likely tricks",
        "likely_one": "{cards} — a likely trick",
        "long_spades": "long spades: {cards}",
        "void": "no {suit_en} — you can trump them",
        "singleton": "a single {suit_one_en} — you can trump the suit",
        "doubleton": "short {suit_en} — you can trump them",
        "long_side": "long {suit_en} — the honours may be trumped",
        "nil": "weak hand — you can bid Nil",
        "partner_nil": "partner bid Nil — no second Nil",
        "crowded": "{bids} already bid — bid carefully",
        "weak": "weak hand, but risky for Nil — bid the minimum",
        "team_min": "the team minimum is {min}: bid at least {least}",
        "joker": "{cards}: a joker is the top trump, a sure trick",
        "jokers": "{cards}: the jokers are the top trumps, sure tricks",
        "deuce": "{cards}: a deuce high is a trump above the ace, a sure trick",
        "deuces": "{cards}: the deuces high are trumps above the ace, sure tricks",
        "bid_blind": "{deficit} behind — a Blind Nil is worth the risk",
        "mirror": "Mirror: the bid is the number of spades held ({spades})",
        "whiz": "Whiz: the bid is Nil or the number of spades held ({spades})",
        "suicide": "Suicide: one of the partners bids Nil, the other {least} or more",
        "bid_mirror": "Mirror: the bid is the number of spades held ({spades})",
        "bid_whiz": "Whiz: the bid is Nil or the number of spades held ({spades})",
        "bid_suicide": "Suicide: one of the partners bids Nil, the other {least} or more",
        "bid_search": "over {samples} sampled deals this pays better than the counted {counted}",
        "draw_keep": "with this card the hand counts {kept} tricks; with the next, {mean} on average",
        "draw_discard": "with this card the hand counts {kept} tricks; with the next, {mean} on average",
        "own_nil": "you bid Nil — drop your highest card that loses",
        "own_nil_forced": "you bid Nil but must win this — win with your highest",
        "own_nil_lead": "you bid Nil — lead low",
        "cover_partner_nil": "covering partner's Nil",
        "break_nil": "trying to break the opponent's Nil — play low",
        "partner_winning": "partner is winning the trick — play low",
        "partner_winning_shed": "partner is winning the trick — shed a high card",
        "avoid_bags": "contract made — don't take extra tricks (bags)",
        "ruff": "void in the suit — trump it",
        "win_cheap": "last to play — win with the cheapest card that does",
        "sure_winner": "{card} is the top card of the suit — the trick is ours",
        "third_high": "third hand high",
        "second_low": "second hand low",
        "cant_win": "can't win this trick — play low",
        "take": "win the trick",
        "lead_winner": "{card} is the top card of the suit — cash it",
        "draw_trumps": "draw the opponents' spades",
        "lead_short": "lead a short suit — to trump it later",
        "lead_low": "lead low",
        "search": "best play over the sampled deals: {gain:+d} points on average",
        "only": "no other card may be played",
        "cover_cannot": "nothing to cover partner's Nil with — play low",
        "break_nil_under": "breaking {seat}'s Nil — don't overtake the Nil card",
        "break_nil_forced": "breaking {seat}'s Nil, but this trick must be taken",
        "take_over": "partner's card may be beaten — take the trick with a sure winner",
        "partner_winning_forced": "partner is winning, but you must overtake",
        "ruff_later": "partner may still win it — don't trump yet",
    },
}


# The partner's own words for the reason that decided its bid or card (North speaks to South):
# the codes are those of the hard level's decision (``HardBot.think_why``: the policy's rule in
# ``bots.sim.policy``, the search's margin, the bid's notes).
PARTNER = {
    "ru": {
        "only": "других карт у меня нет",
        "own_nil": "у меня Nil — сбрасываю старшую, которая не берёт",
        "own_nil_forced": "у меня Nil, но эту взятку не отдать",
        "own_nil_lead": "у меня Nil — хожу с младшей",
        "cover_partner_nil": "прикрываю ваш Nil",
        "cover_cannot": "прикрыть ваш Nil нечем — сбрасываю младшую",
        "break_nil": "ломаю Nil {seat} — подкладываю младшую",
        "break_nil_under": "ломаю Nil {seat} — не перебиваю его карту",
        "break_nil_forced": "ломаю Nil {seat}, но взятку приходится брать",
        "partner_winning": "взятку уже берёте вы — сбрасываю младшую",
        "partner_winning_shed": "взятку берёте вы, контракт набран — сбрасываю старшую",
        "partner_winning_forced": "взятку берёте вы, но перебить приходится",
        "take_over": "вашу карту могут перебить — забираю взятку верной картой",
        "avoid_bags": "контракт набран — не беру лишнего, мешки соперникам",
        "ruff": "добираю контракт — нет масти, бью пикой",
        "ruff_later": "вы ещё можете взять — пикой не бью",
        "win_cheap": "добираю контракт — беру самой младшей картой, которая бьёт",
        "sure_winner": "добираю контракт — {card} берёт наверняка",
        "third_high": "добираю контракт — третьей рукой старшую",
        "second_low": "второй рукой — младшую",
        "cant_win": "взятку не взять — сбрасываю младшую",
        "lead_winner": "добираю контракт — {card} старшая в масти",
        "draw_trumps": "вытягиваю пики у соперников",
        "lead_short": "хожу с короткой масти — потом смогу бить пикой",
        "lead_low": "хожу с младшей",
        "search": "по расчёту {samples} раскладов так лучше: в среднем {gain:+d} к счёту",
        "bid_count": "считаю взятки на руке: около {tricks}",
        "bid_nil": "рука слабая и безопасная — заказываю Nil",
        "bid_partner_nil": "у вас Nil — беру взятки за двоих",
        "bid_crowded": "на столе уже заказано {bids} — заказываю осторожнее",
        "bid_weak": "рука слабая, а для Nil опасная — заказываю минимум",
        "bid_team_min": "минимум команды — {min}: заказываю не меньше {least}",
        "bid_thirteen": "берём все 13 взяток — за это бонус {bonus}",
        "bid_blind": "отстаём на {deficit} — рискую слепым Nil",
    },
    "en": {
        "only": "I have no other card",
        "own_nil": "I bid Nil — dropping my highest card that loses",
        "own_nil_forced": "I bid Nil, but this trick can't be given away",
        "own_nil_lead": "I bid Nil — leading low",
        "cover_partner_nil": "covering your Nil",
        "cover_cannot": "nothing to cover your Nil with — playing low",
        "break_nil": "breaking {seat}'s Nil — playing under it",
        "break_nil_under": "breaking {seat}'s Nil — not overtaking the Nil card",
        "break_nil_forced": "breaking {seat}'s Nil, but I must take this trick",
        "partner_winning": "you are winning the trick — playing low",
        "partner_winning_shed": "you are winning and our contract is made — shedding a high card",
        "partner_winning_forced": "you are winning, but I must overtake",
        "take_over": "your card may be beaten — taking the trick with a sure winner",
        "avoid_bags": "contract made — no extra tricks, the bags go to them",
        "ruff": "making our contract — void, trumping",
        "ruff_later": "you may still win it — not trumping",
        "win_cheap": "making our contract — winning with the cheapest card that does",
        "sure_winner": "making our contract — {card} surely wins",
        "third_high": "making our contract — third hand high",
        "second_low": "second hand low",
        "cant_win": "can't win this trick — playing low",
        "lead_winner": "making our contract — {card} is the top of its suit",
        "draw_trumps": "drawing the opponents' spades",
        "lead_short": "leading a short suit — to trump it later",
        "lead_low": "leading low",
        "search": "over {samples} sampled deals this is better: {gain:+d} points on average",
        "bid_count": "counting my tricks: about {tricks}",
        "bid_nil": "a weak, safe hand — bidding Nil",
        "bid_partner_nil": "you bid Nil — I take the tricks for both of us",
        "bid_crowded": "{bids} already bid — bidding carefully",
        "bid_weak": "a weak hand, risky for Nil — bidding the minimum",
        "bid_team_min": "the team minimum is {min}: bidding at least {least}",
        "bid_thirteen": "we take all 13 tricks — that is worth the bonus of {bonus}",
        "bid_blind": "{deficit} behind — risking a Blind Nil",
    },
}
SEAT_RU_GEN = ("Юга", "Запада", "Севера", "Востока")  # by Seat: S W N E
SEAT_EN = ("South", "West", "North", "East")


def words(lang: str = "ru", voice: str = "hint") -> Mapping[str, str]:
    """The catalogue of ``voice`` in ``lang``: the hint's words (``MESSAGES``) or, for "partner",
    North's own words (``PARTNER``) over them."""
    catalogue = MESSAGES.get(lang, MESSAGES["ru"])
    if voice == "partner":
        catalogue = {**catalogue, **PARTNER.get(lang, PARTNER["ru"])}
    return catalogue


def face(card: int) -> str:
    """«♠A», «♥10»: suit first, as the hints list cards (a deuce high by its printed suit, «♦2»);
    a joker as its notation, «BJ»."""
    c = Card(card)
    return c.rank_face if c.is_joker else SUIT_SYMBOLS[c.printed.suit] + c.rank_face


def faces(cards: Iterable[int]) -> str:
    return " ".join(face(c) for c in cards)


def suit_run(cards: Iterable[int]) -> str:
    """«♠K Q J 9 8»: one suit symbol, then the ranks high to low; a card above the ace by its own
    face («♠BJ ♦2 A K»)."""
    cards = sorted(cards, reverse=True)
    ranks = [Card(c).rank_face if c < HIGH_TWO_OF_SPADES else face(c) for c in cards]
    return SUIT_SYMBOLS[SUIT_OF[cards[0]]] + " ".join(ranks)


class Reason(Value):
    """Why: a message's code in the catalogues and the values it names."""

    __slots__ = ("code", "params")
    code: str
    params: Params

    def __init__(self, code: str, params: Mapping[str, object] | None = None) -> None:
        super().__init__(code, Frozen({} if params is None else params))  # hashable, as a Value is

    def text(self, lang: str = "ru", voice: str = "hint") -> str:
        """In ``lang``; ``voice`` "hint" speaks to the player, "partner" is North's own words."""
        catalogue = words(lang, voice)
        params = dict(self.params)
        seat = params.get("seat")
        if isinstance(seat, int):  # Nil «Востока», East's Nil
            params["seat"] = (SEAT_EN if lang == "en" else SEAT_RU_GEN)[seat]
        suit = cast("int | None", params.get("suit"))  # a suit index 0..3
        if suit is not None:
            params.update(
                suit_gen=SUIT_RU[suit][0], suit_one=SUIT_RU[suit][1], suit_pl=SUIT_RU[suit][2],
                suit_en=SUIT_EN[suit], suit_one_en=SUIT_EN[suit].rstrip("s"),
            )
        return catalogue[self.code].format(**params)


class Hint(Value):
    """A suggested action and its reasons."""

    __slots__ = ("action", "reasons")
    action: object  # a bid (int or "blind") or a Card
    reasons: tuple[Reason, ...]

    def __init__(self, action: object, reasons: tuple[Reason, ...]) -> None:
        super().__init__(action, reasons)

    def text(self, lang: str = "ru") -> str:
        return "; ".join(r.text(lang) for r in self.reasons)


__all__ = ["Reason", "Hint", "MESSAGES", "PARTNER", "words", "face", "faces", "suit_run"]
