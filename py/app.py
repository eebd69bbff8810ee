"""«Пики» — the page's controller (PyScript's main script): DOM events -> engine -> render.

For now it only proves the frame: it imports the engine (`spades`), puts the «Раздать» button in
the centre of the table and marks the page ready with <body data-ready="1">. The table UI grows
here (and in py/ui/) later. The loading indicator and the start-up error panel belong to
js/boot.js; this module talks to it only through `window.piki.stage()` and `window.piki.fail()`.
"""

import traceback

from pyscript import document, window
from pyscript.ffi import create_proxy


def say(text: str) -> None:
    """Show one line to the player in the status line under the table."""
    document.getElementById("status").textContent = text


def on_deal(_event: object) -> None:
    say("Игра пока в разработке: раздача появится в следующей версии.")


def render_frame() -> None:
    """Put the «Раздать» button in the centre of the table."""
    centre = document.getElementById("centre")
    button = document.createElement("button")
    button.id = "deal"
    button.type = "button"
    button.className = "deal"
    button.textContent = "Раздать"
    button.addEventListener("click", create_proxy(on_deal))
    centre.append(button)


def start() -> None:
    window.piki.stage("engine")
    try:
        import spades  # noqa: F401  (the engine; proves it imports under Pyodide)
    except Exception:
        window.piki.fail("Не удалось загрузить движок игры.", traceback.format_exc())
        return
    render_frame()
    document.body.dataset.ready = "1"


try:
    start()
except Exception:
    window.piki.fail("Ошибка при запуске игры.", traceback.format_exc())
