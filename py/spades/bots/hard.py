"""Сложный (hard): card memory and search over the cards still out (PIMC).

Counts its bid as the medium level does (``bidding.STYLE``), then searches it. In play it
remembers every card played and every void shown, and for each decision:
1. groups its legal cards into equivalent runs (cards with nothing unseen between them play
   the same) and keeps one card per run;
2. draws ``samples`` deals of the unseen cards consistent with what it knows: each seat holds
   as many cards as it has left, none of a suit it has shown void in, Nil bidders seldom high
   cards (``knowledge.Sampler``); of every ``tries`` deals drawn it keeps the one that best
   explains what the other seats bid and played (``inference.likely_hands``);
3. plays every candidate in every sampled deal, then the rest of the hand with the shared
   policy (each seat judging from its own cards only), except that opponents whose bids and
   plays so far fit the beginner's rules better, the two taken together, play those
   (``inference.seat_rules``: a beginner keeps trying to win tricks and sets contracts a
   cooperative player would let through), opponents whose cards fit a pressing break of its
   team's standing Nil better play that (``pressure``: middle cards led and played before the
   Nil bidder, high cards shed once its partner covers; ``press``), and this seat and its
   partner go for the other team's set a trick earlier than the policy does (``team_reach``);
   and scores the hand for its team against the other (``sim.hand_value``: bags at −10), and,
   where the hand ends the game, for the game's result (``sim.Stakes``: the target's worth of
   points);
4. plays the policy's own card unless another candidate scores ``MARGIN`` points better.
The number of samples comes from a budget of simulated card plays (the playouts, and the plays
the inference replays to judge each deal drawn and to read the opponents in it), so the work
per decision is bounded by a count, never by the clock: the same position and seed give the
same card. The budget is the same for every card, a lead's or a follow's: early in the hand,
where many candidates share it, it (not ``MAX_SAMPLES``) is what limits the deals, and there the
play falls furthest short of the ceiling.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple, cast

from ..bids import BIDDINGS
from ..cards import CARD_SLOTS, NUM_SEATS, SUIT_MASK, SUIT_OF, mask_of
from ..rules import (
    BAG_COST,
    BLIND,
    DEFAULT,
    MAX_BID,
    VALUING,
    beats,
    bid_value,
    closest_bid,
    first_to_act,
    in_turn,
    is_nil,
    nil_stake,
    number_bids,
    plain_bids,
    spade_count,
    trailing_by,
    winning_index,
)
from ..scoring import score_team
from .base import Explaining, finish, legal_card
from .bidding import STYLE, BidStyle, bid_for, blind_wanted, judge_bid, partner_allows_nil
from .estimate import estimate
from .inference import Deal, Evidence, likely_hands, seat_rules
from .knowledge import Sampler, remaining_counts, stakes_of, to_sim, voids
from .sim import LATER, _sure, hand_value, policy_why, reaching
from .solo import SoloSim, draw_choice, solo_policy_why, solo_values

if TYPE_CHECKING:
    from collections.abc import Generator, Mapping, Sequence

    from ..cards import Card
    from ..deal import SplitMix64
    from ..reasons import Why
    from ..rules import Bid, Rules
    from ..scoring import TeamScore
    from ..state import View
    from .estimate import Estimate
    from .sim import Sim, Stakes


class Trial(NamedTuple):
    """One playout of the bid search: the seat that searched, every seat's bid in it (the
    searching seat's the number or Nil it tried) and every seat's tricks."""

    seat: int
    bids: tuple[Bid | None, ...]
    taken: tuple[int, ...]
    partner: int | None = None  # the partner's seat; None at a table without partners

    @property
    def my_bid(self) -> int:
        return cast("int", self.bids[self.seat])  # a number or Nil: the search never tries a Blind Nil

    @property
    def partner_bid(self) -> Bid | None:
        return None if self.partner is None else self.bids[self.partner]

    @property
    def my_tricks(self) -> int:
        return self.taken[self.seat]

    @property
    def partner_tricks(self) -> int:
        return 0 if self.partner is None else self.taken[self.partner]


class BidChoice(NamedTuple):
    """The hard level's bid for one view and seed, with what decided it: the one answer that the
    bot bids, «Совет» hints, «Разбор сдачи» prices against and the Nil preview reads
    (``HardBot.bid_choice_steps``)."""

    bid: Bid
    why: Why  # the reason code of the partner's words and of the hint: ``bid_count``, ``bid_search``, …
    counted: int  # the count's bid (``judge_bid``) before the playouts; 0 for a Blind Nil
    est: Estimate | None  # the hand's count (None for a Blind Nil: the cards are not looked at)
    notes: tuple[Why, ...]  # ``judge_bid``'s notes, in the order they applied
    trials: tuple[Trial, ...]  # the playouts (with ``price_all``, Nil's too)

    @property
    def searched(self) -> Why | None:
        """``bid_search`` when the playouts moved the bid off the count, else None."""
        if self.est is None or self.bid == self.counted:
            return None
        samples = sum(1 for trial in self.trials if trial.my_bid != 0)  # one number playout a deal
        return ("bid_search", {"samples": samples, "counted": self.counted})

    def nil_held(self) -> float | None:
        """How often a Nil of this seat held in the playouts (0..1), or None without Nil playouts."""
        held = [trial.my_tricks == 0 for trial in self.trials if trial.my_bid == 0]
        return sum(held) / len(held) if held else None


BUDGET = 27000  # simulated card plays per decision: samples × (candidates × cards left + judging)
MARGIN = 6.0  # points per deal a searched card must gain over the policy's card
MIN_SAMPLES = 6
BID_SAMPLES = 40  # sampled deals played out to check a bid
SET_CAUTION = 60.0  # extra points a set costs in the bid search: the playouts are optimistic
NIL_CAUTION = 15.0  # points a Nil must gain over the best number, for the playouts' optimism
MAX_SAMPLES = 60
TRIES = 4  # deals drawn for each one searched: the one that best explains the others' actions
TEAM_REACH = 2  # in the card playouts its own team goes for a set this many tricks out (``sim.SET_REACH``)
PRESS = 1  # the lean to pressing its team's Nil that has the opponents press it in the playouts (0: never)


def candidate_runs(legal: int, held: int, gone: int) -> list[int]:
    """One card (the lowest) per run of equivalent legal cards: of a suit, with nothing between
    them but the seat's own cards (``held``) and cards out of play (``gone``, ``out_of_play``:
    taken in earlier tricks or never dealt, not the ones on the table); A♠ and the little joker
    are neighbours."""
    out = []
    for s in range(4):
        known = held | gone | ~SUIT_MASK[s]
        m = legal & SUIT_MASK[s]
        prev = -1
        while m:
            lb = m & -m
            c = lb.bit_length() - 1
            m ^= lb
            if prev >= 0:
                gap = ((1 << c) - 1) & ~((2 << prev) - 1)
                if gap & ~known == 0:
                    prev = c
                    continue
            out.append(c)
            prev = c
    return out


def out_of_play(sim: Sim) -> int:
    """The cards gone from the hand for ``candidate_runs``: those of the tricks taken and the two
    never dealt, not the ones on the table (a card there still parts two runs)."""
    return sim.played & ~mask_of(sim.trick)


def run_of(card: int, runs: list[int], held: int, gone: int) -> int:
    """The representative of the run ``card`` belongs to."""
    best = card
    for r in runs:
        if r <= card and SUIT_OF[r] == SUIT_OF[card]:
            gap = ((1 << card) - 1) & ~((2 << r) - 1) & SUIT_MASK[SUIT_OF[r]] if r < card else 0
            if gap & ~(held | gone) == 0:
                best = r
                break
    return best


def overtakes_partner(sim: Sim, seat: int, card: int) -> bool:
    """Would ``card`` take a trick the partner is surely winning (partner not on Nil)?"""
    trick = sim.trick
    n = len(trick)
    partner = seat ^ 2
    if n < 2 or isinstance(sim, SoloSim) or sim.nil[partner]:  # alone at the table: no partner
        return False
    best = winning_index(trick)
    if (sim.leader + best) & 3 != partner or not beats(card, trick[best]):
        return False
    return n == 3 or _sure(trick[best], sim.held[seat], sim, LATER[sim.leader][n])


QUICK = replace(STYLE, shade=False)  # a sampled seat yet to bid: its count alone


def quick_bid(held: int, rules: Rules = DEFAULT, partner_bid: Bid | None = None) -> int:
    """What a sampled seat might bid with ``held``: the level's count (``bid_for``), or Nil on a
    safe weak hand, with no bids to look at but the team's minimum after ``partner_bid``."""
    bid, _ = bid_for(0, (None,) * 4, estimate(held, rules.over_ace), QUICK, rules)
    return int(closest_bid(bid, number_bids(rules, partner_bid, spade_count(held))))


