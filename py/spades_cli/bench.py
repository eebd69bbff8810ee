"""``python -m spades bench``: full random hands per second through the public engine API.

Each hand is dealt from a game number, bid and played with legal actions chosen at random by
one seeded generator, until the hand is over. With the optional ``open-spiel`` extra installed,
the same measure runs for OpenSpiel's C++ ``spades`` driven from Python, in the same run, and
the ratio is printed.

It also measures the computer players' simulator: whole playouts per second of ``bots.sim``
(each seat playing ``policy`` on a dealt hand with fixed bids), the inner loop of the hard
level's search.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from spades.bots.sim import Sim
from spades.cards import NUM_CARDS
from spades.deal import SplitMix64, deal_masks
from spades.rules import DEFAULT, FIRST_DEALER, Phase, first_to_act, nil_stake
from spades.state import Game

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable


def spades_hands(n: int, seed: int) -> int:
    rng = SplitMix64(seed)
    actions = 0
    bidding, playing = Phase.BID, Phase.PLAY
    for i in range(n):
        game = Game(game=seed + i)
        while (phase := game.phase) is playing or phase is bidding:
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
            actions += 1
    return actions


def sim_playouts(n: int, seed: int) -> int:
    """Play ``n`` hands out in the simulator; returns the cards played."""
    cards = 0
    bids = [3, 4, 0, 3]  # a Nil among them, so the policy's Nil modes run too
    nil = [nil_stake(b) for b in bids]
    leader = int(first_to_act(FIRST_DEALER))
    for i in range(n):
        held = list(deal_masks(seed + i, 0, FIRST_DEALER))
        sim = Sim(held, DEFAULT.absent, [0, 0, 0, 0], bids, nil, False, leader, [], 0, [0, 0, 0, 0])  # jokers: none
        for _ in sim.playout_steps():
            pass
        cards += NUM_CARDS
    return cards


def openspiel_hands(n: int, seed: int) -> int | None:
    try:
        import pyspiel  # type: ignore
    except ImportError:
        return None
    rng = SplitMix64(seed)
    game = pyspiel.load_game("spades")
    actions = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            actions += 1
    return actions


def _timed(fn: Callable[[int, int], int | None], n: int, seed: int) -> tuple[float, int | None]:
    start = time.perf_counter()
    actions = fn(n, seed)
    return time.perf_counter() - start, actions


def cmd_bench(args: argparse.Namespace) -> int:
    """Best of ``repeat`` rounds; each round runs both engines back to back, so a busy
    machine slows both alike."""
    best: dict = {}
    for _ in range(args.repeat):
        for name, fn in (("spades", spades_hands), ("open_spiel", openspiel_hands)):
            elapsed, actions = _timed(fn, args.hands, args.seed)
            if actions is None:
                continue
            if name not in best or elapsed < best[name][0]:
                best[name] = (elapsed, actions / args.hands)
    ours = args.hands / best["spades"][0]
    print(f"spades (pure Python): {ours:,.0f} hands/s  "
          f"({best['spades'][1]:.0f} actions per hand, {args.hands} hands, best of {args.repeat})")
    if "open_spiel" not in best:
        print("open_spiel: not installed (pip install '.[bench]' to compare)")
        _print_sim(args)
        return 0
    theirs = args.hands / best["open_spiel"][0]
    print(f"open_spiel (C++ via pyspiel): {theirs:,.0f} hands/s  "
          f"({best['open_spiel'][1]:.0f} actions per hand, the 52-card deal included as chance actions)")
    print(f"ratio spades / open_spiel: {ours / theirs:.2f}")
    _print_sim(args)
    return 0


def _print_sim(args: argparse.Namespace) -> None:
    n = max(1, args.hands // 2)
    elapsed = min(_timed(sim_playouts, n, args.seed)[0] for _ in range(args.repeat))
    print(f"simulator (bots.sim, policy at every seat): {n / elapsed:,.0f} playouts/s  "
          f"({n} hands, best of {args.repeat})")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bench", help="random hands per second (and OpenSpiel's, when installed)")
    p.add_argument("--hands", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3)
    p.set_defaults(func=cmd_bench)
