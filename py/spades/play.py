"""Driving computer players: one decision, a whole game, and ``python -m spades play``.

``bot_action(game, player)`` asks the player at the seat to move for its action, giving it the
seat's view and a generator seeded from the game number and the position
(``bots.seed_for(game number, hand index, actions so far in the hand, seat)``): the page and the
command line call the same function, so a game replays identically everywhere.

``python -m spades play --game N [--ns LEVEL] [--ew LEVEL] [--rules JSON]`` seats bots at all
four seats — NS at ``--ns`` (default ``hard``: North's level, and South's stand-in), EW at
``--ew`` (default ``easy``, the page's default difficulty) — plays the whole game and prints its
record (RECORD.md). Running it twice prints the same record.
"""

from __future__ import annotations

import json
import sys
import time

from .bots import LEVELS, make_player, seed_for
from .deal import SplitMix64
from .record import to_record
from .rules import DEAL, Phase, Rules
from .state import Game


def bot_action(game: Game, player, clock: list | None = None):
    """The action of ``player`` for the seat to move; appends its think time to ``clock``.

    Think time is the process's CPU time for the decision (``time.process_time``), so other jobs
    sharing the machine do not inflate it; for an outside program (``act_in_game``) it is the
    wall time of the exchange, its CPU time being spent in another process."""
    seat = game.to_move
    hand = game.hand
    number = game.game if game.game is not None else 0
    rng = SplitMix64(seed_for(number, hand.index, len(hand.bid_log) + len(hand.plays), seat))
    outside = getattr(player, "act_in_game", None)  # a bot-protocol program: it is sent the record
    view = game.view(seat) if outside is None else None
    now = time.process_time if outside is None else time.perf_counter
    start = now()
    action = outside(game) if outside is not None else player.act(view, rng)
    if clock is not None:
        clock.append(now() - start)
    return action


def players_for(ns, ew) -> dict:
    """Seat -> player, from a level name (or a player object) per team."""
    def as_player(p):
        return make_player(p) if isinstance(p, str) else p
    a, b = as_player(ns), as_player(ew)
    return {0: a, 1: b, 2: a, 3: b}


def play_hand(game: Game, players: dict, clocks: dict | None = None) -> None:
    """Play the current hand to its end (bids and cards), asking each seat's player."""
    while game.phase is Phase.BID or game.phase is Phase.PLAY:
        seat = game.to_move
        clock = None if clocks is None else clocks.setdefault(seat, [])
        game.apply(bot_action(game, players[seat], clock))


def play_game(number: int, players: dict, rules: Rules | None = None, clocks: dict | None = None) -> Game:
    game = Game(game=number, rules=rules or Rules())
    while True:
        play_hand(game, players, clocks)
        if game.phase is Phase.GAME_OVER:
            return game
        game.apply(DEAL)


def cmd_play(args) -> int:
    try:
        rules = Rules.from_json(json.loads(args.rules)) if args.rules else Rules()
    except (ValueError, TypeError) as exc:
        print(f"error: --rules: {exc}", file=sys.stderr)
        return 2
    game = play_game(args.game, players_for(args.ns, args.ew), rules)
    json.dump(to_record(game), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="computer players play a whole game; print its record")
    p.add_argument("--game", type=int, required=True, help="game number (номер партии)")
    p.add_argument("--ns", choices=sorted(LEVELS), default="hard", help="level of South and North (default hard)")
    p.add_argument("--ew", choices=sorted(LEVELS), default="easy", help="level of West and East (default easy)")
    p.add_argument("--rules", help='rules as JSON, e.g. \'{"target": 500, "blind_nil": true}\'')
    p.set_defaults(func=cmd_play)
