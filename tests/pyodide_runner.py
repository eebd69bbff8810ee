"""A tiny test runner for the engine's unit tests inside Pyodide (started by pyodide_runner.mjs).

The browser's Python is not CI's CPython: it is the pinned Pyodide's (3.13 for 0.29.5), without
pytest, hypothesis or processes. Running tests/unit/test_*.py here catches code that only works
under CPython. What it supports: plain `test_*` functions and `Test*` classes, a small stand-in for
the parts of pytest the tests use (raises, mark.parametrize, mark.skip/skipif, skip, approx,
fixture, tmp_path); the real pytest is used when it can be imported. Tests it cannot run here
are reported as skipped, with the reason: those that need hypothesis (not in the distribution),
other fixtures, or a subprocess (no processes in the browser).

Usage (inside Pyodide, or under CPython to debug): run(tests_dir, [name filter]) -> exit status.
It prints one line per non-passing test and a closing line 'N passed, N failed, N skipped'.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import itertools
import re
import sys
import tempfile
import traceback
import types
from pathlib import Path


class Skipped(Exception):
    """A test that cannot run here (pytest.skip or an unsupported need)."""


def _stub_pytest() -> types.ModuleType:
    """The parts of pytest the engine's tests use, enough to run them without pytest."""
    pytest = types.ModuleType("pytest")

    class RaisesContext:
        def __init__(self, expected: type | tuple, match: str | None = None) -> None:
            self.expected, self.match, self.value = expected, match, None

        def __enter__(self) -> "RaisesContext":
            return self

        def __exit__(self, kind: type | None, value: BaseException | None, tb: object) -> bool:
            if kind is None:
                raise AssertionError(f"DID NOT RAISE {self.expected}")
            if not issubclass(kind, self.expected):
                return False
            if self.match is not None and not re.search(self.match, str(value)):
                raise AssertionError(f"{self.match!r} does not match {str(value)!r}")
            self.value = value
            return True

    def raises(expected: type | tuple, *args: object, match: str | None = None, **kwargs: object):
        if args:
            with RaisesContext(expected, match) as context:
                args[0](*args[1:], **kwargs)  # type: ignore[operator]
            return context
        return RaisesContext(expected, match)

    def mark_with(key: str):
        def marker(*args: object, **kwargs: object):
            def decorate(function):
                function.__dict__.setdefault("_marks", []).append((key, args, kwargs))
                return function
            if key != "parametrize" and len(args) == 1 and callable(args[0]) and not kwargs:
                return mark_with(key)()(args[0])  # a bare @pytest.mark.something
            return decorate
        return marker

    class Mark:
        def __getattr__(self, name: str):
            return mark_with(name)

    def skip(reason: str = "") -> None:
        raise Skipped(reason)

    def approx(expected: float, rel: float = 1e-6, abs: float = 1e-12):  # noqa: A002
        class Approx:
            def __eq__(self, other: object) -> bool:
                return isinstance(other, (int, float)) and \
                    builtins_abs(other - expected) <= max(rel * builtins_abs(expected), abs)

            def __repr__(self) -> str:
                return f"approx({expected!r})"
        return Approx()

    def fixture(*args: object, **kwargs: object):
        if len(args) == 1 and callable(args[0]):
            return args[0]
        return lambda function: function

    builtins_abs = abs
    pytest.raises = raises
    pytest.mark = Mark()
    pytest.skip = skip
    pytest.approx = approx
    pytest.fixture = fixture
    pytest.param = lambda *values, **kwargs: values if len(values) != 1 else values[0]
    return pytest


def _install_pytest() -> None:
    try:
        import pytest  # noqa: F401
    except ImportError:
        sys.modules["pytest"] = _stub_pytest()


def _marks(function: object) -> list[tuple[str, tuple, dict]]:
    marks = list(getattr(function, "_marks", []))
    for mark in getattr(function, "pytestmark", []):  # the real pytest's marks
        marks.append((mark.name, mark.args, mark.kwargs))
    return marks


