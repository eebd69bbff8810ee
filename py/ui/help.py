"""The help panel («Правила»): the sections of ``help_ru`` / ``help_en`` as collapsible HTML.

``page(lang)`` is the panel's inner HTML in that language (built once per language). The
worked example's score table is built here from ``EXAMPLE``, with the score sheet's own row
names, and put where a section says ``<!--example-->``; a unit test replays the example's
record (tests/data/worked_example.json) and checks these numbers, and the prose around them,
against the engine.
"""

from __future__ import annotations

from functools import lru_cache

from . import help_en, help_ru
from .fmt import escape, score_rows
from .strings import CATALOGUES

SECTIONS = {"ru": help_ru.SECTIONS, "en": help_en.SECTIONS}
EXAMPLE_MARK = "<!--example-->"

# Game 21, hand 1 (SPEC §3): the six rows of the score sheet for each team.
EXAMPLE = {
    "NS": {"contract": 70, "bags": 1, "nil": 0, "bag_penalty": 0, "hand": 71, "total": 71},
    "EW": {"contract": 50, "bags": 0, "nil": 0, "bag_penalty": 0, "hand": 50, "total": 50},
}


def example_table(lang: str) -> str:
    words = CATALOGUES[lang]
    head = "".join(f'<th scope="col">{escape(words["team." + team])}</th>' for team in EXAMPLE)
    rows = score_rows(EXAMPLE.items(), lambda row: words["sheet.row." + row])
    return (f'<table class="sheet help-example"><thead><tr><th scope="col"></th>{head}</tr></thead>'
            f'<tbody>{rows}</tbody></table>')


@lru_cache(maxsize=None)
def page(lang: str) -> str:
    out = []
    for i, (key, title, body) in enumerate(SECTIONS.get(lang, help_ru.SECTIONS)):
        body = body.replace(EXAMPLE_MARK, example_table(lang))
        out.append(
            f'<details class="help-section" id="help-{key}" data-section="{key}"{" open" if i == 0 else ""}>'
            f'<summary>{escape(title)}</summary><div class="help-body">{body.strip()}</div></details>'
        )
    return "".join(out)


__all__ = ["page", "EXAMPLE", "SECTIONS"]
