// «Пики» — the game's worker: the interpreter (js/pyodide.mjs) and the controller (py/app.py) run
// here, off the page's main thread, so that neither the runtime's start (CPython's
// initialisation or the snapshot's restore, one task of up to a second) nor a computer player's
// thinking ever holds up the page: a tap, a key or an animation is answered while Python works.
//
// js/main.mjs starts this worker and carries out what the controller asks of the page. Every
// message either way is one JSON text (README, The site: "The game's worker"):
//   worker -> page: {"ops": [[name, ...args], ...]} (py/app.py: the DOM work of one turn), and
//     from this file {"stage": name}, {"fail": [key, details]}, {"interpreter": true},
//     {"resources": [[url, status], ...]} (its downloads, for the loading indicator);
//   page -> worker: {"event": {...}} (a click, a key, a setting, a file…) and {"start": {...}}
//     (what the controller needs from the page to start: the address, the storage, …).
import { loadPyodide } from "./pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

const post = (message) => postMessage(JSON.stringify(message));

// the worker's own downloads are in the worker's resource timing, not the page's: the page's
// loading indicator counts them (js/boot.js) and stops the start at a refused file
if (typeof PerformanceObserver !== "undefined") {
  const send = (entries) => post({ resources: entries.map((e) => [e.name, e.responseStatus || 0]) });
  send(performance.getEntriesByType("resource"));
  new PerformanceObserver((list) => send(list.getEntries())).observe({ type: "resource" });
}

try {
  const pyodide = await loadPyodide();
  post({ interpreter: true, stage: "start", ops: [["data", { snapshot: snapshot.state() }]] });
  // imported as a module, not run as source: nothing to parse and compile at start-up
  pyodide.pyimport("app").destroy();
} catch (error) {
  // a Python exception (PythonError has its type) or the runtime's own failure, said in words
  const python = error && typeof error.type === "string";
  post({ fail: [python ? "python" : "runtime", String((error && (error.message || error.stack)) || error)] });
}
