"""Statistics of the player's games, kept in the browser (``spades.stats``, versioned).

Each game is one entry, computed again from its record whenever a hand ends (``entry``): so a
reload, or the same hand counted twice, changes nothing — an entry replaces itself. The figures
(``totals``) are sums over the entries: games played (finished), won, lost, drawn, by the
opponents' level and by target; hands, contracts made %, sets, Nil bid and made % (South's),
bags per hand, average points per hand (our team's), the best and the worst game (by margin),
the current streak; and how many games used undo. The document also keeps the record of
«Сдача дня» (``days``: its additive ``"days"``, with figures of their own). Export is this document
as JSON; import merges one (for a game in both, the entry with more hands wins; for a day in
both, ours) and refuses a malformed one, but for a damaged day, which is named and kept aside of
the figures.
"""

from __future__ import annotations

import json
from datetime import date
from typing import TYPE_CHECKING, Any

from spades import Rules, Seat, SpadesError, from_record, summary
from spades.record import RecordError, read_json
from spades.rules import is_nil, trailing_by
from spades.seating import PARTNERS
from spades.table import DEFAULT_LEVEL, GAME_CHOICES, OPPONENT_LEVELS

from . import days as days_mod
from .strings import language, said, t

if TYPE_CHECKING:
    from .play import Session
    from .saves import Store

STATS_KEY = "spades.stats"
FORMAT = "spades-stats/1"
MAX_TEXT = 2_000_000
FIGURES = ("games", "won", "lost", "drawn", "hands", "made_pct", "sets", "nil_bids", "nil_made_pct",
           "bags_per_hand", "points_per_hand", "streak", "with_undos")


class StatsError(ValueError):
    """A statistics file that cannot be read: a ``stats.error.*`` code of ``strings`` and its
    parameters, or the record reader's refusal (``cause``) of a text that is not JSON at all.
    ``text(lang)`` says why in that language; ``str()`` in English."""

    def __init__(self, code: str, cause: RecordError | None = None, **params: object) -> None:
        self.code = code
        self.params = params
        self.cause = cause
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return self.cause.text(lang) if self.cause is not None else said(self.code, self.params, lang)


def game_key(record: dict) -> str:
    """The entry's key: the game number and the start stamp the page gives each new game."""
    return f"{record.get('game')}:{record.get('started', 0)}"


def entry(record: dict) -> dict:
    """One game's figures from its record (our side: NS, or South alone at a table without
    partners; South's Nil bids). ``score`` is ours and the best other side's."""
    game = from_record(record)
    view = game.view(Seat.S)
    table = game.table
    mine = table.side_of[Seat.S]
    hands = contracts = made = sets = nil_bids = nil_made = bags = points = 0
    firsts = first_plays(record)
    for index, hand in enumerate(summary(game)["hands"]):
        hand = firsts.get(index, hand)  # a hand played again counts as first played
        if "score" not in hand:
            continue
        ns = hand["score"][table.side_names[mine]]
        hands += 1
        won = ns["contract"] or ns.get("bonus", 0)  # a contract of 13 under the bonus: the bonus's row
        if won:
            contracts += 1
            made += won > 0
            sets += won < 0
        if is_nil(hand["bids"]["S"]):
            nil_bids += 1
            nil_made += hand["taken"]["S"] == 0
        bags += ns["bags"]
        points += ns["hand"]
    over = game.over
    result = None
    if over:
        winner = game.outcome.winner  # type: ignore[union-attr]  # the game is over
        result = "drawn" if winner is None else ("won" if winner == mine else "lost")
    levels: Any = record.get("levels") if isinstance(record.get("levels"), dict) else {}
    rules = game.rules
    return {
        "game": record.get("game"), "level": levels.get(table.opponents(Seat.S)[0].name, DEFAULT_LEVEL),
        "target": rules.target, "rules": rules.to_json(),
        "house": any(key not in GAME_CHOICES for key in rules.changed()),
        "undos": (record.get("undos") or 0) + (len(firsts) if isinstance(record.get("replayed"), list) else 0),
        "hands": hands, "contracts": contracts, "made": made, "sets": sets,
        "nil_bids": nil_bids, "nil_made": nil_made, "bags": bags, "points": points,
        "result": result, "score": [view.totals[mine], view.totals[mine] + trailing_by(view.totals, mine)],
    }