def may_search_nil(view: View, est: Estimate, style: BidStyle) -> bool:
    """Does the bid search try Nil too: the hand is safe enough for the search
    (``style.nil_search_danger``) and the partner allows a Nil (``partner_allows_nil``)."""
    return est.danger < style.nil_search_danger and partner_allows_nil(view.bids, int(view.seat), view.rules)


def judge_trials(trials: Sequence[Trial], with_nil: bool, heuristic: int, set_caution: float = 0.0,
                 nil_caution: float = 0.0, rules: Rules = DEFAULT, allowed: Sequence[int] | None = None,
                 stakes: Stakes | None = None) -> tuple[int, dict[int, float]]:
    """The best bid over the playouts and each candidate's mean (``bid_trial_value``, under
    ``rules``): every number bid of ``allowed`` (``rules.number_bids``: the team's minimum, the
    bidding game; every one by default) is judged on the tricks of the number playouts, Nil
    (when ``with_nil`` and allowed) on its own. A set costs
    ``set_caution`` more and a Nil must gain ``nil_caution``, for the playouts' optimism (the
    level's own choice: ``SET_CAUTION``, ``NIL_CAUTION``); with none, the means are plain points
    (the analysis). With the game's ``stakes``, a playout in which the searching seat's bid ends
    the game counts its result too (``Stakes.game_points``)."""
    best, best_value = heuristic, None
    means: dict[int, float] = {}
    valuing = rules.valuing()
    table = rules.layout
    allowed = range(table.hand_size + 1) if allowed is None else allowed
    for cand in ([0] if with_nil and 0 in allowed else []) + [c for c in allowed if c]:
        total: float = 0
        count = 0
        for trial in trials:
            if (trial.my_bid == 0) != (cand == 0):
                continue
            total += bid_trial_value(cand, trial.my_tricks, trial.partner_bid, trial.partner_tricks,
                                     set_caution, valuing)
            if stakes is not None:
                bids = list(trial.bids)
                bids[trial.seat] = cand
                total += stakes.game_points(bids, trial.taken, table.side_of[trial.seat])
            count += 1
        if not count:
            continue
        value = total / count
        if cand == 0:
            value -= nil_caution
        means[cand] = value
        if best_value is None or value > best_value:
            best, best_value = cand, value
    return best, means


