"""Every way a record or a statistics file can be refused is said in both languages: the English
of the command line (docs/record.md's error lines, unchanged) and Russian words for the page, with
no English left in them (a new user saw «сдача 1: deal: a card is dealt twice»)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from spades import Game, SplitMix64, from_record, to_record
from spades.cards import Seat
from spades.messages import EN, RU
from spades.record import RecordError, view_from_partial_record
from ui import days, stats, strings
from ui.saves import DamagedSave, read_game

# what a Russian message may hold in Latin letters: card and bid notation (AS, TH, blind), seats
# (S W N E), the format names, the name Python, and the record's own values given back (quoted, or the action of
# «заказ 1 (S, …)»)
NOTATION = re.compile(r"'[^']*'|\"[^\"]*\"|\([SWNE-], [^)]*\)|\b[2-9TJQKA][SHDC]\b|\b[SWNE]\b|\bJSON\b|\bNil\b"
                      r"|\bblind\b|\bPython\b|spades-[a-z]+/\d+")


def latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", NOTATION.sub("", text))


def good_record() -> dict:
    game, rng = Game(game=4242), SplitMix64(9)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    return to_record(game)


def damaged(change):
    record = copy.deepcopy(good_record())
    out = change(record)
    return record if out is None else out


BAD_RECORDS = {
    "not an object": lambda r: [1, 2],
    "format": lambda r: r.update(format="other/9"),
    "rules": lambda r: r.update(rules={"target": "many"}),
    "game number": lambda r: r.update(game=-3),
    "no hands": lambda r: r.update(hands=[]),
    "hand not an object": lambda r: r.update(hands=[7]),
    "dealer": lambda r: r["hands"][0].update(dealer="X"),
    "deal seats": lambda r: r["hands"][0]["deal"].pop("W"),
    "deal size": lambda r: r["hands"][0]["deal"].update(S=r["hands"][0]["deal"]["S"][:5]),
    "deal card": lambda r: r["hands"][0]["deal"]["S"].__setitem__(0, "ZZ"),
    "deal twice": lambda r: r["hands"][0]["deal"]["S"].__setitem__(1, r["hands"][0]["deal"]["S"][0]),
    "dealt twice across": lambda r: r["hands"][0]["deal"]["W"].__setitem__(0, r["hands"][0]["deal"]["S"][0]),
    "no deal, no number": lambda r: (r.pop("game"), r["hands"][0].pop("deal")),
    "lists": lambda r: r["hands"][0].update(bids="four"),
    "plays before bids": lambda r: r["hands"][0].update(bids=r["hands"][0]["bids"][:2]),
    "not a bid": lambda r: r["hands"][0]["bids"].__setitem__(0, "many"),
    "not a card": lambda r: r["hands"][0]["plays"].__setitem__(0, 7),
    "illegal card": lambda r: r["hands"][0]["plays"].__setitem__(1, r["hands"][0]["plays"][0]),
    "unfinished hand": lambda r: r["hands"].append(copy.deepcopy(r["hands"][0])),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_refused_record_is_said_in_english_and_in_russian_words(name):
    record = damaged(BAD_RECORDS[name])
    with pytest.raises(RecordError) as refused:
        from_record(record)
    english = str(refused.value)
    assert english and not re.search("[А-Яа-яЁё]", english), english
    with pytest.raises(DamagedSave) as saved:
        read_game(json.dumps(record))
    russian = saved.value.text("ru")
    assert re.search("[А-Яа-яЁё]", russian) and latin_words(russian) == [], russian
    assert saved.value.text("en") == english


def test_the_command_lines_error_lines_are_as_they_were():
    # docs/record.md's contract: the English lines outside checks read
    record = good_record()
    record["hands"][0]["deal"]["S"][1] = record["hands"][0]["deal"]["S"][0]
    with pytest.raises(RecordError, match=r"^hand 1: deal: a card is dealt twice$"):
        from_record(record)
    record = good_record()
    record["hands"][0]["plays"] = ["AS"]
    record["hands"][0]["bids"] = record["hands"][0]["bids"][:1]
    with pytest.raises(RecordError, match=r"^hand 1: plays before all four bids$"):
        from_record(record)


def test_a_partial_record_is_refused_in_both_languages():
    record = good_record()
    partial = dict(record, hands=[dict(record["hands"][0], deal={"W": record["hands"][0]["deal"]["W"]})])
    for data, seat in ((partial, Seat.S), (record, Seat.S)):
        with pytest.raises(RecordError) as refused:
            view_from_partial_record(data, seat)
        assert latin_words(refused.value.text("ru")) == [] and "deal" in refused.value.reason("en")


BAD_STATS = {
    "not json": "{",
    "format": json.dumps({"format": "other"}),
    "games": json.dumps({"format": stats.FORMAT, "games": [], "order": []}),
    "figures": json.dumps({"format": stats.FORMAT, "games": {"a": {"hands": -1}}, "order": []}),
    "order": json.dumps({"format": stats.FORMAT, "games": {}, "order": [1]}),
}


@pytest.mark.parametrize("name", sorted(BAD_STATS))
def test_a_refused_statistics_file_is_said_in_russian_words(name):
    with pytest.raises(stats.StatsError) as refused:
        stats.parse(BAD_STATS[name])
    russian = refused.value.text("ru")
    assert re.search("[А-Яа-яЁё]", russian) and latin_words(russian) == [], russian
    assert refused.value.text("en") == str(refused.value) and not re.search("[А-Яа-яЁё]", str(refused.value))


def test_the_engines_reasons_have_both_languages():
    assert set(RU) == set(EN)
    for code in RU:
        assert latin_words(re.sub(r"\{[^}]*\}", "", RU[code])) == [], code


# --- the table's words (ui/strings.py) ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[2]
# the language switch names the other language in that language's own words
OTHER_LANGUAGE = {"lang.switch", "lang.switch.to", "lang.switch.aria"}


def test_every_word_of_the_table_is_in_both_languages_in_its_own_letters():
    assert set(strings.RU) == set(strings.EN)
    for key in strings.RU:
        if key in OTHER_LANGUAGE:
            continue
        assert latin_words(re.sub(r"\{[^}]*\}", "", strings.RU[key])) == [], key
        assert not re.search("[А-Яа-яЁё]", strings.EN[key]), key
        # the Russian fills no blank the English lacks (it may leave out a program's own English)
        assert set(re.findall(r"\{(\w+)", strings.RU[key])) <= set(re.findall(r"\{(\w+)", strings.EN[key])), key


def keys_built_from_names() -> set[str]:
    """The keys the code builds from the game's own names (``t(f"seat.{name}")`` …)."""
    from spades.analysis import REASONS
    from spades.rules import HOUSE_KEYS
    from spades.scoring import BONUS_ROW, SHEET_ROWS
    from spades.table import (
        CARD_SIZES,
        DECKS,
        FELTS,
        GAME_CHOICES,
        HOUSE_CHOICES,
        HOUSE_SWITCHES,
        OPPONENT_LEVELS,
        PACES,
        RULE_CHOICES,
        TARGETS,
    )

    return ({f"seat.{s.name}" for s in Seat} | {f"points.{f}" for f in ("one", "few", "many")}
            | {f"stats.{name}" for name in (*stats.FIGURES, "best", "worst")}
            | {f"stats.days.{name}" for name in days.FIGURES}
            | {f"analysis.why.{code}" for code in REASONS} | {f"sheet.row.{row}" for row in SHEET_ROWS}
            | {f"settings.target.{v}" for v in TARGETS} | {f"settings.level.{v}" for v in OPPONENT_LEVELS}
            | {f"settings.{name}" for name in ("target", "level", "pace", "deck", "cards", "felt")}
            | {f"settings.{name}.{v}" for name, values in (("pace", PACES), ("deck", DECKS), ("cards", CARD_SIZES),
                                                          ("felt", FELTS)) for v in values}
            | {f"house.{key}" for key in (*HOUSE_KEYS, "bag_penalty", "blind_nil") if key not in GAME_CHOICES}
            | {"card.joker.LJ", "card.joker.BJ"} | {f"sheet.row.{BONUS_ROW}"}
            | {f"settings.{name}{part}" for name in (*HOUSE_CHOICES, *HOUSE_SWITCHES) for part in ("", ".hint")}
            | {f"settings.{name}.{v}" for name, values in HOUSE_CHOICES.items() for v in values}
            | {f"settings.{name}{part}" for name in GAME_CHOICES for part in ("", ".hint")}
            | {f"settings.{name}.{v}" for name in GAME_CHOICES for v in RULE_CHOICES[name]})


