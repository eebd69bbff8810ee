"""The engine's front-page example (``spades/__init__.py``'s docstring) runs as written.

The docstring is read from the source: the page's bytecode (piki.zip, which the Pyodide run of
these tests imports) is built without docstrings."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "py" / "spades" / "__init__.py"


def test_the_engines_docstring_example_runs():
    text = ast.get_docstring(ast.parse(SOURCE.read_text(encoding="utf-8")), clean=False)
    test = doctest.DocTestParser().get_doctest(text, {}, "spades", str(SOURCE), 0)
    runner = doctest.DocTestRunner(verbose=False, optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=lambda _: None)
    assert result.attempted >= 4 and result.failed == 0, runner.summarize(verbose=True)
