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
from .bots.hard import HardBot
from .bots.knowledge import to_sim
from .bots.sim import ABOVE, team_need
from .cards import NUM_RANKS, SPADE_MASK, SUIT_MASK, SUIT_SYMBOLS, Card
from .rules import BLIND, Phase, beats, winning_index
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
        "search": "лучший ход по расчёту раздач",
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
        "search": "best play over the sampled deals",
    },
}


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

    def text(self, lang: str = "ru") -> str:
        catalogue = MESSAGES.get(lang, MESSAGES["ru"])
        params = dict(self.params)
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


# --- play ------------------------------------------------------------------------------------

def play_hint(view: View, key: int = 0) -> Hint:
    return finish(play_hint_steps(view, key))


def play_hint_steps(view: View, key: int = 0):
    """``play_hint`` a slice at a time (a generator returning the Hint), like ``Bot.think``."""
    card, _ = yield from HardBot().search_steps(view, decision_rng(key, view))
    card = next(c for c in view.legal if c == card)
    code, params = explain(view, card)
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


__all__ = ["Hint", "Reason", "MESSAGES", "hint", "hint_steps", "bid_hint", "play_hint", "explain"]
