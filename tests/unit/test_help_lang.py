"""The help and the two languages: every catalogue has the same keys in Russian and English, the
help's worked example is what the engine scores, and the language switch reaches the table, the
status line and the hint (under CPython, with the controller's in-memory store)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from string import Formatter

import pytest

from helpers import MemoryStore
from helpers import regions as draw
from spades import DEAL, Rules, Seat, from_record, messages, score_team
from spades.advice import MESSAGES as ADVICE
from spades.advice import PARTNER
from spades.scoring import SHEET_ROWS
from ui import controller, render, saves, strings
from ui import help as helppage
from ui.fmt import pips

ROOT = Path(__file__).resolve().parents[2]
WORKED = ROOT / "tests" / "data" / "worked_example.json"


@pytest.fixture(autouse=True)
def russian_again():
    yield
    strings.set_language("ru")


def fields(template: str) -> set[str]:
    """The placeholders; the hints' suit forms differ by language (suit_gen, suit_en…): "suit"."""
    names = {name.split(":")[0] for _, name, _, _ in Formatter().parse(template) if name}
    return {"suit" if name.startswith("suit_") else name for name in names}


CATALOGUES = {
    "ui strings": (strings.RU, strings.EN),
    "engine messages": (messages.RU, messages.EN),
    "hint texts": (ADVICE["ru"], ADVICE["en"]),
    "partner texts": (PARTNER["ru"], PARTNER["en"]),
}


@pytest.mark.parametrize("name", CATALOGUES)
def test_both_languages_have_the_same_keys_and_placeholders(name):
    ru, en = CATALOGUES[name]
    assert set(ru) - set(en) == set(), f"{name}: missing in English"
    assert set(en) - set(ru) == set(), f"{name}: missing in Russian"
    for key in ru:
        # ``{error}`` is a program's own English (json's, a Python exception's): Russian leaves it out
        assert fields(ru[key]) in (fields(en[key]), fields(en[key]) - {"error"}), (name, key)
        assert en[key].strip(), (name, key)


def test_every_key_the_interface_asks_for_is_in_the_catalogue():
    used = set()
    for path in (ROOT / "py" / "ui").glob("*.py"):
        used |= set(re.findall(r'\bt\(\s*"([^"]+)"\s*[,)]', path.read_text(encoding="utf-8")))
    used |= set(re.findall(r'data-i18n(?:-aria)?="([^"]+)"', (ROOT / "index.html").read_text(encoding="utf-8")))
    assert used, "no t(...) call found"
    assert used - set(strings.RU) == set()


def test_the_help_has_the_same_sections_in_both_languages():
    ru = [key for key, _, _ in helppage.SECTIONS["ru"]]
    en = [key for key, _, _ in helppage.SECTIONS["en"]]
    assert ru == en
    assert {"play", "rules", "scoring", "end", "tips", "variants", "faq"} <= set(ru)
    for lang in ("ru", "en"):
        assert helppage.page(lang).count("<details") == len(ru)
        assert helppage.EXAMPLE_MARK not in helppage.page(lang)


class Cells(HTMLParser):
    """The worked example's table: {(team, row): value} from data-row / data-team / data-value."""

    def __init__(self) -> None:
        super().__init__()
        self.row = None
        self.cells: dict[tuple[str, str], int] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr":
            self.row = a.get("data-row")
        elif tag == "td" and self.row and "data-team" in a:
            self.cells[(a["data-team"], self.row)] = int(a["data-value"])


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_worked_example_in_the_help_is_what_the_engine_scores():
    record = json.loads(WORKED.read_text(encoding="utf-8"))
    game = from_record(record)
    view = game.view(Seat.S)
    ns, ew = view.sheet[0]
    engine = {"NS": ns, "EW": ew}
    for team, score in engine.items():
        for row in SHEET_ROWS:
            assert helppage.EXAMPLE[team][row] == getattr(score, row), (team, row)
    taken = view.taken
    assert (taken[Seat.S], taken[Seat.N], taken[Seat.W], taken[Seat.E]) == (5, 3, 3, 2)
    assert record["hands"][0]["bids"] == [4, 2, 3, 3] and record["game"] == 21
    assert not game.over
    game.apply(DEAL)
    assert game.hand.dealer == Seat.S and game.to_move == Seat.W  # South deals, West bids first

    for lang in ("ru", "en"):
        html = helppage.page(lang)
        cells = Cells()
        cells.feed(html)
        assert cells.cells == {(team, row): getattr(engine[team], row)
                               for team in engine for row in SHEET_ROWS}, lang
        text = text_of(html)
        for number in ("+70", "+71", "+50", "21", "−200"):
            assert number in text, (lang, number)

    # The three smaller cases of the same section, scored by the engine.
    cases = {"+141": ((0, 4), (0, 5), 0), "−58": ((0, 4), (2, 4), 0), "−37": ((3, 3), (5, 4), 7)}
    for shown, (bids, tricks, bank) in cases.items():
        score = score_team(bids, tricks, 0, bank, Rules())
        assert render.signed(score.hand) == shown
        for lang in ("ru", "en"):
            assert shown in text_of(helppage.page(lang)), (lang, shown)