def first_plays(record: dict) -> dict[int, dict]:
    """By hand index, the summary of each hand played again as it was first played (the record's
    ``"replayed"``, ``ui.hand_moves``); a damaged entry is passed over (the hand as it stands counts)."""
    out: dict[int, dict] = {}
    replayed, hands = record.get("replayed"), record.get("hands")
    if not isinstance(replayed, list) or not isinstance(hands, list):
        return out
    for first in replayed:
        index = first.get("hand") if isinstance(first, dict) else None
        if type(index) is not int or index in out or not 0 <= index < len(hands):
            continue
        hand = {key: value for key, value in first.items() if key != "hand"}
        try:
            game = from_record({**record, "replayed": None, "hands": [*hands[:index], hand]})
        except SpadesError:
            continue
        played = summary(game)["hands"]
        if len(played) > index and "score" in played[index]:
            out[index] = played[index]
    return out


def empty() -> dict:
    return {"format": FORMAT, "games": {}, "order": []}


def load(store: Store) -> dict:
    text = store.get(STATS_KEY)
    if not text:
        return empty()
    try:
        return parse(text)
    except StatsError:
        return empty()


def parse(text: str) -> dict:
    """A statistics document from its text, checked; raises ``StatsError`` saying why."""
    try:
        data = read_json(text, max_text=MAX_TEXT)
    except RecordError as exc:
        raise StatsError(exc.code, exc) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError("stats.error.format", format=FORMAT)
    games, order = data.get("games"), data.get("order", [])
    if not isinstance(games, dict) or not isinstance(order, list):
        raise StatsError("stats.error.lists")
    numbers = ("hands", "contracts", "made", "sets", "nil_bids", "nil_made", "bags", "points", "undos")
    for key, e in games.items():
        if not isinstance(e, dict) or any(type(e.get(n)) is not int or e[n] < 0 and n != "points"
                                          for n in numbers):
            raise StatsError("stats.error.figures", key=key)
        if type(e.get("house", False)) is not bool:  # a game with house rules (absent before them)
            raise StatsError("stats.error.figures", key=key)
        try:  # the game's rules, as its record wrote them (absent before them)
            Rules.from_json(e.get("rules"))
        except ValueError:
            raise StatsError("stats.error.figures", key=key) from None
        if e.get("result") not in (None, "won", "lost", "drawn"):
            raise StatsError("stats.error.result", key=key, result=e.get("result"))
        if e.get("level") not in OPPONENT_LEVELS or type(e.get("target")) is not int or e["target"] <= 0:
            raise StatsError("stats.error.level", key=key)
        score = e.get("score")
        if not (isinstance(score, list) and len(score) == 2 and all(type(v) is int for v in score)):
            raise StatsError("stats.error.score", key=key)
    if not all(isinstance(k, str) for k in order):
        raise StatsError("stats.error.order")
    return document(games, [k for k in order if k in games], data)


def document(games: dict, order: list, days: dict) -> dict:
    """A statistics document of ``games`` and ``order``, with the days of ``days`` (a document)
    as they are kept, damaged ones too (``days.damaged`` names them; days that are not an object
    at all are kept as ``days_damaged``)."""
    out = {"format": FORMAT, "games": games, "order": order}
    if isinstance(days.get("days"), dict):
        out["days"] = days["days"]
    elif "days" in days:
        out["days_damaged"] = days["days"]
    if "days_damaged" in days:
        out["days_damaged"] = days["days_damaged"]
    return out


def record_game(stats: dict, record: dict) -> dict:
    """``stats`` with the game of ``record`` counted as it stands now (replacing its entry)."""
    key = game_key(record)
    e = entry(record)
    if not e["hands"]:
        return stats
    games = dict(stats["games"], **{key: e})
    order = list(stats["order"])
    if e["result"] is not None and key not in order:
        order.append(key)  # the order in which games ended: the streak
    return document(games, order, stats)


def save(store: Store, stats: dict) -> None:
    store.set(STATS_KEY, json.dumps(stats, separators=(",", ":")))


