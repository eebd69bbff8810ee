// «Пики» — how the game starts Pyodide (in its worker): the vendored runtime, with the standard
// library the build precompiled (py/stdlib.zip: the start-up modules as bytecode, tools/precompile.py),
// from the memory snapshot of an earlier visit when there is one (js/snapshot.mjs), and with the
// game's archive (py/piki.zip) fetched while the runtime starts and written where the bytecode
// expects it.
//
// js/worker.mjs starts the game's interpreter with `loadPyodide`; js/snapshot-worker.mjs starts the
// interpreter it snapshots with the same `start`.
import { loadPyodide as vendored } from "../vendor/pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

const GAME = "/home/pyodide/piki.zip"; // tools/site.py GAME_AT: the game's bytecode names this path

let game = null; // the archive's bytes, asked for once: before the runtime, not after it

/** The archive's bytes; a failure is thrown where they are awaited (settle), not as unhandled. */
function gameArchive() {
  if (!game) {
    game = fetch(new URL("../py/piki.zip", import.meta.url)).then((response) => {
      if (!response.ok) throw new Error("py/piki.zip: HTTP " + response.status);
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

/** The game's archive written (fsInit) and first on sys.path (a snapshot has it already: once). */
async function settle(pyodide) {
  await gameArchive();
  pyodide.runPython(`import sys\nif "${GAME}" in sys.path:\n    sys.path.remove("${GAME}")\n` +
                    `sys.path.insert(0, "${GAME}")`);
  return pyodide;
}

export async function start(options) {
  gameArchive(); // asked for now, while the runtime starts
  return settle(await runtime(options));
}

export async function loadPyodide(options = {}) {
  gameArchive(); // asked for now, while the snapshot is read and the runtime starts
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
