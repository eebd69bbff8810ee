"""The hard level against a strong rule-based Spades bot written outside this project.

The outside bot is the one of https://github.com/Jus144tice/spades (Apache-2.0, JavaScript: a
multiplayer Spades server whose computer players count tricks, protect and break Nil, and play
a duck/set disposition with card memory). It is not part of this project: give the path of its
``server`` directory (a checkout, e.g. at commit c9d5248). ``bench/outside_bridge.mjs`` loads it
under Node.js; this script turns each decision's ``View`` — what that seat may know — into the
outside bot's own game-state shapes and plays duplicate deals with ``spades_cli.arena``:

    python bench/outside.py --bot ../spades/server --ns hard --deals 400 --seed 1

An answer the rules refuse is replaced by the lowest legal action and counted (``refused``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from spades.cards import Card, Seat  # noqa: E402
from spades.rules import BLIND, Phase  # noqa: E402
from spades_cli.arena import format_result, run_deals  # noqa: E402

RANKS = {"T": "10"}
BRIDGE = Path(__file__).with_name("outside_bridge.mjs")


def card_out(card: Card) -> dict:
    text = str(card)  # "TH"
    return {"rank": RANKS.get(text[0], text[0]), "suit": text[1]}


def card_in(card: dict) -> Card:
    rank = "T" if card["rank"] == "10" else card["rank"]
    return Card.parse(rank + card["suit"])


def state_of(view) -> dict:
    """The outside bot's game state for this seat's view: the public table only."""
    players = [{"id": s.name, "team": 1 + (s & 1), "seatIndex": int(s), "name": s.name} for s in Seat]
    bids = {Seat(s).name: (0 if b == BLIND else b) for s, b in enumerate(view.bids) if b is not None}
    played = [{"playerId": seat.name, "card": card_out(c)}
              for trick in view.tricks for seat, c in zip(trick.seats, trick.cards)]
    current = [{"playerId": seat.name, "card": card_out(c)} for seat, c in zip(view.trick.seats, view.trick.cards)]
    return {
        "players": players, "bids": bids, "tricksTaken": {Seat(s).name: n for s, n in enumerate(view.taken)},
        "currentTrick": current, "cardsPlayed": played, "spadesBroken": view.spades_broken,
        "scores": {"team1": view.totals[0], "team2": view.totals[1]},
        "books": {"team1": view.banks[0], "team2": view.banks[1]},
        "settings": {"winTarget": view.rules.target, "bookThreshold": 10, "tenBidBonus": False, "gameMode": 4},
        "roundNumber": view.hand_index + 1,
    }


class OutsideRuleBot:
    """A player (``act(view, rng)``) asking the outside bot through one Node.js process."""

    name = "outside"

    def __init__(self, server: str) -> None:
        self.proc = subprocess.Popen(["node", str(BRIDGE), server], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        self.refused = 0

    def act(self, view, rng):
        kind = "bid" if view.phase is Phase.BID else "play"
        request = {"kind": kind, "seed": int(rng.random() * 2**31), "botId": view.seat.name,
                   "hand": [card_out(c) for c in view.hand], "state": state_of(view)}
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if kind == "bid":
            action = answer.get("bid")
            ok = [b for b in view.legal if b != BLIND]
        else:
            action = card_in(answer["card"]) if answer.get("card") else None
            ok = list(view.legal)
        if action not in ok:
            self.refused += 1
            action = min(ok)
        return action

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bot", required=True, help="the outside bot's server/ directory")
    ap.add_argument("--ns", default="hard", help="our level (random|easy|medium|hard)")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    outside = OutsideRuleBot(args.bot)
    try:
        result = run_deals(args.ns, outside, args.deals, args.seed, progress=50)
    finally:
        outside.close()
    result["refused"] = outside.refused
    print(json.dumps(result) if args.json else format_result(result) + f"\n  refused answers: {outside.refused}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
