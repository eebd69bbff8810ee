"""The bids of the rules kernel: which bids a seat may make, and what a bid is worth as tricks.

Re-exported by ``rules`` (``from .rules import legal_bids``): stated here, once, for every table
and every bidding game (``Rules.bidding``):
- ``normal``: any number 0..13 (0..17 at three; 0 is Nil), at least the team's minimum after the
  partner's bid (``least_bid``), and Blind Nil where allowed (``blind_allowed``);
- ``mirror``: the number of spades in the hand, made for the player (no spade: Nil); no Blind Nil;
- ``whiz``: Nil (Blind Nil where allowed) or exactly the number of spades in the hand;
- ``suicide``: one partner of each team bids Nil, the other at least ``SUICIDE_LEAST``; the
  first of the two to bid chooses, the second's choice follows from it.

Blind bids (``Rules.blind_bids``, normal bidding): a seat whose side trails by 100 or more may,
before looking at its cards, bid a number of at least ``BLIND_LEAST`` blind (``"blind6"`` …,
``blind_bid``); its side's contract then scores double, made or set (``scoring``).

Mirror, Whiz and Suicide are the partnership games of the MSN Gaming Zone's Spades; the tables
without partners refuse them (``seating.TEAM_OPTIONS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import HAND_SIZE, SPADE_MASK, Card
from .messages import IllegalActionError, MalformedError, SpadesError
from .seating import TABLES

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TypeAlias

    from .rules import Rules

    Bid: TypeAlias = int | str  # a number bid 0..13 (17 at three) (0 is Nil), or BLIND

BLIND = "blind"
NIL = 0
MAX_BID = HAND_SIZE
NUMBER_BIDS = tuple(range(MAX_BID + 1))
BLIND_NIL_DEFICIT = 100
NIL_BONUS = 100  # what a Nil wins or loses by default (``nil_bonus``); a Blind Nil, twice that
NORMAL = "normal"
BIDDINGS = (NORMAL, "mirror", "whiz", "suicide")  # the bidding games (``Rules.bidding``)
SUICIDE_LEAST = 4  # Suicide: the partner of the Nil bids at least this
BLIND_LEAST = 6  # a blind number bid: at least this many tricks


def is_nil(bid: Bid | None) -> bool:
    """Nil or Blind Nil: a promise of no trick, scored on its own."""
    return bid in (NIL, BLIND)


def bid_value(bid: Bid | None) -> int:
    """A bid as the tricks it adds to the team's contract: Nil and Blind Nil add none; a blind
    number bid (``"blind6"``) its number."""
    if bid is None or bid == BLIND:
        return 0
    return int(bid) if type(bid) is int else blind_number(bid)


def blind_bid(tricks: int) -> str:
    """The blind number bid of ``tricks`` (``"blind6"``), as records and actions write it."""
    return f"{BLIND}{tricks}"


def blind_number(bid: object) -> int:
    """The number of a blind number bid (``"blind6"``: 6); 0 for any other bid."""
    if isinstance(bid, str) and bid.startswith(BLIND) and bid[len(BLIND):].isdigit():
        return int(bid[len(BLIND):])
    return 0


def is_blind(bid: object) -> bool:
    """A bid made before looking: Blind Nil or a blind number."""
    return bid == BLIND or blind_number(bid) > 0


def plain_bids(bids: Sequence[Bid | None]) -> list[Bid | None]:
    """``bids`` with each blind number as its number: the computer players' playouts, which count
    tricks (the doubled score they leave aside)."""
    return [blind_number(b) or b for b in bids]


def nil_stake(bid: Bid | None, bonus: int = NIL_BONUS) -> int:
    """What a Nil wins when it holds and loses when it fails (``bonus``: the rules' ``nil_bonus``),
    a Blind Nil twice that; 0 for a number bid."""
    if bid == BLIND:
        return 2 * bonus
    return bonus if bid == NIL else 0


def spade_count(held: int) -> int:
    """The spades (the jokers among them) of the hand ``held``: Mirror's bid, Whiz's number."""
    return (held & SPADE_MASK).bit_count()


def blind_allowed(rules: Rules, totals: Sequence[int], seat: int) -> bool:
    """Blind Nil: on in the settings, and the seat's side trails the leading side by 100 points
    or more (at partnerships, the other team); never after the draw, which shows every card,
    nor in Mirror, whose bids are the spades held."""
    return rules.blind_nil and rules.bidding != "mirror" and blind_position(rules, totals, seat)


def blind_position(rules: Rules, totals: Sequence[int], seat: int) -> bool:
    """A seat may bid before looking: its side trails the leading side by 100 points or more,
    and no draw has shown it cards."""
    table = TABLES[rules.table]
    return not table.draw and trailing_by(totals, table.side_of[seat]) >= BLIND_NIL_DEFICIT


def blind_numbers(rules: Rules, totals: Sequence[int], seat: int, partner_bid: Bid | None = None) -> list[Bid]:
    """The blind number bids ``seat`` may make (``blind_bids`` on, normal bidding, trailing by
    100 or more): ``BLIND_LEAST`` tricks or more, and at least the team's minimum."""
    if not rules.blind_bids or rules.bidding != NORMAL or not blind_position(rules, totals, seat):
        return []
    least = max(BLIND_LEAST, least_bid(rules, partner_bid))
    return [blind_bid(n) for n in range(least, TABLES[rules.table].hand_size + 1)]


def trailing_by(totals: Sequence[int], side: int) -> int:
    """How far ``side`` trails the best of the other sides (negative when it leads them)."""
    return max(t for i, t in enumerate(totals) if i != side) - totals[side]


def least_bid(rules: Rules, partner_bid: Bid | None) -> int:
    """The least number bid that reaches the team's minimum (``rules.min_team_bid``) after the
    partner's bid; 0 when none applies: no minimum, the partner yet to bid, or on a Nil. Nil
    itself is always open (a team with a Nil has no minimum)."""
    if not rules.min_team_bid or is_nil(partner_bid) or partner_bid is None:
        return 0
    return max(0, rules.min_team_bid - bid_value(partner_bid))


def number_bids(rules: Rules, partner_bid: Bid | None = None, spades: int | None = None) -> tuple[int, ...]:
    """The bids 0..13 (0 is Nil) a seat may make after ``partner_bid`` holding ``spades`` spades
    (None: not known, as before the deal; Mirror and Whiz then allow any), Blind Nil aside."""
    most = TABLES[rules.table].hand_size
    game = rules.bidding
    if game == NORMAL or spades is None and game != "suicide":
        least = least_bid(rules, partner_bid)
        return tuple(range(most + 1)) if least <= 1 else (NIL, *range(least, most + 1))
    if game == "mirror":
        return (spades,) if spades is not None else ()
    if game == "whiz":
        return (NIL, spades) if spades else (NIL,)
    if partner_bid is None:  # suicide: the first of the partners chooses …
        return (NIL, *range(SUICIDE_LEAST, most + 1))
    return tuple(range(SUICIDE_LEAST, most + 1)) if is_nil(partner_bid) else (NIL,)  # … the second follows


def legal_bids(rules: Rules, totals: Sequence[int], seat: int, partner_bid: Bid | None = None,
               spades: int | None = None) -> list[Bid]:
    """The bids ``seat`` may make, in order: ``number_bids`` (after ``partner_bid``, holding
    ``spades`` spades), then ``BLIND`` where allowed (never where a number must be bid)."""
    bids: list[Bid] = list(number_bids(rules, partner_bid, spades))
    if NIL in bids and blind_allowed(rules, totals, seat):
        bids.append(BLIND)
    return bids + blind_numbers(rules, totals, seat, partner_bid)


def bid_error(rules: Rules, totals: Sequence[int], seat: int, action: object,
              partner_bid: Bid | None = None, spades: int | None = None) -> SpadesError | None:
    """Why ``action`` is not a bid ``seat`` may make now (after ``partner_bid``, holding
    ``spades`` spades), or None when it is."""
    most = TABLES[rules.table].hand_size
    if type(action) is int and 0 <= action <= most:  # a number bid, the usual case
        allowed = number_bids(rules, partner_bid, spades)
        if action in allowed:
            return None
        if rules.bidding == NORMAL:
            least = least_bid(rules, partner_bid)
            return IllegalActionError("bid_team_min", least=least, min=rules.min_team_bid)
        if rules.bidding == "suicide":
            code = ("bid_suicide" if partner_bid is None
                    else "bid_suicide_nil" if allowed == (NIL,) else "bid_suicide_number")
            return IllegalActionError(code, least=SUICIDE_LEAST)
        return IllegalActionError("bid_" + rules.bidding, spades=spades)
    if blind_number(action):
        if action in blind_numbers(rules, totals, seat, partner_bid):
            return None
        if not rules.blind_bids:
            return IllegalActionError("blind_bids_off")
        if not blind_position(rules, totals, seat):
            return IllegalActionError("blind_bid_not_trailing")
        return IllegalActionError("blind_bid_range", least=max(BLIND_LEAST, least_bid(rules, partner_bid)),
                                  most=most)
    if isinstance(action, str) and action == BLIND:
        if not rules.blind_nil:
            return IllegalActionError("blind_disabled")
        if rules.bidding == "mirror":
            return IllegalActionError("bid_mirror", spades=spades)
        if not blind_allowed(rules, totals, seat):
            return IllegalActionError("blind_not_trailing")
        if NIL not in number_bids(rules, partner_bid, spades):
            return IllegalActionError("bid_suicide_number", least=SUICIDE_LEAST)
        return None
    if type(action) is int:  # a number, but not 0..13 (0..17 at three)
        return IllegalActionError("bid_range", most=most)
    if isinstance(action, Card) or (isinstance(action, str) and len(action) == 2):  # a card
        return IllegalActionError("not_playing")
    return MalformedError("bad_bid", text=repr(action))


def closest_bid(wanted: Bid, legal: Sequence[Bid]) -> Bid:
    """The bid of ``legal`` nearest ``wanted`` (a level's count): itself when it is legal; else a
    number stays a number where one is allowed (the nearest; the lower on a tie, as a count
    raised to the team's minimum is its least), and a Nil a Nil (a Blind Nil, once the cards are
    seen); else the one kind left. How every level keeps to a bidding game that narrows the
    bids (``bidding.kept_to_game``, ``Bot.think_why``)."""
    if wanted in legal:
        return wanted
    numbers = [b for b in legal if type(b) is int and b != NIL]  # seen cards: no blind bid
    if is_nil(wanted) and NIL in legal or not numbers:
        return NIL if NIL in legal else legal[0]
    want = bid_value(wanted)
    return min(numbers, key=lambda b: (abs(int(b) - want), b))
