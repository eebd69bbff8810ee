"""After the hand: what each of a seat's bids and plays cost, by the hard level's judgement.

Every decision is judged from that seat's view at the time — its own cards, the bids, the
cards played so far, never the hidden hands, though the hand is over — and seeded by
``decision_rng`` like every decision, so the same hand gives the same figures:

- a **play**: the position is rebuilt (``Game.rewound``) and the hard level's search
  (``HardBot.search_steps``) plays every candidate card over the same sampled deals, the card
  played among them; the team's expected points are ``sim.hand_value`` (bags at −10);
- a **bid**: the hard level's own bid for that view (``HardBot.bid_choice_steps``, the bid
  «Совет» hints), with Nil played out too, is the best bid; its playouts give every bid's
  expected points over the same sampled deals (``hard.judge_trials``, plain points, without the
  bot's caution), so following the hint is never charged.
  A Blind Nil is bid before the cards are seen, so it is not priced.

Both count, as the hard level does, the game's result where the hand ends the game
(``sim.Stakes``: the target's worth of points).

The cost of a decision is the best choice's mean minus the one made (never below 0). Costs
under ``NOISE`` points are sampling noise, not mistakes. A costly decision gets a reason code
when the position shows what went wrong (``play_reason``, ``bid_reason``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from .bots import HardBot, decision_rng, think
from .bots.hard import judge_trials, out_of_play, overtakes_partner, run_of, trial_score
from .bots.knowledge import to_sim
from .cards import SPADE_MASK, SUIT_OF, Card, Seat
from .rules import (
    BLIND,
    DEAL,
    DEFAULT,
    DISCARD,
    KEEP,
    Phase,
    Rules,
    beats,
    bid_value,
    is_blind,
    number_bids,
    spade_count,
    winning_index,
)
from .state import Game

if TYPE_CHECKING:
    from collections.abc import Generator, Iterable, Sequence

    from .bots.hard import Trial
    from .deal import SplitMix64
    from .reasons import Why
    from .state import View

NOISE = 3.0  # points: below this, a difference is the sampling's, not the player's
LISTED = 3  # the costliest decisions the summary lists
REASONS = ("own_nil", "overtook", "cover_nil", "trumped", "bag", "gave_trick", "led_spade", "high_card",
           "partner_nil_risk", "own_nil_risk",  # the codes of ``Decision.why`` for a play …
           "nil_broke", "nil_held", "overbid", "underbid")  # … and for a bid


@dataclass(frozen=True)
class Decision:
    action_index: int  # in ``game.actions()``
    trick: int  # 1-based, within the hand; a bid belongs to the first trick
    played: Card | int  # the card, or the bid (0 is Nil)
    best: Card | int
    cost: float  # expected points lost against the best choice (0 when it was the best)
    kind: str = "play"  # or "bid"
    why: Why | None = None  # (reason code, its parameters) for a costly decision


def hand_range(game: Game, hand_index: int) -> range:
    """The indices in ``game.actions()`` of hand ``hand_index``'s bids and plays."""
    actions = game.actions()
    start, hand = 0, 0
    for i, action in enumerate(actions):
        if action == DEAL:
            hand += 1
            if hand == hand_index:
                start = i + 1
            elif hand == hand_index + 1:
                return range(start, i)
    if hand < hand_index:
        raise ValueError(f"the game has no hand {hand_index + 1}")
    return range(start, len(actions))


UNPRICED = (BLIND, KEEP, DISCARD)  # not priced: a Blind Nil (bid unseen, as any blind bid) and the draw


def decisions_of(game: Game, hand_index: int, seat: Seat = Seat.S) -> list[int]:
    """The indices in ``game.actions()`` of ``seat``'s bid (unless a Blind Nil) and the cards it
    played in hand ``hand_index``, in order (at two, not its turns of the draw)."""
    actions, actors = game.actions(), game.actors()
    return [i for i in hand_range(game, hand_index) if actors[i] is seat and actions[i] not in UNPRICED
            and not is_blind(actions[i])]


