"""Hints («Совет»): the action the strongest level would take, with the reasons in words.

- ``bid_hint(view, rng)``: the hard level's count (instant: without the playout check the hard
  bot adds, which moves about one bid in three, by one trick or to or from Nil) and the parts that drove it
  (sure tricks, long spades, voids and short suits to ruff, Nil on a weak hand, the bids
  already made). Blind Nil, when offered, is hinted from the score alone.
- ``play_hint(view, rng)``: the hard level's card, and why, judged from the table: covering
  the partner's Nil, the partner already winning, avoiding bags, second hand low, …
- ``hint(view, rng)``: whichever of the two the phase asks for.

A ``Hint`` is data — the action and a tuple of ``Reason(code, params)`` — and renders itself
with ``text(lang)`` from the ``MESSAGES`` catalogue below ("ru" and "en"), the one place where
these words live. The play hint's search takes its generator from ``bots.decision_rng`` like
any computer decision: the caller gives the game number as ``key``, and the same position of the
same game always gets the same hint — the card the hard level would play in that seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .bots import decision_rng
from .bots.base import finish
from .bots.bidding import blind_wanted, judge_bid
from .bots.estimate import estimate
from .bots.hard import HardBot, bid_trials_steps
from .bots.knowledge import to_sim
from .bots.sim import ABOVE, team_need
from .cards import NUM_RANKS, SPADE_MASK, SUIT_MASK, SUIT_SYMBOLS, Card
from .rules import BAGS_PER_PENALTY, BLIND, Phase, beats, bid_value, is_nil, winning_index
from .scoring import score_team
from .state import View

MAX_REASONS = 3

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
        "blind": "отстаём на {deficit} — можно рискнуть слепым Nil",
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
        "blind": "{deficit} behind — a Blind Nil is worth the risk",
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
        "bid_blind": "отстаём на {deficit} — рискую слепым Nil",
        "bid_search": "по розыгрышу {samples} раскладов это выгоднее, чем {counted} по счёту",
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
        "bid_blind": "{deficit} behind — risking a Blind Nil",
        "bid_search": "over {samples} sampled deals this pays better than the counted {counted}",
    },
}
SEAT_RU_GEN = ("Юга", "Запада", "Севера", "Востока")  # by Seat: S W N E
SEAT_EN = ("South", "West", "North", "East")


def face(card: int) -> str:
    """«♠A», «♥10»: suit first, as the hints list cards."""
    c = Card(card)
    rank = c.rank_letter
    return SUIT_SYMBOLS[card // NUM_RANKS] + ("10" if rank == "T" else rank)


def faces(cards) -> str:
    return " ".join(face(c) for c in cards)


def suit_run(cards) -> str:
    """«♠K Q J 9 8»: one suit symbol, then the ranks high to low."""
    cards = sorted(cards, reverse=True)
    ranks = [("10" if Card(c).rank_letter == "T" else Card(c).rank_letter) for c in cards]
    return SUIT_SYMBOLS[cards[0] // NUM_RANKS] + " ".join(ranks)


@dataclass(frozen=True)
class Reason:
    code: str
    params: dict = field(default_factory=dict)

    def text(self, lang: str = "ru", voice: str = "hint") -> str:
        """In ``lang``; ``voice`` "hint" speaks to the player, "partner" is North's own words."""
        catalogue = MESSAGES.get(lang, MESSAGES["ru"])
        if voice == "partner":
            catalogue = {**catalogue, **PARTNER.get(lang, PARTNER["ru"])}
        params = dict(self.params)
        seat = params.get("seat")
        if isinstance(seat, int):  # Nil «Востока», East's Nil
            params["seat"] = (SEAT_EN if lang == "en" else SEAT_RU_GEN)[seat]
        suit = params.get("suit")
        if suit is not None:
            params.update(
                suit_gen=SUIT_RU[suit][0], suit_one=SUIT_RU[suit][1], suit_pl=SUIT_RU[suit][2],
                suit_en=SUIT_EN[suit], suit_one_en=SUIT_EN[suit].rstrip("s"),
            )
        return catalogue[self.code].format(**params)


