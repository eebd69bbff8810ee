"""Driving computer players: one decision, a whole game, and ``python -m spades play``.

``bot_action(game, player)`` asks the player at the seat to move for its action. The player is
given that seat's ``View`` and the generator of ``bots.decision_rng(game number, view)`` — the
seeding the page uses too, so a game replays identically everywhere — and never the ``Game``.
A bot-protocol program (``protocol.OutsidePlayer``) is sent the request of the protocol instead:
the record as its seat may know it.

``python -m spades play --game N [--ns LEVEL] [--ew LEVEL] [--rules JSON]`` seats bots at every
seat of the table (``--rules '{"table": …}'``) — NS at ``--ns`` (default: the partner's level,
South's stand-in), EW at ``--ew`` (default: the page's default difficulty); at a table without
partners, South at ``--ns`` and every other seat at ``--ew`` — plays the whole game and prints its
record (docs/record.md). Running it twice prints the same record.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

from spades.bots import LEVELS, decision_rng, make_player, unplayed
from spades.cards import Seat
from spades.messages import SpadesError
from spades.record import to_record
from spades.rules import DEAL, OPTIONS, Option, Phase, Rules
from spades.seating import PARTNERS, Table
from spades.state import Game
from spades.table import DEFAULT_LEVEL, PARTNER_LEVEL

if TYPE_CHECKING:
    import argparse
    from typing import Protocol

    from spades.deal import SplitMix64
    from spades.rules import Action
    from spades.state import View

    class Player(Protocol):
        """A computer player: a level's bot, or a bot-protocol program (``protocol.OutsidePlayer``)."""

        def act(self, view: View, rng: SplitMix64) -> Action: ...


def bot_action(game: Game, player: Player, clock: list | None = None) -> Action:
    """The action of ``player`` for the seat to move; appends its think time to ``clock``.

    Think time is the process's CPU time for the decision (``time.process_time``), so other jobs
    sharing the machine do not inflate it; for an outside program it is the wall time of the
    exchange, its CPU time being spent in another process."""
    seat = game.to_move
    assert seat is not None, "nobody is to move"
    view = game.view(seat)
    ask = getattr(player, "act_on_request", None)  # a bot-protocol program: sent its record
    now = time.process_time if ask is None else time.perf_counter
    start = now()
    rng = decision_rng(game.number if game.number is not None else 0, view)
    see = getattr(player, "act_with_game", None)  # the tools-only ceiling: it sees every hand
    if ask is not None:
        from .protocol import request_for

        action = ask(request_for(game), view, game.number)
    elif see is not None:
        action = see(game, view, rng)
    else:
        action = player.act(view, rng)
    if clock is not None:
        clock.append(now() - start)
    return action


def players_for(ns: str | Player, ew: str | Player, table: Table = PARTNERS) -> dict:
    """Seat -> player, from a level name (or a player object) per team; at a table without
    partners, ``ns`` plays South's seat and ``ew`` every other."""
    def as_player(p: str | Player) -> Player:
        return make_player(p) if isinstance(p, str) else p
    a, b = as_player(ns), as_player(ew)
    if table.solo:
        return {seat: a if seat == Seat.S else b for seat in table.seats}
    return {0: a, 1: b, 2: a, 3: b}


def play_hand(game: Game, players: dict, clocks: dict | None = None, refused: dict | None = None) -> None:
    """Play the current hand to its end (bids and cards), asking each seat's player. With
    ``refused`` (seat -> count), a level's action that is not legal (the engine refuses it, or
    the level's own check does) is counted there and the seat's first legal action played in its
    place: the arena's count of refusals. Without it, or from an outside program, it stops."""
    while game.phase is Phase.BID or game.phase is Phase.PLAY or game.phase is Phase.DRAW:
        seat = game.to_move
        clock = None if clocks is None else clocks.setdefault(seat, [])
        try:
            game.apply(bot_action(game, players[seat], clock))
        except (SpadesError, AssertionError):
            if refused is None or hasattr(players[seat], "act_on_request"):
                raise
            refused[seat] = refused.get(seat, 0) + 1
            game.apply(game.legal_actions()[0])


def play_game(number: int, players: dict, rules: Rules | None = None, clocks: dict | None = None) -> Game:
    game = Game(game=number, rules=rules or Rules())
    while True:
        play_hand(game, players, clocks)
        if game.phase is Phase.GAME_OVER:
            return game
        game.apply(DEAL)


def _option_help(option: Option) -> str:
    allowed = option.allowed
    if option.switch:
        values = "true|false"
    elif allowed is None:
        values = "a positive number"
    elif len(allowed) > 3:
        values = f"{allowed[0]}..{allowed[-1]}"
    else:
        values = "|".join(map(str, allowed))
    return f'"{option.name}": {values} (default {json.dumps(option.default)})'


# the options of a game (``rules.OPTIONS``), as --rules takes them
RULES_HELP = ("rules as JSON, the record's \"rules\", e.g. '{\"target\": 500, \"blind_nil\": true}'; options: "
              + "; ".join(_option_help(option) for option in OPTIONS))


def rules_from_arg(text: str | None) -> Rules:
    """The rules of ``--rules JSON`` (the record's ``"rules"`` object); raises ``ValueError``
    with a line for the command line."""
    if not text:
        return Rules()
    try:
        return Rules.from_json(json.loads(text))
    except (ValueError, TypeError) as exc:
        raise ValueError(f"--rules: {exc}") from None


def cmd_play(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_arg(args.rules)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.game < 0:
        print("error: --game: a game number is 0 or more", file=sys.stderr)
        return 2
    missing = unplayed(rules.layout, (args.ns, args.ew))
    if missing:
        print(f"error: {missing}", file=sys.stderr)
        return 2
    game = play_game(args.game, players_for(args.ns, args.ew, rules.layout), rules)
    json.dump(to_record(game), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="computer players play a whole game; print its record")
    p.add_argument("--game", type=int, required=True, help="game number (номер партии)")
    p.add_argument("--ns", choices=sorted(LEVELS), default=PARTNER_LEVEL,
                   help=f"level of South and North; of South alone at a table without partners "
                        f"(default {PARTNER_LEVEL})")
    p.add_argument("--ew", choices=sorted(LEVELS), default=DEFAULT_LEVEL,
                   help=f"level of West and East; of every seat but South at a table without partners "
                        f"(default {DEFAULT_LEVEL})")
    p.add_argument("--rules", help=RULES_HELP)
    p.set_defaults(func=cmd_play)
