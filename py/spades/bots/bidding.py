"""The bid of the medium and hard levels: the hand's count, the table's bids, Nil and Blind Nil.

``judge_bid(view, style)`` returns the bid and the notes that drove it (for the hint):
- the count of ``estimate`` rounded with the level's bias, at least 1 unless bidding Nil;
- shaded down when the bids already made plus this count exceed the 13 tricks there are;
- Nil on a weak, safe hand (low ``nil_danger``), never after the partner's Nil, and only when
  the partner has not already bid too little to carry the team;
- Blind Nil (only offered when the team trails by 100 or more) is judged from the score alone,
  before the hand is looked at: the team must trail by 200, or the opponents be near the target;
- the house rules: a number bid is raised to the team's minimum after the partner's bid
  (``rules.least_bid``); with ``nil_tricks_count`` a failed Nil costs less, so Nil is bid on a
  little more danger (``NIL_COUNT_ALLOWANCE``); the jokers are counted by ``estimate``;
- the bidding games (Mirror, Whiz, Suicide): the bid is kept to the nearest they allow
  (``kept_to_game``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..bids import NORMAL, SUICIDE_LEAST
from ..rules import (
    BLIND,
    DEFAULT,
    Phase,
    bid_value,
    closest_bid,
    is_nil,
    least_bid,
    number_bids,
    spade_count,
    trailing_by,
)
from ..state import View
from .estimate import Estimate, estimate

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..reasons import Why
    from ..rules import Bid, Rules


@dataclass(frozen=True)
class BidStyle:
    """How a level bids: one function (``bid_for``) for every level and for what the others are
    guessed to bid, parameterised by this."""

    bias: float = 0.0  # added to the count before rounding
    nil_danger: float = 1.0  # bid Nil below this danger …
    nil_tricks: float = 1.6  # … and this many counted tricks
    shade: bool = True  # look at the bids already made
    # a level that searches its bid tries Nil too on a hand this safe, and its playouts judge it
    nil_search_danger: float = 3.0


# The medium and the hard level count a hand alike (the hard level then searches the bid).
STYLE = BidStyle(bias=-0.1, nil_danger=0.9, nil_tricks=1.5)
NIL_COUNT_ALLOWANCE = 0.2  # more danger a Nil may carry when its tricks would help the partner


def partner_allows_nil(bids: Sequence[Bid | None], seat: int, rules: Rules = DEFAULT) -> bool:
    """Nil is for a seat whose partner is not on Nil and, if it has bid, bid enough to carry the
    team (2 or more); alone at the table, for anyone."""
    partner = rules.layout.partner_of[seat]
    partner_bid = None if partner is None else bids[partner]
    return partner_bid is None or (not is_nil(partner_bid) and bid_value(partner_bid) >= 2)


def blind_wanted(view: View) -> bool:
    """From the score only (the cards are not looked at): trail by 200, or face defeat."""
    if BLIND not in view.legal:
        return False
    partner_bid = view.partner_bid
    if partner_bid is not None and is_nil(partner_bid):
        return False
    deficit = trailing_by(view.totals, view.team)
    them = view.totals[view.team] + deficit  # the best of the other sides
    return deficit >= 200 or (them >= view.rules.target - 60 and deficit >= 100)


def judge_bid(view: View, style: BidStyle, est: Estimate | None = None) -> tuple[int, Estimate, list[Why]]:
    """(bid, est, notes): notes are reason codes with parameters, in the order they applied."""
    assert view.phase is Phase.BID
    est = est or estimate(view.held, view.rules.over_ace)
    bid, notes = bid_for(int(view.seat), view.bids, est, style, view.rules, spade_count(view.held))
    return bid, est, notes


def bid_for(seat: int, bids: Sequence[Bid | None], est: Estimate, style: BidStyle,
            rules: Rules = DEFAULT, spades: int | None = None) -> tuple[int, list[Why]]:
    """(bid, notes): what ``seat`` bids on its count ``est`` with ``bids`` (per seat, None for
    those yet to bid) made before it, under ``rules``, holding ``spades`` spades (the bidding
    game's); ``judge_bid`` for a seat's view, and the inference's guess of what another seat
    would have bid holding a sampled hand."""
    notes: list[Why] = []
    table = rules.layout
    partner = table.partner_of[seat]
    partner_bid = None if partner is None else bids[partner]
    t = est.tricks + style.bias
    if style.shade:
        others = sum(bid_value(b) for s, b in enumerate(bids) if s != seat and b is not None)
        excess = others + est.tricks - table.hand_size
        if excess > 0:
            t -= 0.6 * excess
            notes.append(("crowded", {"bids": others}))
    partner_nil = partner_bid is not None and is_nil(partner_bid)
    if partner_nil:
        notes.append(("partner_nil", {}))
    elif (est.danger < style.nil_danger + (NIL_COUNT_ALLOWANCE if rules.nil_tricks_count else 0.0)
          and est.tricks < style.nil_tricks and partner_allows_nil(bids, seat, rules)):
        notes.append(("nil", {}))
        return kept_to_game(0, notes, rules, partner_bid, spades)
    bid = max(1, min(table.hand_size, int(t + 0.5)))
    if bid == 1 and est.tricks < 0.5:
        notes.append(("weak", {}))
    least = least_bid(rules, partner_bid)
    if bid < least:
        notes.append(("team_min", {"min": rules.min_team_bid, "least": least}))
        bid = least
    return kept_to_game(bid, notes, rules, partner_bid, spades)


def kept_to_game(bid: int, notes: list[Why], rules: Rules, partner_bid: Bid | None,
                 spades: int | None) -> tuple[int, list[Why]]:
    """``bid`` kept to the bidding game (``rules.number_bids``: Mirror, Whiz, Suicide) for a seat
    holding ``spades`` spades after ``partner_bid``: the nearest bid it allows
    (``closest_bid``), with a note naming the game where it moved the bid or left no choice."""
    allowed = number_bids(rules, partner_bid, spades)
    kept = int(closest_bid(bid, allowed))
    if kept != bid or len(allowed) == 1 and rules.bidding != NORMAL:
        notes.append((rules.bidding, {"spades": spades, "least": SUICIDE_LEAST}))
    return kept, notes
