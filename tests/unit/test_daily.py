"""«Сдача дня» (``spades.daily``): the day's deal is a pure function of the date, and its par is
the hand played with the hard level in every seat — as ``python -m spades daily`` and
``python -m spades play`` play it."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest

from helpers import ROOT
from spades import Phase, Seat, to_record
from spades.daily import FIRST_DAY, LOST, WON, day_game, day_number, par, par_steps, parse_day, team_score

# three days pinned: South's cards, the bids (South first: East deals), the par and its tricks
PINNED = {
    "2026-12-08": ("KS AS 2H 4H 8H 9H JH QH 7D 8D QD 7C KC", [3, 3, 3, 0], 64, "□■■□■■□■■■■■■"),
    "2027-01-01": ("5S 4H QH AH 4D 6D 8D JD AD 2C 3C 4C 7C", [1, 6, 2, 1], 30, "■□□□□■□□■□□□□"),
    "2028-02-29": ("6S 7S 8S 4H 9H QH 4D 5D 8D AD 2C JC AC", [2, 3, 1, 4], 32, "□□□■■■□■□□■□□"),
}


@pytest.mark.parametrize("text", sorted(PINNED))
def test_three_days_deals_and_pars_are_pinned(text):
    south, bids, score, tricks = PINNED[text]
    day = parse_day(text)
    assert day is not None and day_number(day) == int(text.replace("-", ""))
    found = par(day)
    record = to_record(found.game)
    assert " ".join(record["hands"][0]["deal"]["S"]) == south
    assert record["hands"][0]["bids"] == bids
    assert (found.score, found.tricks) == (score, tricks)
    assert found.score == team_score(found.game) and set(found.tricks) <= {WON, LOST} and len(found.tricks) == 13


def test_the_deal_is_a_function_of_the_date_alone():
    one, same, other = (to_record(day_game(d))["hands"][0]["deal"]
                        for d in (date(2026, 12, 8), date(2026, 12, 8), date(2026, 12, 9)))
    assert one == same and one != other
    assert day_game(date(2026, 12, 8)).view(Seat.S).phase is Phase.BID


@pytest.mark.parametrize("text", ["2026-02-30", "2026-1-08", "20261208", "２０２６-12-08", "1999-12-31", "",
                                  "2026-12-08 ", None, 20261208, "-001-12-08", "2026-13-01"])
def test_a_date_that_is_not_a_day_is_refused(text):
    assert parse_day(text) is None


def test_the_first_day_and_a_leap_day_are_days():
    assert parse_day("2000-01-01") == FIRST_DAY and parse_day("2028-02-29") == date(2028, 2, 29)


def test_the_par_counts_its_decisions_as_it_goes():
    steps = par_steps(date(2026, 12, 8))
    counts = []
    while True:
        try:
            counts.append(next(steps))
        except StopIteration as done:
            found = done.value
            break
    assert counts == sorted(counts) and counts[-1] == 56 and found.score == PINNED["2026-12-08"][2]


def test_the_par_is_the_hand_the_command_line_s_play_plays():
    from spades_cli.play import play_hand, players_for

    game = day_game(date(2027, 1, 1))
    play_hand(game, players_for("hard", "hard"))
    assert to_record(game)["hands"] == to_record(par(date(2027, 1, 1)).game)["hands"]


def test_python_m_spades_daily_prints_the_day_s_par():
    done = subprocess.run([sys.executable, "-m", "spades", "daily", "--date", "2027-01-01"], capture_output=True,
                          text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    out = json.loads(done.stdout)
    pinned = PINNED["2027-01-01"]
    assert (out["date"], out["game"], out["par"], out["tricks"]) == ("2027-01-01", 20270101, pinned[2], pinned[3])
    bad = subprocess.run([sys.executable, "-m", "spades", "daily", "--date", "2027-02-30"], capture_output=True,
                         text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")})
    assert bad.returncode == 2 and "--date" in bad.stderr