def test_every_key_of_the_catalogue_is_used():
    sources = [p for p in (ROOT / "py").rglob("*.py") if p.name != "strings.py"]
    sources += list((ROOT / "js").glob("*.*js")) + [ROOT / "index.html"]
    text = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    literal = {key for key in strings.RU if f'"{key}"' in text or f"'{key}'" in text}
    # js/boot.js says the boot.* words by their names without the prefix (ui/shared.py boot_words)
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "js").glob("*.*js"))
    literal |= {key for key in strings.RU if key.startswith("boot.") and any(
        form.format(key[len("boot."):]) in scripts for form in ('T.{}', 'T["{}"]', '"{}"'))}
    built = keys_built_from_names()
    assert built <= set(strings.RU)  # each name the code builds a key from has its words
    assert sorted(set(strings.RU) - literal - built) == []


def test_every_refusal_of_the_engine_and_the_table_is_worded_in_both_catalogues():
    """Each code an error may carry — the engine's (``spades.messages``) and the table's
    (``stats.error.*``, ``save.error.*``) — has its words in both languages."""
    assert set(RU) == set(EN)
    errors = [key for key in strings.RU if ".error." in key]
    assert len(errors) >= 8 and all(key in strings.EN for key in errors)
    assert {code for code in RU if code.startswith("record.")} >= {
        "record.not_json", "record.dealt_twice", "record.plays_early", "record.game_number"}


