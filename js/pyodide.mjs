// «Пики» — how the page starts Pyodide: the vendored runtime, with the standard library the build
// precompiled (py/stdlib.zip: the modules imported at start-up as bytecode, see tools/precompile.py),
// from the memory snapshot of an earlier visit when there is one (js/snapshot.mjs), and with the
// game's archive (py/piki.zip) fetched while the runtime starts and written where the bytecode
// expects it.
//
// pyscript.json names this module as the interpreter: PyScript imports it, reads `version`, and
// calls `loadPyodide` with its own options (stdout, stderr, the index it derived from this file's
// URL). The index is put back to the vendored runtime's, and the standard library is ours.
// js/snapshot-worker.mjs starts the interpreter it snapshots with the same `start`.
import { loadPyodide as vendored, version } from "../vendor/pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

export { version };

const STDLIB = "/lib/python313.zip"; // where Pyodide puts the archive named by stdLibURL
const GAME = "/home/pyodide/piki.zip"; // tools/site.py GAME_AT: the game's bytecode names this path

let game = null; // the archive's bytes, asked for once: before the runtime, not after it

function gameArchive() {
  game ??= fetch(new URL("../py/piki.zip", import.meta.url)).then((response) => {
    if (!response.ok) throw new Error("py/piki.zip: HTTP " + response.status);
    return response.arrayBuffer();
  });
  return game;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function runtime(options) {
  return vendored({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("../py/stdlib.zip", import.meta.url).href,
    // Pyodide's hook for the file system, once the runtime is instantiated and before Python
    // starts: the game's archive goes in (a failure is thrown by settle), and the page gets a turn
    // between the two, which are otherwise one long task.
    fsInit: async (FS) => {
      await gameArchive().then((bytes) => FS.writeFile(GAME, new Uint8Array(bytes)), () => {});
      await nextTask();
    },
  });
}

/** The game's archive written (fsInit), and the two archives first on sys.path. */
async function settle(pyodide) {
  await gameArchive();
  // PyScript writes its own package as source into the working directory, which comes first on
  // sys.path; the build compiled that very source into the archive: look in the archive first.
  // The game's archive goes before both. A snapshot has them already: first, and once.
  pyodide.runPython(`import sys\nfor path in ("${GAME}", "${STDLIB}"):\n` +
                    `    if path in sys.path:\n        sys.path.remove(path)\n` +
                    `sys.path[:0] = ["${GAME}", "${STDLIB}"]`);
  return pyodide;
}

export async function start(options) {
  gameArchive().catch(() => {}); // asked for now, while the runtime starts; a failure is thrown by settle
  return settle(await runtime(options));
}

export async function loadPyodide(options) {
  gameArchive().catch(() => {});
  let pyodide = null;
  let state = "none";
  try {
    const saved = await snapshot.take();
    if (saved) {
      pyodide = await runtime({ ...options, _loadSnapshot: saved });
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
  snapshot.mark(state);
  return settle(pyodide || (await runtime(options)));
}
