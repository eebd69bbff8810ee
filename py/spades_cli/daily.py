"""``python -m spades daily [--date YYYY-MM-DD]``: the deal of a day and its par (``spades.daily``),
as the page's «Сдача дня» has them."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date

from spades.daily import par, parse_day
from spades.record import to_record


def cmd_daily(args: argparse.Namespace) -> int:
    day = date.today() if args.date is None else parse_day(args.date)
    if day is None:
        print(f"error: --date: not a date YYYY-MM-DD from 2000-01-01 on: {args.date!r}", file=sys.stderr)
        return 2
    found = par(day)
    record = to_record(found.game)
    out = {"date": day.isoformat(), "game": found.game.number, "par": found.score, "tricks": found.tricks,
           "deal": record["hands"][0]["deal"], "record": record}
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("daily", help="the deal of a day («Сдача дня») and its par: the hard level in every seat")
    p.add_argument("--date", help="the day, YYYY-MM-DD (default: today, the local date)")
    p.set_defaults(func=cmd_daily)
