// «Пики» — how the page starts Pyodide: the vendored runtime, with the standard library the build
// precompiled (py/stdlib.zip: the modules imported at start-up as bytecode, see tools/precompile.py),
// from the memory snapshot of an earlier visit when there is one (js/snapshot.mjs).
//
// pyscript.json names this module as the interpreter: PyScript imports it, reads `version`, and
// calls `loadPyodide` with its own options (stdout, stderr, the index it derived from this file's
// URL). The index is put back to the vendored runtime's, and the standard library is ours.
// js/snapshot-worker.mjs starts the interpreter it snapshots with the same `start`.
import { loadPyodide as vendored, version } from "../vendor/pyodide/pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

export { version };

const STDLIB = "/lib/python313.zip"; // where Pyodide puts the archive named by stdLibURL

export async function start(options) {
  const pyodide = await vendored({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("../py/stdlib.zip", import.meta.url).href,
  });
  // PyScript writes its own package as source into the working directory, which comes first on
  // sys.path; the build compiled that very source into the archive: look in the archive first.
  // (A snapshot has it already: first, and once.)
  pyodide.runPython(`import sys\nif "${STDLIB}" in sys.path:\n    sys.path.remove("${STDLIB}")\n` +
                    `sys.path.insert(0, "${STDLIB}")`);
  return pyodide;
}

export async function loadPyodide(options) {
  let state = "none";
  try {
    const saved = await snapshot.take();
    if (saved) {
      const pyodide = await start({ ...options, _loadSnapshot: saved });
      // the snapshot holds the random state of the interpreter it was made from: every visit
      // would deal the same game number
      pyodide.runPython("import random\nrandom.seed()");
      snapshot.mark("used");
      return pyodide;
    }
  } catch (error) { // damaged, refused by Pyodide, or storage refused: start without it
    await snapshot.drop(snapshot.reason(error));
    state = "refused";
  }
  snapshot.mark(state);
  return start(options);
}
