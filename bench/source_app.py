"""The page's controller as it was before the game moved into a worker (py/app.py of d0b314a),
kept only for bench/page.py's "source" page: the game as it started before issue 11, on the main
thread through PyScript, compiled from source. It is the baseline the start-up goals are measured
against, not part of the game: the build does not ship it, and it does not change with py/app.py.
"""

import asyncio
import importlib
import json
import sys
import traceback

from js import document, window
from pyodide.ffi import create_proxy, jsnull

_proxies = []  # event handlers stay alive as long as the page
PANELS = ("score", "settings", "help", "review", "stats")
# the regions js/boot.js paints from localStorage before Python is ready (the table as it was left)
PAINTED = ("info", "scores", "seat-N", "seat-W", "seat-E", "seat-S", "trick", "panel", "hand", "tools",
           "lang-switch")
PAINTED_KEY = "spades.painted"
# what a click may act on: buttons only (seat boxes and trick cards carry data too, for tests)
CONTROLS = "button[data-action], button[data-bid], button[data-card]"
BEHIND_PANELS = (".bar", "#tools", "#notice", "#table", "#status")  # inert while a panel is open


def is_none(value):
    """A missing DOM value: JavaScript's null (``jsnull``) or undefined (``None``)."""
    return value is None or value is jsnull


def _text(value):
    return value if isinstance(value, str) else None


