// «Пики» — the loading indicator and the start-up error panel.
//
// Runs before Python: it shows real progress while the runtime downloads and starts, turns any
// start-up failure into words on the page (Russian or English), and registers the service worker (sw.js)
// once the page is ready, so that the next visit works offline.
//
// Progress comes from three real sources:
//   - resource timing entries: each runtime file (wasm, stdlib, …) as it finishes downloading,
//     weighted by its size from build.json (the game's PyScript worker downloads them: our loader,
//     js/pyodide.mjs, reports its entries and js/main.mjs passes them on, window.piki.resource);
//   - that loader, once the interpreter is up (stage "start"), or failing;
//   - the game's Python (py/main.py, py/app.py) saying stage "engine" and setting body[data-ready].
// They reach this file only through window.piki, which js/main.mjs calls for the worker:
// stage(name), fail(text, details), resource(url, status), stopped(details), and onEarlyDeal
// (set by js/main.mjs); `text` may be a key of the tables below ("start"), said in the page's
// language. What this file shares with Python (the painted regions, the storage keys, the inert
// parts, the first deal's order and pace) is js/shared.js's PIKI_SHARED, which the build writes
// from py/ui/shared.py.
//
// Language: the rule of py/app.py and py/ui/saves.py — `?lang=ru|en` in the URL, else `lang` in
// localStorage `spades.settings`, else Russian. Every word this file shows is in SHARED.words.
"use strict";

