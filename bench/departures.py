"""Where a searching level leaves the policy's card: for each rule of the shared policy
(``bots.sim.policy``'s reasons), how often the level's card differs from the rule's, and how.

    python bench/departures.py --level hard --against outside --bot ../spades/server --seed 16 --deals 60
    python bench/departures.py --level hard:margin=2 --against medium --deals 20 --json

The hard level plays the policy's card unless a searched card scores ``MARGIN`` points better
(``bots.hard``). A rule whose card the search often leaves is one its playouts judge wrong for the
level's own team, or one the search overrules on noise (docs/strength.md, on what limits the
hard level). A departure is told by what the two cards do: a lead in the same suit or another,
higher or lower than the policy's; a follow by whether each card would take the trick so far.
Deals are played as ``spades_cli.arena.play_deal`` plays them (both seatings); recording reads the
same view the level decides from and changes no decision. Players are given as in
``bench/paired.py`` (``LEVEL[:NAME=VALUE,...]``, ``outside`` with ``--bot``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from paired import deal_options, measure, player_of  # noqa: E402

from spades.bots.knowledge import to_sim  # noqa: E402
from spades.bots.sim import policy_why  # noqa: E402
from spades.cards import RANK_OF, SUIT_OF  # noqa: E402
from spades.rules import Rules, winning_index  # noqa: E402
from spades_cli.arena import deal_number, play_deal  # noqa: E402


def recording(player, rows: list[dict]):
    """``player`` (a level with ``search_steps``) with each of its searched decisions appended to
    ``rows`` (``decision``). Raises ``ValueError`` for a level that does not search."""
    inner = getattr(player, "search_steps", None)
    if inner is None:
        raise ValueError(f"{getattr(player, 'name', player)}: this level plays no searched card")

    def search_steps(view, rng, include=None):
        card, means, reason = yield from inner(view, rng, include)
        rows.append(decision(view, card, reason))
        return card, means, reason

    player.search_steps = search_steps
    return player


def decision(view, card: int, reason) -> dict:
    """One searched decision: the policy's rule and card at ``view``, the card played, whether
    the search left the rule's card (its reason is ``search``) and how (``how``)."""
    sim = to_sim(view, memory="all")
    default, why = policy_why(sim, int(view.seat))
    return {"rule": why[0], "left": reason[0] == "search", "trick": sim.done, "position": len(sim.trick),
            "policy": default, "card": card, "how": how(list(sim.trick), default, card)}


def how(trick: list[int], default: int, card: int) -> str:
    """What the searched ``card`` does where the policy's ``default`` would not ("" when equal)."""
    if card == default:
        return ""
    if not trick:
        suit = "same suit" if SUIT_OF[card] == SUIT_OF[default] else "another suit"
        up = RANK_OF[card] - RANK_OF[default]
        return f"lead {suit}, {'higher' if up > 0 else 'lower' if up < 0 else 'the same rank'}"

    def word(c: int) -> str:
        return "takes" if winning_index(trick + [c]) == len(trick) else "ducks"
    return f"policy {word(default)}, search {word(card)}"


def run(player, against, deals: int, seed: int, start: int = 0, rules: Rules | None = None) -> list[dict]:
    """Deals ``start`` … ``start + deals − 1`` of ``seed``, ``player`` against ``against``: every
    searched decision of ``player``'s seats (``decision``)."""
    rows: list[dict] = []
    recording(player, rows)
    for i in range(start, start + deals):
        play_deal(player, against, deal_number(seed, i), rules or Rules())
    return rows


def summary(rows: list[dict]) -> dict[str, dict]:
    """Per policy rule, most left first: decisions, how many the search left, and how."""
    by: dict[str, dict] = {}
    for r in rows:
        s = by.setdefault(r["rule"], {"decisions": 0, "left": 0, "how": Counter()})
        s["decisions"] += 1
        if r["left"]:
            s["left"] += 1
            s["how"][r["how"]] += 1
    return {k: {"decisions": v["decisions"], "left": v["left"], "how": dict(v["how"].most_common())}
            for k, v in sorted(by.items(), key=lambda kv: (-kv[1]["left"], kv[0]))}


def format_summary(table: dict[str, dict]) -> str:
    total = sum(v["decisions"] for v in table.values())
    left = sum(v["left"] for v in table.values())
    lines = [f"{total} searched decisions, the policy's card left in {left} ({100 * left / max(total, 1):.1f} %)"]
    for rule, v in table.items():
        kinds = "; ".join(f"{k} {n}" for k, n in list(v["how"].items())[:3])
        lines.append(f"  {rule:<24} {v['decisions']:>5} left {v['left']:>4} "
                     f"({100 * v['left'] / v['decisions']:4.1f} %)  {kinds}".rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--level", default="hard", help="LEVEL[:NAME=VALUE,...], a level that searches its cards")
    deal_options(ap, deals=60, seed=16)
    ap.add_argument("--json", action="store_true", help="print the table as JSON")
    args = ap.parse_args(argv)

    def work(against) -> str:
        table = summary(run(player_of(args.level), against, args.deals, args.seed, args.start))
        return json.dumps(table) if args.json else format_summary(table)
    return measure(args, work)


if __name__ == "__main__":
    sys.exit(main())
