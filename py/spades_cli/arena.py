"""``python -m spades arena``: duplicate matches between two players, with figures.

Each deal is played twice with the same cards: once with player A as NS and B as EW, once with
the teams' seats swapped, so the luck of the cards cancels. At a table without partners
(``--rules '{"table": …}'``) each deal is played once for every seat, A in that seat and B in all
the others. Deals are single hands scored from 0
with an empty bag bank; a side's points for a hand are its score without the bag penalty, less
``BAG_COST`` (10) for every bag (the amortised penalty: each bag is +1 − 10). The result is A's
points minus B's per deal (B's mean over its sides at a solo table; the mean of every seating),
with a 95 % confidence interval, and per
player: contracts made and set, Nil bids and Nil made, bags per hand, think time per decision
(CPU time: mean, p50, p95). ``--games N --target T`` plays whole games instead, again duplicate, and
reports A's win rate.

Seats are *players*: anything with ``act(view, rng)``. ``player_for(spec)`` turns a level name
into one, and ``cmd:COMMAND`` into an outside program speaking the JSON-lines bot protocol of
docs/record.md (``protocol.OutsidePlayer``, started once for both seats of its team; docs/protocol.md).
An outside program's bad answer (illegal, malformed, late, or the program gone) stops the arena:
``error: …`` naming the program, the seat and the position on standard error (and
``{"error": …}`` on standard output with ``--json``), exit status 3.
"""

from __future__ import annotations

import json
import math
import sys
from typing import TYPE_CHECKING

from spades.bots import LEVELS, make_player
from spades.deal import derive_seed
from spades.rules import BAG_COST, Rules, bid_value, is_nil
from spades.scoring import score_team
from spades.seating import Table
from spades.state import Game

from .ceiling import CEILING, GLIMPSE, CeilingBot, GlimpseBot
from .endgame import ENDGAME, EndgameBot
from .play import RULES_HELP, play_game, play_hand, rules_from_arg

if TYPE_CHECKING:
    import argparse

    from .play import Player

GAME_NUMBER_BITS = 31
# tools-only levels, seated by name here and never in the page: the ceiling (sees every hand),
# the hard level with the exact endgame, and the glimpse (half the unseen cards placed right)
TOOL_LEVELS = {CEILING: CeilingBot, ENDGAME: EndgameBot, GLIMPSE: GlimpseBot}


def player_for(spec: str | Player) -> Player:
    if not isinstance(spec, str):
        return spec  # already a player: anything with act(view, rng)
    if spec in LEVELS:
        return make_player(spec)
    if spec in TOOL_LEVELS:
        return TOOL_LEVELS[spec]()
    if spec.startswith("cmd:"):
        from .protocol import OutsidePlayer
        return OutsidePlayer(spec[len("cmd:"):])
    raise ValueError(f"unknown player {spec!r}: a level ({', '.join(LEVELS)}), {', '.join(TOOL_LEVELS)} or cmd:COMMAND")


def _name(spec: str | Player) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "name", None) or type(spec).__name__


def deal_number(seed: int, i: int) -> int:
    return derive_seed(seed, i) & ((1 << GAME_NUMBER_BITS) - 1)


def team_result(game: Game, team: int, refused: dict | None = None) -> dict:
    """A side's figures for the finished hand, from the public table (a seat's view), with the
    actions of its seats the engine refused (``play_hand``'s ``refused``)."""
    seats = game.table.sides[team]
    view = game.view(seats[0])
    bids = tuple(view.bids[s] for s in seats)
    taken = tuple(view.taken[s] for s in seats)
    s = score_team(bids, taken, 0, 0, game.rules.valuing(), -BAG_COST)
    nils = [(b, t) for b, t in zip(bids, taken) if is_nil(b)]
    return {
        "points": s.hand,
        "bags": s.bags,
        "contract": sum(bid_value(b) for b in bids) > 0,
        "set": s.set,
        "nils": len(nils),
        "nils_made": sum(1 for _, t in nils if t == 0),
        "refused": sum((refused or {}).get(s, 0) for s in seats),
    }


