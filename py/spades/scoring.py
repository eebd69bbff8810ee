"""The six score rows of a hand (SPEC §3), as a pure function.

For each team: ``contract`` (±10 × the sum of the partners' non-nil bids, made when the
non-nil bidders together take at least that many tricks), ``bags`` (+1 per overtrick and per
trick taken by a Nil bidder; each is also a bag into the bank), ``nil`` (±100 per Nil, ±200
per Blind Nil), ``bag_penalty`` (−100 per 10 bags in the bank, the rest stays; none when the
penalty is off), ``hand`` (their sum) and ``total`` (the running score); plus ``bank``.

The house rules (``Rules``) change these things here and nowhere else: ``thirteen_bonus`` (a
seventh row, ``bonus``: a contract of 13 made scores it in place of 130, set loses it),
``nil_tricks_count`` (a failed Nil's tricks count toward the partner's contract; the rest are
bags), ``bag_limit`` (the penalty's period: −50 per 5 bags with 5), ``nil_bonus`` (a Nil's
stake), ``ten_for_200`` (a contract of 10 or more made scores 20 a trick) and ``set_penalty``
(``"bid_and_short"``: a set costs 10 more for every trick short); and a blind number bid
(``blind_bids``) doubles its side's contract, made or set.

This is the one place where points are counted. The score sheet uses it as it is; the computer
players and the arena value a hand with ``bag_cost=-BAG_COST`` (each bag is worth its +1 less the
10 points it costs in the long run), added into ``hand`` and ``total``, usually from a zero
score and an empty bank with the penalty off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .rules import DEFAULT, TEN_FOR_200, bid_value, blind_number, is_nil, nil_stake
from .seating import PARTNERS, Table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .rules import Bid, Rules


class TeamScore(NamedTuple):
    contract: int
    bags: int
    nil: int
    bag_penalty: int
    hand: int
    total: int
    bank: int
    bonus: int = 0  # the thirteen bonus (a house rule), won or lost; 0 under the default rules

    @property
    def set(self) -> bool:
        """The team's contract failed: its ``contract`` row, or the thirteen bonus's, is lost."""
        return self.contract < 0 or self.bonus < 0

    def to_json(self) -> dict[str, int]:
        """The record's form: ``bonus`` only where a bonus was won or lost (records of games
        without it stay as they were)."""
        out = dict(self._asdict())
        if not self.bonus:
            del out["bonus"]
        return out


def boston(taken: Sequence[int], team: int, table: Table = PARTNERS) -> bool:
    """A Boston: the side (0 NS, 1 EW at partnerships) took every trick; ``taken`` is by seat.
    Not scored: the summary, the sheet and the review name it."""
    return sum(taken[seat] for seat in table.sides[team]) == table.hand_size


SHEET_ROWS = ("contract", "bags", "nil", "bag_penalty", "hand", "total")  # SPEC §3's six rows, in order
BONUS_ROW = "bonus"  # a seventh row, after ``nil``, when a team won or lost the thirteen bonus


def score_team(
    bids: tuple[Bid | None, ...],
    taken: tuple[int, ...],
    total_before: int = 0,
    bank_before: int = 0,
    rules: Rules = DEFAULT,
    bag_cost: int = 0,
) -> TeamScore:
    """Score one side from its players' bids and tricks (two partners, or one player alone)
    under ``rules``. ``bag_cost``
    points per bag are added to the hand (0 on the score sheet; ``-BAG_COST`` where a bag's
    future penalty counts, with ``rules.valuing()``)."""
    contract_bid = contract_tricks = nil_tricks = numbers = 0
    blind = False  # a blind number bid doubles the contract, made or set
    for bid, tricks in zip(bids, taken):
        if is_nil(bid):
            nil_tricks += tricks
        else:
            contract_bid += bid_value(bid)  # not a Nil: a number, blind or not
            blind = blind or blind_number(bid) > 0
            contract_tricks += tricks
            numbers += 1
    if rules.nil_tricks_count and numbers == 1:  # a failed Nil's tricks help its partner's contract
        contract_tricks += nil_tricks
        nil_tricks = 0

    made = contract_tricks >= contract_bid
    bonus = 0
    if made:
        doubled = rules.ten_for_200 and contract_bid >= TEN_FOR_200  # "10 for 200"
        contract = (20 if doubled else 10) * contract_bid
        bags = contract_tricks - contract_bid + nil_tricks
    else:
        short = contract_bid - contract_tricks if rules.set_penalty == "bid_and_short" else 0
        contract = -10 * (contract_bid + short)
        bags = nil_tricks
    if blind:
        contract *= 2
    if rules.thirteen_bonus and contract_bid == rules.layout.hand_size:  # the bonus, in place of ±130
        bonus = rules.thirteen_bonus if made else -rules.thirteen_bonus
        contract = 0

    nil = 0
    for bid, tricks in zip(bids, taken):
        if is_nil(bid):
            stake = nil_stake(bid, rules.nil_bonus)
            nil += stake if tricks == 0 else -stake

    bank = bank_before + bags
    penalty = 0
    if rules.bag_penalty:
        limit = rules.bag_limit
        rollovers = bank // limit
        penalty = -rules.penalty * rollovers  # −100 per 10, −50 per 5
        bank -= limit * rollovers

    hand = contract + bags + nil + bonus + penalty + bag_cost * bags
    return TeamScore(contract, bags, nil, penalty, hand, total_before + hand, bank, bonus)


def score_hand(bids: Sequence[Bid | None], taken: Sequence[int], totals: Sequence[int], banks: Sequence[int],
               rules: Rules = DEFAULT) -> tuple[TeamScore, ...]:
    """Score every side of the table; ``bids`` and ``taken`` are indexed by seat (S, W, N, E),
    ``totals`` and ``banks`` by side (NS, EW at partnerships)."""
    if rules.table == PARTNERS.name:  # the usual table, kept flat
        return (
            score_team((bids[0], bids[2]), (taken[0], taken[2]), totals[0], banks[0], rules),
            score_team((bids[1], bids[3]), (taken[1], taken[3]), totals[1], banks[1], rules),
        )
    return tuple(score_team(tuple(bids[s] for s in side), tuple(taken[s] for s in side), totals[i], banks[i], rules)
                 for i, side in enumerate(rules.layout.sides))
