// «Пики» — the page's side of the game, under PyScript: the DOM work the game's Python asks for,
// and the player's taps, keys and files handed to it.
//
// PyScript runs the game's Python in a worker (index.html: <script type="py" worker name="game">,
// py/main.py and py/app.py), so that the runtime's start and a computer player's thinking never
// hold up this thread. The worker has no DOM of its own (SharedArrayBuffer, which would lend it
// the page's, needs headers a static host does not send), so the two talk through PyScript's calls
// on `xworker.sync`, both ways (README, The site: "Under PyScript"):
//   - the page -> Python: the functions py/main.py exports (`__export__`): `start` once the worker
//     is ready, then `tap`, `enter`, `setting`, `escape`, `opened`, `early_deal`, `storage_changed`,
//     `refused`, `copy_refused` from the event handlers below (listen);
//   - Python -> the page: `ops` (the DOM work of one turn, applied in order: OPS), which this file
//     puts on the worker's `xworker.sync` (attach) before it calls `start`.
// Nothing here decides anything of the game: the HTML, the words, what is stored and when all come
// from Python. js/boot.js (window.piki) owns the loading indicator and the error panel; our loader
// (js/pyodide.mjs, in the worker) reports its progress as the worker's plain messages ({piki}).
import { hooks } from "../vendor/pyscript/core.js";
import * as snapshot from "./snapshot.mjs";

const piki = window.piki;
const SHARED = globalThis.PIKI_SHARED;
const $ = (id) => document.getElementById(id);
// what a click may act on: buttons only (seat boxes and trick cards carry data too, for tests)
const CONTROLS = "button[data-action], button[data-bid], button[data-card]";

let game = null; // the worker's exported functions (its xworker.sync), once `start` was called
const thinkTimes = []; // each computer decision's time in ms, as Python tells them (op think)
let fileBytes = Infinity; // the largest file worth reading (start's answer)
let interpreter = false; // the loader said the interpreter is up: a failure now is Python's
window.pikiThinkTimes = () => thinkTimes.join(","); // for the benchmark (bench/table.py)
window.pikiProbe = () => (game ? game.probe() : Promise.resolve(null)); // for the tests (app.probe)

const ready = () => document.body.dataset.ready === "1";
/** The player's local date, YYYY-MM-DD: the day of «Сдача дня» (py/ui/daily.py). */
const today = () => {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
};
const text = (error) => String((error && (error.message || error.stack)) || error);

/** Call one of the game's exported functions; a call that fails after the start means the game's
 * interpreter is broken (nothing will answer any more): the table stops, said in words. */
function call(name, ...args) {
  if (!game) return;
  game[name](...args).catch((error) => piki.stopped(text(error)));
}

// --- the keyboard focus across a region's new HTML, and the modal panels -------------------------

/** What is focused inside `element`, to find it again in its new HTML. */
function focusKey(element) {
  const active = document.activeElement;
  if (!active || !element.contains(active)) return null;
  for (const name of ["data-card", "data-bid", "data-action", "name"]) {
    const value = active.getAttribute(name);
    if (value !== null) {
      const cards = Array.from(element.querySelectorAll("[data-card]"));
      return { name, value, extra: active.getAttribute("value"), index: Math.max(0, cards.indexOf(active)) };
    }
  }
  return null;
}

function refocus(element, key) {
  for (const candidate of element.querySelectorAll(`[${key.name}]`)) {
    if (candidate.getAttribute(key.name) === key.value &&
        (key.extra === null || candidate.getAttribute("value") === key.extra)) {
      candidate.focus();
      return;
    }
  }
  if (key.name === "data-card") { // the card was played: focus its neighbour
    const cards = element.querySelectorAll("[data-card]");
    if (cards.length) cards[Math.min(key.index, cards.length - 1)].focus();
  }
}

/** Put `html` in `element`, keeping in place every node the new HTML has unchanged: a button
 * under the pointer or the keyboard stays the same element when only a line near it changed (the
 * bid panel drawn again with the Nil's chance). A node whose own attributes changed is replaced
 * whole, as every node was before; where the children's number changed, all of them are. */
function patch(element, html) {
  const fresh = element.cloneNode(false);
  fresh.innerHTML = html;
  keepSame(element, fresh);
}

