"""Where a warm start goes: a Chrome trace of one reload of the game, summed up for its worker.

    .venv/bin/python bench/trace.py [DIST] [--out trace.json]

A fresh profile loads the built site, waits until the service worker holds the build and the
memory snapshot is kept (as bench/start.py's warm run does), then reloads the page under Chrome's
tracing (CDP ``Tracing``, with V8's sampling profiler) until ``body[data-ready="1"]``. It prints,
for the game's worker (PyScript's, where the interpreter starts):

- its tasks over 5 ms, in time order, each with what took most of it (the runtime's script
  compiled and run, the WebAssembly code cache read, the instance built, the snapshot restored,
  PyScript's set-up, the game's start);
- the V8 work it did, summed: WebAssembly functions compiled on their first call (``CompileLazy``:
  the code cache holds only the functions V8 had optimised when it was written), compiled
  modules, the code cache consumed;
- the functions the sampling profiler saw most (self time).

Tracing slows the page (the figures are larger than bench/start.py's): read the shares, not the
milliseconds. ``--before N`` reloads N times untraced first. Figures, not a test. ``--out``
keeps the raw trace (chrome://tracing, Perfetto).
"""

from __future__ import annotations

import argparse
import collections
import json
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from start import ARGS, CHROMIUM, MARK, READY, ROOT, Link, serve

CATEGORIES = ",".join([
    "-*", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "v8.wasm",
    "disabled-by-default-v8.compile", "disabled-by-default-v8.cpu_profiler", "blink", "blink.user_timing",
    "loading", "toplevel", "__metadata",
])
WORKER = "DedicatedWorker thread"
SUMMED = ("wasm.CompileLazy", "v8.compileModule", "v8.evaluateModule", "v8.wasm.compileConsume",
          "wasm.SyncInstantiate", "v8.produceModuleCache", "MinorGC", "MajorGC")


def record(dist: Path, before: int = 0) -> tuple[list[dict], float]:
    """The trace events of a warm reload, and the page's time to ready in ms."""
    options = {"headless": True, "args": ARGS}
    if CHROMIUM.exists():
        options["executable_path"] = str(CHROMIUM)
    server, url = serve(dist, Link(False))
    events: list[dict] = []
    done: list[bool] = []
    with sync_playwright() as playwright, tempfile.TemporaryDirectory(prefix="piki-trace-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, service_workers="allow", **options)
        context.add_init_script(MARK)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=300_000, polling=20)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=300_000)
        page.wait_for_selector('body[data-snapshot="made"]', state="attached", timeout=300_000)
        time.sleep(1.0)
        for _ in range(before):  # untraced reloads first: a browser that has seen more visits
            page.reload()
            page.wait_for_function(READY, timeout=300_000, polling=20)
            time.sleep(1.0)
        cdp = context.new_cdp_session(page)
        cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
        cdp.on("Tracing.tracingComplete", lambda params: done.append(True))
        cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
        page.reload()
        page.wait_for_function(READY, timeout=300_000, polling=20)
        ready = page.evaluate("window.__readyAt")
        cdp.send("Tracing.end")
        while not done:
            page.wait_for_timeout(100)
        context.close()
    server.shutdown()
    return events, ready


def threads(events: list[dict]) -> dict[tuple[int, int], str]:
    return {(e["pid"], e["tid"]): e["args"]["name"] for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name"}


def game_worker(events: list[dict]) -> tuple[int, int]:
    """The dedicated worker thread that did the most: PyScript's, the game's."""
    names = threads(events)
    busy: collections.Counter = collections.Counter()
    for e in events:
        key = (e.get("pid"), e.get("tid"))
        if names.get(key) == WORKER and e.get("name") == "RunTask":
            busy[key] += e.get("dur", 0)
    return busy.most_common(1)[0][0]


def report(events: list[dict], ready: float) -> None:
    start = min(e["ts"] for e in events if e.get("name") == "navigationStart")
    worker = game_worker(events)
    mine = sorted((e for e in events if (e.get("pid"), e.get("tid")) == worker and e.get("ph") == "X"
                   and "dur" in e), key=lambda e: e["ts"])
    print(f"ready {ready:.0f} ms after the reload began (traced)\n")
    print("the game worker's tasks over 5 ms: start (ms), length (ms), what took most of it")
    for task in (e for e in mine if e["name"] == "RunTask" and e["dur"] >= 5000):
        end = task["ts"] + task["dur"]
        inside: collections.Counter = collections.Counter()
        for e in mine:
            if task["ts"] <= e["ts"] and e["ts"] + e["dur"] <= end and e is not task and "RunTask" not in e["name"]:
                inside[e["name"]] += e["dur"] / 1000
        most = ", ".join(f"{name} {ms:.0f}" for name, ms in inside.most_common(5))
        print(f"  {(task['ts'] - start) / 1000:6.0f} {task['dur'] / 1000:6.1f}  {most[:150]}")
    print("\nsummed over the worker: ms (count)")
    for name in SUMMED:
        spans = [e["dur"] for e in mine if e["name"] == name]
        if spans:
            print(f"  {name:28}{sum(spans) / 1000:8.1f}  ({len(spans)})")
    profiles = {e["id"]: (e["pid"], e["tid"]) for e in events if e.get("name") == "Profile"}
    frames: dict[tuple[str, int], str] = {}
    seen: collections.Counter = collections.Counter()
    elapsed: collections.Counter = collections.Counter()
    for e in events:
        if e.get("name") != "ProfileChunk" or profiles.get(e["id"]) != worker:
            continue
        data = e["args"]["data"]
        for node in data.get("cpuProfile", {}).get("nodes", []):
            frame = node["callFrame"]
            where = frame.get("url", "").rsplit("/", 1)[-1]
            frames[(e["id"], node["id"])] = f"{frame.get('functionName') or '(anonymous)'} {where}".strip()
        for sample, delta in zip(data.get("cpuProfile", {}).get("samples", []), data.get("timeDeltas", [])):
            seen[frames.get((e["id"], sample), "?")] += 1
            elapsed[frames.get((e["id"], sample), "?")] += delta / 1000
    print("\nthe worker's functions by self time (sampled): ms")
    for name, _ in seen.most_common(16):
        print(f"  {elapsed[name]:8.1f}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dist", nargs="?", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, help="write the raw trace here (JSON)")
    parser.add_argument("--before", type=int, default=0, help="untraced reloads before the traced one")
    args = parser.parse_args()
    events, ready = record(args.dist, args.before)
    if args.out:
        args.out.write_text(json.dumps({"traceEvents": events}), encoding="utf-8")
    report(events, ready)


if __name__ == "__main__":
    main()
