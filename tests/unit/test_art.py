"""The cards' and the players' faces (ui.art) and their sprite, img/faces.svg (tools/faces.py): every
card and joker named by its notation, the pips laid out as on a real card, the sprite holding every
symbol the table references, the seats' faces named in both languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from helpers import regions
from spades import Card, Seat
from spades.cards import RANK_LETTERS, SUIT_LETTERS
from test_ui import table
from ui import art, strings
from ui.render import card_face

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def sprite() -> dict[str, ET.Element]:
    tree = ET.parse(ROOT / "img" / "faces.svg")
    return {e.get("id"): e for e in tree.iter() if e.get("id")}


def used(element: ET.Element) -> list[str]:
    return [u.get("href") for u in element.iter(f"{SVG}use")]


def test_a_card_is_its_corner_index_and_its_face_from_the_sprite():
    html = art.face("7S")
    assert '<span class="rank">7</span><span class="pip">♠</span>' in html
    assert '<use href="#c7S"/>' in html
    ten = art.face("TH")
    assert '<span class="rank wide">10</span><span class="pip">♥</span>' in ten and "#cTH" in ten
    assert card_face(Card.parse("QD")) == art.face("QD")  # the table draws its cards here


@pytest.mark.parametrize("code, star, kind", [("LJ", "☆", "little"), ("BJ", "★", "big")])
def test_the_jokers_have_faces_before_the_engine_deals_them(code, star, kind):
    html = art.face(code)
    assert f'<span class="corner joker-{kind}" aria-hidden="true"><span class="rank">{star}</span>' in html
    assert f'<use href="#c{code}"/>' in html
    assert "pip" not in html  # a joker has no suit sign
    symbols = sprite()
    assert f"c{code}" in symbols
    # the big joker is coloured, the little one black and grey
    colours = set(re.findall(r'fill="(#[0-9a-f]{6})"', ET.tostring(symbols[f"c{code}"], encoding="unicode")))
    assert ("#c0172b" in colours) == (code == "BJ")


@pytest.mark.parametrize("code", ["", "7", "1S", "7X", "10S", "JJ", "lj", "7S ", "ST"])
def test_anything_but_a_cards_notation_is_refused(code):
    with pytest.raises(ValueError, match="notation"):
        art.face(code)


def test_the_sprite_holds_every_symbol_the_table_references():
    symbols = sprite()
    for name in art.symbols():
        assert symbols[name].tag == f"{SVG}symbol", name
    for element in symbols.values():  # and what they use is there too
        for href in used(element):
            assert href.startswith("#") and href[1:] in symbols, href
    assert len(art.symbols()) == len(RANK_LETTERS) * len(SUIT_LETTERS) + 2 + 4


@pytest.mark.parametrize("suit", SUIT_LETTERS)
def test_two_to_ten_carry_their_pips_the_lower_half_upside_down(suit):
    symbols = sprite()
    for count, rank in enumerate("23456789T", start=2):
        pips = [u for u in symbols[f"c{rank}{suit}"].iter(f"{SVG}use")]
        assert [u.get("href")[2:] for u in pips] == [suit] * count, rank
        for pip in pips:
            upside_down = pip.get("href")[1] == "q"
            centre = 310  # half of the face's 620
            assert upside_down == (int(pip.get("y")) > centre), (rank, pip.attrib)
        ys = sorted(int(p.get("y")) for p in pips)
        assert [620 - y for y in reversed(ys)] == ys or rank == "7", rank  # as printed


def test_courts_draw_their_figure_and_aces_one_large_sign():
    symbols = sprite()
    for suit in SUIT_LETTERS:
        for rank in "JQK":
            hrefs = used(symbols[f"c{rank}{suit}"])
            assert hrefs.count(f"#f{rank}") == 2, (rank, suit)  # head to head
            assert hrefs.count(f"#p{suit}") == 2
        ace = symbols[f"cA{suit}"]
        big = [u for u in ace.iter(f"{SVG}use") if "scale(2.5)" in u.get("transform", "")]
        assert [u.get("href") for u in big] == [f"#p{suit}"]


def test_every_seat_has_its_face_named_in_both_languages():
    ctl = table(game=5)
    for lang, names in (("ru", {"S": "Вы: обезьянка", "N": "Север: птичка", "W": "Запад: выдра",
                                "E": "Восток: лиса"}),
                        ("en", {"S": "You: the monkey", "N": "North: the bird", "W": "West: the otter",
                                "E": "East: the fox"})):
        strings.set_language(lang)
        try:
            html = regions(ctl)
        finally:
            strings.set_language("ru")
        for seat in Seat:
            assert (f'<svg class="avatar avatar-{seat.name}" role="img" aria-label="{names[seat.name]}">'
                    f'<use href="#a{seat.name}"/></svg>') in html[f"seat-{seat.name}"]
    with pytest.raises(ValueError, match="seat"):
        art.avatar("X", "?")
    assert 'aria-label="a &lt;b&gt;"' in art.avatar("S", "a <b>")
