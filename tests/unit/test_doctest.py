"""The engine's front-page example (``spades/__init__.py``'s docstring) runs as written."""

from __future__ import annotations

import doctest

import spades


def test_the_engines_docstring_example_runs():
    result = doctest.testmod(spades, verbose=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4 and result.failed == 0
