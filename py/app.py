"""«Пики» — the page's controller, in the game's PyScript worker: the page's events -> engine ->
render.

PyScript starts the interpreter in a worker (``<script type="py" worker name="game">``, our loader
js/pyodide.mjs behind its ``interpreter`` setting) and runs py/main.py there, which imports this
module and exports its entry points. The page and this module talk only through PyScript's calls:
- page -> here: js/main.mjs's DOM event handlers call the exported functions on the worker's
  ``xworker.sync``: ``start`` once (the address, the storage, what the page shows, how long ago
  «Раздать» was pressed), then ``tap`` (the control a click hit: ``button`` elements with
  ``data-action`` / ``data-bid`` / ``data-card``), ``enter`` (Enter on a card), ``setting``,
  ``escape``, ``opened`` (a file), ``early_deal``, ``storage_changed`` (another tab wrote),
  ``refused`` (a write the browser refused) and ``copy_refused``;
- here -> page: ``sync.ops(batch)``, a function the page puts on ``xworker.sync``: the DOM work of
  one turn of the event loop, in order (``Outbox``): a region's HTML, the status line, the open
  panel, the body's data attributes, a storage write, the address, a download, a link to copy,
  the deal's flying cards, a class of the trick.
The worker has no DOM and no localStorage of its own (no SharedArrayBuffer on a static host): the
page carries out the ops. This module binds it all to ``ui.Controller``: ``render()`` sends each
region's HTML when it changed and mirrors the state in ``body`` data attributes for tests;
``pause()`` waits and ends early on a tap; ``deal()`` and ``gather()`` run the CSS animations. The
store is the page's localStorage (``spades.game``, ``spades.settings``, …): read from the copy the
page sent at start, written through the page (``PageStore``).
The loading indicator and the start-up error panel belong to js/boot.js: py/main.py says the
stage "engine" (a plain message of the worker); a failed start reaches the page as the error of
its ``start`` call.

Test knob: ``?fast=1`` in the URL sets every pause and animation to zero. ``?lang=en`` (or ``ru``)
opens the page in that language and remembers it, as the language switch does.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import traceback
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable

import js
from pyodide.ffi import jsnull, to_js
from pyscript import sync

from spades.daily import parse_day
from ui.address import first_values, query_pairs, url_day, url_params, with_param, without_param
from ui.address import text_or_none as _text
from ui.fmt import pips
from ui.shared import PAINTED, PAINTED_KEY, deal_order

if TYPE_CHECKING:
    from spades import Seat
    from ui.controller import Controller, Timing

PANELS = ("score", "settings", "help", "review", "stats")
FILE_ACTIONS = {"import": "record", "import-stats": "stats"}  # the file inputs, and what they open


class Outbox:
    """The DOM work of one turn of the event loop, sent to the page as one message: ``add``
    queues an op, and the queue goes when this turn ends (``call_soon``: before any coroutine
    that yielded goes on). So the page sees what it saw when Python ran on it: never half a turn
    (a render with a new ``data-seq`` and the next one's ``data-busy`` arrive together), and
    each state a turn ended in (what came before a pause is shown during it)."""

    def __init__(self) -> None:
        self.ops: list[list[object]] = []
        self.due = False

    def add(self, *op: object) -> None:
        self.ops.append(list(op))
        if not self.due:
            self.due = True
            asyncio.get_event_loop().call_soon(self.flush)

    def flush(self) -> None:
        self.due = False
        if self.ops:
            ops, self.ops = self.ops, []
            sync.ops(to_js(ops, dict_converter=js.Object.fromEntries))  # the page's function


OUT = Outbox()


class PageStore:
    """The page's localStorage: read from the copy the page sent at start (kept current with what
    other tabs write), written through the page. A write the browser refuses (full or forbidden
    storage) comes back as the event ``refused``; the controller says it in the notice, as it
    says a refused write anywhere."""

    def __init__(self, items: dict) -> None:
        self.items: dict[str, str] = {k: v for k, v in items.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str, quiet: bool = False) -> None:
        self.items[key] = value
        OUT.add("store", key, value, quiet)

    def changed(self, key: object, value: object) -> None:
        """What the browser's storage holds now, where this copy may differ: another tab wrote
        (the page's ``storage`` event), or a write was refused. ``key`` None is a cleared
        storage, ``value`` None a removed key. The next read sees it, as a read of localStorage
        would have (the statistics of two tabs add up)."""
        if key is None:
            self.items.clear()
        elif isinstance(key, str):
            if isinstance(value, str):
                self.items[key] = value
            else:
                self.items.pop(key, None)


class Page:
    """The screen the controller draws on."""

    def __init__(self, render_regions: Callable[[Controller], dict[str, str]], timing: Timing, strings: Any,
                 start: dict[str, Any]) -> None:
        self.regions = render_regions
        self.timing = timing
        self.strings = strings
        self.ctl: Controller = None  # type: ignore[assignment]  # set by start(), before the first render
        self.html: dict[str, str] = {}
        self.status: str | None = None
        self.data: dict[str, str] = {}
        self.panel: str | tuple[()] | None = ()  # the panel last shown (none sent yet)
        self.trick_class = True  # the trick's class may hold a gather: reset it
        self.skip_event: asyncio.Event | None = None
        self.lang: str | None = None  # the language the static words were last labelled in
        self.painted: str | None = None  # the text last kept for js/boot.js
        self.think = 0  # computer decisions already sent to the page (for the benchmark)
        self.query = query_pairs(start.get("query"))  # the address's query, as the page has it
        self.base = _text(start.get("base")) or ""  # the address without it
        self.labels = start.get("labels") or {}  # the page's static words: {"text": [key…], "aria": […]}
        self.early_deal_at: float | None = None  # when js/boot.js started the deal animation, in this worker's clock
        self.early_total = 0.0  # how long that animation lasts (the CSS defaults: Timing())
        self.quiet = False  # no sound at all (?fast=1: the tests)

    # --- drawing ---------------------------------------------------------------------------

    def render(self) -> None:
        ctl = self.ctl
        if self.strings.language() != self.lang:
            self.lang = self.strings.language()
            self.label_static()
        session = ctl.session
        for region, html in self.regions(ctl).items():
            if self.html.get(region) != html:
                self.html[region] = html
                OUT.add("html", region, html)  # the page keeps the unchanged nodes and the focus
        self._effects()
        if session.status != self.status:
            self.status = session.status
            OUT.add("html", "status", pips(session.status))  # its suit signs coloured as on the cards
        self._keep_painted()
        if session.panel != self.panel:
            # opening moves the focus into the panel and makes the page behind it inert; closing
            # brings the focus back to where it was (the page does both)
            OUT.add("panel", session.panel, PANELS, session.panel is not None or self.panel not in ((), None))
            self.panel = session.panel
        if session.shown_trick is None and self.trick_class:
            OUT.add("class", "trick", "trick")
            self.trick_class = False
        game = session.game
        self._data(
            phase=game.phase.value if session.dealt or game.phase.value not in ("bid", "draw") else "deal",
            turn="S" if session.south_turn and game.phase.value in ("bid", "play", "draw") else (
                "" if session.busy or game.to_move is None else game.to_move.name),
            busy="1" if (session.busy or ctl.turns.running or ctl.coach.awaited) else "0",
            seq=str(session.seq),
            game=str(game.number),
            # the table's look (css: four-colour deck, large cards, the felt's colour)
            deck=session.settings.deck, cards=session.settings.cards, felt=session.settings.felt,
            table=game.rules.table,  # css: at two the side seats' columns go to the centre
            hand=str(session.view().hand_index + 1))
        think_ms = ctl.turns.think_ms
        if len(think_ms) > self.think:  # the decisions since the last render, for the benchmark
            OUT.add("think", [round(ms, 1) for ms in think_ms[self.think:]])
            self.think = len(think_ms)
        self._sync_url()

    def _data(self, **values: str) -> None:
        """Set ``body`` data attributes (those that changed)."""
        changed = {k: v for k, v in values.items() if self.data.get(k) != v}
        if changed:
            self.data.update(changed)
            OUT.add("data", changed)

    def label_static(self) -> None:
        """Static words of index.html come from the catalogue too: [data-i18n] is an element's
        text, [data-i18n-aria] its aria-label; and the document's title and language."""
        t = self.strings.t
        texts = {key: t(key) for key in self.labels.get("text", ()) if isinstance(key, str)}
        arias = {key: t(key) for key in self.labels.get("aria", ()) if isinstance(key, str)}
        OUT.add("label", texts, arias, t("page.title"), self.lang)

    def _keep_painted(self) -> None:
        """Keep what Python rendered last of the table, for js/boot.js to paint at once on the next
        visit (inert until Python is ready). It is the page's own HTML: no logic in JavaScript.
        A full storage only costs the next visit its early paint (a quiet write)."""
        painted = {"v": 1, "html": {k: self.html.get(k, "") for k in PAINTED}, "status": self.ctl.session.status}
        text = json.dumps(painted, ensure_ascii=False)
        if text != self.painted:
            self.painted = text
            self.ctl.session.store.set(PAINTED_KEY, text, quiet=True)  # type: ignore[call-arg]  # a PageStore

    def _effects(self) -> None:
        """What the controller asked of the browser: sounds to play, a file to download, a link to copy."""
        files, session = self.ctl.files, self.ctl.session
        if session.sounds:
            if not self.quiet:
                OUT.add("sound", session.sounds)
            session.sounds = []
        if files.download is not None:
            name, text = files.download
            files.download = None
            OUT.add("download", name, text)
        if files.clipboard is not None:
            query, before = files.clipboard
            text = before + self.base + query
            files.clipboard = None
            OUT.add("copy", text)  # a refusal comes back as the event "copy-refused"
            self.ctl.session.status = self.strings.t("status.shared" if not before else "status.day_shared", url=text)

    def copy_refused(self, text: str) -> None:
        self.ctl.session.status = self.strings.t("status.share_link" if "\n" not in text else "status.day_share_text",
                                                 url=text)
        self.render()

    def _sync_url(self) -> None:
        """The address names what is on the table: ``?game=N``, or ``?daily=YYYY-MM-DD``."""
        session = self.ctl.session
        if session.confirm:
            return
        params = first_values(self.query)
        lang = self.strings.language()
        name, other = ("game", "daily") if session.daily is None else ("daily", "game")
        value = str(session.game.number) if session.daily is None else session.daily.day.isoformat()
        if params.get(name) != value or other in params or ("lang" in params and params["lang"] != lang):
            self.query = with_param(without_param(self.query, other), name, value)
            if "lang" in params:
                self.query = with_param(self.query, "lang", lang)
            OUT.add("url", self.query)  # the page writes it as URLSearchParams would

    # --- time ------------------------------------------------------------------------------

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``; a tap on the table ends the wait at once."""
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        self.skip_event = asyncio.Event()
        try:
            await asyncio.wait_for(self.skip_event.wait(), seconds)
        except asyncio.TimeoutError:
            pass
        finally:
            self.skip_event = None

    def skip(self) -> None:
        if self.skip_event is not None:
            self.skip_event.set()

    async def deal(self, dealer: Seat) -> None:
        """Cards fly one at a time from the centre to the seats, starting left of the dealer (none
        at two: the cards are drawn, ``ui.shared.deal_order``)."""
        total = self.timing.deal_total
        order = deal_order(dealer, self.ctl.session.game.table)
        if self.early_deal_at is not None:  # js/boot.js is flying the cards already
            began, self.early_deal_at = self.early_deal_at, None
            left = self.early_total - (js.performance.now() - began) / 1000
            if total > 0 and left > 0:
                await self.pause(left)
            else:
                await asyncio.sleep(0)
            OUT.add("fly", [])
            return
        if total <= 0 or not order:
            await asyncio.sleep(0)
            return
        OUT.add("fly", [f"fly to-{seat}" for seat in order])
        await self.pause(total)
        OUT.add("fly", [])

    async def gather(self, winner: Seat) -> None:
        if self.timing.gather <= 0:
            return
        OUT.add("add-class", "trick", f"gather-{winner.name}")
        self.trick_class = True
        await self.pause(self.timing.gather)


def spawn(coroutine: Awaitable[object]) -> asyncio.Task[None]:
    async def guarded() -> None:
        try:
            await coroutine
        except Exception:
            OUT.add("error", "Пики: " + traceback.format_exc())

    return asyncio.ensure_future(guarded())


def deal_early(page: Page, ctl: Controller, ago: float) -> None:
    """«Раздать» was pressed before Python was ready, ``ago`` ms ago (js/boot.js is flying the card
    backs): deal that hand, and let the animation finish; with nothing to deal, clear the cards."""
    if ctl.session.can_deal and page.early_deal_at is None:
        page.early_deal_at = js.performance.now() - ago
        spawn(ctl.handle("deal"))
    else:
        OUT.add("fly", [])


def bind(page: Page, ctl: Controller) -> dict[str, Callable[..., None]]:
    """What the player did, as the page tells it (it calls nothing before ready): the handlers
    behind the exported functions, by name."""
    from ui import saves  # imported with the controller already

    def tap(action: object, value: object, bid: object, card: object, today: object = None) -> None:
        """A click; ``action``… are the attributes of the control it hit (all None: none);
        ``today`` the page's local date (``ui.daily``)."""
        ctl.daily.today = parse_day(today) or ctl.daily.today
        if ctl.session.busy or ctl.turns.running:
            page.skip()
        action, value, bid, card = _text(action), _text(value), _text(bid), _text(card)
        if card is not None:
            action, value = "card", card
        elif bid is not None and action is None:
            try:
                action, value = "bid", int(bid)
            except ValueError:
                return
        if action is not None:
            spawn(ctl.handle(action, value))

    def setting(name: object, checked: object, value: Any) -> None:
        if name in saves.SWITCHES:
            value = bool(checked)
        elif name in saves.CHOICES and name != "lang":  # the language has its own switch
            try:  # a radio button's value is text: the setting's own type (a number, a word)
                value = int(value) if isinstance(saves.CHOICES[name][0], int) else str(value)
            except (TypeError, ValueError):
                return
        else:
            return
        spawn(ctl.handle("setting", (name, value)))

    def opened(action: Any, name: object, text: object, error: object, size: object) -> None:
        into = FILE_ACTIONS.get(action)
        if into is None:
            return
        name = _text(name) or ""
        if isinstance(text, str):
            spawn(ctl.handle("open-file", (into, name, text, None, None)))
        elif error is None and isinstance(size, (int, float)) and size >= 0:  # not read: too large
            spawn(ctl.handle("open-file", (into, name, None, None, int(size))))
        else:
            spawn(ctl.handle("open-file", (into, name, None, str(error), None)))

    def refused(key: object, value: object) -> None:
        """A write the browser refused: the store holds what the browser holds, and the notice
        says it (the painted table's write is quiet: the page does not send it)."""
        if not isinstance(key, str):
            return
        ctl.session.store.changed(key, value)  # type: ignore[attr-defined]  # a PageStore
        ctl.session.storage_refused()
        page.render()

    def enter(card: object) -> None:
        if isinstance(card, str):
            spawn(ctl.handle("play-card", card))

    def escape() -> None:
        if ctl.session.panel:
            spawn(ctl.handle("panel", "close"))

    def pressed(ago: object) -> None:  # «Раздать» pressed after the page called start, before ready
        if isinstance(ago, (int, float)):
            deal_early(page, ctl, ago)

    def storage_changed(key: object, value: object) -> None:  # another tab of the game wrote (or cleared) the storage
        ctl.session.store.changed(key, value)  # type: ignore[attr-defined]  # a PageStore

    def copy_refused(url: object) -> None:
        if isinstance(url, str):
            page.copy_refused(url)

    return {"tap": tap, "enter": enter, "setting": setting, "escape": escape, "opened": opened,
            "early_deal": pressed, "storage_changed": storage_changed, "refused": refused,
            "copy_refused": copy_refused}


def start(begun: Any) -> Any:
    """The page's first call (js/main.mjs, once PyScript has run py/main.py): what the controller
    needs from the page to start (``begun``: the address's query, the storage's ``spades.*`` keys,
    the static words' keys, prefers-reduced-motion, how long ago «Раздать» was pressed). Draws the
    first table and says ready; the controller then runs as a task of this worker's event loop.
    A failure here reaches the page as the call's error (the start failed). Returns what the page
    may send (``fileBytes``)."""
    from ui import controller, render, strings, view

    page_start = begun.to_py() if hasattr(begun, "to_py") else begun
    page_start = page_start if isinstance(page_start, dict) else {}
    number, fast, lang = url_params(query_pairs(page_start.get("query")))
    day = url_day(query_pairs(page_start.get("query")))
    timing = controller.FAST if fast else controller.NORMAL
    if not fast and page_start.get("reducedMotion") is True:
        timing = timing._replace(gather=0, deal_card=0, deal_flight=0)
    OUT.add("style", {"--deal-step": f"{int(timing.deal_card * 1000)}ms",
                      "--deal-flight": f"{int(timing.deal_flight * 1000)}ms",
                      "--gather": f"{int(timing.gather * 1000)}ms"})

    page = Page(lambda ctl: render.regions(view.table_view(ctl)), timing, strings, page_start)
    page.early_total = controller.NORMAL.deal_total  # js/boot.js flies the cards at these pauses
    page.quiet = fast
    items = page_start.get("storage")
    ctl = controller.Controller(PageStore(items if isinstance(items, dict) else {}), page, timing)
    page.ctl = ctl
    if lang in strings.LANGUAGES:  # ?lang=en: this language, from now on
        ctl.do_lang(lang)

    ctl.daily.today = parse_day(page_start.get("today")) or ctl.daily.today  # the page's local date
    ctl.start(number, day)
    handlers = bind(page, ctl)
    assert set(handlers) == set(EVENTS), sorted(handlers)
    HANDLERS.update(handlers)
    if isinstance(page_start.get("early"), (int, float)):
        deal_early(page, ctl, page_start["early"])
    page.render()
    OUT.add("data", {"ready": "1"})
    spawn(import_later(controller.LATER))
    spawn(ctl.run())
    # what the page may send: the largest file worth reading (a larger one is told by its size)
    return to_js({"fileBytes": controller.FILE_BYTES}, dict_converter=js.Object.fromEntries)


HANDLERS: dict[str, Callable] = {}  # the player's events, once started (bind): the page calls nothing before ready
EVENTS = ("tap", "enter", "setting", "escape", "opened", "early_deal", "storage_changed", "refused",
          "copy_refused")  # bind's handlers, by the names the page calls


def _handler(name: str) -> Callable[..., None]:
    def call(*args: Any) -> None:
        handler = HANDLERS.get(name)
        if handler is None:
            return
        try:
            handler(*(None if arg is jsnull else arg for arg in args))  # the page's null: None
        except Exception:
            OUT.add("error", "Пики: " + traceback.format_exc())

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"The page's ``{name}`` (js/main.mjs), handled by ``bind``'s ``{name}``."
    return call




async def import_later(names: Iterable[str]) -> None:
    """What the computer players and the coach need (``ui.controller.LATER``), imported one module
    a turn once the page is ready: a first visit gets ready without them, and has them before the
    first deal asks for them (a module asked for sooner is imported then). A page started from the
    memory snapshot has them all already."""
    for name in names:
        await asyncio.sleep(0)
        importlib.import_module(name)
    OUT.add("data", {"later": "1"})  # for the tests: all imported


def probe() -> Any:
    """For the tests, only when they ask (js/main.mjs's ``pikiProbe``): the modules imported so
    far that were compiled from source rather than taken precompiled from py/stdlib.zip or
    py/piki.zip (tools/precompile.py; the tests expect none), and where PyScript's package came
    from."""
    source = sorted(name for name, module in list(sys.modules.items())
                    if (getattr(module, "__file__", None) or "").endswith(".py")
                    and getattr(module.__spec__, "origin", None) != "frozen")  # frozen: not compiled
    return to_js({"fromSource": " ".join(source), "pyscript": getattr(sys.modules.get("pyscript"), "__file__", None)},
                 dict_converter=js.Object.fromEntries)


# what py/main.py hands to PyScript (its globals and __export__): start, the player's events, the tests' probe
EXPORTS = {"start": start, "probe": probe, **{name: _handler(name) for name in EVENTS}}