def bid_trials_steps(view: View, rng: SplitMix64, heuristic: int, with_nil: bool,
                     samples: int, sampler: Sampler | None = None) -> Generator[None, None, list[Trial]]:
    """The playouts behind a bid: ``samples`` sampled deals, each played out with this seat
    bidding ``heuristic`` (at least 1) and, when ``with_nil``, once more bidding Nil. Every
    seat plays the policy: before the first card, a bid alone is too weak a sign of a beginner
    to play it by the beginner's rule (``inference.seat_rules``). Returns a ``Trial``
    per playout; yields after every trick. The deals come from ``sampler`` (by default the unseen
    cards' ``Sampler``, nothing known yet of anyone's voids)."""
    me = int(view.seat)
    table = view.rules.layout
    partner = table.partner_of[me]
    base = to_sim(view, memory="all")
    base.leader = first_to_act(view.dealer, table)
    counts = [table.hand_size if s in table.seats else 0 for s in range(NUM_SEATS)]
    vd = [0] * 4
    trials: list[Trial] = []
    sampler = sampler or Sampler(view, vd=vd, counts=counts)
    order = in_turn(base.leader, table)  # the first bidder leads too
    for _ in range(samples):
        hands = sampler.draw(rng)
        bids = plain_bids(view.bids)
        nil = [nil_stake(b, view.rules.nil_bonus) for b in view.bids]
        for s in order:  # in bidding order: a seat's sampled bid may follow its partner's (the minimum)
            if s != me and s != partner and view.bids[s] is None:  # the partner's follows this seat's, below
                mate = table.partner_of[s]
                bids[s] = quick_bid(hands[s], view.rules, None if mate is None else bids[mate])
                nil[s] = nil_stake(bids[s], view.rules.nil_bonus)
        options = [heuristic if heuristic else 1] + ([0] if with_nil else [])
        for mine in options:
            sim = base.copy()
            sim.held = hands[:]
            if sim.opening:  # the first trick is led by the sampled holder of its club
                sim.leader = next(s for s in table.seats if hands[s] & sim.opening)
            b = bids[:]
            n = nil[:]
            b[me] = mine
            n[me] = nil_stake(mine, view.rules.nil_bonus)
            if partner is not None and view.bids[partner] is None:  # the partner bids after this seat
                b[partner] = quick_bid(hands[partner], view.rules, mine)
                n[partner] = nil_stake(b[partner], view.rules.nil_bonus)
            sim.bids, sim.nil = b, n
            yield from sim.playout_steps()
            trials.append(Trial(me, tuple(b), tuple(sim.taken), partner))
    return trials