@dataclass(frozen=True)
class Hint:
    action: object  # a bid (int or "blind") or a Card
    reasons: tuple[Reason, ...]

    def text(self, lang: str = "ru") -> str:
        return "; ".join(r.text(lang) for r in self.reasons)


def hint(view: View, key: int = 0) -> Hint:
    """The hint for the seat of ``view`` in game ``key`` (its number): a bid or a card."""
    return finish(hint_steps(view, key))


# --- bidding ---------------------------------------------------------------------------------

def bid_hint(view: View) -> Hint:
    if blind_wanted(view):
        us, them = view.totals[view.team], view.totals[1 - view.team]
        return Hint(BLIND, (Reason("blind", {"deficit": them - us}),))
    est = estimate(view.held)
    bid, est, notes = judge_bid(view, HardBot.style, est)
    reasons: list[Reason] = []
    codes = [code for code, _ in notes]
    if "nil" in codes:
        reasons.append(Reason("nil"))
    else:
        if est.sure:
            cards = _sorted_for_hint(est.sure)
            reasons.append(Reason("sure" if len(cards) > 1 else "sure_one", {"cards": faces(cards)}))
        if est.long_spades:
            reasons.append(Reason("long_spades", {"cards": suit_run(est.long_spades)}))
        for suit, length in est.ruffs:
            reasons.append(Reason(("void", "singleton", "doubleton")[length], {"suit": suit}))
        if est.likely:
            cards = _sorted_for_hint(est.likely)
            reasons.append(Reason("likely" if len(cards) > 1 else "likely_one", {"cards": faces(cards)}))
        for suit in est.long_side:
            reasons.append(Reason("long_side", {"suit": suit}))
        if "weak" in codes:
            reasons.insert(0, Reason("weak"))
        reasons = reasons[:MAX_REASONS]
        for code, params in notes:
            if code in ("crowded", "partner_nil"):
                reasons.append(Reason(code, params))
    return Hint(bid, tuple(reasons))