function sameShell(a, b) {
  if (a.nodeType !== Node.ELEMENT_NODE || b.nodeType !== Node.ELEMENT_NODE || a.tagName !== b.tagName ||
      a.attributes.length !== b.attributes.length) return false;
  return Array.from(a.attributes).every(({ name, value }) => b.getAttribute(name) === value);
}

function keepSame(old, fresh) {
  const before = Array.from(old.childNodes);
  const after = Array.from(fresh.childNodes);
  if (before.length !== after.length) {
    old.replaceChildren(...after);
    return;
  }
  before.forEach((node, i) => {
    if (node.isEqualNode(after[i])) return;
    if (sameShell(node, after[i])) keepSame(node, after[i]);
    else old.replaceChild(after[i], node);
  });
}

let openPanel = null;
let opener = null; // the element focused before a panel opened: focus goes back to it

/** A panel is modal: the page behind it is inert while it is open; opening moves the focus into
 * it, closing brings the focus back to where it was (the button that opened it). */
function panelFocus(panel) {
  if (panel && !openPanel) opener = document.activeElement;
  openPanel = panel;
  for (const selector of SHARED.inert.panels) {
    const element = document.querySelector(selector);
    if (element) element.inert = !!panel;
  }
  if (panel) {
    const first = document.querySelector(`#${panel}-panel :is(button, input, summary)`);
    if (first) first.focus();
  } else if (opener && opener.isConnected) {
    opener.focus();
    opener = null;
  }
}

// --- the table's sounds: short files of the site (tools/sounds.py), played by <audio> elements ------
// (the Web Audio API's first AudioContext would cost the main thread about 0.1 s)

const sounds = new Map(); // name -> its <audio>, made at its first play

/** Play what happened (py/ui/play.py SOUNDS), one after another; a refused play is silence. */
function sound(names) {
  names.forEach((name, k) => {
    setTimeout(() => {
      let element = sounds.get(name);
      if (!element) {
        element = new Audio(`sound/${name}.wav`);
        sounds.set(name, element);
      }
      element.currentTime = 0;
      element.play().catch(() => {}); // no sound before the player's first click, or none at all
    }, 90 * k);
  });
}

/** The trick's cards by name. A render that adds one card to those shown flies it in from its
 * seat: a transform animation (the Web Animations API: the DOM stays Python's HTML), from where
 * the CSS puts the seat (`--from`), at the gather's pace (`--gather`, zero with ?fast=1); none
 * under prefers-reduced-motion. Any other change (the trick gathered, the last trick shown, a
 * reload's repaint) moves nothing. */
const trickCards = (element) => [...element.querySelectorAll("[data-trick-card]")];
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

function flyIn(element, before) {
  const now = trickCards(element);
  const added = now.filter((card) => !before.includes(card.dataset.trickCard));
  if (added.length !== 1 || now.length !== before.length + 1 || reducedMotion.matches) return;
  const ms = parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--gather")) || 0;
  const from = getComputedStyle(added[0]).getPropertyValue("--from").trim();
  if (ms <= 0 || !from) return;
  added[0].animate([{ transform: `translate(${from}) scale(0.7)` }, { transform: "none" }],
    { duration: ms, easing: "ease-out" });
}

// --- what Python asks of the page -----------------------------------------------------------------

const OPS = {
  html(id, html) {
    const element = $(id);
    if (!element) return;
    const focus = focusKey(element);
    const shown = id === "trick" ? trickCards(element).map((card) => card.dataset.trickCard) : null;
    patch(element, html);
    if (shown) flyIn(element, shown);
    if (focus) refocus(element, focus);
  },
  panel(name, all, focus) {
    for (const each of all) {
      const element = $(`${each}-panel`);
      if (element) element.hidden = each !== name;
    }
    if (focus) panelFocus(name);
  },
  class(id, name) {
    const element = $(id);
    if (element) element.className = name;
  },
  "add-class"(id, name) {
    const element = $(id);
    if (element) element.classList.add(name);
  },
  data(values) {
    Object.assign(document.body.dataset, values);
  },
  url(pairs) {
    history.replaceState(null, "", "?" + new URLSearchParams(pairs).toString());
  },
  download(name, text) {
    const link = document.createElement("a");
    link.href = "data:application/json;charset=utf-8," + encodeURIComponent(text);
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  },
  sound(names) {
    sound(names);
  },
  copy(url) {
    const refuse = () => call("copy_refused", url);
    try {
      navigator.clipboard.writeText(url).catch(refuse);
    } catch (error) {
      refuse();
    }
  },
  fly(classes) {
    const layer = $("fly");
    if (!layer) return;
    layer.innerHTML = "";
    const fragment = document.createDocumentFragment();
    classes.forEach((name, i) => {
      const card = document.createElement("span");
      card.className = name;
      card.style.setProperty("--i", String(i));
      fragment.appendChild(card);
    });
    layer.appendChild(fragment);
  },
  label(texts, arias, title, lang) {
    for (const element of document.querySelectorAll("[data-i18n]")) {
      const text = texts[element.getAttribute("data-i18n")];
      if (typeof text === "string") element.textContent = text;
    }
    for (const element of document.querySelectorAll("[data-i18n-aria]")) {
      const text = arias[element.getAttribute("data-i18n-aria")];
      if (typeof text === "string") element.setAttribute("aria-label", text);
    }
    document.title = title;
    document.documentElement.lang = lang;
  },
  style(properties) {
    for (const [name, value] of Object.entries(properties)) document.documentElement.style.setProperty(name, value);
  },
  think(times) {
    thinkTimes.push(...times); // only the new ones: the list is not sent again after each decision
  },
  error(text) {
    console.error(text);
  },
};