def bid_trial_value(mine: int, tm: int, pbid: Bid | None, tp: int, caution: float = 0.0,
                    rules: Rules = VALUING) -> float:
    """What the team scores (``score_team`` under ``rules``, as ``Rules.valuing`` gives them:
    bags at −BAG_COST) when this seat bids ``mine`` and takes ``tm`` tricks, the partner bid
    ``pbid`` and took ``tp`` (None: the seat plays alone); a set costs ``caution`` more."""
    score = trial_score(mine, tm, pbid, tp, rules)
    return score.hand - caution if score.set else score.hand


def trial_score(mine: int, tm: int, pbid: Bid | None, tp: int, rules: Rules = VALUING) -> TeamScore:
    """``score_team`` of a playout of the bid search, from 0, bags at −BAG_COST: this seat bid
    ``mine`` and took ``tm``, its partner bid ``pbid`` and took ``tp`` (``pbid`` None: alone)."""
    if pbid is None:
        return score_team((mine,), (tm,), 0, 0, rules, -BAG_COST)
    return score_team((mine, pbid), (tm, tp), 0, 0, rules, -BAG_COST)


class HardBot(Explaining):
    level = "hard"
    style = STYLE
    budget = BUDGET
    margin = MARGIN
    score_aware = True  # the game's score in the values (``sim.Stakes``); off: every hand from 0

    bid_samples = BID_SAMPLES
    tries = TRIES
    team_reach = TEAM_REACH
    press = PRESS
    set_caution = SET_CAUTION
    nil_caution = NIL_CAUTION

    def bid_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Bid, Why | None]]:
        choice = yield from self.bid_choice_steps(view, rng)
        return choice.bid, choice.why

    def draw(self, view: View, rng: SplitMix64) -> str:
        return draw_choice(view)

    def bid_choice_steps(self, view: View, rng: SplitMix64,
                         price_all: bool = False) -> Generator[None, None, BidChoice]:
        """The level's bid for ``view`` with ``rng``: Blind Nil from the score alone
        (``blind_wanted``), else the count (``judge_bid``) refined by playing the hand out over
        ``bid_samples`` sampled deals (``bid_trials_steps``): every number bid from the team's
        minimum up and, where the level allows it (``may_search_nil``), Nil are judged over the
        trick counts seen with the level's cautions (``judge_trials``), and the best is bid.
        ``price_all`` plays Nil out too where the level would not consider it, to price every
        bid (the analysis, the Nil preview): the deals are the same and so is the bid. Yields
        after every trick of every playout."""
        if blind_wanted(view):
            deficit = trailing_by(view.totals, view.team)
            return BidChoice(BLIND, ("bid_blind", {"deficit": deficit}), 0, None, (), ())
        counted, est, notes = judge_bid(view, self.style)
        trials: list[Trial] = []
        bid = counted
        allowed = number_bids(view.rules, view.partner_bid, spade_count(view.held))
        if len(allowed) == 1:  # the bidding game leaves one bid (Mirror's, Suicide's second Nil)
            return BidChoice(counted, count_reason(est, notes), counted, est, tuple(notes), ())
        if self.bid_samples:
            consider_nil = may_search_nil(view, est, self.style)
            trials = yield from bid_trials_steps(view, rng, counted, consider_nil or price_all, self.bid_samples,
                                                 self.bid_sampler(view))
            bid, _ = judge_trials(trials, consider_nil, counted, self.set_caution, self.nil_caution, view.rules,
                                  allowed, self.game_stakes(view))
        choice = BidChoice(bid, count_reason(est, notes), counted, est, tuple(notes), tuple(trials))
        reason = choice.searched or choice.why
        partner_bid = view.partner_bid
        if (view.rules.thirteen_bonus and partner_bid is not None and not is_nil(partner_bid)
                and bid + bid_value(partner_bid) == MAX_BID):
            reason = ("bid_thirteen", {"bonus": view.rules.thirteen_bonus})
        return choice._replace(why=reason)

    def play_sampler(self, view: View, vd: list[int], counts: list[int]) -> Sampler:
        """Where the searched deals of a card come from: the unseen cards, dealt consistently
        with the seats' shown voids ``vd`` and cards left ``counts``. (A tools-only level that
        sees every hand overrides this and ``bid_sampler``: ``spades_cli.ceiling``.)"""
        return Sampler(view, vd=vd, counts=counts)

    def game_stakes(self, view: View) -> Stakes | None:
        """The game's score the level values a hand's end with (``sim.Stakes``), or None when it
        values every hand from 0 (``score_aware`` off)."""
        return stakes_of(view) if self.score_aware else None

    def bid_sampler(self, view: View) -> Sampler | None:
        """Where the bid's playouts' deals come from: None, ``bid_trials_steps``'s own."""
        return None

    def play_why(self, view: View, rng: SplitMix64) -> Generator[None, None, tuple[Card, Why | None]]:
        card, _, reason = yield from self.search_steps(view, rng)
        return legal_card(view, card), reason

    def world_values(self, ev: Evidence, base: Sim, deal: Deal,
                     runs: list[int], stakes: Stakes | None = None) -> Generator[None, None, dict[int, int]]:
        """What each candidate card of ``runs`` is worth to the team in one sampled ``deal``:
        the card played, then the rest of the hand by the rules each seat is read to play by
        (``seat_rules`` of the deal's reading; this seat and its partner by the policy going for
        the other team's set ``team_reach`` tricks early, ``sim.reaching``), scored by
        ``hand_value`` or, with the game's ``stakes``, by their ``value`` (the game's result too).
        Yields after every trick. (A tools-only level that solves the last tricks exactly
        overrides this: ``spades_cli.endgame``.)"""
        rules = seat_rules(ev, deal.reading, reaching(self.team_reach))
        hands = deal.hands
        team = ev.me & 1
        values = {}
        for c in runs:
            sim = base.copy()
            sim.held = hands[:]
            sim.play(c)
            yield from sim.playout_steps(rules)
            values[c] = stakes.value(sim, team) if stakes else hand_value(sim, team)
        return values

    def search(self, view: View, rng: SplitMix64) -> tuple[int, dict[int, float], Why]:
        """(card, {candidate: mean value}, reason) — the searched choice, what each candidate
        scored, and what decided: the policy's rule, or the search's margin over it."""
        return finish(self.search_steps(view, rng))

    def search_steps(self, view: View, rng: SplitMix64,
                     include: int | None = None) -> Generator[None, None, tuple[int, dict[int, float], Why]]:
        """``search`` as a generator that yields after judging each deal drawn and after every
        trick of every playout. ``include`` (a legal card) is searched too even where the level
        would not consider it (overtaking the partner's sure winner): the analysis prices the
        card South played."""
        base = to_sim(view, memory="all")
        seat = int(view.seat)
        solo = isinstance(base, SoloSim)
        legal = mask_of(cast("tuple[Card, ...]", view.legal))  # in play, ``view.legal`` holds cards
        default, rule = solo_policy_why(base, seat) if isinstance(base, SoloSim) else policy_why(base, seat)
        gone = out_of_play(base)
        every = candidate_runs(legal, view.held, gone)
        runs = every if solo else [c for c in every if not overtakes_partner(base, seat, c)] or every
        if include is not None:
            mine = run_of(include, every, view.held, gone)
            if mine not in runs:
                runs = runs + [mine]
        if len(runs) == 1:
            return default, {runs[0]: 0.0}, rule
        default_run = run_of(default, runs, view.held, gone)
        cards_left = CARD_SLOTS - base.played.bit_count()  # ``played`` counts the two never dealt
        ev = Evidence(view, self.style, self.press)
        judging = 0 if solo else ev.cost(self.tries) + len(ev.plays)  # and the plays replayed to read the opponents
        n = max(MIN_SAMPLES, min(MAX_SAMPLES, self.budget // (len(runs) * cards_left + judging)))
        vd = voids(view)
        counts = remaining_counts(view)
        totals = dict.fromkeys(runs, 0.0)
        sampler = self.play_sampler(view, vd, counts)
        stakes = self.game_stakes(view)
        for _ in range(n):
            if isinstance(base, SoloSim):  # alone at the table: every seat plays the policy in the playouts
                hands = sampler.draw(rng)
                yield
                values: Mapping[int, float] = yield from solo_values(base, hands, runs, stakes)
            else:
                deal = likely_hands(ev, sampler, rng, self.tries)
                yield  # drawing and reading the deals is a slice of its own
                values = yield from self.world_values(ev, base, deal, runs, stakes)
            for c in runs:
                totals[c] += values[c]
        # leave the policy's card only for one that is clearly better: sampling is noisy
        best = default_run
        bar = totals[best] + self.margin * n
        for c in runs:
            if totals[c] > bar:
                best, bar = c, totals[c]
        means = {c: totals[c] / n for c in runs}
        if best == default_run:
            return default, means, rule
        gain = (totals[best] - totals[default_run]) / n
        return best, means, ("search", {"gain": round(gain), "samples": n})


def count_reason(est: Estimate, notes: list[Why]) -> Why:
    """The bid's reason from ``judge_bid``'s notes: the rule that set it, else the count."""
    codes = dict(notes)
    for code in (*BIDDINGS, "team_min", "nil", "partner_nil", "crowded", "weak"):
        if code in codes:
            return "bid_" + code, codes[code]
    return "bid_count", {"tricks": round(est.tricks, 1)}
