// Compile the page's Python to bytecode inside the pinned Pyodide, under Node.js (tools/site.py calls it).
//
//   node tools/precompile.mjs PYODIDE_DIR REQUEST_JSON
//
// PYODIDE_DIR is the verified runtime the site ships. REQUEST_JSON names, as host paths, the
// standard library archive, the game's source root and files, and the two output archives; see
// tools/precompile.py, which does the work. Prints that module's JSON answer.
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, request] = process.argv.slice(2);
if (!pyodideDir || !request) {
  console.error("usage: node tools/precompile.mjs PYODIDE_DIR REQUEST_JSON");
  process.exit(2);
}

const tools = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
// PYTHONHASHSEED=0: set and frozenset constants are marshalled in hash order.
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { PYTHONHASHSEED: "0" } });
const { FS } = pyodide;
// The host's file system under /host, so that the request's paths work unchanged.
FS.mkdirTree("/host");
FS.mount(FS.filesystems.NODEFS, { root: "/" }, "/host");
const job = JSON.parse(request);
for (const key of ["stdlib", "stdlib_out", "root", "game_out"]) job[key] = "/host" + resolve(job[key]);
pyodide.globals.set("REQUEST", JSON.stringify(job));
pyodide.globals.set("TOOLS", "/host" + tools);
try {
  console.log(pyodide.runPython(`
import sys
sys.path.insert(0, TOOLS)
sys.dont_write_bytecode = True
import precompile
precompile.main(REQUEST)
`));
} catch (error) {
  console.error(String(error.message || error)); // the Python traceback, without the runtime's source
  process.exit(1);
}