/** One batch of ops, in order. A storage write refused for want of room is tried again at the
 * end, unless the batch wrote that key again (a later write may have made room: the damaged save
 * moved aside, then the game's key emptied); what still does not fit is told to Python, which
 * says it in the notice (a quiet write, the painted table, is only dropped). */
function apply(ops) {
  const unknown = ops.find(([name]) => name !== "store" && !Object.hasOwn(OPS, name));
  if (unknown) throw new Error(`Пики: Python asked the page for an unknown op "${unknown[0]}"`);
  const refused = []; // [key, value, quiet, at] of the writes refused
  ops.forEach((op, at) => {
    const [name, ...args] = op;
    if (name === "store") {
      if (!store(...args)) refused.push([...args, at]);
    } else {
      OPS[name](...args);
    }
  });
  for (const [key, value, quiet, at] of refused) {
    if (ops.some((op, i) => i > at && op[0] === "store" && op[1] === key)) continue; // written again
    if (store(key, value) || quiet) continue;
    let held = null;
    try {
      held = localStorage.getItem(key);
    } catch (error) {
      // no storage at all: Python forgets the key
    }
    call("refused", key, held);
  }
}

/** One storage write: did the browser take it? */
function store(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch (error) {
    return false;
  }
}

// --- the start ------------------------------------------------------------------------------------

/** What the controller needs from the page to start (py/app.py's `start`). */
function begun() {
  const labels = {
    text: Array.from(document.querySelectorAll("[data-i18n]"), (e) => e.getAttribute("data-i18n")),
    aria: Array.from(document.querySelectorAll("[data-i18n-aria]"), (e) => e.getAttribute("data-i18n-aria")),
  };
  const storage = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && key.startsWith(SHARED.storage.prefix)) storage[key] = localStorage.getItem(key);
    }
  } catch (error) {
    console.warn("Пики: no storage:", error); // the game plays, keeping nothing
  }
  return {
    query: Array.from(new URLSearchParams(location.search)), base: location.origin + location.pathname,
    labels, storage, early: piki.earlyDeal === null ? null : performance.now() - piki.earlyDeal, today: today(),
    reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
  };
}

/** PyScript ran py/main.py: its exported functions are on `sync`. Start the game. */
async function start(sync) {
  game = sync;
  // what another tab writes from now on: the worker's copy stays current
  addEventListener("storage", (e) => {
    if (e.storageArea !== localStorage || (e.key !== null && !e.key.startsWith(SHARED.storage.prefix))) return;
    call("storage_changed", e.key, e.newValue);
  });
  // «Раздать» pressed after this call and before ready: told on its own
  piki.onEarlyDeal = (at) => call("early_deal", performance.now() - at);
  let limits;
  try {
    limits = await sync.start(begun());
  } catch (error) {
    return failed(error);
  }
  if (limits && Number.isFinite(limits.fileBytes)) fileBytes = limits.fileBytes;
}

/** The start failed. After a memory snapshot was restored, the snapshot is the likely cause: it is
 * spoiled (js/snapshot.mjs) and the page starts once more, without it; otherwise, said in words. */
