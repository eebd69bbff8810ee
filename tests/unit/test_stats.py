"""Statistics kept in the browser: counted from the records, never twice, exported, merged,
refused when malformed, reset (py/ui/stats.py through the controller)."""

from __future__ import annotations

import json

from helpers import MemoryStore
from spades import Phase, Team, from_record, summary
from test_ui import event, regions, south_moves, table
from ui import saves, stats
from ui.controller import Controller


def play_game_to_its_end(ctl) -> dict:
    for _ in range(5000):
        if ctl.session.game.over:
            return json.loads(ctl.session.store.get(saves.GAME_KEY))
        south_moves(ctl)
    raise AssertionError("the game did not end")


def expected(records) -> dict:
    """The figures computed straight from the records with the replay summary."""
    out = {"games": len(records), "won": 0, "lost": 0, "hands": 0, "contracts": 0, "made": 0,
           "nil": 0, "nil_made": 0, "bags": 0}
    for record in records:
        game = from_record(record)
        out["won" if game.outcome.winner is Team.NS else "lost"] += 1
        for hand in summary(game)["hands"]:
            ns = hand["score"]["NS"]
            out["hands"] += 1
            out["contracts"] += ns["contract"] != 0
            out["made"] += ns["contract"] > 0
            out["bags"] += ns["bags"]
            if hand["bids"]["S"] in (0, "blind"):
                out["nil"] += 1
                out["nil_made"] += hand["taken"]["S"] == 0
    return out


def test_two_games_counted_from_their_records_unchanged_by_reloads():
    store = MemoryStore()
    ctl = table(store, game=61)
    first = play_game_to_its_end(ctl)
    event(ctl, "new-game")
    second = play_game_to_its_end(ctl)
    again = Controller(store, ctl.screen, ctl.turns.timing)  # a reload
    again.start(None)
    again.session.count_stats()  # counting the same game again changes nothing
    figures = stats.totals(stats.load(store))
    want = expected([first, second])
    assert figures["games"] == 2 and figures["won"] == want["won"] and figures["lost"] == want["lost"]
    assert figures["hands"] == want["hands"]
    assert figures["made_pct"] == round(100 * want["made"] / want["contracts"])
    assert figures["bags_per_hand"] == round(want["bags"] / want["hands"], 2)
    assert figures["nil_bids"] == want["nil"]
    html = regions(ctl)["stats"] if ctl.session.panel == "stats" else None
    event(ctl, "panel", "stats")
    html = regions(ctl)["stats"]
    for name in ("games", "won", "lost", "hands", "made_pct", "nil_made_pct", "bags_per_hand"):
        assert f'data-stat="{name}"' in html
    assert 'data-stat="games" data-value="2"' in html
    assert 'data-by="level:easy"' in html and 'data-by="target:250"' in html


def test_a_hand_counts_at_its_end_and_a_game_with_undo_is_marked():
    store = MemoryStore()
    ctl = table(store, game=62)
    event(ctl, "deal")
    event(ctl, "bid", 3)
    event(ctl, "undo")
    for _ in range(500):
        if ctl.session.game.phase is Phase.HAND_OVER:
            break
        south_moves(ctl)
    entry = list(stats.load(store)["games"].values())[0]
    assert entry["hands"] == 1 and entry["undos"] == 1 and entry["result"] is None
    assert stats.totals(stats.load(store))["games"] == 0  # not finished yet


def test_export_import_merges_and_a_malformed_file_is_refused():
    store = MemoryStore()
    ctl = table(store, game=63)
    play_game_to_its_end(ctl)
    event(ctl, "stats-export")
    name, text = ctl.files.download
    assert name == "piki-stats.json" and json.loads(text)["format"] == stats.FORMAT
    other = table(MemoryStore(), game=64)
    play_game_to_its_end(other)
    assert other.desk.open(text, name)
    assert stats.totals(stats.load(other.session.store))["games"] == 2
    assert other.desk.open(text, name)  # importing the same file twice counts nothing twice
    assert stats.totals(stats.load(other.session.store))["games"] == 2
    before = other.session.store.get(stats.STATS_KEY)
    bad = json.loads(text)
    bad["games"][next(iter(bad["games"]))]["hands"] = "many"
    for broken in ("{", json.dumps(bad), json.dumps({"format": "x"}), "[" * 3000):
        assert not other.desk.open(broken, "bad.json")
        assert "bad.json" in other.session.notice and other.session.store.get(stats.STATS_KEY) == before


def test_reset_asks_first():
    store = MemoryStore()
    ctl = table(store, game=65)
    play_game_to_its_end(ctl)
    event(ctl, "panel", "stats")
    event(ctl, "stats-reset")
    assert 'data-action="stats-reset-confirm"' in regions(ctl)["stats"]
    event(ctl, "stats-keep")
    assert stats.totals(stats.load(store))["games"] == 1
    event(ctl, "stats-reset")
    event(ctl, "stats-reset-confirm")
    assert stats.totals(stats.load(store))["games"] == 0


def test_an_imported_entry_that_could_inject_or_crash_is_refused():
    store = MemoryStore()
    ctl = table(store, game=66)
    play_game_to_its_end(ctl)
    good = json.loads(json.dumps(stats.load(store)))
    key = next(iter(good["games"]))
    cases = []
    for field, value in (("level", 'x"><img src=x onerror=alert(1)>'), ("level", "a:b"), ("target", "250"),
                         ("score", None), ("score", [1])):
        bad = json.loads(json.dumps(good))
        bad["games"][key][field] = value
        cases.append(bad)
    cases.append(dict(good, order=[[1]]))
    for bad in cases:
        assert not ctl.desk.open(json.dumps(bad), "evil.json"), bad
    event(ctl, "panel", "stats")
    assert "<img" not in regions(ctl)["stats"]
