// «Пики» — the page's side of the game: starts the game's worker (js/worker.mjs: the interpreter
// and the controller, py/app.py) and carries out the DOM work it asks for; sends it what the
// player does.
//
// The page's one module script, after js/boot.js (the loading indicator and the error panel,
// window.piki). Python runs in the worker, so that the runtime's start and a computer player's
// thinking never hold up this thread (README, The site: "The game's worker"). Nothing here decides
// anything of the game: the HTML, the words, what is stored and when all come from Python; this
// file only applies them (OPS) and reports the player's taps, keys and files (listen).
//
// Every message is one JSON text. From the worker: {"ops": [[name, ...args], ...]}, {"stage"},
// {"fail"}, {"interpreter"}, {"resources"}; to it: {"start": {...}} (asked for by the op "ask")
// and {"event": {...}}.

const piki = window.piki;
const $ = (id) => document.getElementById(id);
// what a click may act on: buttons only (seat boxes and trick cards carry data too, for tests)
const CONTROLS = "button[data-action], button[data-bid], button[data-card]";
const BEHIND_PANELS = [".bar", "#tools", "#notice", "#table", "#status"]; // inert while a panel is open

let worker = null;
let thinkTimes = "";
let fileBytes = Infinity; // the largest file worth reading, from the worker (ask)
window.pikiThinkTimes = () => thinkTimes; // for the benchmark: each computer decision in ms

const ready = () => document.body.dataset.ready === "1";
const send = (message) => worker.postMessage(JSON.stringify(message));
const event = (data) => send({ event: data });

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

let openPanel = null;
let opener = null; // the element focused before a panel opened: focus goes back to it

/** A panel is modal: the page behind it is inert while it is open; opening moves the focus into
 * it, closing brings the focus back to where it was (the button that opened it). */
function panelFocus(panel) {
  if (panel && !openPanel) opener = document.activeElement;
  openPanel = panel;
  for (const selector of BEHIND_PANELS) {
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

// --- what the worker asks for ---------------------------------------------------------------------

const OPS = {
  ask(limits) {
    if (limits && Number.isFinite(limits.fileBytes)) fileBytes = limits.fileBytes;
    const labels = {
      text: Array.from(document.querySelectorAll("[data-i18n]"), (e) => e.getAttribute("data-i18n")),
      aria: Array.from(document.querySelectorAll("[data-i18n-aria]"), (e) => e.getAttribute("data-i18n-aria")),
    };
    const storage = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key !== null && key.startsWith("spades.")) storage[key] = localStorage.getItem(key);
      }
    } catch (error) {
      console.warn("Пики: no storage:", error); // the game plays, keeping nothing
    }
    // what another tab writes from now on: the worker's copy stays current
    addEventListener("storage", (e) => {
      if (e.storageArea !== localStorage || (e.key !== null && !e.key.startsWith("spades."))) return;
      event({ type: "storage", key: e.key, value: e.newValue });
    });
    const early = piki.earlyDeal === null ? null : performance.now() - piki.earlyDeal;
    // «Раздать» pressed after this answer and before ready: told as an event
    piki.onEarlyDeal = (at) => event({ type: "early-deal", early: performance.now() - at });
    send({ start: {
      query: Array.from(new URLSearchParams(location.search)), base: location.origin + location.pathname,
      labels, storage, early,
      reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    } });
  },
  html(id, html) {
    const element = $(id);
    if (!element) return;
    const focus = focusKey(element);
    element.innerHTML = html;
    if (focus) refocus(element, focus);
  },
  text(id, text) {
    const element = $(id);
    if (element && element.textContent !== text) element.textContent = text;
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
  copy(url) {
    const refuse = () => event({ type: "copy-refused", url });
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
  think(text) {
    thinkTimes = text;
  },
  global(name, value) {
    window[name] = value; // for the tests: pikiFromSource
  },
  error(text) {
    console.error(text);
  },
  stage(name) {
    piki.stage(name);
  },
  fail(key, details) {
    piki.fail(key, details);
  },
};

/** One batch of ops, in order. A storage write refused for want of room is tried again at the
 * end, unless the batch wrote that key again (a later write may have made room: the damaged save
 * moved aside, then the game's key emptied); what still does not fit is told to Python, which
 * says it in the notice (a quiet write, the painted table, is only dropped). */
function apply(ops) {
  const refused = []; // [key, value, quiet, at] of the writes refused
  ops.forEach((op, at) => {
    const [name, ...args] = op;
    if (name === "store") {
      if (!store(...args)) refused.push([...args, at]);
    } else if (Object.hasOwn(OPS, name)) {
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
    event({ type: "refused", key, value: held });
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

function receive(message) {
  let data;
  try {
    data = JSON.parse(message.data);
  } catch (error) {
    return;
  }
  if (data.resources) data.resources.forEach(([url, status]) => piki.resource(url, status));
  if (data.interpreter) performance.mark("piki:interpreter"); // the interpreter is up (bench/page.py)
  if (data.ops) apply(data.ops);
  if (data.stage) piki.stage(data.stage);
  if (data.fail) piki.fail(data.fail[0], data.fail[1]);
}

// --- what the player does (sent once the game is ready; before it, only «Раздать» answers, js/boot.js)

function listen() {
  document.body.addEventListener("click", (e) => {
    if (!ready()) return;
    const target = e.target.closest(CONTROLS);
    const control = target && !target.disabled ? {
      action: target.getAttribute("data-action"), value: target.getAttribute("data-value"),
      bid: target.getAttribute("data-bid"), card: target.getAttribute("data-card"),
    } : null;
    event({ type: "tap", control });
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
      event({ type: "enter", card });
    }
  });
  $("settings").addEventListener("change", (e) => {
    const target = e.target;
    if (!ready() || !target.getAttribute("name")) return;
    event({ type: "setting", name: target.getAttribute("name"), checked: !!target.checked,
            value: String(target.value) });
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ready()) event({ type: "escape" });
  });
  const open = async (file, action) => {
    const name = String(file.name || "");
    if (file.size > fileBytes) { // larger than any record: not read (the worker says so in words)
      event({ type: "file", action, name, text: null, size: file.size });
      return;
    }
    try {
      event({ type: "file", action, name, text: await file.text() });
    } catch (error) {
      event({ type: "file", action, name, text: null, error: String(error) });
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

try {
  worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = receive;
  worker.onerror = (e) => {
    e.preventDefault();
    const details = (e.message || "the game's worker stopped") + (e.filename ? " (" + e.filename + ")" : "");
    if (ready()) piki.stopped(details); // after the start: the table stops, said in words
    else piki.fail("runtime", details);
  };
  listen();
} catch (error) {
  piki.fail("runtime", String((error && (error.message || error.stack)) || error));
}