def listen(element, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


class LocalStore:
    """localStorage with the two calls the controller uses; a refusal is not an error."""

    def get(self, key):
        try:
            return _text(window.localStorage.getItem(key))
        except Exception:
            return None

    def set(self, key, value):
        window.localStorage.setItem(key, value)


class Page:
    """The screen the controller draws on."""

    def __init__(self, render_regions, timing, strings):
        self.regions = render_regions
        self.timing = timing
        self.strings = strings
        self.ctl = None
        self.html = {}
        self.skip_event = None
        self.lang = None  # the language the static words were last labelled in
        self.painted = None  # the text last kept for js/boot.js
        self.early_deal_at = None  # when js/boot.js started the deal animation before Python
        self.early_total = 0.0  # how long that animation lasts (the CSS defaults: Timing())
        self.open_panel = None
        self.opener = None  # the element focused before a panel opened: focus goes back to it

    # --- drawing ---------------------------------------------------------------------------

    def render(self):
        ctl = self.ctl
        if self.strings.language() != self.lang:
            self.lang = self.strings.language()
            label_static(self.strings.t, self.lang)
        for region, html in self.regions(ctl).items():
            if self.html.get(region) == html:
                continue
            element = document.getElementById(region)
            if is_none(element):
                continue
            focus = self._focus_key(element)
            element.innerHTML = html
            self.html[region] = html
            if focus is not None:
                self._refocus(element, focus)
        status = document.getElementById("status")
        if status.textContent != ctl.status:
            status.textContent = ctl.status
        self._keep_painted()
        for name in PANELS:
            document.getElementById(f"{name}-panel").hidden = ctl.panel != name
        self._effects()
        if ctl.panel != self.open_panel:
            self._panel_focus(ctl.panel)
        if ctl.shown_trick is None:
            document.getElementById("trick").className = "trick"
        body = document.body.dataset
        game = ctl.game
        body.phase = game.phase.value if ctl.dealt or game.phase.value != "bid" else "deal"
        body.turn = "S" if ctl.south_turn and game.phase.value in ("bid", "play") else (
            "" if ctl.busy or game.to_move is None else game.to_move.name)
        body.busy = "1" if (ctl.busy or ctl.running) else "0"
        body.seq = str(ctl.seq)
        body.game = str(game.game)
        body.hand = str(ctl.view().hand_index + 1)
        self._sync_url()

    def _keep_painted(self):
        """Keep what Python rendered last of the table, for js/boot.js to paint at once on the next
        visit (inert until Python is ready). It is the page's own HTML: no logic in JavaScript."""
        painted = {"v": 1, "html": {k: self.html.get(k, "") for k in PAINTED}, "status": self.ctl.status}
        text = json.dumps(painted, ensure_ascii=False)
        if text == self.painted:
            return
        self.painted = text
        try:
            window.localStorage.setItem(PAINTED_KEY, text)
        except Exception:
            pass  # a full storage only costs the next visit its early paint

    def _effects(self):
        """What the controller asked of the browser: a file to download, a link to copy."""
        ctl = self.ctl
        if ctl.download is not None:
            name, text = ctl.download
            ctl.download = None
            link = document.createElement("a")
            link.href = "data:application/json;charset=utf-8," + window.encodeURIComponent(text)
            link.download = name
            document.body.appendChild(link)
            link.click()
            link.remove()
        if ctl.clipboard is not None:
            location = window.location
            url = location.origin + location.pathname + ctl.clipboard
            ctl.clipboard = None
            try:
                window.navigator.clipboard.writeText(url)
                ctl.status = self.strings.t("status.shared", url=url)
            except Exception:
                ctl.status = self.strings.t("status.share_link", url=url)
            document.getElementById("status").textContent = ctl.status

    def _panel_focus(self, panel):
        """A panel is modal: the page behind it is inert while it is open; opening moves the
        focus into it, closing brings the focus back to where it was (the button that opened it)."""
        if panel and not self.open_panel:
            self.opener = document.activeElement
        self.open_panel = panel
        for selector in BEHIND_PANELS:
            element = document.querySelector(selector)
            if not is_none(element):
                element.inert = bool(panel)
        if panel:
            first = document.querySelector(f"#{panel}-panel :is(button, input, summary)")
            if not is_none(first):
                first.focus()
        elif self.opener is not None and not is_none(self.opener) and self.opener.isConnected:
            self.opener.focus()
            self.opener = None

    def _focus_key(self, element):
        active = document.activeElement
        if is_none(active) or not element.contains(active):
            return None
        for name in ("data-card", "data-bid", "data-action", "name"):
            value = _text(active.getAttribute(name))
            if value is not None:
                cards = list(element.querySelectorAll("[data-card]"))
                index = next((i for i, c in enumerate(cards) if c.isSameNode(active)), 0)
                return name, value, _text(active.getAttribute("value")), index
        return None

    def _refocus(self, element, key):
        name, value, extra, index = key
        for candidate in element.querySelectorAll(f"[{name}]"):
            if candidate.getAttribute(name) == value and (extra is None or candidate.getAttribute("value") == extra):
                candidate.focus()
                return
        if name == "data-card":  # the card was played: focus its neighbour
            cards = element.querySelectorAll("[data-card]")
            if cards.length:
                cards.item(min(index, cards.length - 1)).focus()

    def _sync_url(self):
        ctl = self.ctl
        if ctl.confirm:
            return
        params = window.URLSearchParams.new(window.location.search)
        lang = self.strings.language()
        if params.get("game") != str(ctl.game.game) or (params.has("lang") and params.get("lang") != lang):
            params.set("game", str(ctl.game.game))
            if params.has("lang"):
                params.set("lang", lang)
            window.history.replaceState(None, "", "?" + params.toString())

    # --- time ------------------------------------------------------------------------------

    async def pause(self, seconds):
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

    def skip(self):
        if self.skip_event is not None:
            self.skip_event.set()

    async def deal(self, dealer):
        """Cards fly one at a time from the centre to the seats, starting left of the dealer."""
        total = self.timing.deal_total
        if self.early_deal_at is not None:  # js/boot.js is flying the cards already
            began, self.early_deal_at = self.early_deal_at, None
            left = self.early_total - (window.performance.now() - began) / 1000
            if total > 0 and left > 0:
                await self.pause(left)
            else:
                await asyncio.sleep(0)
            document.getElementById("fly").innerHTML = ""
            return
        if total <= 0:
            await asyncio.sleep(0)
            return
        from spades.cards import NUM_CARDS, SEATS
        from spades.rules import first_to_act

        layer = document.getElementById("fly")
        first = first_to_act(dealer)
        fragment = document.createDocumentFragment()
        for i in range(NUM_CARDS):
            card = document.createElement("span")
            card.className = f"fly to-{SEATS[(first + i) % len(SEATS)].name}"
            card.style.setProperty("--i", str(i))
            fragment.appendChild(card)
        layer.appendChild(fragment)
        await self.pause(total)
        layer.innerHTML = ""

    async def gather(self, winner):
        if self.timing.gather <= 0:
            return
        document.getElementById("trick").classList.add(f"gather-{winner.name}")
        await self.pause(self.timing.gather)


def spawn(coroutine):
    async def guarded():
        try:
            await coroutine
        except Exception:
            window.console.error("Пики: " + traceback.format_exc())

    return asyncio.ensure_future(guarded())


def bind(page, ctl):
    from ui import saves  # imported with the controller already

    table = document.body

    def on_click(event):
        target = event.target.closest(CONTROLS)
        if ctl.busy or ctl.running:
            page.skip()
        if is_none(target) or target.disabled:
            return
        action = _text(target.getAttribute("data-action"))
        value = _text(target.getAttribute("data-value"))
        bid = _text(target.getAttribute("data-bid"))
        card = _text(target.getAttribute("data-card"))
        if card is not None:
            action, value = "card", card
        elif bid is not None and action is None:
            action, value = "bid", int(bid)
        if action is not None:
            spawn(ctl.handle(action, value))

    def on_key(event):
        target = event.target
        card = _text(target.getAttribute("data-card")) if target.getAttribute else None
        if card is None:
            return
        cards = list(document.querySelectorAll("#hand [data-card]"))
        index = next((i for i, c in enumerate(cards) if c.isSameNode(target)), 0)
        key = event.key
        moves = {"ArrowLeft": index - 1, "ArrowRight": index + 1, "Home": 0, "End": len(cards) - 1}
        if key in moves:
            event.preventDefault()
            cards[max(0, min(len(cards) - 1, moves[key]))].focus()
        elif key == "Enter":
            event.preventDefault()
            spawn(ctl.handle("play-card", card))

    def on_setting(event):
        target = event.target
        name = _text(target.getAttribute("name"))
        if name in saves.SWITCHES:
            value = bool(target.checked)
        elif name == "target":
            value = int(target.value)
        elif name == "level":
            value = str(target.value)
        else:
            return
        spawn(ctl.handle("setting", (name, value)))

    def on_escape(event):
        if event.key == "Escape" and ctl.panel:
            spawn(ctl.handle("panel", "close"))

    async def open_file(file, into="record"):
        if is_none(file):
            return
        name = _text(file.name) or ""
        try:
            text = str(await file.text())
        except Exception as exc:
            await ctl.handle("open-file", (into, name, None, str(exc), None))
        else:
            await ctl.handle("open-file", (into, name, text, None, None))

    def on_file(event):
        target = event.target
        action = _text(target.getAttribute("data-action"))
        if action not in ("import", "import-stats"):
            return
        files = target.files
        if files.length:
            spawn(open_file(files.item(0), "stats" if action == "import-stats" else "record"))
        target.value = ""

    def on_dragover(event):
        event.preventDefault()

    def on_drop(event):
        event.preventDefault()
        files = event.dataTransfer.files
        if files.length:
            spawn(open_file(files.item(0)))

    listen(table, "click", on_click)
    listen(document.getElementById("tools"), "change", on_file)
    listen(document.getElementById("stats"), "change", on_file)
    listen(document, "dragover", on_dragover)
    listen(document, "drop", on_drop)
    listen(document.getElementById("hand"), "keydown", on_key)
    listen(document.getElementById("settings"), "change", on_setting)
    listen(document, "keydown", on_escape)


def url_params():
    from ui.controller import parse_game_number

    params = window.URLSearchParams.new(window.location.search)
    number = parse_game_number(_text(params.get("game")))
    return number, params.get("fast") == "1", _text(params.get("lang"))


def label_static(t, lang):
    """Static words of index.html come from the catalogue too: [data-i18n] is an element's text,
    [data-i18n-aria] its aria-label; and the document's title and language."""
    for element in document.querySelectorAll("[data-i18n]"):
        element.textContent = t(element.getAttribute("data-i18n"))
    for element in document.querySelectorAll("[data-i18n-aria]"):
        element.setAttribute("aria-label", t(element.getAttribute("data-i18n-aria")))
    document.title = t("page.title")
    document.documentElement.lang = lang


async def start():
    window.piki.stage("engine")
    from ui import controller, render, strings

    number, fast, lang = url_params()
    timing = controller.FAST if fast else controller.Timing()
    if not fast and window.matchMedia("(prefers-reduced-motion: reduce)").matches:
        timing = controller.Timing(timing.bid, timing.play, timing.trick, 0, 0, 0)
    root = document.documentElement.style
    root.setProperty("--deal-step", f"{int(timing.deal_card * 1000)}ms")
    root.setProperty("--deal-flight", f"{int(timing.deal_flight * 1000)}ms")
    root.setProperty("--gather", f"{int(timing.gather * 1000)}ms")

    page = Page(render.regions, timing, strings)
    ctl = controller.Controller(LocalStore(), page, timing)
    page.ctl = ctl
    if lang in strings.LANGUAGES:  # ?lang=en: this language, from now on
        ctl.do_lang(lang)

    think = create_proxy(lambda: ",".join(f"{ms:.1f}" for ms in ctl.think_ms))
    _proxies.append(think)
    window.pikiThinkTimes = think  # for the benchmark: each computer decision in ms

    ctl.start(number)
    bind(page, ctl)
    early = window.piki.earlyDeal
    if not is_none(early):  # «Раздать» was pressed before Python was ready
        if ctl.can_deal:
            page.early_deal_at = float(early)
            page.early_total = controller.Timing().deal_total  # js/boot.js uses the CSS defaults
            spawn(ctl.handle("deal"))
        else:
            document.getElementById("fly").innerHTML = ""
    page.render()
    window.pikiFromSource = " ".join(from_source())
    document.body.dataset.ready = "1"
    spawn(import_later(controller.LATER))
    await ctl.run()


async def import_later(names):
    """What the computer players and the coach need (``ui.controller.LATER``), imported one module
    a turn once the page is ready: a first visit gets ready without them, and has them before the
    first deal asks for them (a module asked for sooner is imported then). A page started from the
    memory snapshot has them all already."""
    for name in names:
        await asyncio.sleep(0)
        importlib.import_module(name)
    window.pikiFromSource = " ".join(from_source())
    document.body.dataset.later = "1"  # for the tests: all imported


def from_source():
    """Modules imported so far that were compiled from source rather than taken precompiled from
    py/stdlib.zip or py/piki.zip (tools/precompile.py): for the tests, which expect none at start."""
    return sorted(name for name, module in list(sys.modules.items())
                  if (getattr(module, "__file__", None) or "").endswith(".py")
                  and getattr(module.__spec__, "origin", None) != "frozen")  # frozen: not compiled


def fail(exc_text):
    window.piki.fail("start.error", exc_text)  # said by js/boot.js in the page's language


async def main():
    try:
        await start()
    except Exception:
        fail(traceback.format_exc())


spawn(main())
