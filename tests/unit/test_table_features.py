"""The table a regular player expects (issue: new game, hand summary, last trick, undo, records
out and in), driven through the controller without a browser; the browser tests click the same."""

from __future__ import annotations

import json

from spades import Phase, Seat, from_record, to_record
from spades.record import summary as replay_summary
from test_ui import event, regions, south_moves, table
from ui import saves
from ui.coach import Review


def play_until(ctl, done, limit=2000):
    """South moves until ``done(session)`` holds."""
    for _ in range(limit):
        if done(ctl.session):
            return
        south_moves(ctl)
    raise AssertionError("never reached")


def test_new_game_at_any_time_asks_while_a_game_is_in_progress():
    ctl = table(game=40)
    assert 'data-action="new-game"' in regions(ctl)["tools"]
    event(ctl, "new-game")  # nothing played yet: no question
    assert not ctl.session.confirm and ctl.session.game.number != 40
    number = ctl.session.game.number
    event(ctl, "deal")
    event(ctl, "bid", 3)
    event(ctl, "new-game")
    assert ctl.session.confirm and 'data-action="confirm-new"' in regions(ctl)["confirm"]
    event(ctl, "confirm-keep")
    assert ctl.session.game.number == number and ctl.session.game.actions()[:1] == [3]
    event(ctl, "new-game")
    event(ctl, "confirm-new")
    assert ctl.session.game.number != number and not ctl.session.game.actions()


def test_the_hand_summary_shows_what_replay_says():
    ctl = table(game=41)
    play_until(ctl, lambda s: s.game.phase is Phase.HAND_OVER)
    html = regions(ctl)["panel"]
    assert 'id="summary"' in html and 'data-action="deal"' in html
    record = json.loads(ctl.session.store.get(saves.GAME_KEY))
    hand = replay_summary(from_record(record))["hands"][0]
    for seat, taken in hand["taken"].items():
        assert f'data-seat="{seat}" data-bid="{hand["bids"][seat]}" data-taken="{taken}"' in html
    for team, score in hand["score"].items():
        for row in ("contract", "bags", "nil", "bag_penalty", "hand", "total"):
            assert f'<td data-team="{team}" data-value="{score[row]}">' in html
        assert f'<li data-team="{team}" data-bank="{score["bank"]}"' in html
    assert "250" in html  # the game goes on, to 250


def test_the_last_trick_can_be_shown_and_hidden():
    ctl = table(game=42)
    play_until(ctl, lambda s: s.game.phase is Phase.PLAY and len(s.view().tricks) >= 1 and s.south_turn)
    last = ctl.session.view().last_trick
    event(ctl, "last-trick")
    html = regions(ctl)["trick"]
    assert ctl.session.peek and all(f'data-trick-card="{c}"' in html for c in last.cards)
    assert f'data-seat="{last.winner.name}"' in html and " won" in html
    event(ctl, "last-trick")
    assert not ctl.session.peek


def test_undo_then_the_same_moves_give_the_record_of_never_undoing():
    plain = table(game=43)
    play_until(plain, lambda s: s.game.phase is Phase.PLAY and len(s.view().tricks) >= 3 and s.south_turn)
    target = len(plain.session.game.actions())
    undone = table(game=43)
    play_until(undone, lambda s: s.game.phase is Phase.PLAY and len(s.view().tricks) >= 1 and s.south_turn)
    south_moves(undone)  # South plays a card (two clicks), the computers answer
    before = undone.session.game.actions()
    event(undone, "undo")
    assert undone.session.undos == 1 and len(undone.session.game.actions()) < len(before)
    assert undone.session.game.to_move is Seat.S
    while len(undone.session.game.actions()) < target:
        south_moves(undone)
    assert undone.session.game.actions() == plain.session.game.actions()
    saved = json.loads(undone.session.store.get(saves.GAME_KEY))
    assert saved.pop("undos") == 1
    assert {k: v for k, v in saved.items() if k not in ("levels", "started")} == to_record(plain.session.game)