def test_the_language_is_a_setting_kept_with_the_others():
    store = MemoryStore({saves.SETTINGS_KEY: json.dumps({"target": 500, "level": "hard"})})
    assert saves.load_settings(store)[0].lang == "ru"
    store.set(saves.SETTINGS_KEY, json.dumps({"target": 500, "level": "hard", "lang": "xx"}))
    assert saves.load_settings(store)[0].lang == "ru"
    store.set(saves.SETTINGS_KEY, json.dumps({"target": 500, "level": "hard", "lang": "en"}))
    settings, _ = saves.load_settings(store)
    assert (settings.lang, settings.rules.target, settings.level) == ("en", 500, "hard")


class Screen:
    """A screen that never waits, so that a controller event runs to its end in one step
    (asyncio.run would need stack switching under Pyodide in Node)."""

    def render(self):
        pass

    async def pause(self, seconds):
        pass

    async def deal(self, dealer):
        pass

    async def gather(self, winner):
        pass


def event(ctl, action, value=None) -> None:
    try:
        ctl.handle(action, value).send(None)
    except StopIteration:
        return
    raise AssertionError("the controller waited")


def test_switching_language_reaches_the_table_the_status_and_the_hint():
    store = MemoryStore()
    ctl = controller.Controller(store, Screen(), controller.FAST)
    ctl.start(4242)
    event(ctl, "deal")
    assert ctl.session.game.to_move == Seat.S
    ru_hint = ctl.coach.bid_hint()[1]
    ru_panel = draw(ctl)["panel"]
    assert ctl.session.status == strings.RU["status.your_bid"]

    event(ctl, "lang", "en")
    assert strings.language() == "en"
    assert ctl.session.status == strings.EN["status.your_bid"]
    bid, en_hint = ctl.coach.bid_hint()
    assert en_hint != ru_hint and not re.search("[а-яё]", en_hint, re.I), en_hint
    regions = draw(ctl)
    assert strings.EN["bid.title"] in regions["panel"] and pips(en_hint) in regions["panel"]
    assert regions["panel"] != ru_panel
    assert "West" in regions["seat-W"] and "Rules and help" not in regions["help"]
    assert "How to play" in regions["help"] and 'data-value="ru"' in regions["lang-switch"]
    assert json.loads(store.get(saves.SETTINGS_KEY))["lang"] == "en"

    # The engine's reasons come in English too, as a sentence.
    event(ctl, "bid", bid)  # the computers bid after South; then South leads
    assert ctl.session.game.to_move == Seat.S
    legal = set(ctl.session.view().legal)
    illegal = [c for c in ctl.session.view().hand if c not in legal]
    if illegal:
        event(ctl, "card", str(illegal[0]))
        assert ctl.session.status.startswith(("Must follow suit", "Spades are not broken")), ctl.session.status

    # A new controller on the same store starts in English.
    strings.set_language("ru")
    again = controller.Controller(store, Screen(), controller.FAST)
    assert strings.language() == "en" and again.session.settings.lang == "en"


def test_a_damaged_save_is_explained_in_the_players_language():
    store = MemoryStore({saves.SETTINGS_KEY: json.dumps({"lang": "en"}), saves.GAME_KEY: "[1, 2]"})
    ctl = controller.Controller(store, Screen(), controller.FAST)
    ctl.start()
    assert "could not be read (a record must be a JSON object)" in ctl.session.notice, ctl.session.notice
    assert not re.search("[а-яё]", ctl.session.notice.replace(saves.DAMAGED_KEY, ""), re.I), ctl.session.notice
    strings.set_language("ru")
    store = MemoryStore({saves.GAME_KEY: "{not json"})
    ctl = controller.Controller(store, Screen(), controller.FAST)
    ctl.start()
    assert "не удалось прочитать (это не JSON)" in ctl.session.notice, ctl.session.notice


def test_points_agree_with_their_number():
    from ui.fmt import points

    assert [points(n) for n in (1, 2, 5, 11, 14, 21, 22, 25, 101, 112, 0, -3)] == [
        "1 очко", "2 очка", "5 очков", "11 очков", "14 очков", "21 очко", "22 очка", "25 очков",
        "101 очко", "112 очков", "0 очков", "−3 очка"]
    strings.set_language("en")
    assert [points(1), points(-14, "−14")] == ["1 point", "−14 points"]


def test_every_reason_of_the_analysis_has_words_in_both_languages():
    from spades.analysis import REASONS

    for code in REASONS:
        assert f"analysis.why.{code}" in strings.RU and f"analysis.why.{code}" in strings.EN
