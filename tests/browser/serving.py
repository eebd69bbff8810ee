"""tools/serve.py (not a package) loaded as a module, for the tests that serve a site; and any
other of tools/ the same way."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def tool_module(name: str):
    """tools/<name>.py, loaded as the module piki_<name>."""
    spec = importlib.util.spec_from_file_location(f"piki_{name}", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def serve_module():
    return tool_module("serve")
