"""The code's layout holds: each job has a home small enough to read.

No class over 300 lines and no module over 500 lines under ``py/``, the text catalogues excepted
(their length is their words, not their logic): the next job gets its own home instead.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"
CATALOGUES = {"ui/strings.py", "ui/help_en.py", "ui/help_ru.py"}  # words, one entry a line
MAX_MODULE = 500
MAX_CLASS = 300


def modules():
    return sorted(p for p in PY.rglob("*.py") if "__pycache__" not in p.parts)


def test_the_catalogues_excepted_exist():
    assert all((PY / name).is_file() for name in CATALOGUES)


def test_no_module_over_500_lines():
    long = {str(p.relative_to(PY)): n for p in modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE}
    assert not {k: v for k, v in long.items() if k not in CATALOGUES}


def test_no_class_over_300_lines():
    long = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS:
                long.append(f"{path.relative_to(PY)}: {node.name}, {node.end_lineno - node.lineno + 1} lines")
    assert not long


def test_the_limits_are_checked_where_they_would_bite():
    """The check reads real code: the longest class and module are named and under the limits."""
    sizes = [len(p.read_text(encoding="utf-8").splitlines()) for p in modules() if str(p.relative_to(PY))
             not in CATALOGUES]
    assert len(sizes) > 40 and max(sizes) > MAX_MODULE // 2


def test_the_deck_s_numbers_are_named_where_they_are_used():
    """52 cards, a hand of 13 and four seats come from ``spades.cards`` (``NUM_CARDS``,
    ``HAND_SIZE``, ``NUM_SEATS``; ``rules.TRICKS_PER_HAND``, ``MAX_BID``) wherever code counts
    with them (words and Russian grammar aside); the simulator's modes have names (``NIL_MODE`` …)."""
    import io
    import tokenize

    plural_rule = "n % 100 in (11, 12, 13, 14)"  # ui/fmt.py: Russian plurals, not a hand
    for path in modules():
        text = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NUMBER and token.string in ("13", "52") and plural_rule not in token.line:
                raise AssertionError(f"{path.relative_to(PY)}:{token.start[0]}: {token.line.strip()}")
        assert not re.search(r"\bmode [!=]= \d", text), path


def test_the_page_scans_its_modules_only_when_a_test_asks():
    app = (PY / "app.py").read_text(encoding="utf-8")
    tree = ast.parse(app)
    scanning = [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
                and "sys.modules.items()" in ast.get_source_segment(app, node)]
    assert scanning == ["probe"]


def test_the_docs_a_file_names_exist_and_no_test_double_ships():
    """A docstring's ``docs/…`` is a file of the project (the record's format is docs/record.md,
    not RECORD.md); the tests' store (``MemoryStore``, ``QuotaError``) is not in the page's code."""


    root = PY.parent
    for path in modules():
        text = path.read_text(encoding="utf-8")
        assert "RECORD.md" not in text, path
        for doc in set(re.findall(r"\bdocs/[\w.-]+\.md\b", text)):
            assert (root / doc).is_file(), (path, doc)
        assert not re.search(r"^class (MemoryStore|QuotaError)\b", text, re.MULTILINE), path


def test_the_readme_has_what_players_and_maintainers_look_for():
    sections = re.findall(r"^## (.+)$", (PY.parent / "README.md").read_text(encoding="utf-8"), re.MULTILINE)
    for wanted in ("Two commands", "How to play", "Hosting", "Where everything lives", "Benchmarks"):
        assert wanted in sections, wanted


def test_a_games_number_is_game_number():
    # ``Game.number`` (and ``Game.key`` for the decisions' seed), never the old ``game.game``
    import re

    users = [str(p.relative_to(PY)) for p in modules() if re.search(r"\bgame\.game\b", p.read_text(encoding="utf-8"))]
    assert users == []
