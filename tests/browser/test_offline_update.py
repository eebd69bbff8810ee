"""The service worker swaps builds atomically: a broken new build is refused, a good one replaces
the old cache completely. Runs on a private copy of dist/ with its own server."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from serving import serve_module, tool_module

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
# the build caches of sw.js; and the memory snapshots the page keeps beside them (js/snapshot.mjs)
CACHES = ("async () => (await caches.keys())"
          ".filter(k => k.startsWith('piki-') && !k.startsWith('piki-snapshot-')).sort()")
SNAPSHOTS = "async () => (await caches.keys()).filter(k => k.startsWith('piki-snapshot-')).sort()"
# An update attempt for ``build`` (whose sw.js the test has just written): ask for the new sw.js,
# then wait for the worker it installs to end, refused ("redundant") or in charge ("activated").
# Waiting on that worker, not on a snapshot of the registration, keeps the next step from racing an
# install that has not begun yet (which then fetched the files the test had already put back, and
# installed the "broken" build). And it must be that build's worker: an update() asked while an
# update is already under way (the browser's own check, begun before the new sw.js was written, so
# installing the build before it again) is merged into that one and answers with its worker, which
# the previous build's refusal ends "redundant"; then the new sw.js is asked for again. A worker's
# build is known by its refusal (sw.js's tell(), sent by the worker itself: event.source), or, in
# charge, by its cache.
UPDATE = """async (build) => {
  const registration = await navigator.serviceWorker.getRegistration();
  const refusals = new Map();  // worker -> the build it refused
  const listen = (event) => {
    if (event.data && event.data.piki === "build refused") refusals.set(event.source, event.data.build);
  };
  navigator.serviceWorker.addEventListener("message", listen);
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const ended = (worker) => worker.state === "redundant" || worker.state === "activated";
  // bounded, so that a worker that never ends fails the test with its state instead of hanging it
  const settled = (worker) => ended(worker) ? worker.state : Promise.race([new Promise((resolve) =>
    worker.addEventListener("statechange", () => { if (ended(worker)) resolve(worker.state); })),
    pause(60000).then(() => "still " + worker.state + " after 60 s")]);
  const builtBy = async (worker, state) => {
    if (state === "activated") return (await caches.keys()).includes("piki-" + build) ? build : "another";
    // a refused worker has said so just before ending, but its message may come just after
    for (let waited = 0; !refusals.has(worker) && waited < 10000; waited += 50) await pause(50);
    return refusals.get(worker);
  };
  try {
    for (let round = 0; round < 5; round++) {
      const found = new Promise((resolve) => registration.addEventListener(
        "updatefound", () => resolve(registration.installing), {once: true}));
      try { await registration.update(); } catch (error) { return String(error); }
      const worker = registration.installing || registration.waiting
        || await Promise.race([found, pause(30000).then(() => null)]);
      if (!worker) return "no update";
      const state = await settled(worker);
      if (!ended(worker)) return state;
      const its = await builtBy(worker, state);
      if (its === build) return state;
      if (its === undefined) return state + ", no reason told";
    }
    return "five updates, and none was build " + build;
  } finally {
    navigator.serviceWorker.removeEventListener("message", listen);
  }
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
    """A copy of dist/, its URL, and ``dropped``: its server drops the next ``dropped[path]``
    requests for each path (the connection closed with no answer, as a flaky network does)."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    dropped: dict[str, int] = {}

    class Dropping(serve_module().Handler):
        def send_head(self):  # type: ignore[no-untyped-def]  (the stdlib's own signature)
            path = urlsplit(self.path).path
            if dropped.get(path, 0) > 0:
                dropped[path] -= 1
                self.close_connection = True
                return None
            return super().send_head()

    return site, serve_site(site, Dropping), dropped


def listed_hash(name: str) -> str:
    """The pattern of ``name``'s entry in sw.js's precache list: (its path, then) its hash."""
    return r'("\./' + re.escape(name) + r'",\s*")(sha256-[^"]*)'


def set_build(site: Path, original: str, build: str, listing: dict[str, str] | None = None) -> None:
    """Serve the service worker of ``original`` (sw.js's text) as the build ``build``, which
    lists the hash ``listing[name]`` for each file named there (a file it did not list is added
    to the list). A broken build is broken by its sw.js alone (it lists a hash its file does not
    have), so an install of it that starts late (the browser's own update check) is refused too,
    whatever the time, and putting the good sw.js back is one write."""
    text = re.sub(r'const BUILD = "[^"]*"', f'const BUILD = "{build}"', original)
    for name, integrity in (listing or {}).items():
        text, listed = re.subn(listed_hash(name), rf"\g<1>{integrity}", text)
        assert listed <= 1, name
        if not listed:
            text = text.replace("const FILES = [", f'const FILES = [["./{name}", "{integrity}"],', 1)
    (site / "sw.js").write_text(text)


def refused(page, build: str):
    """Wait for the page to log that the service worker refused ``build`` (sw.js tells the pages
    it serves why; js/boot.js logs it as a warning)."""
    return page.expect_console_message(
        lambda message: message.type == "warning" and f"new build {build} not installed" in message.text)


def test_a_new_build_replaces_the_old_one_only_when_complete(page, private_site, wait_ready):
    site, url, dropped = private_site
    warnings: list[str] = []  # what the page was told of refused builds, for a failure's message
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    (first,) = poll(page, CACHES, lambda keys: len(keys) == 1)
    page.wait_for_selector("body[data-snapshot='made']", state="attached", timeout=60_000)
    snapshot = first.replace("piki-", "piki-snapshot-")
    assert page.evaluate(SNAPSHOTS) == [snapshot]

    # A new build whose file does not match its hash: the install fails, the old build stays.
    # The hash it lists is build.json's: well formed, and not the file's.
    original = (site / "sw.js").read_text()
    found = re.search(listed_hash("build.json"), original)
    assert found
    other = found[2]
    set_build(site, original, "broken0000000000", {"css/style.css": other})
    with refused(page, "broken0000000000") as told:
        assert page.evaluate(UPDATE, "broken0000000000") == "redundant"
    assert "precache ./css/style.css" in told.value.text  # the page is told which file failed
    # no cache of it is left: polled, since Chromium's own update check may be installing the
    # same broken sw.js again for a moment (that install fails and deletes its cache as well)
    poll(page, CACHES, lambda keys: keys == [first], timeout=30.0)
    assert page.evaluate(SNAPSHOTS) == [snapshot]  # a refused build leaves the snapshot alone

    # The same for the precompiled Python: an archive that is not the one listed is refused too.
    set_build(site, original, "broken1111111111", {"py/piki.zip": other})
    with refused(page, "broken1111111111") as told:
        assert page.evaluate(UPDATE, "broken1111111111") == "redundant"
    assert "precache ./py/piki.zip" in told.value.text
    poll(page, CACHES, lambda keys: keys == [first], timeout=30.0)
    assert page.evaluate(SNAPSHOTS) == [snapshot]  # a refused build leaves the snapshot alone

    # A complete new build, with a file of its own whose first two downloads are dropped (it is
    # in no cache, so both go to the network): fetched a third time, installed, activated, and
    # the old cache deleted.
    fresh = b"/* the fresh build */\n"
    (site / "css" / "fresh.css").write_bytes(fresh)
    dropped.update({"/css/fresh.css": 2})
    set_build(site, original, "fresh00000000000", {"css/fresh.css": tool_module("site").sri(fresh)})
    assert page.evaluate(UPDATE, "fresh00000000000") == "activated", warnings  # if not, the page was told why
    assert dropped == {"/css/fresh.css": 0}  # both drops happened, and the build still came in
    poll(page, CACHES, lambda keys: keys == ["piki-fresh00000000000"])
    assert page.evaluate(SNAPSHOTS) == []  # the old build's snapshot went with it
    assert page.evaluate("async () => (await (await caches.match('css/fresh.css')).text())") == fresh.decode()
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.body.dataset.snapshot") == "none"
    # the build's files come straight from the new build's cache, routed by the browser (the
    # static routing API) without a turn of the service worker's fetch handler
    assert page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => /[/]js[/]main[.]mjs$/.test(e.name)).map((e) => e.workerMatchedSourceType)""") == ["cache"]
