// «Пики» — how the page starts Pyodide: the vendored runtime, with the standard library the build
// precompiled (py/stdlib.zip: the modules imported at start-up as bytecode, see tools/precompile.py).
//
// pyscript.json names this module as the interpreter: PyScript imports it, reads `version`, and
// calls `loadPyodide` with its own options (stdout, stderr, the index it derived from this file's
// URL). The index is put back to the vendored runtime's, and the standard library is ours.
import { loadPyodide as vendored, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

export function loadPyodide(options) {
  return vendored({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("../py/stdlib.zip", import.meta.url).href,
  });
}
