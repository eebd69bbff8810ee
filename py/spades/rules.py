"""The settings of a game and the rules kernel: every rule of SPEC §2–4, stated once.

Vocabulary
- ``Rules``: target 250 (default) or 500, the bag penalty (on by default), blind nil (off by
  default), and the house variants (each off by default: a team minimum, the bonus for 13, the
  jokers, a failed Nil's tricks for the partner, bags counted by 5, Nil worth 50 or 200, spades
  led at any time), and the table (``table``: ``seating.TABLES``, ``Rules.layout``; partnerships
  by default). Frozen: a game's rules never change while it is played.
- Actions: a bid is an ``int`` 0..13 (0..17 at three; 0 is Nil) or ``BLIND`` (Blind Nil); a play
  is a ``Card``; ``KEEP`` or ``DISCARD`` is a turn of the draw (two players); ``DEAL`` starts the
  next hand once a hand is over.
- ``Phase``: (DRAW →) BID → PLAY → HAND_OVER → (DRAW →) BID … → GAME_OVER.

The kernel (pure functions and tables on ints and bitmasks; ``Game``, the simulator of the
computer players, every bot level, the hints and the page call these and restate none of them):
- order: ``FIRST_DEALER`` deals hand 1 (``Table.first_dealer`` at another table), ``next_seat``
  is clockwise among the table's seats, ``first_to_act(dealer)`` draws and bids first and leads
  the first trick, ``next_dealer`` deals the following hand, ``in_turn`` lists seats in turn;
- bids (stated in ``bids``): ``legal_bids``, ``bid_error``, ``least_bid`` (the team minimum),
  ``blind_allowed`` (``trailing_by``: how far a side trails the best other), the bidding games
  (``number_bids``: Mirror, Whiz, Suicide), ``closest_bid`` (how a level keeps
  to them); ``is_nil``, ``bid_value`` (a bid as tricks), ``nil_stake`` (what a Nil wins or loses);
- play: ``play_mask`` (which cards may be played), ``play_error`` (why not);
- tricks: ``beats`` and its table ``BEATERS`` (the cards that beat the card winning so far),
  ``winning_index`` and ``trick_winner``; ``shown_voids`` (the suits each seat has shown out of);
- the end: ``game_outcome`` (an ``Outcome``: the winning side or a draw, and its ``Cause``;
  stated in ``ending``).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from .bids import BIDDINGS, NIL_BONUS, NORMAL
from .bids import BLIND as BLIND  # the bids: part of the kernel, stated there
from .bids import MAX_BID as MAX_BID
from .bids import NIL as NIL
from .bids import NUMBER_BIDS as NUMBER_BIDS
from .bids import bid_error as bid_error
from .bids import bid_value as bid_value
from .bids import blind_allowed as blind_allowed
from .bids import blind_number as blind_number
from .bids import closest_bid as closest_bid
from .bids import is_blind as is_blind
from .bids import is_nil as is_nil
from .bids import least_bid as least_bid
from .bids import legal_bids as legal_bids
from .bids import nil_stake as nil_stake
from .bids import number_bids as number_bids
from .bids import plain_bids as plain_bids
from .bids import spade_count as spade_count
from .bids import trailing_by as trailing_by
from .cards import (
    CARD_SLOTS,
    CARDS,
    DEUCES_DECK,
    HAND_SIZE,
    JOKER_DECK,
    JOKER_DEUCES_DECK,
    NUM_CARDS,
    NUM_SEATS,
    SEATS,
    STANDARD_DECK,
    SUIT_MASK,
    SUIT_OF,
    Card,
    Seat,
    Suit,
    as_dealt,
)
from .ending import LOSING_SCORE as LOSING_SCORE  # the end of the game: part of the kernel, stated there
from .ending import MAX_HANDS as MAX_HANDS
from .ending import Cause as Cause
from .ending import Outcome as Outcome
from .ending import game_outcome as game_outcome
from .messages import SpadesError, reason
from .seating import PARTNERS, TABLE_NAMES, TABLES, TEAM_OPTIONS, Table
from .tricks import BEATERS as BEATERS  # which cards may be played, which wins: stated there
from .tricks import NON_SPADES as NON_SPADES
from .tricks import beats as beats
from .tricks import play_error as play_error
from .tricks import play_mask as play_mask
from .tricks import winning_index as winning_index
from .values import Value

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TypeAlias

    from .view import Trick

    Bid: TypeAlias = int | str  # a number bid 0..13 (17 at three) (0 is Nil), or BLIND
    Action: TypeAlias = int | str  # a bid, a Card (an int), KEEP or DISCARD (the draw) or DEAL

DEAL = "deal"
KEEP = "keep"  # the draw: keep the card looked at, and discard the next
DISCARD = "discard"  # the draw: discard the card looked at, and keep the next
TRICKS_PER_HAND = HAND_SIZE
TARGETS = (250, 500)
BAGS_PER_PENALTY = 10
BAG_PENALTY = 100
BAG_COST = 10  # what a bag really costs in the long run (−100 per 10): the bots and the arena
NIL_BONUSES = (50, NIL_BONUS, 200)
FIRST_DEALER = Seat.E
ALL_SLOTS = (1 << CARD_SLOTS) - 1


class Phase(Enum):
    DRAW = "draw"  # the two-player game's draw, before the bids
    BID = "bid"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "over"


class RulesError(SpadesError, ValueError):
    """A rule with an impossible value (``value``), or one this game does not know: ``key``
    names it, ``why`` says what is wrong (English, the command line's line). ``code`` is the
    refusal's code in ``messages`` when a record carries it (``record.rules``, …)."""

    def __init__(self, key: str, why: str, value: object = None, code: str = "record.rules") -> None:
        super().__init__("bad_rule", key=key, why=why)
        self.key = key
        self.why = why
        self.value = value
        self.code = code
        self.args = (f"{key}: {why}",)

    def reason(self, lang: str = "ru") -> str:
        return reason("bad_rule", {"key": self.key, "why": self.why}, lang)


THIRTEEN_BONUSES = (0, 200, 500)
BAG_LIMITS = (10, 5)
SWITCH = (False, True)  # an option that is on or off
SET_PENALTIES = ("bid", "bid_and_short")  # a set costs 10 a trick bid; or that and 10 a trick short
TEN_FOR_200 = 10  # ``ten_for_200``: a contract of this many tricks or more, made, scores double


class Option(Value):
    """One of the game's options (OpenSpiel's ``GameParameters``): its name, its default, the
    values a record may carry (``allowed``; None: any positive whole number) and those the
    settings panel offers (``offered``), and whether it is a house rule (a record carries a house
    rule only when it is in force). ``OPTIONS`` declares them all, once: ``Rules``, the page's
    settings and their panel, records and the command line's ``--rules`` are built from it."""

    __slots__ = ("name", "default", "allowed", "offered", "house")
    name: str
    default: int | bool | str
    allowed: tuple[int | bool | str, ...] | None
    offered: tuple[int | bool | str, ...]
    house: bool

    def __init__(self, name: str, default: int | bool | str, allowed: tuple[int | bool | str, ...] | None,
                 offered: tuple[int | bool | str, ...], house: bool = False) -> None:
        super().__init__(name, default, allowed, offered, house)

    @property
    def switch(self) -> bool:
        return self.allowed == SWITCH

    def why(self, value: object) -> str | None:
        """Why ``value`` may not be this option's (a record's or a caller's), or None when it may."""
        if self.switch:
            return None if type(value) is bool else f"must be true or false, not {value!r}"
        if self.allowed is None:
            ok = type(value) is int and value > 0
            return None if ok else f"must be a positive whole number, not {value!r}"
        if type(value) is type(self.default) and value in self.allowed:
            return None
        allowed = self.allowed
        if isinstance(self.default, str):
            return f"must be one of {', '.join(map(repr, allowed))}, not {value!r}"
        if all(type(v) is int for v in allowed) and allowed == tuple(range(int(allowed[0]), int(allowed[-1]) + 1)):
            return f"must be a whole number {allowed[0]}..{allowed[-1]}, not {value!r}"
        return f"must be one of {', '.join(map(str, allowed))}, not {value!r}"


OPTIONS = (
    Option("target", 250, None, TARGETS),  # the game's end: a record may carry any positive target
    Option("bag_penalty", True, SWITCH, SWITCH),
    Option("blind_nil", False, SWITCH, SWITCH),
    # the house rules: a team's number bids add up to at least this (a team with a Nil has none) …
    Option("min_team_bid", 0, tuple(range(MAX_BID + 1)), (0, 4), house=True),
    # … a team that bids 13 and takes them all scores this in place of 130, and loses it when set …
    Option("thirteen_bonus", 0, THIRTEEN_BONUSES, THIRTEEN_BONUSES, house=True),
    # … two jokers above A♠, 2♥ and 2♦ out of the deck; a failed Nil's tricks count for the
    # partner's contract; and how many bags make one penalty (10: −100, 5: −50)
    Option("jokers", False, SWITCH, SWITCH, house=True),
    Option("nil_tricks_count", False, SWITCH, SWITCH, house=True),
    Option("bag_limit", BAGS_PER_PENALTY, BAG_LIMITS, BAG_LIMITS, house=True),
    # … what a Nil wins or loses (a Blind Nil twice as much); and spades may be led from the first
    # trick on, broken or not (pagat.com's Spades, its variations)
    Option("nil_bonus", NIL_BONUS, NIL_BONUSES, NIL_BONUSES, house=True),
    Option("spades_anytime", False, SWITCH, SWITCH, house=True),
    # … a contract of 10 or more made scores double ("10 for 200"); a set costs 10 a trick bid, or
    # that and 10 a trick short (``SET_PENALTIES``); the bidding game (``bids``: Mirror, Whiz, Suicide)
    Option("ten_for_200", False, SWITCH, SWITCH, house=True),
    Option("set_penalty", SET_PENALTIES[0], SET_PENALTIES, SET_PENALTIES, house=True),
    Option("bidding", BIDDINGS[0], BIDDINGS, BIDDINGS, house=True),
    # … the lowest club (2♣; 3♣ at three) leads the first trick, and no spade falls on it but
    # from a hand of spades alone (``opening_card``, ``play_mask``'s ``opening``)
    Option("first_trick_clubs", False, SWITCH, SWITCH, house=True),
    # … a side 100 or more behind may bid 6 or more blind, before looking, for double (``bids``)
    Option("blind_bids", False, SWITCH, SWITCH, house=True),
    # … 2♦ and 2♠ are the top trumps, in that order, under the jokers when they play (2♥ and 2♣
    # then leave the deck: ``Rules.deck``; pagat.com's Spades, its variations)
    Option("deuces_high", False, SWITCH, SWITCH, house=True),
    # the table (``seating``): four in two partnerships, or two with the draw, or each for
    # themselves at four or three; a record carries it away from partnerships only
    Option("table", PARTNERS.name, TABLE_NAMES, TABLE_NAMES, house=True),
)
OPTION = {option.name: option for option in OPTIONS}
HOUSE_KEYS = tuple(option.name for option in OPTIONS if option.house)


class Rules(Value):
    """A game's rules: one value for each of ``OPTIONS`` (the three settings of SPEC §2 and the
    house variants, each off by default), checked against the declaration."""

    __slots__ = ("target", "bag_penalty", "blind_nil", "min_team_bid", "thirteen_bonus", "jokers",
                 "nil_tricks_count", "bag_limit", "nil_bonus", "spades_anytime", "ten_for_200", "set_penalty",
                 "bidding", "first_trick_clubs", "blind_bids", "deuces_high", "table")
    target: int
    bag_penalty: bool
    blind_nil: bool
    min_team_bid: int
    thirteen_bonus: int
    jokers: bool
    nil_tricks_count: bool
    bag_limit: int
    nil_bonus: int
    spades_anytime: bool
    ten_for_200: bool
    set_penalty: str
    bidding: str
    first_trick_clubs: bool
    blind_bids: bool
    deuces_high: bool
    table: str

    def __init__(self, *values: int | bool | str, **given: int | bool | str) -> None:
        """``Rules(target=500, jokers=True)``: the options named, the rest at their defaults
        (positional values, in ``OPTIONS``' order, are for copies)."""
        if len(values) > len(OPTIONS):
            raise TypeError(f"Rules has {len(OPTIONS)} options, given {len(values)}")
        named = dict(zip(self._fields, values))
        unknown = sorted(set(given) - set(OPTION) | set(given) & set(named))
        if unknown:
            raise TypeError(f"Rules: no such option, or given twice: {', '.join(unknown)}")
        named.update(given)
        chosen = []
        for option in OPTIONS:
            value = named.get(option.name, option.default)
            why = option.why(value)
            if why is not None:
                raise RulesError(option.name, why, value)
            chosen.append(value)
        super().__init__(*chosen)
        table = TABLES[self.table]
        for key in self.refused:
            if getattr(self, key) != OPTION[key].default:
                if key == "deuces_high":
                    why = (f"makes no sense with the jokers at the table {table.name!r}: the club it puts "
                           "aside has left the deck")
                elif key not in table.refuses:
                    why = f"makes no sense in {self.bidding!r}: its bids are fixed"
                else:
                    why = f"makes no sense at the table {table.name!r}: " + (
                        "it has no partners" if key in TEAM_OPTIONS else "the draw may discard the club")
                raise RulesError(key, why, getattr(self, key))

    @property
    def refused(self) -> tuple[str, ...]:
        """The options these rules leave at their defaults: a team's rule at a table without
        partners (``Table.refuses``), the team's minimum in Mirror, Whiz or Suicide, the deuces
        high with the jokers where the table puts aside a card they take out."""
        return refused(str(self.table), str(self.bidding), bool(self.jokers))

    @classmethod
    def fitted(cls, **given: int | bool | str) -> "Rules":
        """``Rules(**given)`` less the options the chosen table or bidding game refuses
        (``refused``: they keep their defaults): the settings, where a player may choose a table
        without partners while a team's rule is on."""
        away = refused(str(given.get("table", PARTNERS.name)), str(given.get("bidding", NORMAL)),
                       given.get("jokers") is True)
        return cls(**{key: value for key, value in given.items() if key not in away})

    @property
    def layout(self) -> Table:
        """The table this game is played at (``seating``): its seats, sides and deal."""
        return TABLES[self.table]

    @property
    def deck(self) -> int:
        """The mask of the cards dealt: 52, with the jokers in place of 2♥ and 2♦ when they play,
        2♠ and 2♦ as the deuces high (``cards``) under ``deuces_high`` (and with the jokers too,
        2♥ and 2♣ out), less the cards the table puts aside (the 2♣ at three)."""
        return self.pack & ~TABLES[self.table].aside

    @property
    def over_ace(self) -> int:
        """The trumps above the ace this game deals, as a pattern of their four bits over the 52
        (``cards``: 2♠ and 2♦ high, the jokers); 0 in the standard deck. The bots' count reads it."""
        return self.pack >> NUM_CARDS

    @property
    def pack(self) -> int:
        """The 52 cards of the pack, before the table puts any aside (``deal``: how it deals)."""
        return _DECKS[self.jokers, self.deuces_high]

    @property
    def absent(self) -> int:
        """The card indices this game never deals (the jokers, or 2♥ and 2♦, the deuces high …):
        the bots count them as gone from the start."""
        return ALL_SLOTS & ~self.deck

    def card(self, card: Card) -> Card:
        """``card`` (``Card.parse``'s: as written) as this game deals it (``cards.as_dealt``):
        under ``deuces_high`` the 2♠ and 2♦ are the deuces high. Every card read from outside (a
        record, a move typed or clicked) comes through here."""
        return as_dealt(card, self.deck) if self.deuces_high else card

    def house(self) -> dict[str, int | bool | str]:
        """The house variants in force: the keys of ``HOUSE_KEYS`` away from their default."""
        return {key: value for key, value in self.changed().items() if key in HOUSE_KEYS}

    @property
    def penalty(self) -> int:
        """What one bag penalty costs: 100 for every 10 bags, 50 for every 5 (``bag_limit``)."""
        return BAG_PENALTY * self.bag_limit // BAGS_PER_PENALTY

    def changed(self) -> dict[str, int | bool | str]:
        """Every rule but the target away from its default: the house rules, the bag penalty off,
        Blind Nil on (the top bar names them; the statistics count such games apart)."""
        return {key: getattr(self, key) for key in self._fields[1:] if getattr(self, key) != getattr(DEFAULT, key)}

    def valuing(self) -> "Rules":
        """These rules as the computer players value a hand: no bag penalty (a bag costs
        ``BAG_COST`` instead, whatever the limit). Made once per rules: the bots ask at every
        decision and every deal they replay."""
        if not self.bag_penalty:
            return self
        valued = _VALUED.get(self)
        if valued is None:
            valued = _VALUED[self] = self._replace(bag_penalty=False)
        return valued

    def to_json(self) -> dict[str, int | bool | str]:
        """The record's ``"rules"``: the three settings always, a house variant only when in force
        (a record without its key plays the default: records written before them stay the same)."""
        out: dict[str, int | bool | str] = {"target": self.target, "bag_penalty": self.bag_penalty,
                                      "blind_nil": self.blind_nil}
        out.update(self.house())
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "Rules":
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("rules", "must be an object", code="record.rules_object")
        unknown = sorted(set(data) - set(cls._fields))
        if unknown:
            raise RulesError(unknown[0], f"no such rule ({', '.join(unknown)})", code="record.rules_unknown")
        return cls(**data)


def refused(table: str, bidding: str, jokers: bool = False) -> tuple[str, ...]:
    """The options left at their defaults at ``table`` (a name of ``TABLES``) in ``bidding``, with
    or without the ``jokers``."""
    keys = TABLES[table].refuses if table in TABLES else ()
    if bidding != NORMAL:
        keys = (*keys, "min_team_bid")
    if jokers and table in TABLES and TABLES[table].aside & ~JOKER_DEUCES_DECK:
        keys = (*keys, "deuces_high")
    return keys


_DECKS = {(False, False): STANDARD_DECK, (True, False): JOKER_DECK, (False, True): DEUCES_DECK,
          (True, True): JOKER_DEUCES_DECK}
_VALUED: dict[Rules, Rules] = {}  # ``Rules.valuing``'s, by rules (a game's few)
if Rules._fields != tuple(OPTION):  # the fields are annotated for the reader and mypy: OPTIONS rules them
    raise TypeError("Rules' fields must be the names of OPTIONS, in order")

DEFAULT = Rules()
VALUING = DEFAULT.valuing()  # the default rules as the computer players value a hand


# --- order of play ------------------------------------------------------------------------------

def next_seat(seat: int, table: Table = PARTNERS) -> Seat:
    """The next seat to play, to the left (clockwise) of ``seat``."""
    return table.next[seat]


def first_to_act(dealer: int, table: Table = PARTNERS) -> Seat:
    """The dealer's left: draws first (at two), bids first and leads the first trick."""
    return table.next[dealer]


next_dealer = next_seat  # the deal moves one seat clockwise every hand


# --- play ---------------------------------------------------------------------------------------

def opening_card(rules: Rules) -> int:
    """``first_trick_clubs``: the mask of the club that leads each hand's first trick (the lowest
    club dealt: 2♣, or 3♣ at three, where the 2♣ is put aside); 0 when the rule is off."""
    if not rules.first_trick_clubs:
        return 0
    clubs = rules.deck & SUIT_MASK[Suit.CLUBS]
    return clubs & -clubs


def opening_club(rules: Rules) -> Card | None:
    """``opening_card`` as a card (None when ``first_trick_clubs`` is off)."""
    opening = opening_card(rules)
    return CARDS[opening.bit_length() - 1] if opening else None


# --- tricks -------------------------------------------------------------------------------------

def trick_winner(leader: int, cards: Sequence[int], table: Table = PARTNERS) -> Seat:
    """The seat winning the trick: the highest spade, else the highest card of the led suit."""
    return in_turn(leader, table)[winning_index(cards)]


def in_turn(first: int, table: Table = PARTNERS, count: int | None = None) -> tuple[Seat, ...]:
    """``count`` seats of ``table`` in turn from ``first`` (clockwise; one round by default)."""
    seats = [SEATS[first]]
    for _ in range((table.players if count is None else count) - 1):
        seats.append(table.next[seats[-1]])
    return tuple(seats[:count] if count is not None else seats)


def hand_actors(dealer: Seat, bids: int, tricks: Sequence[Trick], table: Table = PARTNERS,
                draws: int = 0) -> tuple[Seat, ...]:
    """Who took each action of a hand, in order: the ``draws`` turns of the draw and the
    ``bids`` bidders, each from the dealer's left, then the players of its ``tricks`` (the one
    under way last). The one place this is worked out: ``Game.actors`` and ``View.actors``."""
    first = first_to_act(dealer, table)
    return (in_turn(first, table, draws) + in_turn(first, table, bids)
            + tuple(seat for trick in tricks for seat in trick.seats))


def shown_voids(tricks: Sequence[Trick]) -> list[int]:
    """Per seat, a 4-bit mask of the suits it has shown out of: it did not follow the led suit
    (public knowledge; the bots' sampler and the partial record both use it)."""
    out = [0] * NUM_SEATS
    for trick in tricks:
        cards = trick.cards
        if not cards:
            continue
        led = SUIT_OF[cards[0]]
        for seat, card in zip(trick.seats, cards):
            if SUIT_OF[card] != led:
                out[seat] |= 1 << led
    return out
