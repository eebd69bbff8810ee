"""The code's layout holds: each job has a home small enough to read (issue 25's habits).

No class over 300 lines and no module over 500 lines under ``py/``, the text catalogues excepted
(their length is their words, not their logic): the next job gets its own home instead.
"""

from __future__ import annotations

import ast
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
