// «Пики» — our loader of Pyodide, named by PyScript's `interpreter` setting (pyscript.json): PyScript
// imports this module in the game's worker and calls its `loadPyodide`, as it would call the stock
// one, and does the rest of its start (its `pyscript` package, the game's script) on the
// interpreter it gets back. What this loader adds to the stock start:
//   - the standard library the build precompiled (py/stdlib.zip: the start-up modules as bytecode,
//     tools/precompile.py), in place of Pyodide's sources-only python_stdlib.zip;
//   - the game's archive (py/piki.zip), fetched while the runtime starts, written where its
//     bytecode expects it and put first on sys.path (it holds PyScript's own `pyscript` package
//     precompiled too: the same text PyScript writes, imported from bytecode);
//   - the memory snapshot of an earlier visit, when this browser keeps one (js/snapshot.mjs);
//   - progress for the page's loading indicator (js/boot.js): the worker's downloads as they
//     finish, "interpreter" once it is up, and what became of the snapshot, posted to the page as
//     the worker's plain messages ({"piki": …}: js/main.mjs passes them on). PyScript's own calls
//     (xworker.sync) exist only once the interpreter runs Python.
//
// PyScript passes `indexURL` (this module's folder) and its stdout/stderr; the runtime's files are
// under vendor/pyodide/. js/snapshot-worker.mjs starts the interpreter it snapshots with `start`.
import { loadPyodide as vendored, version } from "../vendor/pyodide/pyodide.mjs";
import "./shared.js"; // globalThis.PIKI_SHARED: written by the build from py/ui/shared.py
import * as snapshot from "./snapshot.mjs";

export { version }; // PyScript reads it (its cache of packages is named by it)

const { archive } = globalThis.PIKI_SHARED;

let game = null; // the archive's bytes, asked for once: before the runtime, not after it

/** The archive's bytes; a failure is thrown where they are awaited (settle), not as unhandled. */
function gameArchive() {
  if (!game) {
    game = fetch(new URL("../" + archive.game, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(archive.game + ": HTTP " + response.status);
      return response.arrayBuffer();
    });
    game.catch(() => {});
  }
  return game;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function runtime(options) {
  return vendored({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("../" + archive.stdlib, import.meta.url).href,
    // Pyodide's hook for the file system, once the runtime is instantiated and before Python
    // starts: the game's archive goes in (a failure is thrown by settle), and the event loop gets
    // a turn between the two.
    fsInit: async (FS) => {
      await gameArchive().then((bytes) => FS.writeFile(archive.at, new Uint8Array(bytes)), () => {});
      await nextTask();
    },
  });
}

/** The game's archive written (fsInit) and first on sys.path (a snapshot has it already: once). */
async function settle(pyodide) {
  await gameArchive();
  pyodide.runPython(`import sys\nif "${archive.at}" in sys.path:\n    sys.path.remove("${archive.at}")\n` +
                    `sys.path.insert(0, "${archive.at}")`);
  return pyodide;
}

export async function start(options) {
  gameArchive(); // asked for now, while the runtime starts
  return settle(await runtime(options));
}

// --- what the page's loading indicator hears from here (js/main.mjs passes it to js/boot.js) ------

const tell = (message) => postMessage({ piki: message });

function reportDownloads() {
  if (typeof PerformanceObserver === "undefined") return;
  const send = (entries) => tell({ resources: entries.map((e) => [e.name, e.responseStatus || 0]) });
  send(performance.getEntriesByType("resource"));
  new PerformanceObserver((list) => send(list.getEntries())).observe({ type: "resource" });
}

/** PyScript's entry: the interpreter, from this build's snapshot when there is a usable one. */
export async function loadPyodide({ stdout, stderr } = {}) {
  gameArchive(); // asked for now, while the snapshot is read and the runtime starts
  reportDownloads();
  const options = { stdout, stderr };
  let pyodide = null;
  let state = "none";
  try {
    const saved = await snapshot.take();
    if (saved === snapshot.BROKEN) {
      state = "broken"; // it broke a start of this build: none is used or made again
    } else if (saved) {
      pyodide = await runtime({ ...options, _loadSnapshot: saved.bytes });
      // the snapshot holds the random state of the interpreter it was made from: every visit
      // would deal the same game number
      pyodide.runPython("import random\nrandom.seed()");
      state = "used";
    }
  } catch (error) { // damaged, refused by Pyodide, or storage refused: start without it
    await snapshot.drop(snapshot.reason(error));
    pyodide = null;
    state = "refused";
  }
  // a failure from here on reaches the page as PyScript's worker error (js/main.mjs says it)
  pyodide = await settle(pyodide || (await runtime(options)));
  tell({ interpreter: true, snapshot: state });
  return pyodide;
}