def _sorted_for_hint(cards) -> list[int]:
    """Spades first, then hearts, clubs, diamonds; high to low within a suit."""
    order = {0: 0, 1: 1, 3: 2, 2: 3}
    return sorted(cards, key=lambda c: (order[c // NUM_RANKS], -(c % NUM_RANKS)))


# --- the bid's risk ---------------------------------------------------------------------------

@dataclass(frozen=True)
class BidRisk:
    """What a bid of South's may bring the team this hand, by ``scoring.score_team`` (the sheet's
    own count, bag penalty included): the contract made exactly, made with the bags the hand is
    likely to give, or set by one trick (a Nil: held, or broken by one trick)."""
    bid: object  # 0..13 or BLIND
    partner: object  # the partner's bid, or the count assumed while the partner has not bid
    partner_known: bool
    bank: int  # the team's bags in the bank
    to_penalty: int | None  # bags still to go before the −100 (None: no bag penalty)
    made: int
    likely: int
    set: int
    likely_tricks: int  # South's tricks by the hand's count (the "likely" row)


def bid_risk(view: View, bid, est=None) -> BidRisk:
    """The risk of ``bid`` for the seat of ``view`` (South, while bidding). An unknown partner's
    bid is taken as its share of the tricks this hand does not count on: (13 − count) / 3.
    ``est``: the hand's ``estimate``, when the caller has it already."""
    team = view.team
    est = est or estimate(view.held)
    partner_bid = view.bids[view.partner]
    known = partner_bid is not None
    if not known:
        partner_bid = max(1, min(13, int((13 - est.tricks) / 3 + 0.5)))
    partner_takes = 0 if is_nil(partner_bid) else bid_value(partner_bid)
    bank = view.banks[team]
    rules = view.rules

    def points(mine: int) -> int:
        return score_team((bid, partner_bid), (mine, partner_takes), view.totals[team], bank,
                          rules.bag_penalty).hand

    if is_nil(bid):
        expected = 0
        made = likely = points(0)
        failed = points(1)
    else:
        expected = max(bid, min(13 - partner_takes, int(est.tricks + 0.5)))
        made = points(bid)
        likely = points(expected)
        failed = points(bid - 1)
    to_penalty = BAGS_PER_PENALTY - bank if rules.bag_penalty else None
    return BidRisk(bid, partner_bid, known, bank, to_penalty, made, likely, failed, expected)


def nil_chance_steps(view: View, key: int = 0):
    """How often a Nil of this seat holds in the hard level's sampled playouts of this hand
    (``hard.bid_trials_steps``, seeded by ``decision_rng``, bounded by its sample count): a
    generator that yields between playouts and returns the share (0..1), or None when the seat
    may not bid Nil now."""
    if 0 not in view.legal:
        return None
    trials = yield from bid_trials_steps(view, decision_rng(key, view), 0, True, HardBot.bid_samples)
    held = [tm == 0 for mine, _, tm, _ in trials if mine == 0]
    return sum(held) / len(held) if held else None


# --- play ------------------------------------------------------------------------------------

def play_hint(view: View, key: int = 0) -> Hint:
    return finish(play_hint_steps(view, key))


def play_hint_steps(view: View, key: int = 0):
    """``play_hint`` a slice at a time (a generator returning the Hint), like ``Bot.think``."""
    card, _, (code, params) = yield from HardBot().search_steps(view, decision_rng(key, view))
    card = next(c for c in view.legal if c == card)
    return Hint(card, (Reason(code, params),))


def hint_steps(view: View, key: int = 0):
    """``hint`` a slice at a time: only the play hint searches."""
    if view.phase is Phase.BID:
        return bid_hint(view)
    return (yield from play_hint_steps(view, key))


def explain(view: View, card: int) -> tuple[str, dict]:
    """Why ``card`` is a sound play now, in one reason code (with parameters)."""
    sim = to_sim(view, memory="all")
    seat = int(view.seat)
    team = seat & 1
    partner = seat ^ 2
    hand = view.held
    trick = sim.trick
    n = len(trick)
    taken = sim.taken
    nil = sim.nil
    my_nil = bool(nil[seat])
    partner_nil = bool(nil[partner]) and taken[partner] == 0
    opp_nils = [o for o in (seat ^ 1, seat ^ 3) if nil[o] and taken[o] == 0]
    need = team_need(sim, team)
    outstanding_above = ABOVE[card] & ~hand & ~sim.played
    if n == 0:
        if my_nil:
            return "own_nil_lead", {}
        if partner_nil:
            return "cover_partner_nil", {}
        if opp_nils:
            return "break_nil", {}
        if need <= 0:
            return "avoid_bags", {}
        if not outstanding_above:
            if card < NUM_RANKS:
                return "draw_trumps", {}
            return "lead_winner", {"card": Card(card).display}
        suit = card // NUM_RANKS
        if suit and hand & SPADE_MASK and bin(hand & SUIT_MASK[suit]).count("1") == 1:
            return "lead_short", {}
        return "lead_low", {}
    leader = sim.leader
    best = winning_index(trick)
    wcard, wseat = trick[best], (leader + best) & 3
    led = trick[0] // NUM_RANKS
    wins = beats(card, wcard)
    later = [(leader + k) & 3 for k in range(n + 1, 4)]
    if my_nil:
        return ("own_nil_forced", {}) if wins else ("own_nil", {})
    if partner_nil and wins and (partner in later or wseat == partner):
        return "cover_partner_nil", {}
    if opp_nils and not wins and (any(o in later for o in opp_nils) or wseat in opp_nils):
        return "break_nil", {}
    if wseat == partner and not wins:
        lower = [c for c in view.legal if c % NUM_RANKS < card % NUM_RANKS and c // NUM_RANKS == card // NUM_RANKS]
        return ("partner_winning_shed" if lower else "partner_winning"), {}
    if need <= 0 and not wins:
        return "avoid_bags", {}
    if wins:
        if card < NUM_RANKS and led != 0:
            return "ruff", {}
        if n == 3:
            return "win_cheap", {}
        if not outstanding_above:
            return "sure_winner", {"card": Card(card).display}
        if n == 2:
            return "third_high", {}
        return "take", {}
    could_win = any(beats(c, wcard) for c in view.legal)
    if could_win and n == 1 and card // NUM_RANKS == led:
        return "second_low", {}
    return "cant_win", {}


__all__ = ["Hint", "Reason", "MESSAGES", "PARTNER", "BidRisk", "bid_risk", "nil_chance_steps",
           "hint", "hint_steps", "bid_hint", "play_hint", "explain"]
