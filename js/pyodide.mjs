// «Пики» — how the page starts Pyodide: the vendored runtime, with the standard library the build
// precompiled (py/stdlib.zip: the modules imported at start-up as bytecode, see tools/precompile.py).
//
// pyscript.json names this module as the interpreter: PyScript imports it, reads `version`, and
// calls `loadPyodide` with its own options (stdout, stderr, the index it derived from this file's
// URL). The index is put back to the vendored runtime's, and the standard library is ours.
import { loadPyodide as vendored, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

export async function loadPyodide(options) {
  const pyodide = await vendored({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("../py/stdlib.zip", import.meta.url).href,
  });
  // PyScript writes its own package as source into the working directory, which comes first on
  // sys.path; the build compiled that very source into the archive: look in the archive first.
  pyodide.runPython("import sys\nsys.path.insert(0, '/lib/python313.zip')");
  return pyodide;
}
