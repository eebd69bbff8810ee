"""Pinned game records: what ``python -m spades play`` prints, kept so that no change of the code
changes a decision unseen.

tests/data/records/NS-EW-N.json is the output of ``python -m spades play --game N --ns NS --ew EW``
for N = 1..30 and the pairs random-random, easy-easy, medium-medium, hard-easy, hard-medium and
hard-hard (a record changes only on purpose, with the reason in the commit that changes it;
``git log tests/data/records`` tells which). Every record must replay, and the computer players must
still play the same games byte for byte: all of the random, easy and medium ones, and the hard
ones for N = 1..3 (a hard game takes seconds; tools/check_records.py compares all 180).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spades import Phase, Rules, from_record, to_record
from spades_cli.play import play_game, players_for

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
NAME = re.compile(r"^([a-z]+)-([a-z]+)-(\d+)\.json$")
PAIRS = ("random-random", "easy-easy", "medium-medium", "hard-easy", "hard-medium", "hard-hard")
FILES = sorted(RECORDS.glob("*.json"))
HARD_REPLAYED = 3  # hard games played again in the unit tests: N = 1..3


def _parts(path: Path) -> tuple[str, str, int]:
    ns, ew, number = NAME.match(path.name).groups()
    return ns, ew, int(number)


def _text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and text.count("\n") == 1, f"{path.name}: one line, as play prints it"
    return text[:-1]


def test_the_pinned_records_are_all_there():
    names = {p.name for p in FILES}
    assert names == {f"{pair}-{n}.json" for pair in PAIRS for n in range(1, 31)}


def test_every_pinned_record_replays_to_a_finished_game():
    for path in FILES:
        ns, ew, number = _parts(path)
        record = json.loads(_text(path))
        game = from_record(record)
        assert game.phase is Phase.GAME_OVER and game.outcome is not None, path.name
        assert game.number == number and to_record(game) == record, path.name


def _replayed(path: Path) -> bool:
    ns, _, number = _parts(path)
    return ns != "hard" or number <= HARD_REPLAYED


@pytest.mark.parametrize("path", [p for p in FILES if _replayed(p)], ids=lambda p: p.stem)
def test_the_players_still_play_the_pinned_game(path):
    ns, ew, number = _parts(path)
    game = play_game(number, players_for(ns, ew), Rules())
    assert json.dumps(to_record(game), ensure_ascii=False) == _text(path)
