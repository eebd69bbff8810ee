"""The six score rows of a hand (SPEC §3), as a pure function.

For each team: ``contract`` (±10 × the sum of the partners' non-nil bids, made when the
non-nil bidders together take at least that many tricks), ``bags`` (+1 per overtrick and per
trick taken by a Nil bidder; each is also a bag into the bank), ``nil`` (±100 per Nil, ±200
per Blind Nil), ``bag_penalty`` (−100 per 10 bags in the bank, the rest stays; none when the
penalty is off), ``hand`` (their sum) and ``total`` (the running score); plus ``bank``.

This is the one place where points are counted. The score sheet uses it as it is; the computer
players and the arena value a hand with ``bag_cost=-BAG_COST`` (each bag is worth its +1 less the
10 points it costs in the long run), added into ``hand`` and ``total``, usually from a zero
score and an empty bank with the penalty off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, cast

from .rules import BAG_PENALTY, BAGS_PER_PENALTY, is_nil, nil_stake

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .rules import Bid


class TeamScore(NamedTuple):
    contract: int
    bags: int
    nil: int
    bag_penalty: int
    hand: int
    total: int
    bank: int

    def to_json(self) -> dict[str, int]:
        return dict(self._asdict())


SHEET_ROWS = TeamScore._fields[:6]  # the six rows of SPEC §3, in the sheet's order (not the bank)


def score_team(
    bids: tuple[Bid | None, Bid | None],
    taken: tuple[int, int],
    total_before: int = 0,
    bank_before: int = 0,
    bag_penalty: bool = True,
    bag_cost: int = 0,
) -> TeamScore:
    """Score one team from its two partners' bids and tricks. ``bag_cost`` points per bag are
    added to the hand (0 on the score sheet; ``-BAG_COST`` where a bag's future penalty counts)."""
    contract_bid = contract_tricks = nil_tricks = 0
    for bid, tricks in zip(bids, taken):
        if is_nil(bid):
            nil_tricks += tricks
        else:
            contract_bid += cast(int, bid)  # not a Nil: a number
            contract_tricks += tricks

    if contract_tricks >= contract_bid:
        contract = 10 * contract_bid
        bags = contract_tricks - contract_bid + nil_tricks
    else:
        contract = -10 * contract_bid
        bags = nil_tricks

    nil = 0
    for bid, tricks in zip(bids, taken):
        if is_nil(bid):
            stake = nil_stake(bid)
            nil += stake if tricks == 0 else -stake

    bank = bank_before + bags
    penalty = 0
    if bag_penalty:
        rollovers = bank // BAGS_PER_PENALTY
        penalty = -BAG_PENALTY * rollovers
        bank -= BAGS_PER_PENALTY * rollovers

    hand = contract + bags + nil + penalty + bag_cost * bags
    return TeamScore(contract, bags, nil, penalty, hand, total_before + hand, bank)


def score_hand(bids: Sequence[Bid | None], taken: Sequence[int], totals: Sequence[int], banks: Sequence[int],
               bag_penalty: bool = True) -> tuple[TeamScore, TeamScore]:
    """Score both teams; ``bids`` and ``taken`` are indexed by seat (S, W, N, E),
    ``totals`` and ``banks`` by team (NS, EW)."""
    return (
        score_team((bids[0], bids[2]), (taken[0], taken[2]), totals[0], banks[0], bag_penalty),
        score_team((bids[1], bids[3]), (taken[1], taken[3]), totals[1], banks[1], bag_penalty),
    )
