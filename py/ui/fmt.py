"""How numbers, bids and seats are written on the table: small formatting helpers in the page's
language. The renderer, the help pages and the controller all use these (a module of its own,
so that none of them imports another for a helper)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spades import BLIND, Card, Seat
from spades.cards import SUIT_LETTERS, SUIT_SYMBOLS
from spades.reasons import Reason
from spades.rules import blind_number
from spades.scoring import BONUS_ROW, SHEET_ROWS
from spades.table import GAME_CHOICES, PENALTY_ONLY

from .strings import language, t

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence

    from spades.reasons import Why
    from spades.rules import Bid, Rules


def escape(text: str) -> str:
    """Text made safe inside HTML and its quoted attributes: what ``html.escape`` does. Not
    imported from ``html``, whose module builds the table of 2,231 named entities when imported
    (for ``unescape``, which the page never needs): 5–15 ms of a first visit's start."""
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


SUIT_SIGNS = dict(zip(SUIT_SYMBOLS, SUIT_LETTERS))  # ♠ -> S …


def pips(text: str) -> str:
    """``text`` as HTML, each suit sign in a ``pip-<suit>`` span: the four-colour deck colours
    the signs of the status line, the hints and the analysis as it colours the cards."""
    out = escape(text)
    for sign, letter in SUIT_SIGNS.items():
        out = out.replace(sign, f'<span class="pip-{letter}">{sign}</span>')
    return out


def signed(value: int) -> str:
    """+70, −100, 0 (with a real minus sign)."""
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


def number(value: int) -> str:
    """A score: 71, −120 (a real minus sign)."""
    return f"−{-value}" if value < 0 else str(value)


def points(value: int, text: str | None = None) -> str:
    """«71 очко», «−3 очка», «14 очков» (``text``, else ``number(value)``, with the word that
    agrees with the number)."""
    n = abs(value)
    form = "many" if n % 100 in (11, 12, 13, 14) else ("one" if n % 10 == 1 else (
        "few" if n % 10 in (2, 3, 4) else "many"))
    return t(f"points.{form}", n=number(value) if text is None else text)


def seat_name(seat: Seat) -> str:
    return t(f"seat.{seat.name}")


def bid_text(bid: Bid | None) -> str:
    """A bid as the table shows it: «—» before it is made, «Nil», «Слепой Nil», «4»."""
    if bid is None:
        return t("bid.none")
    if bid == BLIND:
        return t("bid.blind")
    if blind_number(bid):
        return t("bid.blind_number", tricks=blind_number(bid))
    return t("bid.nil") if bid == 0 else str(bid)



def partner_words(why: Why) -> str:
    """North's reason for its action, in its own voice and the page's language: the one place the
    partner's words are said (the status line, beside its face, on its card)."""
    return Reason(*why).text(language(), voice="partner")


def attrs(**values: object) -> str:
    """HTML attributes from keywords (``aria_pressed`` -> ``aria-pressed``, ``class_`` ->
    ``class``); None and False leave one out, True writes it bare."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(name if value is True else f'{name}="{escape(str(value))}"')
    return (" " + " ".join(out)) if out else ""


def card_name(card: Card) -> str:
    """A card as a screen reader says it: ``card.display`` («10♥»), a joker by its name."""
    return t(f"card.joker.{card}") if card.is_joker else card.display


def colour(card: Card) -> str:
    """A card's colour classes: red or black, and its suit (the four-colour deck's ♦ and ♣), as its
    face prints them (a deuce high 2♦ is red)."""
    suit = card.printed.suit
    return f"{'red' if suit.is_red else 'black'} suit-{suit.letter}"


def score_rows(columns: Iterable[tuple[str, Mapping[str, int]]], label: Callable[[str], str],
               row_class: bool = False) -> str:
    """The six rows of one hand's score (``spades.scoring.SHEET_ROWS``, SPEC §3), the one
    place they are drawn: the score sheet, the hand's summary and the help's example; a seventh,
    the thirteen bonus, where a column has one.
    ``columns`` is ``[(team, {row: value})]``, ``label(row)`` the row's name."""
    columns = list(columns)
    order = list(SHEET_ROWS)
    if any(values.get(BONUS_ROW) for _, values in columns):  # the thirteen bonus, where it was scored
        order.insert(order.index("nil") + 1, BONUS_ROW)
    rows = []
    for row in order:
        cells = "".join(f'<td data-team="{team}" data-value="{values[row]}">'
                        f'{escape(number(values[row]) if row == "total" else signed(values[row]))}</td>'
                        for team, values in columns)
        classes = f' class="row-{row}"' if row_class else ""
        rows.append(f'<tr data-row="{row}"{classes}><th scope="row">{escape(label(row))}</th>{cells}</tr>')
    return "".join(rows)


def house_text(rules: Rules, every: bool = True) -> str:
    """The rules in force away from the defaults (the house rules, the bag penalty off, Blind
    Nil on; only the house rules when not ``every``), as a line for the top bar and the
    settings; empty under the default rules. The bags per penalty go unnamed with the penalty
    off: there is nothing then for them to count to."""
    changed = rules.changed() if every else rules.house()
    for key in GAME_CHOICES:  # named apart (``table_text``)
        changed.pop(key, None)
    if not rules.bag_penalty:
        for key in PENALTY_ONLY:
            changed.pop(key, None)
    parts = [t("house." + key, value=t(f"settings.{key}.{value}") if isinstance(value, str) else value)
             for key, value in changed.items()]  # a value in words where it is one («Зеркало»)
    return t("house.list", rules=", ".join(parts)) if parts else ""


def table_text(rules: Rules) -> str:
    """The table the game is played at, in words («Вдвоём, с добором»)."""
    return t(f"settings.table.{rules.table}")


def sides(rules: Rules) -> list[tuple[str, str]]:
    """Each side of the table, in the totals' order: its key (``"NS"``, ``"EW"``; a seat's
    letter at a table without partners, ``Table.side_names``) and its name («Мы», «Запад»)."""
    table = rules.layout
    if table.solo:
        return [(seat.name, seat_name(seat)) for (seat,) in table.sides]
    return [(name, t(TEAM_WORDS[name])) for name in table.side_names]


TEAM_WORDS = {"NS": "team.NS", "EW": "team.EW"}  # the partnerships' names: «Мы», «Они»


def side_scores(rules: Rules, totals: Sequence[int]) -> str:
    """«Вы 120, Запад 80, Восток 40»: each side's score, for the result and the chart's words."""
    return ", ".join(t("side.score", side=name, score=number(total)) for (_, name), total in zip(sides(rules), totals))


__all__ = ["attrs", "card_name", "colour", "escape", "house_text", "pips", "signed", "number", "points", "score_rows",
           "seat_name", "side_scores", "sides", "table_text", "bid_text"]
