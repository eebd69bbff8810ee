"""The ops Python sends the page (``Outbox.add`` in py/app.py and py/ui) are exactly the page's
(``OPS`` in js/main.mjs, and ``store``): no op the page would refuse, none it keeps for nothing."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def page_ops() -> set[str]:
    source = (ROOT / "js" / "main.mjs").read_text(encoding="utf-8")
    body = re.search(r"\nconst OPS = \{\n(.*?)\n\};\n", source, re.S).group(1)
    return set(re.findall(r'^  "?([a-z-]+)"?\(', body, re.M)) | {"store"}


def python_ops() -> set[str]:
    names: set[str] = set()
    for path in [ROOT / "py" / "app.py", *sorted((ROOT / "py" / "ui").glob("*.py"))]:
        names |= set(re.findall(r'\bOUT\.add\(\s*"([a-z-]+)"', path.read_text(encoding="utf-8")))
    return names


def test_python_sends_only_ops_the_page_has_and_the_page_has_only_those():
    assert python_ops() == page_ops()


def test_the_page_refuses_an_unknown_op_before_applying_any():
    source = (ROOT / "js" / "main.mjs").read_text(encoding="utf-8")
    apply = re.search(r"\nfunction apply\(ops\) \{\n(.*?)\n\}\n", source, re.S).group(1)
    assert apply.index("unknown op") < apply.index("ops.forEach")