def price_steps(game: Game, index: int, seat: Seat = Seat.S,
                against: int | None = None) -> Generator[None, None, Decision]:
    """The ``Decision`` for ``seat``'s bid or card at ``index`` of ``game.actions()``: a
    generator that yields between playouts (like ``Bot.think``) and returns it. ``against``: the
    choice it is priced against, in place of the best one (``departure_steps``); the cost may
    then be below 0, where the choice made scored better."""
    view = game.rewound(index).view(seat)
    action = game.actions()[index]
    rng = decision_rng(game.key, view)
    if view.phase is Phase.BID:  # a Blind Nil is not priced
        return (yield from _price_bid(view, index, cast(int, action), rng, against))
    played = int(action)
    card, means, _ = yield from HardBot().search_steps(view, rng, include=played)
    gone = out_of_play(to_sim(view, memory="all"))
    mine = run_of(played, list(means), view.held, gone)  # the searched run it belongs to
    if against is not None:
        other = run_of(against, list(means), view.held, gone)
        cost = round(means.get(other, means[mine]) - means[mine], 1)
        return Decision(index, len(view.tricks) + 1, Card(played), Card(against), cost,
                        why=play_reason(view, played, against) if cost >= NOISE else None)
    best = max(means, key=lambda c: means[c])
    cost = round(max(0.0, means[best] - means.get(mine, means[best])), 1)
    if cost < NOISE:
        return Decision(index, len(view.tricks) + 1, Card(played), Card(card), cost)
    return Decision(index, len(view.tricks) + 1, Card(played), Card(best), cost,
                    why=play_reason(view, played, best))


def _price_bid(view: View, index: int, bid: int, rng: SplitMix64,
               against: int | None = None) -> Generator[None, None, Decision]:
    """The bid's price: the hard level's own bid for this view and seed (``bid_choice_steps``, the
    bid «Совет» hints), with Nil played out too, and every bid's plain mean over its playouts
    (``against``: priced against that bid instead, the cost may be below 0)."""
    bot = HardBot()
    choice = yield from bot.bid_choice_steps(view.looked(), rng, price_all=True)
    best = cast(int, choice.bid) if against is None else against  # the cards are seen: a number or Nil
    allowed = number_bids(view.rules, view.partner_bid, spade_count(view.held))
    if len(allowed) == 1:  # the bidding game left no choice: nothing to price
        return Decision(index, 1, bid, best, 0.0, kind="bid")
    _, means = judge_trials(choice.trials, True, choice.counted, rules=view.rules,
                            allowed=allowed, stakes=bot.game_stakes(view))
    cost = round(means[best] - means[bid] if against is not None else max(0.0, means[best] - means[bid]), 1)
    why = bid_reason(choice.trials, bid, best, view.rules) if cost >= NOISE else None
    return Decision(index, 1, bid, best, cost, kind="bid", why=why)


def play_reason(view: View, played: int, best: int) -> Why | None:
    """What went wrong in playing ``played`` where ``best`` was better, as the position shows it
    (a code and its parameters), or None when nothing simple does."""
    sim = to_sim(view, memory="all")
    seat = int(view.seat)
    partner = view.partner
    trick = sim.trick
    top = trick[winning_index(trick)] if trick else None

    def takes(card: int) -> bool:  # beats the trick's best card so far
        return top is not None and beats(card, top)

    def spade(card: int) -> bool:
        return bool(SPADE_MASK >> card & 1)

    if sim.nil[seat] and not sim.taken[seat] and takes(played) and not takes(best):
        return ("own_nil", {})
    if overtakes_partner(sim, seat, played) and not overtakes_partner(sim, seat, best):
        return ("overtook", {})
    seats = view.trick.seats
    partner_exposed = partner is not None and top is not None and (  # the partner still to play, or winning
        partner not in seats or seats[winning_index(trick)] == partner)
    if (partner is not None and sim.nil[partner] and not sim.taken[partner] and partner_exposed and takes(best)
            and not takes(played)):
        return ("cover_nil", {})
    if top is not None and spade(played) and not spade(trick[0]) and not spade(best):
        return ("trumped", {})
    side = (seat,) if partner is None else (seat, partner)
    if takes(played) and not takes(best):
        bid = sum(bid_value(sim.bids[s]) for s in side)
        if bid and sum(sim.taken[s] for s in side) >= bid:
            return ("bag", {})
    if takes(best) and not takes(played):
        return ("gave_trick", {})
    if top is None and spade(played) and not spade(best):
        return ("led_spade", {})
    if SUIT_OF[played] == SUIT_OF[best] and played > best:
        return ("high_card", {})
    if partner is not None and sim.nil[partner] and not sim.taken[partner]:
        return ("partner_nil_risk", {})
    if sim.nil[seat] and not sim.taken[seat]:
        return ("own_nil_risk", {})
    return None


