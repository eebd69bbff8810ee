"""The computer players at a table without partners (``seating``: each for themselves), and the
two-player game's draw.

- ``SoloSim`` is ``sim.Sim`` at such a table (the Sim plays any table: who plays after whom, the
  trick's and the hand's size), whose playouts play ``solo_policy`` at every seat.
- ``solo_policy(sim, seat)`` is the card a seat plays alone, judged like ``sim.policy`` from its
  own cards and the public table only, with the same modes and the same reason codes: its own
  Nil; breaking a standing Nil of anyone else; winning while its own bid is short (second hand
  low while two or more are still to play, else the cheapest sure winner or the top card; ruff
  as cheaply as will hold); ducking once its bid is made.
- ``seat_value(sim, seat)``: the finished hand's points for the seat (bags at −``BAG_COST``)
  against the mean of the others'.
- ``draw_choice(view)``: keep the card looked at or discard it, by judging the hand each choice
  would make (``estimate``: the card kept, against the mean over every card the next could be).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK_OF, SUIT_MASK, SUIT_OF, TRUMP, Card
from ..rules import BAG_COST, BEATERS, DISCARD, KEEP, first_to_act, in_turn, play_mask, winning_index
from ..scoring import score_team
from .estimate import estimate
from .order import cards_of_mask, discard_high, discard_low, high, highest_rank, low, lowest_rank
from .sim import DUCK_MODE, NIL_MODE, SET_REACH, WIN_MODE, Sim, _lead, _said, _shed, _sure, breaking_nil

KING = 11  # the rank of a king (``cards.RANK_OF``)
DRAW_KEEP = 0.8  # how often a player keeps a top card worth keeping, in the sampler's reading of the draw

if TYPE_CHECKING:
    from collections.abc import Generator

    from ..reasons import Why
    from ..view import View
    from .sim import Rule, Stakes


class SoloSim(Sim):
    """``Sim`` at a table without partners (its ``table``: who plays after whom, the trick's and
    the hand's size, ``sim.rounds``), where every seat plays ``solo_policy`` in a playout."""

    __slots__ = ()

    def default_rule(self) -> Rule:
        return solo_policy


def seat_points(sim: Sim, seat: int) -> int:
    """One player's points for the finished hand: ``score_team`` of the seat alone, from 0,
    no penalty, bags at −``BAG_COST``."""
    return score_team((sim.bids[seat],), (sim.taken[seat],), 0, 0, sim.rules, -BAG_COST).hand


def seat_value(sim: Sim, seat: int) -> float:
    """The seat's points for the finished hand against the mean of the other players'."""
    others = [seat_points(sim, s) for s in sim.table.seats if s != seat]
    return seat_points(sim, seat) - sum(others) / len(others)


def solo_values(base: SoloSim, hands: list[int], runs: list[int],
                stakes: Stakes | None = None) -> Generator[None, None, dict[int, float]]:
    """What each candidate card of ``runs`` is worth to the seat to move in one sampled deal
    (``hands``): the card played, then the rest of the hand by ``solo_policy`` at every seat,
    scored by ``seat_value`` and, with the game's ``stakes``, the game's result (``Stakes``).
    Yields after every trick."""
    seat = base.to_move
    side = base.table.side_of[seat]
    values: dict[int, float] = {}
    for card in runs:
        sim = base.copy()
        sim.held = hands[:]
        sim.play(card)
        yield from sim.playout_steps()
        values[card] = seat_value(sim, seat) + (stakes.game_points(sim.bids, sim.taken, side) if stakes else 0)
    return values


def standing_solo_nil(sim: SoloSim, seat: int) -> int:
    """The first player after ``seat`` whose Nil still stands, or -1."""
    for s in sim.turns[seat][1:]:
        if sim.nil[s] and sim.taken[s] == 0:
            return s
    return -1


def solo_policy(sim: Sim, seat: int, why: list[str] | None = None, reach: int = SET_REACH) -> int:
    """The card ``seat`` plays alone at the table (see the module's text). Its bid made, it goes
    on winning tricks to set another player who can lose at most ``reach`` more of the tricks
    left (``sim.SET_REACH``, as a partnership does), and ducks otherwise."""
    assert isinstance(sim, SoloSim)
    hand = sim.held[seat]
    trick = sim.trick
    n = len(trick)
    led = SUIT_OF[trick[0]] if n else -1
    legal = play_mask(hand, led, sim.broken, sim.opening)
    if legal & (legal - 1) == 0:
        return _said(why, "only", legal.bit_length() - 1)
    table = sim.table
    left = table.hand_size - sim.done
    opp_nil = standing_solo_nil(sim, seat)
    need = 0 if sim.nil[seat] else sim.bids[seat] - sim.taken[seat]  # type: ignore[operator]
    if sim.nil[seat]:
        mode = NIL_MODE
    elif need > 0:
        mode = WIN_MODE
    else:  # set someone still short of a bid that cannot lose many more tricks, or duck
        short = [sim.bids[s] - sim.taken[s] for s in table.seats if s != seat and not sim.nil[s]]  # type: ignore[operator]
        mode = WIN_MODE if any(short_by > 0 and left - short_by <= reach for short_by in short) else DUCK_MODE
    if n == 0:
        opps = tuple(s for s in table.seats if s != seat)
        return _lead(sim, seat, hand, legal, mode, False, opp_nil, opps, need, left, why)

    turn = sim.turns[sim.leader]
    best = winning_index(trick) if n > 1 else 0
    wcard = trick[best]
    wseat = turn[best]
    following = legal & SUIT_MASK[led]
    beaters = legal & BEATERS[wcard]
    losers = legal & ~beaters
    later = turn[n + 1:]

    if mode == NIL_MODE:
        if losers:
            return _said(why, "own_nil", highest_rank(losers) if following else discard_high(losers))
        return _said(why, "own_nil_forced", high(beaters) if not later else low(beaters))
    if opp_nil >= 0 and (mode != WIN_MODE or need < left):
        card = breaking_nil(why, opp_nil, later, wseat, losers, beaters, following)
        if card is not None:
            return card
    if mode == DUCK_MODE:
        return _said(why, "avoid_bags", _shed(losers, following, beaters, 3 if not later else n))
    if not beaters:
        return _said(why, "cant_win", lowest_rank(legal) if following else discard_low(legal))
    if not later:
        return _said(why, "win_cheap", low(beaters))
    winners = [c for c in cards_of_mask(beaters) if _sure(c, hand, sim, later)]
    if following:
        if len(later) >= 2:  # second hand low, unless the trick is needed and a sure winner is at hand
            if winners and (need >= left - 1 or RANK_OF[wcard] >= 9):
                return _said(why, "sure_winner", winners[0])
            return _said(why, "second_low", lowest_rank(losers) if losers else low(beaters))
        if winners:
            return _said(why, "sure_winner", winners[0])
        return _said(why, "third_high", high(beaters))
    return _said(why, "ruff", winners[0] if winners else low(beaters))


def solo_policy_why(sim: SoloSim, seat: int) -> tuple[int, Why]:
    """``solo_policy``'s card and the rule that chose it, with what its words name."""
    why: list[str] = []
    card = solo_policy(sim, seat, why)
    code = why[-1]
    if code in ("sure_winner", "lead_winner"):
        return card, (code, {"card": Card(card).display})
    if code.startswith("break_nil"):
        return card, (code, {"seat": standing_solo_nil(sim, seat)})
    return card, (code, {})


def draw_choice(view: View) -> str:
    """Keep the card looked at (``view.offered``) or discard it and take the next, unseen: the
    choice whose hand ``estimate`` counts for more tricks (``draw_choice_why``)."""
    return draw_choice_why(view)[0]


def draw_choice_why(view: View) -> tuple[str, Why]:
    """``draw_choice`` and its reason: the tricks the hand counts with the card kept, and on
    average with the next (the mean over every card it could be)."""
    offered = view.offered
    assert offered is not None
    held, over = view.held, view.rules.over_ace
    kept = estimate(held | 1 << offered, over).tricks
    could = [c for c in cards_of_mask(view.unseen_mask) if c != offered]
    taken = sum(estimate(held | 1 << c, over).tricks for c in could) / len(could) if could else 0.0
    action = KEEP if kept >= taken else DISCARD
    return action, (f"draw_{action}", {"kept": round(kept, 1), "mean": round(taken, 1)})


def keep_worthy(card: int) -> bool:
    """A card a player keeps when it turns it up in the draw, as a rule of thumb: a spade, an
    ace or a king."""
    return SUIT_OF[card] == TRUMP or RANK_OF[card] >= KING


def easy_draw(view: View) -> str:
    """The beginner's draw: keep a card worth keeping (``keep_worthy``); discard anything else."""
    offered = view.offered
    assert offered is not None
    return KEEP if keep_worthy(offered) else DISCARD


def draw_weights(view: View, card: int) -> tuple[float, float]:
    """How likely an unseen ``card`` is the other player's rather than a discard, from the other's
    turns of the draw (public: keep or discard, not the cards): a top card kept was more likely
    worth keeping (``keep_worthy``, ``DRAW_KEEP``), a top card discarded less, and the card taken
    after it, or passed after a kept one, any card. Returns (the other's weight, the discards')."""
    table = view.rules.layout
    other = next(seat for seat in table.seats if seat != view.seat)
    turns = in_turn(first_to_act(view.dealer, table), table, len(view.draws))
    kept = sum(1 for who, choice in zip(turns, view.draws) if who == other and choice == KEEP)
    took = sum(1 for who in turns if who == other) - kept
    if not kept + took:
        return 1.0, 1.0
    good = DRAW_KEEP if keep_worthy(card) else 1 - DRAW_KEEP
    return kept * good + took * 0.5, took * (1 - good) + kept * 0.5


__all__ = ["SoloSim", "draw_choice", "draw_choice_why", "draw_weights", "easy_draw", "keep_worthy", "seat_points",
           "seat_value", "solo_policy", "solo_policy_why", "solo_values", "standing_solo_nil"]
