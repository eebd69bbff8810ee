"""Shared fixtures for the browser tests: the built site, Chromium, a watched page.

- `site_url`: dist/ (PIKI_DIST) served on 127.0.0.1 at a free port from a thread, for the session;
  `serve_site(directory)` serves another copy (e.g. a modified one) for one test.
- `browser`: one headless Chromium for the session (Debian's /usr/bin/chromium when present).
- `page`: a fresh context and page per test (so a fresh service worker and cache). Every request
  is recorded in `page.requests` (URLs); a request to any host but 127.0.0.1/localhost is aborted,
  and the test FAILS if one was made, if the console logs an error, or if the page throws
  (`page.allow_console_errors(regex)` lets a test that provokes errors on purpose pass).
- `wait_ready(page, timeout_ms=120_000)`: waits for <body data-ready="1">; if the page shows its
  start-up error panel instead, fails at once with the error's text.

Run them with `./build.sh test` (it builds dist/ first), or after `./build.sh`:
`.venv/bin/python -m pytest tests/browser`. Select or skip them with `-m browser` / `-m "not browser"`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from serving import serve_module

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
READY = 'body[data-ready="1"]'
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url() -> str:
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} is not built: run ./build.sh (or ./build.sh test)")
    server, url = serve_module().serve_in_thread(DIST)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def serve_site():
    """serve_site(directory, handler_class=None) -> base URL: serve another copy of the site for
    one test (``handler_class``: a subclass of tools/serve.py's Handler, to misbehave on purpose)."""
    servers = []

    def serve(directory: Path, handler_class: type | None = None) -> str:
        module = serve_module()
        server, url = module.serve_in_thread(directory, handler_class or module.Handler)
        servers.append(server)
        return url

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        options = {"headless": True, "args": CHROMIUM_ARGS}
        if CHROMIUM.exists() and os.environ.get("PIKI_CHROMIUM") != "playwright":
            options["executable_path"] = str(CHROMIUM)
        browser = playwright.chromium.launch(**options)
        yield browser
        browser.close()


def is_foreign(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS


class PageWatch:
    """What a page did: every request URL, console errors, uncaught exceptions."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []

    def on_request(self, request) -> None:
        self.requests.append(request.url)
        if is_foreign(request.url):
            self.foreign.append(request.url)

    def allow_console_errors(self, pattern: str) -> None:
        """A test that provokes errors on purpose lets console errors matching pattern pass."""
        self.allowed.append(re.compile(pattern, re.S))

    def on_console(self, message) -> None:
        if message.type == "error" and not any(a.search(message.text) for a in self.allowed):
            location = message.location or {}
            self.errors.append(f"console error: {message.text} ({location.get('url', '')})")

    def on_page_error(self, error) -> None:
        if not any(a.search(str(error)) for a in self.allowed):
            self.errors.append(f"uncaught: {error}")

    def problems(self) -> list[str]:
        return [f"request to another host: {url}" for url in self.foreign] + self.errors


@pytest.fixture
def page(browser, request):
    context = browser.new_context(service_workers="allow")
    watch = PageWatch()
    context.on("request", watch.on_request)
    context.route(is_foreign, lambda route: route.abort())  # recorded, and never sent
    page = context.new_page()
    page.on("console", watch.on_console)
    page.on("pageerror", watch.on_page_error)
    page.requests = watch.requests  # type: ignore[attr-defined]
    page.allow_console_errors = watch.allow_console_errors  # type: ignore[attr-defined]
    request.node._piki_watch = watch
    yield page
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Fail the test itself (not its teardown) when its page misbehaved."""
    result = yield
    watch = getattr(item, "_piki_watch", None)
    if watch is not None and watch.problems():
        raise AssertionError("the page misbehaved:\n  " + "\n  ".join(watch.problems()))
    return result


def _wait_ready(page, timeout_ms: float = 120_000) -> None:
    page.wait_for_function(
        "() => document.body && (document.body.dataset.ready === '1'"
        " || document.body.dataset.stage === 'error')",
        timeout=timeout_ms, polling=100,
    )
    if page.evaluate("document.body.dataset.ready") != "1":
        text = page.inner_text("#boot-error") if page.locator("#boot-error").count() else ""
        raise AssertionError(f"the page failed to start: {text}")


@pytest.fixture
def wait_ready():
    return _wait_ready


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's script (npm, for the tests only: tests.lock), from the build's cache."""
    import importlib.util

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("piki_site", root / "tools" / "site.py")
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    cache = Path(os.environ.get("PIKI_CACHE", root / ".cache"))
    return (site.test_package(cache, "axe-core") / "axe.min.js").read_text(encoding="utf-8")
