"""The exact endgame: a double-dummy solver, and a tools-only level that uses it in its search.

``solve(sim, team, cards)`` plays the rest of the hand in ``sim`` (every seat's cards known) as
all four seats would if each saw every hand and played for its team: alpha-beta over the card
bitmasks, with a transposition table at the start of each trick, and one card per run of cards
that play alike (nothing still in a hand or on the table between them). The value is the hand's
points for ``team`` minus the other team's (``sim.hand_value``: the game's scoring, bags at
−BAG_COST), so a Nil, the bags and a set are all played for exactly. It returns each of
``cards`` (legal cards of the seat to move) with its exact value.

``EndgameBot`` (the arena's ``endgame``) is the hard level whose search values each sampled deal
with the solver once ``ENDGAME_CARDS`` or fewer cards are left in the hands, in place of the
playouts by the policy. Against the hard level on the same deals it does not pay
(docs/strength.md): the policy already plays the last tricks of a deal it can see nearly
perfectly, and the solver's opponents, who see every card, are not the ones at the table.
It stays a tool: not in ``spades.bots.LEVELS``, and the command-line package is not shipped to
the site.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades.bots.hard import HardBot, candidate_runs
from spades.bots.sim import hand_value
from spades.cards import SPADE_MASK, SUIT_OF
from spades.rules import play_mask, winning_index

if TYPE_CHECKING:
    from collections.abc import Generator

    from spades.bots.inference import Deal, Evidence
    from spades.bots.sim import Sim, Stakes

ENDGAME = "endgame"
ENDGAME_CARDS = 16  # solve once this many cards or fewer are left in the hands: four tricks
INF = 1 << 30


def distinct_plays(hand: int, led: int, broken: bool, present: int) -> list[int]:
    """The legal cards of ``hand``, one per run of cards of a suit with nothing of ``present``
    (the cards still in a hand or on the table) between them: such cards win and lose alike.
    The hard level's ``candidate_runs``, with every card not present counted as gone."""
    return candidate_runs(play_mask(hand, led, broken), hand, ~present)


def solve(sim: Sim, team: int, cards: list[int], stakes: Stakes | None = None) -> dict[int, int]:
    """Each of ``cards`` (legal for the seat to move in ``sim``) with the hand's exact value for
    ``team`` when it is played and every seat then plays the rest seeing all hands (by
    ``hand_value``, or with the game's ``stakes`` by their ``value``). ``sim`` is left as it was."""
    table: dict[tuple, tuple[int, int]] = {}
    out = {}
    for card in cards:
        branch = sim.copy()
        branch.play(card)
        out[card] = _value(branch, team, -INF, INF, table, stakes)
    return out


def _value(sim: Sim, team: int, alpha: int, beta: int, table: dict[tuple, tuple[int, int]],
           stakes: Stakes | None = None) -> int:
    """Alpha-beta from ``sim`` (changed and restored in place): ``team``'s seats maximise."""
    held, trick = sim.held, sim.trick
    n = len(trick)
    if n == 0:
        if not held[sim.leader]:
            return stakes.value(sim, team) if stakes else hand_value(sim, team)
        key = (*held, *sim.taken, sim.leader, sim.broken)
        bounds = table.get(key)
        if bounds is not None:
            lo, hi = bounds
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        first_alpha, first_beta = alpha, beta
    seat = (sim.leader + n) & 3
    present = held[0] | held[1] | held[2] | held[3]
    for c in trick:
        present |= 1 << c
    maximising = (seat & 1) == team
    best = -INF if maximising else INF
    leader, broken, played = sim.leader, sim.broken, sim.played
    for card in distinct_plays(held[seat], SUIT_OF[trick[0]] if n else -1, broken, present):
        bit = 1 << card
        held[seat] ^= bit
        sim.played = played | bit
        sim.broken = broken or bool((SPADE_MASK >> card) & 1)
        trick.append(card)
        if n == 3:
            winner = (leader + winning_index(trick)) & 3
            sim.taken[winner] += 1
            sim.leader, sim.trick = winner, []
            sim.done += 1
            v = _value(sim, team, alpha, beta, table, stakes)
            sim.done -= 1
            sim.leader, sim.trick = leader, trick
            sim.taken[winner] -= 1
        else:
            v = _value(sim, team, alpha, beta, table, stakes)
        trick.pop()
        sim.played, sim.broken = played, broken
        held[seat] ^= bit
        if maximising:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    if n == 0:
        lo, hi = table.get(key, (-INF, INF))
        if best <= first_alpha:
            hi = min(hi, best)
        elif best >= first_beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        table[key] = (lo, hi)
    return best


class EndgameBot(HardBot):
    """The hard level, solving each sampled deal exactly once few cards are left (see above)."""

    level = ENDGAME

    def world_values(self, ev: Evidence, base: Sim, deal: Deal,
                     runs: list[int], stakes: Stakes | None = None) -> Generator[None, None, dict[int, int]]:
        if sum(deal.hands).bit_count() > ENDGAME_CARDS:
            return (yield from super().world_values(ev, base, deal, runs, stakes))
        sim = base.copy()
        sim.held = deal.hands[:]
        values = solve(sim, ev.me & 1, runs, stakes)
        yield
        return values


__all__ = ["ENDGAME", "ENDGAME_CARDS", "EndgameBot", "distinct_plays", "solve"]