async function failed(error) {
  game = null;
  if (document.body.dataset.snapshot === "used" && !ready()) {
    try {
      await snapshot.spoil(text(error));
      location.reload();
      return;
    } catch (spoilError) {
      console.warn("Пики: the snapshot could not be dropped:", spoilError);
    }
  }
  if (ready()) piki.stopped(text(error));
  else piki.fail(interpreter ? "python" : "runtime", text(error));
}

/** What our loader (js/pyodide.mjs) says from the worker while the interpreter starts. */
function heard(message) {
  if (!message || typeof message !== "object") return;
  if (message.resources) message.resources.forEach(([url, status]) => piki.resource(url, status));
  if (message.interpreter) {
    interpreter = true;
    performance.mark("piki:interpreter"); // the interpreter is up (bench/page.py)
    piki.stage("start");
  }
  if (typeof message.snapshot === "string") document.body.dataset.snapshot = message.snapshot;
  if (message.stage === "engine") piki.stage("engine"); // py/main.py: the game's modules import
}

const attached = new WeakSet();

/** The game's worker (PyScript's xworker): the page's `ops` on its `sync`, its plain messages and
 * its failures heard, and Python's `start` called once PyScript says it is ready. Python calls the
 * page only after that call (py/main.py's stage is a plain message), so nothing it asks for can
 * arrive before this; attaching twice does nothing. */
function attach(xworker) {
  if (attached.has(xworker)) return;
  attached.add(xworker);
  xworker.sync.ops = apply;
  xworker.addEventListener("message", (event) => {
    if (event.data && event.data.piki) heard(event.data.piki);
  });
  // PyScript's worker reports its failures (the loader's, the game's import) here, and so does
  // the browser for an error thrown in it
  xworker.onerror = (event) => {
    if (event.preventDefault) event.preventDefault();
    failed(event.error || event.message || "the game's worker stopped");
  };
  xworker.ready.then(() => start(xworker.sync), () => {}); // a failure: onerror
}

// PyScript's hook: the game's worker is created (the page's one <script type="py" worker>). PyScript
// may create it before this module runs (a module that arrives late: its core does not wait for
// it); the worker is then on the tag already (polyscript's `xworker` property), and the hook, read
// by PyScript as it creates a worker, never hears of it. Either way the page attaches once.
hooks.main.onWorker.add((_, xworker) => attach(xworker));
const made = document.querySelector('script[type="py"][worker]');
if (made && made.xworker) attach(made.xworker);

// --- what the player does (handed over once the game is ready; before it, only «Раздать» answers,
// js/boot.js) ----------------------------------------------------------------------------------------

function listen() {
  document.body.addEventListener("click", (e) => {
    if (!ready()) return;
    const target = e.target.closest(CONTROLS);
    const hit = target && !target.disabled;
    const attribute = (name) => (hit ? target.getAttribute(name) : null);
    call("tap", attribute("data-action"), attribute("data-value"), attribute("data-bid"), attribute("data-card"),
      today());
  });
  $("hand").addEventListener("keydown", (e) => {
    const target = e.target;
    const card = target.getAttribute ? target.getAttribute("data-card") : null;
    if (card === null || !ready()) return;
    const cards = Array.from(document.querySelectorAll("#hand [data-card]"));
    const index = Math.max(0, cards.indexOf(target));
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: cards.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      cards[Math.max(0, Math.min(cards.length - 1, moves[e.key]))].focus();
    } else if (e.key === "Enter") {
      e.preventDefault();
      call("enter", card);
    }
  });
  $("settings").addEventListener("change", (e) => {
    const target = e.target;
    if (!ready() || !target.getAttribute("name")) return;
    call("setting", target.getAttribute("name"), !!target.checked, String(target.value));
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ready()) call("escape");
  });
  const open = async (file, action) => {
    const name = String(file.name || "");
    if (file.size > fileBytes) { // larger than any record: not read (Python says so in words)
      call("opened", action, name, null, null, file.size);
      return;
    }
    try {
      call("opened", action, name, await file.text(), null, null);
    } catch (error) {
      call("opened", action, name, null, String(error), null);
    }
  };
  const onFile = (e) => {
    const target = e.target;
    if (target.type !== "file") return;
    if (ready() && target.files && target.files.length) open(target.files[0], target.getAttribute("data-action"));
    target.value = "";
  };
  $("tools").addEventListener("change", onFile);
  $("stats").addEventListener("change", onFile);
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    const files = e.dataTransfer && e.dataTransfer.files;
    if (ready() && files && files.length) open(files[0], "import");
  });
}

listen();
