"""The site frame in real Chromium: it paints at once, becomes ready, reloads, works offline."""

from __future__ import annotations

SW_CONTROLS = "() => navigator.serviceWorker.controller !== null"


def test_frame_paints_before_python_then_becomes_ready(page, site_url, wait_ready):
    page.goto(site_url, wait_until="domcontentloaded")
    # Before Python: the table frame and the loading indicator are already there.
    assert page.locator("#table").is_visible()
    for seat in "NWES":
        assert page.locator(f"#seat-{seat}").is_visible()
    assert page.locator(".title").inner_text() == "Пики"
    assert page.locator("#loading").is_visible()
    assert page.evaluate("document.body.dataset.ready") is None

    wait_ready(page)
    assert page.get_by_role("button", name="Раздать").is_visible()
    assert page.locator("#loading").is_hidden()
    assert page.locator("#boot-error").is_hidden()
    assert page.evaluate("document.documentElement.lang") == "ru"


def test_the_start_compiles_no_python_from_source(page, site_url, wait_ready):
    # Everything imported by the time the page is ready (Pyodide's start-up and the game) came
    # as bytecode from py/stdlib.zip or py/piki.zip (tools/precompile.py); a name
    # here is a module missing from the build's start-up set.
    loaded, urls = [], []
    page.on("requestfinished", lambda request: (loaded.append(request.url.rsplit("/", 1)[-1]),
                                                urls.append(request.url)))
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("window.pikiProbe().then((p) => p.fromSource)") == ""
    # the computer players and the coach, imported just after ready (ui.controller.LATER): as bytecode too
    page.wait_for_selector('body[data-later="1"]', state="attached", timeout=60_000)
    assert page.evaluate("window.pikiProbe().then((p) => p.fromSource)") == ""
    assert {"stdlib.zip", "piki.zip"} <= set(loaded)
    assert "python_stdlib.zip" not in loaded and "app.py" not in loaded
    # PyScript's script, py/main.py, is the one source PyScript compiles (a dozen lines)
    assert [url for url in urls if url.endswith(".py")] == [site_url + "py/main.py"]


def test_reload_reaches_ready_again(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    page.reload()
    wait_ready(page)
    assert page.get_by_role("button", name="Раздать").is_visible()


def test_after_one_visit_the_page_works_offline(page, site_url, wait_ready):
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_function(SW_CONTROLS, timeout=60_000)  # the build is precached

    page.context.set_offline(True)
    served = []
    page.on("response", lambda response: served.append(response))
    page.reload()
    wait_ready(page)
    assert page.get_by_role("button", name="Раздать").is_visible()
    assert served, "no response recorded"
    network = [r.url for r in served if not r.from_service_worker]
    assert network == [], f"served from the network while offline: {network}"


def test_python_runs_in_the_games_pyscript_worker_not_on_the_page(page, site_url, wait_ready):
    # PyScript starts the interpreter and the controller in its worker (a blob: URL): the page
    # itself downloads neither the WebAssembly nor the Python archives (its resource timing has
    # PyScript's and our scripts only) and has no interpreter; it only carries out what the worker
    # asks, so the table answers while Python starts and while a computer thinks.
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(site_url)
    wait_ready(page)
    assert len(workers) == 1 and workers[0].startswith("blob:")
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [url for url in fetched if url.endswith((".wasm", ".zip", "pyodide.asm.js"))], fetched
    assert page.evaluate("typeof window.loadPyodide === 'undefined' && typeof window.pyodide === 'undefined'")
    assert page.evaluate("performance.getEntriesByName('piki:interpreter').length") == 1
    page.get_by_role("button", name="Раздать").click()
    page.wait_for_selector('body[data-phase="bid"]', state="attached")