def merge(stats: dict, other: dict) -> dict:
    games = dict(stats["games"])
    for key, e in other["games"].items():
        if key not in games or e["hands"] > games[key]["hands"]:
            games[key] = e
    order = list(stats["order"]) + [k for k in other["order"] if k not in stats["order"]]
    days = {"days": days_mod.merged(stats, other)} if "days" in stats or "days" in other else {}
    for source in (other, stats):  # days that were not an object, ours before theirs
        if "days_damaged" in source:
            days["days_damaged"] = source["days_damaged"]
    return document(games, [k for k in order if k in games], days)


def totals(stats: dict, today: date | None = None) -> dict:
    """The panel's figures (``FIGURES`` and the rest), and those of the days to ``today``."""
    games = stats["games"]
    done = [e for e in games.values() if e["result"] is not None]
    out: dict = {"games": len(done)}
    for r in ("won", "lost", "drawn"):
        out[r] = sum(e["result"] == r for e in done)
    hands = sum(e["hands"] for e in games.values())
    contracts = sum(e["contracts"] for e in games.values())
    nils = sum(e["nil_bids"] for e in games.values())
    out["hands"] = hands
    out["made_pct"] = round(100 * sum(e["made"] for e in games.values()) / contracts) if contracts else None
    out["sets"] = sum(e["sets"] for e in games.values())
    out["nil_bids"] = nils
    out["nil_made_pct"] = round(100 * sum(e["nil_made"] for e in games.values()) / nils) if nils else None
    out["bags_per_hand"] = round(sum(e["bags"] for e in games.values()) / hands, 2) if hands else None
    out["points_per_hand"] = round(sum(e["points"] for e in games.values()) / hands, 1) if hands else None
    out["with_undos"] = sum(e["undos"] > 0 for e in done)
    by: dict = {}
    for e in done:
        table = (e.get("rules") or {}).get("table", PARTNERS.name)  # statistics are kept by table too
        for name in (f"level:{e['level']}", f"target:{e['target']}", *(["house:1"] if e.get("house") else []),
                     *([f"table:{table}"] if table != PARTNERS.name else [])):
            b = by.setdefault(name, {"games": 0, "won": 0})
            b["games"] += 1
            b["won"] += e["result"] == "won"
    out["by"] = by
    margins = [(e["score"][0] - e["score"][1], e) for e in done]
    out["best"] = max(margins, key=lambda m: m[0])[1]["score"] if margins else None
    out["worst"] = min(margins, key=lambda m: m[0])[1]["score"] if margins else None
    streak = 0
    kind = None
    for key in reversed(stats["order"]):
        result = games[key]["result"]
        if kind is None:
            kind = result
        if result != kind or result == "drawn":
            break
        streak += 1
    out["streak"] = streak if kind == "won" else -streak if kind == "lost" else 0
    out["days"] = days_mod.totals(stats, today or date.today())
    out["days_damaged"] = days_mod.damaged(stats)
    return out


class Desk:
    """The statistics panel's actions on the session's store: export, import (merged), reset
    (asked first: ``confirm_reset``)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.confirm_reset = False  # «Сбросить статистику» asks first

    def export(self) -> tuple[str, str]:
        """The statistics as a file: ``(name, text)``."""
        return "piki-stats.json", json.dumps(load(self.session.store), ensure_ascii=False, indent=1)

    def reset(self) -> None:
        self.confirm_reset = False
        if self.session.stored(save, self.session.store, empty()):
            self.session.status = t("stats.reset_done")

    def open(self, text: str, name: str = "") -> bool:
        """Import statistics from a file: merged with these; a malformed file is refused."""
        session = self.session
        try:
            other = parse(text)
        except StatsError as exc:
            session.notice = t("stats.import_bad", name=name, reason=exc.text(language()))
            return False
        if not session.stored(save, session.store, merge(load(session.store), other)):
            return False
        session.notice = t("stats.import_done", name=name, games=len(other["games"]))
        bad = days_mod.damaged(other)
        if bad:
            session.notice += " " + t("days.damaged", days="; ".join(f"{key}: {why}" for key, why in bad))
        return True


__all__ = ["STATS_KEY", "FORMAT", "FIGURES", "Desk", "StatsError", "entry", "load", "parse", "record_game",
           "save", "merge", "totals", "empty", "game_key"]
