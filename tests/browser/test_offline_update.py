"""The service worker swaps builds atomically: a broken new build is refused, a good one replaces
the old cache completely. Runs on a private copy of dist/ with its own server."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
# the build caches of sw.js; and the memory snapshots the page keeps beside them (js/snapshot.mjs)
CACHES = ("async () => (await caches.keys())"
          ".filter(k => k.startsWith('piki-') && !k.startsWith('piki-snapshot-')).sort()")
SNAPSHOTS = "async () => (await caches.keys()).filter(k => k.startsWith('piki-snapshot-')).sort()"
# An update attempt: ask for the new sw.js, then wait for the worker it installs to end, refused
# ("redundant") or in charge ("activated"). Waiting on that worker, not on a snapshot of the
# registration, keeps the next step from racing an install that has not begun yet (which then
# fetched the files the test had already put back, and installed the "broken" build).
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  const found = new Promise((resolve) => registration.addEventListener(
    "updatefound", () => resolve(registration.installing), {once: true}));
  try { await registration.update(); } catch (error) { return String(error); }
  const worker = registration.installing || registration.waiting || await Promise.race(
    [found, new Promise((resolve) => setTimeout(() => resolve(null), 30000))]);
  if (!worker) return "no update";
  if (worker.state === "redundant" || worker.state === "activated") return worker.state;
  return await new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state === "redundant" || worker.state === "activated") resolve(worker.state);
  }));
}"""


def poll(page, script: str, predicate, timeout: float = 60.0):
    """Evaluate an async script until predicate(result) holds (page.evaluate awaits promises)."""
    deadline = time.monotonic() + timeout
    while True:
        result = page.evaluate(script)
        if predicate(result):
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"still {result!r} after {timeout} s: {script}")
        page.wait_for_timeout(200)


@pytest.fixture
def private_site(tmp_path: Path, serve_site):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    return site, serve_site(site)


def listed_hash(name: str) -> str:
    """The pattern of ``name``'s entry in sw.js's precache list: (its path, then) its hash."""
    return r'("\./' + re.escape(name) + r'",\s*")(sha256-[^"]*)'


def set_build(site: Path, original: str, build: str, wrong: str | None = None) -> None:
    """Serve the service worker of ``original`` (sw.js's text) as the build ``build``; with
    ``wrong``, the build lists another hash for that file (the served file does not match it).
    A broken build is broken by its sw.js alone, so an install of it that starts late (the
    browser's own update check) is refused too, whatever the time, and putting the good sw.js
    back is one write."""
    text = re.sub(r'const BUILD = "[^"]*"', f'const BUILD = "{build}"', original)
    if wrong is not None:  # the hash listed for build.json: well formed, and not this file's
        found = re.search(listed_hash("build.json"), original)
        assert found
        text, listed = re.subn(listed_hash(wrong), lambda m: m[1] + found[2], text)
        assert listed == 1, wrong
    (site / "sw.js").write_text(text)


def test_a_new_build_replaces_the_old_one_only_when_complete(page, private_site, wait_ready):
    site, url = private_site
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    (first,) = poll(page, CACHES, lambda keys: len(keys) == 1)
    page.wait_for_selector("body[data-snapshot='made']", state="attached", timeout=60_000)
    snapshot = first.replace("piki-", "piki-snapshot-")
    assert page.evaluate(SNAPSHOTS) == [snapshot]

    # A new build whose file does not match its hash: the install fails, the old build stays.
    original = (site / "sw.js").read_text()
    set_build(site, original, "broken0000000000", wrong="css/style.css")
    assert page.evaluate(UPDATE) == "redundant"
    assert page.evaluate(CACHES) == [first]
    assert page.evaluate(SNAPSHOTS) == [snapshot]  # a refused build leaves the snapshot alone

    # The same for the precompiled Python: an archive that is not the one listed is refused too.
    set_build(site, original, "broken1111111111", wrong="py/piki.zip")
    assert page.evaluate(UPDATE) == "redundant"
    assert page.evaluate(CACHES) == [first]
    assert page.evaluate(SNAPSHOTS) == [snapshot]  # a refused build leaves the snapshot alone

    # A complete new build: installed, activated, and the old cache deleted.
    set_build(site, original, "fresh00000000000")
    assert page.evaluate(UPDATE) == "activated"
    poll(page, CACHES, lambda keys: keys == ["piki-fresh00000000000"])
    assert page.evaluate(SNAPSHOTS) == []  # the old build's snapshot went with it
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.snapshot") == "none"
