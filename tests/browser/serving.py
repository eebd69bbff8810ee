"""tools/serve.py (not a package) loaded as a module, for the tests that serve a site."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def serve_module():
    spec = importlib.util.spec_from_file_location("piki_serve", ROOT / "tools" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