def test_ten_is_written_10_in_one_place():
    # the notation's T becomes the player's 10 in ``Card.rank_face`` alone
    import re
    from pathlib import Path

    from spades import Card

    root = Path(__file__).resolve().parents[2] / "py"
    places = [str(path.relative_to(root)) for path in sorted(root.rglob("*.py"))
              if re.search(r'"10" if\b', path.read_text(encoding="utf-8"))]
    assert places == ["spades/cards.py"]
    assert Card.parse("TH").display == "10♥" and Card.parse("TS").rank_face == "10"


def test_every_error_of_the_engine_is_a_spades_error_said_from_the_catalogue():
    # a record refused, a rule refused and a card or a seat that is not one: each a SpadesError
    # (and still a ValueError), each said in both languages from the one catalogue
    from spades import Card, Rules, Seat, SpadesError, from_record
    from spades.messages import CATALOGUES
    from spades.record import RecordError
    from spades.rules import RulesError

    refusals = []
    for make in (lambda: from_record({"format": 99}), lambda: Rules(target=0), lambda: Card.parse("ZZ"),
                 lambda: Seat.parse("Q"), lambda: Rules.from_json({"colour": 1})):
        with pytest.raises(SpadesError) as refused:
            make()
        assert isinstance(refused.value, ValueError)
        refusals.append(refused.value)
    for error in refusals:
        assert error.code in CATALOGUES["en"] or isinstance(error, RulesError)
        ru, en = error.text("ru"), error.text("en")
        assert ru and en and ru != en, error
    record, rule, card, seat, unknown = refusals
    assert isinstance(record, RecordError) and str(record) == record.text("en")
    assert str(rule) == "target: must be a positive whole number, not 0" and rule.key == "target"
    assert card.text("en") == "not a card: 'ZZ'" and "карта" in card.text("ru")
    assert seat.text("en") == "not a seat: 'Q'" and "мест" in seat.text("ru")
    assert unknown.code == "record.rules_unknown"