def bid_reason(trials: Sequence[Trial], bid: int, best: int, rules: Rules = DEFAULT) -> Why:
    """Why ``bid`` lost to ``best`` over the bid playouts (``hard.Trial``): how often a Nil broke
    or held, a contract was set, or the tricks taken."""
    nil = [trial.my_tricks for trial in trials if trial.my_bid == 0]
    number = [(trial.partner_bid, trial.my_tricks, trial.partner_tricks) for trial in trials if trial.my_bid != 0]

    def share(hits: int, of: int) -> int:
        return round(100 * hits / of) if of else 0

    if bid == 0:
        return ("nil_broke", {"pct": share(sum(1 for tm in nil if tm), len(nil))})
    if best == 0:
        return ("nil_held", {"pct": share(sum(1 for tm in nil if not tm), len(nil))})
    if bid > best:
        sets = sum(1 for pbid, tm, tp in number if trial_score(bid, tm, pbid, tp, rules.valuing()).set)
        return ("overbid", {"pct": share(sets, len(number))})
    mean = sum(tm for _, tm, _ in number) / len(number) if number else 0.0
    return ("underbid", {"tricks": round(mean, 1)})


def analyse_steps(game: Game, hand_index: int,
                  seat: Seat = Seat.S) -> Generator[Decision | None, None, list[Decision]]:
    """The seat's bid and plays in hand ``hand_index`` (0-based), priced: a generator that
    yields None between playouts and each ``Decision`` once priced (the page's progress), and
    returns the ``Decision`` list in the order made."""
    out = []
    for index in decisions_of(game, hand_index, seat):
        out.append((yield from price_steps(game, index, seat)))
        yield out[-1]
    return out


def departure_steps(game: Game, index: int, seat: Seat = Seat.S) -> Generator[None, None, Decision | None]:
    """``seat``'s bid or card at ``index`` of ``game.actions()`` against the hard level's own
    choice in that position, with the same seed (``bots.think``: what it plays there, as the
    par of «Сдача дня» does): None where they agree, else its ``Decision``, ``best`` the hard
    level's choice, priced as ``price_steps`` prices it against that choice."""
    view = game.rewound(index).view(seat)
    action = game.actions()[index]
    own = yield from think("hard", view, decision_rng(game.key, view))  # as ``daily.par_steps`` asks it
    if own == action or action in UNPRICED or is_blind(action):
        return None
    return (yield from price_steps(game, index, seat, against=cast(int, own)))


def costliest(decisions: Iterable[Decision], listed: int = LISTED) -> list[Decision]:
    """The ``listed`` costliest decisions at or above ``NOISE``, costliest first."""
    mistakes = [d for d in decisions if d.cost >= NOISE]
    return sorted(mistakes, key=lambda d: (-d.cost, d.action_index))[:listed]


__all__ = ["Decision", "NOISE", "REASONS", "analyse_steps", "bid_reason", "costliest", "decisions_of",
           "departure_steps", "hand_range", "play_reason", "price_steps"]
