"""The record of «Сдача дня» (``spades.daily``): which days were played, each against its par.

The days are kept with the statistics (``stats``: the document's additive ``"days"``), so that
export and import carry them: ``{"2026-12-08": {"score": 62, "par": 64, "tricks": "■□…"}}``, one
entry a day, written once, when the day's hand is first played to its end on that day (played
again, or on another day, it is practice: ``DayPlay.practice``, not recorded). ``par`` is null
until the par is worked out (``Daily.work_out_par`` fills it in). A damaged entry is named
(``damaged``) and kept as it is, outside the figures; the rest counts.

``totals`` are the figures of the statistics panel: days played, days at or above par, the streak
of days played in a row to today (or yesterday), the best margin over par. ``share_text`` is the
day's result to share: the date, the score against par and who took each trick, without a card.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from spades.daily import LOST, WON, parse_day, team_score, trick_line
from spades.record import RecordError, read_json
from spades.values import Value

from .fmt import signed
from .strings import t

if TYPE_CHECKING:
    from spades import Game

    from .saves import Store

PAR_KEY = "spades.daily.par"  # the last par worked out: {"date", "par", "tricks"}
FIGURES = ("played", "beaten", "streak", "best")


class DayPlay(Value):
    """The day's hand on the table: its date, and whether it is practice (the day was recorded
    already, or it is not today's) rather than played for the record."""

    __slots__ = ("day", "practice")
    day: date
    practice: bool

    def __init__(self, day: date, practice: bool = False) -> None:
        super().__init__(day, practice)

    def to_json(self) -> dict[str, object]:
        return {"date": self.day.isoformat(), "practice": self.practice}

    @classmethod
    def read(cls, data: object) -> "DayPlay | None":
        """From a saved day's ``"daily"`` object, or None when it is not one."""
        if not isinstance(data, dict) or type(data.get("practice")) is not bool:
            return None
        day = parse_day(data.get("date"))
        return None if day is None else cls(day, data["practice"])


def why_damaged(key: object, entry: object) -> str | None:
    """Why a day's entry cannot be counted (in the page's language), or None when it can."""
    if parse_day(key) is None:
        return t("days.error.date")
    if not isinstance(entry, dict) or type(entry.get("score")) is not int:
        return t("days.error.score")
    if entry.get("par") is not None and type(entry.get("par")) is not int:
        return t("days.error.par")
    tricks = entry.get("tricks")
    if not isinstance(tricks, str) or len(tricks) > 17 or set(tricks) - {WON, LOST}:
        return t("days.error.tricks")
    return None


def days_of(stats: dict) -> dict[str, Any]:
    """The statistics' days as they are kept (an object; anything else counts as none)."""
    days = stats.get("days")
    return days if isinstance(days, dict) else {}


def damaged(stats: dict) -> list[tuple[str, str]]:
    """``(date, why)`` of each entry that cannot be counted; ``("days", why)`` when the days were
    not an object at all (kept as ``days_damaged``: ``stats.document``)."""
    out = [("days", t("days.error.object"))] if "days_damaged" in stats or "days" in stats and not isinstance(
        stats["days"], dict) else []
    for key, entry in days_of(stats).items():
        why = why_damaged(key, entry)
        if why is not None:
            out.append((str(key), why))
    return out


def counted(stats: dict) -> dict[str, dict]:
    """The days that count, by date."""
    return {key: e for key, e in days_of(stats).items() if why_damaged(key, e) is None}


def recorded(stats: dict, day: date) -> bool:
    """Was ``day`` played for the record already (a damaged entry counts: it is not overwritten)?"""
    return day.isoformat() in days_of(stats)


def with_day(stats: dict, day: date, score: int, tricks: str, par: int | None) -> dict:
    """``stats`` with ``day``'s result, unless it is recorded already."""
    key = day.isoformat()
    if key in days_of(stats):
        return stats
    return {**stats, "days": {**days_of(stats), key: {"score": score, "par": par, "tricks": tricks}}}


def merged(ours: dict, theirs: dict) -> dict[str, Any]:
    """The days of two statistics documents: a day in both keeps ours (a day is played once)."""
    return {**days_of(theirs), **days_of(ours)}


def load_par(store: Store, day: date) -> tuple[int, str] | None:
    """The par of ``day`` as last worked out and kept (``PAR_KEY``), or None."""
    try:
        data = read_json(store.get(PAR_KEY) or "null", max_text=1_000)
    except RecordError:
        return None
    if (not isinstance(data, dict) or data.get("date") != day.isoformat() or type(data.get("par")) is not int
            or not isinstance(data.get("tricks"), str)):
        return None
    return data["par"], data["tricks"]


def fill_par(store: Store, day: date) -> None:
    """The day's entry, recorded before its par was worked out, gets the par kept for it."""
    from . import stats

    kept = load_par(store, day)
    document = stats.load(store)
    key = day.isoformat()
    entry = days_of(document).get(key)
    if kept is not None and isinstance(entry, dict) and why_damaged(key, entry) is None and entry["par"] is None:
        stats.save(store, {**document, "days": {**days_of(document), key: {**entry, "par": kept[0]}}})


def count(store: Store, play: DayPlay, game: Game) -> None:
    """The day's hand is over: record it, once, unless it is practice (``stats``' days)."""
    from . import stats

    if play.practice:
        return
    kept = load_par(store, play.day)
    stats.save(store, with_day(stats.load(store), play.day, team_score(game), trick_line(game),
                               kept[0] if kept else None))


def totals(stats: dict, today: date) -> dict[str, int | None]:
    """The days' figures: days played, days at par or above, the streak of days played in a row
    up to today (or up to yesterday, today's not played yet), the best margin over par."""
    days = counted(stats)
    margins = [e["score"] - e["par"] for e in days.values() if e.get("par") is not None]
    played = {parse_day(key) for key in days}
    day = today if today in played else today - timedelta(days=1)
    streak = 0
    while day in played:
        streak += 1
        day -= timedelta(days=1)
    return {"played": len(days), "beaten": sum(m >= 0 for m in margins), "streak": streak,
            "best": max(margins) if margins else None}


def share_text(day: date, score: int, par: int | None, tricks: str) -> str:
    """The day's result to share, without a card: the date, the score and the par, who took each
    trick. The page puts the day's link after it."""
    against = t("day.share.par", par=signed(par), diff=signed(score - par)) if par is not None else ""
    return t("day.share", date=day.isoformat(), score=signed(score), against=against, tricks=tricks)


__all__ = ["DayPlay", "FIGURES", "PAR_KEY", "count", "counted", "damaged", "days_of", "fill_par", "load_par", "merged",
           "recorded", "share_text", "totals", "why_damaged", "with_day"]