class Tally:
    def __init__(self, name: str) -> None:
        self.name = name
        self.hands = self.contracts = self.sets = self.nils = self.nils_made = self.bags = self.refused = 0
        self.times: list[float] = []

    def add(self, r: dict) -> None:
        self.hands += 1
        self.contracts += r["contract"]
        self.sets += r["set"]
        self.nils += r["nils"]
        self.nils_made += r["nils_made"]
        self.bags += r["bags"]
        self.refused += r.get("refused", 0)

    def to_json(self) -> dict:
        t = sorted(self.times)
        pct = lambda x, n: round(100.0 * x / n, 1) if n else None  # noqa: E731
        return {
            "player": self.name,
            "hands": self.hands,
            "contracts": self.contracts,
            "made_pct": pct(self.contracts - self.sets, self.contracts),
            "set_pct": pct(self.sets, self.contracts),
            "nil_bids": self.nils,
            "nil_made_pct": pct(self.nils_made, self.nils),
            "bags_per_hand": round(self.bags / self.hands, 2) if self.hands else None,
            "refused": self.refused,
            "think_ms": {
                "mean": round(1000 * sum(t) / len(t), 2) if t else None,
                "p50": round(1000 * percentile(t, 50), 2) if t else None,
                "p95": round(1000 * percentile(t, 95), 2) if t else None,
                "decisions": len(t),
            },
        }


def percentile(sorted_xs: list[float], p: float) -> float:
    """Nearest-rank percentile of an ascending list."""
    k = max(0, min(len(sorted_xs) - 1, math.ceil(p / 100 * len(sorted_xs)) - 1))
    return sorted_xs[k]


