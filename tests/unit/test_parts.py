"""The table's parts, each alone: the session, the computers' turns, the coach, files,
settings, statistics (ui/*.py); and the screen computed first, drawn after (ui/view.py,
ui/render.py, ui/panels.py). No controller is built here unless a test says so."""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

from helpers import MemoryStore, basic_game
from spades import Card, Game, Phase, Seat, to_record
from test_ui import Screen, drive
from ui import saves, stats
from ui.coach import Analysis, Coach, Review
from ui.files import Files
from ui.fmt import signed
from ui.play import Session
from ui.prefs import Preferences
from ui.strings import set_language, t
from ui.turns import FAST, Turns

UI = Path(__file__).resolve().parents[2] / "py" / "ui"


def session(game: Game | None = None) -> Session:
    set_language("ru")
    s = Session(MemoryStore())
    s.adopt(game or basic_game(), "medium")
    s.dealt = True
    return s


def test_a_session_applies_saves_and_takes_back_south_s_card():
    s = session()  # South leads
    s.apply(Card.parse("AH"))
    assert s.status == "Вы: A♥." and saves.load_game(s.store)[0].actions() == s.game.actions()
    point = s.undo_point()
    assert point == 4  # the four bids stay
    mark = s.mark()
    s.rewind(point)
    assert not mark.current and s.undos == 1 and len(s.game.actions()) == 4


def test_a_session_says_a_refused_write_instead_of_raising():
    s = session()
    s.store.quota = 10
    s.apply(Card.parse("AH"))
    assert s.notice == t("storage.unavailable")  # said, not raised
    assert len(s.game.actions()) == 5


def test_the_turns_play_the_computers_until_south():
    s = session(basic_game())
    s.apply(Card.parse("AH"))  # W, N, E follow, then the trick is gathered
    turns = Turns(s, Screen(), FAST)
    assert drive(turns.run()) is True
    assert s.game.to_move is Seat.S or s.game.phase is not Phase.PLAY
    assert len(turns.think_ms) == 3 and s.shown_trick is None


def test_the_coach_hints_and_reviews_without_changing_the_game():
    s = session(basic_game(bids=()))
    coach = Coach(s, Screen())
    before = s.game.actions()
    assert coach.bid_hint() is None  # worked out in the worker, not while drawing
    drive(coach.work_out_bid())
    bid, reason = coach.bid_hint()
    assert isinstance(bid, int) and reason and s.game.actions() == before
    worked_out = coach._bid
    drive(coach.work_out_bid())
    assert coach._bid is worked_out  # worked out once for the position
    assert set(coach.bid_risks()) == set(range(14))
    game = basic_game()
    for card in ["AH", "2H", "2D", "2C", "KH", "3H", "3D", "3C", "QH", "4H", "4D", "4C"]:
        game.apply(Card.parse(card))
    s.adopt(game, "medium")
    coach.open_review(0)  # no finished hand yet: nothing opens
    assert coach.review is None and s.panel is None


def test_a_review_belongs_to_the_game_it_was_opened_on():
    s = session()
    coach = Coach(s, Screen())
    coach.review = Review(0, 20)
    assert coach.review == Review(0, 13)  # a step past the last trick is the last
    s.adopt(basic_game(), "medium")
    assert coach.review is None


def test_files_refuse_a_damaged_record_and_keep_the_game():
    s = session()
    files = Files(s, stats.Desk(s))
    before = to_record(s.game)
    assert not files.open_record('{"format": "spades-game/1", "hands": []}', "x.json")
    assert to_record(s.game) == before and "x.json" in s.notice
    files.export_record()
    name, text = files.download
    assert name.startswith("piki-") and json.loads(text)["hands"]


def test_preferences_change_the_settings_and_the_language():
    s = Session(MemoryStore())
    s.adopt(Game(game=5, rules=s.settings.rules), "medium")
    prefs = Preferences(s)
    prefs.change("target", 500)
    assert s.settings.rules.target == 500 and s.game.rules.target == 500  # no game under way: at once
    prefs.set_language("en")
    assert s.settings.lang == "en" and saves.load_settings(s.store)[0].lang == "en"
    set_language("ru")


def test_the_statistics_desk_imports_and_resets():
    s = session()
    desk = stats.Desk(s)
    assert not desk.open("{", "bad.json") and "bad.json" in s.notice
    desk.confirm_reset = True
    desk.reset()
    assert not desk.confirm_reset and stats.load(s.store) == stats.empty()


