"""Paired measurement of a change to a level: the variant and the level as it is, each against
the same opponent on the same duplicate deals, and the difference deal by deal.

    python bench/paired.py --variant "hard:set_caution=90" --against medium --seed 3 --deals 200
    python bench/paired.py --variant "hard:budget=54000" --against outside --bot ../spades/server

A player is ``LEVEL[:NAME=VALUE,...]``: a level of ``spades_cli.arena.player_for`` with some of
its settings (the attributes a level's player has, such as the hard level's ``budget``,
``margin``, ``set_caution``, ``nil_caution``, ``bid_samples`` and ``tries``) set to other values.
``--base`` is the level as it is unless given. ``--against`` is a level, or ``outside``: the
outside bot of ``bench/outside.py`` (give its ``server`` directory with ``--bot``).

Each deal is played as ``spades_cli.arena.play_deal`` plays it (both seatings); the paired figure
is the variant's points per deal less the base's, with its 95 % interval, which is far narrower
than the two unpaired figures' would be, since the same cards are behind both. Measure a
variant this way on tuning seeds only (docs/strength.md).

``--screen bids`` plays the cards only of the deals on which some bid differs between the two
(in either seating) and counts the others as 0: right only for a variant that changes nothing but
the bids (``set_caution``, ``nil_caution``, ``bid_samples``), whose cards are then played alike
wherever the bids are alike. ``--screen nils`` plays only the deals on which the level's team
bids a Nil (in either seating): right only for a variant that changes nothing but the play while
its own team's Nil stands (``press``), with the bids alike.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from spades.rules import Phase, Rules, is_nil  # noqa: E402
from spades.state import Game  # noqa: E402
from spades_cli.arena import Tally, deal_number, mean_ci, play_deal, player_for  # noqa: E402
from spades_cli.play import bot_action  # noqa: E402

SCREENS = ("bids", "nils")


def player_of(spec: str, bot: str | None = None):
    """The player of ``spec``: ``LEVEL[:NAME=VALUE,...]``, or ``outside`` (with ``bot``, the
    outside bot's ``server`` directory). Raises ``ValueError`` naming what is wrong."""
    level, _, settings = spec.partition(":")
    if level == "outside":
        if settings:
            raise ValueError("outside: the outside bot has no settings")
        if not bot:
            raise ValueError("outside: give the outside bot's server directory with --bot")
        sys.path.insert(0, str(ROOT / "bench"))
        from outside import OutsideRuleBot
        return OutsideRuleBot(bot)
    player = player_for(level)
    for item in filter(None, settings.split(",")):
        name, eq, value = item.partition("=")
        kind = type(getattr(player, name, None))
        if not eq or name.startswith("_") or kind not in (int, float, bool):
            raise ValueError(f"{spec}: {item!r} is not NAME=VALUE for a number or a switch of the {level} level")
        try:
            setattr(player, name, kind(value) if kind is not bool else _switch(value))
        except ValueError:
            article = "an" if kind is int else "a"
            raise ValueError(f"{spec}: {name} is {article} {kind.__name__}, not {value!r}") from None
    player.name = spec
    return player


def _switch(value: str) -> bool:
    if value in ("1", "true", "on"):
        return True
    if value in ("0", "false", "off"):
        return False
    raise ValueError(value)


def bidding(player, against, number: int, a_team: int, rules: Rules) -> Game:
    """Deal ``number`` after its bids, with ``player`` on team ``a_team`` and ``against`` on the other."""
    seats = {s: (player if (s & 1) == a_team else against) for s in range(4)}
    game = Game(game=number, rules=rules)
    while game.phase is Phase.BID:
        game.apply(bot_action(game, seats[game.to_move], None))
    return game


def bid_log(player, against, number: int, a_team: int, rules: Rules) -> list:
    """The bids of deal ``number`` with ``player`` on team ``a_team`` and ``against`` on the other."""
    return list(bidding(player, against, number, a_team, rules).hand.bid_log)


def team_nil(player, against, number: int, a_team: int, rules: Rules) -> bool:
    """Does ``player``'s team (``a_team``) bid a Nil on deal ``number`` against ``against``?"""
    bids = bidding(player, against, number, a_team, rules).hand.bids
    return any(is_nil(bids[s]) for s in range(4) if (s & 1) == a_team)


def screened_out(screen: str | None, base, variant, against, number: int, rules: Rules) -> bool:
    """Is deal ``number`` one the ``screen`` says both players play alike (not played, 0)?"""
    if screen is None:
        return False
    if screen == "nils":  # the level's team bids no Nil in either seating
        return not any(team_nil(base, against, number, t, rules) for t in (0, 1))
    return all(bid_log(base, against, number, t, rules) == bid_log(variant, against, number, t, rules)
               for t in (0, 1))


def run(base, variant, against, deals: int, seed: int, start: int = 0, screen: str | None = None,
        rules: Rules | None = None, progress: int | None = None) -> dict:
    """Deals ``start`` … ``start + deals − 1`` of ``seed``: the paired differences and each
    player's figures against ``against`` (on the deals played)."""
    rules = rules or Rules()
    tallies = {"base": Tally(getattr(base, "name", "base")), "variant": Tally(getattr(variant, "name", "variant"))}
    diffs: list[float] = []
    played = []
    for i in range(start, start + deals):
        number = deal_number(seed, i)
        if screened_out(screen, base, variant, against, number, rules):
            diffs.append(0.0)
        else:
            points = {}
            for key, player in (("base", base), ("variant", variant)):
                d, results, _, _ = play_deal(player, against, number, rules)
                points[key] = d
                for ra, _rb in results:
                    tallies[key].add(ra)
            diffs.append(points["variant"] - points["base"])
            played.append(i)
        if progress and len(diffs) % progress == 0:
            m, lo, hi = mean_ci(diffs)
            print(f"  {len(diffs)} deals: {m:+.2f} [{lo:+.2f}, {hi:+.2f}]", file=sys.stderr, flush=True)
    m, lo, hi = mean_ci(diffs)
    figures = {}
    for key, t in tallies.items():
        j = t.to_json()
        figures[key] = {k: j[k] for k in ("player", "hands", "contracts", "set_pct", "nil_bids", "nil_made_pct",
                                          "bags_per_hand")} | {"sets": t.sets, "nils_made": t.nils_made}
    return {"seed": seed, "start": start, "deals": deals, "screen": screen, "against": getattr(against, "name", None),
            "paired": round(m, 2), "ci95": [round(lo, 2), round(hi, 2)], "played": played,
            "diffs": diffs, "players": figures}


def format_run(r: dict) -> str:
    lo, hi = r["ci95"]
    lines = [f"variant − base against {r['against']}: {r['paired']:+.2f} points per deal, "
             f"95% CI [{lo:+.2f}, {hi:+.2f}] ({r['deals']} deals of seed {r['seed']}, {len(r['played'])} played)"]
    for key in ("base", "variant"):
        p = r["players"][key]
        lines.append(f"  {key:>7} {p['player']}: contracts {p['contracts']} set {p['sets']}, "
                     f"nil bids {p['nil_bids']} made {p['nils_made']}, bags/hand {p['bags_per_hand']}")
    return "\n".join(lines)


def deal_options(ap: argparse.ArgumentParser, deals: int, seed: int) -> None:
    """The options of the measuring tools (this one and ``bench/departures.py``): the opponent
    and the deals."""
    ap.add_argument("--against", default="medium", help="a level, or outside (with --bot)")
    ap.add_argument("--bot", help="the outside bot's server/ directory (bench/outside.py)")
    ap.add_argument("--deals", type=int, default=deals)
    ap.add_argument("--start", type=int, default=0, help="the first deal's index")
    ap.add_argument("--seed", type=int, default=seed)


def measure(args: argparse.Namespace, work) -> int:
    """Print ``work(against)``, ``against`` the opponent of ``args`` (``deal_options``), and
    close it; bad input (a ``ValueError``) is printed as ``error: …`` and returns 2."""
    if args.deals < 1 or args.start < 0:
        print("error: --deals must be at least 1 and --start at least 0", file=sys.stderr)
        return 2
    against = None
    try:
        against = player_of(args.against, args.bot)
        out = work(against)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        getattr(against, "close", lambda: None)()
    print(out)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", required=True, help="LEVEL:NAME=VALUE[,NAME=VALUE...]")
    ap.add_argument("--base", default=None, help="LEVEL[:NAME=VALUE,...] (default: the variant's level as it is)")
    deal_options(ap, deals=200, seed=3)
    ap.add_argument("--screen", choices=SCREENS,
                    help="bids: play only the deals on which the bids differ (for a change of the bids only); "
                         "nils: only those on which the level's team bids a Nil (for a change of its play "
                         "while its own Nil stands)")
    ap.add_argument("--json", action="store_true", help="print the result as JSON (with every deal's difference)")
    args = ap.parse_args(argv)

    def work(against) -> str:
        variant = player_of(args.variant)
        base = player_of(args.base or args.variant.partition(":")[0])
        r = run(base, variant, against, args.deals, args.seed, args.start, args.screen, progress=25)
        return json.dumps(r) if args.json else format_run(r)
    return measure(args, work)


if __name__ == "__main__":
    sys.exit(main())
