"""What the page's JavaScript and its Python both need, written once, here.

The build (tools/site.py) writes ``for_the_page()`` into the site as ``js/shared.js``, a script that
sets ``globalThis.PIKI_SHARED``: js/boot.js (the saved table painted before Python, the early
deal), js/main.mjs (the storage the page hands over, the panels' inert page) and js/pyodide.mjs
(where the archives are) read it there, and this module's Python reads it here. A unit test
reads the built file back and compares (tests/site/test_build.py).
"""

from spades.rules import first_to_act, in_turn
from spades.seating import PARTNERS, TABLES, Table
from spades.table import CARD_SIZES, DECKS, FELTS

STORAGE_PREFIX = "spades."  # the game's keys in localStorage (the page hands these to Python)
PAINTED_KEY = "spades.painted"  # the table as Python last rendered it, painted before Python
# the regions js/boot.js paints from PAINTED_KEY before Python is ready (the table as it was left)
PAINTED = ("info", "scores", "seat-N", "seat-W", "seat-E", "seat-S", "trick", "panel", "hand", "tools",
           "lang-switch", "sound-switch")
INERT_WHILE_PAINTED = (".bar", "#tools", "#table")  # a painted table takes no input before ready
INERT_BEHIND_PANELS = (".bar", "#tools", "#notice", "#table", "#status")  # while a panel is open
GAME_AT = "/home/pyodide/piki.zip"  # where js/pyodide.mjs writes the game's archive (its bytecode names it)
ARCHIVES = {"game": "py/piki.zip", "stdlib": "py/stdlib.zip"}  # under the site's root


def deal_order(dealer: int, table: Table = PARTNERS) -> list[str]:
    """The seat each card of the deal flies to, in turn, when ``dealer`` deals: his left first;
    none at the draw's table, where the cards are drawn."""
    if table.draw:
        return []
    return [seat.name for seat in in_turn(first_to_act(dealer, table), table, table.players * table.hand_size)]


def for_the_page() -> dict:
    """Everything above, and the animation's lengths, as js/shared.js gives them to the page."""
    from ui.controller import NORMAL
    from ui.saves import SETTINGS_KEY
    from ui.strings import LANGUAGES

    return {
        "storage": {"prefix": STORAGE_PREFIX, "painted": PAINTED_KEY, "settings": SETTINGS_KEY},
        "painted": list(PAINTED),
        "inert": {"painted": list(INERT_WHILE_PAINTED), "panels": list(INERT_BEHIND_PANELS)},
        "archive": {"at": GAME_AT, **ARCHIVES},
        "firstDeal": {name: deal_order(table.first_dealer, table) for name, table in TABLES.items()},
        "words": {lang: boot_words(lang) for lang in LANGUAGES},
        # the table's look: <body data-NAME> and its values (css/table.css; py/app.py sets them)
        "look": {"deck": list(DECKS), "cards": list(CARD_SIZES), "felt": list(FELTS)},
        # milliseconds, as the CSS properties take them (js/boot.js sets them before Python)
        "timing": {"--deal-step": round(NORMAL.deal_card * 1000), "--deal-flight": round(NORMAL.deal_flight * 1000),
                   "--gather": round(NORMAL.gather * 1000)},
    }


def boot_words(lang: str) -> dict[str, str]:
    """What js/boot.js says before Python runs, in ``lang``: the ``boot.*`` words of the page's
    catalogue (``ui.strings``), and the two it shares with the table (the deal button, dealing)."""
    from ui.strings import CATALOGUES

    words = CATALOGUES[lang]
    said = {key[len("boot."):]: text for key, text in words.items() if key.startswith("boot.")}
    return {**said, "deal": words["button.deal"], "dealing": words["status.dealing"]}