def test_the_analysis_is_a_named_value():
    state = Analysis(7, 0, 3, 14)
    assert (state.game, state.hand, state.done, state.total, state.listed) == (7, 0, 3, 14, None)
    assert state._replace(done=4).done == 4


# --- drawing is a pure function of the view --------------------------------------------------

def imported_modules(path: Path) -> set[str]:
    """The modules a file imports when it runs (not those named for the type checker only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names |= {f"{'.' * node.level}{node.module or ''}"} | {
                f"{'.' * node.level}{alias.name}" for alias in node.names if not node.module}
        elif isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
    return names


def test_drawing_imports_no_part_that_computes():
    for name in ("render.py", "panels.py"):
        imported = imported_modules(UI / name)
        for part in (".controller", ".session", ".coach", ".turns", ".files", ".prefs", ".saves", ".players",
                     ".view", "spades.bots", "spades.advice", "spades.analysis"):
            assert not any(m == part or m.startswith(part + ".") for m in imported), (name, part)


def test_drawing_reads_no_store_and_runs_no_hint():
    from helpers import regions
    from test_ui import event, table
    from ui.render import regions as draw
    from ui.view import table_view

    ctl = table(game=31)
    event(ctl, "deal")
    shown = table_view(ctl)
    assert shown.bid_hint is not None and shown.bid_risks  # worked out before drawing

    # every Python function drawing calls: none of the store, the game in play, the coach or the
    # computers (a draw that reached for them would show here)
    called: set[str] = set()

    def note(frame, event, arg):
        if event == "call" and not (frame.f_code.co_filename.endswith("saves.py")
                                    and frame.f_code.co_name == "value"):  # a setting's value: no store
            called.add(frame.f_code.co_filename.replace("\\", "/"))

    sys.setprofile(note)
    try:
        html = draw(shown)
    finally:
        sys.setprofile(None)
    assert any(path.endswith("/ui/render.py") for path in called)
    forbidden = ("/ui/saves.py", "/ui/play.py", "/ui/coach.py", "/ui/controller.py", "/spades/advice.py",
                 "/spades/analysis.py", "/spades/bots/", "/tests/unit/helpers.py")  # helpers: the MemoryStore
    assert not [path for path in called if any(part in path for part in forbidden)]
    assert html == draw(shown)  # the same view, the same HTML
    ctl.session.store = MemoryStore()
    assert regions(table(game=31))["panel"] != ""


def test_the_six_score_rows_are_drawn_in_one_place():
    users = [p.name for p in UI.glob("*.py") if "SHEET_ROWS" in p.read_text(encoding="utf-8")]
    assert users == ["fmt.py"]
    for name in ("render.py", "panels.py", "help.py"):
        text = (UI / name).read_text(encoding="utf-8")
        assert 'data-row="' not in text or name == "fmt.py", name


def test_the_status_line_writes_scores_as_the_table_does():
    game = basic_game(bids=(0, 1, 1, 1))
    s = session(game)
    while s.game.phase is Phase.PLAY:
        s.game.apply(s.game.legal_actions()[-1])
    ns, ew = (score.hand for score in s.view().hand_score)
    text = s.prompt()
    assert ew < 0 and f"{signed(ns)}, они {signed(ew)}" in text  # −, the real minus sign
    assert "-" not in text


# --- the table's pace and the forced card (settings that apply at once) ------------------------

class Timed(Screen):
    """The stand-in screen, keeping the pauses it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.pauses: list[float] = []

    async def pause(self, seconds) -> None:
        self.pauses.append(seconds)


def trick_pause(pace: str) -> list[float]:
    """The pauses of a trick played out by the computers after South's lead, at ``pace``."""
    from ui.turns import NORMAL

    s = session(basic_game())
    s.settings = s.settings._replace(pace=pace)
    s.apply(Card.parse("AH"))
    screen = Timed()
    drive(Turns(s, screen, NORMAL).run())
    return screen.pauses


def test_the_pace_scales_the_pauses():
    from ui.turns import NORMAL

    for pace, factor in (("slow", 1.6), ("normal", 1.0), ("fast", 0.4)):
        pauses = trick_pause(pace)
        assert pauses[-1] == NORMAL.trick * factor  # the finished trick stays, then is gathered
        assert all(p <= NORMAL.play * factor for p in pauses[:-1])  # each card's pause, less the thought
    assert saves.Settings.from_json({"pace": "warp"}).pace == "normal"  # an unknown pace: the default
    assert saves.Settings.read({"pace": "warp"})[1] == ["pace"]


