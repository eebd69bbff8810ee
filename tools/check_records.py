"""Compare the pinned game records of tests/data/records/ with what the engine plays now.

Each file NS-EW-N.json is the output of ``python -m spades play --game N --ns NS --ew EW``
(one JSON line), pinned in the repository. For each, this replays the record
(``from_record``) and plays the game again in process (``spades_cli.play.play_game``, then
``to_record``, printed as ``cmd_play`` prints it), and says whether the text is byte-identical.
Hard games take seconds each: all 180 take a while.

    python3 tools/check_records.py [--dir DIR] [--only SUBSTRING] [--quiet]

Prints a line per record that does not match (or does not replay), then
"M of N records match"; exit status 0 when all match, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from spades import Rules, from_record, to_record  # noqa: E402
from spades_cli.play import play_game, players_for  # noqa: E402

NAME = re.compile(r"^([a-z]+)-([a-z]+)-(\d+)\.json$")


def played_text(ns: str, ew: str, number: int) -> str:
    """What ``python -m spades play --game NUMBER --ns NS --ew EW`` prints, without the newline."""
    return json.dumps(to_record(play_game(number, players_for(ns, ew), Rules())), ensure_ascii=False)


def first_difference(old: dict, new: dict) -> str:
    """Where two records first part: the hand, and the bid or play."""
    for h, (a, b) in enumerate(zip(old["hands"], new["hands"]), 1):
        for kind in ("dealer", "deal"):
            if a.get(kind) != b.get(kind):
                return f"hand {h}: {kind}"
        for kind in ("bids", "plays"):
            for i, (x, y) in enumerate(zip(a[kind], b[kind]), 1):
                if x != y:
                    return f"hand {h}, {kind[:-1]} {i}: {x} then, {y} now"
            if len(a[kind]) != len(b[kind]):
                return f"hand {h}: {len(a[kind])} {kind} then, {len(b[kind])} now"
    if len(old["hands"]) != len(new["hands"]):
        return f"{len(old['hands'])} hands then, {len(new['hands'])} now"
    return "same actions, different text"


def check(path: Path) -> str | None:
    """None when the record replays and is played again byte for byte, else what differs."""
    match = NAME.match(path.name)
    if not match:
        return "not a NS-EW-N.json name"
    ns, ew, number = match.group(1), match.group(2), int(match.group(3))
    text = path.read_text(encoding="utf-8").rstrip("\n")
    old = json.loads(text)
    try:
        from_record(old)
    except ValueError as exc:
        return f"does not replay: {exc}"
    new = played_text(ns, ew, number)
    if new == text:
        return None
    return first_difference(old, json.loads(new))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=str(ROOT / "tests" / "data" / "records"))
    parser.add_argument("--only", default="", help="check only files whose name contains this")
    parser.add_argument("--quiet", action="store_true", help="print only the closing line")
    args = parser.parse_args(argv)
    files = sorted(p for p in Path(args.dir).glob("*.json") if args.only in p.name)
    start = time.perf_counter()
    matched = 0
    for path in files:
        problem = check(path)
        if problem is None:
            matched += 1
        elif not args.quiet:
            print(f"{path.name}: {problem}", flush=True)
    print(f"{matched} of {len(files)} records match ({time.perf_counter() - start:.0f} s)")
    return 0 if files and matched == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