def _cases(function: object) -> list[tuple[str, dict]]:
    """(id, arguments) for each call of a test: the product of its parametrize marks."""
    axes = []
    for name, args, kwargs in reversed(_marks(function)):
        if name != "parametrize":
            continue
        names = args[0] if len(args) > 0 else kwargs["argnames"]
        values = args[1] if len(args) > 1 else kwargs["argvalues"]
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        rows = []
        for index, value in enumerate(values):
            value = getattr(value, "values", value)  # pytest.param
            row = dict(zip(names, value if len(names) > 1 else [value]))
            rows.append((str(index), row))
        axes.append(rows)
    cases = []
    for combo in itertools.product(*axes):
        ident = "-".join(i for i, _ in combo)
        args: dict = {}
        for _, row in combo:
            args.update(row)
        cases.append((ident, args))
    return cases


def _skip_reason(function: object) -> str | None:
    for name, args, kwargs in _marks(function):
        if name == "skip":
            return kwargs.get("reason", args[0] if args else "skipped")
        if name == "skipif" and (args[0] if args else kwargs.get("condition")):
            return kwargs.get("reason", "skipped")
    if getattr(function, "is_hypothesis_test", False) or hasattr(function, "hypothesis"):
        return "needs hypothesis"
    return None


def _in_subprocess(error: BaseException) -> bool:
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith("subprocess.py"):
            return True
        tb = tb.tb_next
    return False


def _call(function, args: dict) -> None:
    wanted = [p for p in inspect.signature(function).parameters if p not in args and p != "self"]
    with contextlib.ExitStack() as stack:
        for name in wanted:
            if name == "tmp_path":
                args[name] = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            else:
                raise Skipped(f"needs the pytest fixture {name!r}")
        function(**args)


def _tests(module: types.ModuleType):
    for name, value in vars(module).items():
        if name.startswith("test") and inspect.isfunction(value) \
                and value.__module__ == module.__name__:
            yield name, value
        elif name.startswith("Test") and inspect.isclass(value):
            for method in sorted(m for m in vars(value) if m.startswith("test")):
                yield f"{name}.{method}", (value, method)


def run(tests_dir: str | Path, pattern: str = "") -> int:
    tests_dir = Path(tests_dir)
    _install_pytest()
    sys.path.insert(0, str(tests_dir))
    counts = {"passed": 0, "failed": 0, "skipped": 0}

    def report(kind: str, name: str, detail: str = "") -> None:
        counts[kind] += 1
        if kind != "passed":
            print(f"{kind.upper()} {name}{': ' + detail if detail else ''}", flush=True)

    for path in sorted(tests_dir.glob("test_*.py")):
        try:
            module = importlib.import_module(path.stem)
        except Exception as error:
            if isinstance(error, ImportError) and error.name and \
                    error.name.split(".")[0] in ("hypothesis", "subprocess"):
                report("skipped", path.name, f"needs {error.name}")
            else:
                report("failed", path.name, "import failed\n" + traceback.format_exc())
            continue
        for name, test in _tests(module):
            label = f"{path.name}::{name}"
            if pattern and pattern not in label:
                continue
            if isinstance(test, tuple):
                cls, method = test
                function = getattr(cls(), method)
            else:
                function = test
            reason = _skip_reason(test if not isinstance(test, tuple) else function)
            for ident, args in (_cases(function) or [("", {})]):
                case = f"{label}[{ident}]" if ident else label
                if reason:
                    report("skipped", case, reason)
                    continue
                try:
                    _call(function, dict(args))
                except Skipped as skip:
                    report("skipped", case, str(skip))
                except Exception as error:  # noqa: BLE001 (a test runner reports everything)
                    if type(error).__name__ in ("Skipped", "Exit") and "pytest" in type(error).__module__:
                        report("skipped", case, str(error))
                    elif _in_subprocess(error):
                        report("skipped", case, "needs a subprocess (none in the browser)")
                    else:
                        report("failed", case, "\n" + traceback.format_exc())
                else:
                    report("passed", case)
    print(f"pyodide {sys.version.split()[0]} ({sys.platform}): "
          f"{counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped",
          flush=True)
    return 1 if counts["failed"] or not counts["passed"] else 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parent / "unit",
                 sys.argv[2] if len(sys.argv) > 2 else ""))