def hand_with(autoplay: bool) -> tuple[int, list[int]]:
    """Play game 57's first hand, South moving by hand; return how many of South's cards were
    played by hand, and how many legal cards South had at each of its turns in play."""
    from test_ui import south_moves, table

    store = MemoryStore({saves.SETTINGS_KEY: json.dumps({"autoplay": autoplay})})
    ctl = table(store, 57)
    by_hand, choices = 0, []
    while ctl.session.game.phase is not Phase.HAND_OVER:
        if ctl.session.south_turn and ctl.session.game.phase is Phase.PLAY:
            choices.append(len(ctl.session.view().legal))
            by_hand += 1
        south_moves(ctl)
    return by_hand, choices


def test_a_single_legal_card_is_played_at_once_only_when_asked():
    asked, choices = hand_with(True)
    assert min(choices) > 1 and asked < 13  # never left to South: at least the 13th trick's card
    plain, plain_choices = hand_with(False)
    assert plain == 13 and 1 in plain_choices


def test_the_look_is_kept_read_leniently_and_shared_with_the_page_before_python():
    from spades.table import CARD_SIZES, DECKS, FELTS
    from ui.shared import for_the_page

    s = saves.Settings.from_json({"deck": "four", "cards": "large", "felt": "claret"})
    assert (s.deck, s.cards, s.felt) == ("four", "large", "claret")
    bad, damaged = saves.Settings.read({"deck": "six", "felt": 3, "cards": "large"})
    assert (bad.deck, bad.cards, bad.felt) == ("two", "large", "green") and set(damaged) == {"deck", "felt"}
    assert for_the_page()["look"] == {"deck": list(DECKS), "cards": list(CARD_SIZES), "felt": list(FELTS)}


def test_the_table_sounds_what_happens_unless_muted():
    from ui.turns import NORMAL

    s = session(basic_game(bids=(1, 0, 1, 1)))  # West bid Nil
    s.apply(Card.parse("AH"))
    assert s.sounds == ["card"]
    s.sounds.clear()
    drive(Turns(s, Timed(), NORMAL).run())  # West, North, East follow; the trick is gathered; South's turn
    assert s.sounds == ["card", "card", "card", "trick", "turn"]
    s.settings = s.settings._replace(sound=False)
    s.sounds.clear()
    s.apply(Card.parse("KH"))
    assert s.sounds == []


def test_a_broken_nil_and_a_hands_end_are_heard():
    s = session(basic_game(bids=(1, 0, 1, 1)))  # West bid Nil
    while s.game.phase is Phase.PLAY:
        s.apply(s.game.legal_actions()[0])  # the lowest legal card: West takes one trick
    took = s.view().taken[Seat.W]
    assert took > 0 and s.sounds.count("nil") == 1  # said once, at West's first trick
    assert s.sounds.count("card") == 52 and s.sounds[-1] == "hand"


def test_the_table_view_is_typed():
    # every field of what a render draws has a named type: no Any, no bare tuple or dict
    import re

    from ui.view import TableView

    for name, annotation in TableView.__annotations__.items():
        assert "Any" not in annotation, name
        assert not re.search(r"\b(tuple|dict)\b(?!\[)", annotation), (name, annotation)


def test_the_partners_words_are_said_in_one_place():
    # North's reason becomes words in ``fmt.partner_words`` alone: the status line, the line
    # beside its face and its card's name all take them from there (saves only checks a saved
    # reason's parameters fit the words)
    users = sorted(p.name for p in UI.glob("*.py") if 'voice="partner"' in p.read_text(encoding="utf-8"))
    assert users == ["fmt.py", "saves.py"]
    render = (UI / "render.py").read_text(encoding="utf-8")
    assert "Reason(" not in render and "partner_words" not in render  # drawing gets the words made


def test_the_bid_panel_waits_for_the_hint_in_words():
    # while the worker plays the hard level's playouts out, the panel is up and says so; the
    # hint button takes no bid from it until the bid is known
    from test_ui import event, table
    from ui.render import regions as draw
    from ui.view import table_view

    ctl = table(game=31)
    event(ctl, "deal")
    shown = table_view(ctl)
    assert shown.bid_hint is not None
    waiting = draw(shown._replace(bid_hint=None))["panel"]
    assert "Совет: …" in waiting and "data-hint=" not in waiting and 'aria-live="polite"' in waiting
    assert t("hint.wait") in waiting and 'class="bid-button"' in waiting
    ready = draw(shown)["panel"]
    assert f'data-hint="{shown.bid_hint[0]}"' in ready
