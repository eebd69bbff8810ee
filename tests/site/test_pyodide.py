"""The engine's unit tests also pass inside the pinned Pyodide (run under Node.js), importing the
game and the standard library from the precompiled archives the site ships (dist/py/*.zip).

CI's CPython is not the browser's Python: this catches a construct that only CPython accepts,
and bytecode that the page's interpreter would not take. See tests/pyodide_runner.mjs and
tests/pyodide_runner.py.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_unit_tests_pass_inside_pyodide():
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not list((ROOT / "tests" / "unit").glob("test_*.py")):
        pytest.skip("no unit tests yet")
    result = subprocess.run(["node", str(ROOT / "tests" / "pyodide_runner.mjs")],
                            capture_output=True, text=True, timeout=900)
    if result.returncode == 3:
        pytest.skip(result.stderr.strip())
    lines = result.stdout.strip().splitlines() or [""]
    failures = result.stdout.split("\nFAILED ")[1:] if "FAILED " in result.stdout else []
    report = "\n".join("FAILED " + f for f in failures)[-8000:] + "\n" + lines[-1]
    assert result.returncode == 0, report + result.stderr[-3000:]
    assert "pyodide 3." in lines[-1], result.stdout[-2000:]
    shipped = next(line for line in lines if line.startswith("precompiled:"))
    assert "/dist/py/piki.zip/spades/state.pyc" in shipped, shipped
    assert "/repo/py/spades_cli/__init__.py" in shipped, shipped
