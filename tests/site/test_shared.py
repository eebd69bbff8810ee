"""What the page's JavaScript and its Python share is written once (py/ui/shared.py): the build
writes it into js/shared.js, and no page file keeps a copy of its own."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
sys.path.insert(0, str(ROOT / "py"))

from ui import shared  # noqa: E402


def built_shared() -> dict:
    path = DIST / "js" / "shared.js"
    if not path.exists():
        pytest.fail(f"{DIST} is not built: run ./build.sh (or ./build.sh test)")
    text = path.read_text(encoding="utf-8")
    return json.loads(re.search(r"PIKI_SHARED = Object\.freeze\((.*)\);\s*$", text, re.S).group(1))


def test_the_built_page_shares_what_python_has():
    page = built_shared()
    assert page == shared.for_the_page()
    assert page["painted"] == list(shared.PAINTED)
    assert page["storage"]["painted"] == shared.PAINTED_KEY and page["archive"]["at"] == shared.GAME_AT
    assert page["firstDeal"]["partners"] == ["S", "W", "N", "E"] * 13  # East deals the first hand: South first
    assert page["firstDeal"]["cutthroat3"] == ["S", "W", "E"] * 17 and page["firstDeal"]["two"] == []


def test_the_pace_is_the_controllers():
    from ui.controller import NORMAL

    timing = built_shared()["timing"]
    assert timing == {"--deal-step": 25, "--deal-flight": 300, "--gather": 350}
    assert timing["--deal-step"] / 1000 == NORMAL.deal_card and timing["--gather"] / 1000 == NORMAL.gather
    css = (ROOT / "css" / "table.css").read_text(encoding="utf-8")
    assert not re.search(r"--(deal-step|deal-flight|gather)\s*:", css)  # set from js/shared.js only


def test_no_page_file_keeps_its_own_copy():
    assert not (ROOT / "js" / "shared.js").exists()  # the build writes it
    code = re.compile(r"(^|\s)//.*$|/\*.*?\*/", re.M | re.S)  # what a comment says is no copy
    sources = {p.name: code.sub("", p.read_text(encoding="utf-8")) for p in (ROOT / "js").iterdir()}
    copies = [shared.PAINTED_KEY, shared.GAME_AT, *shared.ARCHIVES.values(), '"spades.', "'spades.",
              '"#tools"', '".bar"', '"seat-N"', '"lang-switch"', '["S", "W", "N", "E"]']
    found = [(name, copy) for name, text in sources.items() for copy in copies if copy in text]
    assert found == []
    app = (ROOT / "py" / "app.py").read_text(encoding="utf-8")
    assert '"spades.painted"' not in app and '"lang-switch"' not in app
    site = (ROOT / "tools" / "site.py").read_text(encoding="utf-8")
    assert shared.GAME_AT not in site
