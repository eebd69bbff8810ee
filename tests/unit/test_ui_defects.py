"""What a curious player tries at the table, each pinned by a test
(py/ui without a browser; the browser tests click the same in Chromium)."""

from __future__ import annotations

import json

from helpers import MemoryStore, QuotaError
from spades import Game, Phase, Seat, to_record
from spades.bots import decision_rng, make_player
from spades.record import MAX_DEPTH
from spades_cli.play import play_game, players_for
from test_ui import event, regions, table
from ui import players, saves
from ui.controller import parse_game_number

DEEP = "[" * 6000 + "]" * 6000


class RefusingStore(MemoryStore):
    """A localStorage that refuses every write (private mode, a full disk)."""

    def set(self, key, value):
        raise QuotaError("refused")


def test_a_target_of_250_point_0_falls_back_to_the_default_with_a_notice():
    store = MemoryStore({saves.SETTINGS_KEY: json.dumps({"target": 250.0, "level": "hard"})})
    settings, bad = saves.load_settings(store)
    assert settings.rules.target == 250 and type(settings.rules.target) is int and bad == ["target"]
    assert settings.level == "hard"  # the good field is kept
    ctl = table(store)
    assert ctl.session.game.rules.target == 250 and "target" in ctl.session.notice
    for damaged in ({"target": "500"}, {"target": True}, {"bag_penalty": 1}, {"level": ["hard"]},
                    {"lang": 7}, [1, 2], "text", {"target": 10**400}):
        ctl = table(MemoryStore({saves.SETTINGS_KEY: json.dumps(damaged)}))
        assert ctl.session.notice and ctl.session.game.rules == saves.Settings().rules, damaged


def test_deeply_nested_saves_are_refused_before_parsing():
    store = MemoryStore({saves.GAME_KEY: DEEP, saves.SETTINGS_KEY: DEEP, saves.TABLE_KEY: DEEP})
    ctl = table(store)
    assert not ctl.session.game.actions() and ctl.session.game.number
    assert store.get(saves.DAMAGED_KEY) == DEEP  # the damaged game is kept, not thrown away
    assert "вложенность" in ctl.session.notice or "nested" in ctl.session.notice
    assert saves.load_settings(store) == (saves.Settings(), ["settings"])
    just_deep_enough = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert saves.load_settings(MemoryStore({saves.SETTINGS_KEY: just_deep_enough}))[1]


def test_a_damaged_save_too_big_to_copy_is_moved_and_the_page_goes_on():
    quota = 5_200_000  # about Chromium's localStorage, in characters
    text = "x" * 2_700_000
    store = MemoryStore({saves.GAME_KEY: text}, quota=quota)
    ctl = table(store)
    assert store.get(saves.DAMAGED_KEY) == text and saves.DAMAGED_KEY in ctl.session.notice
    assert json.loads(store.get(saves.GAME_KEY))["game"] == ctl.session.game.number  # the new game is saved


def test_a_damaged_save_bigger_than_the_storage_keeps_its_longest_prefix():
    text = "y" * 400_000
    store = MemoryStore({saves.GAME_KEY: text}, quota=150_000)
    ctl = table(store)
    kept = store.get(saves.DAMAGED_KEY)
    assert kept and text.startswith(kept) and len(kept) < len(text)
    assert str(len(kept)) in ctl.session.notice and str(len(text)) in ctl.session.notice
    assert saves.keep_damaged(RefusingStore({saves.GAME_KEY: text})) == (0, len(text))  # never raises


def test_a_record_without_a_game_number_continues_with_a_fresh_number():
    game = Game(game=31)
    while game.phase is not Phase.HAND_OVER:
        game.apply(game.legal_actions()[0])
    record = to_record(game)
    del record["game"]
    store = MemoryStore({saves.GAME_KEY: json.dumps(record)})
    ctl = table(store, game=4242)
    assert ctl.session.game.number == 4242 and "4242" in ctl.session.notice
    assert "None" not in regions(ctl)["info"]
    event(ctl, "deal")  # the next hand is dealt from the new number
    assert ctl.session.game.phase is Phase.BID and len(ctl.session.game.hands) == 2
    saved = json.loads(store.get(saves.GAME_KEY))
    assert saved["game"] == 4242 and saved["hands"][0]["deal"] == record["hands"][0]["deal"]


def test_game_numbers_from_the_address_are_ascii_digits_in_range():
    assert parse_game_number("12") == 12 and parse_game_number("999999") == 999999
    for bad in ("²", "١٢", "0", "-3", "1e3", " 5", "", "1000000", "9" * 5000, None, "12a"):
        assert parse_game_number(bad) is None, bad


def test_a_computer_that_raises_stops_the_table_with_a_message_and_plays_nothing(monkeypatch):
    def broken(number, view, level):
        raise RuntimeError("planted bug")
        yield  # pragma: no cover

    monkeypatch.setattr(players, "think", broken)
    ctl = table(game=12)
    event(ctl, "deal")
    event(ctl, "bid", 3)  # West would bid next
    assert ctl.session.failed and "planted bug" in ctl.session.notice and "planted bug" in ctl.session.status
    assert ctl.session.game.to_move is Seat.W and ctl.session.game.actions() == [3]
    assert json.loads(ctl.session.store.get(saves.GAME_KEY))["hands"][0]["bids"] == [3]


def test_a_computer_answering_an_illegal_action_is_reported_too(monkeypatch):
    def illegal(number, view, level):
        return 99
        yield  # pragma: no cover

    monkeypatch.setattr(players, "think", illegal)
    ctl = table(game=12)
    event(ctl, "deal")
    event(ctl, "bid", 3)
    assert ctl.session.failed and ctl.session.game.actions() == [3]


def test_a_setting_changed_while_the_storage_refuses_is_not_an_error():
    ctl = table(RefusingStore())
    event(ctl, "setting", ("target", 500))
    assert ctl.session.settings.rules.target == 500 and ctl.session.notice


def test_the_table_plays_the_same_game_as_the_command_line():
    """South played by the hard level, seeded like every computer: the page's game is the
    record ``python -m spades play --game 23 --ns hard --ew easy`` prints."""
    number = 23
    ctl = table(game=number)
    south = make_player("hard")
    while not ctl.session.game.over:
        if ctl.session.game.phase is Phase.HAND_OVER or not ctl.session.dealt:
            event(ctl, "deal")
            continue
        view = ctl.session.view()
        action = south.act(view, decision_rng(number, view))
        if view.phase is Phase.BID:
            event(ctl, "bid", action)
        else:
            event(ctl, "card", str(action))
            event(ctl, "card", str(action))
    expected = to_record(play_game(number, players_for("hard", "easy")))
    assert to_record(ctl.session.game) == expected