def test_undo_is_off_once_the_hand_is_scored_and_before_south_acts():
    ctl = table(game=44)
    event(ctl, "deal")
    assert ctl.session.undo_point() is None
    event(ctl, "undo")
    assert not ctl.session.undos and "disabled" in regions(ctl)["tools"].split('data-action="undo"')[1][:20]
    play_until(ctl, lambda s: s.game.phase is Phase.HAND_OVER)
    assert ctl.session.undo_point() is None


def test_download_then_open_gives_the_same_game():
    ctl = table(game=45)
    play_until(ctl, lambda s: len(s.game.actions()) > 30)
    event(ctl, "export")
    name, text = ctl.files.download
    assert name == "piki-45.json" and from_record(json.loads(text)).actions() == ctl.session.game.actions()
    other = table(game=46)
    assert other.files.open_record(text, name)
    assert other.session.game.number == 45 and other.session.game.actions() == ctl.session.game.actions()
    assert to_record(other.session.game) == to_record(ctl.session.game)


def test_a_bad_record_is_refused_with_a_reason_and_the_game_is_kept():
    ctl = table(game=47)
    play_until(ctl, lambda s: len(s.game.actions()) > 10)
    kept = to_record(ctl.session.game)
    record = json.loads(saves.game_text(ctl.session.game, "easy"))
    record["hands"][0]["plays"][1] = record["hands"][0]["plays"][0]  # a card played twice
    for text in ("{not json", json.dumps(record), "", "[" * 5000):
        assert not ctl.files.open_record(text, "bad.json")
        assert "bad.json" in ctl.session.notice and to_record(ctl.session.game) == kept
    assert not ctl.files.open_record(json.dumps(record), "x.json")
    assert "сдача 1, карта 2 (W, 2H)" in ctl.session.notice  # names what is wrong and where


def test_a_file_too_large_to_read_or_unreadable_is_refused_in_words_and_nothing_changes():
    # the page does not read a file larger than FILE_BYTES (py/app.py sends only its size)
    from ui.files import FILE_BYTES

    ctl = table(game=49)
    play_until(ctl, lambda s: len(s.game.actions()) > 6)
    kept, statistics = to_record(ctl.session.game), ctl.session.store.get("spades.stats")
    event(ctl, "open-file", ("record", "film.json", None, None, 734_003_200))
    assert ctl.session.notice == ("Запись «film.json» не открыта: файл слишком большой (735 МБ). "
                                  "Текущая партия сохранена.")
    event(ctl, "open-file", ("stats", "big.json", None, None, FILE_BYTES + 1))
    assert ctl.session.notice.startswith("Файл «big.json» не загружен: файл слишком большой (9 МБ).")
    event(ctl, "open-file", ("stats", "x.json", None, "NotReadableError", None))
    assert ctl.session.notice.startswith("Файл «x.json» не загружен: NotReadableError.")
    assert to_record(ctl.session.game) == kept and ctl.session.store.get("spades.stats") == statistics
    assert FILE_BYTES >= 4 * 2_000_000  # a record of the longest text allowed, in any characters, is read


def test_share_gives_the_address_of_this_game_number():
    ctl = table(game=48)
    event(ctl, "share")
    assert ctl.files.clipboard == ("?game=48", "")


def test_the_card_winning_the_trick_so_far_is_marked_and_seats_show_tricks_against_bids():
    ctl = table(game=49)
    play_until(ctl, lambda s: s.game.phase is Phase.PLAY and len(s.view().trick.cards) >= 2 and s.south_turn)
    view = ctl.session.view()
    html = regions(ctl)["trick"]
    from spades.rules import winning_index
    best = view.trick.cards[winning_index(view.trick.cards)]
    assert html.count(" winning") == 1 and f'winning" data-trick-card="{best}"' in html
    west = regions(ctl)["seat-W"]
    assert f'{view.taken[Seat.W]} / {view.bids[Seat.W]}' in west or "Nil" in west


