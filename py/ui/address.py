"""The page's address: its query as the page sends it, and what the game reads there.

The page (js/main.mjs) sends the query as URLSearchParams' decoded entries; these functions
read and write it as URLSearchParams would (the first value of a name counts; ``set`` keeps the
place of the first), so the address Python writes back (``?game=N``, ``&lang=``) is the one the
page would. ``?game=N`` opens game N, ``?daily=YYYY-MM-DD`` that day's «Сдача дня», ``?fast=1``
sets every pause to zero (the tests), ``?lang=`` chooses the language.
"""

from __future__ import annotations

from datetime import date

from spades.daily import parse_day

from .play import parse_game_number


def text_or_none(value: object) -> str | None:
    """A text the page sent, or None for anything else (its null, a number, a proxy)."""
    return value if isinstance(value, str) else None


def query_pairs(value: object) -> list[tuple[str, str]]:
    """The address's query as the page sent it: ``[[name, value], ...]`` (URLSearchParams'
    entries, decoded), anything else dropped."""
    if not isinstance(value, list):
        return []
    return [(k, v) for k, v in (p for p in value if isinstance(p, list) and len(p) == 2)
            if isinstance(k, str) and isinstance(v, str)]


def first_values(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """``{name: value}`` with the first value of each name, as ``URLSearchParams.get`` reads it."""
    return dict(reversed(pairs))


def with_param(pairs: list[tuple[str, str]], name: str, value: str) -> list[tuple[str, str]]:
    """``URLSearchParams.set``: the first ``name`` takes ``value`` and the others go; else it is
    added at the end."""
    out, done = [], False
    for key, old in pairs:
        if key != name:
            out.append((key, old))
        elif not done:
            out.append((key, value))
            done = True
    return out if done else out + [(name, value)]


def without_param(pairs: list[tuple[str, str]], name: str) -> list[tuple[str, str]]:
    """``URLSearchParams.delete``: every ``name`` goes."""
    return [(key, value) for key, value in pairs if key != name]


def url_day(pairs: list[tuple[str, str]]) -> date | None:
    """The day of ``?daily=YYYY-MM-DD`` (``spades.daily.parse_day``; anything else is ignored)."""
    return parse_day(first_values(pairs).get("daily"))


def url_params(pairs: list[tuple[str, str]]) -> tuple[int | None, bool, str | None]:
    params = first_values(pairs)
    number = parse_game_number(text_or_none(params.get("game")))
    return number, params.get("fast") == "1", text_or_none(params.get("lang"))


__all__ = ["first_values", "query_pairs", "text_or_none", "url_day", "url_params", "with_param", "without_param"]