def mean_ci(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return m, m - half, m + half


Played = tuple[float, list[tuple[dict, list[dict]]], list[float], list[float]]  # a deal's figures (play_deal)


def seatings(table: Table) -> list[int]:
    """The sides A takes in turn on a deal: NS then EW at partnerships, every seat alone."""
    return list(range(len(table.sides)))


def play_deal(pa: Player, pb: Player, number: int, rules: Rules) -> Played:
    """One duplicate deal: ``number``'s cards played once per seating (``seatings``: A as NS then
    A as EW; at a solo table A in each seat in turn, B in the others). Returns A's points minus
    B's (B's mean over its sides; the mean of the seatings), each seating's results (A's, and
    B's by side), and A's and B's think times."""
    d = 0.0
    results: list[tuple[dict, list[dict]]] = []
    times_a: list[float] = []
    times_b: list[float] = []
    table = rules.layout
    plan = seatings(table)
    for a_side in plan:
        seats = {s: (pa if table.side_of[s] == a_side else pb) for s in table.seats}
        clocks: dict = {}
        refused: dict = {}
        game = Game(game=number, rules=rules)
        play_hand(game, seats, clocks, refused)
        ra = team_result(game, a_side, refused)
        rbs = [team_result(game, side, refused) for side in range(len(table.sides)) if side != a_side]
        results.append((ra, rbs))
        for s, c in clocks.items():
            (times_a if table.side_of[s] == a_side else times_b).extend(c)
        d += (ra["points"] - sum(rb["points"] for rb in rbs) / len(rbs)) / len(plan)
    return d, results, times_a, times_b


_WORKER_PLAYERS: dict = {}  # in a worker process of ``--jobs``: each level's player, made once


def _deal_in_worker(task: tuple[str, str, int, Rules]) -> Played:
    a, b, number, rules = task
    players = [_WORKER_PLAYERS.setdefault(spec, player_for(spec)) for spec in (a, b)]
    return play_deal(players[0], players[1], number, rules)


def run_deals(a: str | Player, b: str | Player, deals: int, seed: int, rules: Rules | None = None,
              progress: int | None = None, jobs: int = 1) -> dict:
    """``deals`` duplicate deals of ``seed``. With ``jobs`` > 1 they are played in that many
    processes (levels only, not outside programs); every figure but the think times is the same
    as with one, since each decision's randomness comes from the game number and the position."""
    rules = rules or Rules()
    numbers = [deal_number(seed, i) for i in range(deals)]
    if jobs > 1:
        if not (isinstance(a, str) and isinstance(b, str) and {a, b} <= {*LEVELS, *TOOL_LEVELS}):
            raise ValueError("--jobs: only levels play in parallel, not outside programs")
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
        tasks = [(a, b, n, rules) for n in numbers]
        played = pool.map(_deal_in_worker, tasks, chunksize=max(1, deals // (8 * jobs)))
    else:
        pool = None
        pa, pb = player_for(a), player_for(b)
        played = (play_deal(pa, pb, n, rules) for n in numbers)
    a, b = _name(a), _name(b)
    ta, tb = Tally(a), Tally(b)
    diffs = []
    try:
        for i, (d, results, times_a, times_b) in enumerate(played):
            for ra, rbs in results:
                ta.add(ra)
                for rb in rbs:
                    tb.add(rb)
            ta.times.extend(times_a)
            tb.times.extend(times_b)
            diffs.append(d)
            if progress and (i + 1) % progress == 0:
                m, lo, hi = mean_ci(diffs)
                print(f"  {i + 1} deals: {m:+.1f} [{lo:+.1f}, {hi:+.1f}]", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    m, lo, hi = mean_ci(diffs)
    return {
        "mode": "deals", "ns": a, "ew": b, "deals": deals, "seed": seed, "rules": rules.to_json(),
        "seatings": len(seatings(rules.layout)),
        "diff_per_deal": round(m, 2), "ci95": [round(lo, 2), round(hi, 2)],
        "teams": {"ns": ta.to_json(), "ew": tb.to_json()},
    }


def run_games(a: str | Player, b: str | Player, games: int, seed: int, target: int,
              progress: int | None = None, rules: Rules | None = None) -> dict:
    pa, pb = player_for(a), player_for(b)
    a, b = _name(a), _name(b)
    ta, tb = Tally(a), Tally(b)
    wins = draws = 0
    scores = []
    rules = (rules or Rules())._replace(target=target)
    table = rules.layout
    for i in range(games):
        number = deal_number(seed, i)
        for a_team in seatings(table):
            seats = {s: (pa if table.side_of[s] == a_team else pb) for s in table.seats}
            clocks: dict = {}
            game = play_game(number, seats, rules, clocks)
            winner = game.outcome.winner  # type: ignore[union-attr]  # play_game plays to the end
            if winner is None:
                draws += 1
                scores.append(0.5)
            else:
                won = int(winner) == a_team
                wins += won
                scores.append(1.0 if won else 0.0)
            for s, c in clocks.items():
                (ta if table.side_of[s] == a_team else tb).times.extend(c)
        if progress and (i + 1) % progress == 0:
            print(f"  {i + 1} games: {100 * sum(scores) / len(scores):.1f}%", file=sys.stderr, flush=True)
    m, lo, hi = mean_ci(scores)
    return {
        "mode": "games", "ns": a, "ew": b, "games": games * len(seatings(table)), "seed": seed, "target": target,
        "ns_win_rate": round(m, 3), "ci95": [round(lo, 3), round(hi, 3)], "wins": wins, "draws": draws,
        "teams": {"ns": _times_only(ta), "ew": _times_only(tb)},
    }


def _times_only(t: Tally) -> dict:
    j = t.to_json()
    return {"player": j["player"], "think_ms": j["think_ms"]}


def ceiling_share(r: dict, top: dict) -> dict:
    """The ceiling's result on the same deals against the same B (``top``), and A's share of
    its margin: A's points per deal over B divided by the ceiling's."""
    margin = top["diff_per_deal"]
    return {"diff_per_deal": margin, "ci95": top["ci95"],
            "share": round(r["diff_per_deal"] / margin, 3) if margin > 0 else None}


def format_result(r: dict) -> str:
    lo, hi = r["ci95"]
    if r["mode"] == "deals":
        lines = [
            f"{r['ns']} vs {r['ew']}: {r['deals']} deals ×{r.get('seatings', 2)} (duplicate), seed {r['seed']}: "
            f"{r['diff_per_deal']:+.1f} points per deal for {r['ns']}, 95% CI [{lo:+.1f}, {hi:+.1f}]"
        ]
    else:
        lines = [
            f"{r['ns']} vs {r['ew']}: {r['games']} games to {r['target']} (duplicate), seed {r['seed']}: "
            f"{r['ns']} wins {100 * r['ns_win_rate']:.1f}% (95% CI {100 * lo:.1f}–{100 * hi:.1f}%), draws {r['draws']}"
        ]
    for key in ("ns", "ew"):
        t = r["teams"][key]
        tm = t["think_ms"]
        figures = ""
        if "contracts" in t:
            figures = (
                f"contracts {t['contracts']} made {t['made_pct']}% set {t['set_pct']}%, "
                f"nil bids {t['nil_bids']} made {t['nil_made_pct']}%, bags/hand {t['bags_per_hand']}, "
                f"refused {t['refused']}, "
            )
        think = f"think ms mean {tm['mean']} p50 {tm['p50']} p95 {tm['p95']}"
        lines.append(f"  {key.upper()} {t['player']:>6}: {figures}{think}")
    if "ceiling" in r:
        c = r["ceiling"]
        share = "n/a" if c["share"] is None else f"{100 * c['share']:.0f}%"
        lines.append(f"  ceiling (sees every hand) vs {r['ew']}: {c['diff_per_deal']:+.1f} per deal, 95% CI "
                     f"[{c['ci95'][0]:+.1f}, {c['ci95'][1]:+.1f}]; {r['ns']} has {share} of it")
    return "\n".join(lines)


def cmd_arena(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_arg(args.rules)
        ns, ew = player_for(args.ns), player_for(args.ew)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from .protocol import OutsideBotError, OutsidePlayer
    a, b = (p if isinstance(p, OutsidePlayer) else spec for p, spec in ((ns, args.ns), (ew, args.ew)))
    if args.jobs < 1 or args.jobs > 1 and (args.games or not all(isinstance(p, str) for p in (a, b))):
        print("error: --jobs: 1 or more, and more than 1 only for deals between levels", file=sys.stderr)
        for p in (ns, ew):
            getattr(p, "close", lambda: None)()
        return 2
    try:
        if args.games:
            r = run_games(a, b, args.games, args.seed, args.target, args.progress, rules)
        else:
            r = run_deals(a, b, args.deals, args.seed, rules, progress=args.progress, jobs=args.jobs)
            if args.ceiling:
                r["ceiling"] = ceiling_share(r, run_deals(CEILING, b, args.deals, args.seed, rules, jobs=args.jobs))
    except OutsideBotError as exc:
        print(f"error: {exc}", file=sys.stderr)
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        return 3
    finally:
        for p in (ns, ew):
            getattr(p, "close", lambda: None)()
    if args.json:
        json.dump(r, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(format_result(r))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("arena", help="duplicate match between two levels, with figures")
    p.add_argument("--ns", default="hard",
                   help="player A (seated NS first): random|easy|medium|hard|cmd:COMMAND, or a tools-only level: "
                        "ceiling (sees every hand), endgame (hard, the last four tricks solved exactly), "
                        "glimpse (hard, its play's sampled deals put half the unseen cards right)")
    p.add_argument("--ew", default="easy", help="player B: as --ns")
    p.add_argument("--deals", type=int, default=100, help="deals, each played twice (default 100)")
    p.add_argument("--games", type=int, default=0,
                   help="play N whole games (×2, duplicate; once per seat alone) instead of deals")
    p.add_argument("--target", type=int, default=250, help="target of the whole games (default 250)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", help=RULES_HELP + " (whole games: --target sets the target)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--jobs", type=int, default=1,
                   help="play the deals in N processes (levels only; the same figures as with 1, but the times)")
    p.add_argument("--ceiling", action="store_true",
                   help="also play the tools-only ceiling (the hard level seeing every hand) against --ew on "
                        "the same deals, and print --ns's share of its margin")
    p.add_argument("--progress", type=int, default=0, help="print a running result every N deals to stderr")
    p.set_defaults(func=cmd_arena)
