"""A failed start is told to the player in words on the page (Russian, or English with ?lang=en),
not left in the console."""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("PIKI_DIST", ROOT / "dist"))
FAILED = "() => document.body.dataset.stage === 'error'"


def break_controller(site: Path) -> None:
    # the controller (app, in piki.zip) fails as js/main.mjs imports it (the service worker would
    # refuse such an archive; this site has none yet)
    archive = site / "py" / "piki.zip"
    with zipfile.ZipFile(archive) as old:
        members = {name: old.read(name) for name in old.namelist() if name not in ("app.py", "app.pyc")}
    with zipfile.ZipFile(archive, "w") as new:
        for name, data in members.items():
            new.writestr(name, data)
        new.writestr("app.py", 'raise RuntimeError("поломка для проверки")\n')


def damage_archive(site: Path) -> None:
    # piki.zip, the game's precompiled modules, is not an archive any more (the service worker
    # would refuse such a file; this site has none yet)
    (site / "py" / "piki.zip").write_bytes(b"not a zip archive")


def remove_archive(site: Path) -> None:
    # js/pyodide.mjs asks for it while the runtime starts: the server answers 404
    (site / "py" / "piki.zip").unlink()


def remove_runtime(site: Path) -> None:
    (site / "vendor" / "pyodide" / "pyodide.asm.wasm").unlink()


@pytest.mark.parametrize("damage, detail", [
    (break_controller, "поломка для проверки"),
    (damage_archive, "No module named 'app'"),
    (remove_archive, "piki.zip"),
    (remove_runtime, "pyodide.asm.wasm"),
])
def test_a_failed_start_is_shown_in_russian(page, tmp_path, serve_site, damage, detail):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    damage(site)
    page.allow_console_errors(".")  # the errors are the point here
    page.goto(serve_site(site))
    page.wait_for_function(FAILED, timeout=120_000, polling=100)
    panel = page.locator("#boot-error")
    assert panel.is_visible()
    assert "Не удалось запустить игру" in panel.inner_text()
    assert page.locator("#loading").is_hidden()
    assert page.evaluate("document.body.dataset.ready") is None
    page.locator("#boot-error summary").click()
    assert detail in page.locator("#boot-error-details").inner_text()


def test_a_failed_start_is_shown_in_english_with_lang_en(page, tmp_path, serve_site):
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    break_controller(site)
    page.allow_console_errors(".")
    page.goto(serve_site(site) + "?lang=en")
    page.wait_for_function(FAILED, timeout=120_000, polling=100)
    panel = page.locator("#boot-error")
    assert "The game could not start" in panel.inner_text()
    assert "An error in the game's Python program." in panel.inner_text()
    assert page.evaluate("document.documentElement.lang") == "en"


def test_a_failed_start_over_a_painted_table_can_still_be_read_and_reloaded(page, tmp_path, serve_site):
    # a returning player's table is painted at once and inert until Python is ready; when the start
    # fails, the error panel (inside the table) takes clicks, and the painted cards still do not
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    break_controller(site)
    painted = {"v": 1, "status": "Ваш заказ", "html": {
        "hand": '<button type="button" class="card" data-card="AS">A♠</button>',
        "panel": '<button type="button" data-action="deal">Раздать</button>'}}
    page.add_init_script(f"localStorage.setItem('spades.painted', {json.dumps(json.dumps(painted))})")
    page.allow_console_errors(".")
    page.goto(serve_site(site))
    page.wait_for_function(FAILED, timeout=120_000, polling=100)
    assert page.evaluate("document.body.dataset.painted") == "1"
    assert page.locator('#hand [data-card="AS"]').is_visible()
    page.locator("#boot-error summary").click(timeout=5_000)
    assert "поломка для проверки" in page.locator("#boot-error-details").inner_text()
    inert = "(selector) => document.querySelector(selector).closest('[inert]') !== null"
    assert not page.evaluate(inert, "#boot-retry")
    assert all(page.evaluate(inert, selector) for selector in ("#hand", "#panel", "#trick", "#seat-N", "#tools"))
    with page.expect_navigation():
        page.locator("#boot-retry").click(timeout=5_000)
    page.wait_for_function(FAILED, timeout=120_000, polling=100)  # the same broken site, told again


# the worker's failure as PyScript sends it to the page (an Error as the message), noted before
# any page module can hear it
SEE_FAILURE = """
const Made = window.Worker;
window.Worker = class extends Made {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => { if (event.data instanceof Error) window.__failed = true; });
  }
};
"""


def test_a_failed_start_is_shown_when_the_page_module_arrives_after_the_failure(browser, tmp_path, serve_site):
    # js/main.mjs is held back until PyScript's worker has failed (the loader without its archive):
    # the page attaches to a worker whose failure it never heard; the failure, PyScript's `ready`
    # rejected with no one to hear it yet, was said by js/boot.js (unhandledrejection)
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    remove_archive(site)
    held = []
    context = browser.new_context(service_workers="block")  # page.route does not see its fetches
    page = context.new_page()
    try:
        page.add_init_script(SEE_FAILURE)
        page.route("**/js/main.mjs", lambda route: held.append(route))
        page.goto(serve_site(site), wait_until="commit")
        page.wait_for_function("window.__failed === true", timeout=120_000, polling=100)
        held[0].continue_()
        page.wait_for_function(FAILED, timeout=120_000, polling=100)
        page.locator("#boot-error summary").click()
        assert "piki.zip" in page.locator("#boot-error-details").inner_text()
    finally:
        context.close()
