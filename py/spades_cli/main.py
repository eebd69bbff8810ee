"""The command line: ``python -m spades replay|bench|play|arena|bot|hint|daily …`` (docs/record.md,
"Other commands")."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from spades.record import RecordError, from_record, read_json, summary

from . import arena as arena_mod
from . import bench as bench_mod
from . import daily as daily_mod
from . import play as play_mod
from . import protocol as protocol_mod


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"error: {args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        game = from_record(read_json(text))
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    json.dump(summary(game), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m spades", description="«Пики» — Spades engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and print its hands, scores and next move")
    p.add_argument("file", help="record file, or - for standard input")
    p.set_defaults(func=cmd_replay)
    bench_mod.add_parser(sub)
    play_mod.add_parser(sub)
    arena_mod.add_parser(sub)
    protocol_mod.add_parser(sub)
    daily_mod.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