def test_the_hand_review_steps_through_the_tricks_from_the_record():
    from ui.review import hand_review
    ctl = table(game=50)
    play_until(ctl, lambda s: s.game.phase is Phase.HAND_OVER)
    assert 'data-action="review" data-value="1"' in regions(ctl)["panel"]
    event(ctl, "review", "1")
    assert ctl.session.panel == "review"
    html = regions(ctl)["review"]
    assert 'data-step="0"' in html and html.count('data-count="13"') == 4  # all four hands shown
    data = hand_review(json.loads(ctl.session.store.get(saves.GAME_KEY)), 0)
    for k in range(1, 14):
        event(ctl, "review-step", "1")
        html = regions(ctl)["review"]
        trick = data["tricks"][k - 1]
        assert f'data-trick="{k}" data-winner="{trick["winner"]}"' in html
        assert html.count(f'data-count="{13 - k}"') == 4
    event(ctl, "review-step", "1")
    assert ctl.coach.review == Review(0, 13)
    event(ctl, "review-step", "-1")
    assert ctl.coach.review == Review(0, 12)
    event(ctl, "review-step", "0")
    assert ctl.coach.review == Review(0, 0)
    event(ctl, "panel", "close")
    assert ctl.coach.review is None and regions(ctl)["review"] == ""


def test_the_chart_has_one_point_per_hand_and_a_text_alternative():
    ctl = table(game=51)
    play_until(ctl, lambda s: len(s.view().sheet) >= 2 and s.game.phase is not Phase.PLAY)
    html = regions(ctl)["score"]
    hands = len(ctl.session.view().sheet)
    assert '<svg id="chart"' in html and f'data-hands="{hands}"' in html
    assert html.count('class="dot-ns"') == hands and html.count('class="dot-ew"') == hands
    assert 'aria-label="' in html and "после сдачи 1" in html
    for i, (ns, _ew) in enumerate(ctl.session.view().sheet, 1):
        assert f'data-hand="{i}" data-score="{ns.total}"' in html


def test_a_hand_with_blind_nil_can_be_reviewed():
    from spades import DEAL, Game, Rules
    from spades.bots import decision_rng, make_player
    from ui.review import hand_review

    for number in range(40):
        game = Game(game=number, rules=Rules(blind_nil=True))
        hard = make_player("medium")
        blind_hand = None
        while not game.over and blind_hand is None and len(game.hands) < 12:
            if game.phase is Phase.HAND_OVER:
                game.apply(DEAL)
                continue
            view = game.view(game.to_move)
            action = "blind" if "blind" in view.legal else hard.act(view, decision_rng(number, view))
            game.apply(action)
            if action == "blind":
                blind_hand = len(game.hands) - 1
        if blind_hand is not None:
            break
    assert blind_hand is not None
    while game.phase is not Phase.HAND_OVER and not game.over:
        view = game.view(game.to_move)
        game.apply(hard.act(view, decision_rng(number, view)))
    data = hand_review(to_record(game), blind_hand)
    assert "blind" in data["bids"].values() and len(data["tricks"]) == 13


def test_opening_a_record_closes_a_review_of_the_old_game():
    ctl = table(game=52)
    play_until(ctl, lambda s: s.game.phase is Phase.HAND_OVER)
    event(ctl, "review", "1")
    assert ctl.coach.review is not None
    other = table(game=53)
    play_until(other, lambda s: len(s.game.actions()) > 10)
    assert ctl.files.open_record(other.session.store.get(saves.GAME_KEY), "other.json")
    assert ctl.coach.review is None and ctl.session.panel is None and regions(ctl)["review"] == ""
    event(ctl, "review-step", "x")  # a bad value from the page changes nothing


def test_share_refuses_a_number_no_address_opens():
    from spades import Game

    ctl = table(game=54)
    ctl.session.adopt(Game(game=0), "easy")
    event(ctl, "share")
    assert ctl.files.clipboard is None and "999999" in ctl.session.status


def test_the_last_hand_of_a_game_has_its_summary_too():
    ctl = table(game=55)
    play_until(ctl, lambda s: s.game.over, limit=5000)
    html = regions(ctl)["panel"]
    assert 'id="summary"' in html and '<svg id="chart"' in html and 'data-action="new-game"' in html
    assert 'data-action="deal"' not in html and 'data-action="review"' in html