(function () {
  const SHARED = globalThis.PIKI_SHARED;
  // The saved settings, read once: the language and the table's look come from them.
  function savedSettings() {
    try {
      const settings = JSON.parse(localStorage.getItem(SHARED.storage.settings));
      return settings && typeof settings === "object" ? settings : {};
    } catch (error) {
      return {}; // no storage or unreadable settings: the defaults, as on the Python side
    }
  }
  const SETTINGS = savedSettings();
  function pageLanguage() {
    const known = (lang) => (lang === "ru" || lang === "en" ? lang : null);
    return known(new URLSearchParams(location.search).get("lang")) || known(SETTINGS.lang) || "ru";
  }
  const LANG = pageLanguage();

  // The table's look the settings chose (four colours, large cards, the felt's colour), set on
  // <body> before a saved table is painted, as py/app.py sets it once Python runs: the names and
  // their values are SHARED.look (py/ui/shared.py).
  for (const [name, values] of Object.entries(SHARED.look)) {
    if (values.includes(SETTINGS[name])) document.body.dataset[name] = SETTINGS[name];
  }
  // Every word this file shows: the "boot.*" entries of the page's catalogue (py/ui/strings.py,
  // one per language), which the build writes into js/shared.js.
  const T = SHARED.words[LANG] || SHARED.words.ru;
  const fill = (template, params) => template.replace(/\{(\w+)\}/g, (blank, name) => String(params[name]));
  document.documentElement.lang = LANG;

  const STAGES = {
    download: { from: 0, to: 70 },
    start: { from: 70, to: 90 },
    engine: { from: 90, to: 99 },
    ready: { from: 100, to: 100 },
  };

  const $ = (id) => document.getElementById(id);
  let stage = "download";
  let failed = false;
  let runtimeTotal = 0;
  let runtimeDone = 0;
  const runtimeSizes = new Map(); // path under the site -> bytes
  const seen = new Set();

  function show(name, fraction) {
    if (failed) return;
    const s = STAGES[name];
    const bar = $("load-bar");
    const label = $("load-stage");
    if (!bar || !label) return;
    const value = s.from + (s.to - s.from) * Math.max(0, Math.min(1, fraction || 0));
    if (value >= Number(bar.value)) bar.value = value;
    let text = T[name];
    if (name === "download" && runtimeTotal) {
      const mb = (n) => (n / 1048576).toFixed(1).replace(".", T.decimal);
      text += fill(T.size, { done: mb(runtimeDone), total: mb(runtimeTotal) });
    }
    // over a table painted from the last visit: say it is a moment, and what is being done
    const moment = document.body.dataset.painted === "1" && name !== "ready" ? T.moment + " " : "";
    label.textContent = moment + text + (name === "ready" ? "" : "…");
    document.body.dataset.stage = name;
  }

  function advance(name, fraction) {
    const order = Object.keys(STAGES);
    if (order.indexOf(name) < order.indexOf(stage)) return;
    if (name !== stage) watchSlow();
    stage = name;
    show(name, fraction);
  }

  // Runtime download: count each vendored file as it arrives. A runtime or Python file that the
  // server refused stops the start (Pyodide itself would only log a warning and wait forever).
  const ESSENTIAL = /\/(vendor|py|js)\//;
  function onResource(entry) {
    resource(entry.name, entry.responseStatus);
  }

  // a file downloaded, by the page or by the game's worker (js/main.mjs passes the worker's on)
  function resource(name, status) {
    const url = new URL(name, location.href);
    const path = url.pathname;
    if (status >= 400 && url.origin === location.origin && ESSENTIAL.test(path)) {
      fail(fill(T["file.status"], { status }), path);
      return;
    }
    for (const [file, size] of runtimeSizes) {
      if (path.endsWith("/" + file) && !seen.has(file)) {
        seen.add(file);
        runtimeDone += size;
      }
    }
    if (stage !== "download") return;
    // All downloaded: what follows (compiling and starting the interpreter) is the "start" stage.
    if (runtimeTotal && runtimeDone >= runtimeTotal) advance("start", 0);
    else show("download", runtimeTotal ? runtimeDone / runtimeTotal : 0);
  }

  // the worker's downloads (a refused one stops the start at once; counted once build.json is read)
  const workerFiles = [];

  function watchDownloads() {
    if (!("PerformanceObserver" in window)) return;
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(onResource));
    observer.observe({ type: "resource", buffered: true });
  }

  fetch("build.json")
    .then((r) => (r.ok ? r.json() : null))
    .then((info) => {
      if (!info || !info.runtime) return;
      for (const [file, size] of Object.entries(info.runtime)) {
        runtimeSizes.set(file, size);
        runtimeTotal += size;
      }
      performance.getEntriesByType("resource").forEach(onResource);
      workerFiles.forEach(([name, status]) => resource(name, status)); // counted once (seen)
    })
    .catch(() => {})
    .finally(watchDownloads);

  // Start-up failures, shown in words.
  function fail(text, details) {
    if (document.body.dataset.ready === "1") return;
    failed = true;
    showError(T["error.title"], text, details);
  }

  // The error panel: a failed start (fail), or the game's interpreter broken after it (stopped).
  function showError(title, text, details) {
    document.body.dataset.stage = "error";
    const loading = $("loading");
    if (loading) loading.hidden = true;
    const deal = $("deal");
    if (deal) deal.hidden = true; // the game will not go on: nothing to deal
    const fly = $("fly");
    if (fly) fly.innerHTML = "";
    const panel = $("boot-error");
    if (!panel) return;
    panel.querySelector("h2").textContent = title;
    $("boot-error-text").textContent = text;
    $("boot-error-details").textContent = details || "";
    panel.hidden = false;
    freeErrorPanel(panel);
  }

  // The error panel sits in the table, which is inert while a returning player's saved table is
  // painted (INERT): it must take clicks (its details, the reload button) while the painted cards
  // and buttons still take none.
  function freeErrorPanel(panel) {
    const table = $("table");
    if (!table || !table.inert || !table.contains(panel)) return;
    table.inert = false;
    for (const part of table.querySelectorAll(":scope > *, #centre > *")) {
      if (!part.contains(panel)) part.inert = true;
    }
  }

  addEventListener("error", (event) => {
    if (event.target && event.target !== window && event.target.src) {
      fail(T.file, event.target.src);
    } else if (event.message) {
      fail(T["start.error"], event.message);
    }
  }, true);
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail(T.runtime, String((reason && (reason.stack || reason.message)) || reason));
  });

  // Readiness: the controller sets body[data-ready="1"]; then cache the build for offline use.
  // A start that seems stuck: say so, without giving up (a slow device may still get there).
  let slowTimer = null;
  function watchSlow() {
    clearTimeout(slowTimer);
    slowTimer = setTimeout(() => {
      const label = $("load-stage");
      if (label && !failed && document.body.dataset.ready !== "1") {
        label.textContent += T.slow;
      }
    }, 60000);
  }

  // The table as Python rendered it last time (py/app.py keeps it in localStorage), painted at once
  // for a returning player; inert until Python is ready, when Python renders every region anew.
  const PAINTED = SHARED.painted;
  const INERT = SHARED.inert.painted;
  function paintSaved() {
    let saved = null;
    try {
      const text = localStorage.getItem(SHARED.storage.painted);
      if (!text || text.length > 300000) return;
      saved = JSON.parse(text);
    } catch (error) {
      return; // no storage, or not our text: nothing to paint
    }
    if (!saved || saved.v !== 1 || typeof saved.html !== "object" || saved.html === null) return;
    for (const id of PAINTED) {
      const element = $(id);
      const html = saved.html[id];
      if (element && typeof html === "string") element.innerHTML = html;
    }
    const status = $("status");
    if (status && typeof saved.status === "string") status.textContent = saved.status;
    for (const selector of INERT) {
      const element = document.querySelector(selector);
      if (element) element.inert = true;
    }
    document.body.dataset.painted = "1";
  }

  // «Раздать» answers at once for a new game, before Python is ready: the cards fly (card backs,
  // no card is known yet) and py/app.py deals when it starts (window.piki.earlyDeal is when the
  // button was pressed). The first hand's dealer's left gets the first card: SHARED.firstDeal
  // holds each card's seat, by the table the settings chose (none at two: py/ui/shared.py).
  const FIRST_DEAL_ORDER = SHARED.firstDeal[SETTINGS.table] || SHARED.firstDeal.partners;
  function onEarlyClick(event) {
    if (document.body.dataset.ready === "1" || document.body.dataset.painted === "1") return;
    const button = event.target.closest && event.target.closest('#panel [data-action="deal"]');
    if (!button) return;
    event.stopPropagation();
    if (window.piki.earlyDeal !== null) return; // pressed already: one deal
    window.piki.earlyDeal = performance.now();
    // the page has called the game's start already (js/main.mjs): it is told, and deals once ready
    if (window.piki.onEarlyDeal) window.piki.onEarlyDeal(window.piki.earlyDeal);
    button.disabled = true;
    const layer = $("fly");
    if (layer) {
      for (let i = 0; i < FIRST_DEAL_ORDER.length; i++) {
        const card = document.createElement("span");
        card.className = "fly to-" + FIRST_DEAL_ORDER[i];
        card.style.setProperty("--i", String(i));
        layer.appendChild(card);
      }
    }
    const status = $("status");
    if (status) status.textContent = T.dealing;
  }

  function onReady() {
    clearTimeout(slowTimer);
    if (document.body.dataset.painted === "1") {
      for (const selector of INERT) {
        const element = document.querySelector(selector);
        if (element) element.inert = false;
      }
      delete document.body.dataset.painted;
    }
    advance("ready", 1);
    const loading = $("loading");
    if (loading) loading.hidden = true;
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.addEventListener("message", (event) => {
        const data = event.data || {};
        if (data.piki === "build refused") {
          console.warn("Пики: new build " + data.build + " not installed; this one stays:", data.reason);
        }
      });
      navigator.serviceWorker.startMessages();
      navigator.serviceWorker.register("sw.js")
        .then(() => navigator.serviceWorker.ready)
        .then(whenControlled(makeSnapshot))
        .catch((error) => {
          console.warn("Пики: service worker not registered:", error);
        });
    }
  }

  function whenControlled(then) {
    return () => {
      if (navigator.serviceWorker.controller) return then();
      navigator.serviceWorker.addEventListener("controllerchange", then, { once: true });
    };
  }

  // The memory snapshot for the next visits (js/snapshot.mjs), made by a worker once the service
  // worker serves this build (so the worker's files come from its cache): when the page's loader
  // found none or refused one (js/pyodide.mjs; the benchmark's stock-runtime pages say nothing),
  // and where a module worker and the Cache API exist.
  function makeSnapshot() {
    const state = document.body.dataset.snapshot;
    if (state !== "none" && state !== "refused") return;
    if (typeof Worker === "undefined" || !("caches" in window)) return;
    let worker;
    try {
      worker = new Worker("js/snapshot-worker.mjs", { type: "module" });
    } catch (error) {
      return console.warn("Пики: no memory snapshot:", error);
    }
    const done = (result) => {
      worker.terminate();
      if (result.startsWith("made")) document.body.dataset.snapshot = "made";
      if (result !== "made" && result !== "kept") console.warn("Пики: memory snapshot:", result);
    };
    worker.onmessage = (event) => done(String(event.data));
    worker.onerror = (event) => done("failed: " + (event.message || "the worker stopped"));
  }

  function watchReady() {
    if (document.body.dataset.ready === "1") return onReady();
    const observer = new MutationObserver(() => {
      if (document.body.dataset.ready === "1") {
        observer.disconnect();
        onReady();
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }

  window.piki = {
    earlyDeal: null,
    onEarlyDeal: null,
    resource: (name, status) => {
      workerFiles.push([name, status]);
      resource(name, status);
    },
    stage: (name) => advance(name in STAGES ? name : stage, 0),
    fail: (text, details) => {
      const said = typeof T[text] === "string" ? T[text] : String(text);
      fail(said, details ? String(details) : "");
    },
    // the game's worker failed after ready (its interpreter broke): nothing will answer any more
    stopped: (details) => {
      if (document.body.dataset.stage === "error") return;
      for (const selector of INERT) {
        const element = document.querySelector(selector);
        if (element) element.inert = true; // nothing answers any more: the table takes no clicks
      }
      showError(T["stopped.title"], T.stopped, details ? String(details) : "");
      const retry = $("boot-retry");
      if (retry) retry.focus();
    },
  };

  // The static words of the loading indicator and the error panel (index.html has them in Russian).
  function labelStatic() {
    const set = (element, text) => { if (element) element.textContent = text; };
    set($("load-stage"), T.loading);
    const panel = $("boot-error");
    if (!panel) return;
    set(panel.querySelector("h2"), T["error.title"]);
    set(panel.querySelector("summary"), T["error.details"]);
    set($("boot-retry"), T["error.retry"]);
    set($("deal"), T.deal);
  }

  document.addEventListener("click", onEarlyClick, true);
  // the deal's and the gather's pace, as Python's controller has them (py/app.py sets them again
  // for ?fast=1 and reduced motion)
  for (const [name, ms] of Object.entries(SHARED.timing)) {
    document.documentElement.style.setProperty(name, ms + "ms");
  }

  document.addEventListener("DOMContentLoaded", () => {
    paintSaved();
    labelStatic();
    show("download", 0);
    watchSlow();
    watchReady();
    const retry = $("boot-retry");
    if (retry) retry.addEventListener("click", () => location.reload());
  });
})();
